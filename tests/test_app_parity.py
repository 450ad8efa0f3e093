"""One app model, two hosts: the Voila app (ipywidgets) and the serverless page (HTML) draw the
same settings, buttons, screens and words from :mod:`danish_nb.app_model`; a setting, a button, a
screen or a text present in one host and missing in the other fails here."""

from __future__ import annotations

import html
import re

import ipywidgets
import pytest

from danish_nb.app import build_app
from danish_nb.app_model import ACTIONS, FIELDS, INTRO, RULE_OPTIONS, SCREENS, STAGED, AppModel
from danish_nb.app_words import BOARD_SETTINGS
from danish_nb.i18n import LANGUAGES, translator
from danish_nb.web.app import PageApp
from danish_nb.widgets.class_tables import MODES


def voila_widgets(root: ipywidgets.Widget) -> list[ipywidgets.Widget]:
    """Every widget of the app outside the board's own drawing (shown or hidden)."""
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo += [child for child in getattr(widget, "children", ()) if isinstance(child, ipywidgets.Widget)]
    return found


def page_parts(page: PageApp) -> dict[str, set[str]]:
    chrome = page.chrome_html()
    buttons = re.findall(r"<button (?![^>]*data-screen)[^>]*>([^<]*)</button>", chrome)
    return {"names": set(re.findall(r'name="([^"]+)"', chrome)),
            "buttons": {html.unescape(b) for b in buttons},
            "tips": {html.unescape(t) for t in re.findall(r'<button [^>]*title="([^"]*)"', chrome)},
            "labels": {html.unescape(re.sub(r"<select.*?</select>|<[^>]+>", "", inner)).strip()
                       for inner in re.findall(r'<label class="[^"]*">(.*?)</label>', chrome)},
            "screens": {html.unescape(s) for s in re.findall(r"data-screen=[^>]*>([^<]*)<", chrome)},
            "choices": {html.unescape(c) for c in re.findall(r"<option [^>]*>([^<]*)</option>", chrome)},
            "text": html.unescape(chrome)}


def voila_parts(root: ipywidgets.Widget) -> dict[str, set[str]]:
    app = root.app
    shown = [w for w in voila_widgets(root) if getattr(w.layout, "display", "") != "none" or w is app.settings]
    buttons = [w for w in shown if isinstance(w, ipywidgets.Button | ipywidgets.ToggleButton)]
    names = {name for name, box in app.fields.items()
             if not (name.startswith("seat-") and int(name[5:]) > app.model.players)
             and not (name.startswith("opt-") and box not in app.options.inputs.values())}
    text = " ".join(str(getattr(w, attr, "")) for w in voila_widgets(root) for attr in ("value", "html",
                                                                                      "description", "tooltip"))
    return {"names": names, "buttons": {b.description for b in buttons},
            "tips": {b.tooltip for b in buttons},
            "labels": {w.description for w in shown if isinstance(w, ipywidgets.ValueWidget) and w.description
                       and not isinstance(w, ipywidgets.ToggleButton | ipywidgets.ToggleButtons
                                          | ipywidgets.IntProgress)},
            "screens": {label for label, _ in root.tables.switch.options},
            "choices": {str(label) for w in shown if isinstance(w, ipywidgets.Dropdown) for label in w._options_labels},
            "text": html.unescape(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["danish-bastard", "sjavs", "le-danish"])
def test_both_hosts_draw_the_same_settings_buttons_screens_and_words(lang: str, game: str) -> None:
    root, page = build_app(seed=7, lang=lang), PageApp(seed=7, lang=lang)
    root.app.game_picker.value = game
    page.change({"game": game})
    voila, web = voila_parts(root), page_parts(page)
    tr = translator(lang)
    assert voila["names"] == web["names"]  # the same settings, by the form's names
    model = root.app.model
    assert web["names"] == set(model.values()) - {f"seat-{i + 1}" for i in range(model.players, len(model.seats))}
    # New game, Same deal again, Settings, Hint, Review my game
    assert voila["buttons"] == web["buttons"] == {tr(a.label) for a in ACTIONS}
    assert voila["tips"] == web["tips"] == {tr(a.tip) for a in ACTIONS}
    fields = {tr(f.label) for f in FIELDS} | {f"P{i + 1}" for i in range(model.players)} | \
        {tr(s.label) for s in BOARD_SETTINGS} | {model.option_label(info) for info in model.infos()}
    assert voila["labels"] == web["labels"] == fields
    assert voila["choices"] == web["choices"]  # games, counts, languages, seat kinds, option choices in words
    # the page has every screen but the class tables (they need the class server)
    assert voila["screens"] == {tr(s.label) for s in SCREENS} == {tr(m) for m in MODES}
    assert web["screens"] == {tr(s.label) for s in SCREENS if not s.server}
    staged = (tr(STAGED),) if game != model.board.game.rules.id else ()
    assert bool(staged) == bool(root.app.staged.value) == bool(page.note())
    for text in (tr(INTRO), tr(RULE_OPTIONS), *staged):
        assert text in voila["text"] and text in web["text"], text
    for info in model.infos():
        assert info.help_in(lang) in voila["text"] and info.help_in(lang) in web["text"]


def test_both_hosts_say_the_same_after_the_same_actions() -> None:
    root, page = build_app(seed=11), PageApp(seed=11)
    app = root.app
    app.seed.value = 12
    page.change({"seed": "12"})
    assert app.staged.value == page.note() != ""
    app.new_button.click()
    page.new_game({})
    assert app.board.game.seed == page.board.game.seed == 12 and app.message.value == page.model.message
    app.new_button.click()  # no seed typed: new cards in both
    page.new_game({})
    assert app.board.game.seed != 12 and page.board.game.seed != 12
    seed = page.board.game.seed
    page.same_deal_again({})
    assert page.board.game.seed == seed


def test_the_page_deals_new_cards_on_new_game_unless_a_seed_was_typed() -> None:
    """The page's form sends its seed with every New game: it dealt the same cards again."""
    page = PageApp(seed=5)
    form = {"seed": "5", "game": "danish-bastard", "players": "3"}
    page.new_game(form)
    assert page.board.game.seed != 5
    page.new_game({"seed": "77"})
    assert page.board.game.seed == 77


def test_a_model_change_reaches_the_voila_inputs() -> None:
    """The Voila view draws the model: a seed the model chooses shows in the seed field."""
    app = build_app(seed=3).app
    app.new_game()
    assert app.seed.value == app.model.seed == app.board.game.seed != 3
    app.language.value = "de"
    assert app.new_button.description == "Neues Spiel" and app.model.lang == "de"
    assert isinstance(app.model, AppModel)
