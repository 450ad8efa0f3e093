"""The package's Python side in a page with no server (``make site``: Pyodide in a Web Worker).

- :mod:`.pad`: :class:`~.pad.PagePad`, where a board writes its HTML and hears the browser's
  messages with no widget behind it (the same :class:`~danish_nb.widgets.board.Board`);
- :mod:`.app`: the app (settings, New game, language, the board, the coach) as plain HTML;
- :mod:`.lessons`: a lesson page's quizzes and replays, every verdict from the engine;
- :mod:`.session`: one entry taking a request and returning what changed, as JSON.

None of them imports ipywidgets, anywidget, IPython or Jupyter: the standard library and
danish_nb only.
"""
