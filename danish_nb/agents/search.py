"""The strong computer player: a search over worlds sampled from the mover's view, one
implementation for all five games.

Each try deals a world the mover cannot tell from the real one (``view.sample_world(rng)``),
plays a move in it and plays the game out with the rule-of-thumb players of every seat. The
default search (``method="halving"``) is **sequential halving with common random numbers**
(Karnin, Koren and Somekh 2013; one-step rollout policy improvement, Tesauro and Galperin 1996):
in each round every surviving move is played out on the same fresh worlds with the same seeded
rollout players, so moves are compared on equal luck; the worse half is dropped and the budget
of the next round goes to the better half. The rule-of-thumb's own move is never dropped and
keeps the choice unless another move did better on the same worlds of the last round (fresh
worlds: a move kept for its luck on the earlier ones would otherwise take the choice on that
luck), so the search plays like the rule of thumb where it cannot tell the moves apart and
improves on it where it can.

``method="ismcts"`` is the tree search measured before (single-observer ISMCTS, Cowling, Powley
and Whitehouse 2012: one tree for the mover's information set, UCB1 with availability counts):
kept for comparison (``python -m benchmarks.strength --variant ismcts``). With a budget of a few
hundred tries its opponents' replies in the tree are mostly untried moves picked at random, and
its choice among moves of close value is noise: in Danish Bastard (3 players) it finished first
in 1 game of 12, the rule-of-thumb seat it replaced in 19 of 60 on the same kind of deals.

What a finished game is worth to each seat (:func:`outcome`): mostly first place (a win, or the
match's highest total; a shared first place is shared), plus a quarter for the finishing rank,
which gives the 3+-player games a smoother signal. The games decide the order: ``state.result``.
In Sjavs, whose matches run over many deals and whose playouts stop at the deal's end, half of
a playout's value is the game-point margin the deal gained (:func:`playout_values`, the game's ``margin``),
and the worlds it deals agree with the auction where it can: a seat that passed is dealt a hand
the rule-of-thumb bidder would pass with, a bidder one it would bid with (:func:`sample_world`).
Its bids are searched like its plays, and bid more often than the rule of thumb would: a screen in
December 2026 that made it bid as the rule of thumb does finished first in 39% of 120 seeded
matches, against 56% with searched bids on the same deals.
Where playouts run long (the start of Rat Bastard 17), a seeded probe playout shrinks the
iterations to a cap on playout moves (:func:`move_capped`, the game's ``move_budget``), so that a
decision costs about what the others do and the same seed still gives the same choice.

It decides from the mover's view only: the real state's hidden cards never reach the search
(:func:`search_view` takes the view). With an iteration budget the same seed and the same view
give the same choice. In the trick games' last tricks it hands over to the exact endgame solver
(:mod:`danish_nb.agents.endgame`).

>>> import danish_nb as dn
>>> from danish_nb.agents import make_agent
>>> g = dn.new_game("danish-bastard", players=3, seed=5)
>>> player = make_agent("strong", "danish-bastard", seed=1)
>>> _ = g.play(g.legal_moves()[0]); _ = g.play(g.legal_moves()[0]); _ = g.play(g.legal_moves()[0])
>>> choice = player.choose(g.state)
>>> choice.move in g.legal_moves(), choice.move == player.choose(g.state).move
(True, True)
>>> choice.why_for(1), choice.why_for(1, lang="de")  # the moves not played are P2's secret
('weighed 3 moves in 199 imagined games', '3 Züge in 199 gedachten Partien abgewogen')
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import GAMES, DanishNbError, Private, Result, State, Text, View, get_game
from ..i18n import M, _n, in_turn
from ..words import words_of
from .base import AGENTS, Choice, game_over, make_agent


def default_iterations(game_id: str) -> int:
    """Iterations per decision in ``game_id`` (its :attr:`~danish_nb.core.GameParts.iterations`),
    measured to keep a decision within about a second on a loaded 2-core machine
    (``python -m benchmarks.strength`` times them).

    >>> default_iterations("le-danish")
    100
    """
    return get_game(game_id).info.parts.iterations


#: The strong player solves the trick games exactly from this many tricks left, like the coach
#: (``python -m benchmarks.endgame``: a decision over 8 worlds at 5 tricks, a tenth of a second typically).
PLAYER_ENDGAME_TRICKS = 5
#: The search methods (see the module).
METHODS = ("halving", "ismcts")
#: How far a playout goes: to the end of the game, or of a match's current deal (:func:`deal_horizon`).
HORIZONS = ("deal", "game")
#: The UCB1 exploration constant of ``"ismcts"`` (rewards lie in 0..1).
EXPLORATION = 0.7
#: A playout longer than this many moves counts as a draw (the games' own limits end them sooner).
MAX_PLAYOUT = 3000
#: What a place is worth besides first place (see :func:`outcome`).
RANK_WEIGHT = 0.25
#: How many worlds the search deals at most to find one whose auction agrees with the
#: rule-of-thumb bidder (:func:`sample_world`; the last one dealt is kept if none does).
AUCTION_TRIES = 10


def outcome(result: Any, players: int) -> tuple[float, ...]:
    """What a finished game is worth to each seat, from 0 to 1: ``1 - RANK_WEIGHT`` for first
    place (shared equally when several share it) plus ``RANK_WEIGHT`` times the finishing rank
    (1 first, 0 last). With scores the ranks follow them (equal scores share a rank); a draw
    with no order is worth the same to everyone.

    >>> from danish_nb.core import Result
    >>> outcome(Result(order=(1, 0, 2)), 3)
    (0.125, 1.0, 0.0)
    >>> outcome(Result(order=(0, 1), scores=(5, 5), draw=True), 2)
    (0.5, 0.5)
    """
    if result is None or not result.order:
        return (0.5,) * players
    if result.scores is not None:
        scores = result.scores
    elif result.draw:
        return (0.5,) * players
    else:
        scores = tuple(-result.order.index(seat) if seat in result.order else -players for seat in range(players))
    best = max(scores)
    top = sum(1 for s in scores if s == best)
    values = []
    for seat in range(players):
        above = sum(1 for s in scores if s > scores[seat])
        level = sum(1 for s in scores if s == scores[seat])
        rank = 1.0 if players == 1 else 1 - (above + (level - 1) / 2) / (players - 1)
        first = 1 / top if scores[seat] == best else 0.0
        values.append((1 - RANK_WEIGHT) * first + RANK_WEIGHT * rank)
    return tuple(values)


def playout_values(result: Any, players: int, base: Sequence[int] | None = None, weight: float = 0.0,
                   scale: float = 1.0) -> tuple[float, ...]:
    """What a playout is worth to each seat: :func:`outcome`, blended (``weight``, 0..1) with the
    seat's game-point margin over the others' mean, gained since the ``base`` scores, counted
    fully at ``scale`` points (a smoother signal than the rank after one deal of a long match).

    >>> from danish_nb.core import Result
    >>> playout_values(standing((65, 50, 50)), 3, base=(65, 65, 65), weight=0.5, scale=30)
    (0.875, 0.21875, 0.21875)
    >>> playout_values(standing((65, 50, 50)), 3) == outcome(standing((65, 50, 50)), 3)
    True
    """
    values = outcome(result, players)
    if not weight or base is None or result is None or result.scores is None:
        return values
    gains = [score - before for score, before in zip(result.scores, base)]
    total = sum(gains)
    margins = [(gain - (total - gain) / (players - 1)) / scale for gain in gains]
    return tuple((1 - weight) * v + weight * (0.5 + max(-0.5, min(0.5, m / 2))) for v, m in zip(values, margins))


def first_place(result: Any, seat: int) -> float:
    """1 if ``seat`` finished first alone, ``1/k`` if ``k`` seats share first place, else 0."""
    if result is None or not result.order or (result.draw and result.scores is None):
        return 0.0
    if result.scores is None:
        return float(result.order[0] == seat)
    best = max(result.scores)
    return 1 / result.scores.count(best) if result.scores[seat] == best else 0.0


class _Node:
    """A tree node: the move that led here, who made it, and its statistics."""

    __slots__ = ("mover", "children", "visits", "reward", "wins", "avail")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.wins = 0.0
        self.avail = 0


@dataclass(frozen=True)
class Candidate:
    """A move the search weighed: how often it was tried, its mean value (0..1, see
    :func:`outcome`) and how often the mover finished first after it."""

    move: Any
    visits: int
    value: float
    win_rate: float


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a search: the chosen move, every candidate (most tried first), the
    iterations run, and the solver's line when the exact endgame decided instead."""

    move: Any
    candidates: tuple[Candidate, ...]
    iterations: int
    endgame: Any = None
    seconds: float = field(default=0.0, compare=False)

    def candidate(self, move: Any) -> Candidate | None:
        """The statistics of ``move``, if it was weighed."""
        return next((c for c in self.candidates if c.move == move), None)


