"""Warm kernels for the lessons (:mod:`danish_nb.server.warm`): a lesson's page is given a kernel
started (and the package imported) before it was asked for, which holds nothing of anyone:
it gets the page's working directory and request at the hand-over, serves that page only, and
each browser still keeps its own record (``python -m benchmarks.app --lesson 3 --busy``
measures the waits).
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Browser, expect

from danish_nb import app_server
from danish_nb.practice.progress import Learner, ProgressStore
from danish_nb.server.app import Kernels
from danish_nb.server.warm import WARM_CODE
from danish_nb.tables import open_store
from helpers import wait_until
from test_classroom_lessons import answer_first_choices, lesson_page, served_lesson

T = TypeVar("T")
#: What a kernel says about itself: its folder, the request it serves, what it imported, and
#: whether it knows a learner of a page.
ASKED = {"cwd": "__import__('os').getcwd()", "query": "__import__('os').environ.get('QUERY_STRING')",
         "imported": "'danish_nb.widgets.lesson' in __import__('sys').modules",
         "learners": "len(getattr(__import__('sys').modules.get('danish_nb.widgets.learner_keeper'), '_PAGE', []))"}


def run(scenario: Coroutine[Any, Any, T]) -> T:
    """Run ``scenario`` on an event loop of its own thread (Playwright's tests leave one running here)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario).result()


async def ask(manager: Kernels, kernel_id: str) -> dict[str, str]:
    client = manager.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        msg_id = client.execute("", silent=True, store_history=False, user_expressions=ASKED)
        while True:
            reply = await client.get_shell_msg(timeout=60)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
    finally:
        client.stop_channels()
    return {key: value["data"]["text/plain"] for key, value in reply["content"]["user_expressions"].items()}


def test_a_page_gets_a_warm_kernel_once_with_its_own_folder_and_request_and_the_pool_refills(tmp_path: Path) -> None:
    (tmp_path / "fr").mkdir()

    async def scenario() -> dict[str, Any]:
        manager = Kernels(root_dir=str(tmp_path), connection_dir=str(tmp_path), size=1, refill_after=0)
        try:
            await manager.filled()
            (warm,) = manager.waiting()
            waiting = await ask(manager, warm)
            first = await manager.start_kernel(kernel_name="python3", path="fr",
                                               env={**os.environ, "QUERY_STRING": "page=1"})
            await manager.filled()
            (refill,) = manager.waiting()
            second = await manager.start_kernel(kernel_name="python3", path="", env={**os.environ, "QUERY_STRING": ""})
            return {"warm": warm, "waiting": waiting, "first": first, "refill": refill, "second": second,
                    "first_says": await ask(manager, first), "second_says": await ask(manager, second)}
        finally:
            await manager.shutdown_all(now=True)

    found = run(scenario())
    assert found["first"] == found["warm"]  # the page's kernel was the warm one
    assert found["waiting"]["imported"] == "True" and found["waiting"]["learners"] == "0"  # nobody's yet
    assert found["first_says"]["cwd"] == repr(str(tmp_path / "fr"))  # the page's folder (records beside it)
    assert found["first_says"]["query"] == "'page=1'"  # the request it serves
    assert found["refill"] != found["warm"] and found["second"] == found["refill"]  # never handed out twice
    assert found["second_says"]["cwd"] == repr(str(tmp_path)) and found["second_says"]["query"] == "''"


def test_a_page_without_code_or_asking_for_another_kernel_or_with_the_pool_off_starts_its_own(
        tmp_path: Path) -> None:
    import nbformat

    new = nbformat.v4
    nbformat.write(new.new_notebook(cells=[new.new_markdown_cell("# Lessons")]), tmp_path / "index.ipynb")
    nbformat.write(new.new_notebook(cells=[new.new_code_cell("1")]), tmp_path / "lesson.ipynb")
    page = "/voila/render/{}"

    async def scenario() -> dict[str, Any]:
        off = Kernels(root_dir=str(tmp_path), connection_dir=str(tmp_path), size=0)
        warm = Kernels(root_dir=str(tmp_path), connection_dir=str(tmp_path), size=1, refill_after=60)
        try:
            await warm.filled()
            found = {"off": await off._take("python3"),
                     "other kind": await warm._take("julia-1.10"),
                     "index": await warm._take("python3", {"SCRIPT_NAME": page.format("index.ipynb")}),
                     "waiting": warm.waiting()}
            found["lesson"] = await warm._take("python3", {"SCRIPT_NAME": page.format("lesson.ipynb")})
            warm.fill()
            await asyncio.sleep(0)  # the filler's first step: it starts a kernel, or waits
            found["refilled at once"] = warm._next is not None or bool(warm.waiting())
            return found
        finally:
            await warm.shutdown_all(now=True)
            await off.shutdown_all(now=True)

    found = run(scenario())
    assert found["off"] is None and found["other kind"] is None and found["index"] is None  # each starts its own
    assert found["lesson"] == found["waiting"][0]  # the lesson opened from the index gets the warm kernel
    assert not found["refilled at once"]  # the replacement waits while the page that took one loads


def test_the_lessons_command_keeps_warm_kernels_and_the_app_does_not() -> None:
    lessons = app_server.command(preheat=False, progressive=True, warm=3)
    assert "--WarmPool.size=3" in lessons
    assert "--WarmPool.size=0" in app_server.command(warm=3)  # the app's pool is Voila's preheated one


# --------------------------------------------------------------------------- in Chromium

def warm_ready(log: Path, count: int, timeout: float = 180.0) -> None:
    """Wait until the server's log says ``count`` warm kernels were made ready."""
    wait_until(lambda: len(re.findall(r"Warm kernel \S+ ready", log.read_text(errors="replace"))) >= count, timeout,
               f"{count} warm kernels were not ready in time", every=0.2)


@pytest.fixture(scope="module")
def warm_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The short lesson of ``test_classroom_lessons`` (a quiz and the practice) served with a
    warm pool of one kernel, its own store file and class."""
    with served_lesson(tmp_path_factory.mktemp("warm-lesson"), "--WarmPool.refill_after=0",
                       progressive=True, warm=1) as server:
        yield server


def kept_answers(store_url: str) -> dict[str, list[tuple[str, bool]]]:
    """Each learner in the store: the kinds and rightness of their answers."""
    with open_store(store_url) as store:
        learners = store.read("SELECT learner, kind FROM dn_practice_learners")
        return {key: [(a["kind"], a["correct"]) for a in ProgressStore(store).answers(Learner(key, kind))]
                for key, kind in learners}


@pytest.mark.browser
def test_two_browsers_on_warm_kernels_keep_two_records(browser: Browser, warm_server: SimpleNamespace) -> None:
    met = re.compile(r": ([1-9]\d*) of \d+ rules met")
    ada_context, bo_context = browser.new_context(), browser.new_context()
    try:
        warm_ready(warm_server.log, 1)
        ada = lesson_page(ada_context, warm_server.url)
        answer_first_choices(ada)
        expect(ada.locator(".dn-summary").first).to_have_text(met)
        ada.locator(".dn-quiz button", has_text="Take the pile").click()
        expect(ada.locator(".dn-quiz")).to_contain_text("Illegal: Take the pile")
        warm_ready(warm_server.log, 2)  # the pool refilled: Bo's page gets a warm kernel too
        bo = lesson_page(bo_context, warm_server.url)
        expect(bo.locator(".dn-summary").first).to_have_text(re.compile(r": 0 of \d+ rules met"))
        assert "root" not in bo.locator(".dn-practice").inner_text()
        answer_first_choices(bo)
        both = kept_answers(warm_server.store)
        assert len(both) == 2 and all(both.values())  # two learners, each with their own answers
        bo.locator(".dn-erase").click()
        bo.locator(".dn-erase-yes").click()
        expect(bo.locator(".dn-practice .dn-message")).to_be_visible()
        ada.close()
        warm_ready(warm_server.log, 3)
        ada = lesson_page(ada_context, warm_server.url)  # Ada reloads: her record, untouched by Bo's Erase
        expect(ada.locator(".dn-summary").first).to_have_text(met)
    finally:
        ada_context.close()
        bo_context.close()
    handed = re.findall(r"Warm kernel (\S+) handed over", warm_server.log.read_text(errors="replace"))
    assert len(handed) == 3 and len(set(handed)) == 3  # each page its own warm kernel, none twice
    left = kept_answers(warm_server.store)
    (ada_key,) = left  # Bo's record erased, Ada's kept
    assert ("quiz", False) in left[ada_key] and ada_key in both


#: A quiz's first answer, after a warm kernel's code: prints the modules the answer imported.
FIRST_ANSWER = """
import sys
{warm}
import danish_nb as dn
from danish_nb.widgets.lesson import PositionQuiz
quiz = PositionQuiz(dn.setup("danish-bastard", {{"hands": [["KD"], ["3H", "8S", "JC"]], "pile": ["9C"]}}),
                    try_moves=["P1 take"])
before = set(sys.modules)
quiz.buttons[0].click()
assert quiz.verdict is not None
print(sorted(set(sys.modules) - before))
"""


def test_a_warm_kernel_has_imported_what_a_quiz_s_first_answer_imports() -> None:
    """The first answer clicked waits for no import (the learner keeper pulls in anywidget: 0.2-0.3 s)."""
    said = subprocess.run([sys.executable, "-c", FIRST_ANSWER.format(warm=WARM_CODE)], capture_output=True,
                          text=True, check=True, env={**os.environ, "VOILA_KERNEL_ID": ""}).stdout
    assert said.strip() == "[]"
