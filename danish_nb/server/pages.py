"""What a learner sees when the app cannot start: a plain page or banner that says so and retries.

>>> "tries again" in room_full_page("The room is full.", "40 games are running.", 20)
True
>>> "dn-server-notice" in watchdog() and "danishNbRetry" in retry_now()
True
"""

from __future__ import annotations

import html
import json

#: Seconds after which a page still without the app says it is waiting for a busy server.
SAY_BUSY_AFTER = 15
#: Seconds between a waiting page's checks that its kernel still runs (each check also tells
#: the culler that the page is alive, so a page slow to load keeps its kernel).
CHECK_EVERY = 10
#: Seconds after which a page whose kernel runs but whose app never showed reloads anyway.
GIVE_UP_AFTER = 600
#: Marker of a rendered widget view in Voila's HTML, and of a rendered widget in the page's DOM.
WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"
WIDGET_IN_DOM = ".jupyter-widgets"
#: Voila's own message for a cell that raised (a bug, not load: retrying would not help).
CELL_ERROR = "There was an error when executing cell"
#: What a page says when its HTML came without the app, or when its kernel went away.
NOT_STARTED = "The server was too busy to start your game."
STOPPED = "Your game stopped before it could start."

_STYLE = ("position:fixed;top:0;left:0;right:0;z-index:100000;padding:12px 16px;"
          "font:16px/1.4 system-ui,sans-serif;background:#fff3cd;color:#4d3800;"
          "border-bottom:1px solid #e0c36c;text-align:center")

_WATCHDOG_JS = """
(function () {
  var KEY = "danish-nb-retries", tries = Number(sessionStorage.getItem(KEY) || 0), done = false;
  function say(text) {
    if (!document.body) { return; }
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
    if (done) { return; }
    done = true;
    var wait = Math.round(Math.min(60, %(retry)d * Math.pow(2, tries)) * (1 + Math.random() / 2));
    sessionStorage.setItem(KEY, String(tries + 1));
    say(text + " This page tries again by itself in " + wait + " s.");
    setTimeout(function () { location.reload(); }, wait * 1000);
  }
  function kernelUrl() {
    var el = document.getElementById("jupyter-config-data");
    var config = el && JSON.parse(el.textContent);
    return config && config.kernelId ? config.baseUrl + "api/kernels/" + config.kernelId : null;
  }
  window.danishNbRetry = retry;
  var tick = 0, timer = setInterval(function () {
    var waited = performance.now() / 1000, url = kernelUrl();
    if (done) {
      clearInterval(timer);
    } else if (document.querySelector(%(widget)s)) {
      clearInterval(timer);
      sessionStorage.removeItem(KEY);
      var el = document.getElementById("dn-server-notice");
      if (el) { el.remove(); }
    } else if (waited > %(give_up)d) {
      retry(%(stopped)s);
    } else {
      if (waited > %(busy)d) { say("Starting your game: the server is busy, please wait..."); }
      if (url && tick %% %(check)d === 0) {
        fetch(url, {cache: "no-store"}).then(function (r) {
          if (r.status === 403 || r.status === 404) { retry(%(stopped)s); }
        }, function () {});
      }
      tick += 1;
    }
  }, 1000);
})();
"""


def watchdog(retry_seconds: int = 5) -> str:
    """The script put in the head of every app page.

    Until the app shows, it checks every :data:`CHECK_EVERY` s that the page's kernel still runs
    (which also keeps a slow page's kernel from being culled), says "busy" after
    :data:`SAY_BUSY_AFTER` s, and reloads (after a short, growing, jittered wait) if the kernel
    is gone or after :data:`GIVE_UP_AFTER` s. :func:`retry_now` makes it reload at once.
    """
    script = _WATCHDOG_JS % {
        "retry": retry_seconds, "style": json.dumps(_STYLE), "widget": json.dumps(WIDGET_IN_DOM),
        "give_up": GIVE_UP_AFTER, "busy": SAY_BUSY_AFTER, "check": CHECK_EVERY,
        "stopped": json.dumps(STOPPED),
    }
    return f"<script>{script}</script>\n"


def retry_now(message: str = NOT_STARTED) -> str:
    """The script, put after :func:`watchdog`, for a page that came without the app."""
    return f"<script>window.danishNbRetry({json.dumps(message)});</script>\n"


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
