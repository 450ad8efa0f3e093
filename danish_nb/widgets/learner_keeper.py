"""Where a local learner's practice token lives: only in the learner's browser, in
``localStorage`` (as the seat keeper keeps seat tokens, :mod:`danish_nb.widgets.seat_keeper`).
The page reports it when it opens (with the learner's key in the class roster, if this browser
joined the class); the kernel asks it to keep a new one. A small module of its own: the app's
page makes one at start-up, before anything of practice is imported.

A lesson served to a class (Voila: one kernel per page) has no user of its own: every page runs
as the server's account. :func:`page_learner` is then the learner of this page, from its
browser: the class roster's learner if the browser joined the class (one record at every table,
lesson and device), else the browser's own practice token. The record is keyed by a hash of a
secret only that browser holds, so no other page reads or erases it; the teacher sees it in
the class's report (the room, ``$DANISH_NB_ROOM``).

>>> keeper = LearnerKeeper()
>>> keeper._on_report(None, {"act": "stored", "token": "x" * 20, "member": 7}, [])
>>> keeper.token, keeper.member
('xxxxxxxxxxxxxxxxxxxx', None)
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

if TYPE_CHECKING:
    from ..core import Game, Verdict
    from ..practice.progress import Learner, ProgressStore
    from ..tables.store import Store

#: The environment variable in which Voila tells a kernel its id: a kernel that has one serves
#: a page to whoever opened it (not to the account it runs as).
SERVED_ENV = "VOILA_KERNEL_ID"

KEEPER_JS = """
const KEY = "danish-nb-learner";
const SEATS = "danish-nb-seats";  // the seat keeper's: the learner's key in the class roster
function member() {
  try { const d = JSON.parse(localStorage.getItem(SEATS) || "{}"); return (d && d.member) || null; }
  catch (e) { return null; }
}
function render({ model, el }) {
  let token = null;
  try { token = localStorage.getItem(KEY); } catch (e) { token = null; }
  model.send({ act: "stored", token: token, member: member() });
  const onMsg = (msg) => {
    try {
      if (msg.act === "keep" && typeof msg.token === "string") localStorage.setItem(KEY, msg.token);
      if (msg.act === "forget") localStorage.removeItem(KEY);
    } catch (e) { /* no storage: the practice is not kept */ }
  };
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and 16 <= len(value) <= 200 else None


class LearnerKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps this browser's practice token in ``localStorage`` (as the seat keeper
    keeps seat tokens): the page reports it when it opens, the kernel asks it to keep a new one.
    ``token`` is what the page reported (``None`` until it did); ``member`` the learner's key in
    the class roster the browser holds, if any (checked by whoever uses it)."""

    _esm = KEEPER_JS
    reported = traitlets.Bool(False)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.token: str | None = None
        self.member: str | None = None
        self.waiting: list[Callable[[str], None]] = []
        self.on_msg(self._on_report)

    def _on_report(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self.reported or not isinstance(content, dict) or content.get("act") != "stored":
            return
        token = _text(content.get("token"))
        if token is None:
            token = secrets.token_urlsafe(24)
            self.send({"act": "keep", "token": token})
        self.token, self.member = token, _text(content.get("member"))
        self.reported = True
        for callback in self.waiting:
            callback(token)
        self.waiting.clear()

    def when_known(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(token)`` once the page has reported (at once if it has)."""
        if self.token is not None:
            callback(self.token)
        else:
            self.waiting.append(callback)


def served() -> bool:
    """Whether this kernel serves a page (Voila), rather than one person's notebook."""
    return bool(os.environ.get(SERVED_ENV))


