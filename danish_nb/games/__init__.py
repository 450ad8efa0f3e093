"""One module per game; importing this package registers them all in ``danish_nb.GAMES``."""

from . import danish_bastard  # noqa: F401
from . import le_danish  # noqa: F401
from . import bastard  # noqa: F401
from . import rat_bastard_17  # noqa: F401
from . import sjavs  # noqa: F401
