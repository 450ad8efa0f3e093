"""French and German as a native teacher writes them (issue 43): one term per thing (the
glossary, ``danish_nb/locale/glossary.toml``), typography by construction, nothing left in English.

Checked over every catalogue entry and over every distinct line a seeded run generates
(:mod:`benchmarks.native_words`: verdicts, logs for each viewer, the computers' reasons, the
coach's hint, boards, rule pages). Practice items and feedback are collected by the benchmark
but left out here: their texts are drawn by ``render/practice.py`` (see the benchmark's report).
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from benchmarks.native_words import ENGLISH_WORDS, collect, lines_of, problems
from danish_nb import glossary
from danish_nb.i18n import LANGUAGES
from danish_nb.tools.translations import _po

FOREIGN = LANGUAGES[1:]


def _translations(lang: str) -> list[tuple[str, str]]:
    """(context|msgid, translation) of every entry of ``lang``'s catalogue (each plural form)."""
    with _po(lang).open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    found = []
    for message in catalogue:
        if message.id:
            key = f"{message.context or ''}|{message.id if isinstance(message.id, str) else message.id[0]}"
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(key, text) for text in strings if text]
    return found


@pytest.fixture(scope="module")
def generated() -> dict[str, dict[str, str]]:
    """Every distinct line of one seeded run of each game, per language."""
    return collect(range(1, 2), moves=30, practice=False)


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_catalogue_entry_keeps_to_the_glossary(lang):
    wrong = [(key, stray) for key, text in _translations(lang) for stray in glossary.strays(text, lang)]
    assert wrong == []


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_generated_line_keeps_to_the_glossary(generated, lang):
    assert len(generated[lang]) > 800
    wrong = [(line, stray) for line in generated[lang] for stray in glossary.strays(line, lang)]
    assert wrong == []


@pytest.mark.parametrize("bid, fr, de", [("play", "un Jeu", "ein Spiel"), ("strike", "une Frappe", "einen Schlag"),
                                          ("slam", "un Chelem", "einen Schlemm")])
def test_a_bid_is_said_with_the_glossary_s_word_and_article(bid, fr, de):
    """A Sjavs bid, in the log and in a practice question, is the glossary's word with its article
    (the practice once asked "pouvez-vous annoncer Frappe ?")."""
    from danish_nb.families.tricks import TrickMove
    from danish_nb.games.sjavs import BID_TEXTS
    from danish_nb.i18n import M
    from danish_nb.practice.words import move_words

    asked = move_words(TrickMove(0, "bid", bid=bid))
    assert (asked.render("fr"), asked.render("de")) == (f"annoncer {fr}", f"{de} bieten")
    said = M("{who} bids {bid_name}", who="P2", bid_name=BID_TEXTS[bid])
    assert (said.render("fr"), said.render("de")) == (f"P2 annonce {fr}", f"P2 bietet {de}")
    assert glossary.word(f"bid-{bid}", "fr") == fr.split()[1]


@pytest.mark.parametrize("text, lang, found", [
    ("P2 retourne la carte fermée n° 2", "fr", ["face-down-card"]),
    ("Das Reizen ist vorbei: P2 ist der Solist.", "de", ["soloist"]),
    ("P1 nimmt die Reservekarte", "de", ["hole-card"]),
    ("P1 zieht 2 Karten vom Stapel nach", "de", ["deck"]),
    ("P1 annonce un Strike", "fr", ["bid-strike"]),
    ("P1 retourne la carte cachée n° 2", "fr", []),
    ("P1 zieht 2 Karten vom Nachziehstapel nach", "de", []),
    # one term per thing for card points, game points, permanent trumps, the pile, tricks, face-up cards
    ("P1 hat 47 Augen", "de", ["card-points"]),
    ("die Augenzahl der Karte", "de", []),  # a card's pip value, another thing
    ("Wie viele Partiepunkte verliert P2?", "de", ["game-points"]),
    ("ständige Trümpfe brauchen eine Trumpffarbe", "de", ["permanent-trump"]),
    ("feste Trümpfe brauchen eine Trumpffarbe", "de", []),
    ("muss den ganzen Ablagestapel aufnehmen", "de", ["pile"]),
    ("Un jeu de levées d’après un document allemand", "fr", ["trick"]),
    ("les cartes ouvertes se jouent une à une", "fr", ["face-up-card"]),
    ("toutes les mains ouvertes", "fr", []),
    ("12 points de carte", "fr", ["card-points"]),
])
def test_the_glossary_finds_another_word_for_a_term(text, lang, found):
    assert [key for key, _ in glossary.strays(text, lang)] == found


def prose(key: str, text: str) -> str:
    """A catalogue text without a lesson's code spans (`dn.setup(GAME, {"two_mode": "mirror"})`:
    Python, for those who open it, not words) and words quoted in another language
    (<span lang="de">Bube: minus 2</span>, the German document's own)."""
    import re
    return re.sub(r"`[^`]*`|<span lang=\"\w+\">[^<]*</span>", "x", text) if key.startswith("lesson ") else text


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_catalogue_s_typography(lang):
    """No ASCII space (or none) before : ; ! ? in French, no ASCII or English quotes, no "(s)"."""
    def filled(key: str, text: str) -> str:  # a seat's placeholder reads P1, any other x
        return re.sub(r"\{[^{}]*\}", "x", re.sub(r"P\{[^{}]*\}", "P1", prose(key, text)))
    wrong = [(key, text, found) for key, text in _translations(lang)
             if (found := [p for p in problems(filled(key, text), lang)
                           if p != "English" and not (p == "chained colons" and key.startswith("lesson "))
                           and not (p == "ASCII quotes" and "'P1" in text)])]
    assert wrong == []


