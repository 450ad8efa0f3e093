"""Danish Bastard, from ``1-danish-bastard.en.txt`` (the Shithead / Palace family).

The module reads like the document: the rule catalogue (each rule-bearing sentence with an id),
the rulings where the text is unclear, the options that select among readings, then the state
and its moves.

>>> import danish_nb as dn
>>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"],
...                                 "closed": [["2D"], ["3D"]]})
>>> print(g.explain("P1 play 8H"))
legal. The eight of hearts on the six of clubs: equal or higher (rule DB-13)
>>> print(g.explain("P1 play 4C"))
illegal. The four of clubs on the six of clubs: lower than the card before (rule DB-13)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..cards import BLACK_JOKER, RED_JOKER, Card, Rank, cards_text, n_cards, packs, rank_words
from ..checks import Step, Why, passes
from ..core import Catalogue, Event, GameParts, Result, Rule, Ruling, Text, option, register
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
    kind_groups,
    learn,
    next_in,
    next_seat,
    parse_shed_move,
    read_table_position,
    subsets,
    top_run,
)
from ..i18n import N_, M, Message, _n

SOURCE = "1-danish-bastard.en.txt"


def _rule(rule_id: str, title: str, quote: str, **extra: Any) -> Rule:
    return Rule(rule_id, quote, source=SOURCE, title=title, **extra)


# --------------------------------------------------------------------------- rule catalogue

RULES = (
    _rule("DB-1", "Object", "Object of the game: i) to rid yourself of all of your cards before any of "
          "your opponents ii) NOT to be the last person with any cards."),
    _rule("DB-2", "Players", "Can be played with 2 or more players, best with 3 or more…"),
    _rule("DB-3", "Jokers", "Leave the two jokers in the pack…"),
    _rule("DB-4", "Closed cards", "Dealing starts by dealing 3 closed card per person (face down), to "
          "make the start of three seperate piles for each player."),
    _rule("DB-5", "Open cards", "The dealer adds to each of these piles a single open (face up card)"),
    _rule("DB-6", "The hand", "Then the dealer gives each player three more cards which the players "
          "hold ‘in-hand’"),
    _rule("DB-7", "The stock", "The dealer places the remainder of the undealt cards to make the "
          "‘pick-up pile’."),
    _rule("DB-8", "Substituting", "The players sort through their in-hand cards, substituting any of "
          "these in-hand cards with the open, ‘on-table’ cards for the purpose of bettering the "
          "on-table cards for later play."),
    _rule("DB-9", "Who starts", "The person to start the game is the first person to have finished "
          "substituting their cards, they start play by placing one of their in-hand cards on the "
          "table to create a new ‘throw-away’ pile.", enforced=False,
          note="A race in real time cannot be played turn by turn: see ruling DB-i (ruling DB-s enforces "
          "that the first card comes from the hand)."),
    _rule("DB-10", "Four stages", "The game is played in 4 stages for each player … i) Play until the "
          "‘pick up pile’ has all gone. … ii) Play until your ‘in-hand’ cards have all gone. iii) Play "
          "until all of your ‘open’ on-table cards has gone. iv) Play until all of your ‘closed’ "
          "on-table cards have gone."),
    _rule("DB-11", "Three in hand", "During this section of play, all players must have at LEAST 3 "
          "cards in their in-hand collection at the end of each turn. To maintain this number of cards "
          "in-hand, they collect the required number of cards from the ‘pick-up’ pile at the end of "
          "their turn."),
    _rule("DB-12", "The stock card", "alternative play within this stage may be done directly from the "
          "pick-up pile onto the throw away pile. The player may choose this option of play over "
          "playing one of their in-hand cards. ANY card, however played will be scrutinised as "
          "outlined below…"),
    _rule("DB-13", "Equal or higher", "in order for you to play a card onto the ‘throw-away’ pile, you "
          "must normally play a card of equal or higher face value to the card previously played."),
    _rule("DB-14", "Several of a rank", "You may play more than a single card if you have multiple "
          "cards of the same face value, then you can put these duplicate cards down together in the "
          "same turn."),
    _rule("DB-15", "Aces high", "All Aces are HIGH and can be place on any picture card."),
    _rule("DB-16", "The two", "the TWO card also beats an ace, this is the only card which beats an Ace "
          "on face value. Once a TWO is played on an Ace, anything can be played on the TWO."),
    _rule("DB-17", "Four of a kind", "At any time if 4 or more consequtive cards of the same face value "
          "are played, whether that be by one person, or by mutliple players. The throw-away pile is "
          "collected and discarded."),
    _rule("DB-18", "The ten", "At any time, on any card, apart from a Joker or a SEVEN a TEN card can "
          "be played. It too closes the ‘throw-away’ pile, and removes it from the game."),
    _rule("DB-19", "Reversal", "Whenever the throw-away pile is removed as above, the order of play "
          "reverses, after the person who closed the pile takes another turn."),
    _rule("DB-20", "Jokers any time", "A joker can be played at any time."),
    _rule("DB-21", "The black joker", "If it is a BLACK joker, then the person following must pick up "
          "the whole throw-away pile if they cannot play an additional joker at their turn (of either "
          "colour)."),
    _rule("DB-22", "The red joker", "A RED joker simply plays the same as a TWO."),
    _rule("DB-23", "The seven", "Any card following a SEVEN, must not be HIGHER in value, it must be "
          "LOWER."),
    _rule("DB-24", "Last chance", "If you are unable to sucessfully play from your in-hand collection, "
          "you must play one card directly from the top of the pick-up pile. If this ‘last chance’ card "
          "fails to meet the above critera, you are forced to collect the entire throw-away pile and "
          "add it to your ‘in-hand’ collection, play continues with the next player then starting a "
          "new hand."),
    _rule("DB-25", "End of stage i", "Stage (i) ends for all players together when the pick-up pile is "
          "exhausted."),
    _rule("DB-26", "Stage ii", "When stage (ii) starts, the players no longer have to maintain a "
          "minumum of three cards in their hand."),
    _rule("DB-27", "Stage iii", "When they no longer have any in-hand cards left, they enter stage "
          "(iii) and play one of their open on-table cards. The on-table cards must remain in "
          "position, on the table until the player opts to play that card."),
    _rule("DB-28", "Open cards must be played", "A player who is playing their open on-table cards, "
          "must play one of their cards even if it does not satisfy the above critera. If it fails "
          "play, then this newly played card is added to the throw-away pile, collected, and makes up "
          "a new in-hand collection for that player."),
    _rule("DB-29", "Closed cards, blind", "When you have no more open cards left, you can choose one of "
          "your face down, closed, on-table cards. – You may not look at these closed cards, they must "
          "be played onto the throw-away pile blind."),
    _rule("DB-30", "A failed closed card", "If a played closed card fails to meet the gaming critera, "
          "then this card is picked up, along with the throw-away pile and returned to an in-hand "
          "collection."),
    _rule("DB-31", "Winner and loser", "The winner is the first person to sucessfully play all of their "
          "closed cards. The looser is the last to finish. – He is the Danish Bastard."),
    _rule("DB-32", "Must play", "If a player can play a card, then they must."),
    _rule("DB-33", "Packs", "For 5 or more players, add additional packs of cards before dealing. (Good "
          "guide is: 1 pack of cards for UP to (each) 4 players..)"),
)

RULINGS = (
    Ruling("DB-a", "Can a 2 be played on anything, or only on an Ace?",
           "On anything: it “also beats an ace”, the red joker “plays the same as a TWO” and a joker "
           "goes on anything. Anything may follow a 2.", option="two_on_anything", rules=("DB-16",)),
    Ruling("DB-b", "After a 7 the text says both “must not be HIGHER” and “must be LOWER”.",
           "A 7 or lower may follow (equal allowed); a 2 or a joker always may.",
           option="seven_allows_equal", rules=("DB-23",)),
    Ruling("DB-c", "Can a 10 go on a joker or a 7?",
           "No, as written: a 10 goes on anything else, and burns the pile.", rules=("DB-18",)),
    Ruling("DB-d", "What happens after a burn?",
           "The burner plays again, then the order of play reverses.", option="reverse_after_burn",
           rules=("DB-19",)),
    Ruling("DB-e", "Four of a kind: across players? With jokers? More than four?",
           "The run counts across players; jokers break it; four or more cards of one rank on top of "
           "the pile burn it.", rules=("DB-17",)),
    Ruling("DB-f", "The black joker.",
           "The next player must play a joker (either colour) or take the pile; after taking it, play "
           "passes on and the next player starts a new pile. While the stock lasts, the last-chance stock "
           "card may be tried instead (it fits only if it is a joker).", rules=("DB-21", "DB-24")),
    Ruling("DB-g", "The stock card: only as a last chance, or also by choice?",
           "Both: the “last chance” is compulsory when no hand card fits, and the text also lets a "
           "player play the stock card instead of a hand card.", option="stock_by_choice",
           rules=("DB-12", "DB-24")),
    Ruling("DB-h", "Is play compulsory?", "Yes: a player who can play must; the pile is taken only "
           "when nothing can be played.", option="must_play", rules=("DB-32",)),
    Ruling("DB-i", "Who starts? (“the first person to have finished substituting”)",
           "Turn by turn: players choose their face-up cards in seat order from the dealer's left, so "
           "the player left of the dealer (P1) finishes first and starts.", rules=("DB-9", "DB-8")),
    Ruling("DB-j", "Several open cards of one rank?", "May be played together, like hand cards.",
           option="open_cards_together", rules=("DB-14", "DB-27")),
    Ruling("DB-k", "How many packs, and how many players at most?", "One pack with its two jokers per 4 "
           "players: 2-4 players one pack, 5-8 two, 9-12 three, 13-16 four. The text sets no upper limit "
           "(“2 or more”); the package stops at 16 players: four packs (216 cards) are as many as can be "
           "shuffled and dealt by hand, and 16 seats are as many as the board lays out readably.",
           rules=("DB-33", "DB-3", "DB-2")),
    Ruling("DB-l", "When does the game end?", "When only one player still holds cards: that player is "
           "the Danish Bastard; the result is the full finishing order.", rules=("DB-31", "DB-1")),
    Ruling("DB-m", "Open cards that fail: may a player play a failing open card when another fits?",
           "No: a failing open card is played only when none of the open cards fits (DB-32 “must "
           "play”); it is then one card.", rules=("DB-28", "DB-32")),
    Ruling("DB-n", "After the stock is gone, what does a player do who cannot play from the hand?",
           "Takes the pile into the hand (there is no last-chance card any more); the next player "
           "starts a new pile.", rules=("DB-24", "DB-25")),
    Ruling("DB-o", "Can a red and a black joker be played together?",
           "No: they play differently, so they are not “the same face value”. Two jokers of one colour "
           "(with two packs) may go together.", rules=("DB-14", "DB-21", "DB-22")),
    Ruling("DB-p", "Games that would loop forever.",
           "A position repeated for the third time at a pick-up, or the turn limit, ends the game as a "
           "draw among the players still holding cards: those who have played all their cards keep their "
           "places.", option="turn_limit", rules=("DB-1",)),
    Ruling("DB-s", "May the very first card of the game be the stock card (DB-12 lets a player choose "
           "it “over playing one of their in-hand cards”)?",
           "No, as the text says: the first player “start[s] play by placing one of their in-hand cards "
           "on the table” (DB-9). Option: the stock card may open the game too.", option="stock_opening",
           rules=("DB-9", "DB-12")),
    Ruling("DB-r", "In which order do players play? The text only says that “the order of play "
           "reverses” (DB-19).", "Play passes to the left (P1, P2, P3, ...), from the player left of the "
           "dealer, until a burn reverses it.", rules=("DB-19",)),
    Ruling("DB-q", "When is the hand refilled?",
           "After every play from the hand or the stock while the stock lasts, so a burner who plays "
           "again does so with three cards.", rules=("DB-11",)),
)

CATALOGUE = Catalogue(RULES, RULINGS)
R = CATALOGUE.rules
RULING = CATALOGUE.rulings


# --------------------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    """Rule options of Danish Bastard: each settles a ruling of RULINGS.md (section 1)."""

    two_on_anything: bool = option(True, "A 2 (and the red joker) may be played on any card; off: a 2 "
                                   "goes only on an Ace, a 2 or an empty pile.", ruling="DB-a")
    seven_allows_equal: bool = option(True, "After a 7 another 7 may be played; off: the next card "
                                      "must be strictly lower.", ruling="DB-b")
    reverse_after_burn: bool = option(True, "After a burn the burner plays again, then the order of "
                                      "play reverses; off: no reversal.", ruling="DB-d")
    stock_by_choice: bool = option(True, "The top stock card may be played blind instead of a hand "
                                   "card; off: only as the compulsory last chance.", ruling="DB-g")
    must_play: bool = option(True, "A player who can play must; off: the pile may be taken "
                             "instead.", ruling="DB-h")
    open_cards_together: bool = option(True, "Several open cards of one rank may be played together; "
                                       "off: one at a time.", ruling="DB-j")
    stock_opening: bool = option(False, "The very first card of the game may be the stock card; off (as "
                                 "the text says): play starts with an in-hand card.", ruling="DB-s")
    turn_limit: int = option(2000, "The game is declared a draw after this many moves.",
                             ruling="DB-p", low=1, high=1_000_000)


def packs_for(players: int) -> int:
    """One pack with its two jokers per 4 players (ruling DB-k)."""
    return math.ceil(players / 4)


# --------------------------------------------------------------------------- placement

#: The option names a verdict quotes when an option decides it.
_TWO_ON_ANYTHING, _OPEN_TOGETHER, _STOCK_OPENING, _STOCK_BY_CHOICE, _MUST_PLAY = (
    M("two on anything"), M("open cards together"), M("stock opening"), M("stock by choice"), M("must play"))

# Why a card may go on the pile or not: each a reason a check gives with the card (and the top card).
_NEW_PILE = Why(True, "DB-13", N_("{card} starts a new pile: any card may start one"))
_JOKER_ANY_TIME = Why(True, "DB-20", N_("{card} on {top}: a joker can be played at any time"))
_ONLY_A_JOKER = Why(False, "DB-21", N_("{card} on the black joker: only a joker may follow it"), "DB-f")
_NO_TEN_HERE = Why(False, "DB-18", N_("{card} on {top}: a 10 may go on any card apart from a joker or a 7"), "DB-c")
_TEN_ANYWHERE = Why(True, "DB-18", N_("{card} on {top}: a 10 may go on any card apart from a joker or a 7"))
_HIGHER_THAN_SEVEN = Why(False, "DB-23", N_("{card} on a 7: the next card must not be higher than 7"), "DB-b")
_NOT_LOWER_THAN_SEVEN = Why(False, "DB-23", N_("{card} on a 7: the next card must be lower than 7"), "DB-b")
_TWO_ON_SEVEN = Why(True, "DB-23", N_("{card} on a 7: a 2 is lower"))
_ON_SEVEN = Why(True, "DB-23", N_("{card} on a 7: not higher than 7"), "DB-b")
_TWO_ON_ANY = Why(True, "DB-16", N_("{card} on {top}: a 2 may be played on anything"), "DB-a")
_TWO_BEATS_ACE = Why(True, "DB-16", N_("{card} on {top}: a 2 beats an Ace"), "DB-a")
_TWO_ONLY_ON_ACE = Why(False, "DB-16", N_("{card} on {top}: a 2 goes only on an Ace (option “{option}” is off)"),
                       "DB-a")
_ON_TWO = Why(True, "DB-16", N_("{card} on a 2: anything can be played on a 2"))
_ON_RED_JOKER = Why(True, "DB-22", N_("{card} on the red joker: it plays like a 2, so anything may follow"))
_ACES_HIGH = Why(True, "DB-15", N_("{card} on {top}: Aces are high"))
_EQUAL_OR_HIGHER = Why(True, "DB-13", N_("{card} on {top}: equal or higher"))
_LOWER = Why(False, "DB-13", N_("{card} on {top}: lower than the card before"))


@lru_cache(maxsize=4096)
def placement(card: Card, top: Card | None, options: Options) -> Step:
    """Whether ``card`` may go on ``top`` (``None``: empty pile): a step ``(why, card, top)``
    whose :class:`~danish_nb.checks.Why` says whether it fits, by which rule and in which words.

    A pure function of its arguments, so it is cached: the legal moves are derived from it.

    >>> step = placement(Card.parse("7H"), Card.parse("AS"), Options())
    >>> step[0].ok, step[0].rule_id
    (False, 'DB-13')
    """
    rank = card.rank
    if top is None:
        return _NEW_PILE, card
    if rank is Rank.JOKER:
        return _JOKER_ANY_TIME, card, top
    if top == BLACK_JOKER:
        return _ONLY_A_JOKER, card
    top_rank = top.rank
    if rank is Rank.TEN and top_rank in (Rank.SEVEN, Rank.JOKER):
        return _NO_TEN_HERE, card, top
    if top_rank is Rank.SEVEN:
        if rank > Rank.SEVEN:
            return _HIGHER_THAN_SEVEN, card
        if rank is Rank.SEVEN and not options.seven_allows_equal:
            return _NOT_LOWER_THAN_SEVEN, card
        return (_TWO_ON_SEVEN if rank is Rank.TWO else _ON_SEVEN), card
    if rank is Rank.TEN:
        return _TEN_ANYWHERE, card, top
    if rank is Rank.TWO:
        if options.two_on_anything:
            return _TWO_ON_ANY, card, top
        if top_rank in (Rank.ACE, Rank.TWO) or top == RED_JOKER:
            return _TWO_BEATS_ACE, card, top
        return _TWO_ONLY_ON_ACE, card, top, _TWO_ON_ANYTHING
    if top_rank is Rank.TWO:
        return _ON_TWO, card
    if top == RED_JOKER:
        return _ON_RED_JOKER, card
    if rank >= top_rank:
        return (_ACES_HIGH if rank is Rank.ACE and top_rank != Rank.ACE else _EQUAL_OR_HIGHER), card, top
    return _LOWER, card, top


def _fitting_kinds(top: Card | None, options: Options) -> frozenset[Card | Rank]:
    """What may go on ``top``: the ranks, and the jokers (by colour), that :func:`placement` allows."""
    return fitting_kinds(top, options, placement)


# --------------------------------------------------------------------------- state

@dataclass(frozen=True, slots=True)
class DanishBastardState(ShedTable):
    """A Danish Bastard position (the fields are :class:`ShedTable`'s). Immutable: :meth:`apply`
    returns a new one."""

    game_id = "danish-bastard"
    catalogue = CATALOGUE
    cites = {"not-a-move": ("DB-10", None), "over": ("DB-1", "DB-l"),
             "face-up": ("DB-8", "DB-i"), "face-up-count": ("DB-5", None), "start": ("DB-9", "DB-i"),
             "draw": ("DB-11", "DB-q"), "end": ("DB-31", "DB-l"), "repetition": ("DB-1", "DB-p"),
             "turn-limit": ("DB-1", "DB-p")}
    words = {"game": "Danish Bastard",
             "start": M("everyone has substituted: P1, left of the dealer, starts"), "repetition": M("after a pick-up")}

    @classmethod
    def deck_for(cls, players: int) -> tuple[Card, ...]:
        return packs(packs_for(players), jokers=2)

    # -- reading
    def stage(self, player: int) -> int:
        """The player's stage (DB-10): 1 stock left, 2 hand, 3 open cards, 4 closed cards."""
        if self.stock:
            return 1
        if self.hands[player]:
            return 2
        if self.open[player]:
            return 3
        return 4

    def _note(self) -> Text:
        if self.result is not None:
            return self.result.text
        if self.phase == "swap":
            return M("P{current} chooses the three cards to leave face up", current=self.current + 1)
        top = self.top
        if top == BLACK_JOKER:
            return M("black joker: play a joker or take the pile")
        if top is not None and top.rank is Rank.SEVEN:
            if self.options.seven_allows_equal:
                return M("after a 7: play a 7 or lower (or a joker)")
            return M("after a 7: play lower than 7 (or a joker)")
        return ""

    @property
    def opening(self) -> bool:
        """Whether the next card is the first of the game (right after the face-up choice)."""
        return self.turn == self.players and not self.pile and not self.burned

    # -- legal moves, derived from the checks below
    def _turn_moves(self, p: int) -> list[ShedMove]:
        """The moves the checks allow: of the hand's plays, those whose cards :func:`placement`
        lets go on the pile (read off the hand's kinds), then the stock card and taking the pile
        as :meth:`_stock_step` and :meth:`_take_step` decide; from the table, each candidate play
        of open cards or closed card that :meth:`_check_open` or :meth:`_check_closed` passes."""
        opts = self.options
        top = self.pile[-1] if self.pile else None
        hand = self.hands[p]
        if self.stock or hand:
            cache = self._hand_cache  # :meth:`_kinds`, its usual case read here (every move's path)
            entry = cache[p] if cache else None
            moves = hand_moves(entry[1] if entry is not None and entry[0] is hand else self._kinds(p),
                               _fitting_kinds(top, opts))
            fitting = moves[0].cards[0] if moves else None
            if self.stock and self._stock_step(p, fitting)[0].ok:
                moves.append(bare_move(p, "stock"))
        elif self.open[p]:
            candidates = (ShedMove(p, "open", combo) for group in kind_groups(self.open[p], None).values()
                          for combo in subsets(group))
            moves = [move for move in candidates if passes(self._check_open(move)[-1])]
            fitting = None
        else:
            candidates = (ShedMove(p, "closed", (), i) for i in range(len(self.closed[p])))
            moves = [move for move in candidates if passes(self._check_closed(move)[-1])]
            fitting = None
        if self.pile and self._take_step(p, fitting)[0].ok:
            moves.append(bare_move(p, "take"))
        return moves

    # -- the checks (any candidate move): each returns its steps, the last one deciding
    def _wrong_player(self, player: int) -> Step:
        return _WRONG_PLAYER, self.current + 1, player + 1

    def _check_turn(self, move: ShedMove) -> list[Step]:
        if move.action == "face-up":
            return [(_SUBSTITUTED,)]
        check = _CHECKS.get(move.action)
        if check is None:
            return [(_NOT_A_DB_MOVE, move.action)]
        return check(self, move)

    def _check_play(self, move: ShedMove) -> list[Step]:
        p, hand = move.player, self.hands[move.player]
        if not hand:
            return [(_NO_HAND_STOCK if self.stock else _NO_HAND_TABLE, p + 1)]
        if not move.cards:
            return [(_AT_LEAST_ONE,)]
        if remove_cards(hand, move.cards) is None:
            return [(_NOT_HELD, p + 1, missing_cards(hand, move.cards))]
        same = _same_value(move.cards)
        if same is not None:
            return [same]
        steps = self._placement_steps(move.cards)
        if steps[-1][0].ok and not self.stock and len(hand) >= 3 > len(hand) - len(move.cards):
            steps.append((_NOT_REFILLED,))
        return steps

    def _check_open(self, move: ShedMove) -> list[Step]:
        p = move.player
        if self.stock or self.hands[p]:
            return [(_OPEN_NOT_YET,)]
        if not self.open[p]:
            return [(_NO_OPEN_LEFT, p + 1)]
        if not move.cards:
            return [(_CHOOSE_OPEN, p + 1)]
        if remove_cards(self.open[p], move.cards) is None:
            return [(_NOT_AMONG_OPEN, missing_cards(self.open[p], move.cards), p + 1)]
        same = _same_value(move.cards)
        if same is not None:
            return [same]
        if len(move.cards) > 1 and not self.options.open_cards_together:
            return [(_OPEN_ONE_AT_A_TIME, _OPEN_TOGETHER)]
        steps = self._placement_steps(move.cards)
        if steps[-1][0].ok:
            return steps
        fitting = _groups(self.open[p], self.top, self.options)
        if fitting:
            return [*steps, (_OPEN_MUST_PLAY, fitting[0][0])]
        if len(move.cards) > 1:
            return [*steps, (_FAIL_ONE_OPEN,)]
        return [*steps, (_OPEN_FAILS, move.cards[0], p + 1)]

    def _check_closed(self, move: ShedMove) -> list[Step]:
        p = move.player
        if self.stock or self.hands[p] or self.open[p]:
            return [(_CLOSED_LAST,)]
        if move.cards or move.index is None or not 0 <= move.index < len(self.closed[p]):
            return [(_CLOSED_POSITION, len(self.closed[p]))]
        return [(_CLOSED_BLIND, p + 1, move.index + 1)]

    def _check_stock(self, move: ShedMove) -> list[Step]:
        if not self.stock:
            return [(_STOCK_GONE,)]
        if move.cards or move.index is not None:
            return [(_STOCK_BLIND,)]
        fitting = _groups(self.hands[move.player], self.top, self.options)
        return [self._stock_step(move.player, fitting[0][0] if fitting else None)]

    def _stock_step(self, p: int, fitting: Card | None) -> Step:
        """Whether ``p`` may play the top stock card blind, ``fitting`` being the first hand
        card that fits (``None``: none does): the last chance (DB-24) or by choice (DB-12)."""
        if fitting is None:
            return (_LAST_CHANCE_BLACK_JOKER if self.top == BLACK_JOKER else _LAST_CHANCE), p + 1
        opts = self.options
        if self.opening and opts.stock_by_choice and not opts.stock_opening:
            return _FIRST_FROM_HAND, _STOCK_OPENING
        if opts.stock_by_choice:
            return _STOCK_INSTEAD, p + 1
        return _STOCK_ONLY_LAST, fitting, _STOCK_BY_CHOICE

    def _check_take(self, move: ShedMove) -> list[Step]:
        if move.cards or move.index is not None:
            return [(_TAKE_ALL,)]
        if not self.pile:
            return [(_NO_PILE,)]
        p = move.player
        fitting = _groups(self.hands[p], self.top, self.options) if self.hands[p] or self.stock else None
        return [self._take_step(p, fitting[0][0] if fitting else None)]

    def _take_step(self, p: int, fitting: Card | None) -> Step:
        """Whether ``p`` may take the pile, ``fitting`` being the first hand card that fits
        (``None``: none does): only when nothing can be played (DB-32), unless the option is off."""
        if not self.options.must_play:
            return _MAY_TAKE, p + 1, _MUST_PLAY
        if self.hands[p] or self.stock:
            if fitting is not None:
                return _TAKE_MUST_PLAY, fitting
            if self.top == BLACK_JOKER:
                return _NO_JOKER_TAKES, p + 1
            if self.stock:
                return (_LAST_CHANCE_FIRST,)
            return _TAKES_NOTHING_FITS, p + 1
        return (_TABLE_MUST_PLAY,)

    def _placement_steps(self, cards: tuple[Card, ...]) -> list[Step]:
        fits = placement(cards[0], self.top, self.options)
        if not fits[0].ok:
            return [fits]
        steps = [(_TOGETHER, len(cards)), fits] if len(cards) > 1 else [fits]
        if cards[0].rank is Rank.TEN:
            steps.append((_TEN_BURNS,))
        elif cards[0] == BLACK_JOKER:
            steps.append((_BLACK_JOKER_NEXT,))
        elif top_run(self.pile + cards) >= 4:
            steps.append((_FOUR_BURN, cards[0].rank))
        return steps

    # -- applying
    def _apply(self, move: Any) -> tuple[DanishBastardState, tuple[Event, ...]]:
        """The next state and what happened (``move`` is legal: see :meth:`RulesState.apply`)."""
        if self.phase == "swap":
            return self._apply_face_up(move)
        p = move.player
        action = move.action
        if action == "take":
            rule, ruling = ("DB-21", "DB-f") if self.top == BLACK_JOKER else ("DB-32", "DB-h") \
                if not self.options.must_play else ("DB-24", None if self.stock else "DB-n")
            events = [Event("take", p, _take_text(p, len(self.pile)), self.pile, R[rule],
                            RULING[ruling] if ruling else None)] if self._watched else []
            return self._pick_up(p, self.hands[p] + self.pile, events, known=learn(self.known, self.players, p,
                                                                                    self.pile))
        hands, opens, closed, stock, known = self.hands, self.open, self.closed, self.stock, self.known
        hand_cache = self._hand_cache
        if action == "play":
            cards = move.cards
            hand = hands[p]
            if len(cards) == 1:  # the usual case: one card, whose place in the hand is found at once
                at = hand.index(cards[0])
                left = hand[:at] + hand[at + 1:]
            else:
                left = remove_cards(hand, cards)
            hands = replace_at(hands, p, left)
            if not (stock and len(left) < 3):  # not refilled
                hand_cache = self._cache_after_play(p, hand, left, cards)
            if known:
                known = forget(known, p, cards)
        elif action == "open":
            cards = move.cards
            opens = replace_at(opens, p, remove_cards(opens[p], cards))
        elif action == "stock":
            cards = (stock[-1],)
            stock = stock[:-1]
        else:
            cards = (closed[p][move.index],)
            closed = replace_at(closed, p, closed[p][:move.index] + closed[p][move.index + 1:])
        pile = self.pile
        top = pile[-1] if pile else None
        card = cards[0]
        # a hand card fits: legal moves play only those that do (DB-13); others are tried blind
        if action != "play" and (card if card[0] is _JOKER else card[0]) not in _fitting_kinds(top, self.options):
            rule = {"stock": "DB-24", "open": "DB-28", "closed": "DB-30"}[action]
            events = [Event("fail", p, M(_FAILS[action], p=p + 1, cards=cards_text(cards), top=top,
                                         index=(move.index or 0) + 1), cards, R[rule]),
                      Event("take", p, M("P{p} takes {cards} with the pile of {x}",
                                         p=p + 1, cards=cards_text(cards),
                                         x=n_cards(len(self.pile) + len(cards))), self.pile + cards, R[rule])] \
                if self._watched else []
            known = learn(known, self.players, p, self.pile + cards)
            return self._pick_up(p, hands[p] + self.pile + cards, events, hands=hands, open=opens, closed=closed,
                                 stock=stock, known=known)
        watched = self._watched  # events only when someone reads them (RulesState)
        played = _played(move, cards, top) if watched else ()
        events = [*played]
        pile += cards
        burned = self.burned
        burn_rule = None
        rank = card[0]
        if rank is _TEN:
            burn_rule = R["DB-18"]
        elif len(pile) >= 4 and rank is not _JOKER and pile[-4][0] == rank and pile[-3][0] == rank \
                and pile[-2][0] == rank:  # top_run(pile) >= 4, read off the top four cards
            burn_rule = R["DB-17"]
        if burn_rule is not None:
            if watched:
                events.append(Event("burn", p, M("the pile ({pile}) is burned", pile=n_cards(len(pile))), pile,
                                    burn_rule))
            burned, pile = burned + pile, ()
        elif watched and cards[0] == BLACK_JOKER:
            events.append(_turn_event("black-joker", p))
        if stock and len(hands[p]) < 3:
            hands, stock = self._refill(p, hands, stock, events)
        finished = self.finished
        if not (stock or hands[p] or opens[p] or closed[p]):
            finished += (p,)
            if watched:
                events.append(Event("finish", p, M("P{p} has played all their cards and {finishes}",
                                                   p=p + 1, finishes=finishes(len(finished))), (), R["DB-31"]))
        direction = self.direction
        if burn_rule is not None:
            out = [seat in finished for seat in range(self.players)]
            if self.options.reverse_after_burn:
                direction = -direction
                if watched:
                    events.append(_turn_event("reverse", p))
            current = p if not out[p] else next_seat(p, direction, out)
            if watched and not out[p]:
                events.append(_turn_event("again", p))
        else:
            current = next_in(p, direction, finished, self.players)
        nobody_finished = finished is self.finished  # read before the copy (a playout copies in place)
        state = self.copy(hands=hands, open=opens, closed=closed, stock=stock, pile=pile, burned=burned,
                          current=current, direction=direction, phase="play", finished=finished,
                          turn=self.turn + 1, known=known, _hand_cache=hand_cache)
        if nobody_finished and state.turn < self.options.turn_limit:
            # nobody finished, so two or more still hold cards (DB-31); a lone play event is a shared tuple
            return state, played if len(events) == 1 else tuple(events)  # quiet: () either way
        return state._settle(events)

    def _pick_up(self, p: int, hand: tuple[Card, ...], events: list[Event],
                 **table: Any) -> tuple[DanishBastardState, tuple[Event, ...]]:
        """``p`` took the pile into the hand: the next player starts a new pile (DB-24)."""
        out = [seat in self.finished for seat in range(self.players)]
        hands = replace_at(table.pop("hands", self.hands), p, sorted_cards(hand))
        return self._pile_taken(events, hands=hands, current=next_seat(p, self.direction, out), **table)

    def _final_result(self) -> Result | None:
        """Over when at most one player still holds cards: the Danish Bastard (DB-31)."""
        if self.players - len(self.finished) <= 1:
            return finishing_result(self.finished, self.players, "Danish Bastard")
        return None


#: What a play says, by action and whether a card lay on the pile (``{cards}`` in words).
_PLAYS = {("play", False): N_("P{p} plays {cards}"), ("play", True): N_("P{p} plays {cards} on {top}"),
          ("open", False): N_("P{p} plays {cards} from the table"),
          ("open", True): N_("P{p} plays {cards} from the table on {top}"),
          ("stock", False): N_("P{p} turns over the stock card: {cards}"),
          ("stock", True): N_("P{p} turns over the stock card: {cards} on {top}"),
          ("closed", False): N_("P{p} turns over face-down card {index}: {cards}"),
          ("closed", True): N_("P{p} turns over face-down card {index}: {cards} on {top}")}
#: What a card played blind (or from the table) that does not fit says, by action.
_FAILS = {"open": N_("P{p} plays {cards} from the table: it does not fit on {top}"),
          "stock": N_("P{p} turns over the stock card: {cards} does not fit on {top}"),
          "closed": N_("P{p} turns over face-down card {index}: {cards} does not fit on {top}")}


@lru_cache(maxsize=1 << 15)
def _played(move: ShedMove, cards: tuple[Card, ...], top: Card | None) -> tuple[Event]:
    """The event of ``cards`` going on ``top`` by ``move``, alone in a tuple (what a move that
    only plays returns): one shared object (an event is immutable), so a history holds each
    once and its steps share the tuple."""
    text = M(_PLAYS[move.action, top is not None], p=move.player + 1, cards=cards_text(cards), top=top,
             index=(move.index or 0) + 1)
    return (Event("play", move.player, text, cards),)


@lru_cache(maxsize=256)
def _take_text(p: int, count: int) -> Message:
    """``P1 takes the pile of 5 cards``: one shared message per seat and pile size (the event
    names the cards, so it is new each time)."""
    return M("P{p} takes the pile of {pile}", p=p + 1, pile=n_cards(count))


@lru_cache(maxsize=64)
def _turn_event(kind: str, p: int) -> Event:
    """The event ``kind`` ("black-joker", "reverse" or "again") after ``p``'s play (shared)."""
    if kind == "black-joker":
        return Event(kind, p, M("the next player must play a joker or take the pile"), (), R["DB-21"])
    if kind == "reverse":
        return Event(kind, p, M("the order of play reverses after the burner's extra turn"), (), R["DB-19"],
                     RULING["DB-d"])
    return Event(kind, p, M("P{p} closed the pile and plays again", p=p + 1), (), R["DB-19"])


_CHECKS = {"play": DanishBastardState._check_play, "open": DanishBastardState._check_open,
           "closed": DanishBastardState._check_closed, "stock": DanishBastardState._check_stock,
           "take": DanishBastardState._check_take}

# The other reasons the checks give (the placement's are with :func:`placement`).
_WRONG_PLAYER = Why(False, "DB-19", N_("it is P{current}'s turn, not P{player}'s"), "DB-r")
_SUBSTITUTED = Why(False, "DB-8", N_("the cards were substituted before play; that phase is over"))
_NOT_A_DB_MOVE = Why(False, "DB-10", N_("'{action}' is not a move of Danish Bastard"))
_NO_HAND_STOCK = Why(False, "DB-24", N_("P{p} has no cards in hand: play the stock card"))
_NO_HAND_TABLE = Why(False, "DB-27", N_("P{p} has no cards in hand: play from the table"))
_AT_LEAST_ONE = Why(False, "DB-14", N_("play at least one card"))
_NOT_HELD = Why(False, "DB-14", N_("P{p} does not hold {cards:nor}"), shows={"cards": cards_text})
_NOT_SAME_VALUE = Why(False, "DB-14", N_("{cards} are not all of the same face value"), shows={"cards": cards_text})
_TWO_JOKERS = Why(False, "DB-14", N_("a red and a black joker play differently, so they do not go down together"),
                  "DB-o")
_NOT_REFILLED = Why(True, "DB-26", N_("the stock is gone, so the hand is not refilled to three"))
_OPEN_NOT_YET = Why(False, "DB-27", N_("face-up cards are played only once the stock is gone and the hand is empty"))
_NO_OPEN_LEFT = Why(False, "DB-29", N_("P{p} has no face-up cards left: play a face-down card"))
_CHOOSE_OPEN = Why(False, "DB-27", N_("choose at least one of P{p}'s face-up cards"))
_NOT_AMONG_OPEN = Why(False, "DB-27", "", words=lambda cards, p: _n(
    "{cards} is not among P{p}'s face-up cards", "{cards} are not among P{p}'s face-up cards", len(cards),
    cards=cards_text(cards), p=p))
_OPEN_ONE_AT_A_TIME = Why(False, "DB-27", N_("face-up cards are played one at a time (option “{option}” is off)"),
                          "DB-j")
_OPEN_MUST_PLAY = Why(False, "DB-32", N_("{fitting} fits: if a player can play a card, then they must"), "DB-m")
_FAIL_ONE_OPEN = Why(False, "DB-28", N_("no face-up card fits: play one of them, which fails"), "DB-m")
_OPEN_FAILS = Why(True, "DB-28", N_("no face-up card fits, so {cards} must be played anyway: it fails and "
                                    "P{p} takes it with the pile"), "DB-m")
_CLOSED_LAST = Why(False, "DB-29", N_("face-down cards come last: after the stock, the hand and the face-up cards"))
_CLOSED_POSITION = Why(False, "DB-29", N_("choose a face-down card by its position, 1 to {count}"))
_CLOSED_BLIND = Why(True, "DB-29", N_("P{p} turns over face-down card {index} blind: if it does not fit, it is taken "
                                      "with the pile by rule DB-30"))
_STOCK_GONE = Why(False, "DB-25", N_("the stock is gone"))
_STOCK_BLIND = Why(False, "DB-12", N_("the stock card is played blind: write just 'stock'"))
_LAST_CHANCE_BLACK_JOKER = Why(True, "DB-24", N_("no hand card answers the black joker: P{p} may try the top stock "
                                                 "card blind (the last chance, which fits only if it is a joker) or "
                                                 "take the pile"), "DB-f")
_LAST_CHANCE = Why(True, "DB-24", N_("no hand card fits, so P{p} must play the top stock card blind (the last "
                                     "chance); if it fails, P{p} takes it with the pile"), "DB-g")
_FIRST_FROM_HAND = Why(False, "DB-9", N_("the first card of the game comes from the hand: players “start play by "
                                         "placing one of their in-hand cards on the table” (option “{option}” is "
                                         "off)"), "DB-s")
_STOCK_INSTEAD = Why(True, "DB-12", N_("P{p} may play the top stock card blind instead of a hand card"), "DB-g")
_STOCK_ONLY_LAST = Why(False, "DB-24", N_("{fitting} fits: the stock card is only the last chance (option "
                                          "“{option}” is off)"), "DB-g")
_TAKE_ALL = Why(False, "DB-24", N_("taking the pile takes all of it: write just 'take'"))
_NO_PILE = Why(False, "DB-24", N_("there is no pile to take"))
_MAY_TAKE = Why(True, "DB-32", N_("P{p} may take the pile (option “{option}” is off)"), "DB-h")
_TAKE_MUST_PLAY = Why(False, "DB-32", N_("{fitting} fits: if a player can play a card, then they must"), "DB-h")
_NO_JOKER_TAKES = Why(True, "DB-21", N_("P{p} has no joker for the black joker, so takes the pile"), "DB-f")
_LAST_CHANCE_FIRST = Why(False, "DB-24", N_("no hand card fits, so the last chance comes first: play the top "
                                            "stock card"))
_TAKES_NOTHING_FITS = Why(True, "DB-24", N_("no hand card fits and the stock is gone: P{p} takes the pile"), "DB-n")
_TABLE_MUST_PLAY = Why(False, "DB-28", N_("from the table a card must be played, even one that fails"))
_TOGETHER = Why(True, "DB-14", N_("{cards} cards of the same face value go down together"))
_TEN_BURNS = Why(True, "DB-18", N_("the 10 burns the pile; the player then plays again"))
_BLACK_JOKER_NEXT = Why(True, "DB-21", N_("the next player must play a joker or take the pile"))
_FOUR_BURN = Why(True, "DB-17", N_("four or more {ranks} in a row burn the pile"), "DB-e",
                 shows={"ranks": lambda rank: rank_words(rank, plural=True)})


def _same_value(cards: tuple[Card, ...]) -> Step | None:
    """A failing step if the cards are not all of one face value (jokers: one colour)."""
    first = cards[0]
    if any(c.rank != first.rank for c in cards):
        return _NOT_SAME_VALUE, cards
    if first.is_joker and any(c != first for c in cards):
        return (_TWO_JOKERS,)
    return None


def _groups(cards: tuple[Card, ...], top: Card | None, options: Options) -> list[list[Card]]:
    """The cards that fit on ``top``, grouped by what may be played together."""
    return list(kind_groups(cards, _fitting_kinds(top, options)).values())


#: Ranks read on every move's path, as module constants: an enum member read off its class
#: (``Rank.TEN``) goes through the enum's metaclass, ten times the cost of a global.
_JOKER, _TEN = Rank.JOKER, Rank.TEN


# --------------------------------------------------------------------------- the game

class DanishBastard:
    """The rules object registered as ``"danish-bastard"``."""

    id = "danish-bastard"
    title = "Danish Bastard"
    source = SOURCE
    family = "shedding"
    catalogue = CATALOGUE
    options_type = Options
    min_players = 2
    max_players = 16

    packs_for = staticmethod(packs_for)

    def new_state(self, players: int, seed: int, options: Options) -> DanishBastardState:
        """Shuffle and deal: 3 closed, 3 open on them, 3 in hand each (DB-4 to DB-7)."""
        return DanishBastardState.deal(players, seed, options)

    def deal_events(self, state: DanishBastardState) -> tuple[Event, ...]:
        """What the deal did, rule by rule (for the log of a new game; empty for other positions)."""
        if state.phase != "swap" or state.turn or state.pile or state.burned:
            return ()
        n = state.players
        packs_used = self.packs_for(n)
        total = len(state.all_cards())
        return (
            Event("deal", None, M("{n} players: 2 or more can play, best with 3 or more", n=n), (), R["DB-2"]),
            Event("deal", None, _n("{n} pack for {players} players: {total} cards",
                                   "{n} packs for {players} players: {total} cards",
                                   packs_used, players=n, total=total), (), R["DB-33"], RULING["DB-k"]),
            Event("deal", None, M("the jokers stay in: {x} of them", x=2 * packs_used), (), R["DB-3"]),
            Event("deal", None, M("each player gets 3 face-down cards"), (), R["DB-4"]),
            Event("deal", None, M("a face-up card goes on each face-down card"), (), R["DB-5"]),
            Event("deal", None, M("each player holds 3 cards in hand"), (), R["DB-6"]),
            Event("deal", None, M("the other {stock} cards make the stock", stock=len(state.stock)), (), R["DB-7"]),
        )

    def setup_state(self, position: Mapping[str, Any], options: Options) -> DanishBastardState:
        """A position from a dict: ``hands``, ``open``, ``closed`` (one card list per player),
        ``stock`` (top card last), ``pile`` (top card last), ``burned``, ``current`` (0-based),
        ``direction`` (1 or -1), ``phase`` ("play" or "swap"), ``finished``; missing = empty.

        >>> DanishBastard().setup_state({"hands": [["7H"], ["8C"]]}, Options()).hands
        ((Card('7♥'),), (Card('8♣'),))
        """
        t = read_table_position(position, self.min_players, self.max_players, DanishBastardState.deck_for)
        return DanishBastardState.from_position(t, options)

    def parse_move(self, text: str) -> ShedMove:
        return parse_shed_move(text, ("face-up", "play", "stock", "open", "closed", "take"))


GAME = register(DanishBastard(), GameParts(
    players=3, iterations=200, actions=action_space(("face-up", "play", "open", "closed", "stock", "take")),
    sample=(3, 14), practice="danish_nb.games.danish_bastard_practice:PRACTICE"))
