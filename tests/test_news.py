"""What a board says to a screen reader (issue 44, widgets/news.py): every move of every player
since the last drawing and every verdict, once each, in order, in words (never a code), bounded;
the learner's own blind results; nothing hidden named. The browser's side (appending to the live
region) is tested in test_a11y_board.py."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.render.html import verdict_html
from danish_nb.widgets import ShedBoard, board_for
from danish_nb.widgets.news import LONGEST, News, shorten, verdict_words
from test_board import send

CODES = re.compile(r"\(rule (?!of thumb)|\[ruling |\b(DB|LD|RB|BA|SJ)-\w+|\bP\d (play|take|stock)\b")


def items(board) -> list[str]:
    return [text for _n, text in board.news.last.items]


def test_a_round_of_three_players_is_said_move_by_move_then_the_turn():
    """The old board said only the last move of a round: P2's was never heard."""
    board = board_for(dn.new_game("danish-bastard", players=3, seed=7))
    board.play(str(board.game.legal_moves()[0]))  # the face-up choice; P2 and P3 reply
    said = items(board)
    assert [s[:2] for s in said[:3]] == ["P1", "P2", "P3"] and said[-1] == "Your turn", said
    numbers = [n for n, _ in board.news.last.items]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def test_a_blind_result_of_the_learner_is_said_with_its_consequence():
    game = dn.setup("danish-bastard", {"hands": [["4C", "5C", "3H"], ["9S", "JD", "QH"]], "pile": ["KC"],
                                       "stock": ["6H", "7D", "8S"]})
    board = ShedBoard(game, seats=("human", "rule-of-thumb"))
    assert board.choose("P1 stock").legal
    said = items(board)
    assert said[0] == ("P1 turns over the stock card: the eight of spades does not fit on the king of clubs. "
                       "P1 takes the eight of spades with the pile of 2 cards."), said
    assert not any(CODES.search(s) for s in said)


def test_a_verdict_is_said_once_in_words_and_a_redraw_says_nothing_again():
    board = ShedBoard(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}),
                      seats=("human", "rule-of-thumb"))
    board.click_card("4C")
    assert items(board) == ["Illegal: Play the four of clubs. The four of clubs on the six of clubs: "
                            "lower than the card before."]
    rules = " ".join(text for text, _lang in board.news.last.rules)  # the rule's own words, read on R
    assert len(rules) > 40 and "(rule" not in rules and "DB-" not in rules
    board.set_teaching(True)  # drawn again: nothing new to say
    assert items(board) == []
    board.play_selected()  # P answers with the verdict again, not "Not played... (see why below)"
    assert items(board) == ["Illegal: Play the four of clubs. The four of clubs on the six of clubs: "
                            "lower than the card before."]


def test_undo_says_it_and_says_no_move_again():
    board = ShedBoard(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S", "JD"]], "pile": ["6C"],
                                                  "closed": [["2D"], ["3D"]]}), seats=("human", "rule-of-thumb"))
    board.play("P1 play 8H")
    board.undo()
    assert items(board) == ["Your last move was taken back."]


def test_a_refused_move_button_says_why_as_its_description():
    board = board_for(dn.new_game("danish-bastard", players=2, seed=4242))
    board.play(str(board.game.legal_moves()[0]))
    stock = re.search(r'<button class="dn-stock dn-not-legal"[^>]*>', board.html).group(0)
    assert 'aria-disabled="true"' in stock and 'title="Not allowed now — ' in stock and "aria-pressed" not in stock


def test_a_face_down_hole_card_that_cannot_be_played_is_said_refused():
    """Rat Bastard 17 (RB-20): only the ends of the hole row may be played; the middle face-down
    card is not "play it blind" but unavailable, with why."""
    game = dn.setup("rat-bastard-17", {"hands": [[], ["9S"]], "pile": ["9C"],
                                       "holes": [["4D", "5S", "6D", "7S", "8D"], ["3D"]]})
    board = board_for(game)
    backs = re.findall(r'<span class="[^"]*dn-closed[^"]*"[^>]*>', board.html)
    refused = [tag for tag in backs if 'aria-disabled="true"' in tag]
    assert refused and len(refused) < len(backs)
    assert all("play it blind" not in tag and 'title="Not allowed now — ' in tag for tag in refused), refused


def test_hot_seat_says_to_pass_the_screen_and_names_no_hidden_card():
    board = board_for(dn.new_game("danish-bastard", players=2, seed=3), seats=("human", "human"))
    board.play(str(board.game.legal_moves()[0]))
    assert items(board) == ["Pass the screen to P2."]
    board.reveal()
    said = items(board)
    assert said[0].startswith("P1 leaves") and said[-1] == "Your turn"


def test_a_long_text_is_cut_at_a_sentence_and_the_end_of_a_game_is_said():
    assert len(shorten("P1 wins. " + "P2 has 3 points; " * 40)) <= LONGEST + 2
    board = board_for(dn.new_game("sjavs", players=3, seed=1), seats=("rule-of-thumb",) * 3, step_mode=True)
    heard = []
    while not board.game.is_over:
        board.step_computer() if board.offer.step else board.next_deal()
        heard += items(board)
    assert all(len(s) <= LONGEST + 2 for s in heard)
    assert heard[-1].startswith("Game over: ")


#: What a board says besides the moves (the turn, a verdict, a message, looking back, the end).
OTHER = {"en": re.compile(r"to play$|^Your turn$|^Legal|^Illegal|^Game over|^Pass the screen|^Choose|^Now choose|"
                          r"^Not played|^Ignored|^Your last move|^move \d+ of \d+$"),
         "fr": re.compile(r"^À .* de jouer|^Légal|^Illégal|^Partie terminée|^Passez|^Choisissez|^Pas joué"),
         "de": re.compile(r"ist am Zug|^[^.:]*: (nicht )?erlaubt\.|^Spiel vorbei|^Gib|^Wähle|^Nicht gespielt")}


