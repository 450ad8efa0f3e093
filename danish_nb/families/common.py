"""What every game family uses: card-list helpers, player numbers in move notation, and the
card lists of set-up positions.

Players are numbered from 0 in code and from 1 in notation (``P1`` is player 0), since
learners count from one.

>>> parse_player("P3", "P3 take")
2
>>> format_cards(sorted_cards(parse_cards("KS 7H 7D")))
'7♦ 7♥ K♠'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import RANKS, SUITS, Card, CardParseError, format_cards, parse_cards
from ..core import MoveParseError, OptionsError
from ..i18n import Listed, M, Message

#: The longest player or position number a move may name (more digits is never a seat).
MAX_NUMBER_DIGITS = 3
#: Card -> its code (``'7H'``, ``'RJ'``), for the views' ``to_dict`` (read on every observation).
CODES = {card: card.code for card in (*(Card(rank, suit) for rank in RANKS for suit in SUITS),
                                      Card.parse("RJ"), Card.parse("BJ"))}


def card_codes(cards: Iterable[Card]) -> list[str]:
    """The cards' codes.

    >>> card_codes(parse_cards("7H 10S BJ"))
    ['7H', '10S', 'BJ']
    """
    return [CODES[card] for card in cards]


def parse_number(word: str) -> int | None:
    """A whole number written with ASCII digits (at most :data:`MAX_NUMBER_DIGITS`), or ``None``.

    >>> parse_number("12"), parse_number("²"), parse_number("1" * 50)
    (12, None, None)
    """
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_NUMBER_DIGITS:
        return None
    return int(word)


def parse_player(word: str, text: str, usage: str | Message = "") -> int:
    """The 0-based player a move's ``P1``, ``P2`` ... names. Raises :class:`MoveParseError`.

    >>> parse_player("p2", "p2 take")
    1
    """
    number = parse_number(word[1:]) if word[:1] in ("P", "p") else None
    if number is None or number < 1:
        if usage:
            raise MoveParseError(M("In “{text}”, “{word}” is not a player (P1, P2, ...): {usage}", text=text,
                                   word=word[:20], usage=usage))
        raise MoveParseError(M("In “{text}”, “{word}” is not a player (P1, P2, ...)", text=text, word=word[:20]))
    return number - 1


def quoted_notation(words: Iterable[str]) -> Listed:
    """Words of move notation (a game's actions, its bids) as a sentence lists them, each quoted:
    what a learner types, the same in every language.

    >>> quoted_notation(["play", "take"]).text_in("fr"), str(quoted_notation(["play", "trump"]))
    ('«\\u202fplay\\u202f» et «\\u202ftake\\u202f»', '“play” and “trump”')
    """
    return Listed(M("“{text}”", text=word) for word in words)


# --------------------------------------------------------------------------- card lists

def copies(cards: Sequence[Card]) -> int:
    """How many copies of one card ``cards`` hold at most (the packs of a shedding deck).

    >>> copies(parse_cards("2C 2C 3D"))
    2
    """
    return max(cards.count(card) for card in set(cards))


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in a tidy order (by rank, then suit): a card is the pair :func:`sort_key` gives,
    so the cards sort as they are, without a key function (:func:`~danish_nb.cards.sort_key`)."""
    return tuple(sorted(cards))


def remove_cards(cards: tuple[Card, ...], taken: Sequence[Card]) -> tuple[Card, ...] | None:
    """``cards`` without ``taken`` (a multiset difference), or ``None`` if some are missing.

    >>> remove_cards(parse_cards("7H 7H 8C"), parse_cards("7H"))
    (Card('7♥'), Card('8♣'))
    """
    rest = list(cards)
    for card in taken:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def missing_cards(cards: Sequence[Card], taken: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``taken`` that ``cards`` lacks, each named once (what "does not hold" says:
    a move naming one card 24 times is told about that card, not 24 times).

    >>> missing_cards(parse_cards("7H 8C"), parse_cards("7H 7H 7H 9S 9S"))
    (Card('7♥'), Card('9♠'))
    """
    rest, missing = list(cards), []
    for card in taken:
        if card in rest:
            rest.remove(card)
        elif card not in missing:
            missing.append(card)
    return tuple(missing)


def replace_at(items: tuple, index: int, value: Any) -> tuple:
    """A copy of a tuple with one entry replaced (through a list: fewer objects than slices)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


#: Per options object (by identity, holding it so its id is not reused): its cache dict.
_OPTIONS_CACHES: dict[int, tuple[Any, dict]] = {}
#: Per options value: its cache dict, shared by equal options objects (each game makes its own).
_VALUE_CACHES: dict[Any, dict] = {}


def options_cache(options: Any) -> dict:
    """A dict in which rules cache answers that depend only on ``options`` (a hashable value),
    found by identity: an options dataclass hashes and compares field by field, too slow for a
    look-up on every move. Equal options share one dict.

    >>> options_cache((1, 2))["x"] = 1; options_cache((1, 2)), options_cache((1, 3))
    ({'x': 1}, {})
    """
    entry = _OPTIONS_CACHES.get(id(options))
    if entry is None or entry[0] is not options:
        if len(_OPTIONS_CACHES) >= 256:
            _OPTIONS_CACHES.clear()
        if len(_VALUE_CACHES) >= 256:
            _VALUE_CACHES.clear()
        cache = _VALUE_CACHES.setdefault(options, {})
        entry = _OPTIONS_CACHES[id(options)] = (options, cache)
    return entry[1]


#: The first three places in texts for learners (translated where shown).
_FINISHES = {1: M("finishes first"), 2: M("finishes second"), 3: M("finishes third")}


def finishes(place: int) -> Message:
    """A player's finishing place as a message: ``'finishes first'`` ... ``'finishes 4th'``.

    >>> str(finishes(2)), str(finishes(4)), finishes(1).render("fr")
    ('finishes second', 'finishes 4th', 'termine à la première place')
    """
    return _FINISHES.get(place) or M("finishes {place}th", place=place)


# --------------------------------------------------------------------------- positions

def position_cards(position: Mapping[str, Any], key: str, default: Any = ()) -> tuple[Card, ...]:
    """Cards listed under ``key`` of a set-up position (a list of codes or one string)."""
    value = position.get(key, default)
    try:
        if isinstance(value, str):
            return parse_cards(value)
        return tuple(Card.parse(c) if isinstance(c, str) else _not_card(c) for c in value)
    except (CardParseError, TypeError) as exc:
        raise OptionsError(M("position[{key!r}]: {error}", key=key, error=exc)) from None


def position_seats(position: Mapping[str, Any], key: str, players: int) -> tuple[tuple[Card, ...], ...]:
    """Per-player card lists under ``key`` (missing = empty for everyone)."""
    value = position.get(key)
    if value is None:
        return ((),) * players
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != players:
        raise OptionsError(M("position[{key!r}] must list one group of cards per player ({players})",
                             key=key, players=players))
    return tuple(position_cards({key: v}, key) for v in value)


def _not_card(value: Any) -> Card:
    raise CardParseError(M("{kind} value is not a card code like '7H'", kind=type(value).__name__))


__all__ = ["MAX_NUMBER_DIGITS", "finishes", "format_cards", "options_cache", "parse_number", "parse_player",
           "position_cards", "position_seats", "remove_cards", "replace_at", "sorted_cards"]
