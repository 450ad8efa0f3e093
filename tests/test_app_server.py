"""The ``danish-nb`` command: the Voila argv carries the security settings, the notebook ships
with the package, and a real server answers and stops cleanly."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from danish_nb import app_server
from helpers import alive, children, wait_until

REPO = Path(__file__).resolve().parents[1]


def test_argv_carries_the_security_and_kernel_settings() -> None:
    argv = app_server.command(9123)
    assert argv[1:4] == ["-m", "danish_nb.server", str(app_server.packaged_notebook())]
    for flag in ("--no-browser", "--port=9123", "--Voila.ip=127.0.0.1", "--show_tracebacks=False",
                          "--VoilaConfiguration.allow_template_override=NO",
                 "--VoilaConfiguration.allow_theme_override=NO", "--preheat_kernel=True",
                 "--pool_size=2", "--max_kernels=10", "--max_kernels_per_address=4",
                 "--VoilaExecutor.iopub_timeout=60", "--VoilaExecutor.startup_timeout=120",
                 "--VoilaExecutor.timeout=180",
                 "--MappingKernelManager.cull_interval=20",
                 "--MappingKernelManager.cull_idle_timeout=90",
                 "--MappingKernelManager.cull_connected=False", "--KernelManager.transport=ipc",
                 "--ClassroomVoila.behind_proxy=False"):
        assert flag in argv
    assert not any("debug" in arg or "show_tracebacks=True" in arg or "xsrf" in arg for arg in argv)


def test_host_port_preheat_sizes_and_host_names_are_options() -> None:
    argv = app_server.command(8000, "0.0.0.0", preheat=False, pool_size=30, max_kernels=38,
                              per_address=2, allowed_hosts=["class.example"])
    assert "--port=8000" in argv and "--Voila.ip=0.0.0.0" in argv
    assert "--preheat_kernel=False" in argv
    assert {"--pool_size=30", "--max_kernels=38", "--max_kernels_per_address=2",
            "--ClassroomVoila.allowed_hosts=class.example"} <= set(argv)
    assert app_server.url(8000, "::1") == "http://[::1]:8000/"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path) -> list[tuple[list[str], dict]]:
    """What :func:`app_server.main` would start (argv, environment); the server "exits" at once.
    The port asked for is a free one (the test does not depend on what else runs here)."""
    seen: list[tuple[list[str], dict]] = []

    def fake_start(argv: list[str], env: dict) -> subprocess.Popen:
        seen.append((argv, env))
        return subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])

    monkeypatch.setattr(app_server, "start", fake_start)
    monkeypatch.setattr(app_server, "DEFAULT_PORT", app_server.free_port())
    monkeypatch.setattr(signal, "signal", lambda *args: None)  # keep pytest's own handlers
    monkeypatch.delenv("DANISH_NB_TEACHER_KEY", raising=False)
    monkeypatch.delenv("DANISH_NB_ROOM", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where the class code is kept
    return seen


def test_the_command_sizes_the_server_for_the_class(started: list) -> None:
    assert app_server.main(["--class-size", "20", "--per-address", "2", "--allow-host", "a.example",
                            "--behind-proxy"]) == 1
    assert {"--pool_size=20", "--max_kernels=25", "--max_kernels_per_address=2", "--preheat_kernel=True",
            "--ClassroomVoila.allowed_hosts=a.example", "--ClassroomVoila.behind_proxy=True"} <= set(started[0][0])


def test_servers_sharing_a_class_each_preheat_their_share_and_hold_the_whole_class(started: list) -> None:
    """Issue 40: two servers each sized for half a class could not take each other's learners
    (the survivor queued them). With --servers 2 each preheats half but holds the whole class."""
    assert app_server.main(["--class-size", "30", "--servers", "2", "--behind-proxy"]) == 1
    assert {"--pool_size=15", "--max_kernels=38", "--max_kernels_per_address=38"} <= set(started[0][0])


def test_by_default_the_command_is_sized_for_one_person(started: list) -> None:
    """Issue 28: `make app` preheated 30 kernels for one learner (2.6 GB)."""
    assert app_server.main([]) == 1
    argv, env = started[0]
    assert {"--pool_size=1", "--max_kernels=3", "--max_kernels_per_address=3"} <= set(argv)
    assert re.fullmatch(r"([2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}", env["DANISH_NB_TEACHER_KEY"])


def test_a_teacher_key_given_is_kept_and_lessons_get_none(started: list, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DANISH_NB_TEACHER_KEY", "chosen-by-the-teacher")
    assert app_server.main([]) == 1
    assert started[0][1]["DANISH_NB_TEACHER_KEY"] == "chosen-by-the-teacher"
    monkeypatch.delenv("DANISH_NB_TEACHER_KEY")
    assert app_server.main(["--lessons", str(REPO / "notebooks")]) == 1
    argv, env = started[1]
    served = Path(argv[3])  # notebooks/ has no index.ipynb: an index of our own beside links to it
    assert (served / "index.ipynb").is_file() and "--preheat_kernel=False" in argv
    assert (served / "01-danish-bastard.ipynb").resolve() == REPO / "notebooks" / "01-danish-bastard.ipynb"
    assert "DANISH_NB_TEACHER_KEY" not in env


def test_a_port_in_use_is_refused_with_one_clear_message_and_no_other_port() -> None:
    """Issue 28: a second `danish-nb --port 8931` printed the first server's URL while its own
    Voila had moved to 8932. The command refuses; so does the server itself, when something
    takes the port between the command's check and the server's start."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "danish_nb.app_server", "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr == (f"danish-nb: port {port} on 127.0.0.1 is already in use (another danish-nb?): "
                               f"stop that server, or choose another port with --port\n")
        served = subprocess.run(app_server.command(port, preheat=False), capture_output=True, text=True,
                                timeout=120, env={**os.environ, "JUPYTER_PATH": str(app_server.TEMPLATES)})
    assert served.returncode == 1
    assert f"port {port} on 127.0.0.1 is already in use" in served.stderr
    assert "trying another port" not in served.stderr and "Traceback" not in served.stderr


