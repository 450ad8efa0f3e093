"""Pure rendering: card elements follow the DOM contract, tables draw only what a view holds,
and every text is escaped."""

from __future__ import annotations

import re

import pytest

import danish_nb as dn
from danish_nb.cards import Card
from danish_nb.render import back_html, card_html, verdict_html
from danish_nb.render.board import LogEntry, button_html, log_html, message_html, nav_html
from danish_nb.render.shedding import PILE_TOP, table_html
from danish_nb.render.tricks import table_html as tricks_table


def test_card_elements_carry_the_contract_classes():
    for code in ("7H", "10S", "RJ", "BJ", "AC"):
        html = card_html(Card.parse(code), playable=True, selected=True)
        classes = re.search(r'class="([^"]*)"', html).group(1).split()
        assert {"dn-card", f"dn-card-{code}", "dn-playable", "dn-selected"} <= set(classes)
        assert f'data-card="{code}"' in html
    assert "dn-red" in card_html(Card.parse("7H")) and "dn-red" not in card_html(Card.parse("7S"))


def test_face_down_cards_carry_no_code():
    html = back_html(3)
    assert html.count('class="dn-card dn-facedown"') == 3 and "data-card" not in html


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))


def test_a_table_shows_my_hand_hides_the_others_and_counts_face_down_cards():
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S", "JD", "QH"]], "pile": ["6C"],
                                       "open": [["KS"], ["5D"]], "closed": [["2D", "3C"], ["3D"]],
                                       "stock": ["AH"], "burned": ["10C"]})
    html = table_html(game.state.view(0), names(2))
    for code in ("8H", "4C", "KS", "5D", "6C"):
        assert f"dn-card-{code}" in html
    for code in ("9S", "JD", "QH", "2D", "3C", "3D", "AH"):
        assert code not in html and str(Card.parse(code)) not in html
    assert "3 in hand" in html and html.count("dn-facedown") == 3
    assert "stock: 1" in html and "burned: 1" in html and 'class="dn-turn">Your turn' in html


def test_clickable_cards_and_closed_cards_carry_their_positions():
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"],
                                       "closed": [["2D", "3C"], ["3D"]]})
    html = table_html(game.state.view(0), names(2), clickable=True, playable={("hand", 1)},
                      closed_clickable=True)
    eight = re.search(r"<span [^>]*dn-card-8H[^>]*>", html).group(0)
    assert 'data-act="card"' in eight and 'data-idx="1"' in eight and "dn-playable" in eight
    assert 'data-zone="hand"' in eight
    assert len(re.findall(r'class="dn-card dn-facedown dn-closed" data-act="closed"', html)) == 2
    p2 = html.split('data-seat="1"')[1].split('data-seat="0"')[0]  # P2 sits across, drawn before P1
    assert 'data-act="card"' not in p2  # not P2's cards


def test_the_pile_shows_its_top_and_the_rest_on_demand():
    pile = ["3C", "4C", "5C", "6C", "7C", "8C"]
    game = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": pile})
    html = table_html(game.state.view(0), names(2))
    top, _, full = html.partition('<details class="dn-full-pile">')
    assert "dn-card-3C" not in top and all(f"dn-card-{c}" in top for c in pile[-PILE_TOP:])
    assert all(f"dn-card-{c}" in full for c in pile)


def test_direction_and_game_over_are_shown():
    game = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"], ["4C"]], "direction": -1})
    assert "anticlockwise" in table_html(game.state.view(0), names(3))
    game = dn.setup("danish-bastard", {"hands": [["8H"], []], "finished": [1]})
    assert "Game over" in table_html(game.state.view(0), names(2))


def test_controls_escape_their_text():
    html = button_html('<x> & "y"', "move", css="dn-move", move='P1 <send> "P2"', enabled=False)
    assert "<x>" not in html and "&lt;x&gt;" in html and 'data-move="P1 &lt;send&gt; &quot;P2&quot;"' in html
    assert html.endswith("disabled>&lt;x&gt; &amp; &quot;y&quot;</button>")
    assert "<script>" not in message_html("<script>")
    log = log_html([LogEntry(1, "P1 play 8♥", "human", "<why>", ("<b>burn</b>",))])
    assert "<why>" not in log and "&lt;b&gt;burn" in log and 'class="dn-log"' in log


