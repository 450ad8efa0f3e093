"""The classroom server (``danish-nb``) against raw learner clients on 127.0.0.1.

Learners come from distinct loopback addresses (127.0.0.x), as from distinct computers. No timing
is asserted: speed and load figures are for ``python -m benchmarks.classroom``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import websocket

from danish_nb import app_server
from learner_client import KernelSocket, Server, Visit, message, request

LEARNERS = 8  # arriving together: enough to contend on 2 cores, bounded for the suite


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: pool of 2, room for 10, 3 per address, quick culling."""
    log = tmp_path_factory.mktemp("classroom") / "voila.log"
    port = app_server.free_port()
    with open(log, "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, pool_size=2, max_kernels=10, per_address=3,
                               cull_interval=2, cull_idle_timeout=12) as url:
        yield Server(url, log)


def visit(server: Server, source: str, **kwargs) -> Visit:
    return request(server.url, source=source, **kwargs)


def owner_cookies(page: Visit) -> dict[str, str]:
    return {name: page.cookies[name] for name in ("danish_nb_kernel", "danish_nb_shutdown", "_xsrf")}


def beacon(server: Server, page: Visit, cookies: dict[str, str] | None = None, source: str = "127.0.0.1") -> int:
    """The page's shutdown beacon (a form with ``_xsrf``), sent with ``cookies`` (default: the
    page's own); returns the status."""
    jar = owner_cookies(page) if cookies is None else cookies
    body = f"_xsrf={jar.get('_xsrf', '')}".encode()
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()),
               "Content-Type": "application/x-www-form-urlencoded"}
    return request(server.url, "POST", f"/voila/api/shutdown/{page.kernel_id}", headers=headers,
                   body=body, source=source).status


def test_learners_arriving_together_all_get_a_board_or_a_clear_message(server: Server) -> None:
    sources = [f"127.0.0.{10 + i}" for i in range(LEARNERS)]
    with ThreadPoolExecutor(LEARNERS) as pool:
        pages = list(pool.map(lambda source: visit(server, source), sources))
    kinds = [page.kind for page in pages]
    assert "blank" not in kinds and "error" not in kinds, kinds
    assert set(kinds) <= {"board", "busy", "full"}, kinds
    handed = [page for page in pages if page.kind in ("board", "busy")]  # a kernel each: the page can free it
    running = server.kernels()  # at once: this fixture culls a kernel no page connects to after 12 s
    for page in handed:
        assert page.kernel_id in running
        assert "dn-server-notice" in page.html  # the watchdog that retries if the app fails
    assert [beacon(server, page) for page in handed] == [204] * len(handed)
    for page in handed:
        assert server.wait_kernel_gone(page.kernel_id, 30)
    assert kinds.count("board") >= 1, kinds


def test_another_learner_can_neither_read_nor_play_nor_end_a_kernel(server: Server) -> None:
    mine, theirs = visit(server, "127.0.0.21"), visit(server, "127.0.0.22")
    assert mine.kind == theirs.kind == "board"
    kernel = mine.kernel_id
    logged = len(server.log.read_text(encoding="utf-8"))
    for cookies in ({}, owner_cookies(theirs)):  # nobody's cookies, then another page's
        header = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
        xsrf = {"X-XSRFToken": cookies.get("_xsrf", "")}
        assert request(server.url, "GET", f"/api/kernels/{kernel}", headers=header,
                       source="127.0.0.22").status == 403
        assert request(server.url, "DELETE", f"/api/kernels/{kernel}", headers={**header, **xsrf},
                       source="127.0.0.22").status == 403
        assert beacon(server, mine, cookies, source="127.0.0.22") == 403
        with pytest.raises(websocket.WebSocketBadStatusException, match="403"):
            KernelSocket(server.url, kernel, cookies)
    # Each refusal is one line of the log, with no traceback (issue 28: a refused websocket left one).
    refusals = server.log.read_text(encoding="utf-8")[logged:]
    assert "Traceback" not in refusals, refusals
    assert len([line for line in refusals.splitlines() if kernel in line]) == 8, refusals
    # The owner's page still reaches its kernel, which is still running.
    assert kernel in server.kernels()
    socket = KernelSocket(server.url, kernel, {"danish_nb_kernel": mine.cookies["danish_nb_kernel"]})
    socket.send(message("kernel_info_request", {}))
    assert socket.until(lambda m: m.get("msg_type") == "kernel_info_reply")["content"]["status"] == "ok"
    # Its own beacon needs the XSRF token too (a cross-site form cannot send it).
    assert beacon(server, mine, {k: v for k, v in owner_cookies(mine).items() if k != "_xsrf"}) == 403
    for page in (mine, theirs):
        assert beacon(server, page) == 204
        assert server.wait_kernel_gone(page.kernel_id, 30)
    socket.close()


