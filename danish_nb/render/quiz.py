"""A position quiz, once for every host: the moves it offers, what each is called, the card
picker, every verdict and the answer sheet, all from the engine and with no widget. Jupyter and
Voila draw it with ipywidgets (:class:`~danish_nb.widgets.lesson.PositionQuiz`), the serverless
page as HTML (:mod:`danish_nb.web.lessons`), from the same :meth:`Quiz.spec`.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
>>> quiz = Quiz(g, try_moves=["P1 play 4C"], lang="fr")
>>> [quiz.words(m) for m in quiz.moves]
['Jouer le quatre de trèfle', 'Jouer le huit de cœur']
>>> print(quiz.answers().splitlines()[0][:61])
Jouer le quatre de trèfle ? Illégal — le quatre de trèfle sur
>>> Quiz.from_spec(quiz.spec(), "de").answer("P1 play 8H").legal
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import Card, card_words, face_letter
from ..core import DanishNbError, Game, Verdict, load_record
from ..families.shedding import canonical
from ..i18n import N_, M, translator
from ..words import move_words

#: What a quiz asks.
PROMPT = N_("What may you play? Click a move to see what the rules say.")
#: The card picker's line and button.
PICK = N_("Pick the cards, then check them:")
CHECK = N_("Check these cards")
#: A line of the answer sheet: the move in words, asked, and the rules' answer with their reasons.
ANSWER_LEGAL = N_("{move}? Legal — {reasons}")
ANSWER_ILLEGAL = N_("{move}? Illegal — {reasons}")
#: More moves made of cards than this, and a quiz offers a card picker instead of their buttons.
PICKER_FROM = 6


def face_text(card: Any, lang: str = "en") -> str:
    """A card as its face shows it in ``lang`` (``'D♠'`` in French and German), a joker in words.

    >>> face_text(Card.parse("QS"), "fr"), face_text(Card.parse("RJ"), "de")
    ('D♠', 'roter Joker')
    """
    if card.is_joker:
        return card_words(card).render(lang)
    return f"{face_letter(card.rank, lang)}{card.suit.symbol}"


class Quiz:
    """"Here is the table: what may you play, and why?" on ``game``'s position now (kept: moves
    played on the game later change nothing), from ``player``'s view (default: the player to move).

    It offers every legal move and the tempting ``try_moves``, in notation order so that the order
    does not give the answer away; when more than :data:`PICKER_FROM` of them are made of cards
    (choosing three face-up cards of six) those are picked card by card (:attr:`cards`,
    :meth:`check`). Only the offered moves can be asked about; words are in ``lang``.
    """

    def __init__(self, game: Game, try_moves: Iterable[Any] = (), *, player: int | None = None, lang: str = "en"):
        self.game, self.lang = game, lang
        self.state = game.state
        self.seat: int = self.state.current_player if player is None else player
        legal = self.state.legal_moves()
        same = {canonical(m): m for m in legal}  # a legal move tried with its cards in another order
        tried = [same.get(canonical(m), m) for m in (game.parse_move(m) if isinstance(m, str) else m
                                                      for m in try_moves)]
        self.moves: tuple[Any, ...] = tuple(sorted(dict.fromkeys(legal + tried), key=str))
        with_cards = [m for m in self.moves if getattr(m, "cards", ())]
        #: The moves made of several cards, when there are many: picked card by card, then checked.
        self.picked: tuple[Any, ...] = tuple(with_cards) if len(with_cards) > PICKER_FROM else ()
        #: The moves offered as buttons.
        self.buttons: tuple[Any, ...] = tuple(m for m in self.moves if m not in self.picked)
        #: The cards the picker offers.
        self.cards: tuple[Card, ...] = tuple(dict.fromkeys(card for move in self.picked for card in move.cards))

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], lang: str = "en") -> Quiz:
        """The quiz a page carries (:meth:`spec`), its record replayed and checked by the engine."""
        return cls(load_record(spec["record"]), spec.get("try", ()), player=spec.get("player"), lang=lang)

    def spec(self) -> dict[str, Any]:
        """What a page carries to ask the same quiz: the record up to the position, the tempting
        moves, the viewer when not the player to move."""
        at = next(i for i, state in enumerate(self.game.states()) if state is self.state)
        record = self.game.to_record()
        record["moves"] = record["moves"][:at]
        legal = set(self.state.legal_moves())
        return {"record": record, "try": [str(m) for m in self.moves if m not in legal],
                "player": None if self.seat == self.state.current_player else self.seat}

    def view(self) -> Any:
        """The table as the quiz's player sees it."""
        return self.state.view(self.seat)

    def words(self, move: Any) -> str:
        """A move in words as the quiz's player reads it (another player's move says whose)."""
        return move_words(move, self.seat, lang=self.lang, player=getattr(move, "player", self.seat) != self.seat)

    def card_words(self, card: Card) -> str:
        return card_words(card).render(self.lang)

    def offered(self, move: Any) -> Any:
        """The offered move ``move`` is (a move or its notation; a shedding move's cards in any
        order). Raises :class:`DanishNbError` for a move the quiz does not offer."""
        asked = self.game.parse_move(move) if isinstance(move, str) else move
        found = next((m for m in self.moves if canonical(m) == canonical(asked)), None)
        if found is None:
            raise DanishNbError(M("{move} is not one of this quiz's moves: {moves}", move=str(asked),
                                  moves=", ".join(map(str, self.moves))))
        return found

    def answer(self, move: Any) -> Verdict:
        """The engine's verdict on one of the offered moves."""
        return self.state.explain(self.offered(move))

    def check(self, cards: Sequence[Card | str]) -> Verdict:
        """The verdict on the move the picked ``cards`` make (any choice of the picker's cards:
        the engine says why a wrong one is refused). Raises :class:`DanishNbError` when nothing
        is picked or a card is not the picker's."""
        chosen = [Card.parse(c) if isinstance(c, str) else c for c in cards]
        if not chosen:
            raise DanishNbError(M("Pick one or more cards first."))
        if not self.picked or not set(chosen) <= set(self.cards):
            raise DanishNbError(M("a card the board did not offer"))
        made = next((m for m in self.picked if Counter(m.cards) == Counter(chosen)), None)
        return self.state.explain(made if made is not None else self.picked[0]._replace(cards=tuple(chosen)))

    def answers(self) -> str:
        """Every offered move's verdict, one line each, in words (the answer sheet)."""
        tr = translator(self.lang)
        lines = []
        for move in self.moves:
            verdict = self.state.explain(move)
            lines.append(tr(ANSWER_LEGAL if verdict.legal else ANSWER_ILLEGAL, move=self.words(move),
                            reasons=verdict.reasons_in(self.lang)))
        return "\n".join(lines)

    def prompt(self) -> str:
        return translator(self.lang)(PROMPT)


__all__ = ["ANSWER_ILLEGAL", "ANSWER_LEGAL", "CHECK", "PICK", "PICKER_FROM", "PROMPT", "Quiz", "face_text"]
