"""danish_nb imports from its page's wheel as it is, a zip on ``sys.path`` (zipimport), not
unpacked: it reads its data files as resources. (The page itself unpacks its wheels: importing from
the zip was tried and made a first visit's first click 0.3-0.9 s slower at 4x, while its first board
was not measurably faster; see benchmarks/site.py.) Every module of the page's wheel imports from the zip
and the page's session plays (its first board, the Practice screen with its styles, another
language's catalogue, a hint) in a fresh interpreter that, like the page's Python, has no
third-party package but the wheels the page ships (fsrs, typing-extensions)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import site_build.build

#: Run in a fresh interpreter with the page's wheel (argv[1]) first on its path and every third-party
#: package but the page's own wheels refused, as in the page's Python; prints what it found as JSON.
FROM_THE_ZIP = """
import importlib, json, pkgutil, sys
wheel = sys.argv[1]
PAGE = {"danish_nb", "fsrs", "typing_extensions"}

class NotInThePage:
    @staticmethod
    def find_spec(name, path=None, target=None):
        top = name.partition(".")[0]
        if top not in PAGE and top not in sys.stdlib_module_names:
            raise ModuleNotFoundError(f"not in the page: {name}", name=name)
        return None

sys.meta_path.insert(0, NotInThePage)
sys.path.insert(0, wheel)
import danish_nb
failed = {}
for module in pkgutil.walk_packages(danish_nb.__path__, "danish_nb."):
    try:
        importlib.import_module(module.name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] in PAGE:
            failed[module.name] = repr(error)
    except Exception as error:
        failed[module.name] = repr(error)
from danish_nb.web.session import Session
session = Session()
first = session.handle({"op": "app.open", "seed": 7})
practice = session.handle({"op": "app.screen", "screen": "practice"})
play = session.handle({"op": "app.screen", "screen": "play"})
french = session.handle({"op": "app.open", "lang": "fr", "seed": 7})
hint = session.handle({"op": "app.hint"})
print(json.dumps({
    "from": danish_nb.__file__, "failed": failed,
    "board": "dn-card" in first["board"],
    "practice styles": ".dn-practice" in practice["practice"] and "<style>" in practice["practice"],
    "french": "Nouvelle partie" in french["chrome"], "hint": bool(hint["coach"]["text"]),
}))
"""


@pytest.fixture(scope="module")
def page_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page's wheel, as ``make site`` builds it (before its bytecode)."""
    return site_build.build.project_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_page_imports_every_module_and_plays_from_its_wheel_as_a_zip(page_wheel: Path) -> None:
    done = subprocess.run([sys.executable, "-I", "-c", FROM_THE_ZIP, str(page_wheel)], capture_output=True,
                          text=True, cwd=page_wheel.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["from"].startswith(str(page_wheel) + "/")
    assert found["failed"] == {}
    assert found == {**found, "board": True, "practice styles": True, "french": True, "hint": True}


def test_the_practice_styles_are_read_without_a_file_path() -> None:
    """What the Practice screen draws its styles from is the package's resource (found in a zip as
    in a folder), not a path next to the module's file."""
    from importlib import resources

    from danish_nb.widgets import practice

    css = (resources.files("danish_nb.widgets") / "practice.css").read_text(encoding="utf-8")
    assert f"<style>{css}</style>" == practice.STYLE
    assert not hasattr(practice, "_HERE")
