"""A rule-of-thumb player for the trick-taking games: name the longest, strongest suit as
trumps, lead low, follow low, take cheap tricks when last to play, keep clear of tricks holding
jacks (and pass its own jacks to others), and chase the 7♣. In games with an auction (Sjavs)
it also bids by its trumps and high cards, discards points it might lose, names the suit that
gives it the most trumps, draws trumps as the soloist, and adds points to a trick its partner
is winning.

It decides from the player's view only (its own hand, the trick, the trumps), never from
hidden cards. What a card is worth to its taker comes from the game (:func:`card_values`).

>>> import danish_nb as dn
>>> g = dn.new_game("bastard", players=4, seed=2)
>>> choice = TrickRuleOfThumb().choose(g.state)
>>> choice.move in g.legal_moves(), str(choice.why).startswith("names")
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..cards import SUITS, Card, Rank, cards_text, n_cards
from ..core import Private, get_game
from ..families.tricks import SUIT_TEXTS, Play, TrickMove, Trumps, played_by, trick_winner
from ..i18n import N_, M, Message
from .base import AGENTS, Choice, SeededPlayer


def card_values(game_id: str) -> dict[Card, int]:
    """What taking each card is worth to its taker in ``game_id`` (rough, for play only; not
    scoring): the game's :attr:`~danish_nb.core.GameParts.card_values`."""
    return get_game(game_id).info.parts.card_values


def bid_order(state: Any) -> tuple[str, ...]:
    """The bids of the game's auction, lowest first: its declaration (``GameParts.bids``).

    >>> import danish_nb as dn
    >>> bid_order(dn.new_game("sjavs", players=3, seed=1).state)
    ('play', 'strike', 'slam')
    """
    return get_game(state.game_id).info.parts.bids


#: The top trumps that make a bid safer (Sjavs; the bids, lowest first, are the game's
#: declaration: :func:`bid_order`).
TOP_TRUMPS = (Card.parse("QC"), Card.parse("QS"))
#: The bidder's reasons, per bid word (whole phrases, so that each language names the bids its way).
_BIDS = {"play": N_("bids play"), "strike": N_("bids strike"), "slam": N_("bids slam")}
_UP_TO = {"play": N_("its trumps and aces are worth up to a play"),
          "strike": N_("its trumps and aces are worth up to a strike"),
          "slam": N_("its trumps and aces are worth up to a slam")}
_ONLY = {"play": N_("the hand is worth only play"), "strike": N_("the hand is worth only strike"),
         "slam": N_("the hand is worth only slam")}