def refused_before_a_kernel(page: Visit, status: int) -> bool:
    """The answer is ``status`` and no kernel was handed out (no kernel id, no kernel cookie)."""
    return page.status == status and page.kernel_id is None and "danish_nb_kernel" not in page.cookies


def test_a_rebinding_shaped_host_is_refused(server: Server) -> None:
    port = server.url.rstrip("/").rsplit(":", 1)[1]
    evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
    for path in ("/", "/voila/static/voila.js"):
        assert refused_before_a_kernel(request(server.url, "GET", path, headers=evil), 403)
    page = visit(server, "127.0.0.23")
    with pytest.raises(websocket.WebSocketBadStatusException, match="403"):  # even with its cookie
        KernelSocket(server.url, page.kernel_id, owner_cookies(page), host=evil["Host"], origin=evil["Origin"])
    assert beacon(server, page) == 204
    # Its own names are answered.
    own = visit(server, "127.0.0.24", headers={"Host": f"localhost:{port}"})
    assert own.kind == "board"
    assert beacon(server, own) == 204


def test_a_template_or_theme_from_the_url_is_refused_before_any_kernel_starts(server: Server) -> None:
    before = server.kernels()
    for query in ("template=doesnotexist", "theme=dark", "voila-template=lab", "voila-theme=dark",
                  "Template=lab", "x=1&voila_theme=dark"):
        page = request(server.url, "GET", f"/?{query}", source="127.0.0.25", timeout=30)
        assert refused_before_a_kernel(page, 400), query
    assert server.kernels() <= before  # no kernel started for any of them (the pool is full already)


def test_no_frame_carries_a_traceback_or_a_server_path(server: Server) -> None:
    page = visit(server, "127.0.0.26")
    socket = KernelSocket(server.url, page.kernel_id, {"danish_nb_kernel": page.cookies["danish_nb_kernel"]})
    socket.send(message("comm_open", {"comm_id": "no-version", "target_name": "jupyter.widget.control",
                                      "data": {}}))
    socket.send(message("comm_open", {"comm_id": "bogus", "target_name": "jupyter.widget",
                                      "data": {"state": {"_model_name": "Bogus"}, "buffer_paths": []}},
                        metadata={"version": "2.1.0"}))
    socket.send(message("comm_open", {"comm_id": "control", "target_name": "jupyter.widget.control",
                                      "data": {}}, metadata={"version": "1.0.0"}))
    socket.send(message("comm_msg", {"comm_id": "control", "data": {"method": "request_states"}}))
    states = socket.until(lambda m: m.get("msg_type") == "comm_msg"
                          and m["content"]["data"].get("method") == "update_states")["content"]["data"]["states"]
    dropdowns = [mid for mid, s in states.items() if s["model_name"] == "DropdownModel"]
    assert dropdowns, "the app shows no dropdown to probe"
    socket.send(message("comm_msg", {"comm_id": dropdowns[0], "data": {
        "method": "update", "state": {"index": 999}, "buffer_paths": []}}))
    probes = ("Incompatible widget control protocol", "KeyError", "TraitError")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(p in server.log.read_text(encoding="utf-8") for p in probes):
        socket.collect(2)
    socket.collect(2)
    leaks = ("Traceback", "site-packages", 'File "', sys.prefix, str(Path(app_server.__file__).parent))
    for frame in socket.frames:
        for leak in leaks:
            assert leak not in frame, f"{leak!r} in a frame: {frame[:300]}"
    # The probes did make the kernel write its tracebacks: into the server log, for the teacher.
    log = server.log.read_text(encoding="utf-8")
    for what in probes:
        assert what in log, f"the probe for {what} did not reach the kernel"
    assert beacon(server, page) == 204
    socket.close()


