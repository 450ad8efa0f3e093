"""The computer-player protocol, the base of the seeded players (:class:`SeededPlayer`), the
registry of players, the random player, and playing a game out with computer players."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import DanishNbError, Game, Text, _short, get_game, load_object, render_text
from ..i18n import M


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer player's move and its reason, in words a learner can follow.

    ``why`` may name cards of the player's hand as :class:`~danish_nb.core.Private` parts:
    :meth:`why_for` renders it for one viewer.
    """

    move: Any
    why: Text

    def why_for(self, viewer: int | None, reveal_hands: bool = False, lang: str = "en") -> str:
        """The reason as ``viewer`` may read it, in ``lang``."""
        return render_text(self.why, viewer, reveal_hands, lang=lang)


class Agent(Protocol):
    name: str

    def choose(self, state: Any) -> Choice: ...


def game_over() -> DanishNbError:
    """The error a computer player raises when asked to move in a game that is over.

    >>> print(game_over())
    no legal move: the game is over
    """
    return DanishNbError(M("no legal move: the game is over"))


class SeededPlayer:
    """The base of the computer players that break ties at random: ``rng``, seeded (the same
    seed plays the same game), and :meth:`moves`, the legal moves or :func:`game_over`.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["AS"], ["3C"]]})
    >>> _ = g.play("P1 play AS")
    >>> RandomAgent(seed=1).choose(g.state)
    Traceback (most recent call last):
    ...
    danish_nb.errors.DanishNbError: no legal move: the game is over
    """

    name = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def moves(self, state: Any) -> list[Any]:
        """The legal moves in ``state``. Raises :func:`game_over` when there are none."""
        moves = state.legal_moves()
        if not moves:
            raise game_over()
        return moves


class RandomAgent(SeededPlayer):
    """Plays a uniformly random legal move (seeded: the same seed plays the same game)."""

    name = "random"

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        move = self.rng.choice(moves)
        return Choice(move, M("picked at random among {moves} legal moves", moves=len(moves)))


#: name -> {family or "*": factory(seed)}; families add their own players, a game its own in its
#: :class:`~danish_nb.core.GameParts` (``agents``).
AGENTS: dict[str, dict[str, Callable[[int], Agent]]] = {"random": {"*": RandomAgent}}


def make_agent(name: str, game_id: str, seed: int = 0) -> Agent:
    """A computer player by name (``"random"``, ``"rule-of-thumb"``) for the game ``game_id``:
    the one made for that game if there is one, else the one for its family.

    >>> make_agent("rule-of-thumb", "le-danish").__class__.__name__
    'LeDanishRuleOfThumb'
    >>> make_agent("rule-of-thumb", "bastard", seed=3).__class__.__name__
    'TrickRuleOfThumb'
    """
    players = AGENTS.get(name) if isinstance(name, str) else None
    if players is None:
        raise DanishNbError(f"unknown computer player {_short(name)}; choose from {', '.join(AGENTS)}")
    info = get_game(game_id).info
    own = info.parts.agents.get(name)
    factory = load_object(own) if own else players.get(info.id) or players.get(info.family) or players.get("*")
    if factory is None:
        raise DanishNbError(f"the {name!r} player does not play {info.title}")
    return factory(seed)


def play_out(game: Game, seats: Mapping[int, Agent | str] | Sequence[Agent | str], *, seed: int = 0,
             max_moves: int | None = None, on_move: Callable[[Choice], None] | None = None) -> list[Choice]:
    """Play ``game`` on with computer players until it ends, ``max_moves`` moves are played, or
    a seat without a player is to move; return each :class:`Choice` played, in order.

    ``seats`` gives each seat its player, by seat number (a dict) or in seat order (a list): an
    :class:`Agent`, or a name made with ``make_agent(name, game id, seed + seat)``. ``on_move``
    is called with each choice once its move is played.

    >>> import danish_nb as dn
    >>> g = dn.new_game("sjavs", players=3, seed=2)
    >>> choices = play_out(g, ["rule-of-thumb"] * 3, max_moves=5)
    >>> len(g.history), [str(c.move) for c in choices] == [str(s.move) for s in g.history]
    (5, True)
    """
    pairs = seats.items() if isinstance(seats, Mapping) else enumerate(seats)
    agents = {seat: make_agent(agent, game.rules.id, seed + seat) if isinstance(agent, str) else agent
              for seat, agent in pairs}
    played: list[Choice] = []
    while not game.is_over and (max_moves is None or len(played) < max_moves):
        seat = game.current_player
        agent = None if seat is None else agents.get(seat)
        if agent is None:
            break
        choice = agent.choose(game.state)
        game.play(choice.move)
        played.append(choice)
        if on_move is not None:
            on_move(choice)
    return played