def position_seed(seed: int, view: View) -> int:
    """A seed for one decision: from the player's seed and what the view shows (so the same
    seed and the same view search the same worlds)."""
    text = json.dumps(view.to_dict(), sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(f"{seed}/{text}".encode()).digest()[:8], "big")


def move_label(move: Any, seat: int) -> Text:
    """A move in words, as a learner reads it (:func:`danish_nb.words.words_of`: the move's own
    words, its hidden parts the seat's secret); ``seat`` is kept for the callers.

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.cards import Card
    >>> label = move_label(TrickMove(0, "play", Card.parse("7H")), 0)
    >>> str(label), label.render("de")
    ('Play the seven of hearts', 'Herz-Sieben spielen')
    """
    return words_of(move)


#: Fewer tries than this and an estimate is said to be unsure (a share of 20 games is still
#: ±20 points wide at 95%: Wilson's interval).
FEW_TRIES = 20


def outlook(candidate: Candidate, tricks: bool) -> Text:
    """How a weighed move fared, in the game's own terms: "wins 5 of 12 imagined games" (in the
    trick games, whose playouts end with the deal: "leads after the deal in ..."), and "too few
    to be sure" under :data:`FEW_TRIES` tries.

    >>> str(outlook(Candidate(None, 12, 0.5, 5 / 12), False))
    'wins 5 of 12 imagined games, too few to be sure'
    >>> outlook(Candidate(None, 40, 0.5, 0.25), True).render("fr")
    'sur 40 donnes imaginées, en tête à la fin de la donne dans 10 cas'
    """
    wins, n = round(candidate.win_rate * candidate.visits), candidate.visits
    text = _n("leads after the deal in {wins} of {n} imagined deal",
              "leads after the deal in {wins} of {n} imagined deals",
              n, wins=wins) if tricks else \
        _n("wins {wins} of {n} imagined game", "wins {wins} of {n} imagined games", n, wins=wins)
    return M("{outlook}, too few to be sure", outlook=text) if n < FEW_TRIES else text


