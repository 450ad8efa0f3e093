"""Lesson widgets: the position quiz shows the engine's verdicts, never changes the game and
never syncs a hidden card; the replay steps through a game; the tables list what the game has."""

from __future__ import annotations

import json
import random
import re
from html import escape

import ipywidgets as widgets
import pytest

import danish_nb as dn
from danish_nb.agents import make_agent
from danish_nb.app_words import label_of
from danish_nb.cards import Card
from danish_nb.core import DanishNbError, MoveParseError, get_game
from danish_nb.games.danish_bastard import CATALOGUE
from danish_nb.widgets.lesson import (
    BOARD_CSS,
    PositionQuiz,
    Replay,
    games_table,
    options_table,
    rulings_table,
    show_rule,
)
from danish_nb.words import move_words

GAME = "danish-bastard"


def synced_strings(widget: widgets.Widget) -> list[str]:
    """Every synced state of ``widget`` and of every widget it holds, as JSON text."""
    seen: set[str] = set()
    out: list[str] = []

    def walk(w: widgets.Widget) -> None:
        if w.model_id in seen:
            return
        seen.add(w.model_id)
        out.append(json.dumps(w.get_state(), ensure_ascii=False, default=str))
        for name in w.keys:
            value = getattr(w, name)
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, widgets.Widget):
                    walk(item)

    walk(widget)
    return out


def leaked(texts: list[str], hidden: list[Card], visible: set[Card]) -> list[Card]:
    """Hidden cards (not also visible somewhere) that appear in the synced texts: as a card
    element, or as text (``7♥``; a joker's ``RJ``/``BJ`` as a word)."""
    blob = "\n".join(texts)

    def shown(c: Card) -> bool:
        text = re.search(rf"\b{c}\b", blob) if c.is_joker else str(c) in blob
        return bool(text) or f'data-card="{c.code}"' in blob or f"dn-card-{c.code}" in blob

    return [c for c in hidden if c not in visible and shown(c)]


def hidden_and_visible(state, me: int) -> tuple[list[Card], set[Card]]:
    hidden = list(state.stock)
    visible = set(state.hands[me]) | set(state.pile)
    for seat in range(state.players):
        hidden += state.closed[seat]
        visible |= set(state.open[seat])
        if seat != me:
            hidden += state.hands[seat]
    return hidden, visible


def random_positions(count: int = 12):
    """Games of 2 to 4 players played some random moves into the deal (seeded)."""
    rng = random.Random(5)
    for seed in range(count):
        g = dn.new_game(GAME, players=rng.choice([2, 3, 4]), seed=seed)
        agent = make_agent("random", GAME, seed=seed)
        for _ in range(rng.randrange(0, 60)):
            if g.is_over:
                break
            g.play(agent.choose(g.state).move)
        if not g.is_over:
            yield g


def test_quiz_offers_legal_and_tempting_moves_in_notation_order():
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"], "stock": ["KS"]})
    quiz = PositionQuiz(g, try_moves=["P1 play 4C", "P1 take"])
    assert [b.description for b in quiz.buttons] == ["Play the four of clubs", "Play the eight of hearts",
                                                     "Turn over the top stock card", "Take the pile"]
    assert set(g.legal_moves()) <= set(quiz.moves)


