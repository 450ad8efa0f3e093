"""Practice as HTML (no widgets): an item's table, question and choices, the feedback on an
answer, a learner's progress per rule, and the teacher's report of a room.

Everything a learner's page shows of an item is drawn from the view of the player the item
asks about; choices are buttons (``data-act="choice"``) that name the item they belong to, so
a board's script (:mod:`danish_nb.widgets.pad`) sends them back and the widget checks them.
Texts are in the page's language; names typed by learners are escaped.

>>> from danish_nb.practice import make_item
>>> item = make_item("bastard", "BA-10", seed=1)
>>> html = item_html(item, frozenset(), None)
>>> 'data-act="check"' in html, f'data-move="{item.id}"' in html
(True, True)
"""

from __future__ import annotations

import base64
import time
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from html import escape
from typing import Any

from ..core import Text, get_game, render_text
from ..families.tricks import TrickView
from ..i18n import N_, Listed, M, title_in, translator
from ..practice.catalogue import practice_notes
from ..practice.items import Feedback, Item
from ..practice.report import Report
from ..practice.schedule import RuleProgress, recall_words
from .html import cards_html, rule_html
from .views import lesson_table

#: "Due again" on each day of the week (Monday first), a sentence each (the languages place the day differently).
WEEKDAYS = (N_("due again on Monday"), N_("due again on Tuesday"), N_("due again on Wednesday"),
            N_("due again on Thursday"), N_("due again on Friday"), N_("due again on Saturday"),
            N_("due again on Sunday"))


def recall_class(progress: RuleProgress | None, now: float) -> str:
    """The CSS class of a rule's recall (the colour only repeats the words).

    >>> recall_class(None, 0.0)
    'dn-recall-none'
    """
    if progress is None or not progress.seen:
        return "dn-recall-none"
    if progress.streak:
        return "dn-recall-wrong"
    if progress.learned:
        return "dn-recall-learned"
    recall = progress.recall(now)
    return "dn-recall-high" if recall >= 0.9 else "dn-recall-mid" if recall >= 0.7 else "dn-recall-low"


def due_words(due: float, now: float, lang: str = "en") -> str:
    """When a rule is due again, in words: now, later today, tomorrow, a day of the coming week,
    or in so many days (the days of this computer's time zone).

    >>> due_words(0.0, 10.0), due_words(9 * 86_400.0, 0.0)
    ('due now', 'due again in 9 days')
    """
    tr = translator(lang)
    if due <= now:
        return tr("due now")
    days = (datetime.fromtimestamp(due).date() - datetime.fromtimestamp(now).date()).days
    if days == 0:
        return tr("due again later today")
    if days == 1:
        return tr("due again tomorrow")
    if days < 7:
        return tr(WEEKDAYS[datetime.fromtimestamp(due).weekday()])
    return tr.n("due again in {n} day", "due again in {n} days", days)


def _text(text: Text, lang: str, viewer: int | None = None) -> str:
    return escape(render_text(text, viewer, lang=lang))


def item_html(item: Item, selected: frozenset[str], feedback: Feedback | None, lang: str = "en") -> str:
    """An item: the table from the asked player's view, the question, its choices (pressed when
    ``selected``), and the Check button, or once answered the ``feedback``."""
    tr = translator(lang)
    view = item.view()
    table = lesson_table(view, lang)
    if isinstance(view, TrickView) and (item.kind == "number" or item.question_key in ("winner", "loser")):
        table += taken_html(view, item, lang)  # what the score (and so the match) depends on
    done = feedback is not None
    parts = [f'<div class="dn-practice-table">{table}</div>',
             f'<p class="dn-question" id="dn-q-{item.id}">{_text(item.question, lang)}</p>']
    if item.note:
        parts.append(f'<p class="dn-note">{_text(item.note, lang)}</p>')
    parts += [f'<p class="dn-table-rule">{escape(line)}</p>' for line in options_lines(item, lang)]
    for group in item.groups:
        label_id = f"dn-q-{item.id}"
        if group == "rule":
            label_id = f"dn-q-rule-{item.id}"
            parts.append(f'<p class="dn-question" id="{label_id}">{escape(tr("Which rule decides?"))}</p>')
        buttons = "".join(_choice_html(item, choice, choice.key in selected, done, feedback, lang)
                          for choice in item.choices if choice.group == group)
        parts.append(f'<div class="dn-choices" role="group" aria-labelledby="{label_id}">{buttons}</div>')
    if done:
        parts.append(feedback_html(feedback, lang))
    else:
        hint = tr("Choose every card that may be played, then check.") if item.multiple else \
            tr("Choose an answer, then check.")
        parts.append(f'<p class="dn-hint">{escape(hint)}</p><button type="button" class="dn-check" data-act="check" '
                     f'data-move="{item.id}" data-key="check">{escape(tr("Check my answer"))}</button>')
    return f'<section class="dn-practice-item" aria-label="{escape(tr("Question"))}">{"".join(parts)}</section>'


