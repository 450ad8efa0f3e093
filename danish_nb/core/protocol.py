"""The state protocol: what every game's immutable state offers (:class:`State`), what one
player sees of it (:class:`View`, every family's view implements it), the part every game's
state shares (:class:`RulesState`: legality decided once, for every game) and the copy function
generated once per state class.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from itertools import repeat
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from ..cards import Card
from ..errors import IllegalMove
from .texts import Event, Result, Text, Verdict

T = TypeVar("T")


class State(Protocol):
    """What every game's immutable state offers (see DESIGN.md)."""

    @property
    def players(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    def legal_moves(self) -> list[Any]: ...
    def explain(self, move: Any) -> Verdict: ...
    def normalize(self, move: Any) -> Any: ...
    def apply(self, move: Any) -> tuple[State, tuple[Event, ...]]: ...
    def view(self, player: int | None) -> View: ...
    def all_cards(self) -> list: ...


@runtime_checkable
class View(Protocol):
    """What one player (``me``; ``None``: a spectator) may know of a table: the fields every
    family's view shares, a JSON-able form, and worlds sampled from it.

    A view is rendered from one player's knowledge, never masked from the full state, so hidden
    cards cannot leak through it. ``to_dict()`` is what a browser receives; ``sample_world(rng)``
    deals the cards the viewer has not seen into the places they cannot see and returns a
    complete state they could be in (determinization): the one hook for sampling, through which
    the search player, the endgame solver, the coach and the bridges all sample.

    >>> import random
    >>> import danish_nb as dn
    >>> state = dn.new_game("bastard", players=3, seed=2).state
    >>> view = state.view(0)
    >>> isinstance(view, View), view.me, view.to_dict()["hands"][1]
    (True, 0, None)
    >>> world = view.sample_world(random.Random(0))
    >>> world.view(0) == view, world.hands[0] == state.hands[0]
    (True, True)
    """

    @property
    def game(self) -> str:
        """The game's id (``'danish-bastard'``, ...)."""
        ...

    @property
    def players(self) -> int: ...

    @property
    def me(self) -> int | None: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Per seat, the hand if the viewer may see it, else ``None``."""
        ...

    @property
    def hand_counts(self) -> tuple[int, ...]: ...

    @property
    def current(self) -> int | None:
        """Whose turn it is (``None`` once the game is over)."""
        ...

    @property
    def phase(self) -> str: ...

    @property
    def result(self) -> Any: ...

    @property
    def note(self) -> Text:
        """A line for the board: what happens now."""
        ...

    @property
    def options(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as codes like ``'7H'``), e.g. to send to a browser."""
        ...

    def sample_world(self, rng: random.Random) -> State:
        """A complete state of this game the viewer cannot tell from the real one: what they
        see or know is as it is, the unseen cards are dealt at random into the hidden places."""
        ...


class RulesState:
    """The part of the protocol every game's state shares (a mixin for a frozen dataclass).

    The dataclass declares ``_legal: list | None = field(default=None, init=False,
    compare=False, repr=False)`` (the legal-move cache, never copied) and a ``move_type``; it
    implements ``_generate_moves()``, ``explain(move)`` and ``_apply(move)`` (``move`` already
    checked and normalized). Legality is decided here, once, for every game: ``apply`` plays
    exactly the moves ``legal_moves`` lists, and refuses anything else with the verdict of
    ``explain``.

    The same ``_apply`` also plays a working copy in place (:meth:`working`, :meth:`playout`):
    there ``self.copy(...)`` changes ``self`` and returns it, so an ``_apply`` reads what it
    needs of ``self`` before it copies (``tests/test_playout_path.py`` holds the two paths equal).

    Events are built only when someone reads them: ``_apply`` builds an event anew only if
    ``self._watched`` (true on every state and on a working copy from :meth:`working`; false on
    the quiet working copy a playout plays, whose events nobody reads). The rule itself, the next
    state, is the same either way; events shared between moves (cached) may be returned anyway.
    """

    __slots__ = ()
    move_type: ClassVar[type] = object
    #: Whether anyone reads the events ``_apply`` returns (see above).
    _watched: ClassVar[bool] = True

    if TYPE_CHECKING:  # what the dataclass declares and implements (see above), for the type checker
        _legal: list[Any] | None

        def _generate_moves(self) -> list[Any]: ...
        def explain(self, move: Any) -> Verdict: ...
        def _apply(self, move: Any) -> tuple[Any, tuple[Event, ...]]: ...

    def legal_moves(self) -> list[Any]:
        """The legal moves (a fast path; the contract tests check it agrees with ``explain``)."""
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def normalize(self, move: Any) -> Any:
        """The same move written the one way ``legal_moves`` lists it (e.g. cards in hand
        order), so histories and records read the same however it was made."""
        return move

    def well_formed(self, move: Any) -> bool:
        """Whether ``move`` is a move of this game with fields of the right types (a family
        checks its fields; ``explain`` refuses what is not well formed)."""
        return isinstance(move, self.move_type)

    def legal_move(self, move: Any) -> Any | None:
        """The legal move ``move`` is, as :meth:`legal_moves` lists it, or ``None`` if it is
        not legal (not well formed, or not listed once normalized). A move taken from
        :meth:`legal_moves` is found by identity, without checking its fields again."""
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        try:
            found = legal[legal.index(move)]
        except ValueError:
            found = None
        if found is move:
            return found
        if not self.well_formed(move):
            return None
        if found is None:
            move = self.normalize(move)
            try:
                found = legal[legal.index(move)]
            except ValueError:
                return None
        return found

    def is_legal(self, move: Any) -> bool:
        return self.legal_move(move) is not None

    def apply(self, move: Any) -> tuple[Any, tuple[Event, ...]]:
        """The next state and what happened. Raises :class:`IllegalMove` (this state unchanged)."""
        return self.apply_move(move)[1:]

    def apply_move(self, move: Any) -> tuple[Any, Any, tuple[Event, ...]]:
        """:meth:`apply`, also returning the move as :meth:`legal_moves` lists it (what a
        history records). Raises :class:`IllegalMove` (this state unchanged)."""
        found = self.legal_move(move)
        if found is None:
            raise IllegalMove(self.explain(move))
        return (found, *self._apply(found))

    def drop_caches(self) -> None:
        """Forget what this state cached (the legal moves; a game may cache more), as a state
        kept in a history does."""
        object.__setattr__(self, "_legal", None)

    def working(self, watched: bool = True) -> Any:
        """A working copy of this state for a playout: one mutable object that plays move after
        move in place (:meth:`Working.step`), through this game's own ``_apply``, so a playout
        does not copy the state at every move. This state is not changed; the working copy is
        never handed out as a state (:meth:`Working.snapshot` is this game's immutable state).
        ``watched=False``: a quiet copy, whose ``_apply`` builds no events anew (nobody reads
        them) and whose :meth:`Working.step` returns none; the same states and legal moves.

        >>> import danish_nb as dn
        >>> state = dn.new_game("bastard", players=3, seed=2).state
        >>> working = state.working()
        >>> move = working.legal_moves()[0]
        >>> working.step(move) == state.apply(move)[1], working.snapshot() == state.apply(move)[0]
        (True, True)
        >>> quiet = state.working(watched=False)
        >>> quiet.step(move), quiet.snapshot() == working.snapshot()
        ((), True)
        """
        working = _working(getattr(self, "_state_class", type(self)), watched)
        return working.load(object.__new__(working), self)

    def playout(self, choose: random.Random | Callable[[Any], Any], limit: int | None = None) -> tuple[Any, int]:
        """Play this state out on a quiet working copy (:meth:`working`): at each step the move
        ``choose(working)`` returns (``choose`` a ``random.Random``: a random legal move), until
        the game is over or ``limit`` moves are played. Returns the last state (immutable, as
        :meth:`apply` would have reached it) and the moves played; this state is not changed.

        >>> import random
        >>> import danish_nb as dn
        >>> state = dn.new_game("rat-bastard-17", players=2, seed=1).state
        >>> final, moves = state.playout(random.Random(5))
        >>> final.is_over, moves > 0, state.turn
        (True, True, 0)
        """
        working = self.working(watched=False)
        step, played = working.step, 0
        if isinstance(choose, random.Random):  # a move picked from the legal moves is played at once
            pick, generate, apply, load = choose.choice, working._generate_moves, working._apply, working.load
            for _ in repeat(None) if limit is None else repeat(None, limit):
                legal = generate()  # every move resets the working copy's cache: none to read or keep
                if not legal:  # over: a game not over always has a move (the contract tests), so no is_over call
                    break
                state = apply(pick(legal))[0]
                if state is not working:
                    load(working, state)
                played += 1
        else:
            while not working.is_over and (limit is None or played < limit):
                step(choose(working))
                played += 1
        return working.snapshot(), played

    def copy(self, **changes: Any) -> Any:
        """This state with some fields changed (the one way states are copied; caches are not).
        Like ``dataclasses.replace``, by a function generated once per class (it is on every
        move's path): one slot write per field. The class's first copy sets that function as
        the class's own ``copy``, so later copies call it directly."""
        cls = type(self)
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _copier(cls)
            if "copy" not in cls.__dict__:
                type.__setattr__(cls, "copy", copier)
        return copier(self, **changes)


#: Per state class, its copy function (see :func:`_copier`).
_COPIERS: dict[type, Callable[..., Any]] = {}


def _copier(cls: type) -> Callable[..., Any]:
    """``copy(state, **changes)`` for a slotted dataclass ``cls``, generated as
    ``dataclasses`` generates ``__init__``: each ``__init__`` field taken from ``changes`` or
    the state, each other field (a cache) reset to its default. An unknown field is a
    ``TypeError``, as for any call. A state of a subclass (which inherits this function as its
    ``copy``) is copied by its own class's function. The copy is written in :func:`_unfrozen`'s
    class with plain attribute writes, then becomes a ``cls``."""
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields if f.init]
    caches = {f.name: None if f.default is dataclasses.MISSING else f.default for f in fields if not f.init}
    spaces: dict[str, Any] = {"_KEEP": _KEEP}
    defaults = {f"_default{i}": caches[name] for i, name in enumerate(caches)}
    # the names the copy reads are the factory's arguments, so the copy reads them as closure
    # cells (LOAD_DEREF), not globals: a tenth of a copy's cost
    lines = [f"def factory(_new, _cls, _unfrozen, _keep, _other, {', '.join(defaults) or '_none=None'}):",
             f"  def copy(_self_, *, {', '.join(f'{n}=_KEEP' for n in names)}):",
             "    if type(_self_) is not _cls:",
             f"        return _other(_self_, {{{', '.join(f'{n!r}: {n}' for n in names)}}})",
             "    new = _new(_unfrozen)"]
    lines += [f"    new.{name} = _self_.{name} if {name} is _keep else {name}" for name in names]
    lines += [f"    new.{name} = {default}" for name, default in zip(caches, defaults)]
    lines += ["    new.__class__ = _cls", "    return new", "  return copy"]
    exec("\n".join(lines), spaces)  # noqa: S102 - code built from the class's own field names
    return spaces["factory"](object.__new__, cls, _unfrozen(cls), _KEEP, _copy_other, *defaults.values())


