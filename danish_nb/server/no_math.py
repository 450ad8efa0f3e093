"""No mathematics typesetter for the lessons' pages: their HTML outputs are shown as they are.

Voila's page typesets every HTML output with MathJax 3, which it loads (about 900 kB of scripts,
16 requests) at the first output; the lessons write no mathematics, and on a busy machine those
scripts were loaded, parsed and started just before a lesson's first quiz was drawn (after its
rules' HTML). Given a MathJax URL, the page takes MathJax 2 from there instead, loaded at the
first output too: :data:`STAND_IN` is that script, a few hundred bytes that typeset nothing, served
by :class:`StandIn` at :data:`PATH` (:func:`settings` points the page there).

>>> settings("/")
{'mathjax_url': '/voila/danish-nb/no-math.js', 'mathjax_config': 'none'}
>>> "Queue" in STAND_IN
True
"""

from __future__ import annotations

from jupyter_server.utils import url_path_join
from tornado import web

#: Where the stand-in is served, under the server's base URL.
PATH = "voila/danish-nb/no-math.js"

#: What the page's MathJax 2 typesetter calls (JupyterLab's ``@jupyterlab/mathjax2-extension``),
#: doing nothing.
STAND_IN = """// The lessons write no mathematics: a MathJax 2 that typesets nothing (danish_nb.server.no_math).
window.MathJax = {
  Hub: {Config() {}, Configured() {}, Queue() {}, Register: {StartupHook() {}}},
  Ajax: {},
  InputJax: {TeX: {resetEquationNumbers() {}}},
};
"""


def settings(base_url: str) -> dict[str, str]:
    """The server's settings that point the pages' typesetter at the stand-in."""
    return {"mathjax_url": url_path_join(base_url, PATH), "mathjax_config": "none"}


class StandIn(web.RequestHandler):
    """Serves :data:`STAND_IN` (the page asks for it with a query, which is ignored)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=UTF-8")
        self.set_header("Cache-Control", "max-age=86400")
        self.finish(STAND_IN)
