"""One learner practising one game: the next item from the schedule, answers checked and kept.

Only rules due and rules never met are served; when none is, :meth:`PracticeSession.next_item`
raises :class:`NothingDue` (the learner is told when the next one falls due and offered a game
or "practise anyway", ``next_item(anyway=True)``, whose right answers never postpone a rule).
A rule got wrong :data:`~danish_nb.practice.schedule.STRUGGLE` times in a row changes approach:
first a worked example (the item shown answered, with the rule's sentence: ``item.worked``, not
counted), then an easier item of the same rule (a yes-or-no question on one move where there is
one). Rules got wrong last time take at most a third (:data:`STRUGGLE_SHARE`) of the learner's
last :data:`WINDOW` items, counted as the learner saw them: every item of such a rule in the
window counts, those served before its first error and its worked examples included (read back
from the store after a reload, the worked examples where the rule was struggling): past it they
wait for other items, even when nothing else is due; "practise anyway" serves them.

A session holds the one item on the learner's screen. An answer must name that item (a stale
item, answered twice or replaced by a newer one, is refused) and only its choices (a forged
answer is refused); a refused answer changes no record. Illegal moves the learner tries in
play count as wrong answers on the rule that forbids them (:meth:`PracticeSession.tried`), and
"practise what I got wrong in my last game" puts those rules first.

>>> session = PracticeSession("danish-bastard", seed=1)
>>> item = session.next_item()
>>> session.answer(item.id, sorted(item.answer)).correct
True
>>> session.answer(item.id, sorted(item.answer))
Traceback (most recent call last):
danish_nb.practice.session.StaleItem: that question was already answered or replaced: answer the one on the screen
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..core import DanishNbError, Verdict, get_game
from ..i18n import M
from .catalogue import active_rules
from .items import Feedback, Item, NoItem, make_item
from .progress import Learner, ProgressStore
from .schedule import STRUGGLE, RuleProgress, answered, next_due, next_rule, summary

#: The most of the last :data:`WINDOW` items that rules got wrong last time take (worked examples included).
STRUGGLE_SHARE = 1 / 3
#: How many of a learner's last items the share is counted over.
WINDOW = 30
#: The kinds of question of an easier item, the easiest first.
EASIER = (("legal",), ("who", "effect"), ("number",))


class StaleItem(DanishNbError):
    """An answer to an item that is no longer the one on the learner's screen."""


class NothingDue(NoItem):
    """No rule is due now (``due``: when the next one is, seconds since the epoch; ``None``: not known)."""

    def __init__(self, message: Any, due: float | None = None):
        super().__init__(message)
        self.due = due