def options_lines(item: Item, lang: str = "en") -> list[str]:
    """The table's options that change the item's answer, one line each: the option's help and
    its value at this table (the learner cannot answer without them).

    >>> from danish_nb.practice import make_item
    >>> options_lines(make_item("danish-bastard", "DB-23", seed=11))
    ['After a 7 another 7 may be played; off: the next card must be strictly lower. At this table: on.']
    """
    tr = translator(lang)
    lines = []
    for info, value in item.deciding_options():
        words = (tr("on") if value else tr("off")) if isinstance(value, bool) else tr(info.choice_label(value))
        lines.append(tr("{rule} At this table: {value}.", rule=info.help_in(lang), value=words))
    return lines


def _choice_html(item: Item, choice: Any, pressed: bool, done: bool, feedback: Feedback | None, lang: str) -> str:
    tr = translator(lang)
    css = "dn-choice"
    mark = ""
    if done:
        right = choice.key in item.answer
        css += " dn-choice-right" if right else (" dn-choice-wrong" if pressed else "")
        words = (tr("your answer, right") if pressed else tr("right answer")) if right else tr("your answer")
        mark = f' <span class="dn-mark">({escape(words)})</span>' if right or pressed else ""
    disabled = " disabled" if done else ""
    return (f'<button type="button" class="{css}" data-act="choice" data-zone="{escape(choice.group)}" '
            f'data-code="{escape(choice.key)}" data-move="{item.id}" data-key="choice-{escape(choice.group)}-'
            f'{escape(choice.key)}" aria-pressed="{"true" if pressed else "false"}"{disabled}>'
            f'{_text(choice.text, lang, item.player)}{mark}</button>')


def taken_html(view: TrickView, item: Item, lang: str = "en") -> str:
    """The cards each player has taken in tricks this deal (and, for a score question, the cards
    out of play, turned up at the end of the deal)."""
    tr = translator(lang)
    rows = []
    for seat, tricks in enumerate(view.won):
        cards = [card for trick in tricks for card in trick]
        label = tr.n("P{seat} has taken {n} trick:", "P{seat} has taken {n} tricks:", len(tricks), seat=seat + 1)
        rows.append(f'<div class="dn-row dn-taken" role="group" aria-label="{escape(label)}">'
                    f'<span class="dn-label" aria-hidden="true">{escape(label)}</span>'
                    f'{cards_html(cards, lang=lang)}</div>')
    skat = getattr(item.game().state, "skat", ())
    if skat:
        label = tr("Out of play, counted for the soloist (turned up at the end of the deal):")
        rows.append(f'<div class="dn-row dn-taken" role="group" aria-label="{escape(label)}">'
                    f'<span class="dn-label" aria-hidden="true">{escape(label)}</span>'
                    f'{cards_html(skat, lang=lang)}</div>')
    return f'<div class="dn-taken-cards">{"".join(rows)}</div>'


