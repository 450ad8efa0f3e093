"""The teacher key, checked so that learners cannot shut the teacher out: wrong keys slow down
only the device that typed them (this kernel: one page), never the room.

The key itself is what keeps learners out: ``danish-nb`` makes a random one of 80 bits when the
teacher gives none, which no amount of guessing finds. After :data:`FREE_TRIES` wrong keys a
device waits before its next try, twice as long after each further wrong key (from
:data:`FIRST_WAIT` s up to :data:`MOST_WAIT` s); the right key is not compared while it waits,
and clears its count. Other devices, the teacher's included, are never held up, even behind one
address (a class behind a NAT): issue 28 saw 30 wrong keys from six devices lock the teacher view
for the whole room for 10 minutes.

>>> guard = KeyGuard()
>>> [guard.check("guess", "s3cret", now=0.0) for _ in range(FREE_TRIES)]
[False, False, False]
>>> guard.check("s3cret", "s3cret", now=1.0)
Traceback (most recent call last):
...
danish_nb.tables.keys.TooManyTries: Too many wrong teacher keys from this device: try again in 1 s.
>>> guard.check("s3cret", "s3cret", now=2.0), guard.wrong
(True, 0)
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import time
from typing import TYPE_CHECKING

from ..i18n import M, Message, _n
from .errors import TableError

if TYPE_CHECKING:
    from .store import Store

#: Wrong keys a device may type without waiting; then the wait before its next try, which
#: doubles with each further wrong key.
FREE_TRIES, FIRST_WAIT, MOST_WAIT = 3, 2.0, 600.0
#: Hours a teacher pass opens the teacher view (a school day).
PASS_HOURS = 12
#: The environment variable holding the teacher's key (no key: no teacher view).
TEACHER_ENV = "DANISH_NB_TEACHER_KEY"


def pass_opens(sealed: str | None) -> bool:
    """Whether ``sealed`` (a pass a browser reports) opens this server's teacher view now: a pass
    signed with the key in :data:`TEACHER_ENV` that has not expired."""
    return bool(sealed) and pass_holds(sealed or "", os.environ.get(TEACHER_ENV, ""))


def teacher_pass(key: str, now: float | None = None, hours: float = PASS_HOURS) -> str:
    """A pass the teacher's browser keeps so the teacher stays signed in across reloads and
    servers: its expiry, signed with the teacher key (HMAC-SHA256). It holds no key, opens the
    teacher view only until it expires, and none opens it once the key changes.

    >>> sealed = teacher_pass("s3cret", now=1000.0)
    >>> pass_holds(sealed, "s3cret", now=1001.0), pass_holds(sealed, "other", now=1001.0)
    (True, False)
    >>> pass_holds(sealed, "s3cret", now=1000.0 + PASS_HOURS * 3600 + 1), pass_holds("9999999999.forged", "s3cret")
    (False, False)
    """
    expires = int((time.time() if now is None else now) + hours * 3600)
    return f"{expires}.{_sign(key, expires)}"


def pass_holds(sealed: str, key: str, now: float | None = None) -> bool:
    """Whether ``sealed`` is a teacher pass signed with ``key`` that has not expired."""
    expires, _, signature = sealed.partition(".")
    if not key or not expires.isdigit() or len(expires) > 12:
        return False
    return (hmac.compare_digest(signature, _sign(key, int(expires)))
            and (time.time() if now is None else now) < int(expires))


def _sign(key: str, expires: int) -> str:
    return hmac.new(key.encode(), f"danish-nb teacher pass {expires}".encode(), hashlib.sha256).hexdigest()


class TooManyTries(TableError):
    """This device typed too many wrong teacher keys lately: ``seconds`` until its next try (the
    key is not compared meanwhile)."""

    def __init__(self, seconds: int, what: str = "key"):
        wait = (_n("{n} s", "{n} s", seconds) if seconds < 120 else
                _n("{n} minute", "{n} minutes", math.ceil(seconds / 60)))
        message: Message = (M("Too many wrong table codes from this device: try again in {wait}.", wait=wait)
                            if what == "code" else
                            M("Too many wrong teacher keys from this device: try again in {wait}.", wait=wait))
        super().__init__(message)
        self.seconds = seconds


class KeyGuard:
    """One device's tries of the teacher key (a page holds one, in its kernel)."""

    def __init__(self) -> None:
        self.wrong = 0
        self.until = 0.0

    def check(self, key: str, expected: str, now: float | None = None) -> bool:
        """Whether ``key`` is ``expected`` (compared in constant time). Raises
        :class:`TooManyTries` while this device must wait."""
        now = time.monotonic() if now is None else now
        if now < self.until:
            raise TooManyTries(math.ceil(self.until - now))
        if hmac.compare_digest(key.encode(), expected.encode()):
            self.wrong, self.until = 0, 0.0
            return True
        self.wrong += 1
        if self.wrong >= FREE_TRIES:
            self.until = now + min(MOST_WAIT, FIRST_WAIT * 2 ** (self.wrong - FREE_TRIES))
        return False


#: How guesses are counted in the store, across pages, reloads and servers of the class: for
#: each kind, per device (the browser's id) and per address (the visitor's, which the browser
#: cannot choose; generous, since a class may share one): (wrong tries free, first wait, longest
#: wait, quiet seconds after which the count starts again). A device's right try clears its count;
#: an address's count only fades (a guesser cannot clear it with one known code).
RULES = {
    "code": {"device": (5, 2.0, 60.0, 600.0), "address": (40, 2.0, 60.0, 600.0)},
    "key": {"device": (FREE_TRIES, FIRST_WAIT, MOST_WAIT, 3600.0), "address": (40, 2.0, 60.0, 600.0)},
}


class Guesses:
    """The tries of table codes (``what="code"``) or of the teacher key (``"key"``) made from one
    ``device`` and ``address``, counted in the store: reloading the page, or opening another,
    gives no fresh tries.

    >>> from danish_nb.tables import open_store
    >>> store = open_store("sqlite:///:memory:")
    >>> mine = Guesses(store, "code", device="d-1", address="10.0.0.9")
    >>> for _ in range(5):
    ...     mine.check(now=0.0); mine.count(right=False, now=0.0)
    >>> mine.check(now=1.0)
    Traceback (most recent call last):
    ...
    danish_nb.tables.keys.TooManyTries: Too many wrong table codes from this device: try again in 1 s.
    >>> Guesses(store, "code", device="d-2", address="10.0.0.9").check(now=1.0)   # another device: free
    >>> store.close()
    """

    def __init__(self, store: Store, what: str, *, device: str, address: str):
        self.store, self.what = store, what
        self.whos = {"device": f"{what} device:{device}", "address": f"{what} address:{address}"}

    def check(self, now: float | None = None) -> None:
        """Raise :class:`TooManyTries` if this device, or its address, must wait before trying."""
        now = time.time() if now is None else now
        wait = self.store.try_wait(list(self.whos.values()), now)
        if wait > 0:
            raise TooManyTries(math.ceil(wait), self.what)

    def count(self, right: bool, now: float | None = None) -> None:
        """Count one try (a right one clears the device's count, not the address's)."""
        now = time.time() if now is None else now
        for scope, who in self.whos.items():
            if right and scope == "address":
                continue
            free, first, most, quiet = RULES[self.what][scope]
            self.store.count_try(who, right, free=free, first=first, most=most, quiet=quiet, now=now)


__all__ = ["FIRST_WAIT", "FREE_TRIES", "MOST_WAIT", "PASS_HOURS", "RULES", "Guesses", "KeyGuard", "TooManyTries",
           "pass_holds", "teacher_pass"]
