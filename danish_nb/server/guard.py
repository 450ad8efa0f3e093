"""Who may reach what: the server's host names, and which page owns which kernel.

Pure bookkeeping, no tornado (refusals are messages, in any interface language): the handlers
in :mod:`danish_nb.server.app` ask these questions.

>>> hosts = HostNames(["class.example"])
>>> [hosts.allows(h) for h in ("class.example:8866", "localhost", "[::1]:80", "evil.example")]
[True, True, True, False]
>>> hosts.allows("192.168.1.20:8866", local_address="192.168.1.20")
True
>>> hosts.allows("192.168.1.99", local_address="192.168.1.20")
False
>>> HostNames(["192.168.1.99"]).allows("192.168.1.99:8080", local_address="127.0.0.1")   # a proxy's address
True
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..i18n import Message, _n


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address (IPv4-mapped IPv6 unwrapped), or None if it is a name."""
    try:
        addr = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(addr, "ipv4_mapped", None)
    return mapped or addr


class HostNames:
    """The names this server answers to: ``localhost``, this machine's names, and ``extra``.

    A ``Host`` that is an IP address is accepted when it is a loopback address, the address the
    request arrived on, or one of ``extra`` (a reverse proxy's address, which learners type): a
    browser sends an IP as ``Host`` only when the page's origin is that IP, so DNS rebinding
    (which needs a name the attacker controls) cannot use it.
    """

    def __init__(self, extra: Iterable[str] = ()) -> None:
        names = {"localhost", socket.gethostname(), socket.getfqdn(), *extra}
        self.names = frozenset(name.lower().rstrip(".") for name in names if name)

    def allows(self, host_header: str, local_address: str | None = None) -> bool:
        """Whether a request with this ``Host`` header (port optional) may be served."""
        host = host_header.strip().lower()
        if host.startswith("["):  # [v6]:port
            host = host[1:host.find("]")] if "]" in host else host
        elif host.count(":") == 1:  # name:port or v4:port (a bare v6 address has several colons)
            host = host.split(":")[0]
        addr = _ip(host)
        if addr is None:
            return host.rstrip(".") in self.names
        local = _ip(local_address) if local_address else None
        return addr.is_loopback or addr == local or str(addr) in self.names


@dataclass
class Seat:
    """A visitor kernel (or one being started): who asked for it, the page's secret, and whether
    the page is still there (its websockets to the kernel; whether it said goodbye)."""

    address: str
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    kernel_id: str | None = None
    sockets: int = 0
    connected: bool = False
    leaving: bool = False

    @property
    def live(self) -> bool:
        """Whether the page holds its place: loading (not connected yet) or connected, and not
        closed (its beacon came, or its last websocket closed and none came back)."""
        return not self.leaving and (self.sockets > 0 or not self.connected)


class Refusal(Exception):
    """A page cannot get a kernel now; ``status`` is 503 (room full) or 429 (this address);
    ``message`` says why, in any interface language."""

    def __init__(self, status: int, message: Message) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message


