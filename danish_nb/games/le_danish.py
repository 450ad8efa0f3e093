"""Le danish, from ``2-le-danish.fr.txt`` (the French "bataille norvégienne" of the shedding family).

The module reads like the document: the rule catalogue (each rule-bearing French sentence with
an English rendering), the rulings where the text is unclear, the options that select among
readings and switch the variants on, then the state and its moves.

>>> import danish_nb as dn
>>> g = dn.setup("le-danish", {"hands": [["9H", "4C"], ["9S"]], "pile": ["6C"]})
>>> print(g.explain("P1 play 9H"))
legal. The nine of hearts on the six of clubs: equal or higher (rule LD-15)
>>> print(g.explain("P1 play 4C"))
illegal. The four of clubs on the six of clubs: lower than the card before (rule LD-15)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..cards import Card, Rank, cards_text, n_cards, packs, rank_words
from ..checks import Step, Why, passes
from ..core import Catalogue, Event, GameParts, OptionsError, Result, Rule, Ruling, Text, option, register
from ..families.common import finishes, missing_cards, remove_cards, replace_at, sorted_cards
from ..families.shedding import (
    ShedMove,
    ShedTable,
    action_space,
    bare_move,
    finishing_result,
    fitting_kinds,
    forget,
    hand_moves,
    learn,
    next_in,
    next_seat,
    parse_shed_move,
    pass_known,
    read_table_position,
    top_run,
)
from ..i18n import N_, M, _n

SOURCE = "2-le-danish.fr.txt"


def _rule(rule_id: str, title: str, quote: str, english: str, **extra: Any) -> Rule:
    return Rule(rule_id, quote, english, source=SOURCE, title=title, **extra)


# --------------------------------------------------------------------------- rule catalogue
# Quotes are the document's words; " … " joins sentences that are apart in the document.

RULES = (
    _rule("LD-1", "Object", "Le danish est un jeu de cartes pour au moins deux joueurs, dès 7 ans. Le "
          "premier à se débarrasser de toutes ses cartes remporte la partie.",
          "Le danish is a card game for at least two players, from age 7. The first to get rid of "
          "all their cards wins the game."),
    _rule("LD-2", "Packs", "1 jeu de 52 cartes pour 2 à 5 joueurs. … 2 jeux de 52 cartes pour 6 à 11 "
          "joueurs.", "1 pack of 52 cards for 2 to 5 players. … 2 packs of 52 cards for 6 to 11 "
          "players."),
    _rule("LD-3", "Face-down cards", "Lors de la première distribution, chacun reçoit 3 cartes, à "
          "aligner, face cachée, devant lui.", "In the first deal, everyone gets 3 cards, laid out "
          "in a row face down in front of them."),
    _rule("LD-4", "Face-up cards", "Lors de la deuxième distribution, chacun reçoit 3 cartes, à "
          "aligner, face visible, sur les premières.", "In the second deal, everyone gets 3 cards, "
          "laid out face up on the first ones."),
    _rule("LD-5", "The hand", "Lors de la troisième distribution, chacun reçoit 3 cartes à garder "
          "cachées, qui formeront sa main.", "In the third deal, everyone gets 3 cards to keep "
          "hidden, which make up their hand."),
    _rule("LD-6", "The swap", "Note : avant de jouer une première carte, il est permis d’échanger les "
          "cartes de sa main contre ses cartes visibles.", "Note: before playing a first card, you "
          "may swap the cards of your hand for your face-up cards."),
    _rule("LD-7", "Advice", "Astuce : il est conseillé de garder les cartes fortes et spéciales, "
          "visibles devant vous.", "Tip: keep the strong and special cards face up in front of "
          "you.", enforced=False, note="Advice, not a rule: the rule-of-thumb player follows it."),
    _rule("LD-8", "The stock", "Le reste formera une pioche, placée au centre de la table.",
          "The rest makes a stock, placed in the middle of the table."),
    _rule("LD-9", "Who starts", "Le joueur à gauche du donneur commence.",
          "The player to the dealer's left starts."),
    _rule("LD-10", "Clockwise", "Jouez dans le sens des aiguilles d’une montre.",
          "Play clockwise."),
    _rule("LD-11", "One to three cards", "Le premier joueur peut jouer (poser) entre une et trois "
          "cartes.", "The first player may play (put down) between one and three cards."),
    _rule("LD-12", "Same value", "Si vous posez plusieurs cartes, celles-ci doivent avoir la même "
          "valeur.", "If you put down several cards, they must have the same value."),
    _rule("LD-13", "Three in hand", "La main d’un joueur doit toujours être composée de 3 cartes.",
          "A player's hand must always hold 3 cards."),
    _rule("LD-14", "Drawing", "Après avoir joué, complétez votre main en piochant.",
          "After playing, fill your hand up again from the stock."),
    _rule("LD-15", "Equal or higher", "Le joueur suivant doit jouer une carte ou une combinaison de "
          "cartes identiques, de valeur égale ou supérieure à la précédente.", "The next player must "
          "play a card or a set of identical cards of a value equal to or higher than the previous "
          "one."),
    _rule("LD-16", "Picking up", "Quand un joueur ne peut pas jouer une ou plusieurs cartes de valeur "
          "supérieure, il ramasse la totalité des cartes jouées, le tas. On dit qu’il cocogne.",
          "When a player cannot play one or more cards of a higher value, they pick up all the "
          "cards played, the pile. This is called ‘cocogner’."),
    _rule("LD-17", "After a pick-up", "Il doit désormais jouer avec toutes ces cartes en main. Il ne "
          "pourra piocher que si sa main descend en dessous de 3.", "From now on they must play with "
          "all these cards in hand. They may draw only when their hand drops below 3."),
    _rule("LD-18", "Who leads after a pick-up", "Le dernier joueur à avoir posé reprend la main.",
          "The last player to have put cards down leads again."),
    _rule("LD-19", "Empty the hand first", "Si un joueur a moins de 3 cartes en main et que la pioche "
          "est épuisée, il doit d’abord vider sa main.", "If a player has fewer than 3 cards in hand "
          "and the stock is exhausted, they must first empty their hand."),
    _rule("LD-20", "Taking the face-up cards", "Quand la main d’un joueur est vide et que la pioche "
          "est épuisée, il peut ramasser ses 3 cartes visibles.", "When a player's hand is empty and "
          "the stock is exhausted, they may pick up their 3 face-up cards."),
    _rule("LD-21", "Face-down cards", "Si un joueur a joué toutes ses cartes visibles et que la "
          "pioche est épuisée, il peut piocher une carte parmi ses trois cartes cachées.",
          "If a player has played all their face-up cards and the stock is exhausted, they may draw "
          "one of their three face-down cards."),
    _rule("LD-22", "The next face-down card", "Si la carte piochée peut être jouée, il peut piocher "
          "la deuxième et ainsi de suite.", "If the card drawn can be played, they may draw the "
          "second one, and so on."),
    _rule("LD-23", "A failed face-down card", "Si la carte piochée ne convient pas, il ramasse le "
          "tas.", "If the card drawn does not fit, they pick up the pile."),
    _rule("LD-24", "Back to the face-down cards", "Il ne pourra pas puiser dans ses cartes cachées "
          "tant que sa main ne sera pas descendue en dessous de 3.", "They may not draw from their "
          "face-down cards until their hand has dropped below 3."),
    _rule("LD-25", "The 2", "Il agit comme un joker. … Il peut être joué sur n’importe quelle carte.",
          "It acts as a joker. … It can be played on any card."),
    _rule("LD-26", "The 7", "Le joueur suivant doit jouer une carte inférieure ou égale à 7.",
          "The next player must play a card lower than or equal to 7."),
    _rule("LD-27", "The 8", "Pour chaque carte 8 jouée, le joueur suivant passe son tour. … Le joueur "
          "2 joue 3 cartes 8. … Les joueurs 3, 4 et 5 passent leur tour.", "For each 8 played, the "
          "next player misses their turn. … Player 2 plays three 8s. … Players 3, 4 and 5 miss "
          "their turn."),
    _rule("LD-28", "The 10", "Le tas est retiré. … Il ne pourra plus être utilisé.",
          "The pile is removed. … It can no longer be used."),
    _rule("LD-29", "The Ace", "Le tas est envoyé au joueur de votre choix.",
          "The pile is sent to the player of your choice."),
    _rule("LD-30", "Variant: four in a row", "Quand une succession de 4 cartes de même valeur est "
          "jouée, le tas est retiré définitivement du jeu.", "When a run of 4 cards of the same "
          "value is played, the pile is removed from the game for good."),
    _rule("LD-31", "Variant: the 3", "Tous les joueurs passent leur main au joueur de droite.",
          "All players pass their hand to the player on their right."),
    _rule("LD-32", "Variant: the 6", "Le sens du jeu est inversé.",
          "The direction of play is reversed."),
    _rule("LD-33", "Variant: completing a four", "Un joueur joue 2 cartes de valeur identique. … Un "
          "autre joueur, indépendamment de sa place dans le jeu, est autorisé à jouer les 2 autres "
          "cartes de même valeur.", "A player plays 2 cards of the same value. … Another player, "
          "wherever they sit in the order of play, may play the other 2 cards of that value."),
    _rule("LD-34", "Danish", "Dès qu’un joueur se débarrasse de toutes ses cartes, il est déclaré "
          "Danish. … Il remporte la partie.", "As soon as a player gets rid of all their cards, "
          "they are declared Danish. … They win the game."),
)

RULINGS = (
    Ruling("LD-a", "“Between one and three cards”: a limit, or just what a starting hand allows?",
           "Any number of cards of one rank (after a pick-up a hand can hold four or more): the "
           "three is the size of a hand, not a limit.", option="at_most_three", rules=("LD-11", "LD-12")),
    Ruling("LD-b", "Who leads after a pick-up (“le dernier joueur à avoir posé reprend la main”)?",
           "The last player who put cards on the pile leads on the empty table (if that player is "
           "out, the next one still in).", option="after_pickup", rules=("LD-18", "LD-16")),
    Ruling("LD-c", "Are the face-up cards played from the table?",
           "No: once the stock and the hand are empty, the player takes the face-up cards into the "
           "hand (a move of its own, which does not end the turn) and plays from the hand.",
           rules=("LD-20", "LD-19")),
    Ruling("LD-d", "Face-down cards: one per turn, or several in a row?",
           "One per turn: “and so on” counts the turns. Option: after a face-down card that fits, "
           "the player may turn the next one or stop (pass).",
           option="chain_face_down", rules=("LD-22",)),
    Ruling("LD-e", "After a failed face-down card: “until the hand drops below 3” contradicts “the hand "
           "must be emptied first”.",
           "The hand must be empty again before the next face-down card. Option (as written): once "
           "the face-up cards are gone, a face-down card may be turned whenever the hand holds fewer "
           "than 3 cards.", option="face_down_below_three", rules=("LD-24", "LD-19")),
    Ruling("LD-f", "The 2 “acts as a joker”.",
           "It goes on any card and anything may follow it; it is not combined with cards of "
           "another rank. Option (the 2 as a mirror): it takes the value of the card below it.",
           option="two_mode", rules=("LD-25",)),
    Ruling("LD-g", "The 8: one skipped player per 8.",
           "As written: the turn moves on by 1 + the number of 8s played, over the players still in "
           "(with few players, the 8s' player can skip round to themselves).", rules=("LD-27",)),
    Ruling("LD-h", "The 10: where may it go, and who plays after the burn?",
           "As the text says: only the 2 “peut être joué sur n’importe quelle carte” (LD-25); of the 10 "
           "it says only that the pile is removed (LD-28), so a 10 follows “de valeur égale ou supérieure” "
           "(LD-15) like any card; the burner plays again on the empty table. Option: the family's habit, "
           "a 10 goes on any card except a 7.", option="ten_on_anything", rules=("LD-28", "LD-15", "LD-26")),
    Ruling("LD-i", "The Ace: “le tas est envoyé au joueur de votre choix”.",
           "The Ace's player chooses another player still in, who takes the pile "
           "(Aces included) into the hand; the Ace's player then leads on the empty table. Option: "
           "the next player leads.", option="after_ace", rules=("LD-29",)),
    Ruling("LD-j", "The variants.",
           "Each is a switch, off by default. The 3 and the 6 act once per play, after the player "
           "has drawn; “to the right” is the previous seat clockwise whatever the direction of play, "
           "among the players still in. Four in a row counts equal ranks across players (2s count "
           "only as 2s); like the 10, its burner plays again.",
           option="four_of_a_kind_burns", rules=("LD-30", "LD-31", "LD-32")),
    Ruling("LD-k", "Completing a four out of turn.",
           "After a play of exactly 2 equal cards that stay on the pile (not 10s, not Aces), every "
           "other player holding 2 more of that rank is asked in turn order whether to complete the "
           "four with 2 cards or to pass. The completion is played like the completer's own turn: it burns the pile "
           "when four in a row is on, and play goes on from the completer.",
           option="complete_four", rules=("LD-33", "LD-30")),
    Ruling("LD-l", "Packs.", "One 52-card pack for 2-5 players, two for 6-11; no jokers.",
           rules=("LD-2",)),
    Ruling("LD-m", "The end.", "The first player with no cards is Danish and wins, and the game ends. "
           "Option: play on for a full finishing order, until one player still holds cards.",
           option="play_on", rules=("LD-34", "LD-1")),
    Ruling("LD-n", "The order of the cards (the document does not give it).",
           "2 (special) 3 4 5 6 7 8 9 10 J Q K A: Aces high.", rules=("LD-15",)),
    Ruling("LD-o", "Games that would loop forever.",
           "A position repeated for the third time when the pile goes into a hand (a pick-up, a "
           "failed face-down card, an Ace's pile), or the turn limit, ends the game as a draw among the "
           "players still holding cards: those who have played all their cards (the option “play on”) keep "
           "their places.",
           option="turn_limit", rules=("LD-1",)),
)

CATALOGUE = Catalogue(RULES, RULINGS)
R = CATALOGUE.rules
RULING = CATALOGUE.rulings


# --------------------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    """Rule options of Le danish: readings of RULINGS.md (section 2) and the variants."""

    at_most_three: bool = option(False, "At most 3 cards per play; off: any number of one rank.",
                                 ruling="LD-a")
    after_pickup: str = option("last-player", "Who leads after a pick-up: the last player who put "
                               "cards down, or the player after the one who picked up.", ruling="LD-b",
                               choices={"last-player": N_("the last player who put cards down"),
                                        "next-player": N_("the player after the one who picked up")})
    chain_face_down: bool = option(False, "After a face-down card that fits, the player may turn the "
                                   "next one in the same turn.", ruling="LD-d")
    face_down_below_three: bool = option(False, "As written: a face-down card may be turned with fewer "
                                         "than 3 cards in hand; off: only with an empty hand.",
                                         ruling="LD-e")
    two_mode: str = option("wild", "The 2: wild (anything may follow it) or a mirror (it takes the value "
                           "of the card below).", ruling="LD-f",
                           choices={"wild": N_("wild: anything may follow it"),
                                    "mirror": N_("a mirror: it takes the value of the card below")})
    ten_on_anything: bool = option(False, "A 10 may go on any card but a 7 (the family's habit); off (as "
                                   "the text says): a 10 goes only on a lower or equal card.", ruling="LD-h")
    after_ace: str = option("sender", "Who leads after an Ace's pile is sent: the Ace's player or the "
                            "next player.", ruling="LD-i",
                            choices={"sender": N_("the Ace's player"), "next": N_("the next player")})
    four_of_a_kind_burns: bool = option(False, "Variant: 4 cards of one rank in a row remove the pile.",
                                        ruling="LD-j")
    three_passes_hands: bool = option(False, "Variant: after a 3, everyone passes their hand to the "
                                      "right.", ruling="LD-j")
    six_reverses: bool = option(False, "Variant: a 6 reverses the direction of play.", ruling="LD-j")
    complete_four: bool = option(False, "Variant: after a pair, another player may play the other 2 "
                                 "cards of that rank out of turn.", ruling="LD-k")
    play_on: bool = option(False, "Play on after the Danish for a full finishing order.",
                           ruling="LD-m")
    turn_limit: int = option(3000, "The game is declared a draw after this many moves.",
                             ruling="LD-o", low=1, high=1_000_000)


def packs_for(players: int) -> int:
    """One pack for 2-5 players, two for 6-11, no jokers (LD-2, ruling LD-l)."""
    return 1 if players <= 5 else 2


# --------------------------------------------------------------------------- placement

#: Ranks read on every move's path, as module constants: an enum member read off its class
#: (``Rank.TEN``) goes through the enum's metaclass, ten times the cost of a global.
_TWO, _THREE, _SIX, _SEVEN, _EIGHT, _TEN, _ACE = (Rank.TWO, Rank.THREE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN,
                                                  Rank.ACE)


def effective_top(pile: tuple[Card, ...], options: Options) -> Card | None:
    """The card the next play must answer (``None``: anything may be played).

    A 2 on top lets anything follow; in ``mirror`` mode it takes the value below it.

    >>> effective_top(tuple(map(Card.parse, ["9H", "2C"])), Options(two_mode="mirror"))
    Card('9♥')
    """
    if not pile:
        return None
    if options.two_mode == "wild":
        return None if pile[-1].rank is _TWO else pile[-1]
    for card in reversed(pile):
        if card.rank is not _TWO:
            return card
    return None


def fitting_ranks(pile: tuple[Card, ...], options: Options) -> frozenset[Rank]:
    """The ranks that may go on ``pile``: those :func:`placement` allows on its card to answer
    (:func:`~danish_nb.families.shedding.fitting_kinds`, cached). In wild mode the top card decides
    (a 2 on top lets anything follow), so the look-up needs no :func:`effective_top`.

    >>> sorted(int(r) for r in fitting_ranks((Card.parse("9H"), Card.parse("7C")), Options()))
    [2, 3, 4, 5, 6, 7]
    """
    top = pile[-1] if pile else None
    if top is not None and options.two_mode != "wild":
        top = effective_top(pile, options)
    return fitting_kinds(top, options, _placement_on)


def _placement_on(card: Card, top: Card | None, options: Options) -> Step:
    """:func:`placement` of ``card`` on a pile whose card to answer is ``top``."""
    return placement(card, () if top is None else (top,), options)


def _on(pile: Card, top: Card) -> Text:
    """``on the nine of hearts``, or what a mirror 2 on the pile stands for."""
    return M("on {pile} (a 2 taking the value of {top})", pile=pile, top=top) if top != pile else M("on {top}", top=top)


def _on_words(card: Card, pile: Card, top: Card) -> dict[str, Any]:
    return {"card": card, "on": _on(pile, top)}


def _citing(why: Why, *rulings: str | None) -> dict[str | None, Why]:
    """``why`` citing each of ``rulings`` (which one depends on the cards: a mirror 2, an Ace, a 10)."""
    return {ruling: Why(why.ok, why.rule_id, why.msgid, ruling, make=why.make) for ruling in rulings}


# Why a card may go on the pile or not: a step ``(why, card, pile[-1], top)`` (``top``: the card to answer).
_NEW_PILE = Why(True, "LD-11", N_("{card} starts a new pile: any card may start one"))
_TWO_ON_ANY = Why(True, "LD-25", N_("{card} on {pile}: a 2 may be played on any card"), "LD-f")
_AFTER_TWO = Why(True, "LD-25", N_("{card} on {pile}: after a 2 anything may follow"), "LD-f")
_SEVEN_OR_LOWER = _citing(Why(True, "LD-26", N_("{card} {on}: 7 or lower"), make=_on_words), None, "LD-f")
_AFTER_SEVEN = _citing(Why(False, "LD-26", N_("{card} {on}: after a 7 the card must be 7 or lower"), make=_on_words),
                       None, "LD-f", "LD-h")
_TEN_ANY = Why(True, "LD-28", N_("{card} {on}: a 10 may go on any card but a 7"), "LD-h", make=_on_words)
_EQUAL_OR_HIGHER = _citing(Why(True, "LD-15", N_("{card} {on}: equal or higher"), make=_on_words),
                           None, "LD-f", "LD-h", "LD-n")
_LOWER = _citing(Why(False, "LD-15", N_("{card} {on}: lower than the card before"), make=_on_words),
                 None, "LD-f", "LD-h", "LD-n")


def placement(card: Card, pile: tuple[Card, ...], options: Options) -> Step:
    """Whether ``card`` may go on ``pile``: a step ``(why, *values)`` whose
    :class:`~danish_nb.checks.Why` says whether it fits, by which rule and in which words.

    >>> step = placement(Card.parse("10H"), (Card.parse("7S"),), Options())
    >>> step[0].ok, step[0].rule_id, step[0].ruling_id
    (False, 'LD-26', 'LD-h')
    """
    if not pile:
        return _NEW_PILE, card
    top = effective_top(pile, options)
    rank = card.rank
    if rank is _TWO:
        return _TWO_ON_ANY, card, pile[-1]
    if top is None:
        return _AFTER_TWO, card, pile[-1]
    mirror = "LD-f" if top != pile[-1] else None
    if top.rank is _SEVEN:
        if rank <= _SEVEN:
            return _SEVEN_OR_LOWER[mirror], card, pile[-1], top
        return _AFTER_SEVEN["LD-h" if rank is _TEN else mirror], card, pile[-1], top
    if rank is _TEN and options.ten_on_anything:
        return _TEN_ANY, card, pile[-1], top
    aces = "LD-n" if _ACE in (rank, top.rank) else "LD-h" if rank is _TEN else mirror
    return (_EQUAL_OR_HIGHER if rank >= top.rank else _LOWER)[aces], card, pile[-1], top


# --------------------------------------------------------------------------- state

@dataclass(frozen=True, slots=True)
class LeDanishState(ShedTable):
    """A Le danish position. Immutable: :meth:`apply` returns a new one.

    ``stock[-1]`` is the top of the stock and ``pile[-1]`` the top of the pile. ``phase`` is
    ``"swap"`` (choosing face-up cards), ``"play"``, ``"send"`` (an Ace's player chooses who gets
    the pile), ``"offer"`` (``offer`` lists who may still complete a pair, the first one to
    answer is current), ``"chain"`` (another face-down card, option ``chain_face_down``) or
    ``"over"``. ``resume`` is who plays next if the offer or chain ends with "pass"; ``last``
    the player who last put cards on the pile.
    """

    last: int | None = None
    offer: tuple[int, ...] = ()
    resume: int | None = None

    game_id = "le-danish"
    public_fields = ("current", "last", "offer", "resume")
    catalogue = CATALOGUE
    cites = {"not-a-move": ("LD-15", None), "over": ("LD-34", "LD-m"),
             "face-up": ("LD-6", None), "face-up-count": ("LD-4", None), "start": ("LD-9", None),
             "draw": ("LD-14", None), "end": ("LD-34", "LD-m"), "repetition": ("LD-1", "LD-o"),
             "turn-limit": ("LD-1", "LD-o")}
    words = {"game": "Le danish", "start": M("everyone has chosen: P1, left of the dealer, starts"),
             "repetition": M("when the pile went into a hand")}

    @classmethod
    def deck_for(cls, players: int) -> tuple[Card, ...]:
        return packs(packs_for(players))

    def _note(self) -> Text:
        if self.result is not None:
            return self.result.text
        who = f"P{self.current + 1}"
        if self.phase == "swap":
            return M("{who} chooses the three cards to leave face up", who=who)
        if self.phase == "send":
            return M("{who} played an Ace: choose who gets the pile", who=who)
        if self.phase == "offer":
            return M("{who} may complete the four {ranks} out of turn, or pass",
                     who=who, ranks=rank_words(self.pile[-1].rank, plural=True))
        if self.phase == "chain":
            return M("{who} may turn another face-down card, or pass", who=who)
        top = effective_top(self.pile, self.options)
        if top is not None and top.rank is Rank.SEVEN:
            return M("after a 7: play a 7 or lower (or a 2)")
        return ""

    # -- legal moves (fast path; tests check it agrees with explain)
    def _generate_moves(self) -> list[ShedMove]:
        """The moves the checks allow: of the hand's plays, those whose cards :func:`placement`
        lets go on the pile (:meth:`_plays`), or else taking the pile; in the other
        phases, and from an empty hand, each candidate that its check passes (the face-up
        choice and the end: :meth:`ShedTable._generate_moves`)."""
        phase = self.phase
        if phase == "swap" or self.result is not None:
            return ShedTable._generate_moves(self)
        p = self.current
        hand = self.hands[p]
        if phase == "play" and hand:
            cache = self._hand_cache  # :meth:`_plays`, its usual case read here (every move's path)
            entry = cache[p] if cache else None
            opts = self.options
            if entry is not None and entry[0] is hand and not opts.at_most_three:
                pile = self.pile
                moves = hand_moves(entry[1], fitting_ranks(pile, opts))
            else:
                moves = self._plays(p)
            if moves and not opts.face_down_below_three:  # no other candidate (see :meth:`_may_turn_closed`)
                return moves
            candidates = [] if moves else [bare_move(p, "take")]
            if self._may_turn_closed(p):
                candidates += self._closed_moves(p)
        elif phase == "send":  # who may get the pile depends only on who sends and who is out
            key = (self.players, p, self.finished)
            sends = _LEGAL_SENDS.get(key)
            if sends is None:
                candidates = (ShedMove(p, "send", (), t) for t in range(self.players))
                sends = _LEGAL_SENDS[key] = tuple(m for m in candidates if passes(self._check_send(m)[-1]))
            return list(sends)
        elif phase == "offer":
            rank = self.pile[-1].rank
            group = [c for c in hand if c.rank is rank]
            moves = []
            candidates = [ShedMove(p, "complete", combo) for combo in dict.fromkeys(combinations(group, 2))]
            candidates.append(ShedMove(p, "pass"))
        elif phase == "chain":
            moves, candidates = [], [*self._closed_moves(p), ShedMove(p, "pass")]
        else:
            moves, candidates = [], [ShedMove(p, "pick-up-open"), *self._closed_moves(p)]
        return moves + [move for move in candidates if passes(self._check_turn(move)[-1])]

    def _plays(self, p: int) -> list[ShedMove]:
        """``p``'s plays from the hand whose cards :func:`placement` lets go on the pile (read
        off :func:`fitting_ranks` and the hand's kinds), in hand order."""
        opts = self.options
        pile = self.pile
        moves = hand_moves(self._kinds(p), fitting_ranks(pile, opts))
        if opts.at_most_three:  # the variant's limit, as :meth:`_check_play` states it
            return [move for move in moves if passes(self._check_play(move)[-1])]
        return moves

    def _closed_moves(self, p: int) -> list[ShedMove]:
        """Turning each of ``p``'s face-down cards (candidates)."""
        return [ShedMove(p, "closed", (), i) for i in range(len(self.closed[p]))]

    def _may_turn_closed(self, p: int) -> bool:
        """Option ``face_down_below_three``: face-down cards with 1 or 2 cards still in hand."""
        return (self.options.face_down_below_three and not self.stock and not self.open[p]
                and 0 < len(self.hands[p]) < 3)

    # -- explanations (any candidate move)
    def _wrong_player(self, player: int) -> Step:
        p = self.current
        if self.phase == "offer":
            return (Why.of(False, "LD-33",
                           N_("P{p} is being asked whether to complete the four, not P{player}"), "LD-k"),
             p + 1, player + 1)
        if self.phase == "send":
            return (Why.of(False, "LD-29", N_("P{p} played the Ace and chooses who gets the pile"), "LD-i"), p + 1)
        if self.phase == "swap":
            return (Why.of(False, "LD-6", N_("P{p} is choosing face-up cards now, not P{player}")), p + 1, player + 1)
        return (Why.of(False, "LD-10", N_("it is P{p}'s turn, not P{player}'s")), p + 1, player + 1)

    def _check_turn(self, move: ShedMove) -> list[Step]:
        if self.phase == "send":
            return self._check_send(move)
        if self.phase == "offer":
            return self._check_offer(move)
        if self.phase == "chain":
            return self._check_chain(move)
        check = _CHECKS.get(move.action)
        if check is None:
            return [_not_now(move.action)]
        return check(self, move)

    def _check_play(self, move: ShedMove) -> list[Step]:
        p, hand = move.player, self.hands[move.player]
        if not hand:
            return [_empty_hand(self, p)]
        if not move.cards or move.index is not None:
            return [(Why.of(False, "LD-11", N_("play one or more cards of the same value")),)]
        if remove_cards(hand, move.cards) is None:
            return [(Why.of(False, "LD-12", N_("P{p} does not hold {cards:nor}")), p + 1,
                     cards_text(missing_cards(hand, move.cards)))]
        if any(c.rank is not move.cards[0].rank for c in move.cards):
            two = "LD-f" if any(c.rank is Rank.TWO for c in move.cards) else None
            return [(Why.of(False, "LD-12", N_("{cards} do not all have the same value"), two), cards_text(move.cards))]
        if len(move.cards) > 3 and self.options.at_most_three:
            return [(Why.of(False, "LD-11",
                            N_("at most three cards at a time (option “{option}”)"), "LD-a"), M("at most three"))]
        return self._placement_steps(move.cards)

    def _placement_steps(self, cards: tuple[Card, ...]) -> list[Step]:
        step = placement(cards[0], self.pile, self.options)
        steps = [step]
        if not step[0].ok:
            return steps
        opts = self.options
        rank = cards[0].rank
        if len(cards) > 1:
            steps.insert(0, (Why.of(True, "LD-12",
                                    N_("{cards} cards of the same value go down together"),
                                    "LD-a" if len(cards) > 3 else None), len(cards)))
        if rank is Rank.TEN:
            steps.append((Why.of(True, "LD-28", N_("the 10 removes the pile; the player plays again"), "LD-h"),))
        elif opts.four_of_a_kind_burns and top_run(self.pile + cards) >= 4:
            steps.append((Why.of(True, "LD-30",
                                 N_("four {ranks} in a row remove the pile"), "LD-j"), rank_words(rank, plural=True)))
        elif rank is Rank.ACE:
            steps.append((Why.of(True, "LD-29",
                                 N_("the Ace's player then sends the pile to a player of their choice"), "LD-i"),))
        elif rank is Rank.EIGHT:
            steps.append((Why.of(True, "LD-27", "", "LD-g", words=_missing), len(cards)))
        elif rank is Rank.THREE and opts.three_passes_hands:
            steps.append((Why.of(True, "LD-31", N_("everyone then passes their hand to the right"), "LD-j"),))
        elif rank is Rank.SIX and opts.six_reverses:
            steps.append((Why.of(True, "LD-32", N_("the direction of play then reverses"), "LD-j"),))
        return steps

    def _check_take(self, move: ShedMove) -> list[Step]:
        p = move.player
        if move.cards or move.index is not None:
            return [(_TAKE_ALL,)]
        if not self.hands[p]:
            return [_empty_hand(self, p)]
        if not self.pile:
            return [(_NO_PILE,)]
        fitting = self._plays(p)
        if fitting:
            return [(_CAN_PLAY, fitting[0].cards[0])]
        return [(_PICKS_UP, p + 1, self.pile[-1], len(self.pile)), (_PLAYS_WITH_THEM, p + 1)]

    def _check_pick_up_open(self, move: ShedMove) -> list[Step]:
        p = move.player
        if move.cards or move.index is not None:
            return [(Why.of(False, "LD-20", N_("the face-up cards are all taken: write just 'pick-up-open'")),)]
        if self.stock:
            return [(Why.of(False, "LD-20",
                            N_("the face-up cards are taken only once the stock is exhausted"), "LD-c"),)]
        if self.hands[p]:
            return [(Why.of(False, "LD-19", N_("P{p} must first empty the hand"), "LD-c"), p + 1)]
        if not self.open[p]:
            return [(Why.of(False, "LD-20", N_("P{p} has no face-up cards left")), p + 1)]
        return [(Why.of(True, "LD-20",
                        N_("hand and stock are empty: P{p} takes the face-up cards ({open}) into the hand "
                           "and plays on"), "LD-c"), p + 1, cards_text(self.open[p]))]

    def _check_closed(self, move: ShedMove) -> list[Step]:
        p = move.player
        if self.stock:
            return [(Why.of(False, "LD-21", N_("face-down cards come only once the stock is exhausted")),)]
        if self.open[p]:
            return [(Why.of(False, "LD-21", N_("P{p} still has face-up cards: empty the hand, then take them into the "
                                               "hand and play them first"), "LD-c"), p + 1)]
        hand = len(self.hands[p])
        if hand and not self._may_turn_closed(p):
            if self.options.face_down_below_three:
                return [(Why.of(False, "LD-24", N_("P{p} holds {hand} cards: a face-down card only once the hand is "
                                                   "below 3"), "LD-e"), p + 1, hand)]
            return [(Why.of(False, "LD-19",
                            N_("P{p} must first empty the hand before turning a face-down card"), "LD-e"), p + 1)]
        return self._closed_index_steps(move, "LD-21")

    def _closed_index_steps(self, move: ShedMove, rule_id: str) -> list[Step]:
        p = move.player
        count = len(self.closed[p])
        if move.cards or move.index is None or not 0 <= move.index < count:
            return [(Why.of(False, rule_id, N_("choose a face-down card by its position, 1 to {count}")), count)]
        return [(Why.of(True, rule_id, N_("P{p} turns face-down card {index} blind: if it fits it is played, if not "
                                          "P{p} picks up the pile with it by rule LD-23"),
                        "LD-d" if rule_id == "LD-22" else None), p + 1, move.index + 1)]

    def _check_send(self, move: ShedMove) -> list[Step]:
        p = move.player
        if move.action != "send":
            return [(_SEND_FIRST, p + 1)]
        t = move.index
        if move.cards or t is None or not 0 <= t < self.players:
            return [(_SEND_TO_WHOM, self.players)]
        if t == p:
            return [(_NOT_BACK,)]
        if t in self.finished:
            return [(_OUT, t + 1)]
        return [(_SENDS, p + 1, len(self.pile), t + 1)]

    def _check_offer(self, move: ShedMove) -> list[Step]:
        p, rank = move.player, self.pile[-1].rank
        if move.action == "pass":
            if move.cards or move.index is not None:
                return [(Why.of(False, "LD-33", N_("write just 'pass'"), "LD-k"),)]
            return [(Why.of(True, "LD-33",
                            N_("P{p} lets the pair of {ranks} stand"), "LD-k"), p + 1, rank_words(rank, plural=True))]
        if move.action != "complete":
            return [(Why.of(False, "LD-33",
                            N_("P{p} is asked first whether to complete the four {ranks} with two cards, "
                               "or to pass"), "LD-k"), p + 1, rank_words(rank, plural=True))]
        if len(move.cards) != 2 or move.index is not None:
            return [(Why.of(False, "LD-33", N_("a four is completed with exactly the 2 other cards"), "LD-k"),)]
        if any(c.rank is not rank for c in move.cards):
            return [(Why.of(False, "LD-33",
                            N_("complete the four with two {ranks}"), "LD-k"), rank_words(rank, plural=True))]
        if remove_cards(self.hands[p], move.cards) is None:
            return [(Why.of(False, "LD-33", N_("P{p} does not hold {cards:nor}"), "LD-k"), p + 1,
                     cards_text(missing_cards(self.hands[p], move.cards)))]
        steps = self._placement_steps(move.cards)
        return [(Why.of(True, "LD-33",
                        N_("P{p} completes the four {ranks} out of turn and play goes on from P{p}"), "LD-k"),
         p + 1, rank_words(rank, plural=True))] + steps[1:]

    def _check_chain(self, move: ShedMove) -> list[Step]:
        p = move.player
        if move.action == "pass":
            if move.cards or move.index is not None:
                return [(Why.of(False, "LD-22", N_("write just 'pass'"), "LD-d"),)]
            return [(Why.of(True, "LD-22", N_("P{p} stops turning face-down cards; play passes on"), "LD-d"), p + 1)]
        if move.action != "closed":
            return [(Why.of(False, "LD-22", N_("P{p} may turn another face-down card or stop (pass)"), "LD-d"), p + 1)]
        return self._closed_index_steps(move, "LD-22")

    # -- applying
    def _apply(self, move: Any) -> tuple[LeDanishState, tuple[Event, ...]]:
        """The next state and what happened (``move`` is legal: see :meth:`RulesState.apply`)."""
        p, action = move.player, move.action
        if action == "play" or action == "complete":  # from the hand (the usual case first)
            hand, cards = self.hands[p], move.cards
            if len(cards) == 1:  # one card, whose place in the hand is found at once
                at = hand.index(cards[0])
                left = hand[:at] + hand[at + 1:]
            else:
                left = remove_cards(hand, cards)
            refilled = self.stock and len(left) < 3
            return self._put(move, cards, replace_at(self.hands, p, left), self.closed, pair=action == "play",
                             hand_cache=self._hand_cache if refilled else self._cache_after_play(p, hand, left, cards))
        if action == "face-up":
            return self._apply_face_up(move)
        if action == "send":
            return self._apply_send(move)
        if action == "pass":
            return self._apply_pass(move)
        if action == "take":
            events = [Event("take", p, M("P{p} cannot play and picks up the pile ({pile}); P{p} cocogne",
                                         p=p + 1, pile=n_cards(len(self.pile))), self.pile, R["LD-16"])] \
                if self._watched else []
            return self._pick_up(p, self.hands[p] + self.pile, self.closed,
                                 learn(self.known, self.players, p, self.pile), events)
        if action == "pick-up-open":
            hands = replace_at(self.hands, p, sorted_cards(self.open[p]))
            opens = replace_at(self.open, p, ())
            events = [Event("pick-up-open", p, M("P{p} takes the face-up cards ({open}) into the hand", p=p + 1,
                                                 open=cards_text(self.open[p])), self.open[p], R["LD-20"])] \
                if self._watched else []
            known = learn(self.known, self.players, p, self.open[p])
            return self.copy(hands=hands, open=opens, turn=self.turn + 1, known=known)._settle(events)
        if action == "closed":
            card = self.closed[p][move.index]
            closed = replace_at(self.closed, p, self.closed[p][:move.index] + self.closed[p][move.index + 1:])
            if card[0] not in fitting_ranks(self.pile, self.options):
                events = [Event("fail", p, M("P{p} turns face-down card {index}: {card} does not fit on {pile}",
                                             p=p + 1, index=move.index + 1, card=card, pile=self.pile[-1]),
                                (card,), R["LD-23"]),
                          Event("take", p, M("P{p} picks up the pile with it ({pile} cards)",
                                             p=p + 1, pile=len(self.pile) + 1), self.pile + (card,), R["LD-23"])] \
                    if self._watched else []
                known = learn(self.known, self.players, p, self.pile + (card,))
                return self._pick_up(p, self.hands[p] + self.pile + (card,), closed, known, events)
            return self._put(move, (card,), self.hands, closed, chained=True, hand_cache=self._hand_cache)
        raise AssertionError(action)  # every action of the game is played above

    def _put(self, move: ShedMove, cards: tuple[Card, ...], hands, closed, *, pair: bool = False,
             chained: bool = False, hand_cache: tuple) -> tuple[LeDanishState, tuple[Event, ...]]:
        """Cards go on the pile by ``move``: draw, effects, who plays next (``hand_cache``: the
        hand's kinds after the play, see :meth:`ShedTable._play_from_hand`)."""
        opts = self.options
        p = move.player
        pile = self.pile
        watched = self._watched  # events only when someone reads them (RulesState)
        events = [_put_event(move, cards, pile[-1] if pile else None)] if watched else []
        pile, stock, burned, direction, known = pile + cards, self.stock, self.burned, self.direction, self.known
        if known and not chained:
            known = forget(known, p, cards)
        rank = cards[0][0]
        if stock and len(hands[p]) < 3:
            hands, stock = self._refill(p, hands, stock, events)
        finished = self.finished
        if not (hands[p] or self.open[p] or closed[p]):
            finished += (p,)
            if watched:
                events.append(Event("finish", p, M("P{p} has no cards left: P{p} is Danish", p=p + 1)
                                    if not self.finished else M("P{p} has no cards left and {finishes}", p=p + 1,
                                                                finishes=finishes(len(finished))), (), R["LD-34"]))
        burn = None
        if rank is _TEN:
            burn = R["LD-28"]
        elif opts.four_of_a_kind_burns and top_run(pile) >= 4:
            burn = R["LD-30"]
        if burn is not None:
            if watched:
                events.append(Event("burn", p, M("the pile ({pile}) is removed from the game",
                                                 pile=n_cards(len(pile))), pile, burn))
            burned, pile = burned + pile, ()
        if rank is _THREE and opts.three_passes_hands:
            hands, finished, known = self._pass_hands(p, hands, closed, finished, known, events)
        if rank is _SIX and opts.six_reverses:
            direction = -direction
            if watched:
                events.append(_seat_event("reverse", p, "LD-32", N_("the direction of play is reversed")))
        players, offer, resume = self.players, (), None
        ended = finished is not self.finished and self._game_ends(finished)
        if ended:
            current, phase = self.current, "play"
        elif burn is not None:
            current, phase = p if p not in finished else next_in(p, direction, finished, players), "play"
            if watched:
                events.append(_seat_event("again", current, "LD-28" if rank is _TEN else "LD-30",
                                          N_("P{leader} plays again on the empty table"), "leader"))
        elif rank is _ACE:
            current, phase = p, "send"
            if watched:
                events.append(_seat_event("ace", p, "LD-29", N_("P{p} chooses who gets the pile"), "p"))
        else:
            seat = p
            if rank is _EIGHT:
                for _ in cards:
                    seat = next_in(seat, direction, finished, players)
                    if watched:
                        events.append(_seat_event("skip", seat, "LD-27",
                                                  N_("P{seat} misses their turn because of an 8"), "seat"))
            current = (seat + direction) % players if not finished else next_in(seat, direction, finished, players)
            phase = "play"
            offer = self._offered(p, rank, hands, direction, finished) \
                if pair and len(cards) == 2 and opts.complete_four else ()
            if offer:
                if watched:
                    events.append(_offer_event(offer[0], rank))
                current, phase, resume = offer[0], "offer", current
            elif chained and opts.chain_face_down and closed[p] and p not in finished:
                if watched:
                    events.append(_seat_event("chain", p, "LD-22", N_("P{p} may turn the next face-down card"), "p"))
                current, phase, resume = p, "chain", current
        nobody_finished = finished is self.finished  # read before the copy (a playout copies in place)
        state = self.copy(hands=hands, closed=closed, stock=stock, pile=pile, burned=burned, direction=direction,
                          finished=finished, turn=self.turn + 1, last=p, offer=offer, resume=resume, known=known,
                          current=current, phase=phase, _hand_cache=hand_cache)
        if nobody_finished and state.turn < opts.turn_limit:  # not over (LD-34, LD-m) nor at the turn limit
            return state, tuple(events)
        return state._settle(events)

    def _offered(self, p: int, rank: Rank, hands, direction: int, finished: tuple[int, ...]) -> tuple[int, ...]:
        """The other players still in holding 2 more of ``rank``, in turn order from ``p``."""
        order, seat = [], p
        for _ in range(self.players - 1):
            seat = (seat + direction) % self.players
            if seat not in finished and sum(c.rank is rank for c in hands[seat]) >= 2:
                order.append(seat)
        return tuple(order)

    def _pass_hands(self, p: int, hands, closed, finished: tuple[int, ...], known, events: list[Event]):
        """Variant 3: each player still in hands their hand to the previous seat clockwise."""
        out = [seat in finished for seat in range(self.players)]
        passed = list(hands)
        receiver = {seat: next_seat(seat, -1, out) for seat in range(self.players) if not out[seat]}
        for seat, to in receiver.items():
            passed[to] = hands[seat]
        known = pass_known(known, self.players, receiver, hands)
        watched = self._watched  # events only when someone reads them (RulesState)
        if watched:
            events.append(Event("pass-hands", p, M("everyone passes their hand to the player on their right"),
                                (), R["LD-31"]))
        for step in range(self.players):
            seat = (p + step) % self.players
            if not out[seat] and not (passed[seat] or self.open[seat] or closed[seat]):
                finished += (seat,)
                if watched:
                    events.append(_seat_event("finish", seat, "LD-34", N_("P{seat} is left with no cards"), "seat"))
        return tuple(passed), finished, known

    def _game_ends(self, finished: tuple[int, ...]) -> bool:
        if self.options.play_on:
            return self.players - len(finished) <= 1
        return bool(finished)

    def _apply_send(self, move: ShedMove) -> tuple[LeDanishState, tuple[Event, ...]]:
        p, t = move.player, move.index
        watched = self._watched
        events = [Event("send", t, M("P{p} sends the pile ({pile}) to P{t}", p=p + 1, pile=n_cards(len(self.pile)),
                                     t=t + 1), self.pile, R["LD-29"])] if watched else []
        hands = replace_at(self.hands, t, sorted_cards(self.hands[t] + self.pile))
        known = learn(self.known, self.players, t, self.pile)
        finished = self.finished
        if self.options.after_ace == "sender" and p not in finished:
            leader = p
        else:
            leader = next_in(p, self.direction, finished, self.players)
        if watched:
            events.append(_seat_event("lead", leader, "LD-29", N_("P{leader} leads on the empty table"), "leader"))
        return self._pile_taken(events, hands=hands, current=leader, known=known, offer=(), resume=None)

    def _apply_pass(self, move: ShedMove) -> tuple[LeDanishState, tuple[Event, ...]]:
        p = move.player
        watched = self._watched  # events only when someone reads them (RulesState)
        if self.phase == "chain":
            events = [_seat_event("pass", p, "LD-22", N_("P{p} stops turning face-down cards"), "p")] if watched else []
            return self.copy(current=self.resume, phase="play", resume=None,
                                 turn=self.turn + 1)._settle(events)
        events = [_seat_event("pass", p, "LD-33", N_("P{p} does not complete the four"), "p")] if watched else []
        rest = self.offer[1:]
        if rest:
            if watched:
                events.append(_offer_event(rest[0], self.pile[-1].rank))
            return self.copy(current=rest[0], offer=rest, turn=self.turn + 1)._settle(events)
        return self.copy(current=self.resume, phase="play", offer=(), resume=None,
                             turn=self.turn + 1)._settle(events)

    def _pick_up(self, p: int, hand: tuple[Card, ...], closed, known,
                 events: list[Event]) -> tuple[LeDanishState, tuple[Event, ...]]:
        hands = replace_at(self.hands, p, sorted_cards(hand))
        finished, last = self.finished, self.last
        if self.options.after_pickup == "next-player" or last is None:
            leader = next_in(p, self.direction, finished, self.players)
        else:
            leader = last if last not in finished else next_in(last, self.direction, finished, self.players)
        if self._watched:
            if self.options.after_pickup == "last-player" and self.last is not None:
                events.append(_seat_event("lead", leader, "LD-18", N_("P{leader}, the last player to put cards down, "
                                                                      "leads on the empty table"), "leader", "LD-b"))
            else:
                events.append(Event("lead", leader, M("P{leader}, the player after the one who picked up, leads on "
                                                      "the empty table (option “{option}”)", leader=leader + 1,
                                                      option=M("after pickup")), (), R["LD-16"], RULING["LD-b"]))
        return self._pile_taken(events, hands=hands, closed=closed, current=leader, known=known, offer=(),
                                resume=None)

    def _final_result(self) -> Result | None:
        """Over at the Danish (LD-34), or, playing on, when one player still holds cards (LD-m)."""
        if not self._game_ends(self.finished):
            return None
        if self.options.play_on:
            return finishing_result(self.finished, self.players, M("last to hold cards"))
        winner = self.finished[0]
        return Result(order=(winner,), reason=M("P{winner} has no cards left: P{winner} is Danish and wins",
                                                winner=winner + 1), reason_id="out-of-cards")


