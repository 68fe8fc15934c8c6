"""Errors shared by every game. Both are ``ValueError`` so callers may catch either broadly."""


class IllegalAction(ValueError):
    """An action that is malformed or not legal now. The message names the rule, the cell or the key at fault.

    The state that refused the action is left exactly as it was.
    """


class InvalidState(ValueError):
    """A saved state (a dict) that is malformed or describes an impossible position. The message names the key."""