def test_a_page_closed_without_its_beacon_is_freed_but_a_connected_or_loading_one_is_not(
        server: Server) -> None:
    """A page whose websocket closed for good is freed by the server; one that never connects is
    culled after 12 s idle here (2 s passes; ``danish-nb`` uses 90 s / 20 s)."""
    sockets, pages = [], []
    for i in range(2):  # each connects at once: a kernel nobody connects to is culled after 12 s
        pages.append(visit(server, f"127.0.0.{27 + i}"))
        sockets.append(KernelSocket(server.url, pages[-1].kernel_id,
                                    {"danish_nb_kernel": pages[-1].cookies["danish_nb_kernel"]}))
    (killed, idle), loading = pages, visit(server, "127.0.0.29")
    sockets[0].ws.sock.close()  # the browser dies: no beacon, no websocket close frame
    start = time.monotonic()
    while killed.kernel_id in server.kernels() and time.monotonic() - start < 60:
        # A page still loading its JavaScript (no websocket yet) checks on its kernel, as the
        # page's watchdog does every 10 s.
        assert request(server.url, "GET", f"/api/kernels/{loading.kernel_id}", source="127.0.0.29",
                       headers={"Cookie": f"danish_nb_kernel={loading.cookies['danish_nb_kernel']}"}).status == 200
        time.sleep(3)
    assert killed.kernel_id not in server.kernels(), "the abandoned kernel was never freed"
    time.sleep(5)
    assert idle.kernel_id in server.kernels(), "a connected learner's kernel was culled"
    assert loading.kernel_id in server.kernels(), "a loading page's kernel was culled"
    sockets[1].send(message("kernel_info_request", {}))
    assert sockets[1].until(lambda m: m.get("msg_type") == "kernel_info_reply")
    for page in (idle, loading):
        assert beacon(server, page) == 204
    sockets[1].close()


def connected(server: Server, page: Visit) -> KernelSocket:
    """The websocket the page's JavaScript opens to its kernel."""
    return KernelSocket(server.url, page.kernel_id, {"danish_nb_kernel": page.cookies["danish_nb_kernel"]})


def test_closing_a_page_frees_its_place_at_once_and_its_kernel_within_seconds(server: Server) -> None:
    """Issue 28: from one computer, open the most pages, close one, open another: the closed page
    no longer counts (it did until the idle cull, 90 s later, freed its kernel: HTTP 429)."""
    source = "127.0.0.31"
    pages = [visit(server, source) for _ in range(3)]  # this server allows 3 per address
    assert [page.kind for page in pages] == ["board"] * 3
    sockets = [connected(server, page) for page in pages]
    assert visit(server, source).status == 429
    sockets[0].close()  # the tab closes without its beacon (as a crashed one)
    again = visit(server, source)
    assert again.kind == "board", (again.status, again.kind)
    assert server.wait_kernel_gone(pages[0].kernel_id, 30), "the closed page's kernel was not freed"
    sockets[1].ws.sock.close()  # a killed browser: not even a close frame
    assert server.wait_kernel_gone(pages[1].kernel_id, 30)
    assert pages[2].kernel_id in server.kernels()  # the page still connected keeps its kernel
    for page in (pages[2], again):
        assert beacon(server, page) == 204
    sockets[2].close()


