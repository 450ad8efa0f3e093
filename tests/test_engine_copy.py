"""State copies (``RulesState.copy``, on every move's path) and ``Game.play``'s bookkeeping:
the class's own copy function, subclasses, caches, unknown fields, refused moves."""

from __future__ import annotations

import dataclasses
import random

import pytest

import danish_nb as dn
from danish_nb.core.protocol import _unfrozen
from danish_nb.games.danish_bastard import DanishBastardState
from danish_nb.games.le_danish import LeDanishState


@dataclasses.dataclass(frozen=True, slots=True)
class MarkedState(DanishBastardState):
    """A subclass with a field of its own: it inherits its parent's installed copy function."""

    mark: str = "x"


def test_a_copy_changes_the_given_fields_keeps_the_others_and_drops_the_cache():
    state = dn.new_game("danish-bastard", players=3, seed=2).state
    state.legal_moves()
    assert state._legal is not None
    copy = state.copy(turn=state.turn + 5)
    assert type(copy) is type(state) and copy.turn == state.turn + 5 and copy._legal is None
    assert dataclasses.replace(state, turn=state.turn + 5) == copy
    assert all(getattr(copy, f.name) is getattr(state, f.name) for f in dataclasses.fields(state)
               if f.init and f.name != "turn")


@pytest.mark.parametrize("cls", [DanishBastardState, LeDanishState, MarkedState])
def test_a_class_with_one_or_two_layers_of_slots_is_copied_in_an_unfrozen_subclass(cls):
    builder = _unfrozen(cls)
    assert issubclass(builder, cls) and builder.__slots__ == () and builder.__setattr__ is object.__setattr__
    state = dn.new_game("le-danish" if cls is LeDanishState else "danish-bastard", players=3, seed=2).state
    if cls is MarkedState:  # its own slot over its parent's: two layers
        state = MarkedState(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.init})
    copy = state.copy(turn=7)
    assert type(copy) is cls and copy.turn == 7 and copy == dataclasses.replace(state, turn=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.turn = 8


def test_a_subclass_state_is_copied_as_itself_with_its_own_fields():
    state = dn.new_game("danish-bastard", players=3, seed=2).state
    state.copy()  # the parent class now calls its generated copy function directly
    assert "copy" in DanishBastardState.__dict__
    marked = MarkedState(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.init},
                         mark="seen")
    copy = marked.copy(turn=9)
    assert type(copy) is MarkedState and (copy.mark, copy.turn) == ("seen", 9)
    assert copy.copy(mark="again").mark == "again"


def test_an_unknown_field_is_a_type_error_and_states_stay_frozen():
    state = dn.new_game("danish-bastard", players=3, seed=2).state
    state.copy()
    with pytest.raises(TypeError):
        state.copy(colour="red")
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.copy(turn=1).turn = 3


@pytest.mark.parametrize("game_id, players", [("danish-bastard", 3), ("le-danish", 3), ("rat-bastard-17", 2),
                                              ("bastard", 3), ("sjavs", 3)])
def test_a_refused_move_changes_nothing_and_every_dropped_state_is_rebuilt_alike(game_id, players):
    game = dn.new_game(game_id, players=players, seed=4)
    rng = random.Random(4)
    states = [game.state]
    for _ in range(80):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        states.append(game.state)
    with pytest.raises(dn.DanishNbError):
        game.play("P9 take")
    assert len(game.history) > 32  # so some states were dropped and are rebuilt here
    assert game.states() == states and len(game.history) == len(states) - 1
