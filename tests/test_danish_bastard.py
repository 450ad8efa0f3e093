"""Danish Bastard scenarios: for each rule of the catalogue, positions where it makes a move legal
and where it makes a move illegal, or a move and what it does (burns, reversal, refills,
pick-ups, finishing), each asserting the verdict and the rule (and ruling) it cites.

Positions are set up with ``dn.setup``; players are 0-based in positions (``current``) and
1-based in move notation (``P1`` is player 0). Stock and pile list their top card last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import danish_nb as dn
from danish_nb.cards import packs
from danish_nb.core import option_infos
from danish_nb.families.shedding import ShedMove, group_moves, hand_kinds, hand_moves
from danish_nb.games import danish_bastard as db
from danish_nb.games.danish_bastard import CATALOGUE, GAME, RULINGS, Options
from helpers import BOOL_OPTIONS, DB, event_rules, expected, norm, play_out, ruling_ids, same_move, summary, table


def pos(*hands: list[str], closed: list | None = None, **rest: Any) -> dict:
    """A position: one hand per player; by default everyone keeps one closed card, so nobody
    finishes by accident."""
    return {"hands": [list(h) for h in hands],
            "closed": closed if closed is not None else [[CLOSED_CARDS[i]] for i in range(len(hands))], **rest}


#: One face-down card per player, all different (a position holds no more copies than the packs).
CLOSED_CARDS = ("QS", "QH", "JS", "JH", "8S", "8D", "6S", "6D")
#: Three more players with empty hands: five players play with two packs (DB-33).
TWO_PACKS = ([], [], [])


@dataclass(frozen=True)
class Scene:
    """A position, a candidate move, its expected verdict, and (if legal) what it does."""

    name: str
    position: dict
    move: str | ShedMove
    legal: bool
    rules: tuple[str, ...]
    ruling: str | None = None
    options: dict = field(default_factory=dict)
    before: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    events: tuple[tuple[str, str | None], ...] = ()
    after: dict = field(default_factory=dict)


SWAP = pos(["2C", "3C", "4C"], ["5D", "6D", "7D"], open=[["KC", "QC", "JC"], ["KD", "QD", "JD"]],
           phase="swap")
BLACK = pos(["KC", "RJ"], ["9S"], pile=["5C", "BJ"])
BLACK_NO_JOKER = pos(["KC", "3C", "4C"], ["9S", "8S", "7S"], pile=["5C", "BJ"])
SEVEN = pos(["8H", "7H", "6H", "2H", "AH", "RJ"], ["9S"], pile=["7C"])
STAGE3 = pos([], ["9S"], open=[["5C", "9D"], []], pile=["6C"])
FAILING_OPEN = pos([], ["9S"], open=[["3C", "4D"], []], pile=["KC"], closed=[["QS"], ["KH"]])
CLOSED = pos([], ["9S"], closed=[["3C", "KD"], ["QS"]], pile=["9C"])
OPENING = {**SWAP, "stock": ["4H", "5H", "6H"]}
SWAPPED = ("P1 face-up KC QC JC", "P2 face-up KD QD JD")
BLACK_WITH_STOCK = {**BLACK_NO_JOKER, "stock": ["4H", "5H"]}
LAST_CHANCE = pos(["3C", "4C", "5C"], ["3S", "9D", "9H"], pile=["KC"], stock=["2H", "AD"])
LAST_CHANCE_FAILS = {**LAST_CHANCE, "stock": ["AD", "4D"]}
FITS_WITH_STOCK = pos(["8C", "3C", "4C"], ["9S", "9D", "9H"], pile=["6C"], stock=["2H", "AD"])
REFILL = pos(["5C", "6C", "8C"], ["9S", "9D", "9H"], stock=["2D", "3D", "4D", "JD"])
BURNER = pos(["10H", "3C", "4C"], ["9S"], ["9D"])
TWO_PLAYER_END = pos(["AS"], ["3C"], closed=[[], ["KH"]])

SCENES = [
    # DB-13 equal or higher
    Scene("higher card", pos(["8H", "4C"], ["9S"], pile=["6C"]), "P1 play 8H", True, ("DB-13",),
          after={"current": 1, "pile": ["6C", "8H"], "hands": {0: ["4C"]}}),
    Scene("equal card", pos(["6D", "4C"], ["9S"], pile=["6C"]), "P1 play 6D", True, ("DB-13",)),
    Scene("lower card", pos(["8H", "4C"], ["9S"], pile=["6C"]), "P1 play 4C", False, ("DB-13",)),
    Scene("any card on an empty pile", pos(["4C"], ["9S"]), "P1 play 4C", True, ("DB-13",)),
    # DB-14 several of a rank, DB-o jokers of two colours
    Scene("a pair", pos(["7D", "7H", "3C"], ["9S"], pile=["6C"]), "P1 play 7D 7H", True,
          ("DB-14", "DB-13"), after={"pile": ["6C", "7D", "7H"], "hands": {0: ["3C"]}}),
    Scene("a pair written in another order", pos(["7D", "7H", "3C"], ["9S"], pile=["6C"]),
          "P1 play 7H 7D", True, ("DB-14", "DB-13"), after={"hands": {0: ["3C"]}}),
    Scene("two ranks at once", pos(["7D", "8D"], ["9S"], pile=["6C"]), "P1 play 7D 8D", False, ("DB-14",)),
    Scene("a card not held", pos(["7D", "8D"], ["9S"], pile=["6C"]), "P1 play 9C", False, ("DB-14",)),
    Scene("red and black joker together", pos(["RJ", "BJ", "3C"], ["9S"]), "P1 play RJ BJ", False,
          ("DB-14",), "DB-o"),
    Scene("two black jokers together", pos(["BJ", "BJ", "3C"], ["9S"], *TWO_PACKS, pile=["5C"]), "P1 play BJ BJ", True,
          ("DB-14", "DB-20", "DB-21"), events=(("black-joker", "DB-21"),)),
    # DB-15 aces high
    Scene("ace on a king", pos(["AS", "3C"], ["9S"], pile=["KC"]), "P1 play AS", True, ("DB-15",)),
    Scene("king on an ace", pos(["KD", "3C"], ["9S"], pile=["AC"]), "P1 play KD", False, ("DB-13",)),
    # DB-16 the two, DB-a two_on_anything
    Scene("two on an ace", pos(["2C", "3C"], ["9S"], pile=["AC"]), "P1 play 2C", True, ("DB-16",), "DB-a"),
    Scene("two on an ace, two_on_anything off", pos(["2C", "3C"], ["9S"], pile=["AC"]), "P1 play 2C", True,
          ("DB-16",), "DB-a", options={"two_on_anything": False}),
    Scene("two on a king", pos(["2C", "3C"], ["9S"], pile=["KC"]), "P1 play 2C", True, ("DB-16",), "DB-a"),
    Scene("two on a king, two_on_anything off", pos(["2C", "3C"], ["9S"], pile=["KC"]), "P1 play 2C",
          False, ("DB-16",), "DB-a", options={"two_on_anything": False}),
    Scene("anything on a two", pos(["3C"], ["9S"], pile=["AC", "2D"]), "P1 play 3C", True, ("DB-16",)),
    Scene("anything on a two, two_on_anything off", pos(["3C"], ["9S"], pile=["AC", "2D"]), "P1 play 3C",
          True, ("DB-16",), options={"two_on_anything": False}),
    # DB-17 four of a kind, DB-e
    Scene("four of a kind across players", pos(["5C", "5D", "9C"], ["5H", "5S", "9D"]), "P2 play 5H 5S",
          True, ("DB-14", "DB-17"), "DB-e", before=("P1 play 5C 5D",),
          events=(("play", None), ("burn", "DB-17"), ("reverse", "DB-19"), ("again", "DB-19")),
          after={"burned": 4, "pile": [], "current": 1, "direction": -1}),
    Scene("a joker breaks the run", pos(["5S", "9C"], ["9D"], pile=["5C", "5D", "RJ", "5H"]), "P1 play 5S",
          True, ("DB-13",), absent=("DB-17",),
          after={"burned": 0, "pile": ["5C", "5D", "RJ", "5H", "5S"], "current": 1}),
    Scene("five of a kind with two packs", pos(["5S", "5C", "9C"], ["9D"], *TWO_PACKS, pile=["5C", "5D", "5H"]),
          "P1 play 5C 5S", True, ("DB-17",), "DB-e", after={"burned": 5, "pile": [], "current": 0}),
    Scene("four sevens", pos(["7S", "3C"], ["9D"], pile=["7C", "7D", "7H"]), "P1 play 7S", True,
          ("DB-23", "DB-17"), events=(("burn", "DB-17"),), after={"burned": 4}),
    # DB-18 the ten, DB-c
    Scene("ten on a king burns", pos(["10H", "3C", "4C"], ["9S"], pile=["KC", "QC"]), "P1 play 10H", True,
          ("DB-18",), events=(("play", None), ("burn", "DB-18"), ("again", "DB-19")),
          after={"burned": 3, "pile": [], "current": 0}),
    Scene("ten on a two", pos(["10H", "3C"], ["9S"], pile=["2C"]), "P1 play 10H", True, ("DB-18",)),
    Scene("ten on the red joker", pos(["10H", "3C"], ["9S"], pile=["RJ"]), "P1 play 10H", False,
          ("DB-18",), "DB-c"),
    Scene("ten on a seven", pos(["10H", "3C"], ["9S"], pile=["7C"]), "P1 play 10H", False, ("DB-18",),
          "DB-c"),
    Scene("ten on the black joker", pos(["10H", "3C"], ["9S"], pile=["BJ"]), "P1 play 10H", False,
          ("DB-21",), "DB-f"),
    # DB-19 reversal, DB-d reverse_after_burn
    Scene("the burner plays again, then the order reverses", BURNER, "P1 play 10H", True, ("DB-18",),
          events=(("burn", "DB-18"), ("reverse", "DB-19"), ("again", "DB-19")),
          after={"current": 0, "direction": -1}),
    Scene("after the extra turn play goes the other way", BURNER, "P1 play 3C", True, ("DB-13",),
          before=("P1 play 10H",), after={"current": 2, "direction": -1}),
    Scene("no reversal with reverse_after_burn off", BURNER, "P1 play 10H", True, ("DB-18",),
          options={"reverse_after_burn": False}, events=(("burn", "DB-18"), ("again", "DB-19")),
          after={"current": 0, "direction": 1}),
    Scene("no reversal: play goes on clockwise", BURNER, "P1 play 3C", True, ("DB-13",),
          options={"reverse_after_burn": False}, before=("P1 play 10H",), after={"current": 1, "direction": 1}),
    Scene("a move of another game", pos(["8C"], ["9S"]), ShedMove(0, "complete", ()), False, ("DB-10",)),
    Scene("not your turn", pos(["8H"], ["9S"]), "P2 play 9S", False, ("DB-19",)),
    # DB-20 jokers any time, DB-21 the black joker, DB-f
    Scene("red joker on an ace", pos(["RJ", "3C"], ["9S"], pile=["AS"]), "P1 play RJ", True, ("DB-20",)),
    Scene("black joker on a seven", pos(["BJ", "3C"], ["9S"], pile=["7C"]), "P1 play BJ", True, ("DB-20",),
          events=(("play", None), ("black-joker", "DB-21")), after={"current": 1}),
    Scene("a plain card on the black joker", BLACK, "P1 play KC", False, ("DB-21",), "DB-f"),
    Scene("a joker on the black joker", BLACK, "P1 play RJ", True, ("DB-20",)),
    Scene("no taking the black joker's pile with a joker in hand", BLACK, "P1 take", False, ("DB-32",), "DB-h"),
    Scene("no joker: take the pile", BLACK_NO_JOKER, "P1 take", True, ("DB-21",), "DB-f",
          after={"hands": {0: ["KC", "3C", "4C", "5C", "BJ"]}, "pile": [], "current": 1}),
    Scene("no joker, stock left: take the pile", {**BLACK_NO_JOKER, "stock": ["2H", "4D"]}, "P1 take", True,
          ("DB-21",), "DB-f"),
    Scene("no joker, stock left: try the stock card", {**BLACK_NO_JOKER, "stock": ["2H", "4D"]}, "P1 stock",
          True, ("DB-24",), events=(("fail", "DB-24"), ("take", "DB-24")),
          after={"hands": {0: ["KC", "3C", "4C", "5C", "BJ", "4D"]}, "stock": 1, "pile": [], "current": 1}),
    Scene("the stock card is a joker", {**BLACK_NO_JOKER, "stock": ["2H", "RJ"]}, "P1 stock", True,
          ("DB-24",), events=(("play", None),), after={"pile": ["5C", "BJ", "RJ"], "stock": 1, "current": 1}),
    # DB-22 the red joker
    Scene("anything on the red joker", pos(["3C"], ["9S"], pile=["KC", "RJ"]), "P1 play 3C", True, ("DB-22",)),
    # DB-23 the seven, DB-b seven_allows_equal
    Scene("higher after a seven", SEVEN, "P1 play 8H", False, ("DB-23",), "DB-b"),
    Scene("ace after a seven", SEVEN, "P1 play AH", False, ("DB-23",), "DB-b"),
    Scene("lower after a seven", SEVEN, "P1 play 6H", True, ("DB-23",)),
    Scene("lower after a seven, seven_allows_equal off", SEVEN, "P1 play 6H", True, ("DB-23",),
          options={"seven_allows_equal": False}),
    Scene("seven on a seven", SEVEN, "P1 play 7H", True, ("DB-23",), "DB-b"),
    Scene("seven on a seven, seven_allows_equal off", SEVEN, "P1 play 7H", False, ("DB-23",), "DB-b",
          options={"seven_allows_equal": False}),
    Scene("two after a seven", SEVEN, "P1 play 2H", True, ("DB-23",)),
    Scene("joker after a seven", SEVEN, "P1 play RJ", True, ("DB-20",)),
    # DB-12 stock by choice, DB-24 last chance, DB-g stock_by_choice
    Scene("stock card by choice", FITS_WITH_STOCK, "P1 stock", True, ("DB-12",), "DB-g",
          events=(("play", None),), after={"pile": ["6C", "AD"], "stock": 1, "current": 1,
                                            "hands": {0: ["8C", "3C", "4C"]}}),
    Scene("stock card by choice, stock_by_choice off", FITS_WITH_STOCK, "P1 stock", False, ("DB-24",),
          "DB-g", options={"stock_by_choice": False}),
    Scene("last chance that fits", LAST_CHANCE, "P1 stock", True, ("DB-24",), "DB-g",
          after={"pile": ["KC", "AD"], "stock": 1, "current": 1}),
    Scene("last chance, stock_by_choice off", LAST_CHANCE, "P1 stock", True, ("DB-24",), "DB-g",
          options={"stock_by_choice": False}),
    Scene("last chance that fails", LAST_CHANCE_FAILS, "P1 stock", True, ("DB-24",), "DB-g",
          events=(("fail", "DB-24"), ("take", "DB-24")),
          after={"hands": {0: ["3C", "4C", "5C", "KC", "4D"]}, "pile": [], "stock": 1, "current": 1}),
    Scene("after a failed last chance the next player leads", LAST_CHANCE_FAILS, "P2 play 3S", True,
          ("DB-13",), before=("P1 stock",)),
    Scene("no taking before the last chance", LAST_CHANCE, "P1 take", False, ("DB-24",)),
    # DB-11 three in hand, DB-q refill, DB-26 stage ii
    Scene("draw one", REFILL, "P1 play 5C", True, ("DB-13",), events=(("play", None), ("draw", "DB-11")),
          after={"hands": {0: ["6C", "8C", "JD"]}, "stock": 3}),
    Scene("draw two", {**REFILL, "hands": [["5C", "5D", "8C"], ["9S", "9D", "9H"]]}, "P1 play 5C 5D", True,
          ("DB-14",), events=(("draw", "DB-11"),), after={"hands": {0: ["8C", "4D", "JD"]}, "stock": 2}),
    Scene("draw the last stock card", {**REFILL, "hands": [["5C", "5D", "8C"], ["9S"]], "stock": ["JD"]},
          "P1 play 5C 5D", True, ("DB-14",), events=(("draw", "DB-11"),),
          after={"hands": {0: ["8C", "JD"]}, "stock": 0}),
    Scene("the burner refills before playing again", {**BURNER, "pile": ["KC"], "stock": ["2D", "JD"]},
          "P1 play 10H", True, ("DB-18",),
          events=(("burn", "DB-18"), ("draw", "DB-11"), ("again", "DB-19")),
          after={"hands": {0: ["3C", "4C", "JD"]}, "stock": 1, "current": 0}),
    Scene("stage ii: no refill", {**REFILL, "stock": []}, "P1 play 5C", True, ("DB-13",),
          events=(("play", None),), after={"hands": {0: ["6C", "8C"]}}),
    # DB-25 the stock is gone
    Scene("no stock card once the stock is gone", pos(["3C"], ["9S"], pile=["KC"]), "P1 stock", False,
          ("DB-25",)),
    # DB-27 stage iii, DB-j open_cards_together
    Scene("an open card once the hand is empty", STAGE3, "P1 open 9D", True, ("DB-13",),
          after={"open": [["5C"], []], "pile": ["6C", "9D"], "current": 1}),
    Scene("no open card while the hand holds cards", {**STAGE3, "hands": [["3C"], ["9S"]]}, "P1 open 9D",
          False, ("DB-27",)),
    Scene("no open card while the stock lasts", {**STAGE3, "stock": ["2C"]}, "P1 open 9D", False, ("DB-27",)),
    Scene("no hand card when the hand is empty", STAGE3, "P1 play 9D", False, ("DB-27",)),
    Scene("an open card one does not have", STAGE3, "P1 open KD", False, ("DB-27",)),
    Scene("open cards together", {**STAGE3, "open": [["5C", "5D"], []], "pile": ["4S"]}, "P1 open 5C 5D",
          True, ("DB-14",), after={"open": [[], []], "pile": ["4S", "5C", "5D"]}),
    Scene("open cards together, open_cards_together off", {**STAGE3, "open": [["5C", "5D"], []],
          "pile": ["4S"]}, "P1 open 5C 5D", False, ("DB-27",), "DB-j", options={"open_cards_together": False}),
    Scene("one open card, open_cards_together off", {**STAGE3, "open": [["5C", "5D"], []], "pile": ["4S"]},
          "P1 open 5C", True, ("DB-13",), options={"open_cards_together": False}),
    # DB-28 open cards must be played, DB-m
    Scene("a failing open card must be played", FAILING_OPEN, "P1 open 3C", True, ("DB-28",), "DB-m",
          events=(("fail", "DB-28"), ("take", "DB-28")),
          after={"hands": {0: ["3C", "KC"]}, "open": [["4D"], []], "pile": [], "current": 1}),
    Scene("no taking instead of an open card", FAILING_OPEN, "P1 take", False, ("DB-28",)),
    Scene("a failing open card while another fits", {**STAGE3, "open": [["5C", "KD"], []], "pile": ["9H"]},
          "P1 open 5C", False, ("DB-32",), "DB-m"),
    Scene("two failing open cards together", {**FAILING_OPEN, "open": [["3C", "3D"], []]}, "P1 open 3C 3D",
          False, ("DB-28",), "DB-m"),
    Scene("back to the hand after a failed open card", FAILING_OPEN, "P1 open 4D", False, ("DB-27",),
          before=("P1 open 3C", "P2 play 9S")),
    # DB-29 closed cards blind, DB-30 a failed closed card
    Scene("a closed card that fits", CLOSED, "P1 closed 2", True, ("DB-29",), events=(("play", None),),
          after={"pile": ["9C", "KD"], "closed": [1, 1], "current": 1}),
    Scene("a closed card that fails", CLOSED, "P1 closed 1", True, ("DB-29",),
          events=(("fail", "DB-30"), ("take", "DB-30")),
          after={"hands": {0: ["3C", "9C"]}, "closed": [1, 1], "pile": [], "current": 1}),
    Scene("a closed card that is not there", CLOSED, "P1 closed 3", False, ("DB-29",)),
    Scene("no closed card while open cards remain", {**CLOSED, "open": [["5H"], []]}, "P1 closed 1", False,
          ("DB-29",)),
    Scene("no taking instead of a closed card", CLOSED, "P1 take", False, ("DB-28",)),
    # DB-31 winner and loser, DB-l
    Scene("the first to finish", pos(["AS"], ["3C"], ["4C"], closed=[[], ["KH"], ["KS"]]), "P1 play AS",
          True, ("DB-13",), events=(("finish", "DB-31"),),
          after={"finished": [0], "current": 1, "over": False}),
    Scene("the last one holding cards is the Danish Bastard", TWO_PLAYER_END, "P1 play AS", True, ("DB-13",),
          events=(("finish", "DB-31"), ("end", "DB-31")),
          after={"over": True, "order": [0, 1], "loser": 1, "draw": False, "current": None}),
    Scene("finishing with the last closed card", pos([], ["3C"], closed=[["AS"], ["KH"]], pile=["KC"]),
          "P1 closed 1", True, ("DB-29",), events=(("finish", "DB-31"), ("end", "DB-31")),
          after={"over": True, "loser": 1}),
    Scene("no move after the end", TWO_PLAYER_END, "P2 play 3C", False, ("DB-1",), "DB-l",
          before=("P1 play AS",)),
    # DB-32 must play, DB-h must_play, DB-n
    Scene("no taking when a card fits", pos(["8C"], ["9S"], pile=["6C"]), "P1 take", False, ("DB-32",), "DB-h"),
    Scene("taking when a card fits, must_play off", pos(["8C"], ["9S"], pile=["6C"]), "P1 take", True,
          ("DB-32",), "DB-h", options={"must_play": False}, events=(("take", "DB-32"),),
          after={"hands": {0: ["6C", "8C"]}, "pile": [], "current": 1}),
    Scene("taking instead of an open card, must_play off", STAGE3, "P1 take", True, ("DB-32",), "DB-h",
          options={"must_play": False}),
    Scene("no pile to take", pos(["8C"], ["9S"]), "P1 take", False, ("DB-24",), options={"must_play": False}),
    Scene("nothing fits and the stock is gone: take", pos(["3C"], ["9S"], pile=["KC"]), "P1 take", True,
          ("DB-24",), "DB-n", events=(("take", "DB-24"),),
          after={"hands": {0: ["3C", "KC"]}, "pile": [], "current": 1}),
    # DB-8 substituting, DB-5, DB-i
    Scene("choose the face-up cards", SWAP, "P1 face-up 2C 3C 4C", True, ("DB-8",), "DB-i",
          events=(("face-up", "DB-8"),),
          after={"open": [["2C", "3C", "4C"], ["KD", "QD", "JD"]], "hands": {0: ["JC", "QC", "KC"]},
                 "current": 1, "phase": "swap"}),
    Scene("choose the face-up cards in any order", SWAP, "P1 face-up 4C 2C 3C", True, ("DB-8",), "DB-i",
          after={"open": [["2C", "3C", "4C"], ["KD", "QD", "JD"]]}),
    Scene("too few face-up cards", SWAP, "P1 face-up 2C 3C", False, ("DB-5",)),
    Scene("face-up cards one does not have", SWAP, "P1 face-up 2C 3C AS", False, ("DB-8",)),
    Scene("no play before substituting", SWAP, "P1 play 2C", False, ("DB-8",), "DB-i"),
    Scene("substituting in seat order", SWAP, "P2 face-up 5D 6D 7D", False, ("DB-19",)),
    Scene("after the last substitution P1 starts", SWAP, "P2 face-up JD QD KD", True, ("DB-8",),
          before=("P1 face-up 2C 3C 4C",), events=(("face-up", "DB-8"), ("start", "DB-9")),
          after={"phase": "play", "current": 0, "hands": {1: ["5D", "6D", "7D"]}}),
    Scene("no substituting during play", pos(["8H"], ["9S"]), "P1 face-up 8H", False, ("DB-8",)),
    # issue 18: DB-9's first card from the hand (DB-s), the black joker while the stock lasts (DB-f)
    Scene("the first card of the game from the stock", OPENING, "P1 stock", False, ("DB-9",), "DB-s",
          before=SWAPPED),
    Scene("the first card of the game from the stock as an option", OPENING, "P1 stock", True, ("DB-12",),
          "DB-g", options={"stock_opening": True}, before=SWAPPED),
    Scene("the first card of the game from the hand", OPENING, "P1 play 2C", True, ("DB-13",), before=SWAPPED),
    Scene("the stock card after the opening", OPENING, "P2 stock", True, ("DB-12",), "DB-g",
          before=SWAPPED + ("P1 play 2C",)),
    Scene("the stock card on a black joker", BLACK_WITH_STOCK, "P1 stock", True, ("DB-24",), "DB-f"),
    Scene("taking the pile on a black joker with stock left", BLACK_WITH_STOCK, "P1 take", True, ("DB-21",),
          "DB-f", events=(("take", "DB-21"),)),
]


def _subsequence(wanted: tuple, got: list) -> bool:
    it = iter(got)
    return all(item in it for item in wanted)


def run_scene(scene: Scene) -> None:
    """Set up, play the moves before, explain the move and (if legal) play it; check it all."""
    g = table(scene.position, **scene.options)
    for move in scene.before:
        g.play(move)
    verdict = g.explain(scene.move)
    assert verdict.legal is scene.legal, verdict.summary()
    for rule_id in scene.rules:
        assert rule_id in verdict.rule_ids, verdict.summary()
    for rule_id in scene.absent:
        assert rule_id not in verdict.rule_ids, verdict.summary()
    if scene.ruling:
        assert scene.ruling in ruling_ids(verdict), verdict.summary()
    before = g.state
    if not scene.legal:
        with pytest.raises(dn.IllegalMove) as info:
            g.play(scene.move)
        assert info.value.verdict == verdict
        assert g.state is before
        return
    events = g.play(scene.move)
    assert _subsequence(scene.events, event_rules(events)), event_rules(events)
    for key, value in scene.after.items():
        if key == "hands":
            hands = summary(g.state, "hands")
            for seat, cards in value.items():
                assert hands[seat] == norm(cards), (seat, hands)
        else:
            assert summary(g.state, key) == expected(key, value), key


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.name)
def test_scene(scene: Scene) -> None:
    run_scene(scene)


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.name)
def test_scene_verdict_agrees_with_legal_moves(scene: Scene) -> None:
    g = table(scene.position, **scene.options)
    for move in scene.before:
        g.play(move)
    move = g.parse_move(scene.move) if isinstance(scene.move, str) else scene.move
    listed = any(same_move(m, move) for m in g.legal_moves())  # cards in any order
    assert listed is g.explain(move).legal


# --------------------------------------------------------------------------- the deal (DB-2..7, DB-33, DB-k)

@pytest.mark.parametrize("players, pack_count", [(2, 1), (3, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3)])
def test_the_deal(players, pack_count):
    state = dn.new_game(DB, players=players, seed=players).state
    assert GAME.packs_for(players) == pack_count
    assert Counter(state.all_cards()) == Counter(packs(pack_count, jokers=2))
    assert len(state.all_cards()) == 54 * pack_count
    assert sum(c.is_joker for c in state.all_cards()) == 2 * pack_count
    assert all(len(c) == 3 for c in state.closed)
    assert all(len(o) == 3 for o in state.open)
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.stock) == 54 * pack_count - 9 * players
    assert state.pile == () and state.burned == ()
    assert state.phase == "swap" and state.current_player == 0


def test_four_players_one_pack_five_players_two():
    assert len(dn.new_game(DB, players=4, seed=1).state.all_cards()) == 54
    assert len(dn.new_game(DB, players=5, seed=1).state.all_cards()) == 108


def test_the_swap_phase_then_p1_starts():
    g = dn.new_game(DB, players=3, seed=4)
    for seat in range(3):
        assert g.state.phase == "swap" and g.current_player == seat
        moves = g.legal_moves()
        assert moves and all(m.action == "face-up" and m.player == seat and len(m.cards) == 3 for m in moves)
        table_cards = Counter(g.state.hands[seat] + g.state.open[seat])
        assert len(moves) == len({tuple(sorted(m.cards)) for m in moves})
        choice = moves[-1]
        g.play(choice)
        assert Counter(g.state.open[seat]) == Counter(choice.cards)
        assert Counter(g.state.hands[seat] + g.state.open[seat]) == table_cards
    assert g.state.phase == "play" and g.current_player == 0
    assert any(kind == "start" for kind, _ in event_rules(g.history[-1].events))
    assert all(m.action in ("play", "stock") for m in g.legal_moves())


def test_six_distinct_table_cards_give_twenty_face_up_choices():
    g = table(SWAP)
    assert len(g.legal_moves()) == 20


# --------------------------------------------------------------------------- stages (DB-10)

@pytest.mark.parametrize("position, stage, actions", [
    (FITS_WITH_STOCK, 1, {"play", "stock"}),
    (LAST_CHANCE, 1, {"stock"}),
    (pos(["8C", "3C"], ["9S"], pile=["6C"]), 2, {"play"}),
    (STAGE3, 3, {"open"}),
    (CLOSED, 4, {"closed"}),
])
def test_the_four_stages(position, stage, actions):
    g = table(position)
    assert g.state.stage(0) == stage
    assert {m.action for m in g.legal_moves()} == actions


def test_a_move_of_another_game_is_explained_as_illegal():
    state = table(pos(["8C"], ["9S"])).state
    for move in (ShedMove(0, "complete", ()), ShedMove(0, "send", (), 1), "P1 play 8C", None):
        verdict = state.explain(move)
        assert not verdict.legal and "DB-10" in verdict.rule_ids
    with pytest.raises(dn.IllegalMove):
        state.apply(ShedMove(0, "send", (), 1))
    with pytest.raises(dn.MoveParseError):
        GAME.parse_move("P1 send P2")


def test_closed_cards_are_blind_even_to_their_owner():
    g = table(CLOSED)
    assert [str(m) for m in g.legal_moves()] == ["P1 closed 1", "P1 closed 2"]
    view = g.state.view(0).to_dict()
    assert view["closed_counts"] == [2, 1]
    text = repr(view) + g.explain("P1 closed 2").summary() + g.explain("P1 closed 1").summary()
    for hidden in ("3C", "3♣", "KD", "K♦"):
        assert hidden not in text


def test_finishing_order_and_the_danish_bastard():
    g = table(pos(["3C"], ["4C"], ["5C", "2D"], closed=[[], [], ["KS"]]))
    events = g.play("P1 play 3C")
    assert ("finish", "DB-31") in event_rules(events) and not g.is_over and g.current_player == 1
    events = g.play("P2 play 4C")
    assert ("end", "DB-31") in event_rules(events)
    assert g.result.order == (0, 1, 2) and g.result.loser == 2 and not g.result.draw
    assert "P3 is the Danish Bastard" in g.result.reason and g.result.reason_id == "out-of-cards"


def test_a_burner_who_finishes_hands_on_the_turn():
    g = table(pos(["10H"], ["4C"], ["5C"], closed=[[], ["KH"], ["KS"]], pile=["9C"]))
    events = g.play("P1 play 10H")
    kinds = [kind for kind, _ in event_rules(events)]
    assert "burn" in kinds and "finish" in kinds and "again" not in kinds
    assert g.state.finished == (0,) and g.current_player in (1, 2) and not g.is_over


# --------------------------------------------------------------------------- black joker

def test_after_a_black_joker_the_next_player_without_a_joker_can_only_take():
    g = table(pos(["BJ", "3C"], ["9S", "KD"]))
    g.play("P1 play BJ")
    assert [str(m) for m in g.legal_moves()] == ["P2 take"]
    verdict = g.explain("P2 take")
    assert verdict.legal and "DB-21" in verdict.rule_ids and "DB-f" in ruling_ids(verdict)
    g.play("P2 take")
    assert g.current_player == 0 and g.state.pile == ()
    assert sorted(c.code for c in g.state.hands[1]) == norm(["9S", "KD", "BJ"])


# --------------------------------------------------------------------------- draws (DB-p)

LOOP = pos(["3C", "4C"], ["KD", "5D", "6D"])
CYCLE = ["P1 play 3C", "P2 play KD", "P1 take", "P2 play 5D", "P1 play KD", "P2 take"]


def test_threefold_repetition_is_a_draw():
    g = table(LOOP)
    played = 0
    while not g.is_over:
        events = g.play(CYCLE[played % len(CYCLE)])
        played += 1
    assert played == 2 * len(CYCLE) + 3  # the position after P1's pick-up comes back a third time
    assert g.result.draw and g.result.loser is None
    assert ("draw", "DB-1") in event_rules(events)
    verdict = g.explain("P2 play 5D")
    assert not verdict.legal and "DB-1" in verdict.rule_ids and "DB-l" in ruling_ids(verdict)
    assert g.legal_moves() == []
    again = dn.load_record(g.to_record())
    assert again.result == g.result and again.states() == g.states()


def test_the_turn_limit_in_play_is_a_draw():
    g = table(LOOP, turn_limit=4)
    for move in CYCLE[:3]:
        g.play(move)
    assert not g.is_over
    events = g.play(CYCLE[3])
    assert g.is_over and g.result.draw and "turn limit of 4" in g.result.reason
    assert g.result.reason_id == "turn-limit"
    assert ("draw", "DB-1") in event_rules(events)


def test_the_default_turn_limit_does_not_stop_a_short_game():
    g = table(LOOP)
    for move in CYCLE[:4]:
        g.play(move)
    assert not g.is_over and Options().turn_limit == 2000


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_turn_limit_counts_every_move_from_the_deal(limit):
    """'The game is declared a draw after this many moves': the face-up choices are moves too."""
    g = dn.new_game(DB, players=4, seed=2, options={"turn_limit": limit})
    for _ in range(limit):
        g.play(g.legal_moves()[0])
    assert g.is_over and g.result.draw


@pytest.mark.parametrize("limit", [0, -5])
def test_a_turn_limit_below_one_is_an_options_error(limit):
    with pytest.raises(dn.OptionsError, match="turn_limit"):
        dn.new_game(DB, players=2, seed=1, options={"turn_limit": limit})


# --------------------------------------------------------------------------- catalogue coverage

def _cited_in_random_play(games: int = 30) -> tuple[set[str], set[str]]:
    rules, rulings = set(), set()
    for seed in range(games):
        options = {name: bool((seed >> i) & 1) for i, name in enumerate(BOOL_OPTIONS)}
        g = play_out(dn.new_game(DB, players=2 + seed % 7, seed=seed, options=options), seed,
                     agents=("random", "rule-of-thumb"))
        rules.update(rule for _, rule in event_rules(g.opening_events) if rule)
        rulings.update(e.ruling.id for e in g.opening_events if e.ruling)
        for state, step in zip(g.states(), g.history):
            verdict = state.explain(step.move)
            rules.update(verdict.rule_ids)
            rulings.update(ruling_ids(verdict))
            rules.update(rule for _, rule in event_rules(step.events) if rule)
            rulings.update(e.ruling.id for e in step.events if e.ruling)
    return rules, rulings


@pytest.fixture(scope="module")
def cited() -> tuple[set[str], set[str]]:
    rules, rulings = _cited_in_random_play()
    for scene in SCENES:  # what each scene's move cites (its own test checks the details)
        g = table(scene.position, **scene.options)
        for move in scene.before:
            g.play(move)
        verdict = g.explain(scene.move)
        rules.update(verdict.rule_ids)
        rulings.update(ruling_ids(verdict))
        if verdict.legal:
            events = g.play(scene.move)
            rules.update(rule for _, rule in event_rules(events) if rule)
            rulings.update(e.ruling.id for e in events if e.ruling)
    return rules, rulings


def test_every_enforced_rule_is_cited_by_some_verdict_or_event(cited):
    rules, _ = cited
    missing = [rule.id for rule in CATALOGUE if rule.enforced and rule.id not in rules]
    assert missing == [], f"enforced rules that no verdict or event cites: {missing}"


def test_unenforced_rules_say_why():
    for rule in CATALOGUE:
        assert rule.quote and rule.source == "1-danish-bastard.en.txt"
        if not rule.enforced:
            assert rule.note


def test_every_ruling_is_cited_by_some_verdict_or_event(cited):
    _, rulings = cited
    uncited = {r.id for r in RULINGS} - rulings
    assert not uncited, f"rulings that no verdict or event cites: {uncited}"
    for ruling in RULINGS:
        assert all(rule_id in CATALOGUE.rules for rule_id in ruling.rules)


def test_every_option_names_a_ruling_and_is_tried_both_ways():
    rulings = {r.id: r for r in RULINGS}
    tried = {name for scene in SCENES for name in scene.options}
    for info in option_infos(Options):
        assert info.ruling in rulings and rulings[info.ruling].option == info.name
        if info.name != "turn_limit":
            assert info.name in tried, f"no scene turns {info.name} to its other value"
    for ruling in RULINGS:
        if ruling.option:
            assert ruling.option in {i.name for i in option_infos(Options)}


# --------------------------------------------------------------------------- issue 18

def test_the_first_card_comes_from_the_hand_as_the_text_says():
    """DB-9: 'they start play by placing one of their in-hand cards on the table'."""
    assert "start play by placing one of their in-hand cards on the table" in CATALOGUE.rules["DB-9"].quote
    g = table(OPENING)
    for move in SWAPPED:
        g.play(move)
    assert "P1 stock" not in map(str, g.legal_moves())
    assert not Options().stock_opening
    opened = table(OPENING, stock_opening=True)
    for move in SWAPPED:
        opened.play(move)
    assert "P1 stock" in map(str, opened.legal_moves())


def test_after_a_black_joker_with_stock_left_the_stock_card_is_not_a_must():
    """DB-21: 'the person following must pick up the whole throw-away pile if they cannot play an
    additional joker'; ruling DB-f: the last-chance stock card may be tried instead."""
    g = table(BLACK_WITH_STOCK)
    assert {str(m) for m in g.legal_moves()} == {"P1 stock", "P1 take"}
    why = g.explain("P1 stock").summary()
    assert "must" not in why and "or take the pile" in why
    events = g.play("P1 take")
    take = next(e for e in events if e.kind == "take")
    assert (take.rule.id, take.ruling.id) == ("DB-21", "DB-f")


