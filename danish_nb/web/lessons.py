"""The live parts of a lesson page in the browser: position quizzes and stepped replays, drawn
from the engine with no widget (the static site's lesson pages, ``site_build/lessons.py``).

A lesson page carries each as a small JSON *spec* (a game record, replayed and checked by
:func:`~danish_nb.core.load_record`); every verdict is asked of the engine when the learner
clicks, in the page's language. A quiz is the same :class:`~danish_nb.render.quiz.Quiz` as
Jupyter's :class:`~danish_nb.widgets.lesson.PositionQuiz` draws: the same moves, words, card
picker and answer sheet; a replay's steps are :func:`~danish_nb.render.replay.step_lines`, as
:class:`~danish_nb.widgets.lesson.Replay` tells them.

>>> import danish_nb as dn
>>> spec = quiz_spec(dn.setup("danish-bastard", {"hands": [["8H", "4C"], ["9S"]], "pile": ["6C"]}), ["P1 play 4C"])
>>> quiz_moves(spec, "fr")
[('P1 play 4♣', 'Jouer le quatre de trèfle'), ('P1 play 8♥', 'Jouer le huit de cœur')]
>>> print(quiz_answers(spec, "de").splitlines()[0])
Kreuz-Vier spielen? Nicht erlaubt – Kreuz-Vier auf Kreuz-Sechs: niedriger als die Karte davor (Regel DB-13)
>>> quiz_answer(spec, "P1 take", "en")
Traceback (most recent call last):
danish_nb.errors.DanishNbError: P1 take is not one of this quiz's moves: P1 play 4♣, P1 play 8♥
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import DanishNbError, Game, Verdict, load_record, render_text
from ..i18n import LANGUAGES, translator
from ..render.html import escape, verdict_html
from ..render.quiz import CHECK, PICK, PROMPT, Quiz, face_text
from ..render.replay import step_lines
from ..render.views import lesson_table

Spec = Mapping[str, Any]


# --------------------------------------------------------------------------- quizzes

def quiz_spec(game: Game, try_moves: Iterable[Any] = (), player: int | None = None) -> dict[str, Any]:
    """The spec of a quiz on ``game``'s position: its record, the tempting moves to offer beside
    the legal ones, and whose view the table shows (default: the player to move)."""
    return Quiz(game, try_moves, player=player).spec()


def quiz_moves(spec: Spec, lang: str = "en") -> list[tuple[str, str]]:
    """The quiz's moves as (notation, what the button says in ``lang``: the move in words)."""
    quiz = Quiz.from_spec(spec, lang)
    return [(str(m), quiz.words(m)) for m in quiz.moves]


def quiz_html(spec: Spec, lang: str = "en") -> str:
    """The quiz as the page first shows it (:func:`quiz_body`, its table from the viewer's view);
    verdicts come from :func:`quiz_answer`."""
    quiz = Quiz.from_spec(spec, lang)
    return quiz_body(quiz, lesson_table(quiz.view(), quiz.lang))


def quiz_body(quiz: Quiz, table: str, prompt: Any = PROMPT) -> str:
    """A quiz as every host first shows it (the page, and Jupyter and Voila's
    :class:`~danish_nb.widgets.lesson.PositionQuiz`): ``table`` (its drawing of the viewer's view),
    the question (``prompt``), the card picker if it has one (``data-pick``: a card's code) and one button per
    other move (``data-move``: its notation, which the learner never reads), and where the verdict goes.

    >>> import danish_nb as dn
    >>> quiz = Quiz(dn.setup("danish-bastard", {"hands": [["8H"], ["9S"]], "pile": ["6C"]}))
    >>> quiz_body(quiz, "")[:98]
    '<p><b>What may you play? Click a move to see what the rules say.</b></p><div class="dn-quiz-moves"'
    """
    tr = translator(quiz.lang)
    buttons = "".join(f'<button type="button" data-move="{escape(str(move), quote=True)}">'
                      f"{escape(quiz.words(move))}</button>" for move in quiz.buttons)
    picker = ""
    if quiz.picked:
        cards = "".join(f'<button type="button" data-pick="{card.code}" aria-pressed="false" '
                        f'aria-label="{escape(quiz.card_words(card), quote=True)}" '
                        f'title="{escape(quiz.card_words(card), quote=True)}">'
                        f"{escape(face_text(card, quiz.lang))}</button>" for card in quiz.cards)
        picker = (f'<p>{escape(tr(PICK))}</p><div class="dn-quiz-cards" role="group">{cards} '
                  f'<button type="button" class="dn-quiz-check" data-check="1">{escape(tr(CHECK))}</button></div>')
    return (f"{table}<p><b>{escape(tr.render(prompt))}</b></p>{picker}"
            f'<div class="dn-quiz-moves" role="group">{buttons}</div><div class="dn-quiz-verdict" role="status"></div>')


