"""Practice (issues 31 and 38): items for every practised rule, checked against the engine; the
schedule on the ``fsrs`` library; a session's refusals; the learner's screen and its messages.

The item property replays each item's position from its record and asks the engine again:
the answer the item expects must be the engine's verdict (``explain``) or what the move does
(the events of ``apply``), and the item's rule must be the verdict's first reason (what
decides it, never a consequence) or the events' rule; a pick item credits each card to the
rule that decides it; the board drawn for an item shows no turn note. A Hypothesis property over
items under any options checks that each position is reached by a legal history (a seeded deal,
or a Sjavs deal's start with game points its rules can reach, and moves the engine replays).
Every rule is practised or listed, with its reason, under each lesson's practice.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.core import render_text
from danish_nb.i18n import translator
from danish_nb.practice import (
    NoItem,
    PracticePart,
    PracticeSession,
    RuleProgress,
    StaleItem,
    active_rules,
    answered,
    left_out,
    make_item,
    next_rule,
    practice_part,
)
from danish_nb.practice.candidates import card_of
from danish_nb.practice.schedule import LEARNED_DAYS, SCHEDULER, moment
from danish_nb.practice.session import WINDOW, NothingDue
from danish_nb.practice.words import QUESTIONS
from danish_nb.widgets.practice import PracticeWidget
from helpers import FUZZ
from test_i18n_pages import check, marked, page_texts, unmarked_words  # noqa: F401 -- marked: a fixture

GAMES = sorted(dn.GAMES)
#: Every practised rule under the default options, with its game.
RULES = [(game, rule) for game in GAMES for rule in active_rules(game)]
#: Options that switch every variant on (the rules they add are practised too).
VARIANTS = {"le-danish": {"chain_face_down": True, "face_down_below_three": True, "four_of_a_kind_burns": True,
                          "three_passes_hands": True, "six_reverses": True, "complete_four": True},
            "sjavs": {"last_points": 5, "farvesjavs": True}}
items = settings(max_examples=400 if FUZZ else 60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- the engine agrees

def question_of(item: Any) -> str:
    """Which question an item asks (a key of QUESTIONS)."""
    return next(key for key, msgid in QUESTIONS.items() if item.question.msgid == msgid)


def check_against_engine(item: Any) -> None:
    """The item's expected answer is the engine's, and its rule decides (see the module docstring)."""
    game = dn.load_record(item.record)  # replays and checks every move of the position
    state = game.state
    from danish_nb.render.practice import item_html
    assert not getattr(item.view(), "note", "") and '<div class="dn-note">' not in item_html(item, frozenset(), None)
    assert state.current_player == item.player
    keys = [choice.key for choice in item.choices]
    assert len(keys) == len(set(keys)) >= 2, f"{item.kind}: choices {keys}"
    assert item.answer <= set(keys)
    if item.kind == "pick":
        legal = state.legal_moves()
        decided = False
        for key in keys:
            card = Card.parse(key)
            plays = [m for m in legal if card_of(m) == card]
            assert (key in item.answer) == bool(plays), f"{key}: the engine says {'legal' if plays else 'illegal'}"
            verdict = state.explain(plays[0]) if plays else \
                next(state.explain(m) for m in _single_tries(state) if card_of(m) == card)
            decided |= verdict.reasons[0].rule_id == item.rule
            assert dict(item.deciders)[key] == verdict.reasons[0].rule_id  # credited to the rule deciding it
        assert decided, f"{item.rule} decides none of the cards offered"
        assert item.answer and item.answer != set(keys), "every card legal, or none: the rule is not tested"
        return
    if item.move is None:  # asked on the position itself: a layout the board does not show
        check_position_item(item, state)
        return
    move = game.parse_move(item.move)
    verdict = state.explain(move)
    if item.kind == "legal":
        assert item.answer == {"legal" if verdict.legal else "illegal", item.rule}
        assert verdict.reasons[0].rule_id == item.rule, "the rule asked is the first reason, not a consequence"
        offered = {c.key for c in item.choices if c.group == "rule"}
        assert offered & set(verdict.rule_ids) == {item.rule}, "another rule offered also decides"
        assert offered <= set(active_rules(item.game_id, game.options))
        return
    assert verdict.legal
    after, events = state.apply(move)
    (answer,) = item.answer
    question = question_of(item)
    if question == "hand-size":  # a consequence on the hand the verdict states
        assert item.rule in verdict.rule_ids[1:] and int(answer) == len(after.hands[item.player])
        return
    through = practice_part(item.game_id).through
    if item.rule in through:  # a rule the engine never cites, asked through the question it decides
        via = through[item.rule][0]
        if via == "next":  # the direction of play: clockwise, three players or more, the turn passing on
            assert question == "next" and answer == f"P{after.current_player + 1}"
            assert state.players >= 3 and state.direction == after.direction == 1
            assert after.current_player != item.player
            return
        ours = [e for e in events if e.kind == via]
        if via == "trick":  # an order of the cards: another card of the winning card's suit is in the trick
            plays = {p.player: p.card for p in state.trick} | {move.player: move.card}
            suits = [state.trumps.suit_of(card) for card in plays.values()]
            assert suits.count(state.trumps.suit_of(plays[ours[0].player])) > 1
    else:
        ours = [e for e in events if e.rule is not None and e.rule.id == item.rule]
    assert ours, f"no event of {item.rule} after {item.move}"
    if item.kind == "effect":
        assert answer in {e.kind for e in ours}
        happened = {e.kind for e in events}
        assert not (set(keys) - {answer}) & happened, "a wrong outcome offered happens too"
    elif question == "trick":
        assert answer == f"P{next(e.player for e in events if e.kind == 'trick') + 1}"
    elif question in ("first", "leader", "starter"):
        kind = {"first": "start", "leader": "lead", "starter": "start"}[question]
        assert answer == f"P{next(e.player for e in events if e.kind == kind) + 1}"
    elif question == "winner":
        assert answer == f"P{after.result.order[0] + 1}"
    elif question == "loser":
        assert answer == f"P{after.result.loser + 1}"
    elif question == "total":
        said = next(str(e) for e in events if e.kind == "play")
        assert answer == re.search(r"the total is (\d+)", said).group(1)
    else:
        seat = int(re.search(r"P(\d+)", render_text(item.question).split("deal.")[1]).group(1)) - 1
        score = after.match.history[-1]
        if question == "deal-points":
            assert int(answer) == score.points[seat]
        elif question == "game-points-lost":
            assert int(answer) == -score.points[seat]
        elif question == "game-points":
            assert int(answer) == after.match.scores[seat]
        else:
            line = next(str(e) for e in events if e.kind == "score" and e.rule.id in ("SJ-3", "SJ-10")
                        and e.player == seat)
            assert int(answer) == int(re.findall(r"(\d+)(?: card points| =)?", line.split("(rule")[0])[-1])


def check_position_item(item: Any, state: Any) -> None:
    """Rat Bastard 17's hole-card layout (RB-3, ruling RB-c: down, up, down, up, down): how many
    of a player's hole cards dealt face down are gone, counted from the row itself; the board
    shows every used position alike, so the layout, not the board, says it."""
    assert (item.game_id, item.rule, question_of(item)) == ("rat-bastard-17", "RB-3", "turned-over")
    seat = int(re.search(r"to P(\d)", render_text(item.question)).group(1)) - 1
    used = [slot for slot, card in enumerate(state.holes[seat]) if card is None]
    assert len(used) >= 2, "one card gone is always from an end, face down: the layout decides nothing"
    (answer,) = item.answer
    assert int(answer) == sum(1 for slot in used if slot not in (1, 3))
    view = item.view()
    assert all(view.hole_up[seat][slot] is None and not view.hole_down[seat][slot] for slot in used)
    lines, rulings = item.check(item.answer).lines, item.check(item.answer).rulings
    assert [r.id for r in rulings] == ["RB-c"] and "(rule RB-3)" in render_text(lines[0])


def _single_tries(state: Any) -> list[Any]:
    from danish_nb.practice.candidates import tries
    return [m for m in tries(state) if card_of(m) is not None]


@pytest.mark.parametrize("game, rule", RULES)
def test_every_practised_rule_gets_items_the_engine_agrees_with(game: str, rule: str) -> None:
    for seed in range(3):
        item = make_item(game, rule, seed)
        assert item.rule == rule and item.game_id == game
        check_against_engine(item)
        assert item.check(item.answer).correct


@st.composite
def rule_items(draw: st.DrawFn) -> Any:
    game = draw(st.sampled_from(GAMES))
    info = dn.GAMES[game].info
    options = {}
    for option in info.options:
        if option.choices and draw(st.booleans()):
            options[option.name] = draw(st.sampled_from(option.choices))
        elif isinstance(option.default, bool) and draw(st.booleans()):
            options[option.name] = draw(st.booleans())
    rule = draw(st.sampled_from(active_rules(game, options)))
    return make_item(game, rule, draw(st.integers(0, 10**6)), options)


@items
@given(rule_items())
def test_items_under_any_options_expect_the_engines_answer(item: Any) -> None:
    check_against_engine(item)


@items
@given(rule_items())
def test_every_item_is_a_real_position_that_asks_its_own_rule_and_does_not_give_it_away(item: Any) -> None:
    """Issue 38: the position replays from its history (a seeded deal, or a Sjavs deal's start with
    game points its rules can reach, and moves the engine accepts); a "which rule decides?" item
    asks the first reason of the verdict; the board shows no turn note."""
    record = item.record
    position = record.get("position")
    if position is not None:  # a deal's start: the cards dealt and the match so far, nothing played
        assert item.game_id == "sjavs" and set(position) <= {"players", "hands", "skat", "dealer", "deal", "scores",
                                                             "seed"}
        assert all(score % 5 == 0 and 0 < score <= 65 for score in position["scores"])
        fresh = dn.setup("sjavs", position, record["options"]).state
        assert fresh.phase == "bid" and not any(fresh.won) and not fresh.trick
    game = dn.load_record(record)  # every move replays
    assert len(game.history) == len(record["moves"])
    if item.kind == "legal":
        verdict = game.state.explain(game.parse_move(item.move))
        assert verdict.reasons[0].rule_id == item.rule
    view = item.view()
    assert not getattr(view, "note", "")


@pytest.mark.parametrize("game, rule", [("sjavs", "SJ-2"), ("bastard", "BA-3"), ("bastard", "BA-4"),
                                        ("le-danish", "LD-10"), ("danish-bastard", "DB-1"),
                                        ("rat-bastard-17", "RB-3")])
def test_orders_directions_and_objects_are_practised_with_answers_that_vary(game: str, rule: str) -> None:
    """Issue 38: the rules the engine never cites are asked through the question they decide,
    and their answers vary over seeds (different players)."""
    made = [make_item(game, rule, seed) for seed in range(8)]
    for item in made:
        check_against_engine(item)
    assert len({item.answer for item in made}) >= 2


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_variant_rules_are_practised_only_when_their_option_is_on(game: str) -> None:
    extra = set(active_rules(game, VARIANTS[game])) - set(active_rules(game))
    assert extra
    for rule in sorted(extra):
        check_against_engine(make_item(game, rule, 1, VARIANTS[game]))
        with pytest.raises(NoItem, match="not practised under these options"):
            make_item(game, rule, 1)


def test_an_item_is_made_under_the_tables_options() -> None:
    item = make_item("danish-bastard", "DB-23", 5, {"seven_allows_equal": False})
    assert dn.load_record(item.record).options.seven_allows_equal is False
    assert make_item("danish-bastard", "DB-23", 5).id != item.id \
        or item.record["options"]["seven_allows_equal"] is False


def test_each_game_declares_its_practice_part_with_rules_of_its_own_catalogue() -> None:
    for game in GAMES:
        path, part = dn.GAMES[game].info.parts.practice, practice_part(game)
        assert path and path.startswith("danish_nb.games.") and isinstance(part, PracticePart)
        rules = dn.GAMES[game].catalogue.rules
        named = {*part.left_out, *part.when, *part.outcomes.values(), *part.through}
        named |= {rule for _, _, scene_rules in part.scenes for rule in scene_rules or ()}
        assert part.scenes and named <= set(rules), sorted(named - set(rules))


def test_left_out_rules_are_explained_and_never_asked() -> None:
    for game in GAMES:
        catalogue = dn.GAMES[game].catalogue
        for rule, why in left_out(game).items():
            assert rule in catalogue.rules and why
            assert rule not in active_rules(game, VARIANTS.get(game))
            with pytest.raises(NoItem):
                make_item(game, rule, 0)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_practised_or_listed_with_its_reason_in_the_lessons_practice(game: str) -> None:
    """Issue 38: a rule is left out (or has one answer) only with a reason, and the list a
    lesson's practice shows names every such rule, in the learner's language."""
    from danish_nb.practice import one_answer, practice_notes
    catalogue = dn.GAMES[game].catalogue
    active = set(active_rules(game))
    notes = practice_notes(game)
    listed = [rule for rule, _, _ in notes]
    assert set(listed) == (set(catalogue.rules) - active) | set(one_answer(game))
    assert set(one_answer(game)) <= active and all(why for _, _, why in notes)
    page = PracticeWidget(game, seed=3, lang="de").html()
    assert "Nicht geübte Regeln und warum" in page and all(f"<b>{rule} " in page for rule in listed)
    assert all(translator("fr")(why) != why for _, _, why in notes)  # reasons in the catalogue, translated
    if game in VARIANTS:  # a variant's rules are listed while its option is off, practised once it is on
        assert {rule for rule, _, _ in practice_notes(game, VARIANTS[game])} < set(listed)


def test_the_same_seed_gives_the_same_item_and_seeds_vary_it() -> None:
    assert make_item("sjavs", "SJ-13", 7).id == make_item("sjavs", "SJ-13", 7).id
    assert len({make_item("sjavs", "SJ-13", seed).id for seed in range(10)}) >= 8


def test_items_read_words_not_notation_in_three_languages() -> None:
    item = make_item("danish-bastard", "DB-17", 1)
    for lang, word in (("en", "five"), ("fr", "cinq"), ("de", "Fünf")):
        text = render_text(item.question, lang=lang) + " ".join(render_text(c.text, lang=lang) for c in item.choices)
        assert word in text
        assert not re.search(r"\b(10|[2-9AJQK])[CDHS]\b|♣|♦|♥|♠", text), text


def test_unknown_rules_and_games_are_refused_in_one_sentence() -> None:
    with pytest.raises(NoItem, match="has no rule"):
        make_item("bastard", "BA-99")
    with pytest.raises(NoItem, match="has no rule"):
        make_item("bastard", ["BA-10"])  # type: ignore[arg-type]
    with pytest.raises(dn.OptionsError):
        make_item("poker", "BA-10")
    with pytest.raises(dn.OptionsError):
        make_item("bastard", "BA-10", options={"no_such_option": 1})


# --------------------------------------------------------------------------- the schedule

def test_an_answer_is_the_librarys_review_good_or_again() -> None:
    from fsrs import Card, Rating
    card, p, now = Card(card_id=1, due=moment(0.0)), RuleProgress("R"), 0.0
    for correct, hours in [(True, 0), (True, 50), (False, 80), (True, 80.2), (True, 130)]:
        now = hours * 3600.0
        card, _ = SCHEDULER.review_card(card, Rating.Good if correct else Rating.Again, review_datetime=moment(now))
        p = answered(p, correct, now)
        assert (p.card.stability, p.card.difficulty, p.card.state, p.due) == \
            (card.stability, card.difficulty, card.state, card.due.timestamp())
        assert p.recall(now + 86_400) == SCHEDULER.get_card_retrievability(card, moment(now + 86_400))
    assert (p.right, p.wrong, p.streak) == (4, 1, 0)


def test_learned_takes_right_answers_spread_over_days_and_practising_early_postpones_nothing() -> None:
    p, now = RuleProgress("R"), 0.0
    for _ in range(20):  # twenty right answers within ten minutes: not learned
        p = answered(p, True, now)
        now += 20
    assert not p.learned and p.stability < LEARNED_DAYS
    due = p.due
    early = answered(p, True, now + 86_400)  # a day before it is due: credited, never postponed
    assert early.stability > p.stability and early.due <= due
    while not p.learned:
        now = p.due
        p = answered(p, True, now)
    assert now >= 2 * 86_400 and p.stability >= LEARNED_DAYS
    wrong = answered(p, False, now + 3600)
    assert not wrong.learned and wrong.streak == 1 and wrong.due < p.due


def test_only_due_and_new_rules_are_served_the_weakest_first() -> None:
    rules = ["A", "B", "C", "D"]
    now = 10 * 86_400.0
    progress = {"A": answered(RuleProgress("A"), True, now - 3 * 86_400),  # due a day ago
                "B": answered(RuleProgress("B"), True, now - 6 * 86_400),  # due four days ago: lower recall
                "C": answered(RuleProgress("C"), False, now - 900),        # got wrong, due again
                "D": answered(RuleProgress("D"), True, now - 60)}          # not due
    assert progress["B"].recall(now) < progress["A"].recall(now)
    assert next_rule(rules, progress, now) == "C"            # got wrong
    assert next_rule(rules, progress, now, last="C") == "B"  # the lowest recall among the due
    del progress["C"]
    assert next_rule(rules, progress, now, last="B") == "A"  # due before never met
    progress.pop("A"), progress.pop("B")
    assert next_rule(rules, progress, now, last="A") == "B"  # then never met, in catalogue order
    assert next_rule(["D"], progress, now) is None           # nothing due
    assert next_rule(["D"], progress, now, anyway=True) == "D"
    assert next_rule(rules, progress, now, focus=["D"]) == "D"  # the focus, asked for: due or not
    assert next_rule(rules, progress, now, hold=["A", "B", "C"]) is None


def test_a_session_serves_nothing_when_nothing_is_due_and_anyway_postpones_nothing() -> None:
    now = [50_000.0]
    session = PracticeSession("bastard", seed=3, clock=lambda: now[0])
    for _ in range(len(session.rules)):  # every rule met, answered right
        item = session.next_item()
        session.answer(item.id, sorted(item.answer))
        now[0] += 20
    with pytest.raises(NothingDue) as caught:
        session.next_item()
    assert caught.value.due == min(p.due for p in session.progress.values())
    dues = {rule: p.due for rule, p in session.progress.items()}
    for _ in range(5):
        item = session.next_item(anyway=True)
        session.answer(item.id, sorted(item.answer))
        now[0] += 20
    assert all(session.progress[rule].due <= due for rule, due in dues.items())


def test_a_rule_got_wrong_again_and_again_changes_approach_within_a_third_of_the_session() -> None:
    now = [50_000.0]
    session = PracticeSession("danish-bastard", seed=5, clock=lambda: now[0])
    shown: list[tuple[str, bool]] = []
    rested = 0
    for _ in range(90):
        try:
            item = session.next_item()
        except NothingDue as nothing:  # the learner comes back when the next rule is due
            if nothing.due is None or nothing.due <= now[0]:
                break  # only the struggling rule is due, and it had its share of the session
            now[0], rested = nothing.due, rested + 1
            continue
        shown.append((item.rule, session.worked))
        if session.worked:  # a worked example: read, not answered
            assert session.read_example().correct
            with pytest.raises(StaleItem):
                session.answer(item.id, sorted(item.answer))
            continue
        wrong = item.rule == "DB-13"
        session.answer(item.id, [c.key for c in item.choices if c.key not in item.answer][:1] if wrong
                       else sorted(item.answer))
        now[0] += 20
    bad = [index for index, (rule, _) in enumerate(shown) if rule == "DB-13"]
    examples = [index for index, (_, worked) in enumerate(shown) if worked]
    assert examples and all(shown[i][0] == "DB-13" and shown[i + 1][0] == "DB-13" for i in examples)
    assert len(bad) <= len(shown) / 3, shown  # every item the learner saw counts, the first one too
    for end in range(1, len(shown) + 1):  # and in every window of the last items, as the session counts them
        window = shown[max(0, end - WINDOW):end]
        assert sum(rule == "DB-13" for rule, _ in window) <= max(2, len(window) / 3), (end, shown)
    assert all(shown[i + 1][0] == "DB-13" and not shown[i + 1][1] for i in examples)  # then the easier item
    assert rested and len(shown) >= 30

def test_a_pick_item_counts_each_card_on_the_rule_that_decides_it() -> None:
    item = next(it for seed in range(40) for it in [make_item("danish-bastard", "DB-20", seed)]
                if it.kind == "pick" and len(set(dict(it.deciders).values())) > 1)
    deciders = dict(item.deciders)
    other = next(key for key, rule in deciders.items() if rule != "DB-20")
    flipped = sorted(item.answer ^ {other})  # wrong on one card another rule decides
    credits = item.check(flipped).credits
    assert credits["DB-20"] is True and credits[deciders[other]] is False
    session = PracticeSession("danish-bastard", seed=1)
    session.item = item
    session.answer(item.id, flipped)
    assert session.progress["DB-20"].right == 1 and session.progress[deciders[other]].wrong == 1


# --------------------------------------------------------------------------- a session's refusals

def test_a_stale_or_forged_answer_is_refused_and_counts_nothing() -> None:
    session = PracticeSession("bastard", seed=2)
    first = session.next_item()
    second = session.next_item()  # replaces the first
    with pytest.raises(StaleItem):
        session.answer(first.id, sorted(first.answer))
    for forged in (["not-a-choice"], "BA-10", [7], [first.id], [c.key for c in second.choices] * 3, None):
        with pytest.raises(dn.DanishNbError):
            session.answer(second.id, forged)
    assert session.progress == {}
    assert session.answer(second.id, sorted(second.answer)).correct
    with pytest.raises(StaleItem):  # answered once
        session.answer(second.id, sorted(second.answer))
    assert sum(p.seen for p in session.progress.values()) == 1


def test_illegal_moves_tried_in_play_count_and_come_first_when_asked() -> None:
    session = PracticeSession("danish-bastard", seed=4)
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    assert session.tried(game.explain("P1 play 4C")) == "DB-13"
    assert session.tried(game.explain("P1 play 8H")) is None  # legal: nothing
    assert session.progress["DB-13"].wrong == 1
    session.new_game()
    assert session.practise_errors() == ["DB-13"]  # the last game's, while the new one has none
    assert session.next_item().rule == "DB-13"


# --------------------------------------------------------------------------- the learner's screen

def test_the_screen_checks_an_answer_and_quotes_the_rule() -> None:
    w = PracticeWidget("le-danish", seed=11, lang="fr")
    item = w.item
    before = w.widget.html  # the answer is not on the page before the learner checks
    assert 'class="dn-choice dn-choice-right' not in before and 'class="dn-feedback"' not in before
    assert "(règle" not in before and "bonne réponse" not in before
    for key in sorted(item.answer):
        w.choose(key, next(c.group for c in item.choices if c.key == key))
    feedback = w.check()
    assert feedback.correct
    html = w.widget.html
    assert "Juste" in html and f"<b>{item.rule}</b>" in html and 'class="dn-announce"' in html
    assert "dn-next" in html


def test_the_screen_refuses_forged_and_stale_messages_and_records_nothing() -> None:
    w = PracticeWidget("sjavs", seed=5)
    item = w.item
    send = w._on_msg
    send(None, {"act": "choice", "code": "forged", "zone": "answer", "move": item.id}, [])
    assert "Ignored" in w.message and not w.selected
    send(None, {"act": "choice", "code": item.choices[0].key, "zone": item.choices[0].group, "move": "old"}, [])
    assert "already answered or replaced" in w.message and not w.selected
    send(None, {"act": "check", "move": item.id}, [])
    assert "Ignored" in w.message and w.feedback is None
    for junk in ("x", None, {"act": "drop tables"}, {"act": "choice", "code": 3, "zone": None, "move": item.id}):
        send(None, junk, [])
        assert "Ignored" in w.message
    send(None, {"act": "erase-confirm"}, [])
    assert "Ignored" in w.message
    assert w.session.progress == {} and w.item is item
    w.widget.html = "<b>forged</b>"
    assert "Ignored" in w.message and "forged" not in w.widget.html


# --------------------------------------------------------------------------- no English on a French or German page

@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_no_english_on_a_practice_page(game: str, lang: str) -> None:
    w = PracticeWidget(game, seed=21, lang=lang, options=VARIANTS.get(game))
    for step in range(8):  # a few questions of several kinds, before and after the answer
        item = w.item
        check(w.widget.html, item.game(), f"{game} {lang}: question {step} ({item.kind})")
        chosen = sorted(item.answer) if step % 2 else [c.key for c in item.choices if c.key not in item.answer][:1]
        w.answer(item.id, chosen)
        check(w.widget.html, item.game(), f"{game} {lang}: feedback {step} ({item.kind})")
        w.next()
    w.export()
    w.erase()
    check(w.widget.html, w.item.game(), f"{game} {lang}: the learner's own record")


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_english_on_the_teachers_report(lang: str) -> None:
    from danish_nb.practice import Learner, ProgressStore, room_report
    from danish_nb.render.practice import report_html
    from danish_nb.tables import open_store

    progress = ProgressStore(open_store("sqlite:///:memory:"))
    session = PracticeSession("danish-bastard", learner=Learner.local("a-learner-token", room="5B", name="Ada"),
                              progress=progress, seed=3)
    for _ in range(4):
        item = session.next_item()
        session.answer(item.id, [c.key for c in item.choices if c.key not in item.answer][:1])
    html = report_html(room_report(progress, "5B", "danish-bastard"), [("danish-bastard", "Danish Bastard")],
                       sort="DB-8", lang=lang)
    assert "⟦" in html and "dn-error-position" in html
    assert unmarked_words([text.replace("Ada", "") for text in page_texts(html)]) == []  # a name is a name



# --------------------------------------------------------------------------- import boundary

@pytest.mark.parametrize("ui", ["ipywidgets", "IPython", "voila", "anywidget"])
def test_practice_without_its_screens_imports_no_ui_library(ui: str) -> None:
    import subprocess
    import sys
    code = ("import sys, danish_nb.practice, danish_nb.practice.report, danish_nb.render.practice; "
            f"assert {ui!r} not in sys.modules, sorted(m for m in sys.modules if {ui!r} in m)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


NO_SQLITE = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name in ("sqlite3", "_sqlite3"):
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Block())
from danish_nb.practice import PracticeSession
import danish_nb.widgets.practice
session = PracticeSession("bastard", seed=1)
item = session.next_item()
assert session.answer(item.id, sorted(item.answer)).correct
assert "danish_nb.tables" not in sys.modules, "the class store was imported"
"""


