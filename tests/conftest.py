"""Shared fixtures. Browser tests (marker ``browser``) drive Debian's Chromium through
pytest-playwright against the app served by the same code path as the ``danish-nb`` command.

Without a Chromium the browser tests are skipped, unless ``CI=true``: there they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NO_CHROMIUM = ("no Chromium found on PATH (Playwright's own browser download does not work here); "
               "install it with `apt-get install -y chromium` to run the browser tests")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The system Chromium; skips the test without one (fails under ``CI=true``)."""
    if CHROMIUM is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {NO_CHROMIUM}")
        pytest.skip(NO_CHROMIUM)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, chromium_path: str) -> dict:
    """pytest-playwright's launch arguments, pointed at the system Chromium."""
    return {**browser_type_launch_args, "executable_path": chromium_path}


@pytest.fixture(scope="session")
def voila_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the session's Voila server writes its log (cell errors show there, not on the page)."""
    return tmp_path_factory.mktemp("voila") / "voila.log"


@pytest.fixture(scope="session")
def app_url(chromium_path: str, voila_log: Path) -> Iterator[str]:
    """The Voila app served on a free port for the whole session (preheated, as in production)."""
    from danish_nb import app_server

    port = app_server.free_port()
    with open(voila_log, "w", encoding="utf-8") as log, \
            app_server.serving(port, timeout=120, log=log) as url:
        yield url
