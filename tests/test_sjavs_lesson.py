"""The Sjavs lesson (notebooks/05-sjavs.ipynb) and the trick board with Sjavs: every quiz's
verdicts are the engine's and show no hidden card; the lesson's replay counts another player's
discard and never names it; a whole Sjavs match played through the board never syncs a hidden card, the
discards included."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

import danish_nb as dn
from danish_nb.cards import Card, parse_cards
from danish_nb.core import Private, render_text
from danish_nb.games import sjavs
from danish_nb.widgets.lesson import PositionQuiz, Replay
from danish_nb.widgets.tricks_board import TrickBoard
from helpers import named, said, synced

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
#: P3 is the soloist of a Play and holds the skat: it lays two of A♠ K♠ 10♦ A♦ aside.
DISCARD = {"hands": [["QC", "AH"], ["KH", "10S"], ["AS", "KS", "10D", "AD"]], "skat": [],
           "contract": "play", "soloist": 2, "phase": "discard"}


def secret(state: Any, viewer: int | None) -> set[Card]:
    """What ``viewer`` may not see in ``state``: other hands, and the cards out of play unless
    the viewer's own view shows them."""
    hidden = {card for seat, hand in enumerate(state.hands) if seat != viewer for card in hand}
    if state.view(viewer).skat is None:
        hidden.update(state.skat)
    return hidden


# ---------------------------------------------------------------- the replay hides discards

def discard_game() -> dn.Game:
    """P3 discards 10♦ A♦, then the two tricks are played out (the deal ends)."""
    game = dn.setup("sjavs", DISCARD)
    for move in ("P3 discard 10D AD", "P1 play QC", "P2 play KH", "P3 play KS", "P1 play AH",
                 "P2 play 10S", "P3 play AS"):
        game.play(move)
    return game


#: The soloist's reason for its discard: the cards are its own (laid aside: never in teaching mode).
DISCARD_WHY = ("discards ", Private(parse_cards("10D AD"), 2, "2 cards", in_hand=False), ": banks 21")


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_another_players_discard_is_counted_not_named(viewer):
    game = discard_game()
    replay = Replay(game, comments=[DISCARD_WHY, *["plays"] * 6], player=viewer)
    text = replay.step_text(1)
    assert text.startswith("move 1 (P3): Discard 2 cards") and "why — discards 2 cards: banks 21" in text
    assert "\nlegal (rule SJ-8 [ruling SJ-d])" in text  # the verdict's words name the cards: its rules only
    assert not named(text, {Card.parse("10D"), Card.parse("AD")})
    replay.show(1)
    assert not named(replay.info.value + replay.table.value, secret(replay.states[1], viewer))
    assert said("(P2): Play K♥") in replay.step_text(3)  # cards played face up stay named


def test_the_soloist_sees_the_discard_and_teaching_mode_does_not():
    """Teaching mode shows hands, never cards laid aside face down."""
    game = discard_game()
    text = Replay(game, comments=[DISCARD_WHY, *["plays"] * 6], player=2).step_text(1)
    assert text.startswith(said("move 1 (P3): Discard 10♦ A♦")) and said("why — discards 10♦ A♦: banks 21") in text
    assert said("P3 discards 10♦ A♦: any cards may be discarded") in text
    assert Replay(game, reveal_hands=True).step_text(1).startswith("move 1 (P3): Discard 2 cards")


def test_the_score_at_the_end_of_the_deal_names_the_discards_it_counts():
    """Rule SJ-10: the cards out of play count for the soloist, openly, when the deal is scored."""
    game = discard_game()
    last = Replay(game, player=0).step_text(len(game.history))
    assert said("plus 21 in the discards (10♦ A♦)") in last


# ---------------------------------------------------------------- the lesson notebook

@pytest.fixture(scope="module")
def lesson() -> dict:
    """The lesson's cells run here (nbval cannot click widgets); the namespace they leave."""
    notebook = nbformat.read(NOTEBOOKS / "05-sjavs.ipynb", as_version=4)
    namespace: dict = {"__quizzes": []}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
                namespace["__quizzes"] += [v for v in namespace.values()
                                           if isinstance(v, PositionQuiz) and v not in namespace["__quizzes"]]
    namespace["__cells"] = notebook.cells
    return namespace


