"""Cards the rules refuse now, as a screen reader meets them (issue 44): each of the learner's
cards on offer that no legal move plays is drawn unavailable (``aria-disabled``), why as its
description (``title``), in every game and language, from the board's one model (both hosts draw
it: Voila's widget and the serverless page). Selecting it still shows the same reason in its
verdict. Chromium's reading of it (role, disabled, description) is in test_a11y_board.py.
"""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from hypothesis import given, strategies as st

import danish_nb as dn
from danish_nb.core import render_text
from danish_nb.i18n import translator
from danish_nb.widgets import board_for
from helpers import budget

#: The opening tag of each clickable card of the learner: its zone, index and attributes.
CARD = re.compile(r'<span data-act="card" data-idx="(\d+)"[^>]*?data-zone="([a-z]+)"[^>]*>')
#: The opening tag of each face-down card played blind.
CLOSED = re.compile(r'<span class="dn-card dn-facedown dn-closed[^"]*" data-act="closed" data-idx="(\d+)"[^>]*>')
GAMES = {"danish-bastard": 2, "le-danish": 3, "rat-bastard-17": 2, "bastard": 3, "sjavs": 3}


def cards(html: str) -> dict[tuple[str, int], str]:
    """The learner's clickable face-up cards in a board's HTML: (zone, index) -> opening tag."""
    return {(m.group(2), int(m.group(1))): m.group(0) for m in CARD.finditer(html)}


def why(tag: str) -> str | None:
    """What a refused card says as its description (``None``: not refused)."""
    if 'aria-disabled="true"' not in tag:
        return None
    found = re.search(r'title="([^"]*)"', tag)
    return unescape(found.group(1)) if found else ""


def check_refused_cards(board, lang: str = "en") -> int:
    """Every card of the learner on offer: a playable one is never refused; any other one whose
    click alone makes a whole move is refused, and says the last reason of that move's verdict;
    the selection is cleared again. How many were refused."""
    tr = translator(lang)
    shown = cards(board.html)
    assert set(shown) == set(board.offer.cards), "the page and the board's offer disagree"
    refused = 0
    for spot, tag in shown.items():
        said = why(tag)
        if "dn-playable" in tag:
            assert said is None, f"{spot}: a playable card is drawn refused"
            continue
        verdict = board.select_spot(spot)
        board.clear_selection()
        if verdict is None:  # one card of a move taking several (a discard): judged once chosen
            assert said is None, f"{spot}: part of a move, drawn refused"
            continue
        assert not verdict.legal, f"{spot}: a legal move's card is not marked playable"
        assert said is not None, f"{spot}: refused by the rules but not drawn refused"
        reason = render_text(verdict.reasons[-1].text, board.viewer, lang=lang)
        assert said == tr("Not allowed now — {reason}", reason=reason), (spot, said)
        assert not re.search(r"\((rule|règle|Regel) |\b(DB|LD|RB|BA|SJ)-\w", said), f"a code in {said!r}"
        refused += 1
    return refused


def test_a_card_lower_than_the_pile_is_refused_and_says_why():
    board = board_for(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}),
                      seats=("human", "rule-of-thumb"))
    shown = {board.offer.cards[spot]: tag for spot, tag in cards(board.html).items()}
    assert why(shown["8H"]) is None and "dn-playable" in shown["8H"]
    assert why(shown["4C"]) == "Not allowed now — the four of clubs on the six of clubs: lower than the card before"
    assert check_refused_cards(board) == 1


def test_a_card_that_does_not_follow_suit_is_refused_in_a_trick_game():
    game = dn.setup("bastard", {"hands": [["2H", "KS"], ["5C", "6H"], ["AC", "8D"]], "trump": "spades"})
    game.play("P1 play 2H")
    board = board_for(game, seats=("rule-of-thumb", "human", "rule-of-thumb"), step_mode=True)
    shown = {board.offer.cards[spot]: tag for spot, tag in cards(board.html).items()}
    assert why(shown["6H"]) is None
    assert why(shown["5C"]).startswith("Not allowed now — ") and "heart" in why(shown["5C"])
    assert check_refused_cards(board) == 1


def test_rat_bastard_17_refuses_hole_cards_while_the_hand_holds_cards_face_up_and_face_down():
    game = dn.setup("rat-bastard-17", {"hands": [["9D"], ["9S"]], "pile": ["5C"],
                                       "holes": [["4D", "6H", "7C"], ["3D"]]})
    board = board_for(game, seats=("human", "rule-of-thumb"))
    html = board.html
    assert check_refused_cards(board) == 1  # the face-up hole card at position 2
    for match in CLOSED.finditer(html):  # positions 1 and 3, face down: refused too, never named
        tag = match.group(0)
        assert why(tag).startswith("Not allowed now — ") and "play it blind" not in tag
        assert "4D" not in tag and "7C" not in tag


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_refused_card_says_why_in_french_and_german(lang: str):
    board = board_for(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}),
                      seats=("human", "rule-of-thumb"), lang=lang)
    said = next(why(tag) for tag in cards(board.html).values() if why(tag))
    start = {"fr": "Refusé pour l’instant — le quatre de trèfle", "de": "Jetzt nicht erlaubt – Kreuz-Vier"}[lang]
    assert said.startswith(start), said
    assert check_refused_cards(board, lang) == 1


@pytest.mark.parametrize("game_id", list(GAMES))
@budget(8)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40), lang=st.sampled_from(["en", "fr", "de"]))
def test_every_card_on_offer_is_playable_refused_with_its_reason_or_part_of_a_move(game_id, seed, moves, lang):
    """In play, at the learner's turns of a game played at random: the page and the engine agree
    on every card (the old board drew a refused card like a playable one, "button, not pressed")."""
    board = board_for(dn.new_game(game_id, players=GAMES[game_id], seed=seed), lang=lang, background=False)
    rng = random.Random(seed)
    for _ in range(moves):
        if board.game.is_over:
            break
        if "nextdeal" in board.offer.acts:
            board.next_deal()
            continue
        check_refused_cards(board, lang)
        board.play(str(rng.choice(board.game.legal_moves())))
    board.close()