def check_said(heard: list[str], moves: list[list[str]], lang: str = "en") -> None:
    """Each move's events (``moves``: their words, in order) said in an item of its own, in
    order (none missing); every other item a turn, verdict, message or the end (so no move said
    twice); no code; nothing longer than the news allows."""
    cursor = 0
    for number, words in enumerate(moves, 1):
        probe = words[0][:40].lower() if words else ""
        at = next((i for i in range(cursor, len(heard)) if probe and heard[i].lower().startswith(probe)), None)
        assert at is not None, f"move {number} ({words}) was never said; next: {heard[cursor:cursor + 5]}"
        for i in range(cursor, at):
            assert OTHER[lang].search(heard[i]), f"item {i} is neither a move nor a turn/verdict: {heard[i]!r}"
        cursor = at + 1
    for i in range(cursor, len(heard)):
        assert OTHER[lang].search(heard[i]), f"item {i} after the last move: {heard[i]!r}"
    for line in heard:
        assert not CODES.search(line), f"notation or a code was said: {line!r}"
        assert len(line) <= LONGEST + 2, f"{len(line)} characters said at once: {line[:80]}..."


def test_the_check_of_what_was_said_finds_a_move_missing_or_said_twice() -> None:
    moves = [["P1 plays the nine of hearts"], ["P2 takes the pile (2 cards)"]]
    good = ["P1 plays the nine of hearts.", "P2 (rule of thumb) to play", "P2 takes the pile (2 cards).",
            "Your turn"]
    check_said(good, moves)
    for bad in (good[1:], good[:3] + good[2:], [*good, "P1 play 9H"], [*good, "Illegal: x (rule DB-11)"]):
        with pytest.raises(AssertionError):
            check_said(bad, moves)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(["danish-bastard", "le-danish", "rat-bastard-17", "bastard"]),
       seed=st.integers(0, 10_000))
def test_every_move_is_said_once_in_order_whatever_the_learner_clicks(game_id, seed):
    """Random clicks of what the page offers (cards, moves, play, face-down cards, back, forward,
    undo): every move of the game is said exactly once, in order, as the learner (P1) reads it."""
    game = dn.new_game(game_id, players=3 if game_id == "bastard" else 2, seed=seed)
    board = board_for(game, background=False)
    rng = random.Random(seed)
    heard = list(items(board))
    for _ in range(60):
        if game.is_over:
            break
        offer = board.offer
        choices = ([{"act": "card", "zone": z, "idx": i} for z, i in offer.cards]
                   + [{"act": "choose", "move": m} for m in offer.moves] + [{"act": "play"}] * offer.play
                   + [{"act": "closed", "idx": i} for i in offer.closed] + [{"act": "back"}, {"act": "last"}]
                   + [{"act": "nextdeal"}] * ("nextdeal" in offer.acts))
        send(board, rng.choice(choices))
        heard += items(board)
    check_said(heard, [[e.split(" (rule ")[0] for e in board._log_entry(i, 0, False).events]
                       for i in range(len(game.history))])


def test_news_of_a_board_made_mid_game_starts_after_the_viewers_last_move():
    game = dn.new_game("danish-bastard", players=3, seed=7)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    news = News()
    board = board_for(game)
    said = news.since(board)
    last = max(i for i, step in enumerate(game.history) if step.move.player == 0)
    assert len(said.items) == len(game.history) - last - 1 + 1  # the moves since, then the turn
    board.close()


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


def test_a_verdict_with_two_reasons_is_said_as_each_language_writes_it():
    """The heading, then the reasons one after another through the catalogue: French sets a narrow
    no-break space before « ; » and goes on in small letters after its colon; no sentence has two colons."""
    verdict = dn.setup("danish-bastard", {"hands": [["10D", "4C"], ["9S"]], "pile": ["KH"]}).explain("P1 play 10D")
    assert len(verdict.reasons) == 2
    said = {lang: verdict_words(verdict, lang) for lang in ("en", "fr", "de")}
    assert said["en"] == ("Legal: Play the ten of diamonds. The ten of diamonds on the king of hearts: a 10 may go on "
                          "any card apart from a joker or a 7; the 10 burns the pile; the player then plays again.")
    assert said["fr"].startswith("Légal\u202f: jouer le dix de carreau. Le dix de carreau sur le roi de cœur\u202f: ")
    assert said["fr"].count("\u202f; ") == 2 and not re.search(r"[^\u202f];", said["fr"]), said["fr"]
    assert said["de"].startswith("Karo-Zehn spielen: erlaubt. Karo-Zehn auf Herz-König: "), said["de"]
    for text in said.values():
        assert all(sentence.count(":") == 1 for sentence in text.split(". ")), text


@pytest.mark.parametrize("move", ["P1 play 4C", "P1 play 8H", "P2 play 9S"])
def test_a_french_verdict_goes_on_in_small_letters_after_its_colon(move):
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    verdict = game.explain(move)
    assert re.match(r"(Légal|Illégal)\u202f: jouer l", verdict_words(verdict, "fr")), verdict_words(verdict, "fr")
    assert re.search(r"<b[^>]*>(Légal|Illégal)\u202f: jouer l", verdict_html(verdict, "fr"))
    assert re.match(r"(Legal|Illegal): Play the", verdict_words(verdict, "en"))  # English as before