def test_every_quiz_answers_from_the_engine_and_shows_no_hidden_card(lesson):
    quizzes = lesson["__quizzes"]
    assert len(quizzes) == sum("PositionQuiz(" in cell.source for cell in lesson["__cells"]) >= 8
    for quiz in quizzes:
        state, moves = quiz.game.state, len(quiz.game.history)
        hidden = secret(quiz.state, quiz.state.current_player)
        assert hidden, "every quiz hides some cards"
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == quiz.state.explain(move)
            assert all(f"<b>{rule_id}</b>" in quiz.verdict_box.value for rule_id in quiz.verdict.rule_ids)
            if move.action == "trump":
                # naming trumps lists that suit's trumps, wherever they lie: a rule, not a location
                listed = {c for c in quiz.state.layout.pack if c.suit is move.suit and c not in sjavs.PERMANENT}
                assert named(quiz.verdict_box.value, hidden) <= listed
                quiz.verdict_box.value = ""
            assert not named(synced(quiz), hidden), (move, named(synced(quiz), hidden))
        assert quiz.game.state is state and len(quiz.game.history) == moves


def test_the_quizzes_teach_what_the_lesson_says(lesson):
    """The verdicts the prose relies on, with the rules they cite."""
    answers = {(str(move), quiz.state.explain(move).legal, rule_id)
               for quiz in lesson["__quizzes"] for move in quiz.moves
               for rule_id in quiz.state.explain(move).rule_ids}
    expected = {
        ("P1 pass", False, "SJ-7"),            # four trumps and nobody has bid
        ("P2 bid play", False, "SJ-6"),        # a bid must be higher
        ("P2 pass", True, "SJ-6"),             # four trumps, but P1 has bid
        ("P1 discard A♦", False, "SJ-8"),      # two cards, not one
        ("P2 play Q♠", False, "SJ-13"),        # Q♠ is a trump, not a spade
        ("P2 play 10♠", True, "SJ-13"),
        ("P2 play A♥", False, "SJ-13"),        # J♥ must follow the trump lead
        ("P2 play J♥", True, "SJ-13"),
        ("P2 play Q♥", False, "SJ-12"),        # eldest leads to a Play
        ("P2 play Q♥", False, "SJ-15"),        # the winner of the trick leads
        ("P2 trump hearts", False, "SJ-25"),   # only the soloist names trumps
    }
    assert expected <= answers, expected - answers


def test_the_trump_order_drawn_is_the_engines(lesson):
    trumps, groups = lesson["trumps"], lesson["groups"]
    by_words = {str(label): cards for label, cards in groups.items()}
    assert " ".join(map(str, by_words["trumps (clubs)"])) == "Q♣ Q♠ J♣ J♠ J♥ J♦ A♣ K♣ 10♣"
    assert sum(map(len, groups.values())) == 20
    for label, cards in groups.items():
        assert all(trumps.suit_label(trumps.suit_of(c)) == label for c in cards)
        assert [trumps.strength(c) for c in cards] == sorted((trumps.strength(c) for c in cards), reverse=True)


def test_the_lesson_replay_never_shows_a_card_p1_cannot_see(lesson):
    sample, replay = lesson["sample"], lesson["replay"]
    assert replay.player == 0 and not replay.reveal_hands
    states, others = replay.states, 0
    for step in range(1, len(sample.history) + 1):
        replay.show(step)
        before, after = states[step - 1], states[step]
        move = sample.history[step - 1].move
        # the table: drawn from P1's view now (the score table of finished deals names their skat)
        table = re.sub(r'<div class="dn-scores">.*', "", replay.table.value, flags=re.DOTALL)
        assert not named(table, secret(after, 0)), step
        # the text: no card hidden from P1 both before and after the move (the cards out of play
        # are counted openly when the deal ends)
        hidden = secret(before, 0) & secret(after, 0)
        if after.match.deal != before.match.deal or after.is_over:
            hidden -= set(before.skat)
        if move.action == "play":
            hidden.discard(move.card)
        assert not named(replay.info.value, hidden), (step, named(replay.info.value, hidden))
        if move.action == "discard" and move.player != 0:
            others += 1
            assert f"(P{move.player + 1}): Discard 2 cards" in replay.info.value
    assert others >= 3


# ---------------------------------------------------------------- a whole match on the board

def send(board: TrickBoard, content) -> None:
    board.widget._handle_custom_msg(content, [])


def board_secret(board: TrickBoard) -> set[Card]:
    return set() if board.teaching else secret(board.game.state, board.viewer)