def reason(result: SearchResult, seat: int, game_id: str) -> Text:
    """Why the search chose its move, for ``seat``, in the game's terms (:func:`outlook`): how
    the chosen move fared, then the other moves weighed, each saying why it is not the advice
    when its share looks better (tried less, so less sure; or lower on average when it does not
    win). The moves not played are the seat's own secret (a :class:`~danish_nb.core.Private`
    part); in an endgame, the solver's reason.

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.cards import Card
    >>> a, b = (TrickMove(0, "play", Card.parse(c)) for c in ("AH", "2H"))
    >>> r = SearchResult(a, (Candidate(a, 40, 0.6, 0.5), Candidate(b, 10, 0.4, 0.6)), 50)
    >>> from danish_nb.core import render_text
    >>> print(render_text(reason(r, 0, "danish-bastard"), 0))  # doctest: +NORMALIZE_WHITESPACE
    wins 20 of 40 imagined games; also weighed: Play the two of hearts (wins 6 of 10 imagined games,
    too few to be sure), tried less than the advice
    >>> render_text(reason(r, 0, "danish-bastard"), 1)
    'weighed 2 moves in 50 imagined games'
    """
    if result.endgame is not None:
        return result.endgame.why
    if not result.iterations:
        only = result.candidates[0].value != result.candidates[0].value  # NaN: no choice
        return M("its only legal move") if only else M("it wins the game at once")
    tricks = get_game(game_id).info.family == "tricks"
    best = result.candidate(result.move) or result.candidates[0]
    parts: list[Any] = [outlook(best, tricks)]  # said one after another (in_turn)
    others = [c for c in result.candidates if c.move != best.move]
    for i, c in enumerate(others[:3]):
        line = M("{move} ({outlook})", move=move_label(c.move, seat), outlook=outlook(c, tricks))
        if c.win_rate > best.win_rate:
            line = M("{line}, tried less than the advice", line=line) if c.visits < best.visits else \
                M("{line}, but lower on average when it does not win", line=line)
        parts.append(M("also weighed: {line}", line=line) if i == 0 else line)
    if len(others) > 3:
        parts.append(_n("{n} more move tried less", "{n} more moves tried less", len(others) - 3))
    public = _n("weighed {moves} moves in {n} imagined deal", "weighed {moves} moves in {n} imagined deals",
                result.iterations, moves=len(result.candidates)) if tricks else \
        _n("weighed {moves} moves in {n} imagined game", "weighed {moves} moves in {n} imagined games",
           result.iterations, moves=len(result.candidates))
    return (Private((), seat, public, in_hand=False, text=in_turn(parts)),)