#: What cards going on the pile say, by action and whether a card lay there (``{cards}`` in words).
_PUTS = {("play", False): N_("P{p} plays {cards}"), ("play", True): N_("P{p} plays {cards} on {pile}"),
         ("complete", False): N_("P{p} completes the four out of turn with {cards}"),
         ("complete", True): N_("P{p} completes the four out of turn with {cards} on {pile}"),
         ("closed", False): N_("P{p} turns face-down card {index}: {cards}"),
         ("closed", True): N_("P{p} turns face-down card {index}: {cards} on {pile}")}


@lru_cache(maxsize=1 << 15)
def _put_event(move: ShedMove, cards: tuple[Card, ...], top: Card | None) -> Event:
    """The event of ``cards`` going on ``top`` by ``move``: one shared object (an event is
    immutable), so a history holds each once."""
    action = move.action if move.action in ("complete", "closed") else "play"
    return Event("play", move.player, M(_PUTS[action, top is not None], p=move.player + 1, cards=cards_text(cards),
                                        pile=top, index=(move.index or 0) + 1), cards)


#: The legal sends after an Ace, by players, sender and players out (what :meth:`LeDanishState._check_send` allows).
_LEGAL_SENDS: dict[tuple[int, int, tuple[int, ...]], tuple[ShedMove, ...]] = {}