def feedback_html(feedback: Feedback, lang: str = "en") -> str:
    """Right or not, the right answer, what the engine says, the rule quoted and its rulings."""
    tr = translator(lang)
    item = feedback.item
    rule = get_game(item.game_id).catalogue[item.rule]
    verdict = tr("Right!") if feedback.correct else tr("Not quite.")
    said = [render_text(c.text, item.player, lang=lang) for c in item.choices if c.key in item.answer]
    # several answers: each quoted, said as a list ("“Yes, it is allowed.” and “SJ-6: Bidding”")
    answer = (Listed([M("“{text}”", text=text) for text in said]).text_in(lang) if len(said) > 1
              else said[0] if said else tr("none of them"))
    head = f'<p class="{"dn-right" if feedback.correct else "dn-wrong"}"><b>{escape(verdict)}</b> ' \
           f'{escape(tr("The answer: {answer}", answer=answer))}</p>'
    lines = "".join(f"<li>{_text(line, lang, item.player)}</li>" for line in feedback.lines)
    rulings = "".join(f'<p class="dn-ruling"><small>{escape(ruling)}</small></p>' for ruling in (
        tr("Ruling {id} — {reading}", id=r.id, reading=r.reading_in(lang)) for r in feedback.rulings))
    spoken = f"{verdict} {tr('The answer: {answer}', answer=answer)}"
    return (f'<section class="dn-feedback" aria-label="{escape(tr("Feedback"))}">{head}'
            f'<p>{escape(tr("What the rules say:"))}</p><ul class="dn-feedback-lines">{lines}</ul>'
            f'{rule_html(rule, lang)}{rulings}'
            '<button type="button" class="dn-next" data-act="next" '
            f'data-key="next">{escape(tr("Next question"))}</button>'
            f'</section><div class="dn-announce" hidden>{escape(spoken)}</div>')


def progress_html(game_id: str, rules: Sequence[str], progress: Mapping[str, RuleProgress],
                  summary: Mapping[str, float], now: float | None = None, lang: str = "en") -> str:
    """A learner's progress: the game in one line, then each rule's recall now in words (the
    schedule's probability of recall), its answers and when it is due again."""
    tr = translator(lang)
    now = time.time() if now is None else now
    catalogue = get_game(game_id).catalogue
    line = tr("{title}: {met} of {rules} rules met, {learned} learned", title=get_game(game_id).title,
              met=round(summary["met"] * len(rules)), rules=len(rules), learned=round(summary["learned"] * len(rules)))
    rows = []
    for rule_id in rules:
        p = progress.get(rule_id)
        title = title_in(rule_id, catalogue[rule_id].title, lang)
        words = tr(recall_words(p, now))
        if p is None or not p.seen:
            cells = f'<td>{escape(words)}</td><td></td><td>{escape(tr("due now"))}</td>'
        else:
            if p.learned:
                words = tr("{recall} (learned)", recall=words)
            cells = (f"<td>{escape(words)} ({round(100 * p.recall(now))} %)</td>"
                     f"<td>{p.right} / {p.wrong}</td><td>{escape(due_words(p.due, now, lang))}</td>")
        rows.append(f'<tr class="{recall_class(p, now)}"><th scope="row">{escape(rule_id)} {escape(title)}</th>'
                    f'{cells}</tr>')
    heads = "".join(f'<th scope="col">{escape(tr(h))}</th>' for h in
                    (N_("rule"), N_("recall now"), N_("right / wrong"), N_("next")))
    return (f'<div class="dn-practice-progress"><p class="dn-summary">{escape(line)}</p>'
            f'<details><summary>{escape(tr("Progress per rule"))}</summary>'
            f'<table class="dn-progress-table"><tr>{heads}</tr>{"".join(rows)}</table></details></div>')


def notes_html(game_id: str, options: Any = None, lang: str = "en") -> str:
    """The rules of ``game_id`` practice does not ask (under ``options``), and the practised rules
    whose answer cannot vary, each with the reason (:func:`~danish_nb.practice.practice_notes`):
    shown with every lesson's practice, folded.

    >>> html = notes_html("bastard", lang="fr")
    >>> "<details" in html and "BA-1" in html and "BA-9" in html
    True
    """
    tr = translator(lang)
    catalogue = get_game(game_id).catalogue
    rows = [f'<li><b>{escape(rule)} {escape(title_in(rule, title, lang))}</b>: {escape(tr(why))}</li>'
            for rule, title, why in practice_notes(game_id, options)]
    lead = tr.n("Of the {n} rule of {game}, these are not asked, or always have the same answer:",
                "Of the {n} rules of {game}, these are not asked, or always have the same answer:",
                len(catalogue), game=get_game(game_id).title)
    return (f'<details class="dn-practice-notes"><summary>{escape(tr("Rules not practised, and why"))}</summary>'
            f'<p>{escape(lead)}</p><ul>{"".join(rows)}</ul></details>')


