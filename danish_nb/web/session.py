"""One visitor's Python in the page: the app and the lesson page's boards, quizzes and replays,
behind one entry that takes a request and returns what changed, both as JSON text (the static
site's Web Worker calls :meth:`Session.handle_json`; any other transport can).

A request is ``{"op": ..., ...}``; the answer is a dict of what to redraw, or ``{"error": ...}``
with one sentence in the page's language when the request cannot be done (nothing changes then).

>>> session = Session()
>>> first = session.handle({"op": "app.open", "lang": "fr", "seed": 7})
>>> "dn-seat" in first["board"], "Nouvelle partie" in first["chrome"]
(True, True)
>>> bad_card = {"act": "card", "zone": "hand", "idx": "99"}
>>> "Ignoré — une carte" in session.handle({"op": "app.msg", "message": bad_card})["board"]
True
>>> session.handle({"op": "quiz.answer", "spec": {"record": "{}"}, "move": "P1 take"})["error"]
'not a danish-nb record (format is None)'
>>> session.handle({"op": "fly"})["error"]
'unknown request fly'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ..core import DanishNbError, load_record
from ..i18n import LANGUAGES, M, translator
from ..widgets import Board, board_for
from .app import PageApp, Progress
from .lessons import quiz_answers, quiz_check_html, quiz_verdict_html, replay_html
from .pad import PagePad


class Session:
    """The app (made by ``app.open``) and the boards and practices of a lesson page, by the page's key."""

    def __init__(self, progress: Progress | None = None, partial: Callable[[str], None] | None = None):
        self.progress, self.partial = progress, partial
        self.app: PageApp | None = None
        self.boards: dict[str, tuple[Board, PagePad]] = {}
        self.practices: dict[str, tuple[Any, PagePad]] = {}

    def handle_json(self, text: str) -> str:
        return json.dumps(self.handle(json.loads(text)))

    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        lang = request.get("lang") if request.get("lang") in LANGUAGES else "en"
        op = str(request.get("op"))
        method = getattr(self, "_" + op.replace(".", "_"), None) if op in OPS else None
        try:
            if method is None:
                raise DanishNbError(M("unknown request {op}", op=op[:40]))
            return method(request, lang)
        except DanishNbError as exc:
            return {"error": exc.text_in(lang)}
        except (TypeError, ValueError, KeyError, OverflowError):
            return {"error": translator(lang)("a message with bad values")}

    # ------------------------------------------------------------------ the app
    def _app(self) -> PageApp:
        if self.app is None:
            raise DanishNbError(M("the app has not started"))
        return self.app

    def _app_open(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        seed = request.get("seed")
        if self.app is not None:
            self.app.board.close()
        self.app = PageApp(seed=seed if isinstance(seed, int) else None, lang=lang, progress=self.progress,
                           partial=self.partial)
        return self.app.update(chrome=True)

    def _app_change(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().change(_values(request))

    def _app_new(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().new_game(_values(request))

    def _app_again(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().same_deal_again(_values(request))

    def _app_msg(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().message_to_board(request.get("message"))

    def _app_screen(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().screen(str(request.get("screen")))

    def _app_practice(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().message_to_practice(request.get("message"))

    def _app_hint(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().hint()

    def _app_review(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return self._app().review()

    # ------------------------------------------------------------------ a lesson page
    def _lesson_board(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """A lesson's board (its spec: a record and the seats), drawn in ``lang``; ``keep``: the
        game already on the page's board under that key goes on (another language)."""
        key, spec = str(request["key"]), request["spec"]
        old = self.boards.pop(key, None)
        if old is not None:
            old[0].close()
        game = old[0].game if old is not None and request.get("keep") else load_record(spec["record"])
        pad = PagePad()
        self.boards[key] = (board_for(game, seats=spec.get("seats"), teaching=bool(spec.get("teaching")), lang=lang,
                                      background=False, pad=pad), pad)
        return {"board": pad.take()}

    def _lesson_msg(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        found = self.boards.get(str(request.get("key")))
        if found is None:
            raise DanishNbError(M("there is no board {key} on this page", key=str(request.get("key"))[:40]))
        _board, pad = found
        pad.deliver(request.get("message"))
        return {"board": pad.take()}

    def _lesson_practice(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """A lesson's practice (its spec: the game), the same as Jupyter's
        (:class:`~danish_nb.widgets.practice.PracticeWidget`) on a pad of the page, kept in memory;
        ``keep``: the one on the page goes on in ``lang``."""
        from ..widgets.practice import PracticeWidget

        key, game = str(request["key"]), str(request["spec"]["game"])
        old = self.practices.get(key)
        if old is not None and request.get("keep"):
            old[0].set_lang(lang)
        else:
            pad = PagePad()
            self.practices[key] = (PracticeWidget(game, lang=lang, seed=request["spec"].get("seed"), pad=pad), pad)
        return {"practice": self.practices[key][1].html}

    def _lesson_practice_msg(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        found = self.practices.get(str(request.get("key")))
        if found is None:
            raise DanishNbError(M("there is no board {key} on this page", key=str(request.get("key"))[:40]))
        found[1].deliver(request.get("message"))
        return {"practice": found[1].take()}

    def _quiz_answer(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"verdict": quiz_verdict_html(request["spec"], str(request.get("move")), lang)}

    def _quiz_check(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"verdict": quiz_check_html(request["spec"], request.get("cards", ()), lang)}

    def _quiz_answers(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"answers": quiz_answers(request["spec"], lang)}

    def _replay_step(self, request: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"html": replay_html(request["spec"], int(request.get("step", 0)), lang)}


#: The requests a page may make.
OPS = frozenset({"app.open", "app.change", "app.new", "app.again", "app.msg", "app.screen", "app.practice",
                 "app.hint", "app.review",
                 "lesson.board", "lesson.msg", "lesson.practice", "lesson.practice_msg", "quiz.answer", "quiz.check",
                 "quiz.answers", "replay.step"})


def _values(request: Mapping[str, Any]) -> Mapping[str, Any]:
    values = request.get("values", {})
    if not isinstance(values, Mapping):
        raise DanishNbError(M("the settings come as a form's values"))
    return values


__all__ = ["OPS", "Session"]