def test_a_page_that_reconnects_at_once_keeps_its_kernel(server: Server) -> None:
    """A blip of the network: the websocket closes and opens again (Jupyter's page retries at
    once): the kernel stays, with its game."""
    page = visit(server, "127.0.0.32")
    first = connected(server, page)
    first.close()
    second = connected(server, page)
    second.send(message("kernel_info_request", {}))
    assert second.until(lambda m: m.get("msg_type") == "kernel_info_reply")
    assert not server.wait_kernel_gone(page.kernel_id, 8)  # well past the grace of 3 s
    assert beacon(server, page) == 204
    second.close()


def test_the_kernel_caps_answer_with_the_room_full_page(tmp_path: Path) -> None:
    port = app_server.free_port()
    with open(tmp_path / "voila.log", "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, pool_size=1, max_kernels=2, per_address=1) as url:
        server = Server(url, tmp_path / "voila.log")
        first = visit(server, "127.0.0.41")
        assert first.kind == "board"
        again = visit(server, "127.0.0.41")  # the same computer, a second game
        assert (again.status, again.kind) == (429, "full")
        assert "This computer already has 1 game open" in again.html
        second = visit(server, "127.0.0.42")
        assert second.kind == "board"
        third = visit(server, "127.0.0.43")  # a third computer: the room holds 2
        assert (third.status, third.kind) == (503, "full")
        assert "The room is full." in third.html and third.headers["Retry-After"].isdigit()
        assert third.kernel_id is None and len(server.kernels()) <= 2 + 1  # 2 visitors + the pool
        assert "You are next" in third.html and 'id="dn-countdown"' in third.html  # in line, counting down
        fourth = visit(server, "127.0.0.44")
        assert (fourth.status, fourth.kind) == (503, "full") and "1 learner is waiting before you" in fourth.html
        assert beacon(server, first) == 204  # a learner leaves: a seat is free again
        assert server.wait_kernel_gone(first.kernel_id, 30)
        # the place goes to the first in line, not to whoever asks first once it is free
        assert visit(server, "127.0.0.44", headers=queued(fourth)).status == 503
        assert visit(server, "127.0.0.45").status == 503  # a newcomer queues behind them
        assert visit(server, "127.0.0.43", headers=queued(third)).kind == "board"


def queued(page: Visit) -> dict[str, str]:
    """The page's place in line: the cookie its browser sends back."""
    return {"Cookie": f"danish_nb_queue={page.cookies['danish_nb_queue']}"}


def test_each_kernel_is_told_its_visitors_address_and_the_file_goes_with_the_kernel(server: Server) -> None:
    page = visit(server, "127.0.0.41")
    assert page.kind == "board"
    told = Path(server.connection_dir()) / f"visitor-{page.kernel_id}.txt"
    assert told.read_text(encoding="utf-8") == "127.0.0.41"
    assert beacon(server, page) == 204 and server.wait_kernel_gone(page.kernel_id, 30)
    other = visit(server, "127.0.0.42")  # the room notices the kernel is gone when it next counts
    assert not told.exists()
    assert beacon(server, other) == 204


def test_a_kernel_reads_the_address_the_server_wrote_for_it(tmp_path: Path) -> None:
    """What the app's kernel does to count teacher-key tries (a kernel of this server's kind)."""
    from jupyter_client.manager import KernelManager

    from danish_nb.server.visitor import KERNEL_ID_ENV, write_visitor

    write_visitor(tmp_path, "k-41", "10.1.2.3")
    said: list[str] = []
    manager = KernelManager(connection_file=str(tmp_path / "kernel-k-41.json"))
    manager.start_kernel(env={**os.environ, KERNEL_ID_ENV: "k-41"})
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        reply = client.execute_interactive("from danish_nb.server.visitor import this_visitor\n"
                                           "print(repr(this_visitor()))", timeout=120,
                                           output_hook=lambda msg: said.append(msg["content"].get("text", "")))
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok" and "'10.1.2.3'" in "".join(said)