def nothing_due_html(rules: Sequence[str], progress: Mapping[str, RuleProgress], now: float,
                     lang: str = "en", can_play: bool = False) -> str:
    """What a learner with nothing due reads: so, when the next rule is due, and the offer of a
    game (``can_play``: a button; else in words) or of practising anyway."""
    tr = translator(lang)
    due = sorted((p.due, rule) for rule, p in progress.items() if rule in rules and p.seen)
    parts = [f'<p class="dn-nothing-due"><b>{escape(tr("Nothing is due now."))}</b> '
             f'{escape(tr("Practising early postpones nothing."))}</p>']
    if due:
        when = tr("Next: {rule}, {when}.", rule=due[0][1], when=due_words(due[0][0], now, lang))
        parts.append(f'<p class="dn-next-due">{escape(when)}</p>')
    buttons = []
    if can_play:
        buttons.append(f'<button type="button" class="dn-play" data-act="play" data-key="play">'
                       f'{escape(tr("Play a game"))}</button>')
    else:
        parts.append(f'<p>{escape(tr("Play a game on a board: illegal moves you try there count here too."))}</p>')
    buttons.append(f'<button type="button" class="dn-anyway" data-act="anyway" data-key="anyway">'
                   f'{escape(tr("Practise anyway"))}</button>')
    return f'<section class="dn-practice-rest">{"".join(parts)}<p>{" ".join(buttons)}</p></section>'


def data_link(text: str, filename: str, label: str, mime: str = "application/json") -> str:
    """A link that saves ``text`` as ``filename`` (a data URL: nothing is asked of a server)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="dn-download" download="{escape(filename)}" href="data:{mime};base64,{data}">'
            f'{escape(label)}</a>')


# --------------------------------------------------------------------------- the teacher's report

def report_html(report: Report, games: Iterable[tuple[str, str]], *, sort: str | None = None,
                lang: str = "en") -> str:
    """The teacher's view of one game (``games``: each game's id and title, as buttons): the
    rules x learners table (weakest first when sorted by a rule), the hardest rules, each
    learner's last errors with the position."""
    tr = translator(lang)
    catalogue = get_game(report.game).catalogue
    tabs = "".join(f'<button type="button" class="dn-report-game" data-act="game" data-code="{escape(gid)}" '
                   f'data-key="game-{escape(gid)}" aria-pressed="{"true" if gid == report.game else "false"}">'
                   f'{escape(title)}</button>' for gid, title in games)
    if not report.learners:
        body = f'<p class="dn-room-empty">{escape(tr("Nobody in this room has practised this game yet."))}</p>'
        return f'<div class="dn-report"><div role="group" aria-label="{escape(tr("Game"))}">{tabs}</div>{body}</div>'
    heads = [f'<th scope="col"><button type="button" class="dn-sort" data-act="sort" data-code="" data-key="sort-name" '
             f'aria-pressed="{"true" if sort is None else "false"}">{escape(tr("learner"))}</button></th>']
    for rule in report.rules:
        title = title_in(rule, catalogue[rule].title, lang)
        heads.append(f'<th scope="col"><button type="button" class="dn-sort" data-act="sort" data-code="{rule}" '
                     f'data-key="sort-{rule}" title="{escape(title)}" '
                     f'aria-label="{escape(tr("sort by {rule} {title}", rule=rule, title=title))}" '
                     f'aria-pressed="{"true" if sort == rule else "false"}">{escape(rule)}</button></th>')
    rows = []
    for learner in report.sort_by(sort):
        cells = []
        for rule in report.rules:
            p = report.cell(learner, rule)
            if p is None or not p.seen:
                cells.append('<td class="dn-recall-none">-</td>')
            else:
                label = tr("{rule}: {recall}, {right} right, {wrong} wrong, {due}", rule=rule,
                           recall=tr(recall_words(p, report.now)), right=p.right, wrong=p.wrong,
                           due=due_words(p.due, report.now, lang))
                cells.append(f'<td class="{recall_class(p, report.now)}" title="{escape(label)}">'
                             f'<span class="dn-sr">{escape(label)}</span>'
                             f'<span aria-hidden="true">{round(100 * p.recall(report.now))}</span></td>')
        rows.append(f'<tr><th scope="row">{escape(_learner_name(learner, lang))}</th>{"".join(cells)}</tr>')
    table = (f'<div class="dn-report-scroll"><table class="dn-report-table"><caption>'
             f'{escape(tr("Probability of recall now, per rule (per cent)"))}</caption>'
             f'<tr>{"".join(heads)}</tr>{"".join(rows)}</table></div>')
    hardest = "".join(f"<li>{escape(rule)} {escape(title_in(rule, catalogue[rule].title, lang))}: "
                      f"{escape(tr.n('{n} learner of {met} struggles', '{n} learners of {met} struggle', n, met=met))}"
                      f"</li>" for rule, n, met in report.hardest())
    hard = (f'<h4>{escape(tr("The rules the class finds hardest"))}</h4><ol class="dn-hardest">{hardest}</ol>'
            if hardest else "")
    return (f'<div class="dn-report"><div role="group" aria-label="{escape(tr("Game"))}">{tabs}</div>{table}{hard}'
            f'<h4>{escape(tr("Last errors"))}</h4>{errors_html(report, lang)}</div>')


