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
    """The Voila app served on a free port for the whole session (preheated, as in production).

    Its pool refills as soon as it hands a kernel over (``GentlePool.refill_after=0``), not once
    the room has been quiet for 10 s: the browser tests open one page after another and keep
    their kernels busy, so the room is never quiet and each page would wait for a kernel to
    start and run the notebook. The gentle refill itself is tested in test_classroom*.py.
    """
    from danish_nb import app_server
    from helpers import voila_serving

    port = app_server.free_port()
    with open(voila_log, "w", encoding="utf-8") as log, \
            voila_serving([*app_server.command(port), "--GentlePool.refill_after=0"], port, log) as url:
        yield url


#: Test modules that are not scanned for doctests (``--doctest-modules``): the plugin ``pg_fixture``,
#: left to ``pytest_plugins`` (imported first, pytest could not rewrite its asserts), and the toy
#: game, which registers itself when imported (only its own tests may register it, and remove it).
NOT_SCANNED = frozenset({"pg_fixture.py", "toy_game.py"})


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    return True if collection_path.name in NOT_SCANNED else None


#: Modules that start a Voila server of their own without a browser (see :func:`xdist_group_of`).
SERVED_MODULES = frozenset({"test_app_server.py", "test_classroom.py", "test_classroom_pages.py"})


def xdist_group_of(item: pytest.Item) -> str:
    """The work unit ``make test`` gives a test under pytest-xdist (``--dist loadgroup``):

    - ``served``: everything that drives Chromium or starts a Voila server (whatever needs
      :func:`chromium_path`, and :data:`SERVED_MODULES`), on one worker one after another, as in
      a plain run: their servers, kernels and browser do not fight each other for the 2 cores;
    - ``postgres``: the modules that use the throwaway cluster (``pg_fixture``), so it starts once;
    - otherwise the test's own module, so its module-scoped fixtures are built once.
    """
    path = item.nodeid.split("::", 1)[0]
    if "chromium_path" in getattr(item, "fixturenames", ()) or path.rsplit("/", 1)[-1] in SERVED_MODULES:
        return "served"
    if "pg_fixture" in getattr(getattr(item, "module", None), "pytest_plugins", ()):
        return "postgres"
    return path


@pytest.hookimpl(tryfirst=True)  # before xdist's worker reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its :func:`xdist_group_of`, and run the served group first: it is the
    longest one-worker unit, so under ``-n 2`` the other worker takes the rest meanwhile."""
    for item in items:
        item.add_marker(pytest.mark.xdist_group(xdist_group_of(item)))
    items.sort(key=lambda item: xdist_group_of(item) != "served")  # stable: file order otherwise


@pytest.hookimpl(tryfirst=True)  # before xdist's worker sends its collection (its groups are in the ids)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Stop a ``--dist loadgroup`` run whose groups were lost: its browser tests would run on both
    workers at once (pytest 9.2 with pytest-xdist 3.8 drops them without a word)."""
    grouped = [item.nodeid.endswith(f"@{xdist_group_of(item)}") for item in session.items]
    if session.config.getoption("loadgroup", False) and not all(grouped):
        lost = next(item.nodeid for item, ok in zip(session.items, grouped) if not ok)
        raise pytest.UsageError(f"pytest-xdist did not group the tests (--dist loadgroup), e.g. {lost}: a "
                                "test module must not set its own xdist_group mark (this conftest gives every "
                                "test its group), and the pytest must be the one pyproject.toml's test extra names")
