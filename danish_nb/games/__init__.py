"""One module per game, each registering its game in ``danish_nb.GAMES``. Here each is declared
with its card (what a menu shows): a game's module is imported when the game is first looked up."""

from ..core import GAMES, GameCard

for _id, _module, _title, _family, _max_players in (
    ("danish-bastard", "danish_bastard", "Danish Bastard", "shedding", 16),
    ("le-danish", "le_danish", "Le danish", "shedding", 11),
    ("bastard", "bastard", "Bastard", "tricks", 4),
    ("rat-bastard-17", "rat_bastard_17", "Rat Bastard 17", "running-total", 2),
    ("sjavs", "sjavs", "Sjavs", "tricks", 4),
):
    GAMES.declare(_id, f"{__name__}.{_module}", GameCard(_id, _title, _family, _max_players))