def assert_no_secret(board: TrickBoard) -> None:
    """No hidden card in the board's synced state: by code anywhere but the finished deal's last
    trick (shown until "Next deal": cards played openly in the deal before this one's), by face
    outside the score table too (finished deals, whose cards out of play were counted openly)."""
    states = [w.get_state() for w in (board.widget, board.widget.layout)]
    for state in states:
        if "html" in state:
            state["html"] = re.sub(r'<div class="dn-deal-over".*?</ul></div>', "", state["html"], flags=re.DOTALL)
    full = json.dumps(states, ensure_ascii=False)
    for state in states:
        if "html" in state:
            state["html"] = re.sub(r'<div class="dn-scores">.*?</table></div>', "", state["html"], flags=re.DOTALL)
    current = json.dumps(states, ensure_ascii=False)
    for card in board_secret(board):
        assert not re.search(rf"(?<![\w-]){re.escape(card.code)}(?!\w)", full), card
        assert f"dn-card-{card.code}" not in full, card
        assert str(card) not in current, card


def through_the_board(board: TrickBoard, move) -> None:
    """Make ``move`` as a person would: click its card(s), then Play (Discard) selected; or its button."""
    if board.screened:
        board.reveal()
    cards = (move.card,) if move.card is not None else move.cards
    if cards:
        board.clear_selection()
        for card in cards:
            board.click_card(card.code)
        if move.action == "discard":
            assert ">Discard selected<" in board.html
        assert board.play_selected().legal, board.message
    else:
        assert f'data-move="{move}"' in board.html
        send(board, {"act": "move", "move": str(move)})


@pytest.mark.parametrize("seats,seed", [(("human", "rule-of-thumb", "rule-of-thumb"), 2),
                                        (("rule-of-thumb", "human", "human"), 7)])
def test_a_whole_sjavs_match_through_the_board_hides_every_discard(seats, seed):
    game = dn.new_game("sjavs", players=3, seed=seed)
    board = TrickBoard(game, seats=seats)
    rng = random.Random(seed)
    hidden_discards = 0
    while not game.is_over:
        assert_no_secret(board)
        if board.deal_over is not None:  # a deal ended: its last trick and score wait for "Next deal"
            assert "dn-deal-over" in board.html and board.game.legal_moves() != [] and board._my_moves() == []
            send(board, {"act": "nextdeal"})
        state = game.state
        if state.phase == "play" and state.exchanged and state.soloist != board.viewer:
            hidden_discards += 1
            assert f"P{state.soloist + 1} discards 2 cards face down" in board.html  # the log counts them
        move = rng.choice(game.legal_moves())
        played = len(game.history)
        through_the_board(board, move)
        assert len(game.history) > played and game.history[played].move == move, (move, board.message)
    assert_no_secret(board)
    assert hidden_discards and "Match over" in board.html


def test_the_sample_record_is_the_rule_of_thumb_match():
    from danish_nb.tools.sample_record import SAMPLES, load_sample, play_sample
    sample, why = load_sample(NOTEBOOKS / "records" / "sjavs-sample.json")
    players, seed = SAMPLES["sjavs"]
    replayed, notes = play_sample(seed, "sjavs", players)
    assert replayed.to_record() == sample.to_record() and \
        [n["why"] for n in notes] == [render_text(w, omniscient=True) for w in why]
    assert sample.is_over and any(step.move.action == "discard" for step in sample.history)


def test_a_farvesjavs_trump_call_keeps_its_rule_and_hides_the_reason():
    """The verdict on a trump call lists that suit's trumps wherever they lie (a rule, not a
    hand); the caller's reason about its own hand stays hidden."""
    deal = {"hands": [["JD", "AH", "KH", "10H", "AS", "KS"], ["QC", "QS", "JC", "AC", "KC", "10C"],
                      ["JS", "JH", "AD", "KD", "QD", "10D"]], "skat": ["QH", "10S"], "contract": "strike",
            "soloist": 0, "phase": "trump"}
    game = dn.setup("sjavs", deal, {"farvesjavs": True})
    game.play("P1 trump hearts")
    why = ("names hearts: holds ", Private(parse_cards("AH KH 10H"), 0, "its hearts"))
    text = Replay(game, comments=[why], player=1).step_text(1)
    assert "why — names hearts: holds its hearts" in text
    assert said("P1 names hearts: A♥ K♥ Q♥ 10♥ are trumps below the six permanent trumps") in text