@pytest.mark.parametrize("position, try_moves", [
    ({"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"], "closed": [["2D"], ["3D"]]}, ["P1 play 4C", "P1 take"]),
    ({"hands": [["9C", "5H", "7S", "10H"], ["3S"]], "pile": ["7D"], "stock": ["KS", "QD"]},
     ["P1 play 9C", "P1 play 10H", "P1 take"]),
    ({"hands": [[], ["3S"]], "open": [["4D", "3C"], []], "closed": [["2D", "5S"], ["KD"]], "pile": ["QH"]},
     ["P1 take", "P1 closed 1"]),
    ({"hands": [["9C", "RJ"], ["3S"]], "pile": ["BJ"], "stock": ["4H"]}, ["P1 play 9C", "P1 take"]),
])
def test_each_click_shows_the_engines_verdict_and_changes_nothing(position, try_moves):
    g = dn.setup(GAME, position)
    before, history = g.state, len(g.history)
    quiz = PositionQuiz(g, try_moves=try_moves)
    for button, move in zip(quiz.buttons, quiz.moves):
        button.click()
        expected = g.explain(move)
        assert quiz.verdict == expected
        shown = quiz.verdict_box.value
        assert ("Legal" if expected.legal else "Illegal") in shown
        for reason in expected.reasons:
            assert escape(str(reason.text)) in shown
            assert f"<b>{reason.rule_id}</b>" in shown
            assert escape(reason.rule.quote) in shown
            if reason.ruling is not None:
                assert f"Ruling {reason.ruling.id}" in shown
        assert button.button_style == ("success" if expected.legal else "danger")
    assert g.state is before and g.state == before and len(g.history) == history
    tried = {str(g.parse_move(m)) for m in try_moves}
    assert any(not g.explain(m).legal for m in quiz.moves if str(m) in tried)


def test_the_quiz_keeps_its_position_when_the_game_moves_on():
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S", "3D"]], "pile": ["6C"]})
    quiz = PositionQuiz(g, try_moves=["P1 play 4C"])
    table = quiz.table.value
    g.play("P1 play 8H")
    assert quiz.answer("P1 play 4C") == dn.setup(GAME, g.position).explain("P1 play 4C")
    assert quiz.answer("P1 play 8H").legal and quiz.table.value == table


def test_answer_returns_the_verdict_with_its_rule():
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    quiz = PositionQuiz(g, try_moves=["P1 play 4C"])
    verdict = quiz.answer("P1 play 8H")
    assert verdict.legal and "DB-13" in verdict.rule_ids and verdict == g.explain("P1 play 8H")
    verdict = quiz.answer("P1 play 4C")
    assert not verdict.legal and verdict.rule_ids == ("DB-13",)


def test_options_change_the_quizs_verdict():
    position = {"hands": [["7S", "3C"], ["9S"]], "pile": ["7D"]}
    strict = PositionQuiz(dn.setup(GAME, position, {"seven_allows_equal": False}), try_moves=["P1 play 7S"])
    lenient = PositionQuiz(dn.setup(GAME, position), try_moves=["P1 play 7S"])
    assert not strict.answer("P1 play 7S").legal
    assert lenient.answer("P1 play 7S").legal
    for verdict in strict.verdict, lenient.verdict:
        assert [r.ruling.id for r in verdict.reasons if r.rule_id == "DB-23"] == ["DB-b"]


def test_the_quiz_only_evaluates_moves_it_offered():
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    quiz = PositionQuiz(g)
    with pytest.raises(DanishNbError, match="not one of this quiz's moves"):
        quiz.answer("P1 play 4C")
    with pytest.raises(MoveParseError):
        quiz.answer("P1 fly")
    assert quiz.verdict is None and quiz.verdict_box.value == ""


def test_the_browsers_messages_are_answered_as_clicks_and_checked_against_the_quiz():
    """The quiz is one widget model: a click in the browser is a message naming the move (its
    notation), which the quiz checks is one it offered (a visitor can send any message)."""
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    quiz = PositionQuiz(g, try_moves=["P1 play 4C"])
    assert quiz.marks == ["", ""] and 'data-move="P1 play 4♣"' in quiz.html
    for forged in ({"act": "answer", "move": "P1 take"}, {"act": "answer", "move": "P1 fly"},
                   {"act": "answer", "move": 0}, {"act": "check"}, {"act": "fly"}, ["answer"]):
        quiz._heard(quiz, forged, [])
        assert quiz.verdict is None and quiz.verdict_html == "" and quiz.marks == ["", ""], forged
    quiz._heard(quiz, {"act": "answer", "move": "P1 play 4♣"}, [])  # the notation the button carries
    assert quiz.verdict == g.explain("P1 play 4C") and "DB-13" in quiz.verdict_html
    assert quiz.marks == ["illegal", ""] and [b.button_style for b in quiz.buttons] == ["danger", ""]
    quiz.buttons[1].click()
    assert quiz.marks == ["illegal", "legal"] and quiz.verdict.legal and g.history == []