def test_navigation_buttons_are_enabled_only_where_they_lead_somewhere():
    start = nav_html(0, 5)
    assert re.search(r'class="dn-first"[^>]*disabled', start) and re.search(r'class="dn-back"[^>]*disabled', start)
    assert not re.search(r'class="dn-forward"[^>]*disabled', start)
    end = nav_html(5, 5)
    assert re.search(r'class="dn-last"[^>]*disabled', end) and 'value="5"' in end


def test_log_greys_moves_after_the_position_shown():
    entries = [LogEntry(n, f"P1 move {n}", "human", "", ()) for n in (1, 2, 3)]
    html = log_html(entries, position=1, hidden=4)
    assert html.count('class="dn-past"') == 2 and "4 earlier moves not shown" in html


def test_verdicts_cite_their_rules():
    game = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    html = verdict_html(game.explain("P1 play 4C"))
    assert 'class="dn-verdict"' in html and "DB-13" in html and "Illegal" in html


def test_only_the_viewers_cards_are_marked_playable():
    g = dn.setup("danish-bastard", {"hands": [[], [], []], "open": [["8H"], ["8C"], ["8D"]],
                                    "closed": [["2C"], ["3C"], ["4C"]]})
    html = table_html(g.state.view(0), ["P1", "P2", "P3"], playable={("open", 0)}, selected={("open", 0)})
    assert html.count("dn-playable") == 1 and re.search(r"dn-card-8H[^\"]*dn-playable", html)
    assert html.count("dn-selected") == 1


def test_the_log_opens_with_what_the_deal_did_and_its_rules():
    game = dn.new_game("danish-bastard", players=5, seed=1)
    html = log_html([], opening=tuple(map(str, game.opening_events)))
    assert "The deal" in html and "2 packs for 5 players: 108 cards (rule DB-33)" in html
    assert "the other 63 cards make the stock (rule DB-7)" in html
    assert "The deal" not in log_html([], opening=(), hidden=0)
    assert dn.setup("danish-bastard", {"hands": [["7H"], ["8C"]]}).opening_events == ()


def test_a_trick_table_marks_only_the_viewers_cards_playable_even_showing_all_hands():
    from danish_nb.render.tricks import table_html as trick_table_html
    g = dn.setup("bastard", {"hands": [["2H", "KS"], ["5C", "6H"], ["AC", "8D"]], "trump": "spades"})
    html = trick_table_html(g.state.view(0, reveal_hands=True), ["P1", "P2", "P3"], playable={0}, selected={0})
    assert html.count("dn-playable") == 1 and re.search(r"dn-card-2H[^\"]*dn-playable", html)
    assert html.count("dn-selected") == 1


# ---------------------------------------------------------------- the view-to-drawing registry

#: The table class each family's drawing gives.
TABLE_CLASS = {"shedding": 'class="dn-table dn-felt dn-shed"', "tricks": 'class="dn-table dn-felt dn-tricks"',
               "running-total": 'class="dn-table dn-felt dn-rat"'}


def test_every_registered_game_is_drawn_by_its_views_type():
    from danish_nb.render.views import lesson_table
    for game_id, rules in dn.GAMES.items():
        game = dn.new_game(game_id, players=rules.min_players, seed=1)
        html = lesson_table(game.state.view(0))
        assert TABLE_CLASS[rules.info.family] in html and "P1 (you)" in html, game_id
        hidden = [c for seat, hand in enumerate(game.state.hands) if seat != 0 for c in hand]
        assert not any(f"dn-card-{c.code}" in html for c in hidden), game_id


def test_a_view_subclass_finds_its_parents_drawing_and_an_unknown_view_is_refused():
    from danish_nb.families.tricks import AuctionView, TrickView
    from danish_nb.render.views import LESSON_TABLES, draws, lesson_table
    assert AuctionView not in LESSON_TABLES and TrickView in LESSON_TABLES  # Sjavs: the trick table

    class Odd:
        pass
    with pytest.raises(dn.DanishNbError, match="no table drawing for a view of type Odd"):
        lesson_table(Odd())
    try:
        draws(Odd)(lambda view, lang="en": "<odd>")
        assert lesson_table(Odd()) == "<odd>"
    finally:
        del LESSON_TABLES[Odd]