def _learner_name(learner: Any, lang: str) -> str:
    if learner.kind == "seat" and learner.code is not None:
        return translator(lang)("{name} (table {code}, P{seat})", name=learner.name, code=learner.code,
                                seat=(learner.seat or 0) + 1)
    return learner.name


def errors_html(report: Report, lang: str = "en") -> str:
    """Each learner's last errors: the rule, whether in practice or in play, and the position."""
    tr = translator(lang)
    catalogue = get_game(report.game).catalogue
    blocks = []
    for learner in report.sort_by():
        errors = report.errors.get(learner.key, [])
        if not errors:
            continue
        items = []
        for error in errors:
            rule = error["rule"]
            where = tr("in practice") if error["kind"] == "item" else tr("in play")
            title = f"{rule} {title_in(rule, catalogue[rule].title, lang)} ({where})"
            items.append(f"<li><b>{escape(title)}</b>{position_html(error['item'], lang)}</li>")
        summary = tr.n("{name}: {n} error", "{name}: {n} errors", len(errors), name=_learner_name(learner, lang))
        blocks.append(f'<details class="dn-errors"><summary>{escape(summary)}</summary>'
                      f'<ul>{"".join(items)}</ul></details>')
    return "".join(blocks) or f'<p>{escape(tr("No errors yet."))}</p>'


def position_html(item: Mapping[str, Any], lang: str = "en") -> str:
    """The position of a kept answer, from the view of the player it asked (``''`` if it cannot
    be rebuilt)."""
    from ..core import DanishNbError, load_record
    from ..practice.words import move_words
    record = item.get("record")
    if not isinstance(record, dict) or not record:
        return ""
    try:
        game = load_record(record)
        player = item.get("player")
        view = game.state.view(player if isinstance(player, int) else game.state.current_player)
        move = item.get("move")
        said = ""
        if isinstance(move, str):
            words = move_words(game.parse_move(move)).render(lang)
            said = f"<p>{escape(translator(lang)('the move: {move}', move=words))}</p>"
        return f'<div class="dn-error-position">{said}{lesson_table(view, lang)}</div>'
    except (DanishNbError, TypeError, ValueError):
        return ""


__all__ = [
    "WEEKDAYS",
    "data_link",
    "due_words",
    "errors_html",
    "feedback_html",
    "item_html",
    "nothing_due_html",
    "options_lines",
    "position_html",
    "progress_html",
    "recall_class",
    "report_html",
    "taken_html",
]