# Why the pile may be taken or sent, or not (:meth:`LeDanishState._check_take`, ``_check_send``).
_TAKE_ALL = Why(False, "LD-16", N_("picking up takes the whole pile: write just 'take'"))
_NO_PILE = Why(False, "LD-16", N_("there is no pile to pick up"))
_CAN_PLAY = Why(False, "LD-16", N_("{fitting} can be played: the pile is picked up only by a player who cannot play"))
_PICKS_UP = Why(True, "LD-16", N_("no card of P{p}'s hand fits on {pile}: P{p} picks up the pile ({pile2})"),
                shows={"pile2": n_cards})
_PLAYS_WITH_THEM = Why(True, "LD-17", N_("P{p} then plays with all these cards, drawing only when the hand drops below "
                                         "3"))
_SEND_FIRST = Why(False, "LD-29", N_("P{p} played an Ace and first chooses who gets the pile"), "LD-i")
_SEND_TO_WHOM = Why(False, "LD-29", N_("send the pile to a player, P1 to P{players}"), "LD-i")
_NOT_BACK = Why(False, "LD-29", N_("the pile goes to another player, not back to the Ace's player"), "LD-i")
_OUT = Why(False, "LD-29", N_("P{t} is out of the game"), "LD-i")
_SENDS = Why(True, "LD-29", N_("P{p} sends the pile ({pile}) to P{t}"), "LD-i", shows={"pile": n_cards})