def test_the_english_catalogue_reads_as_a_teacher_writes():
    """Every English text (msgid) outside the lessons' prose: no chained colons, no doubled
    parentheses, no small letter after ! or ?, no "(s)" plural, no ASCII quotes (errors quoting
    a move included); English once chained "X: Y: Z" in 27 texts, and six lesson labels did."""
    with _po("fr").open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    wrong = {}
    for message in catalogue:
        ids = (message.id,) if isinstance(message.id, str) else message.id
        key = f"{message.context or ''}|{ids[0]}"
        if not ids[0] or key.startswith("lesson "):
            continue
        for text in ids:
            if found := problems(re.sub(r"\{[^{}]*\}", "x", text), "en"):
                wrong[text] = found
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_generated_lines_typography_and_no_english(generated, lang):
    """Every generated line: typography right, in French and German no English word left."""
    wrong = {line: problems(line, lang) for line in generated[lang] if problems(line, lang)}
    assert wrong == {}


@pytest.mark.parametrize("line, lang, found", [
    ("Légal : jouer le sept de cœur", "fr", ["space before : ; ! ?"]),
    ("Légal: jouer le sept de cœur", "fr", ["space before : ; ! ?"]),
    ("Légal\u202f: jouer le sept de cœur", "fr", []),
    ("1 joueur(s) passeront leur tour", "fr", ["plural (s)"]),
    ('Das nennt man "cocogner".', "de", ["ASCII quotes"]),
    ("Das nennt man “cocogner”.", "de", ["English quotes"]),
    ("Das nennt man „cocogner“.", "de", []),
    ("P1 joue the seven of hearts", "fr", ["English"]),
    ("P3 remporte le pli\u202f: l’as l’emporte\u202f: le plus fort atout", "fr", ["chained colons"]),
    ("P3 remporte le pli\u202f: l’as est le plus fort atout\u202f; P3 entame\u202f: bien", "fr", []),
    ("P2 gewinnt den Stich: Herz-Ass gewinnt: die höchste Karte", "de", ["chained colons"]),
    ("17\u202f! le tas est défaussé", "fr", ["small letter after ! ?"]),
    ("17! Der Stapel wird abgelegt", "de", []),
    ("P2 ramasse le tas (6 cartes) (règle DB-24)", "fr", ["double parentheses"]),
    ("bedient Trumpf (Kreuz) (Herz-Bube ist ein Trumpf)", "de", ["double parentheses"]),
    ("P2 hat 1 Stich bekommen:K", "de", ["words run together"]),
    ("14sur 17", "fr", ["words run together"]),
    ("Dernier pli table2", "fr", ["words run together"]),
    # English: the same checks of form (its own words aside)
    ("P3 wins the trick: the nine of clubs wins: the highest club", "en", ["chained colons"]),
    ("P3 wins the trick: the nine of clubs is the highest club, the suit led", "en", []),
    ("P2 takes the six of clubs with the pile (5 cards) (rule DB-24)", "en", ["double parentheses"]),
    ("17! the pile (5 cards) is discarded", "en", ["small letter after ! ?"]),
    ("1 player(s) will miss their turn", "en", ["plural (s)"]),
    ("the seven of diamonds (the \"nasty card\")", "en", ["ASCII quotes"]),
    ("In English: “An optional rule (the option ‘last points’): a player”", "en", []),
    ("Nicht ganz. Die Antwort: „Nein.“ und „DB-8: Tauschen“", "de", []),  # a label quoted keeps its colon
])
def test_the_checks_can_fail(line, lang, found):
    assert problems(line, lang) == found


def test_a_page_s_lines_leave_out_the_document_and_the_click():
    html = ('<div class="dn-rule"><b>BA-2</b> Spieler<div class="dn-own" lang="de">„Drei oder vier.“</div>'
            '<div class="dn-source">Im Dokument:<div class="dn-quote" lang="de">„Anzahl der Spieler“</div></div>'
            '<details class="dn-english"><summary>Auf Englisch</summary>“Three or four players.”</details></div>')
    assert lines_of(html) == ["BA-2 Spieler", "„Drei oder vier.“", "Im Dokument:"]
    assert not any(ENGLISH_WORDS.search(line) for line in lines_of(html))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_options_are_named_by_their_labels_not_their_program_names(lang):
    """A learner reads an option's label ("the option “last points”"), never its program name."""
    import re

    import danish_nb as dn
    names = {o.name for game in dn.GAMES.values() for o in game.info.options if "_" in o.name}
    named = re.compile(r"\b(" + "|".join(sorted(names)) + r")\b(?!\})")
    if lang == "en":
        with _po("fr").open("rb") as handle:
            texts = [(f"{m.context or ''}|{m.id}", m.id if isinstance(m.id, str) else m.id[0])
                     for m in read_po(handle) if m.id]
    else:
        texts = _translations(lang)
    wrong = [(key, text) for key, text in texts if named.search(prose(key, text).replace("{", "{ "))
             and "position[" not in text]
    assert wrong == []