class PageLearner:
    """The learner of a served page: known once its :attr:`keeper` (displayed on the page)
    reports. ``store`` keeps the record (default: :func:`~danish_nb.tables.open_store`; none
    if it cannot be opened: then nothing is kept); ``room`` is the class (default
    ``$DANISH_NB_ROOM``).

    >>> from danish_nb.tables import open_store
    >>> from danish_nb.tables.roster import Roster
    >>> store = open_store("sqlite:///:memory:")
    >>> ada = Roster(store, "5B").enrol("5B", "Ada")
    >>> page = PageLearner(store=store, room="5B")
    >>> page.keeper._on_report(None, {"act": "stored", "token": "t" * 20, "member": ada.key}, [])
    >>> page.learner.kind, page.learner.name
    ('class', 'Ada')
    >>> other = PageLearner(store=store, room="5B")
    >>> other.keeper._on_report(None, {"act": "stored", "token": "u" * 20, "member": "a forged key 123"}, [])
    >>> other.learner.kind, other.learner.key != page.learner.key
    ('local', True)
    """

    def __init__(self, *, store: Store | None = None, room: str | None = None, keeper: LearnerKeeper | None = None):
        self._store = store
        self.room = room if room is not None else os.environ.get("DANISH_NB_ROOM", "")
        self.keeper = keeper if keeper is not None else LearnerKeeper()
        self.learner: Learner | None = None
        self.progress: ProgressStore | None = None
        self.waiting: list[Callable[[Learner, ProgressStore | None], None]] = []
        self.keeper.when_known(self._known)

    def _known(self, token: str) -> None:
        from ..practice.progress import Learner, open_progress

        self.progress, problem = open_progress(self._store)
        if problem:
            print(f"danish_nb lesson: practice not kept: {problem}", file=sys.stderr)
        member = self._member()
        self.learner = (Learner.in_class(member.learner, room=self.room, name=member.name) if member is not None
                        else Learner.local(token, room=self.room))
        if member is None and self.progress is not None:  # the name this learner gave before, if any
            self.learner = Learner.local(token, room=self.room, name=self._name_kept(self.learner.key))
        for callback in self.waiting:
            callback(self.learner, self.progress)
        self.waiting.clear()

    def _member(self) -> Any:
        """The class roster's learner whose key the browser holds (None: no key, a forged or
        erased one, another class's, or no store)."""
        if self.keeper.member is None or self.progress is None or not self.room:
            return None
        from ..tables.errors import TableError
        from ..tables.roster import Roster

        try:
            return Roster(self.progress.store, self.room).member(self.keeper.member)
        except TableError as exc:
            print(f"danish_nb lesson: {exc}", file=sys.stderr)
            return None

    def _name_kept(self, key: str) -> str:
        from ..tables.errors import TableError

        assert self.progress is not None
        try:
            rows = self.progress.store.read("SELECT name FROM dn_practice_learners WHERE learner = ?", (key,))
        except TableError:
            return ""
        return rows[0][0] if rows else ""

    def when_known(self, callback: Callable[[Learner, ProgressStore | None], None]) -> None:
        """Call ``callback(learner, progress)`` once the page has said whose it is (at once if it has)."""
        if self.learner is not None:
            callback(self.learner, self.progress)
        else:
            self.waiting.append(callback)

    def quiz_answered(self, game: Game, verdict: Verdict) -> str | None:
        """Keep a quiz answer in the learner's record: a legal move is a right answer on the
        rule that decides it, an illegal one a wrong answer (``kind="quiz"``). Returns the rule
        (``None``: the learner is not known yet, nothing is kept, or the rule is not the game's).

        >>> import danish_nb as dn
        >>> from danish_nb.tables import open_store
        >>> page = PageLearner(store=open_store("sqlite:///:memory:"), room="5B")
        >>> page.keeper._on_report(None, {"act": "stored", "token": "t" * 20}, [])
        >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
        >>> page.quiz_answered(g, g.state.explain(g.parse_move("P1 take")))
        'DB-32'
        >>> [(a["rule"], a["kind"], a["correct"]) for a in page.progress.answers(page.learner)]
        [('DB-32', 'quiz', False)]
        """
        if self.learner is None or self.progress is None or not verdict.reasons:
            return None
        from ..core import DanishNbError
        from ..tables.errors import TableError

        rule = verdict.reasons[0].rule_id if verdict.legal else verdict.reasons[-1].rule_id
        try:
            self.progress.record(self.learner, game.rules.id, rule, correct=verdict.legal, kind="quiz",
                                 item={"move": str(verdict.move), "record": game.to_record()})
        except (DanishNbError, TableError) as exc:
            print(f"danish_nb lesson: quiz answer not kept: {exc}", file=sys.stderr)
            return None
        return rule


_PAGE: list[PageLearner] = []


def page_learner() -> PageLearner | None:
    """This kernel's page learner when it serves a page (one per kernel, made when first
    asked), else ``None`` (a notebook's own user)."""
    if not served():
        return None
    if not _PAGE:
        _PAGE.append(PageLearner())
    return _PAGE[0]


__all__ = ["SERVED_ENV", "LearnerKeeper", "PageLearner", "page_learner", "served"]
