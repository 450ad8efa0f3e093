"""Every text a practice item shows, built in one place: cards and moves in words (never
notation), the questions, the outcomes a learner chooses from. Texts are messages
(:class:`~danish_nb.i18n.Message`), rendered in the page's language where they are shown.

Cards are named as a sentence names them by :func:`the_card` ("play the queen of spades",
"jouer la dame de pique", "Pik-Dame spielen": the package's card names, :func:`~danish_nb.cards.card_forms`),
and alone by :func:`~danish_nb.cards.card_words`; moves by :func:`move_words`, as the infinitive
phrase a question is built around ("may P1 play the queen of spades?"), where the boards say a
move as a command (:func:`danish_nb.words.move_words`, "Play the queen of spades").

>>> from danish_nb.families.shedding import ShedMove
>>> from danish_nb.cards import parse_cards
>>> move_words(ShedMove(0, "play", parse_cards("7H 7D"))).render("fr")
'jouer le sept de cœur et le sept de carreau'
>>> move_words(ShedMove(1, "closed", (), 1)).render("de")
'die verdeckte Karte 2 blind aufdecken'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card, card_words
from ..i18n import N_, Listed, M, Message, joined, title_in, translator

__all__ = ["OUTCOMES", "QUESTIONS", "VERDICT_WORDS", "cards_words", "move_words", "outcome_words", "seat_words",
           "the_card"]


def the_card(card: Card) -> Listed:
    """A card as a sentence names it, as the object of a verb.

    >>> [str(the_card(Card.parse(c)).text_in("fr")) for c in ("QS", "AH", "RJ")]
    ['la dame de pique', 'l’as de cœur', 'le joker rouge']
    """
    return Listed((card,))


def cards_words(cards: Iterable[Card]) -> Listed:
    """Cards named in words, joined with "and" (the object of a verb).

    >>> str(cards_words(Card.parse(c) for c in ("7H", "RJ")).text_in("fr"))
    'le sept de cœur et le joker rouge'
    """
    return Listed(cards)


class Rendered(Message):
    """A text rendered by a function of the language: a rule's title (translated by its own
    context), a verdict's summary.

    >>> Rendered(lambda lang: lang.upper()).render("fr")
    'FR'
    """

    __slots__ = ("function",)

    def __init__(self, function: Any):
        super().__init__("{text}")
        self.function = function

    def render(self, lang: str = "en", part: Any = None) -> str:
        return self.function(lang)


#: A rule named by its id and title ("DB-13: Equal or higher").
RULE_NAME = N_("{id}: {title}")


def rule_words(rule: Any) -> Message:
    """A rule as a choice names it: its id and its title in the reader's language."""
    return Rendered(lambda lang: translator(lang)(RULE_NAME, id=rule.id, title=title_in(rule.id, rule.title, lang)))


def seat_words(seat: int, me: int | None = None) -> Message:
    """``P2``, or ``P2 (you)`` for the learner's own seat."""
    return M("P{seat} (you)", seat=seat + 1) if seat == me else M("P{seat}", seat=seat + 1)


def move_words(move: Any) -> Message:
    """What a move does, in words, as an infinitive phrase ("play the eight of hearts"): the
    player is named by the question around it. Every family's move says it itself
    (``move.phrase()``, beside ``move.words()``, the command a board's button reads).

    >>> from danish_nb.families.tricks import TrickMove
    >>> from danish_nb.families.running_total import RatMove
    >>> move_words(TrickMove(0, "trump", None, None)).render("en")
    'declare no trumps'
    >>> move_words(RatMove(0, "play", Card.parse("RJ"), 7)).render("en")
    'play the red joker as a 7'
    """
    phrase = getattr(move, "phrase", None)
    if not callable(phrase):
        raise TypeError(f"no words for a move of type {type(move).__name__}")
    return phrase()


