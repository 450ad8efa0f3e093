"""What the app's settings and coach say, written once for every front end: the Jupyter and
Voila app (:mod:`danish_nb.app`, :mod:`danish_nb.widgets.coach`) and the serverless page
(:mod:`danish_nb.web.app`) build their inputs and texts from here, so a setting added once
appears in all of them. No widget package is imported (the seat kinds' words are
:data:`danish_nb.words.SEATS`).

>>> [setting.name for setting in BOARD_SETTINGS]
['teaching', 'confirm', 'notation']
>>> translator("de")(BOARD_SETTINGS[1].label)
'Jeden Zug vor dem Spielen bestätigen'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .core import OptionInfo, render_text
from .i18n import N_, M, translator
from .render.html import escape

if TYPE_CHECKING:
    from .coach import Hint

#: Player counts as an option's help names them ("Three players: ...").
COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@dataclass(frozen=True)
class BoardSetting:
    """A teacher's setting of the board, applied at once: the board's attribute and its
    ``set_<name>`` method, the input's CSS class and its label."""

    name: str
    css: str
    label: str


#: The board settings every app offers, in this order.
BOARD_SETTINGS = (BoardSetting("teaching", "dn-teaching", N_("Teaching mode: show all hands")),
                  BoardSetting("confirm", "dn-confirm-moves", N_("Confirm each move before it is played")),
                  BoardSetting("notation", "dn-show-notation", N_("Show each move's notation (for teachers)")))


def label_of(info: OptionInfo, lang: str = "en") -> str:
    """An option's label in words (in ``lang``), capitalised: ``'Seven allows equal'``.

    >>> import danish_nb as dn
    >>> label_of(dn.GAMES["danish-bastard"].info.option("must_play"), "de")
    'Spielpflicht'
    """
    label = translator(lang)(info.label)
    return label[:1].upper() + label[1:]


def applies(info: OptionInfo, players: int | None) -> bool:
    """Whether an option matters with ``players`` players: one whose help starts "Three
    players:" applies to three only; every other option always applies.

    >>> import danish_nb as dn
    >>> queens = dn.GAMES["sjavs"].info.option("red_queens")
    >>> applies(queens, 3), applies(queens, 4), applies(queens, None)
    (True, False, True)
    """
    match = re.match(r"(\w+) players:", info.help)
    count = COUNT_WORDS.get(match.group(1).lower()) if match else None
    return count is None or players is None or players == count


def hint_html(found: Hint, seat: int, lang: str) -> str:
    """The coach's hint for ``seat`` as the page shows it: the best move and why, then the
    rule-of-thumb player's advice (``the same move`` when it agrees)."""
    from . import coach  # imported with the hint found (the coach's search: not before a first board)

    tr = translator(lang)
    advice = M("the same move: {why}", why=found.advice.why) if found.advice.move == found.move else \
        M("{move}: {why}", move=coach.move_label(found.advice.move, seat), why=found.advice.why)
    rule = render_text(advice, seat, lang=lang)
    head, thumb = tr("Hint for P{seat}:", seat=seat + 1), tr("Rule of thumb:")
    return f"<b>{escape(head)}</b> {escape(found.text(lang))}<br><i>{escape(thumb)}</i> {escape(rule)}"


def review_html(mistakes: list[Any], seat: int, won: bool, lang: str) -> str:
    """The coach's review of ``seat``'s finished game (``won``: the seat won it): its moves
    much worse than the best one, each said in words."""
    tr = translator(lang)
    head = escape(tr("Review for P{seat}:", seat=seat + 1))
    if not mistakes:
        none = tr("You won, and no move was much worse than the best one.") if won else \
            tr("no move was much worse than the best one.")
        return f"<b>{head}</b> {escape(none)}"
    items = "".join(f"<li>{escape(m.text(lang))}</li>" for m in mistakes)
    if won:
        worse = tr.n("You won. {n} move where the imagined games favoured another:",
                     "You won. {n} moves where the imagined games favoured another:", len(mistakes))
    else:
        worse = tr.n("{n} move where another was much better:", "{n} moves where another was much better:",
                     len(mistakes))
    return f"<b>{head}</b> {escape(worse)}<ul>{items}</ul>"


def won_by(game: Any, seat: int) -> bool:
    """Whether ``seat`` won ``game`` (over, not a draw, first in the order)."""
    result = game.result
    return result is not None and bool(result.order) and result.order[0] == seat and not result.draw


__all__ = ["BOARD_SETTINGS", "COUNT_WORDS", "BoardSetting", "applies", "hint_html", "label_of",
           "review_html", "won_by"]
