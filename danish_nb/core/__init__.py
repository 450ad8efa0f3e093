"""The game-agnostic protocol (moved from ``core.py``; split by concern next).

>>> rule = Rule("X-1", "You must follow suit.", source="example.txt")
>>> Verdict(None, True, (Reason(rule, "7♥ follows hearts"),)).legal
True
"""

from .texts import (FAMILIES, GAMES, KEEP_EVERY, LANGUAGES, MAX_DEPTH, MAX_ITEMS, MAX_MOVE_TEXT, MAX_POSITION_ITEMS,
                    NOT_WELL_FORMED, REASON_IDS, RECORD_FORMAT, RECORD_VERSION, Catalogue, DanishNbError, Event, Game,
                    GameCard, GameInfo, GameParts, GameRegistry, GameRules, IllegalMove, MoveParseError, OptionInfo,
                    OptionsError, OptionsT, Private, Reason, RecordError, Result, Rule, RulesState, Ruling, State, Step,
                    Text, Verdict, _builder, _short, check_keys, check_plain, cited, get_game, load_object,
                    make_options, move_text, new_game, option, option_infos, register, render_text, setup, source_text)

__all__ = ["FAMILIES", "GAMES", "KEEP_EVERY", "LANGUAGES", "MAX_DEPTH", "MAX_ITEMS", "MAX_MOVE_TEXT",
           "MAX_POSITION_ITEMS", "NOT_WELL_FORMED", "REASON_IDS", "RECORD_FORMAT", "RECORD_VERSION", "Catalogue",
           "DanishNbError", "Event", "Game", "GameCard", "GameInfo", "GameParts", "GameRegistry", "GameRules",
           "IllegalMove", "MoveParseError", "OptionInfo", "OptionsError", "OptionsT", "Private", "Reason",
           "RecordError", "Result", "Rule", "RulesState", "Ruling", "State", "Step", "Text", "Verdict", "_builder",
           "_short", "check_keys", "check_plain", "cited", "get_game", "load_object", "make_options", "move_text",
           "new_game", "option", "option_infos", "register", "render_text", "setup", "source_text"]