class Room:
    """Visitor kernels: caps on how many run at once, and which page owns which kernel.

    A seat is taken before a kernel is asked for (so visitors arriving together are counted),
    bound to the kernel once it is known, and forgotten when the kernel is gone (``alive`` says
    so; then ``gone`` is told). The caps count live pages only (:attr:`Seat.live`): a page closed
    a moment ago no longer holds its place while its kernel shuts down, so closing a tab and
    opening another always works.

    >>> room = Room(max_kernels=2, per_address=1, alive=lambda kid: True)
    >>> seat = room.take("10.0.0.1"); room.bind(seat, "k1")
    >>> room.owns("k1", seat.secret), room.owns("k1", "guess"), room.owns("k2", seat.secret)
    (True, False, False)
    >>> room.take("10.0.0.1")
    Traceback (most recent call last):
    ...
    danish_nb.server.guard.Refusal: This computer already has 1 game open ...
    >>> room.opened("k1"); room.closed("k1")      # its page connected, then its socket closed
    True
    >>> room.abandoned("k1")                      # and none came back: the kernel may go
    True
    >>> room.take("10.0.0.1").address             # the closed page no longer counts
    '10.0.0.1'
    """

    def __init__(self, max_kernels: int, per_address: int, alive: Callable[[str], bool],
                 gone: Callable[[str], None] = lambda kernel_id: None) -> None:
        self.max_kernels = max_kernels
        self.per_address = per_address
        self._alive = alive
        self._gone = gone
        self._seats: list[Seat] = []

    def _prune(self) -> None:
        kept = [s for s in self._seats if s.kernel_id is None or self._alive(s.kernel_id)]
        for seat in self._seats:
            if seat not in kept and seat.kernel_id is not None:
                self._gone(seat.kernel_id)
        self._seats = kept

    def _seat(self, kernel_id: str) -> Seat | None:
        return next((s for s in self._seats if s.kernel_id == kernel_id), None)

    def take(self, address: str) -> Seat:
        """A seat for a page from ``address``, or :class:`Refusal` if the room or address is full."""
        self._prune()
        live = [s for s in self._seats if s.live]
        mine = sum(s.address == address for s in live)
        if mine >= min(self.per_address, self.max_kernels):
            raise Refusal(429, _n("This computer already has {n} game open (at most {most}): close a tab "
                                  "you no longer use.", "This computer already has {n} games open (at most "
                                  "{most}): close a tab you no longer use.", mine, most=mine))
        if len(live) >= self.max_kernels:
            raise Refusal(503, _n("{n} game is running, the most this server holds.",
                                  "{n} games are running, the most this server holds.", len(live)))
        seat = Seat(address)
        self._seats.append(seat)
        return seat

    def bind(self, seat: Seat, kernel_id: str) -> None:
        """The page's kernel is known: from now on only ``seat.secret`` reaches it."""
        seat.kernel_id = kernel_id

    def release(self, seat: Seat) -> None:
        """Give back a seat whose page got no kernel."""
        if seat in self._seats and seat.kernel_id is None:
            self._seats.remove(seat)

    def owns(self, kernel_id: str, secret: str | None) -> bool:
        """Whether ``secret`` (the request's cookie) is the secret of the page that owns the kernel,
        and the page has not left (a page that left, or whose kernel is shutting down, reloads)."""
        if not secret:
            return False
        return any(s.kernel_id == kernel_id and not s.leaving and secrets.compare_digest(s.secret, secret)
                   for s in self._seats)

    def opened(self, kernel_id: str) -> None:
        """A websocket of the kernel's page opened."""
        seat = self._seat(kernel_id)
        if seat is not None:
            seat.sockets += 1
            seat.connected = True

    def closed(self, kernel_id: str) -> bool:
        """A websocket of the kernel's page closed; whether it was the page's last one."""
        seat = self._seat(kernel_id)
        if seat is None:
            return False
        seat.sockets = max(0, seat.sockets - 1)
        return seat.sockets == 0

    def abandoned(self, kernel_id: str) -> bool:
        """Whether the kernel's page is gone for good (connected once, no websocket now, not
        already leaving); if so it is marked leaving, and the caller shuts the kernel down."""
        seat = self._seat(kernel_id)
        if seat is None or seat.leaving or seat.sockets or not seat.connected:
            return False
        seat.leaving = True
        return True

    def leave(self, kernel_id: str) -> None:
        """The kernel's page said goodbye (its shutdown beacon): it holds no place any more."""
        seat = self._seat(kernel_id)
        if seat is not None:
            seat.leaving = True

    def count(self) -> int:
        """Live pages' kernels, running or starting."""
        self._prune()
        return sum(s.live for s in self._seats)


class Queue:
    """Visitors waiting for a place when the room is full, first come first served: each has a
    ticket (kept in a cookie by their browser), and a place that frees goes to the first in
    line, not to whoever reloads at the right moment. A ticket not back within ``forget_after``
    seconds (its page closed) leaves the line.

    >>> now = [0.0]
    >>> line = Queue(forget_after=30, clock=lambda: now[0])
    >>> ada, bo = line.stand(None), line.stand(None)
    >>> line.ahead(ada), line.ahead(bo), line.ahead("a newcomer"), line.stand(bo) == bo
    (0, 1, 2, True)
    >>> line.leave(ada); line.ahead(bo)
    0
    >>> now[0] = 40.0   # Bo's page did not come back: it is gone
    >>> len(line), line.ahead("a newcomer")
    (0, 0)
    """

    def __init__(self, forget_after: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.forget_after = forget_after
        self._clock = clock
        self._seen: dict[str, float] = {}  # ticket -> last seen, first in line first

    def _prune(self, now: float) -> None:
        for ticket, seen in list(self._seen.items()):
            if now - seen > self.forget_after:
                del self._seen[ticket]

    def stand(self, ticket: str | None) -> str:
        """Keep ``ticket``'s place in line (a new ticket at the end if it has none, or one the
        line does not know); returns the ticket."""
        now = self._clock()
        self._prune(now)
        if not ticket or ticket not in self._seen:
            ticket = secrets.token_urlsafe(16)
        self._seen[ticket] = now
        return ticket

    def ahead(self, ticket: str | None) -> int:
        """How many wait before ``ticket`` (everyone in line, for a ticket not in it)."""
        self._prune(self._clock())
        tickets = list(self._seen)
        return tickets.index(ticket) if ticket in self._seen else len(tickets)

    def leave(self, ticket: str | None) -> None:
        """The ticket's visitor got a place (or gave up)."""
        self._seen.pop(ticket or "", None)

    def __len__(self) -> int:
        self._prune(self._clock())
        return len(self._seen)
