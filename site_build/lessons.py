"""The lesson notebooks as read-only pages of the site (``site/lessons/``): their stored outputs
(executed by ``make notebooks``) converted to HTML with nbconvert, nothing run in the browser and
nothing fetched from another host. A widget output (a board, a quiz) cannot work without a kernel:
a note stands in for it, pointing to the playable app and to Jupyter.
"""

from __future__ import annotations

import copy
import html
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LESSONS = HERE.parent / "notebooks"
PATTERN = "0*.ipynb"
WIDGET = "application/vnd.jupyter.widget-view+json"
WIDGET_NOTE = ('<p class="dn-widget-note"><i>An interactive widget stood here. Run this notebook in Jupyter '
               'to use it, or <a href="../voici/render/app.html">play in the browser</a>.</i></p>')


def without_widgets(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``notebook`` whose widget outputs are replaced by a short note.

    >>> cell = {"cell_type": "code", "source": "", "metadata": {}, "outputs": [{"output_type":
    ...     "display_data", "metadata": {}, "data": {WIDGET: {"model_id": "1"}, "text/plain": "Board(...)"}}]}
    >>> out = without_widgets({"cells": [cell], "metadata": {}})["cells"][0]["outputs"][0]["data"]
    >>> sorted(out), "widget" in out["text/html"]
    (['text/html'], True)
    """
    notebook = copy.deepcopy(notebook)
    notebook["metadata"].pop("widgets", None)
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if WIDGET in output.get("data", {}):
                output["data"] = {"text/html": WIDGET_NOTE}
    return notebook


def title(notebook: dict[str, Any], fallback: str) -> str:
    """The first heading of the notebook's first markdown cell.

    >>> title({"cells": [{"cell_type": "markdown", "source": ["# Start here: danish_nb\\n", "text"]}]}, "x")
    'Start here: danish_nb'
    """
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            first = "".join(cell["source"]).strip().splitlines()[0]
            return first.lstrip("#").strip() if first.startswith("#") else fallback
    return fallback


def build_lessons(out: Path) -> list[str]:
    """Write one page per lesson notebook and an index into ``out``; returns the page names."""
    import nbformat
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab", extra_template_paths=[str(HERE / "templates")])
    exporter.template_file = "lesson.html.j2"
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for path in sorted(LESSONS.glob(PATTERN)):
        notebook = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
        name = path.stem + ".html"
        page, _ = exporter.from_notebook_node(without_widgets(notebook))
        (out / name).write_text(page, encoding="utf-8")
        entries.append(f'<li><a href="{name}">{html.escape(title(notebook, path.stem))}</a></li>')
    (out / "index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lessons: Danish card games"
        "</title></head>\n<body><h1>Lessons: Danish card games</h1>\n<p>Read-only pages of the lesson notebooks, "
        "with the outputs they gave when last run. <a href=\"../voici/render/app.html\">Play the games</a> in "
        "your browser.</p>\n<ol>\n" + "\n".join(entries) + "\n</ol>\n</body></html>\n", encoding="utf-8")
    return [entry.split('"')[1] for entry in entries]
