"""The registry of games: what a game declares (:class:`GameParts`), what it is as data
(:class:`GameInfo`), what its rules offer (:class:`GameRules`), and :data:`GAMES`, where
:func:`register` adds it and :func:`get_game` finds it.

>>> import danish_nb as dn
>>> get_game("bastard").info.family in FAMILIES
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from ..errors import DanishNbError, OptionsError, _short
from ..i18n import M
from .options import OptionInfo, option_infos
from .protocol import State
from .texts import Catalogue

#: The game families (what a family module and a board adapter share), by name.
FAMILIES = ("shedding", "tricks", "running-total")
#: Language codes of the source documents (``1-danish-bastard.en.txt`` is in English).
LANGUAGES = {"en": "English", "fr": "French", "de": "German"}


def load_object(path: str) -> Any:
    """The object a ``"module:name"`` path names, its module imported (how a game declares what
    lives above it, such as its board, without importing it).

    >>> load_object("danish_nb.cards:Card").__name__
    'Card'
    """
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True, slots=True)
class GameParts:
    """What the rest of the package needs about a game besides its rules, declared once in the
    game's module (``register(Rules(), GameParts(...))``) and read as ``dn.GAMES[id].info.parts``.
    Every field has a default a new game may keep:

    - ``players``: the seats when none are asked for (the bridges; default: the fewest);
    - ``agents``: computer players made for this game, by name, as ``"module:Class"`` paths (a
      class taking a seed); otherwise its family's players play it;
    - ``iterations``, ``move_budget``, ``margin``: the strong player's search budget (per decision;
      playout moves per decision; the weight of the point margin in a playout's value and the
      margin that counts fully), see ``agents/search.py``;
    - ``card_values``: what taking a card is worth to the trick family's rule-of-thumb player;
    - ``endgame``: for a trick game, ``endgame(state, player, cards, index)`` giving the exact
      endgame solver its scoring (``families.tricks.EndgameScoring``); none: no solver;
    - ``actions``: ``actions(dealt state, players)``, the bridges' action space as
      ``(action, form, size)`` segments (``bridges/actions.py``), and ``bids``, an auction's bids;
    - ``max_moves``: ``max_moves(players, options)``, a bound on a game's moves (OpenSpiel's
      game length; default: from a ``turn_limit`` option);
    - ``board``: the board widget as a ``"module:Class"`` path (default: its family's board);
    - ``sample``: ``(players, seed)`` of the sample record its lesson loads;
    - ``practice``: its practice facts (scenes, rules left out, questions) as a ``"module:object"``
      path to a ``danish_nb.practice.part.PracticePart`` (default: generic practice).

    >>> import danish_nb as dn
    >>> dn.GAMES["sjavs"].info.parts.players, GameParts().iterations
    (4, 150)
    """

    players: int | None = None
    agents: Mapping[str, str] = field(default_factory=dict)
    iterations: int = 150
    move_budget: int | None = None
    margin: tuple[float, float] = (0.0, 1.0)
    card_values: Mapping[Any, int] = field(default_factory=dict)
    endgame: Callable[..., Any] | None = None
    actions: Callable[[Any, int], Sequence[tuple[str, str, int]]] | None = None
    bids: tuple[str, ...] = ()
    max_moves: Callable[[int, Any], int] | None = None
    board: str | None = None
    sample: tuple[int, int] | None = None
    practice: str | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, as data: for menus, settings panels, the rulings page and the contract
    tests. ``dn.GAMES[game_id].info``.

    >>> import danish_nb as dn
    >>> info = dn.GAMES["le-danish"].info
    >>> info.title, info.family, (info.min_players, info.max_players), info.language
    ('Le danish', 'shedding', (2, 11), 'fr')
    >>> info.option("turn_limit").label
    'turn limit'
    """

    id: str
    title: str
    family: str
    min_players: int
    max_players: int
    source: str
    language: str
    options: tuple[OptionInfo, ...]
    parts: GameParts = GameParts()

    @property
    def default_players(self) -> int:
        """The seats when none are asked for (:attr:`GameParts.players`, else the fewest)."""
        return self.parts.players or self.min_players

    @property
    def language_name(self) -> str:
        """``'English'``, ``'French'``, ``'German'``."""
        return LANGUAGES[self.language]

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> OptionInfo:
        """One option of the schema, by name. Raises :class:`OptionsError`."""
        for info in self.options:
            if info.name == name:
                return info
        raise OptionsError(M("{title} has no option {name}", title=self.title, name=_short(name)))

    @classmethod
    def of(cls, rules: Any, parts: GameParts = GameParts()) -> GameInfo:
        """Read a rules object's attributes (``id``, ``title``, ``family``, ``source``,
        ``options_type``, ``min_players``, ``max_players``) and take its ``parts``; the language
        is the source file name's suffix. Raises :class:`DanishNbError` for a rules object that
        lacks one."""
        family = rules.family
        language = rules.source.rsplit(".", 2)[-2] if rules.source.count(".") >= 2 else ""
        if family not in FAMILIES or language not in LANGUAGES:
            raise DanishNbError(f"game {rules.id!r}: family {family!r} must be one of {FAMILIES} and "
                                f"its source named like '1-name.en.txt' (language one of {', '.join(LANGUAGES)})")
        return cls(rules.id, rules.title, family, rules.min_players, rules.max_players, rules.source,
                   language, option_infos(rules.options_type), parts)


class GameRules(Protocol):
    """A game: its identity, source, rule catalogue, options and how to start a state.

    :func:`register` adds :attr:`info`, the game's :class:`GameInfo`, built from the other
    attributes and the :class:`GameParts` the game declares with it.
    """

    id: str
    title: str
    family: str
    source: str
    catalogue: Catalogue
    options_type: type
    min_players: int
    max_players: int
    info: GameInfo

    def new_state(self, players: int, seed: int, options: Any) -> State: ...
    # optional: def deal_events(self, state) -> tuple[Event, ...]: what the deal did, with its rules
    def setup_state(self, position: Mapping[str, Any], options: Any) -> State: ...
    def parse_move(self, text: str) -> Any: ...


@dataclass(frozen=True, slots=True)
class GameCard:
    """What a menu shows of a game before its module is imported: declared with the module's
    name (``danish_nb/games/__init__.py``), read from the game's :class:`GameInfo` once it is
    registered (a test checks that the two agree).

    >>> import danish_nb as dn
    >>> dn.GAMES.card("bastard")
    GameCard(id='bastard', title='Bastard', family='tricks', max_players=4)
    """

    id: str
    title: str
    family: str
    max_players: int


class GameRegistry(Mapping[str, GameRules]):
    """:data:`GAMES`, the games by id, in the order they were declared or registered. A game
    declared with its module's name is imported when it is first looked up (its module
    registers it): a page that plays one game imports one.

    >>> registry = GameRegistry()
    >>> registry.declare("demo", "no.such.module", GameCard("demo", "Demo", "tricks", 4))
    >>> list(registry), registry.card("demo").title, "demo" in registry
    (['demo'], 'Demo', True)
    """

    def __init__(self) -> None:
        self._rules: dict[str, GameRules] = {}
        self._declared: dict[str, tuple[str, GameCard]] = {}

    def declare(self, game_id: str, module: str, card: GameCard) -> None:
        """Name the module that registers ``game_id`` (imported on first lookup) and its card."""
        self._declared[game_id] = (module, card)

    def add(self, game: GameRules) -> None:
        """Hold a registered game (:func:`register` does this)."""
        self._rules[game.id] = game

    def remove(self, game_id: str) -> None:
        """Forget a game registered or declared under ``game_id`` (a test's own game, when it ends)."""
        self._rules.pop(game_id, None)
        self._declared.pop(game_id, None)

    def card(self, game_id: str) -> GameCard:
        """A game's card, without importing its module. Raises ``KeyError``."""
        if game_id in self._rules:
            info = self._rules[game_id].info
            return GameCard(info.id, info.title, info.family, info.max_players)
        return self._declared[game_id][1]

    def cards(self) -> list[GameCard]:
        """Every game's card, in order, importing none."""
        return [self.card(game_id) for game_id in self]

    def __getitem__(self, game_id: str) -> GameRules:
        if game_id not in self._rules and game_id in self._declared:
            import_module(self._declared[game_id][0])
        return self._rules[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._rules or game_id in self._declared

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._declared), **dict.fromkeys(self._rules)})

    def __len__(self) -> int:
        return len(self._declared.keys() | self._rules.keys())


GAMES = GameRegistry()


def register(game: GameRules, parts: GameParts = GameParts()) -> GameRules:
    """Add a game to :data:`GAMES` under its id, with its :class:`GameInfo` (``parts``, what the
    rest of the package needs about it, included) as ``game.info``: registering is all a new game
    needs to be listed, offered, played by the computer players and the bridges, and covered by
    the contract tests."""
    game.info = GameInfo.of(game, parts)
    GAMES.add(game)
    return game


def get_game(game_id: str) -> GameRules:
    """The registered game ``game_id``. Raises :class:`OptionsError` naming the games."""
    if not isinstance(game_id, str):
        raise OptionsError(M("a game id is text, not a {kind}", kind=type(game_id).__name__))
    try:
        return GAMES[game_id]
    except KeyError:
        raise OptionsError(M("unknown game {game_id}; the games are: {items}",
                             game_id=_short(game_id), items=', '.join(GAMES))) from None