#: A field left as it is in :meth:`RulesState.copy`.
_KEEP = object()


@cache
def _unfrozen(cls: type) -> type:
    """A subclass of ``cls`` (one per class) that adds no slots and drops the frozen
    ``__setattr__``, in which an object is written by plain attribute writes (Python's fastest:
    half the cost of a copy) before it becomes a ``cls`` by ``__class__`` assignment (which
    Python allows: the layout is the same, however many layers of slots ``cls`` has).

    >>> import danish_nb as dn
    >>> _unfrozen(type(dn.new_game("le-danish", players=3).state)).__name__
    '_BuildingLeDanishState'
    """
    return type(f"_Building{cls.__name__}", (cls,), {"__slots__": (), "__setattr__": object.__setattr__,
                                                      "__delattr__": object.__delattr__})


def builder(cls: type[T]) -> Callable[..., T]:
    """A fast constructor of the frozen dataclass ``cls`` (for records built on every deal or
    move): ``builder(cls)(*values)`` is ``cls(*values)``, every ``__init__`` field given in
    order, each other field (a cache) at its default. Generated once from the class's own
    fields, it writes them in :func:`_unfrozen`'s class, a quarter of the cost of the
    dataclass's ``__init__``; a class that checks its fields (``__post_init__``) has none.

    >>> @dataclasses.dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     left: int
    ...     right: tuple[int, ...] = ()
    >>> pair = builder(Pair)(1, (2,))
    >>> pair == Pair(1, (2,)), type(pair) is Pair
    (True, True)
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} checks its fields in __post_init__: build it by its constructor")
    made: Any = cls  # a dataclass, as the caller says
    fields = dataclasses.fields(made)
    names = [f.name for f in fields if f.init]
    caches = {f.name: None if f.default is dataclasses.MISSING else f.default for f in fields if not f.init}
    lines = [f"def factory(_new_, _cls_, _unfrozen_, {''.join(f'_default{i}, ' for i in range(len(caches)))}):",
             f"  def {cls.__name__}({', '.join(names)}):", "    _obj_ = _new_(_unfrozen_)"]
    lines += [f"    _obj_.{name} = {name}" for name in names]
    lines += [f"    _obj_.{name} = _default{i}" for i, name in enumerate(caches)]
    lines += ["    _obj_.__class__ = _cls_", "    return _obj_", f"  return {cls.__name__}"]
    spaces: dict[str, Any] = {}
    exec("\n".join(lines), spaces)  # noqa: S102 - code built from the class's own field names
    return cast(Callable[..., T], spaces["factory"](object.__new__, cls, _unfrozen(made), *caches.values()))


def _copy_other(state: Any, given: dict[str, Any]) -> Any:
    """``state.copy(**given)`` by the copy function of ``state``'s own class, ``given`` less the
    fields left as they are."""
    return RulesState.copy(state, **{name: value for name, value in given.items() if value is not _KEEP})


class Working:
    """What a working copy (:meth:`RulesState.working`) adds to its state class: it plays moves
    in place. Its class is a subclass of the state's class (made once per class by
    :func:`_working`) whose ``copy(**changes)`` writes the changes into the object itself and
    returns it, so the game's ``_apply`` runs unchanged: the same rule code, one object."""

    __slots__ = ()

    #: The state class this working class plays.
    _state_class: ClassVar[type]
    #: Whether anyone reads its events (false: a quiet copy, see :meth:`RulesState.working`).
    _watched: ClassVar[bool]

    if TYPE_CHECKING:
        _legal: list[Any] | None

        def legal_move(self, move: Any) -> Any | None: ...
        def explain(self, move: Any) -> Verdict: ...
        def _apply(self, move: Any) -> tuple[Any, tuple[Event, ...]]: ...
        def _generate_moves(self) -> list[Any]: ...

        @staticmethod
        def load(target: Any, source: Any) -> Any: ...

    def step(self, move: Any) -> tuple[Event, ...]:
        """Play ``move`` in place; what happened (a quiet copy: nothing, see
        :meth:`RulesState.working`). Raises :class:`IllegalMove` (nothing changed)."""
        found = self.legal_move(move)
        if found is None:
            raise IllegalMove(self.explain(move))
        state, events = self._apply(found)
        if state is not self:  # a rule that builds its next state anew
            self.load(self, state)
        return events if self._watched else ()

    def _moves(self) -> list[Any]:
        """The legal moves, not copied (a playout only reads them)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_moves()  # type: ignore[misc]  # a working class writes plainly
        return legal

    def snapshot(self) -> Any:
        """This working copy's state as the game's immutable state (a copy: playing on changes
        nothing in it)."""
        state = self.load(object.__new__(_unfrozen(self._state_class)), self)
        state.__class__ = self._state_class
        return state

    def __hash__(self) -> int:
        raise TypeError("a working copy changes: it has no hash (snapshot() it)")


#: Per state class and watched or quiet, its working class (see :func:`_working`).
_WORKERS: dict[tuple[type, bool], type[Working]] = {}


def _working(cls: type, watched: bool = True) -> type[Working]:
    """The working class of the state class ``cls`` (made once; ``watched=False``: the quiet one,
    see :meth:`RulesState.working`): :class:`Working` over ``cls``, plain attribute writes, a
    ``copy`` that writes in place and resets the caches, and ``load`` (every field of one state
    written into another, caches reset).

    >>> import danish_nb as dn
    >>> sjavs = type(dn.new_game("sjavs", players=3).state)
    >>> _working(sjavs).__name__, _working(sjavs, watched=False).__name__
    ('_WorkingSjavsState', '_QuietSjavsState')
    """
    made = _WORKERS.get((cls, watched))
    if made is not None:
        return made
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields if f.init]
    caches = {f.name: None if f.default is dataclasses.MISSING else f.default for f in fields if not f.init}
    defaults = {f"_default{i}": caches[name] for i, name in enumerate(caches)}
    resets = [f"    _self_.{name} = {default}" for name, default in zip(caches, defaults)]
    # the fields' defaults are positional defaults (a tuple), not keyword-only ones (looked up
    # by name at every call): a tenth of a working copy's cost. A field given by position is
    # refused by the state's own copy, which runs the same rule code
    lines = [f"def factory(_keep, {', '.join(defaults) or '_none=None'}):",
             f"  def copy(_self_, {', '.join(f'{n}=_KEEP' for n in names)}):"]
    lines += [f"    if {name} is not _keep: _self_.{name} = {name}" for name in names]
    lines += [*resets, "    return _self_",
              "  def load(_self_, _from_):"]
    lines += [f"    _self_.{name} = _from_.{name}" for name in names]
    lines += [*resets, "    return _self_", "  return copy, load"]
    spaces: dict[str, Any] = {"_KEEP": _KEEP}
    exec("\n".join(lines), spaces)  # noqa: S102 - code built from the class's own field names
    copy, load = spaces["factory"](_KEEP, *defaults.values())
    made = _WORKERS[cls, watched] = type(f"_{'Working' if watched else 'Quiet'}{cls.__name__}", (Working, cls), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        "copy": copy, "load": staticmethod(load), "_state_class": cls, "_watched": watched})
    return made