class TrickRuleOfThumb(SeededPlayer):
    """Plays trick games by simple rules, each choice with its reason."""

    name = "rule-of-thumb"

    def choose(self, state: Any) -> Choice:
        moves = self.moves(state)
        view = state.view(state.current_player)
        if any(m.action in ("bid", "pass") for m in moves):
            return self._bid(state, view.hand, moves)
        if any(m.action == "discard" for m in moves):
            return self._discard(view.hand, view.trumps, moves, card_values(view.game))
        calls = [m for m in moves if m.action == "trump"]
        if calls and all(m.suit is not None for m in calls):
            return self._name_suit(state, view.hand, calls)
        if calls:
            return self._call(view.hand, calls)
        plays = [m for m in moves if m.action == "play"]
        if not plays or view.trumps is None:
            return Choice(self.rng.choice(moves), M("no rule of thumb for this step: a random legal move"))
        values = card_values(view.game)
        cards = [m.card for m in plays]
        soloist = getattr(view, "soloist", None)
        if soloist == view.me and not view.trick:
            trumps_held = [c for c in cards if view.trumps.is_trump(c)]
            if len(trumps_held) >= 2:
                card = max(trumps_held, key=view.trumps.strength)
                return Choice(TrickMove(view.me, "play", card), M("the soloist draws trumps: leads its "
                                                                  "highest, {card}", card=card))
        if soloist is not None and view.me != soloist and any(p.player == soloist for p in view.trick):
            leading = trick_winner(view.trick, view.trumps)[0]
            if leading.player != soloist:
                return self._smear(view.me, leading, view.trick, view.trumps, cards, values)
        return self._play(view.me, view.trick, view.trumps, cards, values, view.players)

    # -- auctions (Sjavs): bids, discards, naming the trump suit
    @staticmethod
    def _trumps_held(state: Any, hand: tuple[Card, ...]) -> tuple[int, Trumps]:
        """How many trumps ``hand`` holds: with trumps fixed, those; else the best suit's count."""
        if state.trumps is not None:
            return sum(state.trumps.is_trump(c) for c in hand), state.trumps
        return max(((sum(t.is_trump(c) for c in hand), t) for t in map(state.trumps_for, SUITS)),
                   key=lambda pair: pair[0])

    @classmethod
    def hand_worth(cls, state: Any, hand: tuple[Card, ...]) -> str | None:
        """The highest bid ``hand`` is worth (``None``: no bid) in ``state``'s auction: Play with
        4 trumps (or 3 and an ace or a black queen), Strike with 5 and a black queen, Slam with
        both black queens and only trumps and aces.

        >>> import danish_nb as dn
        >>> from danish_nb.cards import parse_cards
        >>> state = dn.new_game("sjavs", players=3, seed=1).state
        >>> TrickRuleOfThumb.hand_worth(state, parse_cards("QC QS JC AC KC AH"))
        'slam'
        >>> TrickRuleOfThumb.hand_worth(state, parse_cards("JC 10H KH 10S KS KD")) is None
        True
        """
        count, trumps = cls._trumps_held(state, hand)
        aces = sum(1 for c in hand if c.rank is Rank.ACE and not trumps.is_trump(c))
        tops = sum(1 for c in TOP_TRUMPS if c in hand)
        if tops == 2 and count >= 4 and count + aces == len(hand):
            return "slam"
        if count >= 5 and tops:
            return "strike"
        if count >= 4 or (count >= 3 and (aces or tops)):
            return "play"
        return None

    @classmethod
    def bids_agree(cls, world: Any, me: int) -> bool:
        """Whether every bid and pass of the seats other than ``me`` in ``world``'s auction is
        the one this player would have made with that seat's hand (its hand now and the cards it
        has played; a soloist who exchanged with the skat is not checked): how the search reads
        an auction (:mod:`danish_nb.agents.search`). Without an auction: ``True``.

        >>> import danish_nb as dn
        >>> g = dn.new_game("sjavs", players=3, seed=1)
        >>> TrickRuleOfThumb.bids_agree(g.state, 0)
        True
        """
        contract = None
        order = bid_order(world)
        for seat, bid in getattr(world, "bids", ()):
            lowest = order.index(contract) + 1 if contract else 0
            unknown = seat == getattr(world, "soloist", None) and (world.exchanged or world.phase == "discard")
            if seat != me and not unknown:
                worth = cls.hand_worth(world, world.hands[seat] + played_by(world.tricks, world.trick, seat))
                level = -1 if worth is None else order.index(worth)
                if level >= lowest if bid == "pass" else level < order.index(bid):
                    return False
            contract = contract if bid == "pass" else bid
        return True

    def _bid(self, state: Any, hand: tuple[Card, ...], moves: list[TrickMove]) -> Choice:
        """Bid by trumps and high cards (:meth:`hand_worth`): always the lowest bid that
        outbids, and pass when the hand is not worth it (a hand that must bid, with four
        trumps, is always worth a Play)."""
        worth = self.hand_worth(state, hand)
        bids = [m for m in moves if m.action == "bid"]
        order = bid_order(state)
        affordable = [m for m in bids if worth and order.index(m.bid) <= order.index(worth)]
        if affordable:
            move = min(affordable, key=lambda m: order.index(m.bid))
            return Choice(move, M("{bids}: {worth}", bids=Message(_BIDS[move.bid]), worth=Message(_UP_TO[worth])))
        # A hand that must bid (four trumps, nobody has bid) is always worth a Play, so pass is legal here.
        passing = next(m for m in moves if m.action == "pass")
        why = M("the hand is not worth a bid") if worth is None else Message(_ONLY[worth])
        return Choice(passing, M("passes: {why}", why=why))

    @staticmethod
    def _discard(hand: tuple[Card, ...], trumps: Trumps, moves: list[TrickMove], values: dict[Card, int]) -> Choice:
        """Keep trumps and aces; lay aside the side cards worth the most (they count for the
        soloist, who might lose them in play). Only the soloist reads which cards, and their points."""
        size = len(moves[0].cards)
        ranked = sorted(hand, key=lambda c: (trumps.is_trump(c), c.rank is Rank.ACE, -values.get(c, 0)))
        chosen = set(ranked[:size])
        move = next(m for m in moves if set(m.cards) == chosen)
        banked = sum(values.get(c, 0) for c in chosen)
        public = M("discards {cards}: keeps its trumps and aces", cards=n_cards(len(move.cards)))
        mine = M("discards {cards}: keeps its trumps and aces and banks {banked} card points that count for it",
                 cards=cards_text(move.cards), banked=banked)
        return Choice(move, (Private(move.cards, move.player, public, in_hand=False, text=mine),))

    @staticmethod
    def _name_suit(state: Any, hand: tuple[Card, ...], calls: list[TrickMove]) -> Choice:
        """Name the suit that gives the most trumps (ties: the most card points in it)."""
        values = card_values(state.view(None).game)

        def weight(move: TrickMove) -> tuple[int, int]:
            trumps = state.trumps_for(move.suit)
            held = [c for c in hand if trumps.is_trump(c)]
            return len(held), sum(values.get(c, 0) for c in held)
        move = max(calls, key=weight)
        _count, _ = weight(move)
        return Choice(move, M("names {suit_name}: the suit that gives it the most trumps",
                              suit_name=SUIT_TEXTS[move.suit]))

    @staticmethod
    def _smear(me: int, leading: Play, trick: tuple[Play, ...], trumps: Trumps, cards: list[Card],
               values: dict[Card, int]) -> Choice:
        """A partner is winning the trick and the soloist has played to it: add the most points
        that do not take the trick from them (or the cheapest card if every card would)."""
        keep = [c for c in cards if trick_winner(trick + (Play(me, c),), trumps)[0].player == leading.player]
        if keep:
            card = max(keep, key=lambda c: (values.get(c, 0), -trumps.strength(c)))
            return Choice(TrickMove(me, "play", card), M("its partner P{player} is winning the trick: adds "
                                                         "{card} ({get} points)",
                                                         player=leading.player + 1, card=card, get=values.get(card, 0)))
        card = min(cards, key=lambda c: (values.get(c, 0), trumps.strength(c)))
        return Choice(TrickMove(me, "play", card), M("every card would take the trick from its partner: plays "
                                                     "its cheapest, {card}", card=card))

    def _call(self, hand: tuple[Card, ...], calls: list[TrickMove]) -> Choice:
        """Trumps: the longest suit, ties broken by its high cards; no trumps if no suit is both
        long (more than a quarter of the hand) and holds a picture card or ace."""
        def weight(suit) -> tuple[int, int]:
            cards = [c for c in hand if c.suit is suit]
            return len(cards), sum(int(c.rank) for c in cards if c.rank >= Rank.JACK)
        best = max(SUITS, key=weight)
        length, honours = weight(best)
        call = {m.suit: m for m in calls}
        if length * 4 <= len(hand) or not honours:
            return Choice(call[None], M("declares no trumps: no suit is both long and strong"))
        return Choice(call[best], M("names {suit_name}: its longest and strongest suit",
                                    suit_name=SUIT_TEXTS[best]))

    def _play(self, me: int, trick: tuple[Play, ...], trumps: Trumps, cards: list[Card],
              values: dict[Card, int], players: int) -> Choice:
        def cost(card: Card) -> tuple[int, int, int]:
            """Cheap cards first: no value to lose, not a trump, low."""
            return (values.get(card, 0) != 0, trumps.is_trump(card), trumps.strength(card))

        def move(card: Card, why: str) -> Choice:
            return Choice(TrickMove(me, "play", card), why)

        if not trick:
            card = min(cards, key=cost)
            return move(card, M("leads its cheapest card, {card}, keeping trumps and high cards", card=card))
        stake = sum(values.get(p.card, 0) for p in trick)
        winners = [c for c in cards if trick_winner(trick + (Play(me, c),), trumps)[0].player == me]
        losers = [c for c in cards if c not in winners]
        last = len(trick) == players - 1
        bad = [p.card for p in trick if values.get(p.card, 0) < 0]
        if bad:
            if losers:
                dump = min(losers, key=lambda c: (values.get(c, 0), -trumps.strength(c)))
                if values.get(dump, 0) < 0:
                    return move(dump, M("the trick holds {bad}: stays out of it and gives away {dump}",
                                        bad=cards_text(bad), dump=dump))
                return move(dump, M("the trick holds {bad}: plays its highest card that does not win it, {dump}",
                                    bad=cards_text(bad), dump=dump))
            card = min(winners, key=lambda c: (values.get(c, 0) < 0, trumps.strength(c)))
            return move(card, M("must take the trick with {bad}: plays {card}, keeping its own jacks out",
                                bad=cards_text(bad), card=card))
        prize = [p.card for p in trick if values.get(p.card, 0) > 0]
        if winners and (prize or last):
            safe = [c for c in winners if values.get(c, 0) >= 0] or winners
            if prize and not last:
                card = max(safe, key=trumps.strength)
                return move(card, M("chases {prize}: plays its highest winning card, {card}",
                                    prize=cards_text(prize), card=card))
            card = min(safe, key=trumps.strength)
            gain = stake + 1 + values.get(card, 0)
            return move(card, M("last to play: takes the trick with its lowest winning card, {card} (worth "
                                "about {gain:+d})", card=card, gain=gain))
        if losers:
            jacks = [c for c in losers if values.get(c, 0) < 0]
            if jacks:
                card = min(jacks, key=lambda c: values[c])
                return move(card, M("cannot win cheaply: gives away {card}", card=card))
            card = min(losers, key=cost)
            return move(card, M("follows low with {card}", card=card))
        card = min(cards, key=cost)
        return move(card, M("every card wins here: plays its cheapest, {card}", card=card))


AGENTS.setdefault("rule-of-thumb", {})["tricks"] = TrickRuleOfThumb
