"""What a learner sees when the app cannot start or its server goes away: a plain page or a one-line
banner that says so, in the page's language, and retries or reloads by itself.

The texts go through the gettext catalogues; every page carries them in each language (they are
few) and shows those of the language chosen in the app (its language menu), else the browser's.

>>> "tries again" in room_full_page(ROOM_FULL, _("Come back later."), 20)
True
>>> "dn-server-notice" in watchdog() and RETRY_CALL in retry_now()
True
"""

from __future__ import annotations

import html
import json

from ..i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES, Message, _, translator

#: Seconds after which a page still without the app says it is waiting for a busy server.
SAY_BUSY_AFTER = 15
#: Seconds between a waiting page's checks that its kernel still runs (each check also tells
#: the culler that the page is alive, so a page slow to load keeps its kernel).
CHECK_EVERY = 10
#: Seconds after which a page whose kernel runs but whose app never showed reloads anyway.
GIVE_UP_AFTER = 600
#: Seconds between the checks of a page that lost its kernel's websocket: is the server back,
#: and does it still hold the page's kernel?
PROBE_EVERY = 0.5
#: Milliseconds over which the pages of a restarted server spread their reloads (each waits a
#: random part of it): a class's requests do not all arrive in the same instant, and the
#: server's queue and pool, not this spread, share out its kernels.
RELOAD_SPREAD = 500
#: Marker of a rendered widget view in Voila's HTML, and of a rendered widget in the page's DOM.
WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"
WIDGET_IN_DOM = ".jupyter-widgets"
#: Voila's own message for a cell that raised (a bug, not load: retrying would not help).
CELL_ERROR = "There was an error when executing cell"
#: How :func:`retry_now` begins: the mark of a page sent without the app.
RETRY_CALL = "window.danishNbRetry("

#: What a page says: when its HTML came without the app, when its kernel went away before the
#: app showed, while it waits, before it retries, and when its server went away or restarted.
TEXTS: dict[str, Message] = {
    "not_started": _("The server was too busy to start your game."),
    "stopped": _("Your game stopped before it could start."),
    "busy": _("The server is busy: this page is still loading, please wait..."),
    "drawing": _("Your game is ready: your browser is still drawing this page, please wait..."),
    "again": _("This page tries again by itself in {seconds} s."),
    "lost": _("The connection to the server was lost: trying to reconnect..."),
    "restarted": _("The server restarted: taking you back to your game..."),
}
NOT_STARTED, STOPPED = str(TEXTS["not_started"]), str(TEXTS["stopped"])
#: The "room is full" page's headlines.
ROOM_FULL = _("The room is full.")
TOO_MANY = _("Too many games from this computer.")

_STYLE = ("position:fixed;top:0;left:0;right:0;z-index:100000;padding:12px 16px;"
          "font:16px/1.4 system-ui,sans-serif;background:#fff3cd;color:#4d3800;"
          "border-bottom:1px solid #e0c36c;text-align:center")

