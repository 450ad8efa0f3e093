"""One learner practising one game: the next item from the schedule, answers checked and kept.

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
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..core import DanishNbError, Verdict, get_game
from ..i18n import M
from .catalogue import active_rules
from .items import Feedback, Item, NoItem, make_item
from .progress import Learner, ProgressStore
from .schedule import RuleProgress, answered, next_rule, summary


class StaleItem(DanishNbError):
    """An answer to an item that is no longer the one on the learner's screen."""


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
        self.asked = 0
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
    def next_item(self) -> Item:
        """The next item (it replaces the one on the screen). Raises :class:`NoItem` if no rule
        of the game can be practised."""
        while True:
            rules = [r for r in self.rules if r not in self._unavailable]
            if not rules:
                raise NoItem(M("no rule of this game can be practised under these options"))
            rule = next_rule(rules, self.progress, self.clock(), last=self.last_rule, focus=self.focus)
            try:
                item = make_item(self.game_id, rule, seed=self.seed + self.asked, options=self.options,
                                 players=self.players)
            except NoItem:
                self._unavailable.add(rule)  # (not expected: the benchmark finds items for every rule)
                continue
            self.asked += 1
            self.item = item
            return item

    def answer(self, item_id: Any, chosen: Iterable[Any]) -> Feedback:
        """Check an answer to the item on the screen and count it. Raises :class:`StaleItem` for
        another item's id, :class:`DanishNbError` for an answer naming what the item does not
        offer; nothing is counted then."""
        item = self.item
        if item is None or not isinstance(item_id, str) or item_id != item.id:
            raise StaleItem(M("that question was already answered or replaced: answer the one on the screen"))
        feedback = item.check(chosen)
        self.item = None
        self.last_rule = item.rule
        self._count(item.rule, feedback.correct, "item", {**item.to_dict(), "chosen": sorted(feedback.chosen),
                                                          "answer": sorted(item.answer)})
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
        """The game's progress: the share of its rules met and learned, the mean mastery."""
        return summary(self.rules, self.progress)