def search_view(view: View, game_id: str, *, seed: int = 0, iterations: int | None = None,
                seconds: float | None = None, cpu_seconds: float | None = None, endgame: int = PLAYER_ENDGAME_TRICKS,
                progress: Callable[[int, int], None] | None = None, method: str = "halving",
                horizon: str = "deal", margin: float | None = None, playout_moves: int | None = None,
                auction_tries: int = AUCTION_TRIES) -> SearchResult:
    """Search the position ``view`` shows (the view of the player to move) and return the
    best move with its statistics (``method``: one of :data:`METHODS`, see the module; an
    iteration is one game played out). ``iterations`` (default: :func:`default_iterations`) and
    ``seconds`` (optional, a wall-clock cap) bound it; ``cpu_seconds`` is a budget of CPU time
    (``time.process_time``, which waiting for a core does not count: for fair matches on a busy
    machine): the iterations are those that fit it (:func:`cpu_capped`), and the search stops
    when it is spent. ``progress(done, total)`` is called now and then. In a trick game's last
    ``endgame`` tricks (0: never) the exact solver decides.
    ``horizon`` (one of :data:`HORIZONS`): where playouts stop, see :func:`deal_horizon`.
    ``margin`` (default: the game's :attr:`~danish_nb.core.GameParts.margin` weight) blends the
    game-point margin into a playout's value (:func:`playout_values`); ``playout_moves`` caps the
    playout moves of the decision (:func:`move_capped`; default: the game's
    :attr:`~danish_nb.core.GameParts.move_budget` with the default iterations, none with
    iterations given); ``auction_tries``: see :func:`sample_world`.
    Only ``view`` is read: hidden cards cannot influence the result.

    >>> import danish_nb as dn
    >>> g = dn.new_game("bastard", players=3, seed=4)
    >>> r = search_view(g.state.view(g.current_player), "bastard", seed=2, iterations=30)
    >>> r.move in g.legal_moves(), sum(c.visits for c in r.candidates) == r.iterations <= 30
    (True, True)
    """
    started, cpu_started = time.perf_counter(), time.process_time()
    rng = random.Random(position_seed(seed, view))
    me = view.me
    parts = get_game(game_id).info.parts
    budget = parts.iterations if iterations is None else iterations
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise DanishNbError(M("iterations must be a whole number from 1, not {value}", value=repr(budget)))
    if method not in METHODS:
        raise DanishNbError(M("unknown search method {method}; choose from {methods}", method=repr(method),
                                methods=", ".join(METHODS)))
    def draw() -> Any:
        return sample_world(view, rng, auction_tries)
    world = draw()
    deal = deal_horizon(world, horizon)
    if world.is_over or world.current_player != me:
        raise DanishNbError(M("it is not {player}'s turn: the search plays for the player to move",
                                player=f"P{me + 1}"))
    moves = world.legal_moves()
    if len(moves) == 1:
        return SearchResult(moves[0], (Candidate(moves[0], 0, float("nan"), float("nan")),), 0, None,
                            time.perf_counter() - started)
    winning = [m for m in moves if _wins_at_once(m, [world, draw()], me)]
    if winning:
        return SearchResult(winning[0], (Candidate(winning[0], 0, 1.0, 1.0),), 0, None, time.perf_counter() - started)
    if endgame:
        from .endgame import endgame_choice
        solved = endgame_choice(view, game_id, rng, tricks=endgame)
        if solved is not None:
            return SearchResult(solved.move, (), 0, solved, time.perf_counter() - started)
    weight, scale = parts.margin
    weight = weight if margin is None else margin
    base = getattr(getattr(world, "match", None), "scores", None)

    def judge(result: Any) -> tuple[float, ...]:
        return playout_values(result, view.players, base, weight, scale)
    free = playout_moves is None and iterations is None and cpu_seconds is None
    cap = parts.move_budget if free else playout_moves
    if cap is not None:
        budget = move_capped(world, game_id, rng, budget, cap, deal, len(moves))
    if cpu_seconds is not None:
        left = cpu_seconds - (time.process_time() - cpu_started)
        budget = cpu_capped(world, game_id, rng, iterations or 10 ** 6, left, deal, len(moves))

    def out_of_time() -> bool:
        return (seconds is not None and time.perf_counter() - started > seconds) or \
            (cpu_seconds is not None and time.process_time() - cpu_started > cpu_seconds)
    search = _halving if method == "halving" else _ismcts
    move, candidates, done = search(view, draw, world, moves, game_id, rng, budget, out_of_time, progress,
                                    deal, judge)
    return SearchResult(move, candidates, done, None, time.perf_counter() - started)


