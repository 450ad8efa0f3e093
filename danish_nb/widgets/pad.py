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


class PagePad(anywidget.AnyWidget):
    """Shows ``html`` (the app's header) and makes the page's language and title follow it: an
    element with ``data-page-lang`` (and ``data-page-title``) sets ``<html lang>`` and the tab's
    title, so a page in French says so to the browser and to screen readers."""

    _esm = """
    function render({ model, el }) {
      const draw = () => {
        el.innerHTML = model.get("html");
        const meta = el.querySelector("[data-page-lang]");
        if (!meta) return;
        document.documentElement.lang = meta.dataset.pageLang;
        if (meta.dataset.pageTitle) document.title = meta.dataset.pageTitle;
      };
      model.on("change:html", draw);
      draw();
      return () => model.off("change:html", draw);
    }
    export default { render };
    """
    html = traitlets.Unicode("").tag(sync=True)