def quiz_answer(spec: Spec, move: str, lang: str = "en") -> Verdict:
    """The engine's verdict on one of the quiz's moves (its notation; a shedding move's cards in
    any order). Raises :class:`DanishNbError` for a move the quiz does not offer."""
    return Quiz.from_spec(spec, lang).answer(move)


def quiz_verdict_html(spec: Spec, move: str, lang: str = "en") -> str:
    quiz = Quiz.from_spec(spec, lang)
    return verdict_html(quiz.answer(move), lang, viewer=quiz.seat)


def quiz_check_html(spec: Spec, cards: Sequence[str], lang: str = "en") -> str:
    """The verdict on the move the picked cards make (their codes), as the page shows it."""
    quiz = Quiz.from_spec(spec, lang)
    if not isinstance(cards, Sequence) or not all(isinstance(c, str) for c in cards):
        raise DanishNbError("a message with bad values")
    return verdict_html(quiz.check(list(cards)), lang, viewer=quiz.seat)


def quiz_answers(spec: Spec, lang: str = "en") -> str:
    """Every offered move's verdict, one line each, in words (the quiz's answer sheet)."""
    return Quiz.from_spec(spec, lang).answers()


# --------------------------------------------------------------------------- replays

def replay_spec(game: Game, comments: Sequence[Any] | None = None, player: int | None = None,
                reveal_hands: bool = False) -> dict[str, Any]:
    """The spec of a replay of ``game`` as ``player`` may read it, with a comment per move (each
    rendered for that reader in every language now: a computer's reason may name private cards)."""
    if comments is not None and len(comments) != len(game.history):
        raise DanishNbError(f"{len(comments)} comments for {len(game.history)} moves")
    rendered = {lang: [render_text(c, player, reveal_hands, lang=lang) for c in comments] for lang in LANGUAGES} \
        if comments is not None else None
    return {"record": game.to_record(), "comments": rendered, "player": player, "reveal": reveal_hands}


def replay_step(spec: Spec, step: int, lang: str = "en", game: Game | None = None) -> dict[str, Any]:
    """Step ``step`` of a replay (clipped to 0..moves) in ``lang``: the table then, and the move,
    the comment, the rules and the events as the replay's reader may read them.

    >>> import danish_nb as dn
    >>> g = dn.new_game("danish-bastard", players=2, seed=3)
    >>> _ = g.play(g.legal_moves()[0])
    >>> shown = replay_step(replay_spec(g, player=0), 5, "fr")
    >>> shown["step"], shown["last"], shown["lines"][0]
    (1, 1, 'coup 1 (P1)\u202f: laisser le quatre de cœur, le six de carreau et le huit de carreau face visible')
    """
    game = game or load_record(spec["record"])
    player, reveal = spec.get("player"), bool(spec.get("reveal"))
    last = len(game.history)
    step = max(0, min(int(step), last))
    states = game.states()
    view = states[step].view(player, reveal_hands=True) if reveal else states[step].view(player)
    comments = (spec.get("comments") or {}).get(lang)
    comment = comments[step - 1] if comments is not None and step else None
    lines = step_lines(states, game.history, step, player, reveal, lang, comment)
    return {"step": step, "last": last, "lines": lines, "table": lesson_table(view, lang)}


def replay_html(spec: Spec, step: int, lang: str = "en", game: Game | None = None) -> str:
    """A replay's step as the page shows it: the move in bold, the rest as a list, the table."""
    shown = replay_step(spec, step, lang, game)
    first, *rest = shown["lines"]
    items = "".join(f"<li>{escape(line)}</li>" for line in rest)
    return f'<div class="dn-replay-info"><b>{escape(first)}</b><ul>{items}</ul></div>{shown["table"]}'


__all__ = ["quiz_answer", "quiz_answers", "quiz_check_html", "quiz_html", "quiz_moves", "quiz_spec",
           "quiz_verdict_html", "replay_html", "replay_spec", "replay_step"]
