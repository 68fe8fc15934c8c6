"""The lessons run under nbval without progress bars: a bar drawn on a slow machine would add a widget output to a
cell whose outputs nbval compares. The notebook kernels inherit this process's environment."""

import os

os.environ["TOWNWIDGET_PROGRESS"] = "0"
