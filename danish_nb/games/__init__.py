"""One module per game; importing this package registers them all in ``danish_nb.GAMES``."""

from . import danish_bastard  # noqa: F401
