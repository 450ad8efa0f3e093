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
import time

from ..i18n import M, _n
from .errors import TableError

#: Wrong keys a device may type without waiting; then the wait before its next try, which
#: doubles with each further wrong key.
FREE_TRIES, FIRST_WAIT, MOST_WAIT = 3, 2.0, 600.0
#: Hours a teacher pass opens the teacher view (a school day).
PASS_HOURS = 12


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

    def __init__(self, seconds: int):
        wait = (_n("{n} s", "{n} s", seconds) if seconds < 120 else
                _n("{n} minute", "{n} minutes", math.ceil(seconds / 60)))
        super().__init__(M("Too many wrong teacher keys from this device: try again in {wait}.", wait=wait))
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


__all__ = ["FIRST_WAIT", "FREE_TRIES", "MOST_WAIT", "PASS_HOURS", "KeyGuard", "TooManyTries", "pass_holds",
           "teacher_pass"]