@lru_cache(maxsize=512)
def _seat_event(kind: str, seat: int, rule_id: str, msgid: str, name: str | None = None,
                ruling_id: str | None = None) -> Event:
    """The event ``kind`` of ``seat`` saying ``msgid`` (its parameter ``name``, if any, the seat
    as P1, P2 ...) by rule ``rule_id`` (and ruling ``ruling_id``): one shared object each (events
    are immutable, and making one costs more than looking it up).

    >>> str(_seat_event("ace", 1, "LD-29", N_("P{p} chooses who gets the pile"), "p"))
    'P2 chooses who gets the pile (rule LD-29)'
    """
    return Event(kind, seat, M(msgid, **({name: seat + 1} if name else {})), (), R[rule_id],
                 RULING[ruling_id] if ruling_id else None)


@lru_cache(maxsize=256)
def _offer_event(seat: int, rank: Rank) -> Event:
    """``seat`` is asked whether to complete the four of ``rank`` out of turn (LD-33; one shared event each)."""
    return Event("offer", seat, M("P{asked} may complete the four {ranks}", asked=seat + 1,
                                  ranks=rank_words(rank, plural=True)), (), R["LD-33"])


def _missing(n: int) -> Text:
    """Why ``n`` eights make players miss their turn, in words (a plural)."""
    return _n("{n} player will miss their turn", "{n} players will miss their turn", n)