def test_every_card_is_named_in_words_and_drawn_with_its_corners():
    from danish_nb.render.html import card_name, closed_html

    assert [card_name(Card.parse(c)) for c in ("7H", "10S", "QC", "AD", "RJ", "BJ")] == [
        "seven of hearts", "ten of spades", "queen of clubs", "ace of diamonds", "red joker", "black joker"]
    seven = card_html(Card.parse("7H"))
    assert 'role="img"' in seven and 'aria-label="seven of hearts"' in seven
    assert seven.count('class="dn-corner') == 2 and seven.count("7<br>♥") == 2
    joker = card_html(Card.parse("RJ"), zone="hand", index=0, playable=True)
    assert 'role="button" tabindex="0"' in joker and 'aria-label="red joker, playable"' in joker
    assert "JOKER" in joker and "dn-joker" in joker  # the same box as any card (board.css)
    assert 'aria-label="face-down card 2: play it blind"' in closed_html(1, "face-down card 2: play it blind")


def test_the_step_bar_and_buttons_are_named_in_words():
    html = nav_html(2, 5)
    assert 'aria-label="move shown"' in html and 'aria-label="one move back"' in html
    assert 'aria-keyshortcuts="["' in html


def test_seats_sit_around_the_table_with_the_viewer_at_the_bottom():
    game = dn.new_game("bastard", players=4, seed=3)
    html = tricks_table(game.state.view(1), names(4))
    left, top, right, me = (html.index(f'data-seat="{s}"') for s in (2, 3, 0, 1))
    assert html.index("dn-area-left") < left < html.index("dn-middle") < html.index("dn-area-right") < right
    assert html.index("dn-area-top") < top < html.index("dn-area-left") and html.index("dn-area-me") < me
    current = game.state.current_player
    assert f'aria-label="P{current + 1}, to play"' in html and html.count('class="dn-to-play"') == 1


def test_a_trick_just_taken_stays_on_the_table_until_the_viewer_plays_again():
    from danish_nb.agents import make_agent

    game = dn.new_game("bastard", players=3, seed=2)
    while not game.state.view(0).last_trick:
        game.play(make_agent("rule-of-thumb", "bastard", 1).choose(game.state).move)
    view = game.state.view(0)
    html = tricks_table(view, names(3))
    assert "took the trick" in html and "dn-just-taken" in html
    assert all(f"dn-card-{p.card.code}" in html for p in view.last_trick.plays)


def test_teaching_mode_draws_the_sjavs_skat_face_down():
    """The skat is dealt face down (SJ-5): teaching mode shows every hand, never the skat; the
    soloist who discarded sees the discards, everyone sees them once the match is over."""
    from danish_nb.widgets import board_for
    position = {"hands": [["QC", "AH", "10H", "KH", "AS", "10S"], ["QS", "JC", "AD", "10D", "KD", "KS"],
                          ["JS", "JH", "JD", "AC", "KC", "10C"]], "skat": ["QH", "QD"]}
    game = dn.setup("sjavs", position)
    board = board_for(game, seats=("human", "human", "human"), teaching=True)
    skat = re.search(r'<div class="dn-skat">(.*?)</div>', board.html).group(1)
    assert "dn-card-QH" not in board.html and "dn-card-QD" not in board.html
    assert skat.count("dn-facedown") == 2 and "data-card" not in skat
    assert "dn-card-QS" in board.html  # another player's hand: teaching mode shows it
    for move in ("P1 pass", "P2 bid play", "P3 pass", "P2 discard QS JC"):
        game.play(move)
    soloist = tricks_table(game.state.view(1), names(3))
    other = tricks_table(game.state.view(0, reveal_hands=True), names(3))
    assert re.search(r'class="dn-skat">.*dn-card-QS', soloist) and "dn-card-JC" in soloist
    assert "dn-card-QS" not in other and "dn-card-JC" not in other
