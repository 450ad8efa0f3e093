"""The coach: "what should I play here, and why?" and "where did my game go wrong?", answered by
the strong player's search (:mod:`danish_nb.agents.search`) from one seat's view only.

:func:`hint` searches the position a seat sees (a state is first turned into that seat's view,
so hidden cards never reach the search) and returns the best move with its reason and the
rule-of-thumb player's advice. :func:`review` replays a finished game (or a record) and lists
the seat's moves whose estimated result was much worse than the best one.

>>> import danish_nb as dn
>>> g = dn.new_game("rat-bastard-17", players=2, seed=3)
>>> h = hint(g.state, seat=g.current_player, iterations=40)
>>> h.move in g.legal_moves(), h.seat == g.current_player
(True, True)

Every text it shows is a message rendered for one reader in one language (``str()``: English):

>>> h.text(lang="fr").startswith(move_label(h.move, h.seat).render("fr") + " — ")
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .agents import Choice, make_agent
from .agents.endgame import ENDGAME_TRICKS, amount
from .agents.search import (
    PLAYER_ENDGAME_TRICKS,
    Candidate,
    SearchResult,
    move_label,
    outlook,
    position_seed,
    reason,
    search_view,
)
from .core import DanishNbError, Game, Text, View, get_game, load_record, render_text
from .i18n import DEFAULT, M

#: A move is "much worse" when the best move's estimate beats it by this much: a share of games
#: finished first (search), or points (Bastard's exact endgame) / card points (Sjavs').
MARGIN = {"search": 0.15, "points": 1.0, "card points": 10.0}
#: The search must have tried the played move this often for its estimate to count.
MIN_VISITS = 4


@dataclass(frozen=True)
class Hint:
    """The best move for ``seat``, the reason (``why``: as the seat reads it in English;
    ``reason``: the text to render), the search behind it and the rule-of-thumb player's advice."""

    seat: int
    move: Any
    why: str
    search: SearchResult
    advice: Choice
    reason: Text = ""

    def text(self, lang: str = DEFAULT) -> str:
        """The hint as its seat reads it, in ``lang``: the move in words, then why (said once)."""
        return render_text(M("{move} — {why}", move=move_label(self.move, self.seat), why=self.reason), self.seat,
                           lang=lang)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Mistake:
    """A move of the reviewed seat whose estimate was much worse than the best move's: the
    estimates are the search's mean values (``unit="search"``: a win, plus a little for each
    place) or the points (card points) the exact endgame secures. What a learner reads of a
    search is each move's ``wins`` (the share of imagined games won from there) of its ``tries``."""

    number: int
    played: Any
    best: Any
    played_estimate: float
    best_estimate: float
    unit: str
    advice: Choice
    seat: int
    played_wins: float = 0.0
    best_wins: float = 0.0
    played_tries: int = 0
    best_tries: int = 0
    game_id: str = ""

    def _outlook(self, value: float, wins: float, tries: int) -> Text:
        if self.unit == "search":
            tricks = bool(self.game_id) and get_game(self.game_id).info.family == "tricks"
            return outlook(Candidate(None, tries, value, wins), tricks)
        return M("secures {amount}", amount=amount(value, self.unit))

    def text(self, lang: str = DEFAULT) -> str:
        """The line as the reviewed seat reads it, in ``lang``: where the move changed the outlook,
        in the game's own terms, and what the rule of thumb would have played.

        >>> from danish_nb.families.tricks import TrickMove
        >>> from danish_nb.cards import Card
        >>> a, b = (TrickMove(0, "play", Card.parse(c)) for c in ("JS", "10S"))
        >>> m = Mistake(7, a, b, 0.2, 0.6, "search", Choice(b, "it is low"), 0, 0.1, 0.5, 20, 20, "danish-bastard")
        >>> print(m.text())  # doctest: +NORMALIZE_WHITESPACE
        Move 7: you chose “Play the jack of spades”; from there it wins 2 of 20 imagined games,
        while “Play the ten of spades” wins 10 of 20. The rule of thumb advises “Play the ten of spades” (it is low).
        """
        line = M("Move {number}: you chose “{played}”; from there it {played_outlook}, while “{best}” {best_outlook}. "
                 "The rule of thumb advises “{advice}” ({why}).", number=self.number,
                 played=move_label(self.played, self.seat),
                 played_outlook=self._outlook(self.played_estimate, self.played_wins, self.played_tries),
                 best=move_label(self.best, self.seat), best_outlook=self._short(),
                 advice=move_label(self.advice.move, self.seat), why=self.advice.why)
        return render_text(line, self.seat, lang=lang)

    def _short(self) -> Text:
        """The best move's outlook, said shortly after the played one's, in the same terms ("wins
        10 of 20"; in a trick game, "leads after the deal in 10 of 20")."""
        if self.unit != "search":
            return self._outlook(self.best_estimate, self.best_wins, self.best_tries)
        wins = round(self.best_wins * self.best_tries)
        if self.game_id and get_game(self.game_id).info.family == "tricks":  # said as the played move's
            return M("leads after the deal in {wins} of {n}", wins=wins, n=self.best_tries)
        return M("wins {wins} of {n}", wins=wins, n=self.best_tries)

    def __str__(self) -> str:
        return self.text()