def test_the_app_notebook_ships_with_the_package_and_matches_the_lesson_copy() -> None:
    packaged = app_server.packaged_notebook()
    assert packaged.is_file()
    assert packaged.read_bytes() == (REPO / "notebooks" / "app.ipynb").read_bytes(), \
        "danish_nb/notebooks/app.ipynb must be a copy of notebooks/app.ipynb"
    cells = json.loads(packaged.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1
    assert "from danish_nb.app import build_app" in "".join(code[0]["source"])
    assert "".join(code[0]["source"]).startswith("# NBVAL_IGNORE_OUTPUT\n")
    assert code[0]["outputs"], "commit the notebook executed (nbval strict compares stored outputs)"


def test_main_rejects_a_bad_port() -> None:
    with pytest.raises(SystemExit):
        app_server.main(["--port", "not-a-number"])


def test_wait_ready_reports_a_server_that_died() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    proc.wait()
    with pytest.raises(RuntimeError, match="code 3"):
        app_server.wait_ready("http://127.0.0.1:9/", timeout=5, proc=proc)


def test_serving_answers_on_localhost_hides_tracebacks_and_frees_the_port(tmp_path: Path) -> None:
    """A real Voila serving a notebook that raises: the visitor sees no traceback."""
    notebook = tmp_path / "boom.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "boom", "metadata": {},
                   "outputs": [], "source": ["raise RuntimeError('secret-in-the-traceback')"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    port = app_server.free_port()
    with open(tmp_path / "voila.log", "w", encoding="utf-8") as out, \
            app_server.serving(port, timeout=120, log=out, notebook=notebook, preheat=False) as url:
        assert url == f"http://127.0.0.1:{port}/"
        with urllib.request.urlopen(url, timeout=60) as response:
            page = response.read().decode("utf-8")
        # issue 40: a path climbing out of Voila's template folder answered 500 with a traceback
        out.flush()
        before = (tmp_path / "voila.log").stat().st_size  # (the notebook's own error is logged above)
        for climb in ("voila/templates/lab/static/..%2f..%2f..%2fapp_server.py",
                      "voila/templates/lab/static/%252e%252e%252f%252e%252e%252fapp_server.py"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(url + climb, timeout=30)
            assert refused.value.code == 404 and b"import" not in refused.value.read()
    log = (tmp_path / "voila.log").read_bytes()[before:].decode("utf-8")
    assert "Traceback" not in log and "500 GET" not in log and log.count("a path that climbs out") == 2
    assert "secret-in-the-traceback" not in page
    assert "There was an error when executing cell" in page  # Voila's generic message instead
    with socket.socket() as sock:  # the server is gone: nothing listens on the port any more
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (TIME_WAIT is fine)
        sock.bind(("127.0.0.1", port))


def test_the_command_prints_its_url_and_key_logs_no_alarm_and_a_sigterm_stops_voila_too(tmp_path: Path) -> None:
    port = app_server.free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DANISH_NB_TEACHER_KEY", "DANISH_NB_ROOM")}
    env["XDG_DATA_HOME"] = str(tmp_path)  # where the class code is kept
    proc = subprocess.Popen([sys.executable, "-m", "danish_nb.app_server", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    log: list[str] = []
    filled = threading.Event()

    def read_log() -> None:
        for line in proc.stderr:
            log.append(line)
            if "is filled with" in line:  # its preheated kernel has started (and run the app)
                filled.set()

    reader = threading.Thread(target=read_log, daemon=True)
    reader.start()
    try:
        line = proc.stdout.readline()  # printed once Voila answers (or "" if it gave up)
        assert line == f"danish-nb: the app is at http://127.0.0.1:{port}/  (Ctrl-C stops it)\n"
        assert re.fullmatch(rf"danish-nb: learners join at http://127.0.0.1:{port}/; class code [2-9A-HJKMNP-Z]{{6}}\n",
                            proc.stdout.readline())
        assert proc.stdout.readline() == "danish-nb: only this machine can reach it: --host 0.0.0.0 lets a class in\n"
        assert re.fullmatch(r"danish-nb: teacher key (\S{19})  \(for this run; set DANISH_NB_TEACHER_KEY "
                            r"to keep one\)\n", proc.stdout.readline())
        assert filled.wait(180), "".join(log)
        assert urllib.request.urlopen(app_server.url(port), timeout=120).status == 200  # a page, its kernel
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        reader.join(30)
    with pytest.raises(ConnectionRefusedError):  # Voila (its own process group) is gone too
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    # A quiet log: nothing a teacher would take for an alarm (issue 28: "Notebook app.ipynb is not
    # trusted" for each page, "Kernel is running over TCP without encryption" for each kernel).
    for alarm in ("not trusted", "without encryption", "WARNING", "Traceback"):
        assert alarm not in "".join(log), "".join(log)


#: A process (a pytest worker, say) that starts a real Voila with a preheated kernel, prints
#: Voila's pid when it answers, and waits to be killed.
STARTER = """
import subprocess, sys
from danish_nb import app_server
port = app_server.free_port()
with open(sys.argv[2], "w") as log:
    proc = app_server.start(app_server.command(port, notebook=sys.argv[1], pool_size=1),
                            stdout=log, stderr=subprocess.STDOUT)
app_server.wait_ready(app_server.url(port), 120, proc)
print(proc.pid, port, flush=True)
sys.stdin.read()
"""


def test_a_server_and_its_kernels_die_with_the_process_that_started_them_even_by_sigkill(tmp_path: Path) -> None:
    """A test run stopped half-way (its worker killed) left Voila and its kernels running: a
    server started by :func:`app_server.start` gets SIGTERM when its starter dies, and its
    kernels end with it (waited on, with deadlines)."""
    notebook = tmp_path / "one.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {},
                   "outputs": [], "source": ["x = 1"]}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(notebook), str(tmp_path / "voila.log")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        voila, port = map(int, starter.stdout.readline().split())
        kernels = wait_until(lambda: children(voila), 180, "Voila's preheated kernel started")
        assert alive(voila) and all(map(alive, kernels))
        starter.kill()  # SIGKILL: no atexit, no finally
        starter.wait(30)
        wait_until(lambda: not alive(voila), 60, f"Voila ({voila}) still runs after its starter was killed")
        wait_until(lambda: not any(map(alive, kernels)), 60, f"kernels {kernels} still run after Voila ended")
    finally:
        if starter.poll() is None:
            starter.kill()
        starter.communicate()
    wait_until(lambda: refused(port), 30, f"something still listens on Voila's port {port}")


def refused(port: int) -> bool:
    """Whether nothing listens on ``port`` of 127.0.0.1 (a connection is refused)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


#: A run that starts a server from a helper thread (so no parent-death signal is asked for: only
#: the exit can stop it) and ends by Ctrl-C before stopping it.
EXITING = """
import subprocess, sys, threading
from danish_nb import app_server
started = []
thread = threading.Thread(target=lambda: started.append(
    app_server.start([sys.executable, "-c", "import time; time.sleep(600)"], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)))
thread.start()
thread.join()
print(started[0].pid, flush=True)
raise KeyboardInterrupt
"""


def test_servers_still_running_are_stopped_when_the_interpreter_exits() -> None:
    """A run that ends without stopping its server (Ctrl-C between a start and its ``finally``)
    stops it at exit. Started from the main thread, the server would die with its starter anyway
    (``PR_SET_PDEATHSIG``) and the test could not fail: it is started from a helper thread."""
    done = subprocess.run([sys.executable, "-c", EXITING], capture_output=True, text=True, timeout=120)
    assert "KeyboardInterrupt" in done.stderr
    server = int(done.stdout)
    try:
        wait_until(lambda: not alive(server), 30, f"the server ({server}) still runs after its starter exited")
    finally:
        if alive(server):
            os.killpg(server, signal.SIGKILL)


def test_a_class_behind_one_address_fits_and_the_join_addresses_are_the_machines(
        started: list, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """Issue 40: `--host 0.0.0.0 --class-size 8` told the teacher to hand out http://0.0.0.0:8866/,
    and a class behind a school's NAT was refused from its 5th page (--per-address 4)."""
    from danish_nb.server import join

    monkeypatch.setattr(join, "machine_addresses", lambda: ["127.0.0.1", "192.168.1.20", "fe80::1", "10.0.0.5"])
    monkeypatch.setattr(app_server, "wait_ready", lambda *args: None)  # the fake server "answers", then exits
    assert app_server.main(["--host", "0.0.0.0", "--class-size", "8"]) == 3
    argv, env = started[0]
    assert "--max_kernels=10" in argv and "--max_kernels_per_address=10" in argv  # all of the class, one address
    port = app_server.DEFAULT_PORT
    assert env["DANISH_NB_JOIN"] == f"http://192.168.1.20:{port}/ http://10.0.0.5:{port}/"
    out = capsys.readouterr().out
    code = env["DANISH_NB_ROOM"]
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code)
    assert f"learners join at http://192.168.1.20:{port}/  (or http://10.0.0.5:{port}/); class code {code}" in out
    assert "0.0.0.0" not in out.split("learners join at")[1]
    # an open network where every device has its own address keeps the stricter limit asked for;
    # behind a proxy, its public URL is the one to hand out
    assert app_server.main(["--host", "0.0.0.0", "--class-size", "8", "--per-address", "4", "--behind-proxy",
                            "--public-url", "https://cards.school.example/"]) == 3
    argv, env = started[1]
    assert "--max_kernels_per_address=4" in argv and env["DANISH_NB_JOIN"] == "https://cards.school.example/"
    assert env["DANISH_NB_ROOM"] == code  # a restart keeps the class (its tables, its lobby)
    assert "learners join at https://cards.school.example/" in capsys.readouterr().out
