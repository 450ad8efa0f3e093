"""The words of single events, as a native teacher would say them: a position, a move, the
events and what a learner reads of them in English, French and German."""

from __future__ import annotations

import danish_nb as dn
from danish_nb.core import render_text


def test_rat_bastard_17_a_full_hand_picks_up_nothing_and_the_whole_pile_goes():
    """RB-18 after the deck is gone: P1 reaches 17 and P2, who picks up "until five in hand",
    already holds five, so takes none (ruling RB-f). The log said "P2 picks up 0 cards from the top
    of the pile" and "the rest of the pile" for the whole of it; it now says what happens."""
    game = dn.setup("rat-bastard-17", {"hands": [["8H", "3C"], ["5C", "5D", "5H", "5S", "6C"]], "pile": ["9D"]})
    events = game.play("P1 play 8H")
    assert [(e.kind, e.rule.id if e.rule else None) for e in events] == [
        ("play", "RB-13"), ("discard", "RB-18"), ("restart", "RB-18")]
    said = {lang: render_text(events[1].text, None, lang=lang) for lang in ("en", "fr", "de")}
    assert said == {
        "en": "P2 already holds 5 cards and picks up none; the whole pile (2 cards) is discarded",
        "fr": "P2 a déjà 5 cartes en main et n’en ramasse aucune\u202f; tout le tas (2 cartes) est défaussé",
        "de": "P2 hat schon 5 Karten auf der Hand und nimmt keine auf; der ganze Stapel (2 Karten) wird abgelegt",
    }
    assert game.state.hands[1] and len(game.state.hands[1]) == 5 and len(game.state.discard) == 2
    assert all(e.kind != "take" for e in events)  # practice's "what happens then?" must not offer "P2 takes cards"


def test_rat_bastard_17_a_short_hand_still_picks_up_from_the_top():
    """The same position with four in P2's hand: one card picked up, the rest discarded, as before."""
    game = dn.setup("rat-bastard-17", {"hands": [["8H", "3C"], ["5C", "5D", "5H", "5S"]], "pile": ["4D", "2S", "3D"]})
    events = game.play("P1 play 8H")
    assert [e.kind for e in events] == ["play", "take", "discard", "restart"]
    assert str(events[1].text) == "P2 picks up 1 card from the top of the pile"
    assert str(events[2].text) == "the rest of the pile (3 cards) is discarded"


def test_a_french_move_goes_on_in_small_letters_after_a_colon():
    """A button reads « Jouer la dame de pique »; after « P1 : » the phrase goes on in small letters,
    a seat's name keeps its capital (i18n's ``low`` form)."""
    from danish_nb.i18n import small_start
    from danish_nb.words import move_words

    move = dn.new_game("danish-bastard", players=2).parse_move("P1 play QS")
    assert move_words(move, lang="fr") == "Jouer la dame de pique"
    assert move_words(move, lang="fr", player=True) == "P1\u202f: jouer la dame de pique"
    assert move_words(move, lang="en", player=True) == "P1: Play the queen of spades"
    assert move_words(move, lang="de", player=True) == "P1: Pik-Dame spielen"
    assert [small_start(t) for t in ("Passer", "P2 prend", "DB-8 L’échange", "Écarter")] == \
        ["passer", "P2 prend", "DB-8 L’échange", "écarter"]


def test_a_german_practice_question_names_the_cards_it_plays_in_the_accusative():
    """A practice question says the move as an infinitive phrase; in German its cards are its
    object ("Darfst du den schwarzen Joker als 3 spielen?", "Kreuz-Buben und Pik-Buben"), never
    the nominative ("der schwarze Joker", "Pik-Bube") it once read."""
    from danish_nb.cards import Card, parse_cards
    from danish_nb.families.running_total import RatMove
    from danish_nb.families.shedding import ShedMove
    from danish_nb.practice.words import move_words
    said = [move_words(RatMove(0, "play", Card.parse("BJ"), 3)).render("de"),
            move_words(ShedMove(0, "play", parse_cards("JC JS"))).render("de"),
            move_words(ShedMove(0, "face-up", parse_cards("2D 6H QH"))).render("de")]
    assert said == ["den schwarzen Joker als 3 spielen", "Kreuz-Buben und Pik-Buben spielen",
                    "Karo-Zwei, Herz-Sechs und Herz-Dame offen liegen lassen"]
