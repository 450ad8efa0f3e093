"""Where the app's solo game lives between two pages of one tab: in the browser's
``sessionStorage`` (this tab only), as its record and its seats' kinds, kept after every move.

When the page opens again (a reload, or the page coming back by itself after its server
restarted, see :mod:`danish_nb.server.pages`) the keeper reports what it keeps, and the app
goes on with that game where it was instead of a fresh deal. The record replays and is checked
move by move (:func:`danish_nb.core.load_record`): one that does not is ignored. It holds the
deal's seed, which the app's seed field shows anyway (a solo game hides nothing from its player
that the app does not show).

>>> from danish_nb.app_model import AppModel
>>> played = AppModel(seed=5, background=False)
>>> kept = []
>>> _ = GameKeeper(send=kept.append).attach(played)
>>> _ = played.board.game.play(played.board.game.legal_moves()[0])
>>> model = AppModel(seed=9, background=False)
>>> GameKeeper().attach(model)._on_report(None, {"act": "stored", "game": kept[-1]["game"]}, [])
>>> model.board.game.to_record()["moves"][0] == played.board.game.to_record()["moves"][0]  # (the computers go on)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget

if TYPE_CHECKING:
    from ..app_model import AppModel
    from .board import Board

#: The longest kept game a page may report (its record as JSON), in characters.
KEPT_LIMIT = 200_000

KEEPER_JS = """
const KEY = "danish-nb-game";
function render({ model, el }) {
  let game = null;
  try { game = JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch (e) { game = null; }
  model.send({ act: "stored", game: game });
  const onMsg = (msg) => {
    try { if (msg.act === "keep") sessionStorage.setItem(KEY, JSON.stringify(msg.game)); }
    catch (e) { /* no storage: a restart deals afresh */ }
  };
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


class GameKeeper(anywidget.AnyWidget):
    """Shows nothing; keeps the app's solo game in this tab (see the module docstring).
    ``send`` replaces the widget's message to the page (tests)."""

    _esm = KEEPER_JS

    def __init__(self, send: Callable[[Any], None] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.model: AppModel | None = None
        self.redraw: Callable[[], None] = lambda: None
        self.reported = False
        self._game: Any = None
        self._out = send or self.send
        self.on_msg(self._on_report)

    def attach(self, model: AppModel, redraw: Callable[[], None] | None = None) -> GameKeeper:
        """Keep ``model``'s games from now on; ``redraw`` draws the app once a kept game is back."""
        self.model = model
        self.redraw = redraw or self.redraw
        model.shown.append(self._watch)
        if model.board is not None:
            self._watch(model.board)
        return self

    def _watch(self, board: Board) -> None:
        """A new board: follow its game (one listener, on the game shown now)."""
        if self._game is not None and self._heard in self._game.listeners:
            self._game.listeners.remove(self._heard)
        self._game = board.game
        board.game.listeners.append(self._heard)
        self._heard(board.game)

    def _heard(self, _game: Any) -> None:
        board = self.model.board if self.model is not None else None
        if board is not None:
            self._out({"act": "keep", "game": {"record": board.game.to_record(), "seats": list(board.seats)}})

    def _on_report(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The page's report when it opens: go on with the game it keeps, if the app has shown
        nothing but its first deal (a game already played on this page is not replaced)."""
        if self.reported or not isinstance(content, dict) or content.get("act") != "stored":
            return
        self.reported = True
        kept = content.get("game")
        model = self.model
        if not isinstance(kept, dict) or model is None or model.generation != 1:
            return
        if len(json.dumps(kept)) > KEPT_LIMIT:
            return
        if model.resume(kept.get("record"), kept.get("seats")) is not None:
            self.redraw()


__all__ = ["KEPT_LIMIT", "GameKeeper"]
