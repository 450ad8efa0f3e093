"""Where a learner's seat tokens live: only in the learner's browser, in ``localStorage``.

A small :class:`SeatKeeper` model reads them when the page opens and hands them to this
learner's kernel over the page's own websocket; the kernel asks it to keep a new token or forget
a refused one. Not in the URL: a query string is written to server and proxy logs and shows in
the address bar and in shared links, and a fragment is copied with the link; not in a cookie:
every request would carry it to the server, and the kernel cannot read cookies (this server
serves no request info). So a reload, or a new tab in the same browser, sits down at the same
seat again; another browser (or another learner) has no token and cannot.

>>> stored_seats({"act": "stored", "seats": {"K7QX2M": "t0ken", "bad": 7}, "last": "K7QX2M"})
({'K7QX2M': 't0ken'}, 'K7QX2M')
>>> stored_seats({"act": "stored", "seats": "forged"})
({}, None)
"""

from __future__ import annotations

from typing import Any

import anywidget

#: The most stored seats a browser may report (the rest is ignored).
STORED_LIMIT = 20

KEEPER_JS = """
const KEY = "danish-nb-seats";
function load() {
  try { const d = JSON.parse(localStorage.getItem(KEY) || "{}"); return d && typeof d === "object" ? d : {}; }
  catch (e) { return {}; }
}
function render({ model, el }) {
  const data = load();
  model.send({ act: "stored", seats: data.seats || {}, last: data.last || null });
  const onMsg = (msg) => {
    const d = load();
    d.seats = d.seats || {};
    if (msg.act === "keep") { d.seats[msg.code] = msg.token; d.last = msg.code; }
    if (msg.act === "forget") { delete d.seats[msg.code]; if (d.last === msg.code) d.last = null; }
    if (msg.act === "leave") { d.last = null; }
    localStorage.setItem(KEY, JSON.stringify(d));
  };
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


class SeatKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps this browser's seat tokens (code -> token) in ``localStorage``."""

    _esm = KEEPER_JS


def short_text(value: Any, limit: int) -> str | None:
    """``value`` if it is a short text (what a browser may report), else None."""
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


def stored_seats(content: Any) -> tuple[dict[str, str], str | None]:
    """What a keeper's "stored" report holds: the seats (code -> token, at most
    :data:`STORED_LIMIT`, anything else ignored) and the code of the last table sat at."""
    if not isinstance(content, dict) or content.get("act") != "stored" or not isinstance(content.get("seats"), dict):
        return {}, None
    seats = {code: token for code, token in list(content["seats"].items())[:STORED_LIMIT]
             if short_text(code, 12) and short_text(token, 200)}
    return seats, short_text(content.get("last"), 12)


__all__ = ["SeatKeeper", "short_text", "stored_seats"]