@pytest.mark.parametrize("players, pack_count", [(13, 4), (16, 4)])
def test_thirteen_to_sixteen_players_play_with_four_packs(players, pack_count):
    """DB-2: 'Can be played with 2 or more players'; DB-33: '1 pack of cards for UP to (each) 4 players'."""
    assert "2 or more players" in CATALOGUE.rules["DB-2"].quote
    g = dn.new_game(DB, players=players, seed=1)
    assert len(g.state.all_cards()) == 54 * pack_count
    assert "16 players" in CATALOGUE.rulings["DB-k"].reading


def test_more_than_sixteen_players_is_an_options_error_naming_the_range():
    with pytest.raises(dn.OptionsError, match="2 to 16 players"):
        dn.new_game(DB, players=17, seed=1)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(db.DanishBastardState.deck_for(5)), max_size=20), st.booleans(),
       st.sampled_from([None, *db.DanishBastardState.deck_for(1)]))
def test_the_one_pass_hand_moves_are_the_grouped_ones(hand, tidy, top):
    """The move generator, reading a hand's moves off its kinds, lists the same moves, in the same
    order, as grouping the fitting cards by kind, for sorted hands and for any other order."""
    hand = tuple(sorted(hand)) if tidy else tuple(hand)
    assert hand_moves(hand_kinds(1, hand), db._fitting_kinds(top, db.Options())) == \
        group_moves(1, "play", db._groups(hand, top, db.Options()))