_WATCHDOG_JS = """
(function () {
  var KEY = "danish-nb-retries", tries = Number(sessionStorage.getItem(KEY) || 0), done = false;
  var TEXTS = %(texts)s, NAMES = %(names)s, leaving = false, lost = false;
  function lang() {
    var menu = document.querySelector(".dn-language select");
    var chosen = menu && menu.selectedIndex >= 0 ? NAMES[menu.options[menu.selectedIndex].text] : null;
    if (chosen) { return chosen; }
    var wanted = (navigator.languages || [navigator.language || ""]).map(function (l) { return l.slice(0, 2); });
    for (var i = 0; i < wanted.length; i++) { if (TEXTS[wanted[i]]) { return wanted[i]; } }
    return %(default)s;
  }
  function text(key) { return TEXTS[lang()][key]; }
  function say(line) {
    if (window.console) { console.info("danish-nb: " + line); }
    if (!document.body) { return; }
    var el = document.getElementById("dn-server-notice");
    if (!el) {
      el = document.createElement("div");
      el.id = "dn-server-notice"; el.setAttribute("role", "status");
      el.style.cssText = %(style)s;
      document.body.appendChild(el);
    }
    el.textContent = line;
  }
  function unsay() {
    var el = document.getElementById("dn-server-notice");
    if (el) { el.remove(); }
  }
  function retry(key) {
    if (done) { return; }
    done = true;
    var wait = Math.round(Math.min(60, %(retry)d * Math.pow(2, tries)) * (1 + Math.random() / 2));
    sessionStorage.setItem(KEY, String(tries + 1));
    say(text(key) + " " + text("again").replace("{seconds}", wait));
    setTimeout(function () { location.reload(); }, wait * 1000);
  }
  function kernelUrl() {
    var el = document.getElementById("jupyter-config-data");
    var config = el && JSON.parse(el.textContent);
    return config && config.kernelId ? config.baseUrl + "api/kernels/" + config.kernelId : null;
  }
  window.danishNbRetry = retry;
  // The server went away (stopped, restarted) or dropped this page's kernel: the kernel's
  // websocket closes. Say so at once; once the server answers again, reload if it no longer
  // holds this page's kernel (the page comes back to its seat), else let Jupyter reconnect.
  function probe() {
    var url = kernelUrl();
    if (!lost || done || !url) { return; }
    fetch(url, {cache: "no-store"}).then(function (r) {
      if (r.status === 403 || r.status === 404) {
        done = true;
        say(text("restarted"));
        setTimeout(function () { location.reload(); }, Math.round(Math.random() * %(spread)d));
      } else {
        setTimeout(probe, %(probe)s * 1000);
      }
    }, function () { setTimeout(probe, %(probe)s * 1000); });
  }
  var Native = window.WebSocket;
  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/api\\/kernels\\/[^\\/]+\\/channels/.test(String(url))) {
      ws.addEventListener("open", function () { if (lost && !done) { lost = false; unsay(); } });
      ws.addEventListener("close", function () {
        if (lost || done || leaving) { return; }
        lost = true;
        say(text("lost"));
        setTimeout(probe, 500);
      });
    }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = Native[k]; });
  window.WebSocket = Watched;
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pagehide", function () { leaving = true; });
  // the kernel's state at the last check: "idle" once the app ran (the server's part is done,
  // so a page still without it waits for its own browser, not for a busy server)
  var kernelState = null;
  var tick = 0, timer = setInterval(function () {
    var waited = performance.now() / 1000, url = kernelUrl();
    if (done) {
      clearInterval(timer);
    } else if (Array.prototype.some.call(document.querySelectorAll(%(widget)s),
                                         function (n) { return n.textContent !== LOST; })) {
      clearInterval(timer);
      sessionStorage.removeItem(KEY);
      if (!lost) { unsay(); }
    } else if (waited > %(give_up)d) {
      retry("stopped");
    } else {
      if (waited > %(busy)d) { say(text(kernelState === "idle" ? "drawing" : "busy")); }
      if (url && tick %% %(check)d === 0) {
        fetch(url, {cache: "no-store"}).then(function (r) {
          if (r.status === 403 || r.status === 404) { retry("stopped"); return; }
          if (r.ok) {
            r.json().then(function (k) { kernelState = k && k.execution_state; }, function () {});
          }
        }, function () {});
      }
      tick += 1;
    }
  }, 1000);
  // A widget drawn again whose view was lost while the page restored the widgets of its kernel:
  // ipywidgets 8.1's get_model waits 2 s for a model not restored yet and gives up without a last
  // look, so on a busy machine a restore that ends during its last wait leaves "Error displaying
  // widget: model not found" for a model the page holds. The model of each output is read from
  // Voila's output scripts before they are drawn; a lost one is drawn again beside its message.
  var LOST = "Error displaying widget: model not found", models = new Map(), looks = 0;
  var watcher = new MutationObserver(redraw);
  // Watch the output ``host`` until the widget ``id`` is drawn in it.
  function mend(host, id) {
    models.set(host, id);
    watcher.observe(document.body, {childList: true, subtree: true});
    redraw();
  }
  window.danishNbMend = mend;
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]').forEach(function (s) {
      try {
        var data = JSON.parse(s.textContent).data || {};
        var view = Object.keys(data).map(function (k) { return data[k]; })
          .filter(function (v) { return v && v.model_id; })[0];
        if (view && s.parentElement) { mend(s.parentElement, view.model_id); }
      } catch (e) { /* not an output of ours to mend */ }
    });
  });
  // Each output until its widget is drawn: a lost one is drawn again once the page holds its model.
  function redraw() {
    var app = window.jupyterapp, manager = app && app.widgetManager, waiting = false;
    models.forEach(function (id, host) {
      var view = host.querySelector(%(widget)s);
      if (!view) { return; }  // still loading
      if (view.childElementCount || view.textContent !== LOST) { models.delete(host); return; }
      if (!manager || !manager.has_model(id)) { waiting = true; return; }
      models.delete(host);
      var mime = manager.rendermime.mimeTypes.filter(function (t) { return /widget-view\\+json$/.test(t); })[0];
      var renderer = manager.rendermime.createRenderer(mime);
      renderer.constructor.attach(renderer, view.parentElement, view);
      view.remove();
      renderer.renderModel({data: {[mime]: {model_id: id, version_major: 2, version_minor: 0}},
                            metadata: {}, trusted: true});
      window.danishNbRedrawn = (window.danishNbRedrawn || 0) + 1;
    });
    if (!models.size) { watcher.disconnect(); }
    if (waiting && looks++ < 60) { setTimeout(redraw, 1000); }
  }
})();
"""


