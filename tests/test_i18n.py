"""The interface in English, French and German: every message translated, catalogues compiled and
up to date with the code, texts rendered per language with the same parameters."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.agents import play_out
from danish_nb.core import render_text
from danish_nb.i18n import LANGUAGES, M, _n, check_lang, translator
from danish_nb.tools import translations as tools
from danish_nb.tools.translations import RESTATED

babel = pytest.importorskip("babel")
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

FOREIGN = LANGUAGES[1:]


def _catalogue(lang: str):
    with tools._po(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def test_the_template_is_up_to_date_with_the_code():
    """Run `make translations` after adding or changing a marked text."""
    with tools.TEMPLATE.open("rb") as handle:
        stored = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(handle) if m.id}
    fresh = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in tools.extract() if m.id}
    assert fresh - stored == set(), "texts not in the template: run `make translations`"
    assert stored - fresh == set(), "template entries no longer in the code: run `make translations`"


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_message_has_a_translation(lang):
    assert tools.missing(lang) == []


@pytest.mark.parametrize("lang", FOREIGN)
def test_translations_keep_the_parameters(lang):
    """A translation names exactly the parameters of its English template (no typo'd ``{name}``)."""
    names = re.compile(r"(?<!\{)\{(\w+)(?::[^}]*)?\}")
    wrong = []
    for message in _catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set(names.findall(ids[-1])) | set(names.findall(ids[0]))
        for text in strings:
            if text and set(names.findall(text)) - expected:
                wrong.append((message.id, text))
    assert wrong == []


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_compiled_catalogue_matches_its_source(lang):
    """The committed .mo is what compiling the .po gives (run `make translations`)."""
    out = io.BytesIO()
    write_mo(out, _catalogue(lang), use_fuzzy=False)
    assert tools._po(lang).with_suffix(".mo").read_bytes() == out.getvalue()


def test_a_missing_translation_is_caught(tmp_path, monkeypatch):
    """The check above can fail: a template entry the catalogue lacks is reported."""
    template = tools.extract()
    template.add("a text nobody translated")
    monkeypatch.setattr(tools, "TEMPLATE", tmp_path / "t.pot")
    from babel.messages.pofile import write_po
    with (tmp_path / "t.pot").open("wb") as out:
        write_po(out, template)
    assert tools.missing("fr") == ["|a text nobody translated"]


@pytest.mark.parametrize("game_id", list(dn.GAMES))
@pytest.mark.parametrize("lang", FOREIGN)
def test_every_rule_has_a_rendering_in_each_language_but_its_own(game_id, lang):
    """Every rule reads in every language; a document in the reader's own language stands
    alone, except the German Bastard document (a machine translation), restated in German."""
    for rule in dn.GAMES[game_id].catalogue:
        rendering = rule.rendering(lang)
        if rule.language == lang and game_id not in RESTATED:
            assert rendering is None
        else:
            assert rendering and rendering not in (rule.quote, rule.english), rule.id
            assert f"“{rendering}”" in rule.cite(lang)


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_rule_page_holds_no_english_outside_the_document_and_the_click(lang):
    """Issue 43: a French or German page shows the rule in its language, the document's words
    beside it; the English rendering only behind a ``<details>``; notes translated; Le danish
    on a French page is the document's sentence alone."""
    from danish_nb.render.html import rule_html
    for game in dn.GAMES.values():
        for rule in game.catalogue:
            html = unescape(rule_html(rule, lang))
            outside = re.sub(r'<details.*?</details>|<div class="dn-quote".*?</div>', "", html, flags=re.S)
            if rule.english:
                assert rule.english not in outside, rule.id
                assert (rule.english in html) == (rule.language != lang or game.id in RESTATED)
            if rule.note:
                assert rule.note_in(lang) in html and rule.note not in html, rule.id
            if rule.language == lang and game.id not in RESTATED:
                assert "dn-own" not in html and "<details" not in html and "dn-source" not in html
            else:
                assert html.index("dn-own") < html.index("dn-quote"), rule.id


def test_a_verdict_in_each_language():
    lesson = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    verdict = lesson.explain("P1 play 4C")
    assert str(verdict) == "illegal. The four of clubs on the six of clubs: lower than the card before (rule DB-13)"
    # the verdict, then its reasons as a clause of their own (one colon a clause, issue 43)
    assert verdict.summary("fr") == ("illégal\u202f; le quatre de trèfle sur le six de trèfle\u202f: "
                                     "plus faible que la carte précédente (règle DB-13)")
    assert verdict.summary("de") == ("nicht erlaubt; Kreuz-Vier auf Kreuz-Sechs: "
                                     "niedriger als die Karte davor (Regel DB-13)")


def test_an_event_in_each_language_keeps_private_cards_private():
    g = dn.new_game("sjavs", players=4, seed=3)
    play_out(g, ["rule-of-thumb"] * 4, seed=1, max_moves=12)
    for step in g.history:
        for event in step.events:
            for lang in LANGUAGES:
                for viewer in range(4):
                    text = event.text_for(viewer, lang=lang)
                    assert "{" not in text
                    if event.text_for(viewer) == str(event):
                        continue
                    # what the viewer may not see in English they may not see in any language
                    hidden = set(str(event).split()) - set(event.text_for(viewer).split())
                    assert not any(card in text.split() for card in hidden if "♣" in card or "♥" in card
                                   or "♠" in card or "♦" in card)


@settings(max_examples=10, deadline=None)
@given(game_id=st.sampled_from(sorted(dn.GAMES)), seed=st.integers(0, 10_000), lang=st.sampled_from(FOREIGN))
def test_texts_of_random_games_render_in_every_language(game_id, seed, lang):
    """Everything a game says (events, reasons, notes, verdicts, the result) renders in each
    language with its parameters filled, and English stays as ``str`` gives it."""
    info = dn.GAMES[game_id].info
    g = dn.new_game(game_id, players=info.min_players, seed=seed)
    choices = play_out(g, ["rule-of-thumb", "random"] * 3, seed=seed, max_moves=60)
    texts = [e.text for step in g.history for e in step.events] + [c.why for c in choices]
    texts += [g.state.view(0).note] + ([g.result.text] if g.result else [])
    for text in texts:
        rendered = render_text(text, omniscient=True, lang=lang)
        assert "{" not in rendered and "}" not in rendered
        assert render_text(text, omniscient=True) == render_text(text, omniscient=True, lang="en")
    for move in g.legal_moves()[:5]:
        summary = g.state.explain(move).summary(lang)
        assert "{" not in summary
        assert summary.startswith(("légal\u202f;", "illégal\u202f;", "erlaubt;", "nicht erlaubt;"))


def test_plural_forms():
    tr = translator("fr")
    assert [tr.n("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
    assert [_n("{n} card", "{n} cards", n).render("de") for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
    assert str(M("P{p} takes the pile ({cards})", p=2, cards=_n("{n} card", "{n} cards", 3))) == \
        "P2 takes the pile (3 cards)"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no interface language 'es'"):
        check_lang("es")
    with pytest.raises(ValueError):
        translator("es")


def test_a_board_in_french_explains_in_french():
    from danish_nb.widgets import board_for
    lesson = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    board = board_for(lesson, seats=("human", "human"), lang="fr")
    board.play("P1 play 4C")
    assert board.message.startswith("Pas joué")
    html = board.html
    assert "Illégal" in html and "plus faible que la carte précédente" in html and "In English" not in html
    assert "Ramasser le tas" in html or "Jouer la sélection" in html


def test_the_app_switches_language():
    from danish_nb.app import build_app
    root = build_app(seed=3)
    app = root.app
    game = app.board.game
    app.language.value = "de"
    assert app.board.lang == "de" and app.board.game is game and app.new_button.description == "Neues Spiel"
    assert app.settings_button.description == "Einstellungen"
    # the old board and its coach let go of the game: only the new board and its coach follow it
    # (and the tab's game keeper, which keeps it for a restart)
    assert game.listeners == [app.board._on_game_change, app.board.coach._on_game_change, root.game_keeper._heard]


def test_errors_carry_a_message_in_each_language():
    """Bad input a board or app user can meet is explained in their language; ``str()`` stays
    the English text (records, tests and notebooks read as before)."""
    g = dn.new_game("danish-bastard", players=3, seed=1)
    cases = [(lambda: g.parse_move("P1 jump"),
              "“jump” is an unknown action", "«\u202fjump\u202f» est une action inconnue",
              "„jump“ eine unbekannte Aktion"),
             (lambda: g.parse_move("P1 play 7X"), "is not a card", "n’est pas une carte", "ist keine Karte"),
             (lambda: dn.new_game("bastard", players=3, options={"nope": 1}), "unknown option", "option inconnue",
              "unbekannte Option"),
             (lambda: dn.new_game("bastard", players=9), "takes 3 to 4 players", "se joue de 3 à 4 joueurs",
              "wird mit 3 bis 4 Spielern gespielt"),
             (lambda: dn.load_record("{not json"), "is not JSON text", "n’est pas du texte JSON",
              "ist kein JSON-Text"),
             (lambda: dn.setup("sjavs", {"hands": [["QC"], ["QS"], ["JS"]], "contract": "nope"}), "position['",
              "position['", "position['"),
             (lambda: g.undo(), "nothing to undo", "rien à annuler", "nichts rückgängig")]
    for make, en, fr, de in cases:
        with pytest.raises(dn.DanishNbError) as caught:
            make()
        error = caught.value
        assert en in str(error) and str(error) == error.text_in("en")
        assert fr in error.text_in("fr") and de in error.text_in("de"), str(error)
        assert error.text_in("fr") != str(error) and "{" not in error.text_in("de")


#: Bad move texts of each game (issue 41's words left-overs: each quotes the player's text).
BAD_MOVES = [("danish-bastard", "P1 foo"), ("danish-bastard", "P1 play 9X"), ("danish-bastard", "X1 play"),
             ("danish-bastard", "P1 take 3"), ("danish-bastard", "P1 closed x"), ("danish-bastard", "P1"),
             ("le-danish", "P1 send"), ("rat-bastard-17", "P1 play 9H 4C"), ("rat-bastard-17", "P1 play RJ=x"),
             ("rat-bastard-17", "P1 hole 9"), ("rat-bastard-17", "P1 swap 7H"), ("sjavs", "P1 bid 7"),
             ("bastard", "P1 bid x"), ("bastard", "P1 trump blue"), ("bastard", "P1 play 7H 8H")]


@pytest.mark.parametrize("game_id, text", BAD_MOVES)
def test_a_bad_move_s_error_quotes_the_text_as_each_language_does(game_id, text):
    """The player's text is quoted as each language writes a quotation (“…”, «\u202f…\u202f», „…“),
    never with Python's quotes, in one sentence (no chained colons: at most one)."""
    g = dn.new_game(game_id, players=2 if game_id == "rat-bastard-17" else 3, seed=1)
    with pytest.raises(dn.MoveParseError) as caught:
        g.parse_move(text)
    quoted = text.split()[-1] if game_id == "bastard" and "trump" in text else text
    said = {lang: caught.value.text_in(lang) for lang in ("en", "fr", "de")}
    assert f"“{quoted}”" in said["en"] and f"«\u202f{quoted}\u202f»" in said["fr"] and f"„{quoted}“" in said["de"], said
    for line in said.values():
        assert not re.search(r"(?<!\w)'|\"", line), line  # no quote mark but an apostrophe
        assert line.count(":") <= 1, line


def test_a_nested_error_is_translated_inside_its_frame():
    g = dn.new_game("bastard", players=3, seed=1)
    with pytest.raises(dn.MoveParseError) as caught:
        g.parse_move("P1 play 7X")
    assert caught.value.text_in("de").startswith("„7X“ ist keine Karte")
    assert caught.value.text_in("de").endswith("(im Zug „P1 play 7X“)")


def test_a_french_board_explains_bad_input_in_french():
    from danish_nb.widgets import board_for
    board = board_for(dn.new_game("danish-bastard", players=2, seed=1), seats=("human", "human"), lang="fr")
    board.choose("P1 jump")
    assert board.message.startswith("Ignoré. Dans «\u202fP1 jump\u202f», «\u202fjump\u202f» est une action "
                                    "inconnue\u202f:"), board.message
    starts = {"en": "Ignored. In “P1 jump”, “jump” is an unknown action", "de": "Ignoriert. In „P1 jump“"}
    for lang, start in starts.items():
        other = board_for(dn.new_game("danish-bastard", players=2, seed=1), seats=("human", "human"), lang=lang)
        other.choose("P1 jump")  # the error is a sentence of its own, after "Ignored." (never "— In …")
        assert other.message.startswith(start), other.message
    board.click_closed(7)
    assert board.message == "Ignoré — vous n’avez pas de carte cachée en position 8 à jouer maintenant."
    board.widget._handle_custom_msg({"act": "card", "zone": "hand", "idx": 99}, [])
    assert board.message == "Ignoré — une carte que le plateau n’a pas proposée."


def test_card_names_as_french_and_german_players_say_them():
    from danish_nb.cards import Card
    from danish_nb.render.html import card_name
    cards = [Card.parse(c) for c in ("7H", "QS", "JC", "AD", "10H", "KC", "RJ", "BJ")]
    assert [card_name(c, "fr") for c in cards] == ["sept de cœur", "dame de pique", "valet de trèfle", "as de carreau",
                                                   "dix de cœur", "roi de trèfle", "joker rouge", "joker noir"]
    assert [card_name(c, "de") for c in cards] == ["Herz-Sieben", "Pik-Dame", "Kreuz-Bube", "Karo-Ass", "Herz-Zehn",
                                                   "Kreuz-König", "roter Joker", "schwarzer Joker"]


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_ruling_reads_in_each_language(lang):
    from danish_nb.render.html import verdict_html
    for game in dn.GAMES.values():
        for ruling in game.catalogue.rulings.values():
            assert ruling.reading_in(lang) not in ("", ruling.reading), ruling.id
            assert ruling.question_in(lang) not in ("", ruling.question), ruling.id
    lesson = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
    verdict = lesson.explain("P1 take")  # rests on ruling DB-h
    reading = dn.GAMES["danish-bastard"].catalogue.rulings["DB-h"].reading_in(lang)
    assert reading in verdict_html(verdict, lang).replace("&#x27;", "'")


def test_a_message_is_not_a_string_and_says_so():
    """A message is text to translate, not a ``str``: user code that joins a deal's score lines
    renders them first (``str()`` in English, ``render(lang)`` in another); joining the messages
    themselves fails at once with Python's own sentence, and no string method half-works."""
    g = dn.new_game("bastard", players=3, seed=4)
    play_out(g, ["rule-of-thumb"] * 3, seed=4, max_moves=80)
    lines = [line.text for line in g.state.deal_scores[0].lines]
    assert lines and all(isinstance(text, dn.i18n.Message) for text in lines)
    english = "; ".join(str(text) for text in lines)
    assert english.startswith("P1: ") and "{" not in english
    assert "; ".join(text.render("de") for text in lines) != english
    with pytest.raises(TypeError, match="expected str instance, Message found"):
        "; ".join(lines)
    text = lines[0]
    assert text != str(text) and str(text) == render_text(text)
    for half_string in (lambda: text + "!", lambda: "P1" in text, lambda: text.startswith("P1"), lambda: len(text)):
        with pytest.raises((TypeError, AttributeError)):
            half_string()


def test_a_rule_is_never_cited_in_a_second_parenthesis_beside_the_text_s_own():
    """A reason that ends in its own parenthesis cites its rule after a comma ("(option ... is off),
    by rule DB-16"), in every language: never two parentheses side by side."""
    g = dn.setup("danish-bastard", {"hands": [["2C", "4D"], ["3H", "8S", "JC"]], "pile": ["KS"]},
                 {"two_on_anything": False})
    said = {lang: g.explain("P1 play 2C").summary(lang) for lang in LANGUAGES}
    assert said["en"].endswith("(option “two on anything” is off), by rule DB-16 [ruling DB-a]"), said
    assert said["fr"].endswith("désactivée), selon la règle DB-16 [décision DB-a]"), said
    assert said["de"].endswith("ist aus), nach Regel DB-16 [Auslegung DB-a]"), said
    plain = g.explain("P1 play 4D").summary("de")  # a text without its own parenthesis: cited as before
    assert plain.endswith("(Regel DB-13)") and ") (" not in plain, plain
    for lang in LANGUAGES:
        game = dn.new_game("le-danish", players=3, seed=2)
        for _ in range(60):
            if game.is_over:
                break
            for move in game.legal_moves()[:4]:
                assert not re.search(r"\)\s*\(", game.explain(move).summary(lang))
            for event in game.play(game.legal_moves()[-1]):
                assert not re.search(r"\)\s*\(", event.text_for(None, lang=lang)), event.text_for(None, lang=lang)
