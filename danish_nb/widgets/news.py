"""What a board says to a screen reader: every move of every player since the last drawing, each
verdict shown, each message, whose turn it is and how the game ended, once each and in order.

:class:`News` follows one board. Before each drawing the board asks it what is new
(:meth:`News.since`); the drawing writes those items into the page, numbered (``data-n``), and the
page's script appends the ones it has not yet said to a polite live region (``role=log``), so
nothing is replaced and nothing said twice. Each item is the short form (who, what, the
consequence) in the viewer's words, never a rule's code; the rule's own words are one key away
(:attr:`Said.rules`, read on ``R``).

>>> import danish_nb as dn
>>> from danish_nb.widgets import board_for
>>> board = board_for(dn.new_game("danish-bastard", players=2, seed=4242))
>>> [text for _n, text in board.news.last.items]
['Your turn']
>>> verdict = board.choose("P1 stock")
>>> [text for _n, text in board.news.last.items]  # a refused move: the verdict, never a code
['Illegal: Turn over the top stock card. P1 first chooses which cards stay face up.']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Verdict, render_text
from ..core.texts import Rule
from ..i18n import N_, M, Message, in_turn, translator
from ..words import move_words

#: The longest item said at once (a longer one is cut at its last sentence or clause that fits:
#: the whole text stays on the page, e.g. a match's scores in the game-over box).
LONGEST = 240
#: The most moves said on a board's first drawing (those since the viewer's last move).
FIRST = 12
#: What a refused move says above the verdict that explains it.
NOT_PLAYED = M("Not played: the rules do not allow it (see why below).")
#: What a class table's board says of a move the table did not store (:func:`not_played`): why, and
#: the seat's move that came first if one did, each line a whole sentence of the catalogue.
NOT_PLAYED_WHY = N_("Not played: {why}")
NOT_PLAYED_AFTER = N_("Not played, because this move came first: {move}. {why:cap}")


def not_played(why: Any, first: str | None = None) -> Message:
    """What the board says of a move the class table did not store: ``why`` (an error or a
    verdict's summary) after ``first``, the seat's move that came first, if any. An error that says
    itself the move was not played (a lost race, :class:`~danish_nb.tables.errors.MoveConflict`)
    is said alone, once.

    >>> not_played("the table is closed").render("fr")
    'Pas joué\u202f: the table is closed'
    >>> not_played("illegal. The six is lower", first="Play the ten").render()
    'Not played, because this move came first: Play the ten. Illegal. The six is lower'
    """
    from ..tables.errors import MoveConflict  # (imported by class tables' boards only)

    if isinstance(why, MoveConflict):
        return M("{why:cap}", why=why)
    if first is not None:
        return M(NOT_PLAYED_AFTER, move=first, why=why)
    return M(NOT_PLAYED_WHY, why=why)


@dataclass(frozen=True, slots=True)
class Said:
    """What one drawing says: its ``items`` (number, words), numbered on from the drawing before
    (a number the page has passed already means a new board on the same page: its count starts
    afresh), and the words of the rules behind the last move or verdict (``rules``: each rule's
    words and their language, read on a key)."""

    items: tuple[tuple[int, str], ...] = ()
    rules: tuple[tuple[str, str], ...] = ()


def shorten(text: str, longest: int = LONGEST) -> str:
    """``text``, cut at its last sentence or clause end that fits in ``longest`` characters.

    >>> shorten("P1 wins. P1 has 12 points; P2 has 3 points; P3 has 1 point.", 40)
    'P1 wins. P1 has 12 points; …'
    >>> shorten("short")
    'short'
    """
    if len(text) <= longest:
        return text
    head = text[:longest - 2]
    for mark in (". ", "; ", ", ", " "):
        cut = head.rfind(mark)
        if cut > longest // 3:
            return head[:cut + 1].rstrip() + " …"
    return head.rstrip() + " …"


def rule_quote(rule: Rule | None, lang: str) -> tuple[str, str]:
    """A rule's own words for a reader of ``lang``, never its code, and the language they are
    in: the quote if it is in ``lang``, else its rendering in ``lang``, else in English.

    >>> import danish_nb as dn
    >>> text, lang = rule_quote(dn.GAMES["danish-bastard"].catalogue["DB-11"], "en")
    >>> text[:30], lang
    ('During this section of play, a', 'en')
    """
    if rule is None:
        return "", lang
    own = rule.rendering(lang)
    if own:
        return own, lang
    if rule.language == lang:
        return rule.quote, lang
    return (rule.english, "en") if rule.english else (rule.quote, rule.language)


class News:
    """What one board has said, and what is new since its last drawing."""

    def __init__(self) -> None:
        self._count = 0
        self._moves: int | None = None
        self._verdict: Verdict | None = None
        self._message = ""
        self._turn = ""
        self._over = ""
        self._position: int | None = None
        self._screened = False
        #: What the last drawing said.
        self.last = Said()

    def since(self, board: Any, quiet: str = "") -> Said:
        """What is new on ``board`` since the last call, as its viewer may read it (``quiet``: a
        message not to say, e.g. a search's progress after its start)."""
        game, lang = board.game, board.lang
        tr = translator(lang)
        viewer, reveal = (None, False) if board.screened else (board.viewer, board.teaching)
        said: list[str] = []
        moved = False
        rules: list[Rule | None] = []
        played = len(game.history)
        start = _since_last_turn(board) if self._moves is None else min(self._moves, played)  # undo: none
        if board.screened:
            if not self._screened:
                said.append(tr("Pass the screen to {name}.", name="P" + str((board.viewer or 0) + 1)))
        elif board.position is None:
            moved = played > start
            for step in game.history[start:played]:
                events = [render_text(e.text, viewer, reveal, lang=lang) for e in step.events]
                said.append(" ".join(_sentence(e) for e in events) if events else _sentence(
                    move_words(step.move, viewer, lang=lang, reveal_hands=reveal, player=True)))
                rules = [e.rule for e in step.events]
            self._moves = played  # moves made while looking back or behind the screen: said later
        if board.position != self._position and board.position is not None:
            said.append(tr("move {position} of {last}", position=board.position, last=played))
        verdict = board.verdict
        if verdict is not None and verdict is not self._verdict and not board.screened:
            said.append(verdict_words(verdict, lang, viewer, reveal))
            rules = [r.rule for r in verdict.reasons]
        message = board.message
        if message and message != self._message and message != quiet and not (verdict is not None and
                                                                                _not_played(message, lang)):
            said.append(message)
        turn = _turn_words(board, tr)
        if turn and (turn != self._turn or moved):
            said.append(turn)
        result = game.result
        over = tr("Game over: {reason}", reason=result.reason_in(lang)) if result is not None else ""
        if over and over != self._over and board.position is None:
            said.append(over)
        self._verdict, self._message, self._turn, self._over = verdict, message, turn, over
        self._position, self._screened = board.position, board.screened
        items = []
        for text in said:
            self._count += 1
            items.append((self._count, shorten(text)))
        words = tuple((_sentence(text), where) for text, where in dict.fromkeys(rule_quote(r, lang) for r in rules)
                      if text)
        self.last = Said(tuple(items), words)
        return self.last


def verdict_words(verdict: Verdict, lang: str, viewer: int | None = None, reveal: bool = False) -> str:
    """A verdict's short form: legal or not and the move, then its reasons in words (no codes), one
    after another as the reader's language writes them.

    >>> import danish_nb as dn
    >>> g = dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]})
    >>> verdict_words(g.explain("P1 play 4C"), "en")
    'Illegal: Play the four of clubs. The four of clubs on the six of clubs: lower than the card before.'
    >>> verdict_words(g.explain("P1 play 4C"), "fr")[:40]
    'Illégal\u202f: jouer le quatre de trèfle. Le '
    """
    tr = translator(lang)
    words = move_words(verdict.move, viewer, lang=lang, reveal_hands=reveal)
    head = tr("Legal: {move}", move=words) if verdict.legal else tr("Illegal: {move}", move=words)
    if not verdict.reasons:
        return _sentence(head)
    reasons = in_turn(render_text(r.text, viewer, reveal, lang=lang) for r in verdict.reasons)  # "a ; b" in French
    return _sentence(tr("{verdict}. {reasons:cap}", verdict=head, reasons=reasons))  # a sentence has one colon


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end.

    >>> _sentence("everyone has substituted: P1 starts")
    'Everyone has substituted: P1 starts.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def _since_last_turn(board: Any) -> int:
    """Where the moves to say start on a board's first drawing: after the viewer's last move, at
    most :data:`FIRST` moves back."""
    history = board.game.history
    start = max(0, len(history) - FIRST)
    for index in range(len(history) - 1, start - 1, -1):
        if history[index].move.player == board.viewer:
            return index + 1
    return start


def _not_played(message: str, lang: str) -> bool:
    """Whether ``message`` only says a move was not played (the verdict said so, and why)."""
    return message == translator(lang).render(NOT_PLAYED)


def _turn_words(board: Any, tr: Any) -> str:
    """Whose turn it is in the position shown (``''`` once the game is over)."""
    if board.screened:
        return ""
    state = board.game.states()[board.position] if board.position is not None else board.game.state
    turn = state.current_player
    if state.result is not None or turn is None:
        return ""
    if turn == board.viewer and board.seats[turn] == "human":
        return tr("Your turn")
    return tr("{name} to play", name=board.names()[turn])


__all__ = ["LONGEST", "NOT_PLAYED", "News", "Said", "not_played", "shorten", "verdict_words"]