def texts() -> dict[str, dict[str, str]]:
    """What the watchdog may say, in each language: ``texts()["fr"]["lost"]``."""
    return {lang: {key: message.render(lang) for key, message in TEXTS.items()} for lang in LANGUAGES}


def watchdog(retry_seconds: int = 5) -> str:
    """The script put in the head of every page that has a kernel.

    Until the app shows, it checks every :data:`CHECK_EVERY` s that the page's kernel still runs
    (which also keeps a slow page's kernel from being culled), says "busy" after
    :data:`SAY_BUSY_AFTER` s (or, once the kernel is idle, that the browser is still drawing the
    page: the server's part is done), and reloads (after a short, growing, jittered wait) if the kernel
    is gone or after :data:`GIVE_UP_AFTER` s. :func:`retry_now` makes it reload at once. When the
    kernel's websocket closes (the server stopped or restarted), it says so at once and checks
    every :data:`PROBE_EVERY` s: a server that no longer holds the kernel makes the page reload
    (back to its seat), a websocket that opens again clears the line. A widget whose view was lost
    while the page restored its kernel's widgets ("model not found" for a model the page holds) is
    drawn again.
    """
    script = _WATCHDOG_JS % {
        "retry": retry_seconds, "style": json.dumps(_STYLE), "widget": json.dumps(WIDGET_IN_DOM),
        "give_up": GIVE_UP_AFTER, "busy": SAY_BUSY_AFTER, "check": CHECK_EVERY,
        "probe": PROBE_EVERY, "spread": RELOAD_SPREAD,
        "texts": json.dumps(texts(), ensure_ascii=False), "default": json.dumps(DEFAULT),
        "names": json.dumps({name: code for code, name in LANGUAGE_NAMES.items()}, ensure_ascii=False),
    }
    return f"<script>{script}</script>\n"


def retry_now(reason: str = "not_started") -> str:
    """The script, put after :func:`watchdog`, for a page that came without the app (``reason``:
    a key of :data:`TEXTS`)."""
    return f"<script>{RETRY_CALL}{json.dumps(reason)});</script>\n"


def preferred_language(accept_language: str | None) -> str:
    """The first language of an ``Accept-Language`` header that the interface speaks.

    >>> preferred_language("de-CH,de;q=0.9,en;q=0.8"), preferred_language("es"), preferred_language(None)
    ('de', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        code, _sep, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, i, code.strip()[:2].lower()))
    return next((code for _w, _i, code in sorted(ranked) if code in LANGUAGES), DEFAULT)


#: Counts the seconds down on a waiting page (the refresh itself is the page's meta refresh).
_COUNTDOWN_JS = """<script>(function () {
  var el = document.getElementById("dn-countdown"), left = Number(el.textContent);
  var timer = setInterval(function () { left = Math.max(0, left - 1); el.textContent = String(left);
                                        if (!left) { clearInterval(timer); } }, 1000);
})();</script>"""


def room_full_page(headline: Message, message: Message, retry_seconds: int, lang: str = DEFAULT,
                   ahead: int | None = None) -> str:
    """A whole page for a visitor who gets no kernel now, in ``lang``; it counts down and
    reloads after ``retry_seconds``. ``ahead``: the visitor waits in line, behind that many.

    >>> page = room_full_page(ROOM_FULL, _("Come back later."), 5, ahead=2)
    >>> "2 learners are waiting before you" in page, '<span id="dn-countdown">5</span>' in page
    (True, True)
    >>> "You are next" in room_full_page(ROOM_FULL, _("Come back later."), 5, "en", ahead=0)
    True
    """
    tr = translator(lang)
    head, text = html.escape(tr.render(headline)), html.escape(tr.render(message))
    again = html.escape(tr.render(TEXTS["again"])).replace(
        "{seconds}", f'<span id="dn-countdown">{int(retry_seconds)}</span>')
    line = "" if ahead is None else "<p>" + html.escape(
        tr("You are next: this page takes the first place that frees.") if ahead == 0 else
        tr.n("{n} learner is waiting before you: this page keeps your place in line.",
             "{n} learners are waiting before you: this page keeps your place in line.", ahead)) + "</p>"
    title = html.escape(tr("Danish card games"))
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{int(retry_seconds)}">
<title>{title}: {head}</title></head>
<body><div id="dn-server-notice" role="status" style="{_STYLE}">
<p><b>{head}</b> {text}</p>{line}
<p>{again}</p></div>{_COUNTDOWN_JS}</body></html>
"""
