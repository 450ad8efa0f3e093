"""A replay's step in words: the one text that Jupyter's :class:`~danish_nb.widgets.lesson.Replay`
and the serverless page's replays (:mod:`danish_nb.web.lessons`) show for a move.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
>>> _ = g.play("P1 play 8H")
>>> step_lines(g.states(), g.history, 1, player=0)[0]
'move 1: P1: Play the eight of hearts'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Verdict
from ..i18n import translator
from ..words import move_words


def rules_only(verdict: Verdict, lang: str = "en") -> str:
    """A verdict by the rules (and rulings) it rests on, without its words (which may name
    cards a reader may not see).

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]})
    >>> rules_only(g.state.explain(g.parse_move("P1 play 8H")))
    'legal (rule DB-13)'
    """
    tr = translator(lang)
    rules = "; ".join(tr("rule {rule}", rule=r.rule_id)
                      + (tr(" [ruling {ruling}]", ruling=r.ruling.id) if r.ruling else "")
                      for r in verdict.reasons)
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
    words = move_words(played.move, player, lang=lang, reveal_hands=reveal_hands, player=True)
    lines = [tr("move {n}: {move}", n=step, move=words)]
    if comment is not None:
        lines.append(tr("why: {why}", why=comment))
    verdict = states[step - 1].explain(played.move)
    rules = verdict.summary(lang) if played.move.text_for(*reader) == str(played.move) else rules_only(verdict, lang)
    lines.append(tr("rules: {rules}", rules=rules))
    lines += [tr("then: {event}", event=event.text_for(*reader, lang=lang)) for event in played.events]
    return lines


__all__ = ["rules_only", "step_lines"]
