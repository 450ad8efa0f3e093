"""The one front-end model a board needs: an anywidget that shows server-rendered HTML and
sends clicks back as messages (``{"act": ..., "zone": ..., "idx": ..., "move": ...}``).

Everything it shows is rendered in Python from a player's view, so the browser never holds
more than that player may see; every message it sends is checked by the board.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_HERE = Path(__file__).parent


class HtmlPad(anywidget.AnyWidget):
    """Shows ``html``; a click on an element with ``data-act`` sends its data attributes.

    >>> pad = HtmlPad(html="<b>hi</b>")
    >>> pad.html
    '<b>hi</b>'
    """

    _esm = _HERE / "board.js"
    _css = (_HERE / "board.css").read_text(encoding="utf-8")
    html = traitlets.Unicode("").tag(sync=True)
