"""The session: a :class:`Game` drives one immutable state after another through its rules
(play, explain, undo, redo, records); :func:`new_game` deals one, :func:`setup` sets one up,
:func:`load_record` replays one from a record (whose format :mod:`danish_nb.records` owns).

>>> import danish_nb as dn
>>> g = new_game("danish-bastard", players=3, seed=7)
>>> _ = g.play(g.legal_moves()[0]); len(g.history), g.undo().move == g.redo().move
(1, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import (
    MAX_MOVE_TEXT,
    MAX_POSITION_ITEMS,
    Cause,
    DanishNbError,
    IllegalMove,
    MoveParseError,
    OptionsError,
    RecordError,
    _short,
    check_plain,
    cut,
)
from ..i18n import M
from ..records import read_record, write_record
from .options import make_options
from .registry import GameRules, get_game
from .texts import Catalogue, Event, Result, Verdict


class Step:
    """One played move: the move, what happened, and the state after it.

    A history keeps the state of every :data:`KEEP_EVERY`-th step and of the last one; any
    other step's state is rebuilt when asked for, by replaying its moves from the kept state
    before it (the rules are deterministic), and kept from then on. So a long game's history
    holds moves and events, not thousands of states.

    >>> import danish_nb as dn
    >>> g = dn.new_game("rat-bastard-17", players=2, seed=1)
    >>> for _ in range(3): _ = g.play(g.legal_moves()[0])
    >>> g.history[0].state == g.initial_state.apply(g.history[0].move)[0]
    True
    """

    __slots__ = ("move", "events", "_state", "_before")

    def __init__(self, move: Any, events: tuple[Event, ...], state: Any, before: Any = None):
        self.move = move
        self.events = events
        self._state = state
        #: The step before this one, or the game's first state: where a dropped state is rebuilt from.
        self._before = before

    @property
    def state(self) -> Any:
        state = self._state
        if state is None:
            before = self._before
            previous = before.state if isinstance(before, Step) else before
            state = self._state = previous._apply(self.move)[0]
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.move, self.events, self.state) == (other.move, other.events, other.state)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Step(move={self.move!r}, events={self.events!r}, state={self.state!r})"


#: A history keeps the state of every this many steps (see :class:`Step`).
KEEP_EVERY = 32


def _no_events(state: Any) -> tuple[Event, ...]:
    return ()


class Game:
    """A game session: the current state, its history, undo and redo, explanations, records.

    >>> import danish_nb as dn
    >>> g = dn.new_game("danish-bastard", players=3, seed=7)
    >>> move = g.legal_moves()[0]
    >>> _ = g.play(move); _ = g.undo(); _ = g.redo(); len(g.history)
    1
    """

    def __init__(self, rules: GameRules, state: Any, *, options: Any, players: int,
                 seed: int | None = None, position: Mapping[str, Any] | None = None):
        self.rules = rules
        self.options = options
        self.players = players
        self.seed = seed
        self.position = dict(position) if position is not None else None
        self.initial_state = state
        self.opening_events: tuple[Event, ...] = tuple(getattr(rules, "deal_events", _no_events)(state))
        self.history: list[Step] = []
        self._redo: list[Step] = []
        self.listeners: list[Callable[[Game], None]] = []

    # -- reading
    @property
    def state(self) -> Any:
        history = self.history
        if not history:
            return self.initial_state
        last = history[-1]
        return last._state or last.state

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        history = self.history  # as :attr:`state` reads it (this is on every move's path)
        if history:
            last = history[-1]
            return (last._state or last.state).is_over
        return self.initial_state.is_over

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def catalogue(self) -> Catalogue:
        return self.rules.catalogue

    def states(self) -> list[Any]:
        """Every state from the first to the current one."""
        return [self.initial_state] + [step.state for step in self.history]

    def legal_moves(self) -> list[Any]:
        history = self.history
        if history:
            last = history[-1]
            return (last._state or last.state).legal_moves()
        return self.initial_state.legal_moves()

    def explain(self, move: Any) -> Verdict:
        return self.state.explain(self.parse_move(move) if isinstance(move, str) else move)

    def parse_move(self, text: str) -> Any:
        """A move from its notation. Raises :class:`MoveParseError` (text too long or not a move)."""
        if not isinstance(text, str):
            raise MoveParseError(M("a move's notation is text like 'P1 take', not a {kind}", kind=type(text).__name__))
        if len(text) > MAX_MOVE_TEXT:
            raise MoveParseError(M("a move is at most {MAX_MOVE_TEXT} characters, not {count}: {text}",
                                   MAX_MOVE_TEXT=MAX_MOVE_TEXT, count=len(text), text=_short(text)))
        return self.rules.parse_move(text)

    # -- changing
    def play(self, move: Any) -> tuple[Event, ...]:
        """Play a move (a move value or its notation). Raises :class:`IllegalMove`; nothing changes then."""
        if isinstance(move, str):
            move = self.parse_move(move)
        history = self.history
        if history:
            last = history[-1]
            before = last._state or last.state
        else:
            last = before = self.initial_state
        found = before.legal_move(move)  # what apply_move does, without its call and tuple
        if found is None:
            raise IllegalMove(before.explain(move))
        state, events = before._apply(found)
        if history and len(history) % KEEP_EVERY and last._before is not None:
            last._state = None  # rebuilt when asked for (see Step)
        else:
            before.drop_caches()  # a state the history keeps keeps no cache (history stays small)
        history.append(Step(found, events, state, last))
        if self._redo:
            self._redo.clear()
        if self.listeners:
            self._notify()
        return events

    def undo(self) -> Step:
        """Take back the last move (it can be redone until another move is played)."""
        if not self.history:
            raise DanishNbError(M("nothing to undo: no move has been played"))
        step = self.history.pop()
        self._redo.append(step)
        self._notify()
        return step

    def redo(self) -> Step:
        if not self._redo:
            raise DanishNbError(M("nothing to redo"))
        step = self._redo.pop()
        self.history.append(step)
        self._notify()
        return step

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- records
    def to_record(self) -> dict[str, Any]:
        """A JSON-able record (:func:`danish_nb.records.write_record`): game, players, seed (or
        set-up position), options, moves; :func:`load_record` reads it back."""
        return write_record(self.rules.id, self.players, dataclasses.asdict(self.options),
                            [str(step.move) for step in self.history], seed=self.seed, position=self.position)


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(M("{what} must be a whole number, not {kind} {value}",
                             what=what, kind=type(value).__name__, value=_short(value)))
    return value


def new_game(game_id: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """Deal a new game: ``new_game("danish-bastard", players=3, seed=7)``.

    Raises :class:`OptionsError` for an unknown game, a player count it does not allow, or
    bad options.
    """
    rules = get_game(game_id)
    if _whole_number(players, "players") not in rules.info.player_counts:
        raise OptionsError(M("{title} takes {min_players} to {max_players} players, not {players}", title=rules.title,
                             min_players=rules.min_players, max_players=rules.max_players, players=_short(players)))
    _whole_number(seed, "seed")
    opts: Any = make_options(rules.options_type, options)
    return Game(rules, rules.new_state(players, seed, opts), options=opts, players=players, seed=seed)


def setup(game_id: str, position: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> Game:
    """A game from a plain-dict position (see each game's ``setup_state`` for the keys).

    Raises :class:`OptionsError` for a position that is not a dict with text keys, nests too
    deeply or is too large, or that the game refuses.
    """
    rules = get_game(game_id)
    if not isinstance(position, Mapping):
        raise OptionsError(M("a position is a dict, not {kind}", kind=type(position).__name__))
    if len(position) > MAX_POSITION_ITEMS:
        raise OptionsError(M("a position holds more than {MAX_POSITION_ITEMS} values",
                             MAX_POSITION_ITEMS=MAX_POSITION_ITEMS))
    position = dict(position)
    check_plain(position, "a position", OptionsError, max_items=MAX_POSITION_ITEMS)
    opts: Any = make_options(rules.options_type, options)
    state = rules.setup_state(position, opts)
    return Game(rules, state, options=opts, players=state.players, position=position)


def load_record(record: Mapping[str, Any] | str) -> Game:
    """Rebuild a game from :meth:`Game.to_record` output (a dict or its JSON text, read by
    :func:`danish_nb.records.read_record`), replaying and checking every move. Raises
    :class:`RecordError` saying what is wrong and where.

    >>> load_record('{"format": "danish-nb/record", "version": 1, "game": "bastard", "moves": []}')
    Traceback (most recent call last):
    danish_nb.errors.RecordError: the record cannot start a game: players must be a whole number, not NoneType None
    """
    record = read_record(record)
    moves = record["moves"]
    given: dict[str, Any] = {key: record.get(key) for key in ("game", "players", "seed", "options")}  # checked there
    try:
        if "position" in record:
            game = setup(given["game"], record["position"], given["options"])
        else:
            game = new_game(given["game"], given["players"], given["seed"], given["options"])
    except DanishNbError as exc:
        raise RecordError(M("the record cannot start a game: {error}", error=exc)) from None
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except DanishNbError as exc:
            raise RecordError(M("move {number} (“{text}”) does not replay, because {error}",
                                number=number, text=cut(text), error=Cause(exc))) from None
        except Exception as exc:  # a bug in a game's rules: still the record's error, with its cause
            raise RecordError(M("move {number} (“{text}”) does not replay, because the game's rules failed "
                                "({kind}, {error})", number=number, text=cut(text), kind=type(exc).__name__,
                                error=_short(str(exc), 200))) from exc
    return game