#: What may happen after a move, by the kind of the engine's event: the choices of "what
#: happens then?" (``{p}``: the event's player).
OUTCOMES: dict[str, str] = {
    "burn": N_("The pile is removed from the game."),
    "reverse": N_("The order of play reverses."),
    "again": N_("P{p} plays again."),
    "black-joker": N_("The next player must play a joker or take the pile."),
    "draw": N_("P{p} draws from the stock."),
    "fail": N_("The card does not fit: P{p} takes it with the pile."),
    "take": N_("P{p} takes cards from the pile into the hand."),
    "finish": N_("P{p} has no cards left and is out."),
    "skip": N_("P{p} misses a turn."),
    "ace": N_("P{p} chooses who gets the pile."),
    "pass-hands": N_("Everyone passes their hand to the right."),
    "offer": N_("P{p} may complete the four out of turn."),
    "chain": N_("P{p} may turn over another face-down card."),
    "refill": N_("P{p} draws from the deck up to five cards."),
    "discard": N_("The pile, or what is left of it, is discarded."),
    "restart": N_("P{p} starts again from 0."),
    "over": N_("The total goes over 17."),
    "win": N_("P{p} has got rid of all their cards and wins."),
    "skat": N_("P{p} takes the skat into the hand."),
    "auction": N_("The auction is over: P{p} is the soloist."),
    "throw-in": N_("Everyone has passed: the cards are thrown in and dealt again."),
}


def outcome_words(kind: str, player: int | None) -> Message:
    """One outcome (a key of :data:`OUTCOMES`) said of ``player``.

    >>> outcome_words("again", 1).render("fr")
    'P2 rejoue.'
    """
    return Message(OUTCOMES[kind], p=(player or 0) + 1)


#: The questions, by item kind, asked of the learner, who plays the seat the item shows
#: (``{who}``: that seat, ``P1``; ``{move}``: the move in words, an infinitive phrase).
QUESTIONS = {
    "pick": N_("You are {who}, to play. Which of these cards may you play? Choose every card that may be played "
              "(perhaps none)."),
    "legal": N_("You are {who}, to play: may you {move}?"),
    "rule": N_("Which rule decides?"),
    "effect": N_("You are {who}, to play, and you choose to {move}. What happens then?"),
    "trick": N_("You are {who}, to play, and you choose to {move}, the last card of the trick. Who takes the trick?"),
    "winner": N_("You are {who}, to play, and you choose to {move}. This ends the match: who wins it?"),
    "loser": N_("You are {who}, to play, and you choose to {move}. This ends the match: who loses it?"),
    "starter": N_("You are {who}, done swapping. To decide who starts, {move}. Who starts?"),
    "first": N_("You are {who}, to play, and you choose to {move}, the last choice of face-up cards. Who plays "
               "first?"),
    "leader": N_("You are {who}, to play, and you choose to {move}. Who leads next?"),
    "next": N_("You are {who}, to play, and you choose to {move}. Who plays next?"),
    "total": N_("You are {who}, to play, and you choose to {move}. What is the total then?"),
    "turned-over": N_("You are {who}, to play. How many of the hole cards dealt face down to P{seat} have been played "
                     "so far?"),
    "hand-size": N_("You are {who}, to play, and you choose to {move}. How many cards do you hold in hand then?"),
    "deal-points": N_("You are {who}, to play, and you choose to {move}, the last card of the deal. How many points "
                     "does P{seat} score for this deal?"),
    "game-points-lost": N_("You are {who}, to play, and you choose to {move}, the last card of the deal. How many "
                          "game points does P{seat} lose?"),
    "card-points": N_("You are {who}, to play, and you choose to {move}, the last card of the deal. How many card "
                     "points does the soloist, P{seat}, count, with the cards out of play?"),
    "game-points": N_("You are {who}, to play, and you choose to {move}, the last card of the deal. How many game "
                     "points does P{seat} have after it?"),
}

#: The two answers of "may P1 ...?".
VERDICT_WORDS = {"legal": N_("Yes, it is legal."), "illegal": N_("No, it is not legal.")}


def blind_words(card: Card) -> Message:
    """What a blind card turned out to be, for a question about what follows it.

    >>> blind_words(Card.parse("JC")).render("en")
    'The card turned over: jack of clubs.'
    """
    return M("The card turned over: {card}.", card=card_words(card))


def draws_words(events: Iterable[Any]) -> Message:
    """The cards drawn to decide who starts (Rat Bastard 17), in words."""
    return joined([M("P1 draws {one}, P2 draws {two}", one=cards_words(e.cards[:1]), two=cards_words(e.cards[1:2]))
                   for e in events if e.kind == "pick"])