_CHECKS = {"play": LeDanishState._check_play, "take": LeDanishState._check_take,
           "pick-up-open": LeDanishState._check_pick_up_open, "closed": LeDanishState._check_closed}


def _not_now(action: str) -> Step:
    """Why an action is not a move in the play phase."""
    return {
        "face-up": (Why.of(False, "LD-6", N_("the face-up cards were chosen before the first card; that is over")),),
        "send": (Why.of(False, "LD-29", N_("the pile is sent only right after an Ace"), "LD-i"),),
        "complete": (Why.of(False, "LD-33", N_("a four is completed only when a player is asked, right after a pair "
                                               "(the variant “complete four”)"), "LD-k"),),
        "pass": (Why.of(False, "LD-16", N_("there is no passing: play, or pick up the pile if nothing fits")),),
        "stock": (Why.of(False, "LD-14", N_("the stock is only drawn from after playing, never played from")),),
        "open": (Why.of(False, "LD-20", N_("face-up cards are not played from the table: they are taken into the hand "
                                           "once hand and stock are empty"), "LD-c"),),
    }.get(action, (Why.of(False, "LD-15", N_("'{action}' is not a move of Le danish")), action))


def _empty_hand(state: LeDanishState, p: int) -> Step:
    if state.open[p]:
        return (Why.of(False, "LD-20", N_("P{p}'s hand is empty: take the face-up cards into the hand"), "LD-c"), p + 1)
    return (Why.of(False, "LD-21",
                   N_("P{p}'s hand is empty: turn a face-down card; if it does not fit, the pile is picked "
                      "up with it")), p + 1)


