"""townwidget."""