class PracticeSession:
    """``learner`` practising ``game_id`` under ``options`` (the table's), progress kept in
    ``progress`` (a :class:`ProgressStore`; ``None``: in memory only). ``clock`` gives the time
    in seconds; ``seed`` fixes the items (default: random)."""

    def __init__(self, game_id: str, *, learner: Learner | None = None, progress: ProgressStore | None = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None,
                 clock: Callable[[], float] = time.time, seed: int | None = None):
        self.game_id = get_game(game_id).id
        self.options = dict(options or {})
        self.players = players
        self.rules = active_rules(game_id, self.options, players)
        self.learner = learner
        self.store = progress if learner is not None else None
        self.clock = clock
        self.seed = secrets.randbelow(2**31) if seed is None else seed
        self.progress: dict[str, RuleProgress] = self.store.rules(learner, self.game_id) if self.store else {}
        self.item: Item | None = None
        #: Whether the item on the screen is a worked example (shown answered, not counted).
        self.worked = False
        self.asked = 0
        #: The rules of the last items shown (worked examples included), oldest first.
        self.recent: deque[str] = deque(self._recent_rules(), maxlen=WINDOW)
        self._easier: str | None = None
        #: The rule of the last item answered (not asked again at once while others are there).
        self.last_rule: str | None = None
        #: Rules to practise first ("what I got wrong in my last game"), until answered right.
        self.focus: list[str] = []
        #: The rules broken by illegal moves tried in the current game, in order, and in the
        #: game before it (what "my last game" means while the new one has none yet).
        self.game_errors: list[str] = []
        self.previous_errors: list[str] = []
        self._unavailable: set[str] = set()

    # ------------------------------------------------------------------ items
    def _recent_rules(self) -> list[str]:
        """The rules of the learner's last items as kept in the store (oldest first): an item
        counted on several rules (a pick item's cards) once, on its own rule; an item served
        while its rule was struggling after the worked example shown before it."""
        if self.store is None or self.learner is None:
            return []
        streak: dict[str, int] = {}
        rules: list[str] = []
        last_id = None
        for answer in reversed(self.store.answers(self.learner, self.game_id, limit=4 * WINDOW)):
            item = answer["item"] if isinstance(answer["item"], dict) else {}
            if answer["kind"] == "item" and item.get("id") != last_id:
                last_id, rule = item.get("id"), item.get("rule", answer["rule"])
                rules += [rule] * (2 if streak.get(rule, 0) >= STRUGGLE else 1)
            streak[answer["rule"]] = 0 if answer["correct"] else streak.get(answer["rule"], 0) + 1
        return rules[-WINDOW:]

    def next_item(self, *, anyway: bool = False) -> Item:
        """The next item (it replaces the one on the screen). Raises :class:`NothingDue` when no
        rule is due (``anyway``: serve the rule due soonest then), :class:`NoItem` if no rule of
        the game can be practised."""
        now = self.clock()
        while True:
            rules = [r for r in self.rules if r not in self._unavailable]
            if not rules:
                raise NoItem(M("no rule of this game can be practised under these options"))
            if self._easier in rules:
                rule, easier, example = self._easier, True, False
            else:
                rule = next_rule(rules, self.progress, now, last=self.last_rule, focus=self.focus, anyway=anyway,
                                 hold=() if anyway else self._held(rules))
                if rule is None:
                    raise NothingDue(M("Nothing is due now."), next_due(rules, self.progress))
                progress = self.progress.get(rule, RuleProgress(rule))
                easier, example = False, progress.struggling
            self._easier = None
            try:
                item = self._make(rule, easier)
            except NoItem:
                self._unavailable.add(rule)  # (not expected: the benchmark finds items for every rule)
                continue
            self.asked += 1
            self.recent.append(rule)
            self.item, self.worked = item, example
            if example:
                self._easier = rule
            return item

    def _held(self, rules: list[str]) -> set[str]:
        """The rules got wrong last time, when one more of their items would take more than
        their share of the last items (two more for a struggling rule: its worked example and
        the easier item after it). Every item of those rules in the window counts, whenever it
        was served (the first, before any error, too): the share is of what the learner saw."""
        wrong = {rule for rule in rules if rule in self.progress and self.progress[rule].streak}
        taken = sum(1 for rule in self.recent if rule in wrong)

        def over(count: int) -> bool:
            return taken + count > max(float(count), (len(self.recent) + count) * STRUGGLE_SHARE)
        return {rule for rule in wrong if over(2 if self.progress[rule].struggling else 1)}

    def _make(self, rule: str, easier: bool) -> Item:
        seed = self.seed + self.asked
        for kinds in EASIER if easier else ():
            try:
                return make_item(self.game_id, rule, seed=seed, options=self.options, players=self.players,
                                 kinds=kinds)
            except NoItem:
                continue
        return make_item(self.game_id, rule, seed=seed, options=self.options, players=self.players)

    def read_example(self) -> Feedback:
        """The worked example on the screen, answered (not counted): the next item is the easier one."""
        item = self.item
        if item is None or not self.worked:
            raise StaleItem(M("that question was already answered or replaced: answer the one on the screen"))
        return item.check(sorted(item.answer))

    def answer(self, item_id: Any, chosen: Iterable[Any]) -> Feedback:
        """Check an answer to the item on the screen and count it. Raises :class:`StaleItem` for
        another item's id, :class:`DanishNbError` for an answer naming what the item does not
        offer; nothing is counted then."""
        item = self.item
        if item is None or not isinstance(item_id, str) or item_id != item.id:
            raise StaleItem(M("that question was already answered or replaced: answer the one on the screen"))
        if self.worked:
            raise StaleItem(M("this is a worked example: read it, then press Next question"))
        feedback = item.check(chosen)
        self.item = None
        self.last_rule = item.rule
        kept = {**item.to_dict(), "chosen": sorted(feedback.chosen), "answer": sorted(item.answer)}
        for rule, right in feedback.credits.items():  # a pick item: every card on the rule that decides it
            if rule in self.rules:
                self._count(rule, right, "item", kept)
        if feedback.correct and item.rule in self.focus:
            self.focus.remove(item.rule)
        return feedback

    # ------------------------------------------------------------------ play
    def tried(self, verdict: Verdict, record: Mapping[str, Any] | None = None) -> str | None:
        """Count an illegal move tried in play as a wrong answer on the rule that forbids it
        (its verdict's deciding reason), if that rule is practised; returns the rule."""
        if verdict.legal or not verdict.reasons:
            return None
        rule = verdict.reasons[-1].rule_id
        if rule not in self.rules:
            return None
        self.game_errors.append(rule)
        self._count(rule, False, "play", {"move": str(verdict.move), "record": dict(record or {})})
        return rule

    def new_game(self) -> None:
        """A new game begins: its errors are counted afresh (the last game's are kept until then)."""
        if self.game_errors:
            self.previous_errors = self.game_errors
        self.game_errors = []

    def last_game_errors(self) -> list[str]:
        """The rules broken in the current game, or if none yet, in the game before."""
        return list(dict.fromkeys(self.game_errors or self.previous_errors))

    def practise_errors(self) -> list[str]:
        """Put the rules broken in the last game first (until each is answered right); returns them."""
        self.focus = self.last_game_errors()
        return list(self.focus)

    # ------------------------------------------------------------------ progress
    def _count(self, rule: str, correct: bool, kind: str, item: Mapping[str, Any]) -> None:
        now = self.clock()
        if self.store is not None:
            self.progress[rule] = self.store.record(self.learner, self.game_id, rule, correct=correct, now=now,
                                                    kind=kind, item=item)
        else:
            self.progress[rule] = answered(self.progress.get(rule, RuleProgress(rule)), correct, now)

    def summary(self) -> dict[str, float]:
        """The game's progress: the share of its rules met and learned, the mean recall now."""
        return summary(self.rules, self.progress, self.clock())