def sample_world(view: View, rng: random.Random, tries: int = AUCTION_TRIES) -> State:
    """A world ``view`` cannot tell from the real one (the view's own :meth:`~danish_nb.core.View.sample_world`,
    the one hook every caller samples through), preferring one whose auction (if any) agrees with
    how the rule-of-thumb player bids (:meth:`TrickRuleOfThumb.bids_agree`, ``True`` without an
    auction): a pass then says the hand was weak, a bid that it was strong (up to ``tries`` deals; 1: any).

    >>> import danish_nb as dn
    >>> g = dn.new_game("sjavs", players=3, seed=5)
    >>> _ = g.play("P1 pass"); _ = g.play("P2 pass")
    >>> world = sample_world(g.state.view(2), random.Random(1))
    >>> world.view(2) == g.state.view(2)
    True
    """
    world = view.sample_world(rng)
    if not getattr(world, "bids", ()):  # no auction to agree with (the trick family's player not imported)
        return world
    from .tricks import TrickRuleOfThumb

    for _ in range(tries - 1):
        if TrickRuleOfThumb.bids_agree(world, view.me):
            break
        world = view.sample_world(rng)
    return world


def _play_out(state: Any, rollers: Sequence[Any], deal: int | None = None, first: Any = None) -> Any:
    """The result of playing ``state`` out with ``rollers`` (one per seat; ``None``: no end),
    after the move ``first`` if one is given. With ``deal`` (a match's deal number) it stops
    when that deal is over: the standing then (:func:`standing`) is the result. It plays on a
    working copy (:meth:`~danish_nb.core.RulesState.working`): ``state`` is not changed."""
    return _play_out_counted(state, rollers, deal, first)[0]


def _play_out_counted(state: Any, rollers: Sequence[Any], deal: int | None = None,
                      first: Any = None) -> tuple[Any, int]:
    """:func:`_play_out`'s result and the number of moves played (``first`` not counted)."""
    working = state.working(watched=False)  # nobody reads a rollout's events
    step = working.step
    if first is not None:
        step(first)
    for played in range(MAX_PLAYOUT):
        if working.is_over:
            return working.result, played
        if deal is not None and working.match.deal != deal:
            return standing(working.scores), played
        step(rollers[working.current_player].choose(working).move)
    return (working.result if working.is_over else None), MAX_PLAYOUT


