"""The game-agnostic protocol, one module a concern; nothing here knows a particular game.

- :mod:`~danish_nb.core.texts`: rules and rulings, reasons and verdicts, events, results, and
  the texts for learners they carry;
- :mod:`~danish_nb.core.options`: rule options and their checks;
- :mod:`~danish_nb.core.protocol`: what every game's immutable state offers, and its working copy
  for playouts;
- :mod:`~danish_nb.core.registry`: what a game declares, and the games by id;
- :mod:`~danish_nb.core.session`: the ``Game`` session (play, explain, undo, redo, records).

Every game module provides a :class:`GameRules` object; a :class:`Game` session drives one
immutable state after another through it. The errors and input bounds live a floor below
(:mod:`danish_nb.errors`); this package hands their names on too, so ``from danish_nb.core
import X`` reads any of them.

>>> rule = Rule("X-1", "You must follow suit.", source="example.txt")
>>> Verdict(None, True, (Reason(rule, "7♥ follows hearts"),)).legal
True
"""

from ..errors import (
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_MOVE_TEXT,
    MAX_POSITION_ITEMS,
    NOT_WELL_FORMED,
    DanishNbError,
    IllegalMove,
    MoveParseError,
    OptionsError,
    RecordError,
    _short,
    check_keys,
    check_plain,
    move_text,
)
from ..records import RECORD_FORMAT, RECORD_VERSION
from .options import OptionInfo, OptionsT, make_options, option, option_infos
from .protocol import RulesState, State, View, Working, builder
from .registry import (
    FAMILIES,
    GAMES,
    LANGUAGES,
    GameCard,
    GameInfo,
    GameParts,
    GameRegistry,
    GameRules,
    get_game,
    load_object,
    register,
)
from .session import KEEP_EVERY, Game, Step, load_record, new_game, setup
from .texts import (
    REASON_IDS,
    Catalogue,
    Event,
    Private,
    Reason,
    Result,
    Rule,
    Ruling,
    Text,
    Verdict,
    cited,
    render_text,
    source_text,
)

__all__ = ["FAMILIES", "GAMES", "KEEP_EVERY", "LANGUAGES", "MAX_DEPTH", "MAX_ITEMS", "MAX_MOVE_TEXT",
           "MAX_POSITION_ITEMS", "NOT_WELL_FORMED", "REASON_IDS", "RECORD_FORMAT", "RECORD_VERSION", "Catalogue",
           "DanishNbError", "Event", "Game", "GameCard", "GameInfo", "GameParts", "GameRegistry", "GameRules",
           "IllegalMove", "MoveParseError", "OptionInfo", "OptionsError", "OptionsT", "Private", "Reason",
           "RecordError", "Result", "Rule", "RulesState", "Ruling", "State", "Step", "Text", "Verdict", "View",
           "Working", "_short", "builder", "check_keys", "check_plain", "cited", "get_game", "load_object",
           "load_record", "make_options", "move_text", "new_game", "option", "option_infos", "register",
           "render_text", "setup", "source_text"]