def _view_of(state_or_view: Any, seat: int | None) -> View:
    """The view the coach may read: a state's view for ``seat``, or the view given."""
    if isinstance(state_or_view, View):
        if seat is not None and seat != state_or_view.me:
            raise DanishNbError(M("this view is {owner}'s, not {seat}'s", owner=f"P{state_or_view.me + 1}",
                                   seat=f"P{seat + 1}"))
        return state_or_view
    if not hasattr(state_or_view, "view"):
        raise DanishNbError(M("a hint needs a game state or a player's view, not {kind}",
                               kind=type(state_or_view).__name__))
    if seat is None:
        seat = state_or_view.current_player
    if seat is None:
        raise DanishNbError(M("the game is over: no hint"))
    return state_or_view.view(seat)


def hint(state_or_view: Any, seat: int | None = None, *, game_id: str | None = None, iterations: int | None = None,
         seed: int = 0, endgame: int = ENDGAME_TRICKS, progress: Callable[[int, int], None] | None = None,
         seconds: float | None = None) -> Hint:
    """The best move for ``seat`` (default: the player to move) from that seat's view only,
    with its reason. ``state_or_view``: a game state (its view for ``seat`` is taken) or a view.
    ``iterations`` bounds the search (default: the strong player's), ``seconds`` its wall-clock
    time (optional); ``progress(done, total)`` is called as it goes. In the trick games' last
    ``endgame`` tricks the exact solver answers.
    """
    view = _view_of(state_or_view, seat)
    game_id = game_id or getattr(state_or_view, "game_id", None)
    if game_id is None:
        raise DanishNbError(M("give game_id= with a view (a state knows its game)"))
    me = view.me
    result = search_view(view, game_id, seed=seed, iterations=iterations, endgame=endgame, progress=progress,
                         seconds=seconds)
    world = view.sample_world(random.Random(position_seed(seed + 1, view)))
    advice = make_agent("rule-of-thumb", game_id, seed).choose(world)
    why = reason(result, me, game_id)
    return Hint(me, result.move, render_text(why, me), result, advice, why)


def _estimates(result: SearchResult, played: Any) -> tuple[float, float, str, tuple] | None:
    """(played, best, unit, what a search says: (played's share of wins, best's, their tries))
    of one searched decision, or ``None`` if the played move was not weighed. A search compares
    the moves by their mean value (a win, plus a little for each place), which :data:`MARGIN`
    applies to; a learner reads the shares of imagined games won."""
    if result.endgame is not None:
        values = result.endgame.values
        return (values[played], result.endgame.value, result.endgame.unit, ()) if played in values else None
    mine, best = result.candidate(played), result.candidate(result.move)
    if mine is None or mine.visits < MIN_VISITS or best is None:
        return None
    return mine.value, best.value, "search", (mine.win_rate, best.win_rate, mine.visits, best.visits)