def move_capped(world: Any, game_id: str, rng: random.Random, budget: int, cap: int, deal: int | None,
                moves: int) -> int:
    """The iterations that fit ``cap`` playout moves: one seeded probe playout from ``world``
    with rule-of-thumb seats measures how long a playout runs here, and the budget shrinks to
    ``cap`` over that length (never below two tries per move, never above ``budget``). The
    probe draws from ``rng``, so the same seed and view give the same budget.

    >>> import danish_nb as dn
    >>> g = dn.new_game("rat-bastard-17", players=2, seed=3)
    >>> move_capped(g.state, "rat-bastard-17", random.Random(1), 200, 10 ** 6, None, 4)
    200
    >>> move_capped(g.state, "rat-bastard-17", random.Random(1), 200, 1000, None, 4) < 200
    True
    """
    rollers = [make_agent("rule-of-thumb", game_id, rng.randrange(2 ** 31)) for _ in range(world.players)]
    length = max(1, _play_out_counted(world, rollers, deal)[1])
    return max(min(budget, cap // length), min(budget, 2 * moves))


def cpu_capped(world: Any, game_id: str, rng: random.Random, budget: int, seconds: float, deal: int | None,
               moves: int) -> int:
    """The iterations that fit ``seconds`` of CPU time: one seeded probe playout from ``world``
    with rule-of-thumb seats measures what a playout costs here (``time.process_time``), and the
    budget is ``seconds`` over that (never below one try per move, never above ``budget``).

    >>> import danish_nb as dn
    >>> g = dn.new_game("bastard", players=3, seed=3)
    >>> [cpu_capped(g.state, "bastard", random.Random(1), 50, seconds, None, 4) for seconds in (1000.0, 0.0)]
    [50, 4]
    """
    rollers = [make_agent("rule-of-thumb", game_id, rng.randrange(2 ** 31)) for _ in range(world.players)]
    start = time.process_time()
    _play_out(world, rollers, deal)
    cost = max(time.process_time() - start, 1e-6)
    return max(min(budget, int(seconds / cost)), moves)


def standing(scores: Sequence[int]) -> Result:
    """A match's standing as a result: the seats by their totals so far, highest first (what
    a playout cut at the end of a deal is worth, see :func:`deal_horizon`).

    >>> standing((3, 7, 3)).order, outcome(standing((3, 7, 3)), 3)
    ((1, 0, 2), (0.0625, 1.0, 0.0625))
    """
    return Result(order=tuple(sorted(range(len(scores)), key=lambda seat: -scores[seat])), scores=tuple(scores))


def deal_horizon(state: Any, horizon: str) -> int | None:
    """The deal a playout from ``state`` stops after (``None``: it plays to the end of the
    game): with ``horizon="deal"``, a match's current deal (the trick games, whose matches run
    over several deals: each deal is played out and its move judged by the standing after it,
    a tenth of the work of a whole match and without the luck of the later deals)."""
    if horizon not in HORIZONS:
        raise DanishNbError(M("unknown playout horizon {horizon}; choose from {horizons}", horizon=repr(horizon),
                              horizons=", ".join(HORIZONS)))
    match = getattr(state, "match", None)
    return match.deal if horizon == "deal" and match is not None else None


def _ismcts(view: Any, draw: Callable[[], Any], world: Any, moves: Sequence[Any], game_id: str,
            rng: random.Random, budget: int,
            out_of_time: Callable[[], bool], progress: Callable[[int, int], None] | None,
            deal: int | None, judge: Callable[[Any], tuple[float, ...]]) -> tuple[Any, tuple[Candidate, ...], int]:
    """SO-ISMCTS (see the module): the move tried most, every root move's statistics, the tries."""
    me, players = view.me, view.players
    rollers = [make_agent("rule-of-thumb", game_id, rng.randrange(2 ** 31)) for _ in range(players)]
    root = _Node(None)
    done = 0
    for done in range(1, budget + 1):
        _iterate(root, draw() if done > 1 else world, rng, rollers, me, deal, judge)
        if progress is not None and (done % 10 == 0 or done == budget):
            progress(done, budget)
        if out_of_time():
            break
    candidates = tuple(sorted(
        (Candidate(move, node.visits, node.reward / node.visits, node.wins / node.visits)
         for move, node in root.children.items() if node.visits),
        key=lambda c: (-c.visits, -c.value)))
    return candidates[0].move, candidates, done


def _halving(view: Any, draw: Callable[[], Any], world: Any, moves: Sequence[Any], game_id: str,
             rng: random.Random, budget: int,
             out_of_time: Callable[[], bool], progress: Callable[[int, int], None] | None,
             deal: int | None, judge: Callable[[Any], tuple[float, ...]]) -> tuple[Any, tuple[Candidate, ...], int]:
    """Sequential halving with common random numbers (see the module): the chosen move, every
    move's statistics (the chosen first), the tries. A batch plays every surviving move on one
    world with the same seeded rule-of-thumb players; a move not legal in a sampled world (the
    mover's moves should not depend on hidden cards) sits that world out."""
    me, players = view.me, view.players
    default = make_agent("rule-of-thumb", game_id, rng.randrange(2 ** 31)).choose(world).move
    stats = {m: [0, 0.0, 0.0] for m in moves}  # visits, value sum, first places
    alive = list(moves)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    done = 0
    stop = False
    for r in range(rounds):
        fresh = {m: [0, 0.0] for m in alive}  # this round's visits and value sum
        last = r == rounds - 1 or len(alive) <= 2
        per = max(1, -(-(budget - done) // len(alive)) if last else (budget - done) // (len(alive) * (rounds - r)))
        for _ in range(per):
            if done and done + len(alive) > budget:
                break  # a batch is every surviving move on one world, or none
            sample = world if done == 0 else draw()
            roll_seed = rng.randrange(2 ** 31)
            batch = alive[:budget - done]
            legal = set(sample.legal_moves())
            for m in batch:
                if m not in legal:
                    continue
                rollers = [make_agent("rule-of-thumb", game_id, roll_seed + s) for s in range(players)]
                result = _play_out(sample, rollers, deal, first=m)
                value = judge(result)[me]
                entry = stats[m]
                entry[0] += 1
                entry[1] += value
                entry[2] += first_place(result, me)
                fresh[m][0] += 1
                fresh[m][1] += value
                done += 1
            if progress is not None:
                progress(min(done, budget), budget)
            if out_of_time():
                stop = True
                break
        if stop or last:
            break
        ranked = sorted(alive, key=lambda m: (-stats[m][1] / stats[m][0] if stats[m][0] else 1, m != default))
        alive = ranked[:max(2, math.ceil(len(alive) / 2))]
        if default not in alive:
            alive[-1] = default
    # The last round's worlds decide: the moves still alive were kept for doing well on the earlier
    # ones (the rule of thumb's move whatever it did), so their totals flatter the others.
    judged = fresh if any(fresh[m][0] for m in alive) else stats
    best = max((m for m in alive if judged[m][0]), key=lambda m: (judged[m][1] / judged[m][0], m == default))
    candidates = tuple(sorted(
        (Candidate(m, v, total / v, wins / v) for m, (v, total, wins) in stats.items() if v),
        key=lambda c: (c.move != best, -c.visits, -c.value)))
    return best, candidates, done


def _wins_at_once(move: Any, worlds: Sequence[Any], me: int) -> bool:
    """Whether ``move`` ends the game with ``me`` alone in first place in every one of ``worlds``."""
    for world in worlds:
        after = world.apply(move)[0]
        if not after.is_over or first_place(after.result, me) != 1:
            return False
    return True


def _iterate(root: _Node, state: Any, rng: random.Random, rollers: Sequence[Any], me: int, deal: int | None,
             judge: Callable[[Any], tuple[float, ...]]) -> None:
    """One ISMCTS iteration on the world ``state`` (played on a working copy, ``state`` unchanged):
    select, expand one node, play out, credit."""
    path = [root]
    node = root
    state = state.working(watched=False)  # played on in place (its events unread), then played out on a copy of its own
    while not state.is_over:
        moves = state.legal_moves()
        mover = state.current_player
        fresh = [m for m in moves if m not in node.children]
        for m in moves:
            child = node.children.get(m)
            if child is not None:
                child.avail += 1
        if fresh:
            move = rng.choice(fresh)
            child = node.children[move] = _Node(mover)
            child.avail = 1
            state.step(move)
            path.append(child)
            break
        children = node.children
        move = max(moves, key=lambda m: children[m].reward / children[m].visits
                   + EXPLORATION * math.sqrt(math.log(children[m].avail) / children[m].visits))
        node = children[move]
        state.step(move)
        path.append(node)
    result = _play_out(state, rollers, deal)
    values = judge(result)
    won = first_place(result, me)
    for n in path:
        n.visits += 1
        if n.mover is not None:
            n.reward += values[n.mover]
            if n.mover == me:
                n.wins += won


def explain(result: SearchResult, me: int, game_id: str) -> Text:
    """The strong player's reason for its move, for its log: :func:`reason`, after the move
    itself when there was nothing to weigh.

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.cards import Card
    >>> from danish_nb.core import render_text
    >>> only = SearchResult(TrickMove(0, "play", Card.parse("7H")), (Candidate(None, 0, math.nan, math.nan),), 0)
    >>> render_text(explain(only, 0, "bastard"), 0, lang="fr")
    'Jouer le sept de cœur — son seul coup permis'
    """
    why = reason(result, me, game_id)
    if result.endgame is None and not result.iterations:
        return M("{move} — {why}", move=move_label(result.move, me), why=why)
    return why


class StrongPlayer:
    """The strong player (see the module): ``iterations`` per decision (default by game), an
    optional ``seconds`` cap or ``cpu_seconds`` budget (see :func:`search_view`; either makes
    it depend on the machine's speed), the search
    ``method`` (one of :data:`METHODS`) and where its playouts stop (``horizon``, one of
    :data:`HORIZONS`)."""

    name = "strong"
    #: Boards search for it in the background (:class:`~danish_nb.widgets.board.Board`).
    slow = True

    def __init__(self, game_id: str, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 method: str = "halving", horizon: str = "deal", margin: float | None = None,
                 playout_moves: int | None = None, auction_tries: int = AUCTION_TRIES,
                 cpu_seconds: float | None = None):
        self.game_id = get_game(game_id).info.id
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.method = method
        self.horizon = horizon
        self.margin = margin
        self.playout_moves = playout_moves
        self.auction_tries = auction_tries
        self.last: SearchResult | None = None

    def choose(self, state: Any, progress: Callable[[int, int], None] | None = None) -> Choice:
        """Search the mover's view of ``state``; ``progress(done, total)`` is called as it goes
        (an exception it raises stops the search)."""
        if state.is_over:
            raise game_over()
        me = state.current_player
        self.last = search_view(state.view(me), self.game_id, seed=self.seed, iterations=self.iterations,
                                seconds=self.seconds, cpu_seconds=self.cpu_seconds, method=self.method,
                                horizon=self.horizon,
                                margin=self.margin, playout_moves=self.playout_moves,
                                auction_tries=self.auction_tries, progress=progress)
        return Choice(self.last.move, explain(self.last, me, self.game_id))


class _EveryGame(Mapping[str, Callable[[int], StrongPlayer]]):
    """The strong player's factories by game id, for every registered game (one registered
    after this module was imported too).

    >>> _EveryGame()["bastard"](3).game_id, "no-such-game" in _EveryGame()
    ('bastard', False)
    """

    def __getitem__(self, game_id: str) -> Callable[[int], StrongPlayer]:
        if game_id not in GAMES:
            raise KeyError(game_id)
        return lambda seed: StrongPlayer(game_id, seed)

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


AGENTS["strong"] = _EveryGame()  # type: ignore[assignment]
