"""A lesson's page rendered once per notebook, ahead (:mod:`danish_nb.server.rendered`): the page
Voila would render, each visit with its own kernel id and a kernel told what Voila tells it (its
id, its request, its folder); a notebook changed on disk is rendered again. ``python -m benchmarks.app
--lesson 3 --busy --seen`` measures what it saves."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from playwright.sync_api import Browser, expect

from danish_nb import app_server, lessons as dn_lessons
from danish_nb.server.rendered import MARK, for_kernel, keep
from helpers import wait_until

TIMEOUT = 120_000
#: What the lesson's kernel says about itself, in its page.
SAYS = ("import os\nprint('|'.join([os.environ.get('VOILA_KERNEL_ID', '-'), os.environ.get('SCRIPT_NAME', '-'), "
        "os.environ.get('SERVER_NAME', '-'), os.path.basename(os.getcwd())]))")


def kernel_id_of(html: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)  # type: ignore[union-attr]


def test_a_kept_page_is_the_page_with_another_kernel_id() -> None:
    page = '<script id="jupyter-config-data">{"kernelId": "4c5d-77"}</script><div>4c5d-77 cells</div>'
    kept = keep(page, "4c5d-77")
    assert "4c5d-77" not in kept and kept.count(MARK) == 2
    assert for_kernel(kept, "e1f2-99") == page.replace("4c5d-77", "e1f2-99")


def lessons_folder(folder: Path) -> Path:
    """A folder of lessons: the lesson of the tests in ``fr/``, and the real lesson 01."""
    lessons = folder / "lessons"
    (lessons / "fr").mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# First version"),
                                                   nbformat.v4.new_code_cell(SAYS)]),
                   lessons / "fr" / "lesson.ipynb")
    shutil.copy(Path(dn_lessons.__file__).parent / "01-danish-bastard.ipynb", lessons)
    index = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        '# Leçons\n\n<ol class="dn-lesson-list"><li><a href="fr/lesson.ipynb">La leçon</a></li></ol>')],
        metadata={"danish_nb": {"lang": "fr"}})
    nbformat.write(index, lessons / "index.ipynb")
    return lessons


@contextlib.contextmanager
def serving(lessons: Path, log: Path, *extra: str) -> Iterator[str]:
    """``lessons`` served as the lessons are (progressive), with one warm kernel that is not
    replaced meanwhile (a second page gets a kernel started for it); yields the server's URL."""
    port = app_server.free_port()
    argv = [*app_server.command(port, notebook=lessons, preheat=False, progressive=True, warm=1,
                                max_kernels=6, per_address=6), "--WarmPool.refill_after=600", *extra]
    with open(log, "w", encoding="utf-8") as out:
        proc = app_server.start(argv, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
        try:
            app_server.wait_ready(app_server.url(port), 120, proc)
            yield app_server.url(port)
        finally:
            app_server.stop(proc)


@pytest.fixture(scope="module")
def served(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    folder = tmp_path_factory.mktemp("rendered-once")
    lessons = lessons_folder(folder)
    with serving(lessons, folder / "voila.log") as url:
        yield SimpleNamespace(url=url + "voila/render/fr/lesson.ipynb", base=url, log=folder / "voila.log",
                              notebook=lessons / "fr" / "lesson.ipynb")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:
        return str(response.read().decode())


def test_a_page_rendered_ahead_is_the_page_voila_renders(tmp_path: Path) -> None:
    lessons = lessons_folder(tmp_path)
    pages = []
    for extra in ((), ("--ClassroomVoila.render_once=False",)):
        log = tmp_path / f"voila{len(extra)}.log"
        with serving(lessons, log, *extra) as url:
            if not extra:
                wait_for_log(log, r"Pages of 3 notebooks rendered ahead")
            html = fetch(url + "voila/render/01-danish-bastard.ipynb")
            pages.append(html.replace(kernel_id_of(html), "KERNEL"))
        said = log.read_text(errors="replace")
        assert ("Page of 01-danish-bastard.ipynb sent as kept" in said) == (not extra)
    assert pages[0] == pages[1]


def wait_for_log(log: Path, pattern: str, count: int = 1, timeout: float = 180.0) -> None:
    """Wait until the server's ``log`` says ``pattern`` ``count`` times."""
    wait_until(lambda: len(re.findall(pattern, log.read_text(errors="replace"))) >= count, timeout,
               f"the log never said {pattern!r} {count} times", every=0.2)


@pytest.mark.browser
def test_a_lesson_is_rendered_once_and_each_page_has_its_own_kernel_told_its_id_and_request(
        browser: Browser, served: SimpleNamespace) -> None:
    wait_for_log(served.log, r"Warm kernel \S+ ready")
    wait_for_log(served.log, r"Pages of 3 notebooks rendered ahead")
    before = served.log.read_text(errors="replace")
    seen = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        response = page.goto(served.url, timeout=TIMEOUT)
        html = response.text()  # type: ignore[union-attr]
        said = page.locator(".jp-OutputArea-output pre", has_text="|").first
        expect(said).to_be_visible(timeout=TIMEOUT)
        seen.append((html, said.inner_text().strip().split("|")))
        page.close(run_before_unload=True)
        context.close()
    (first, _), (second, _) = seen
    assert kernel_id_of(first) != kernel_id_of(second)  # one kernel per page
    assert second == first.replace(kernel_id_of(first), kernel_id_of(second))  # the same page otherwise
    log = served.log.read_text(errors="replace")[len(before):]
    assert log.count("Page of fr/lesson.ipynb sent as kept") == 2 and "Page of fr/lesson.ipynb kept" not in log
    for html, says in seen:  # each kernel knows its own id, the request it serves and its folder
        assert says == [kernel_id_of(html), "/voila/render/fr/lesson.ipynb", "127.0.0.1", "fr"]

    notebook = nbformat.read(served.notebook, as_version=4)
    notebook.cells[0].source = "# Second version"
    nbformat.write(notebook, served.notebook)
    context = browser.new_context()
    page = context.new_page()
    page.goto(served.url, timeout=TIMEOUT)
    expect(page.locator("h1", has_text="Second version")).to_be_visible(timeout=TIMEOUT)  # rendered again
    page.close(run_before_unload=True)
    context.close()
    assert served.log.read_text(errors="replace")[len(before):].count("Page of fr/lesson.ipynb kept") == 1


@pytest.mark.browser
def test_a_notebook_without_code_is_a_page_of_text_in_its_language_and_starts_no_kernel(
        browser: Browser, served: SimpleNamespace) -> None:
    wait_for_log(served.log, r"Pages of 3 notebooks rendered ahead")
    before = served.log.read_text(errors="replace")
    context = browser.new_context()
    page = context.new_page()
    page.goto(served.base, timeout=TIMEOUT)  # the folder opens on its index
    expect(page.locator("h1", has_text="Leçons")).to_be_visible(timeout=TIMEOUT)
    assert page.locator("html").get_attribute("lang") == "fr" and page.title() == "Leçons"
    assert "Kernel started" not in served.log.read_text(errors="replace")[len(before):]  # no kernel for it
    page.locator("a", has_text="La leçon").click()
    expect(page.locator(".jp-OutputArea-output pre", has_text="|").first).to_be_visible(timeout=TIMEOUT)
    assert page.url == served.url  # the lesson linked from it, run by a kernel of its own
    page.close(run_before_unload=True)
    context.close()