def test_practice_in_memory_needs_no_sqlite3_as_on_the_serverless_page() -> None:
    """The page's Python (Pyodide) has no sqlite3: practice kept in memory imports no class store."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", NO_SQLITE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_screen_says_when_nothing_is_due_and_practises_anyway_or_opens_a_game() -> None:
    now = [50_000.0]
    played = []
    w = PracticeWidget("bastard", seed=3, clock=lambda: now[0], lang="de", on_play=lambda: played.append(1))
    while w.item is not None:  # every rule met, answered right
        w.answer(w.item.id, sorted(w.item.answer))
        now[0] += 20
        w.next()
    html = w.widget.html
    assert w.resting and "Gerade ist nichts fällig." in html and "Trotzdem üben" in html and 'data-act="play"' in html
    dues = {rule: p.due for rule, p in w.session.progress.items()}
    w._on_msg(None, {"act": "anyway"}, [])
    assert w.item is not None and not w.resting
    w.answer(w.item.id, sorted(w.item.answer))
    assert all(w.session.progress[rule].due <= due for rule, due in dues.items())  # practising early postpones nothing
    w._on_msg(None, {"act": "play"}, [])
    assert played == [1]
    alone = PracticeWidget("bastard", seed=3)
    alone._on_msg(None, {"act": "play"}, [])
    assert "Ignored" in alone.message  # no game to open from a lone screen


def test_a_worked_example_is_shown_answered_then_an_easier_item() -> None:
    now = [50_000.0]
    w = PracticeWidget("danish-bastard", seed=5, clock=lambda: now[0])
    rule = w.item.rule
    for _ in range(2):  # the same rule got wrong twice
        w.session.item = item = make_item("danish-bastard", rule, seed=int(now[0]) % 97)
        w.item = item
        w.answer(item.id, [c.key for c in item.choices if c.key not in item.answer][:1])
        now[0] += 700
    w.session.last_rule = None
    other = next(r for r in w.session.rules if r != rule)
    w.session.recent.extend([other] * 8)  # other items seen since: the rule has room in the last items
    w.next()
    assert w.session.worked and w.item.rule == rule and w.feedback is not None and w.feedback.correct
    html = w.widget.html
    assert "A worked example" in html and f"<b>{rule}</b>" in html  # the answer and the rule's sentence
    w._on_msg(None, {"act": "check", "move": w.item.id}, [])
    assert "Ignored" in w.message  # an example is read, not answered
    before = w.session.progress[rule]
    w.next()
    assert w.item.rule == rule and not w.session.worked and w.session.progress[rule] == before
