"""The teacher key, guarded against guessing: a few tries per visitor address, and a few more
per room (all addresses together), in a sliding window, counted in the shared store (so every
kernel, on every server of the room, counts the same tries).

>>> from danish_nb.tables import open_store
>>> store = open_store("sqlite:///:memory:")
>>> [check_teacher_key(store, "5B", "10.0.0.7", guess, "s3cret") for guess in ("a", "s3cret")]
[False, True]
>>> for guess in "abcde":
...     _ = check_teacher_key(store, "5B", "10.0.0.7", guess, "s3cret")
Traceback (most recent call last):
...
danish_nb.tables.keys.TooManyTries: too many wrong teacher keys from this computer: try again in 10 min
>>> check_teacher_key(store, "5B", "10.0.0.8", "s3cret", "s3cret")   # another computer
True
>>> store.close()
"""

from __future__ import annotations

import hashlib
import hmac

from ..i18n import M
from .errors import TableError
from .store import Store

#: Wrong keys allowed per address, and per room, within :data:`WINDOW` seconds.
PER_ADDRESS, PER_ROOM, WINDOW = 5, 30, 600.0


class TooManyTries(TableError):
    """Too many wrong teacher keys lately: ``scope`` is ``"source"`` (this address) or ``"room"``
    (every address together); ``minutes`` until a try is allowed again. The key is not compared."""

    def __init__(self, scope: str, minutes: int):
        super().__init__(M("too many wrong teacher keys from this computer: try again in {minutes} min", minutes=minutes)
                         if scope == "source" else
                         M("too many wrong teacher keys in this room: try again in {minutes} min", minutes=minutes))
        self.scope = scope
        self.minutes = minutes


def source_of(address: str) -> str:
    """How the store records an address: a hash (the store keeps no visitor addresses).

    >>> len(source_of("10.0.0.7")), source_of("10.0.0.7") == source_of("10.0.0.8")
    (16, False)
    """
    return hashlib.sha256(f"danish-nb teacher key {address}".encode()).hexdigest()[:16]


def check_teacher_key(store: Store, room: str, address: str, key: str, expected: str) -> bool:
    """Whether ``key`` is ``expected`` (compared in constant time); each wrong try counts against
    ``address`` and the room. Raises :class:`TooManyTries` (the key not compared) over a limit."""
    source = source_of(address)
    limited = store.count_key_try(room, source, window=WINDOW, per_source=PER_ADDRESS, per_room=PER_ROOM)
    if limited is not None:
        scope, seconds = limited
        raise TooManyTries(scope, max(1, round(seconds / 60)))
    if hmac.compare_digest(key.encode(), expected.encode()):
        store.forget_key_try(room, source)
        return True
    return False


__all__ = ["PER_ADDRESS", "PER_ROOM", "WINDOW", "TooManyTries", "check_teacher_key", "source_of"]