def test_the_browsers_picked_cards_are_checked_by_the_engine():
    """The picker's cards the browser shows pressed are the synced ``chosen`` (indices); a "check"
    message asks the engine about the move they make, whatever was picked."""
    game = dn.new_game(GAME, players=3, seed=1)
    quiz = PositionQuiz(game)
    quiz.set_state({"chosen": [0, 1]})  # as the browser sends two cards pressed
    assert [t.value for t in quiz.card_toggles] == [True, True, False, False, False, False]
    quiz._heard(quiz, {"act": "check"}, [])
    assert not quiz.verdict.legal and "exactly 3" in quiz.verdict_html
    quiz.card_toggles[4].value = True
    assert quiz.chosen == [0, 1, 4]
    quiz._heard(quiz, {"act": "check"}, [])
    assert quiz.verdict.legal and game.history == []
    quiz.set_state({"chosen": [0, 1, 4, 99]})  # a card the picker does not have is no card
    quiz._heard(quiz, {"act": "check"}, [])
    assert quiz.verdict.legal


def test_the_quizs_synced_state_holds_no_hidden_card():
    checked = 0
    for g in random_positions():
        me = g.current_player
        quiz = PositionQuiz(g, try_moves=[f"P{me + 1} take"] if g.state.pile else [])
        for button in quiz.buttons:
            button.click()
        hidden, visible = hidden_and_visible(g.state, me)
        texts = synced_strings(quiz)
        assert all(escape(b.description) in "".join(texts) for b in quiz.buttons)  # the walk reached every button
        assert leaked(texts, hidden, visible) == []
        checked += 1
    assert checked >= 8


def test_leak_detector_finds_a_shown_card():
    g = dn.new_game(GAME, players=2, seed=1)
    hidden, visible = hidden_and_visible(g.state, 0)
    other = next(c for c in g.state.hands[1] if c not in visible)
    quiz = PositionQuiz(g)
    assert leaked(synced_strings(quiz), hidden, visible) == []
    quiz.verdict_box.value = f'<span data-card="{other.code}">{other}</span>'
    assert other in leaked(synced_strings(quiz), hidden, visible)


def _sample_game(moves: int = 40) -> tuple[dn.Game, list[str]]:
    g = dn.new_game(GAME, players=3, seed=11)
    agents = [make_agent("rule-of-thumb", GAME, seed=s) for s in range(3)]
    why = []
    for _ in range(moves):
        choice = agents[g.current_player].choose(g.state)
        g.play(choice.move)
        why.append(choice.why)
    return g, why


def test_replay_steps_through_moves_events_and_comments():
    g, why = _sample_game()
    replay = Replay(g, comments=why, player=0)
    assert replay.slider.max == len(g.history)
    assert "the deal" in replay.info.value
    replay.controls[3].click()
    assert replay.slider.value == len(g.history)
    replay.controls[1].click()
    step = len(g.history) - 1
    assert replay.slider.value == step
    text = replay.step_text(step)
    played = g.history[step - 1]
    assert f"move {step} (P{played.move.player + 1}): {move_words(played.move, 0)}" in text
    assert str(why[step - 1]) in text
    for rule_id in g.states()[step - 1].explain(played.move).rule_ids:
        assert f"rule {rule_id}" in text
    for event in played.events:
        assert escape(str(event)) in replay.info.value
    replay.controls[0].click()
    assert replay.slider.value == 0
    replay.show(10_000)
    assert replay.slider.value == len(g.history)


