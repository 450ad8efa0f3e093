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

import hmac
import math
import time

from ..i18n import M, _n
from .errors import TableError

#: Wrong keys a device may type without waiting; then the wait before its next try, which
#: doubles with each further wrong key.
FREE_TRIES, FIRST_WAIT, MOST_WAIT = 3, 2.0, 600.0


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


__all__ = ["FIRST_WAIT", "FREE_TRIES", "MOST_WAIT", "KeyGuard", "TooManyTries"]