def review_budget(moves: int, game_id: str, iterations: int | None = None) -> int:
    """Iterations enough for the search's first round to try each of ``moves`` legal moves
    :data:`MIN_VISITS` times on shared deals (sequential halving spreads its budget over
    ``ceil(log2(moves))`` rounds), and at least ``iterations`` (default: the game's).

    >>> review_budget(20, "danish-bastard"), review_budget(2, "danish-bastard", 10)
    (400, 10)
    """
    rounds = max(1, math.ceil(math.log2(max(moves, 1))))
    return max(iterations or get_game(game_id).info.parts.iterations, MIN_VISITS * moves * rounds)


def review(game: Game | Mapping[str, Any], seat: int, *, iterations: int | None = None, seed: int = 0,
           progress: Callable[[int, int], None] | None = None, seconds: float | None = None,
           found: Callable[[Mistake], None] | None = None) -> list[Mistake]:
    """The moves ``seat`` played in ``game`` (a :class:`~danish_nb.core.Game` or a record) whose
    estimated result was much worse than the best move's (by :data:`MARGIN`), each with both
    estimates and the rule-of-thumb advice, in the game's order. Each position is searched from
    ``seat``'s view then, with :func:`review_budget` iterations, so each legal move is tried at least
    :data:`MIN_VISITS` times on shared deals; the best move is the one the search chose (the one
    tried most). ``found(mistake)`` hears each mistake as soon as it is found.

    ``seconds`` bounds the whole review in wall-clock time (a learner waits for it): the positions
    are then weighed from the quickest to search (:func:`review_order`), each search stops at the
    deadline, and those not reached are left out; ``progress(done, total)`` says how many were
    weighed. Without it every position is weighed, in the game's order.
    """
    if isinstance(game, Mapping):
        game = load_record(game)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise DanishNbError(M("seat counts from 0 to {last}, not {seat}", last=game.players - 1, seat=repr(seat)))
    states = game.states()[:-1]
    mine = [i for i, state in enumerate(states) if state.current_player == seat and len(state.legal_moves()) > 1]
    if seconds is not None:
        mine = review_order(states, mine, game.rules.id, iterations)
    deadline = None if seconds is None else time.perf_counter() + seconds
    mistakes = []
    if progress is not None:
        progress(0, len(mine))
    for done, i in enumerate(mine, 1):
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            break
        state, played = states[i], game.history[i].move
        budget = review_budget(len(state.legal_moves()), game.rules.id, iterations)
        result = search_view(state.view(seat), game.rules.id, seed=seed, iterations=budget,
                             endgame=PLAYER_ENDGAME_TRICKS, seconds=left)
        estimates = _estimates(result, played)
        if estimates is not None:
            low, high, unit, said = estimates
            best = result.endgame.move if result.endgame is not None else result.move
            if high - low >= MARGIN[unit] and best != played:
                advice = make_agent("rule-of-thumb", game.rules.id, seed).choose(state)
                mistakes.append(Mistake(i + 1, played, best, low, high, unit, advice, seat, *said,
                                        game_id=game.rules.id))
                if found is not None:
                    found(mistakes[-1])
        if progress is not None:
            progress(done, len(mine))
    return sorted(mistakes, key=lambda mistake: mistake.number)


def review_order(states: list[Any], chosen: list[int], game_id: str, iterations: int | None = None) -> list[int]:
    """The positions ``chosen`` (indexes into ``states``) from the quickest to search to the
    slowest, by the search's iterations (:func:`review_budget`) times the moves left to play out
    (ties in the game's order): a review short of time weighs as many of a learner's choices as
    it can.

    >>> import danish_nb as dn
    >>> g = dn.new_game("le-danish", players=3, seed=5)
    >>> players = [make_agent("rule-of-thumb", "le-danish", seat) for seat in range(3)]
    >>> while not g.is_over:
    ...     _ = g.play(players[g.current_player].choose(g.state).move)
    >>> states = g.states()[:-1]
    >>> mine = [i for i, s in enumerate(states) if s.current_player == 0 and len(s.legal_moves()) > 1]
    >>> order = review_order(states, mine, "le-danish")
    >>> mine[:3], order[:3], order[-1], sorted(order) == mine  # the last choices first, the opening's 20 moves last
    ([0, 3, 6], [80, 75, 61], 0, True)
    """
    def cost(i: int) -> tuple[int, int]:
        return review_budget(len(states[i].legal_moves()), game_id, iterations) * (len(states) - i), i

    return sorted(chosen, key=cost)
