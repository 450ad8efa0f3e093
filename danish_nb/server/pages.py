"""What a learner sees when the app cannot start: a plain page or banner that says so and retries.

>>> "tries again" in room_full_page("The room is full.", "40 games are running.", 20)
True
>>> "dn-server-notice" in watchdog(failed=True)
True
"""

from __future__ import annotations

import html
import json

#: Seconds a page may take, once its HTML has arrived, to show the app before it reloads itself.
#: Generous: on a busy 2-core box a page's JavaScript alone can take a minute to load.
GIVE_UP_AFTER = 150
#: Seconds after which a page still without the app says it is waiting for a busy server.
SAY_BUSY_AFTER = 15
#: Marker of a rendered widget view in Voila's HTML, and of a rendered widget in the page's DOM.
WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"
WIDGET_IN_DOM = ".jupyter-widgets"
#: Voila's own message for a cell that raised (a bug, not load: retrying would not help).
CELL_ERROR = "There was an error when executing cell"
#: The text a page shows when its HTML came without the app (the server was too busy).
NOT_STARTED = "The server was too busy to start your game."

_STYLE = ("position:fixed;top:0;left:0;right:0;z-index:100000;padding:12px 16px;"
          "font:16px/1.4 system-ui,sans-serif;background:#fff3cd;color:#4d3800;"
          "border-bottom:1px solid #e0c36c;text-align:center")

_WATCHDOG_JS = """
(function (failed) {
  var KEY = "danish-nb-retries", base = %(retry)d, start = Date.now();
  var tries = Number(sessionStorage.getItem(KEY) || 0);
  function say(text) {
    var el = document.getElementById("dn-server-notice");
    if (!el) {
      el = document.createElement("div");
      el.id = "dn-server-notice"; el.setAttribute("role", "status");
      el.style.cssText = %(style)s;
      document.body.appendChild(el);
    }
    el.textContent = text;
  }
  function retry(text) {
    var wait = Math.round(Math.min(60, base * Math.pow(2, tries)) * (1 + Math.random() / 2));
    sessionStorage.setItem(KEY, String(tries + 1));
    say(text + " This page tries again by itself in " + wait + " s.");
    setTimeout(function () { location.reload(); }, wait * 1000);
  }
  if (failed) { retry(failed); return; }
  var timer = setInterval(function () {
    var waited = (Date.now() - start) / 1000;
    if (document.querySelector(%(widget)s)) {
      clearInterval(timer);
      sessionStorage.removeItem(KEY);
      var el = document.getElementById("dn-server-notice");
      if (el) { el.remove(); }
    } else if (waited > %(give_up)d) {
      clearInterval(timer);
      retry("Your game did not start.");
    } else if (waited > %(busy)d) {
      say("Starting your game: the server is busy, please wait...");
    }
  }, 1000);
})(%(failed)s);
"""


def watchdog(failed: bool, retry_seconds: int = 5) -> str:
    """The script appended to every app page.

    With ``failed`` the page came without the app: it says so at once and reloads after a short,
    growing, jittered wait. Otherwise it watches for the app to appear, says "busy" after
    :data:`SAY_BUSY_AFTER` s and reloads after :data:`GIVE_UP_AFTER` s (lost websocket, dead
    kernel, refused cookie ...).
    """
    script = _WATCHDOG_JS % {
        "retry": retry_seconds, "style": json.dumps(_STYLE), "widget": json.dumps(WIDGET_IN_DOM),
        "give_up": GIVE_UP_AFTER, "busy": SAY_BUSY_AFTER,
        "failed": json.dumps(NOT_STARTED if failed else None),
    }
    return f"<script>{script}</script>\n"


def room_full_page(headline: str, message: str, retry_seconds: int) -> str:
    """A whole page for a visitor who gets no kernel now; it reloads after ``retry_seconds``."""
    head, text = html.escape(headline), html.escape(message)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{int(retry_seconds)}">
<title>Danish card games: {head}</title></head>
<body><div id="dn-server-notice" role="status" style="{_STYLE}">
<p><b>{head}</b> {text}</p>
<p>This page tries again by itself in {int(retry_seconds)} s.</p></div></body></html>
"""
