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


#: Modules that start a Voila server of their own without a browser (see :func:`xdist_groups`).
SERVED_MODULES = frozenset({"test_app_server.py", "test_classroom.py", "test_classroom_pages.py"})


def xdist_groups(items: list[pytest.Item]) -> dict[str, str]:
    """The work unit ``make test`` gives each test (by node id) under pytest-xdist (``--dist
    loadgroup``):

    - ``served``: the modules whose tests drive Chromium against the session's app server
      (:func:`app_url`), on one worker one after another, so that server starts once; their
      tests that need neither Chromium nor a module-scoped fixture (the boards' widget tests, a
      minute of CPU in all) are grouped as any other module's, below, and leave that worker's
      long queue to whichever worker is free;
    - ``served:<module>``: each other module that drives Chromium or starts a server of its own
      (whatever needs :func:`chromium_path`, and :data:`SERVED_MODULES`): one worker runs the
      module in order, its server started once (the two workers may each run one such group at
      once, as one already ran them beside the engine's tests: waits are on events, with 60 s
      timeouts, for a busy machine);
    - ``postgres``: the modules that use the throwaway cluster (``pg_fixture``), so it starts once;
    - otherwise the test's own module, so its module-scoped fixtures are built once.

    >>> class Item:
    ...     def __init__(self, nodeid, *fixtures):
    ...         self.nodeid, self.fixturenames, self.module = nodeid, fixtures, None
    >>> sorted(xdist_groups([Item("tests/a.py::t1", "app_url", "chromium_path"), Item("tests/a.py::t2"),
    ...                      Item("tests/b.py::t", "chromium_path"), Item("tests/c.py::t")]).values())
    ['served', 'served:tests/b.py', 'tests/a.py', 'tests/c.py']
    """
    def path(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    def shares_the_module(item: pytest.Item) -> bool:
        """Whether ``item`` drives Chromium or uses a fixture built once for its module."""
        definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
        return ("chromium_path" in getattr(item, "fixturenames", ())
                or any(defs[-1].scope == "module" for defs in definitions.values()))

    session_app = {path(item) for item in items if "app_url" in getattr(item, "fixturenames", ())}
    groups = {}
    for item in items:
        where = path(item)
        if where in session_app and shares_the_module(item):
            groups[item.nodeid] = "served"
        elif "chromium_path" in getattr(item, "fixturenames", ()) or where.rsplit("/", 1)[-1] in SERVED_MODULES:
            groups[item.nodeid] = f"served:{where}"
        elif "pg_fixture" in getattr(getattr(item, "module", None), "pytest_plugins", ()):
            groups[item.nodeid] = "postgres"
        else:
            groups[item.nodeid] = where
    return groups


def run_order(group: str) -> int:
    """Where a group's tests go in the run, longest work units first, so that the last ones, which
    decide when the run ends, are short: the session server's group (the longest: one worker
    starts with it), then the modules with a browser or server of their own (minutes each: the
    other worker starts with them), then the notebooks (nbval: a kernel each, up to a minute or
    two for the research lessons), then the other modules, taken by whichever worker is free.
    Before, every browser and server test was one group: the other worker ran out of work and
    sat idle for the last third of the run while that one went on.

    >>> sorted(["tests/c.py", "notebooks/a.ipynb", "served:tests/b.py", "served"], key=run_order)
    ['served', 'served:tests/b.py', 'notebooks/a.ipynb', 'tests/c.py']
    """
    if group == "served":
        return 0
    return 1 if group.startswith("served:") else 2 if group.endswith(".ipynb") else 3


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> Iterator[None]:
    """Mark each test with its group (:func:`xdist_groups`) before xdist's worker reads the marks;
    put the groups in :func:`run_order` after pytest's own reordering (which gathers the tests of
    a session-scoped parameter, Playwright's browser, behind the first of them)."""
    groups = xdist_groups(items)
    for item in items:
        item.add_marker(pytest.mark.xdist_group(groups[item.nodeid]))
    order = {id(item): run_order(groups[item.nodeid]) for item in items}
    yield
    items.sort(key=lambda item: order[id(item)])  # stable: pytest's order otherwise


@pytest.hookimpl(tryfirst=True)  # before xdist's worker sends its collection (its groups are in the ids)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Stop a ``--dist loadgroup`` run whose groups were lost: its browser tests would run on both
    workers at once (pytest 9.2 with pytest-xdist 3.8 drops them without a word)."""
    groups = xdist_groups(session.items)
    grouped = [item.nodeid.endswith(f"@{groups[item.nodeid]}") for item in session.items]
    if session.config.getoption("loadgroup", False) and not all(grouped):
        lost = next(item.nodeid for item, ok in zip(session.items, grouped) if not ok)
        raise pytest.UsageError(f"pytest-xdist did not group the tests (--dist loadgroup), e.g. {lost}: a "
                                "test module must not set its own xdist_group mark (this conftest gives every "
                                "test its group), and the pytest must be the one pyproject.toml's test extra names")
