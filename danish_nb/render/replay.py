"""A replay's step in words: the one text that Jupyter's :class:`~danish_nb.widgets.lesson.Replay`
and the serverless page's replays (:mod:`danish_nb.web.lessons`) show for a move.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
>>> _ = g.play("P1 play 8H")
>>> print("\\n".join(step_lines(g.states(), g.history, 1, player=0, comment="the only card that fits")))
move 1 (P1): Play the eight of hearts
why — the only card that fits
legal — the eight of hearts on the six of clubs: equal or higher (rule DB-13)
then — P1 plays the eight of hearts on the six of clubs
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Verdict
from ..i18n import N_, M, in_turn, translator
from ..words import move_words

#: A replay's lines, each one sentence in the catalogue (a dash, not a second colon, before the
#: words of a reason or event, which may hold a colon of their own).
MOVE_LINE = N_("move {n} (P{player}): {move}")
WHY_LINE = N_("why — {why}")
LEGAL_LINE = N_("legal — {reasons}")
ILLEGAL_LINE = N_("illegal — {reasons}")
THEN_LINE = N_("then — {event}")


def rules_only(verdict: Verdict, lang: str = "en") -> str:
    """A verdict by the rules (and rulings) it rests on, without its words (which may name
    cards a reader may not see).

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
    >>> rules_only(g.state.explain(g.parse_move("P1 play 8H")))
    'legal (rule DB-13)'
    """
    tr = translator(lang)
    rules = in_turn(M("rule {rule} [ruling {ruling}]", rule=r.rule_id, ruling=r.ruling.id) if r.ruling
                    else M("rule {rule}", rule=r.rule_id) for r in verdict.reasons)
    return tr("legal ({rules})", rules=rules) if verdict.legal else tr("illegal ({rules})", rules=rules)


def step_lines(states: Sequence[Any], history: Sequence[Any], step: int, player: int | None = None,
               reveal_hands: bool = False, lang: str = "en", comment: str | None = None) -> list[str]:
    """Step ``step`` (0: the deal) of a game whose ``states`` and ``history`` are given, as
    ``player`` may read it, in ``lang``: the move in words, ``comment`` (already rendered for
    that reader), the verdict and the events. The verdict on a move whose cards ``player`` may not
    see (another player's discard) gives only the rules it rests on."""
    tr = translator(lang)
    if step == 0:
        return [tr("the deal: no move yet")]
    played = history[step - 1]
    reader = (player, reveal_hands)
    words = move_words(played.move, player, lang=lang, reveal_hands=reveal_hands)
    lines = [tr(MOVE_LINE, n=step, player=played.move.player + 1, move=words)]
    if comment is not None:
        lines.append(tr(WHY_LINE, why=comment))
    verdict = states[step - 1].explain(played.move)
    if played.move.text_for(*reader) == str(played.move):
        lines.append(tr(LEGAL_LINE if verdict.legal else ILLEGAL_LINE, reasons=verdict.reasons_in(lang)))
    else:
        lines.append(rules_only(verdict, lang))
    lines += [tr(THEN_LINE, event=event.text_for(*reader, lang=lang)) for event in played.events]
    return lines


__all__ = ["rules_only", "step_lines"]
