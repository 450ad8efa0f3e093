"""Re-execute notebooks in place, so their stored outputs (checked by nbval) are current.

Usage: ``python -m danish_nb.tools.execute_notebooks notebooks/*.ipynb`` (``make notebooks``).
Each notebook runs in its own folder with the ``python3`` kernel; a cell tagged
``raises-exception`` may raise, any other error stops with the cell's traceback. Widget states
are not stored (they would add hundreds of models, about 1 MB, to a lesson notebook): widgets
come alive when the notebook is run.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def execute(path: Path, timeout: int = 600, kernel: str = "python3") -> float:
    """Execute one notebook in place; returns the seconds it took."""
    start = time.perf_counter()
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name=kernel, store_widget_state=False,
                            record_timing=False,
                            resources={"metadata": {"path": str(path.parent.resolve())}})
    client.execute()
    for cell in notebook.cells:  # no run timestamps: a re-run changes only what the cells show
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print(__doc__)
        return 2
    for path in paths:
        if not path.is_file():
            print(f"no such notebook: {path}", file=sys.stderr)
            return 2
        print(f"{path}: executed in {execute(path):.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
