"""Practice progress kept in the class tables' store (SQLite by default, PostgreSQL past one
server): per learner, game and rule the FSRS card (:mod:`danish_nb.practice.schedule`, as JSON),
and every answer with its item's position, so a reload resumes and a teacher sees the last errors.

The cards live in ``dn_practice_cards``. A store written by the Leitner schedule before it keeps
its rows in ``dn_practice_rules``: when a store is opened, each such row with no card yet becomes
one (:func:`card_from_box`: its answers and due time kept, a box of 1 or more a card in review
whose stability is that box's interval), and the old table is left as it was.

A learner is a key: in a class, the seat's (the hash of the seat token, which only that
learner's browser holds); otherwise a local learner's (the hash of a token kept in that
browser, or of this computer's user for a notebook). Keys are stored hashed, names only as the
learner gave them. A learner's record is read and written only under their own key; the room's
records only by :func:`danish_nb.practice.report.room_report`, behind the teacher key.

>>> from danish_nb.tables import open_store
>>> progress = ProgressStore(open_store("sqlite:///:memory:"))
>>> ada = Learner.local("a-long-t0ken", name="Ada")
>>> p = progress.record(ada, "danish-bastard", "DB-13", correct=False, now=100.0, kind="pick")
>>> p.wrong, p.due - 100.0                  # due again in ten minutes
(1, 600.0)
>>> progress.rules(ada, "danish-bastard")["DB-13"] == p
True
>>> progress.erase(ada); progress.rules(ada, "danish-bastard")
{}
"""

from __future__ import annotations

import getpass
import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fsrs import Card, State

from ..core import DanishNbError, get_game
from ..i18n import M
from .schedule import SCHEDULER, RuleProgress, answered, moment

