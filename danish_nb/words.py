"""A move in words: what a learner reads for a move, in their language, as one viewer may read it.

Notation (``str(move)``, ``parse_move``, records, the API, the move box) is what programs and
records speak; a learner never reads it unless a teacher asks to see it. Every text for
learners (verdict headings, buttons, the log, quizzes, the coach, the review, class-table
status lines) names a move by :func:`move_words`, built from the move itself by its family's
``words()`` (:meth:`~danish_nb.families.shedding.ShedMove.words`,
:meth:`~danish_nb.families.tricks.TrickMove.words`,
:meth:`~danish_nb.families.running_total.RatMove.words`): cards by name, jokers by name, bids,
trumps and hole cards in words, hidden cards hidden (a Sjavs discard reads "Discard 2 cards" to
the others).

A seat is named the same way, by its kind's words (:data:`SEATS`): the one table of seat kinds
that the boards, the app's settings, the class tables, the simulations and the lessons read.

>>> import danish_nb as dn
>>> g = dn.new_game("sjavs", players=3, seed=1)
>>> move = g.parse_move("P1 bid strike")
>>> move_words(move), move_words(move, lang="fr"), move_words(move, lang="de")
('Bid Strike', 'Annoncer une Frappe', 'einen Schlag bieten')
>>> move_words(dn.new_game("danish-bastard", players=2).parse_move("P1 play QS"), lang="fr")
'Jouer la dame de pique'
>>> move_words(move, lang="de", player=True)
'P1: einen Schlag bieten'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import NOT_WELL_FORMED, Text, render_text
from .i18n import DEFAULT, N_, M


@dataclass(frozen=True)
class SeatWords:
    """A seat kind in words: ``name`` says who sits there (a seat's label: ``P2 (rule of thumb)``),
    ``choice`` offers the kind in the settings (``computer: rule of thumb``).

    >>> from danish_nb.i18n import translator
    >>> translator("fr")(SEATS["rule-of-thumb"].name), translator("de")(SEATS["human"].choice)
    ('règle empirique', 'ein Mensch')
    """

    name: str
    choice: str


#: The seat kinds, in the settings' order, with their words: a person at the screen, or a computer
#: player by name (:func:`danish_nb.agents.make_agent`).
SEATS = {"human": SeatWords(N_("human"), N_("a person")),
         "random": SeatWords(N_("random"), N_("computer: random")),
         "rule-of-thumb": SeatWords(N_("rule of thumb"), N_("computer: rule of thumb")),
         "strong": SeatWords(N_("strong"), N_("computer: strong (searches)"))}
#: The seat kinds a board and the app take.
SEAT_KINDS = tuple(SEATS)
#: Who sits at a seat, in words (``P2 (rule of thumb)``; ``you``: the person at the screen).
SEAT_WORDS = {"you": N_("you")} | {kind: seat.name for kind, seat in SEATS.items()}


def words_of(move: Any) -> Text:
    """A move in words as a text to render (a message; a hidden part is a
    :class:`~danish_nb.core.Private`); anything that is not a move of a known family reads as
    "a move that is not well formed".

    >>> str(words_of("P1 take"))
    'a move that is not well formed'
    """
    words = getattr(move, "words", None)
    return words() if callable(words) else NOT_WELL_FORMED


def move_words(move: Any, viewer: int | None = None, *, lang: str = DEFAULT, reveal_hands: bool = False,
               player: bool = False) -> str:
    """``move`` in words, in ``lang``, as ``viewer`` (a seat from 0, ``None``: anyone watching)
    may read it (``reveal_hands``: the teaching mode's view of the hands); ``player=True``
    says whose move it is first ("P2: Play the six of hearts"), for a status line.

    >>> import danish_nb as dn
    >>> discard = dn.new_game("sjavs", players=3).parse_move("P2 discard 10H KD")
    >>> move_words(discard, viewer=1), move_words(discard, viewer=0, lang="de")
    ('Discard the king of diamonds and the ten of hearts', '2 Karten ablegen')
    """
    text = words_of(move)
    if player:
        text = M("P{player}: {move}", player=move.player + 1, move=text)
    return render_text(text, viewer, reveal_hands, lang=lang)


__all__ = ["SEATS", "SEAT_KINDS", "SEAT_WORDS", "SeatWords", "move_words", "words_of"]