def test_replay_player_view_hides_hidden_cards_at_every_step():
    g, _ = _sample_game(30)
    replay = Replay(g, player=0)
    for step, state in enumerate(g.states()):
        replay.show(step)
        hidden, visible = hidden_and_visible(state, 0)
        mentioned = set()
        for played in g.history[:step]:
            mentioned |= set(played.move.cards)
            for event in played.events:
                if event.kind in ("play", "fail"):
                    mentioned |= set(event.cards)
        assert leaked(synced_strings(replay), hidden, visible | mentioned) == []


def test_replay_refuses_comments_that_do_not_match():
    g, why = _sample_game(5)
    with pytest.raises(DanishNbError, match="4 comments for 5 moves"):
        Replay(g, comments=why[:4])


def test_tables_list_every_rule_ruling_option_and_game():
    rules = get_game(GAME)
    rulings = rulings_table(GAME).data
    for ruling in CATALOGUE.rulings.values():
        assert f"<td>{ruling.id}</td>" in rulings
        if ruling.option:
            assert label_of(rules.info.option(ruling.option)) in rulings
    options = options_table(GAME).data
    for name in ("Two on anything", "Seven allows equal", "Must play", "Turn limit"):
        assert f"<td>{name}</td>" in options
    listed = games_table().data
    for game_id, game in dn.GAMES.items():
        assert f"<td>{game_id}</td>" in listed and escape(game.title) in listed
    assert escape(rules.catalogue["DB-23"].quote) in show_rule(GAME, "DB-23").data


def test_a_browser_cannot_push_the_replay_past_the_game():
    g, _ = _sample_game(6)
    replay = Replay(g)
    replay.slider.set_state({"value": 10_000})
    assert replay.slider.value == len(g.history)
    assert f"move {len(g.history)} (" in replay.info.value


def test_the_sample_record_replays_with_its_reasons(tmp_path):
    from pathlib import Path

    from danish_nb.tools.sample_record import load_sample, reasons_path
    record = Path(__file__).parent.parent / "notebooks" / "records" / "danish-bastard-sample.json"
    game, why = load_sample(record)
    assert game.is_over and len(why) == len(game.history) and all(why)
    notes = json.loads(reasons_path(record).read_text(encoding="utf-8"))
    notes[3]["move"] = notes[4]["move"]
    copy = tmp_path / record.name
    copy.write_text(record.read_text(encoding="utf-8"), encoding="utf-8")
    reasons_path(copy).write_text(json.dumps(notes), encoding="utf-8")
    with pytest.raises(dn.RecordError, match="does not give the moves"):
        load_sample(copy)


def test_execute_notebooks_runs_a_notebook_in_place(tmp_path):
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from danish_nb.tools.execute_notebooks import main
    path = tmp_path / "tiny.ipynb"
    nbformat.write(new_notebook(cells=[new_code_cell("print(6 * 7)")]), path)
    assert main([str(path)]) == 0
    assert nbformat.read(path, as_version=4).cells[0].outputs[0]["text"] == "42\n"
    assert main([str(tmp_path / "missing.ipynb")]) == 2


def test_tables_of_other_families_are_refused_clearly():
    from danish_nb.render.views import lesson_table
    with pytest.raises(DanishNbError, match="no table drawing for a view of type object"):
        lesson_table(object())


def test_every_quiz_of_the_danish_bastard_lesson(monkeypatch):
    """Run the lesson's cells here (nbval cannot click widgets), then click every quiz."""
    import collections
    import contextlib
    import io
    from pathlib import Path

    import nbformat
    folder = Path(__file__).parent.parent / "notebooks"
    monkeypatch.chdir(folder)
    notebook = nbformat.read(folder / "01-danish-bastard.ipynb", as_version=4)
    namespace: dict = {}
    quizzes: list[PositionQuiz] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(cell.source, namespace)  # noqa: S102 - the lesson's own cells
            quizzes += [v for v in namespace.values() if isinstance(v, PositionQuiz) and v not in quizzes]
    assert len(quizzes) == sum("PositionQuiz(" in cell.source for cell in notebook.cells) >= 25
    for quiz in quizzes:
        state = quiz.state
        assert max(collections.Counter(state.all_cards()).values()) == 1  # one pack: no card twice
        for button, move in zip(quiz.buttons, quiz.moves):
            button.click()
            assert quiz.verdict == state.explain(move)
            assert all(f"<b>{rule_id}</b>" in quiz.verdict_box.value for rule_id in quiz.verdict.rule_ids)
        assert quiz.state is state
        hidden, visible = hidden_and_visible(state, state.current_player)
        assert leaked(synced_strings(quiz), hidden, visible) == [], quiz.answers()