# --------------------------------------------------------------------------- the game

class LeDanish:
    """The rules object registered as ``"le-danish"``."""

    id = "le-danish"
    title = "Le danish"
    source = SOURCE
    family = "shedding"
    catalogue = CATALOGUE
    options_type = Options
    min_players = 2
    max_players = 11

    packs_for = staticmethod(packs_for)

    def new_state(self, players: int, seed: int, options: Options) -> LeDanishState:
        """Shuffle and deal: 3 face down, 3 face up on them, 3 in hand each (LD-3 to LD-8)."""
        return LeDanishState.deal(players, seed, options)

    def deal_events(self, state: LeDanishState) -> tuple[Event, ...]:
        """What the deal did, rule by rule (for the log of a new game; empty for other positions)."""
        if state.phase != "swap" or state.turn or state.pile or state.burned:
            return ()
        n, packs_used = state.players, self.packs_for(state.players)
        return (
            Event("deal", None, _n("{n} pack of 52 for {players} players", "{n} packs of 52 for {players} players",
                                   packs_used, players=n),
                  (), R["LD-2"], RULING["LD-l"]),
            Event("deal", None, M("each player gets 3 cards face down, in a row"), (), R["LD-3"]),
            Event("deal", None, M("then 3 cards face up on them"), (), R["LD-4"]),
            Event("deal", None, M("then 3 cards in hand"), (), R["LD-5"]),
            Event("deal", None, M("the other {stock} make the stock", stock=n_cards(len(state.stock))), (), R["LD-8"]),
        )

    def setup_state(self, position: Mapping[str, Any], options: Options) -> LeDanishState:
        """A position from a dict: ``hands``, ``open``, ``closed`` (one card list per player),
        ``stock`` (top card last), ``pile`` (top card last), ``burned``, ``current`` (0-based),
        ``direction`` (1 or -1), ``phase`` ("play" or "swap"), ``finished``, ``last`` (who last
        put cards on the pile; default: the player before ``current``); missing = empty.

        >>> LeDanish().setup_state({"hands": [["7H"], ["8C"]]}, Options()).hands
        ((Card('7♥'),), (Card('8♣'),))
        """
        t = read_table_position(position, self.min_players, self.max_players, LeDanishState.deck_for,
                                extra_keys=("last",))
        players, hands, opens, closed, stock = t.players, t.hands, t.open, t.closed, t.stock
        current, direction, finished = t.current, t.direction, t.finished
        if finished and not options.play_on:
            raise OptionsError(M("a player is out only when playing on (the option “play on”): "
                                 "the first one out wins the game"))
        out = [seat in finished for seat in range(players)]
        last = position.get("last", next_seat(current, -direction, out))
        if not isinstance(last, int) or isinstance(last, bool) or not 0 <= last < players:
            raise OptionsError(M("position['last'] must be a player from 0 to {players}", players=players - 1))
        for seat in range(players):  # a finished player holds no cards (read_table_position)
            if not out[seat] and not (hands[seat] or opens[seat] or closed[seat]):
                raise OptionsError(M("P{seat} has no cards: list them in 'finished' (or give them cards)",
                                     seat=seat + 1))
            if not out[seat] and stock and not hands[seat]:
                raise OptionsError(M("P{seat} has an empty hand while the stock lasts (LD-13)", seat=seat + 1))
        return LeDanishState.from_position(t, options, last=last)

    def parse_move(self, text: str) -> ShedMove:
        """Any shedding move parses ('P1 open 9H' too), so that :meth:`LeDanishState.explain` can
        say why a move of the family is not one of Le danish."""
        return parse_shed_move(text)


GAME = register(LeDanish(), GameParts(
    players=3, agents={"rule-of-thumb": "danish_nb.games.le_danish_player:LeDanishRuleOfThumb"}, iterations=100,
    actions=action_space(("face-up", "play", "complete", "closed", "send", "take", "pick-up-open", "pass")),
    sample=(3, 11), practice="danish_nb.games.le_danish_practice:PRACTICE"))
