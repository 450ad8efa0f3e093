"""Where a learner's seat tokens live: only in the learner's browser, in ``localStorage``.

A small :class:`SeatKeeper` model reads them when the page opens and hands them to this
learner's kernel over the page's own websocket, with the browser's device id (a random id kept
beside them: every page of one browser shares it) and the learner's name; the kernel asks it to
keep a new token (and the name) or forget a refused one. Not in the URL: a query string is
written to server and proxy logs and shows in the address bar and in shared links, and a
fragment is copied with the link; not in a cookie: every request would carry it to the server,
and the kernel cannot read cookies (this server serves no request info). So a reload, or a new
tab in the same browser, sits down at the same seat again, with the same name; another browser
(or another learner) has no token and cannot. The teacher's browser keeps a teacher pass the
same way: signed with the teacher key and expiring, it opens the teacher view again after a
reload or on another server of the class, without typing the key.

While its learner is seated the keeper also beats: it tells the kernel every :data:`BEAT_SECONDS`
that the page is open (at once when the tab shows again), which is what "connected" means at a
class table (see :func:`danish_nb.tables.session.present`). This module imports no part of
:mod:`danish_nb.tables`: the app's page builds a keeper before anyone chooses a class table.

>>> read_report({"act": "stored", "seats": {"K7QX2M": "t0ken", "bad": 7}, "last": "K7QX2M", "name": "Ada",
...              "device": "d-1"})
Report(seats={'K7QX2M': 't0ken'}, last='K7QX2M', name='Ada', device='d-1', teacher=None, member=None)
>>> read_report({"act": "stored", "seats": "forged"}) is None, read_report({"act": "beat"}) is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

#: The most stored seats a browser may report (the rest is ignored).
STORED_LIMIT = 20
#: The longest device id, and name, a browser may report (the store keeps 40 characters of a name).
DEVICE_LENGTH = NAME_LIMIT = 64
#: Seconds between two beats of a seated learner's page (a seat is away after
#: ``tables.session.AWAY_SECONDS`` without one: three beats).
BEAT_SECONDS = 4.0
#: The longest teacher pass a browser may report.
PASS_LIMIT = 200

KEEPER_JS = """
const KEY = "danish-nb-seats";
const DEVICE = "danish-nb-device";
function load() {
  try { const d = JSON.parse(localStorage.getItem(KEY) || "{}"); return d && typeof d === "object" ? d : {}; }
  catch (e) { return {}; }
}
function device() {
  // one random id per browser (crypto.randomUUID needs HTTPS; a class serves plain HTTP)
  try {
    let id = localStorage.getItem(DEVICE);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(DEVICE, id);
    }
    return id;
  } catch (e) { return null; }
}
function render({ model, el }) {
  const data = load();
  model.send({ act: "stored", seats: data.seats || {}, last: data.last || null, name: data.name || "",
               device: device(), teacher: data.teacher || null, member: data.member || null });
  let timer = null;
  const beat = () => model.send({ act: "beat" });
  const beating = (on) => {
    if (on && timer === null) { beat(); timer = setInterval(beat, model.get("beat_ms")); }
    if (!on && timer !== null) { clearInterval(timer); timer = null; }
  };
  const shown = () => { if (timer !== null && document.visibilityState === "visible") beat(); };
  document.addEventListener("visibilitychange", shown);
  const onMsg = (msg) => {
    const d = load();
    d.seats = d.seats || {};
    if (msg.act === "keep") {
      d.seats[msg.code] = msg.token; d.last = msg.code;
      if (typeof msg.name === "string") d.name = msg.name;
      beating(true);
    }
    if (msg.act === "forget") { delete d.seats[msg.code]; if (d.last === msg.code) d.last = null; }
    if (msg.act === "leave") { d.last = null; beating(false); }
    if (msg.act === "rest") beating(false);
    if (msg.act === "teacher") d.teacher = msg.pass || null;  // the signed, expiring teacher pass
    if (msg.act === "member") d.member = msg.key || null;  // the learner's key in the class roster
    localStorage.setItem(KEY, JSON.stringify(d));
  };
  model.on("msg:custom", onMsg);
  return () => {
    beating(false);
    document.removeEventListener("visibilitychange", shown);
    model.off("msg:custom", onMsg);
  };
}
export default { render };
"""


class SeatKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps this browser's seat tokens (code -> token), its device id and the
    learner's name in ``localStorage``, and beats while the learner is seated."""

    _esm = KEEPER_JS
    beat_ms = traitlets.Int(int(BEAT_SECONDS * 1000)).tag(sync=True)


@dataclass(frozen=True)
class Report:
    """What a keeper reports when its page opens: the seats it holds (code -> token), the code
    of the last table sat at, the learner's name, the browser's device id and the teacher pass it
    keeps (:func:`danish_nb.tables.keys.teacher_pass`) and the learner's key in the class roster
    (:mod:`danish_nb.tables.roster`), if any."""

    seats: dict[str, str]
    last: str | None
    name: str
    device: str | None
    teacher: str | None = None
    member: str | None = None


def short_text(value: Any, limit: int) -> str | None:
    """``value`` if it is a short text (what a browser may report), else None."""
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


def read_report(content: Any) -> Report | None:
    """A keeper's "stored" report (at most :data:`STORED_LIMIT` seats; anything malformed
    ignored), or ``None`` for any other message."""
    if not isinstance(content, dict) or content.get("act") != "stored" or not isinstance(content.get("seats"), dict):
        return None
    seats = {code: token for code, token in list(content["seats"].items())[:STORED_LIMIT]
             if short_text(code, 12) and short_text(token, 200)}
    name = (short_text(content.get("name"), NAME_LIMIT) or "").strip()
    return Report(seats, short_text(content.get("last"), 12), name, short_text(content.get("device"), DEVICE_LENGTH),
                  short_text(content.get("teacher"), PASS_LIMIT), short_text(content.get("member"), PASS_LIMIT))


__all__ = ["BEAT_SECONDS", "Report", "SeatKeeper", "read_report", "short_text"]