def test_a_moves_cards_may_be_given_in_any_order():
    g = dn.setup("le-danish", {"hands": [["9H", "9C", "4D"], ["5H"], ["9S", "9D", "KH"]], "pile": ["6C"]},
                 {"complete_four": True})
    g.play("P1 play 9H 9C")
    quiz = PositionQuiz(g, try_moves=["P3 complete 9S 9D", "P2 pass"])
    assert [b.description for b in quiz.buttons] == ["P2: Pass", "Complete the four with the nine of diamonds and the "
                                                     "nine of spades", "Pass"]
    verdict = quiz.answer("P3 complete 9S 9D")
    assert verdict.legal and verdict == g.explain("P3 complete 9D 9S") and "LD-33" in verdict.rule_ids
    assert quiz.buttons[1].button_style == "success"


def test_a_tried_illegal_move_keeps_its_cards_in_the_order_given():
    g = dn.setup(GAME, {"hands": [["9C", "9H", "5D"], ["3H"]], "pile": ["8C"]})
    quiz = PositionQuiz(g, try_moves=["P1 play 9C 5D", "P1 play 9H 9C"])
    assert "Play the nine of clubs and the five of diamonds" in [b.description for b in quiz.buttons]
    assert len(quiz.moves) == len(g.legal_moves()) + 1
    assert not quiz.answer("P1 play 5D 9C").legal


def test_many_card_moves_are_picked_card_by_card_not_a_wall_of_buttons():
    """Issue 29: choosing three face-up cards of six is 20 moves; the quiz offers the six cards
    to pick and a Check button (in words and the card faces of the learner's language), the
    engine judging whatever is picked."""
    game = dn.new_game(GAME, players=3, seed=1)
    quiz = PositionQuiz(game, lang="fr")
    assert len(quiz.moves) == 20 and quiz.buttons == () and len(quiz.card_toggles) == 6
    faces = [t.description for t in quiz.card_toggles]
    assert "V♣" in faces and "D♠" in faces and not any(face.startswith(("J", "Q", "K")) for face in faces)
    assert quiz.check_selection() is None and "cartes" in quiz.verdict_box.value
    for toggle in quiz.card_toggles[:2]:
        toggle.value = True
    verdict = quiz.check_selection()
    assert not verdict.legal and "exactement 3" in quiz.verdict_box.value and game.history == []
    quiz.card_toggles[2].value = True
    assert quiz.check_selection().legal and quiz.verdict in [game.explain(m) for m in quiz.moves]
    assert len(quiz.answers().splitlines()) == 20  # the answer sheet still lists every move


def test_one_live_quiz_of_the_kernel_carries_the_styles():
    """The styles (11 kB) go to the browser with one quiz's model, which the browser keeps; the
    others carry none while it lives, and the next quiz made once it is closed carries them."""
    g = dn.setup(GAME, {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    if PositionQuiz._styled is not None:
        PositionQuiz._styled.close()  # a quiz of an earlier test
    first, second = PositionQuiz(g), PositionQuiz(g)
    assert first.get_state()["_css"] == BOARD_CSS and second.get_state()["_css"] == ""
    first.close()
    third, fourth = PositionQuiz(g), PositionQuiz(g)
    assert third.get_state()["_css"] == BOARD_CSS and fourth.get_state()["_css"] == ""
