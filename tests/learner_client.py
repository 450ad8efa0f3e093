"""A raw learner for the classroom server tests: one page visit over HTTP, and the kernel
websocket that page would open (Jupyter's JSON protocol), with its cookies or someone else's;
and the server's kernel processes as seen from /proc."""

from __future__ import annotations

import http.client
import json
import os
import re
import time
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

import websocket  # websocket-client

from danish_nb.server.pages import CELL_ERROR, RETRY_CALL, WIDGET_OUTPUT

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@dataclass
class Visit:
    """What one ``GET /`` returned."""

    status: int
    html: str
    headers: dict[str, str]
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def kernel_id(self) -> str | None:
        found = KERNEL_ID.search(self.html)
        return found.group(1) if found else None

    @property
    def kind(self) -> str:
        """``board`` (the app's widget), ``busy`` (says so, retries), ``full`` (room is full,
        retries), ``error`` (Voila's cell error) or ``blank`` (none of these: a silent failure)."""
        if self.status in (429, 503) and 'http-equiv="refresh"' in self.html:
            return "full"
        if self.status == 200 and WIDGET_OUTPUT in self.html:
            return "board"
        if self.status == 200 and RETRY_CALL in self.html:
            return "busy"
        if CELL_ERROR in self.html:
            return "error"
        return "blank"


def request(base: str, method: str = "GET", path: str = "/", *, headers: dict[str, str] | None = None,
            body: bytes | None = None, source: str | None = None, timeout: float = 180) -> Visit:
    """One HTTP request to the server at ``base``, optionally from local address ``source``, answered
    within ``timeout`` s in all (a page that keeps sending Voila's heartbeats does not extend it)."""
    parts = urlsplit(base)
    deadline = time.monotonic() + timeout
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        chunks = []
        while chunk := response.read1(65536):
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{method} {path} was not answered within {timeout} s")
        html = b"".join(chunks).decode("utf-8", "replace")
        jar: SimpleCookie = SimpleCookie()
        for value in response.headers.get_all("Set-Cookie") or []:
            jar.load(value)
        return Visit(response.status, html, dict(response.headers), {k: m.value for k, m in jar.items()})
    finally:
        conn.close()


def message(msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
    """A Jupyter message as the JSON websocket protocol carries it."""
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner",
                   "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel,
        "buffers": [],
    })


class KernelSocket:
    """The websocket of a kernel, opened with ``cookies`` (a page's, or anyone's)."""

    def __init__(self, base: str, kernel_id: str, cookies: dict[str, str], *, host: str | None = None,
                 origin: str | None = None, timeout: float = 30) -> None:
        url = base.replace("http://", "ws://").rstrip("/")
        header = {}
        if cookies:
            header["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        self.frames: list[str] = []
        self.ws = websocket.create_connection(
            f"{url}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}", header=header,
            host=host, origin=origin, timeout=timeout)

    def send(self, text: str) -> None:
        self.ws.send(text)

    def collect(self, seconds: float) -> list[dict]:
        """Every frame received during ``seconds`` (kept in ``frames`` too), as messages."""
        deadline = time.monotonic() + seconds
        got = []
        while (left := deadline - time.monotonic()) > 0:
            self.ws.settimeout(left)
            try:
                frame = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                break
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            self.frames.append(text)
            got.append(json.loads(text) if text.startswith("{") else {"raw": text})
        return got

    def until(self, predicate, seconds: float = 60) -> dict:
        """The first message received for which ``predicate`` holds (within ``seconds``)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for msg in self.collect(min(2.0, deadline - time.monotonic())):
                if predicate(msg):
                    return msg
        raise TimeoutError("no such message arrived")

    def close(self) -> None:
        self.ws.close()


@dataclass
class Server:
    """A running classroom server: its URL, its log, and where its kernels' files are."""

    url: str
    log: Path

    def connection_dir(self) -> str:
        found = re.search(r"Storing connection files in (\S+)\.\n", self.log.read_text(encoding="utf-8"))
        assert found, "the server did not say where its kernel files are"
        return found.group(1)

    def kernels(self) -> set[str]:
        """Ids of this server's running kernel processes (pooled ones too)."""
        found = set()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            hit = re.search(re.escape(self.connection_dir()) + r"/kernel-([0-9a-f-]{36})\.json", cmdline)
            if hit and "ipykernel" in cmdline:
                found.add(hit.group(1))
        return found

    def wait_kernel_gone(self, kernel_id: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if kernel_id not in self.kernels():
                return True
            time.sleep(0.5)
        return False