if TYPE_CHECKING:  # the class store is imported only where progress is kept (a page has no sqlite3)
    from ..tables.store import Store

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS dn_practice_learners (
        learner TEXT PRIMARY KEY, kind TEXT NOT NULL, room TEXT NOT NULL, name TEXT NOT NULL DEFAULT '',
        code TEXT, seat INTEGER, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dn_practice_rules (
        learner TEXT NOT NULL REFERENCES dn_practice_learners(learner) ON DELETE CASCADE, game TEXT NOT NULL,
        rule TEXT NOT NULL, box INTEGER NOT NULL, due DOUBLE PRECISION NOT NULL, right_answers INTEGER NOT NULL,
        wrong_answers INTEGER NOT NULL, last DOUBLE PRECISION, PRIMARY KEY (learner, game, rule))""",
    """CREATE TABLE IF NOT EXISTS dn_practice_cards (
        learner TEXT NOT NULL REFERENCES dn_practice_learners(learner) ON DELETE CASCADE, game TEXT NOT NULL,
        rule TEXT NOT NULL, card TEXT NOT NULL, due DOUBLE PRECISION NOT NULL, right_answers INTEGER NOT NULL,
        wrong_answers INTEGER NOT NULL, streak INTEGER NOT NULL, last DOUBLE PRECISION,
        PRIMARY KEY (learner, game, rule))""",
    """CREATE TABLE IF NOT EXISTS dn_practice_answers (
        learner TEXT NOT NULL REFERENCES dn_practice_learners(learner) ON DELETE CASCADE, at DOUBLE PRECISION NOT NULL,
        game TEXT NOT NULL, rule TEXT NOT NULL, kind TEXT NOT NULL, correct BOOLEAN NOT NULL, item TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS dn_practice_answers_learner ON dn_practice_answers (learner, at)",
    "CREATE INDEX IF NOT EXISTS dn_practice_learners_room ON dn_practice_learners (room)",
)

#: The Leitner schedule's intervals per box (seconds), before FSRS: how an old row's box becomes a card.
LEITNER_INTERVALS = (0.0, 600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0, 21 * 86_400.0)

#: The most answers of one learner kept (the oldest are dropped beyond it).
KEEP_ANSWERS = 2000


def _name(name: str) -> str:
    """A name as kept: at most the class tables' name length."""
    from ..tables.store import NAME_LENGTH
    return name[:NAME_LENGTH]


def _hash(kind: str, secret: str) -> str:
    return kind + ":" + hashlib.sha256(f"danish-nb practice {kind} {secret}".encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Learner:
    """Whose progress it is: ``key`` (a hash, see the module docstring), ``kind`` (``"seat"``
    or ``"local"``), the ``room``, the ``name`` shown to the teacher, and for a seat its table
    ``code`` and ``seat``."""

    key: str
    kind: str
    room: str = ""
    name: str = ""
    code: str | None = None
    seat: int | None = None

    @classmethod
    def local(cls, token: str, *, room: str = "", name: str = "") -> Learner:
        """A learner practising on their own, known by a token only their browser holds."""
        if not isinstance(token, str) or not 8 <= len(token) <= 200:
            raise DanishNbError(M("a learner token is a text of 8 to 200 characters"))
        return cls(_hash("local", token), "local", room, _name(name))

    @classmethod
    def this_user(cls, *, room: str = "") -> Learner:
        """The learner at this computer's account (a notebook run by one person)."""
        return cls(_hash("user", getpass.getuser()), "local", room, _name(getpass.getuser()))

    @classmethod
    def in_class(cls, learner: str, *, room: str, name: str = "") -> Learner:
        """A learner of the class roster (:mod:`danish_nb.tables.roster`): one record at every
        table, lesson and device of the class, keyed by their roster id."""
        if not isinstance(learner, str) or not learner:
            raise DanishNbError(M("a learner of the class is needed"))
        return cls(_hash("class", learner), "class", room, _name(name))

    @classmethod
    def at_seat(cls, token: str, *, code: str, seat: int, room: str = "", name: str = "") -> Learner:
        """A learner in a class, known by their seat token (the same secret as their seat)."""
        if not isinstance(token, str) or not token:
            raise DanishNbError(M("a seat token is needed"))
        return cls(_hash("seat", token), "seat", room, _name(name), code, seat)


def open_progress(store: Store | None = None) -> tuple[ProgressStore | None, str]:
    """Progress in ``store`` (default: :func:`~danish_nb.tables.open_store`), or ``None`` and
    why not where no store can be opened: a page with no server (the static site has no
    ``sqlite3``), a read-only disk, an unreachable PostgreSQL. Practice then goes on in memory.

    >>> from danish_nb.tables import open_store
    >>> open_progress(open_store("sqlite:///:memory:"))[0] is not None
    True
    """
    try:
        from ..tables import open_store
        return ProgressStore(store if store is not None else open_store()), ""
    except Exception as exc:  # noqa: BLE001 -- any failure to open a store: practise in memory, say why
        return None, str(exc) or type(exc).__name__


def card_from_box(box: int, due: float, wrong: int, last: float | None) -> str:
    """An FSRS card (as JSON) for a rule the Leitner schedule had in ``box``: box 0 a card in
    learning (due as it was; never reviewed if it was never got wrong), a higher box a card in
    review of that box's interval as its stability, of middling difficulty.

    >>> import json
    >>> card = json.loads(card_from_box(4, due=9e5, wrong=0, last=3e5))
    >>> card["state"], card["stability"], card["due"][:10]
    (2, 7.0, '1970-01-11')
    """
    box = max(0, min(int(box), len(LEITNER_INTERVALS) - 1))
    reviewed = moment(last) if last is not None else None
    if box == 0:
        card = Card(card_id=1, due=moment(due), last_review=reviewed if wrong else None,
                    stability=SCHEDULER.parameters[0] if wrong and reviewed else None,
                    difficulty=5.0 if wrong and reviewed else None)
    else:
        card = Card(card_id=1, state=State.Review, stability=max(LEITNER_INTERVALS[box] / 86_400.0, 0.01),
                    difficulty=5.0, due=moment(due), last_review=reviewed or moment(due - LEITNER_INTERVALS[box]))
    return card.to_json()


class ProgressStore:
    """Progress in ``store`` (its practice tables are created if missing, and rules kept by the
    Leitner schedule before moved to cards)."""

    def __init__(self, store: Store):
        self.store = store
        store.add_schema(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Each row of the old Leitner table with no card yet becomes a card (one transaction)."""
        rows = self.store.read("SELECT r.learner, r.game, r.rule, r.box, r.due, r.right_answers, r.wrong_answers, "
                               "r.last FROM dn_practice_rules r LEFT JOIN dn_practice_cards c ON c.learner = "
                               "r.learner AND c.game = r.game AND c.rule = r.rule WHERE c.learner IS NULL")
        if not rows:
            return
        with self.store.write() as execute:
            for learner, game, rule, box, due, right, wrong, last in rows:
                execute("INSERT INTO dn_practice_cards (learner, game, rule, card, due, right_answers, wrong_answers, "
                        "streak, last) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner, game, rule) DO NOTHING",
                        (learner, game, rule, card_from_box(box, due, wrong, last), due, right, wrong,
                         1 if box == 0 and wrong else 0, last))

    def _register(self, execute: Any, learner: Learner, now: float) -> None:
        """The learner's row, made if missing (two servers may make it at once: one does)."""
        execute("INSERT INTO dn_practice_learners (learner, kind, room, name, code, seat, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner) DO NOTHING",
                (learner.key, learner.kind, learner.room, learner.name, learner.code, learner.seat, now))
        if learner.name:
            execute("UPDATE dn_practice_learners SET name = ? WHERE learner = ? AND name <> ?",
                    (learner.name, learner.key, learner.name))

    def record(self, learner: Learner, game: str, rule: str, *, correct: bool, now: float | None = None,
               kind: str = "item", item: Mapping[str, Any] | None = None) -> RuleProgress:
        """Count one answer (or, ``kind="play"``, an illegal move tried in play) and return the
        rule's new progress. The rule's row is read and written in one transaction (locked on
        PostgreSQL), so two kernels answering at once both count. An unknown game or rule is
        refused (:class:`~danish_nb.errors.DanishNbError`) and nothing is written."""
        if not isinstance(rule, str) or rule not in get_game(game).catalogue.rules:
            raise DanishNbError(M("{game} has no rule {rule}", game=get_game(game).title, rule=repr(rule)[:30]))
        now = time.time() if now is None else now
        lock = self.store.lock_clause
        with self.store.write() as execute:
            self._register(execute, learner, now)
            execute("INSERT INTO dn_practice_cards (learner, game, rule, card, due, right_answers, wrong_answers, "
                    "streak, last) VALUES (?, ?, ?, '', 0, 0, 0, 0, NULL) ON CONFLICT (learner, game, rule) DO NOTHING",
                    (learner.key, game, rule))
            rows = execute("SELECT card, right_answers, wrong_answers, last, streak FROM dn_practice_cards "
                           f"WHERE learner = ? AND game = ? AND rule = ?{lock}", (learner.key, game, rule))
            after = answered(RuleProgress.from_row(rule, *rows[0]), correct, now)
            execute("UPDATE dn_practice_cards SET card = ?, due = ?, right_answers = ?, wrong_answers = ?, "
                    "streak = ?, last = ? WHERE learner = ? AND game = ? AND rule = ?",
                    (after.card_json(), after.due, after.right, after.wrong, after.streak, after.last,
                     learner.key, game, rule))
            execute("INSERT INTO dn_practice_answers (learner, at, game, rule, kind, correct, item) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (learner.key, now, game, rule, kind, correct, json.dumps(item or {}, sort_keys=True)))
            execute("DELETE FROM dn_practice_answers WHERE learner = ? AND at < (SELECT MIN(at) FROM "
                    "(SELECT at FROM dn_practice_answers WHERE learner = ? ORDER BY at DESC LIMIT ?) AS kept)",
                    (learner.key, learner.key, KEEP_ANSWERS))
        return after

    def rename(self, learner: Learner) -> None:
        """Keep the learner's (new) name, the one the teacher sees."""
        with self.store.write() as execute:
            self._register(execute, learner, time.time())
            execute("UPDATE dn_practice_learners SET name = ? WHERE learner = ?", (learner.name, learner.key))

    def rules(self, learner: Learner, game: str) -> dict[str, RuleProgress]:
        """The learner's progress on each rule of ``game`` they have met."""
        rows = self.store.read("SELECT rule, card, right_answers, wrong_answers, last, streak FROM dn_practice_cards "
                               "WHERE learner = ? AND game = ?", (learner.key, game))
        return {row[0]: RuleProgress.from_row(*row) for row in rows}

    def answers(self, learner: Learner, game: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """The learner's latest answers (newest first), each with its item."""
        where, params = ("AND game = ?", (learner.key, game, limit)) if game else ("", (learner.key, limit))
        rows = self.store.read(f"SELECT at, game, rule, kind, correct, item FROM dn_practice_answers "
                               f"WHERE learner = ? {where} ORDER BY at DESC LIMIT ?", params)
        return [{"at": at, "game": g, "rule": rule, "kind": kind, "correct": bool(correct), "item": json.loads(item)}
                for at, g, rule, kind, correct, item in rows]

    def export(self, learner: Learner) -> dict[str, Any]:
        """Everything kept about the learner (their own record), JSON-able."""
        who = self.store.read("SELECT kind, room, name, code, seat, created FROM dn_practice_learners "
                              "WHERE learner = ?", (learner.key,))
        rows = self.store.read("SELECT game, rule, card, due, right_answers, wrong_answers, last, streak "
                               "FROM dn_practice_cards WHERE learner = ? ORDER BY game, rule", (learner.key,))
        return {"format": "danish-nb/practice", "version": 2,
                "learner": dict(zip(("kind", "room", "name", "code", "seat", "created"), who[0])) if who else None,
                "rules": [{**dict(zip(("game", "rule"), row[:2])), "card": json.loads(row[2]) if row[2] else None,
                           **dict(zip(("due", "right", "wrong", "last", "streak"), row[3:]))} for row in rows],
                "answers": self.answers(learner, limit=KEEP_ANSWERS)}

    def erase(self, learner: Learner) -> None:
        """Delete everything kept about the learner (their progress, answers and name)."""
        with self.store.write() as execute:
            execute("DELETE FROM dn_practice_answers WHERE learner = ?", (learner.key,))
            execute("DELETE FROM dn_practice_cards WHERE learner = ?", (learner.key,))
            execute("DELETE FROM dn_practice_rules WHERE learner = ?", (learner.key,))
            execute("DELETE FROM dn_practice_learners WHERE learner = ?", (learner.key,))
