"""The class roster: one identity per learner in a class, whatever table, lesson or device.

A learner joins the class with its code (the room, see :mod:`danish_nb.app_server`) and a name,
and gets a ``learner`` id (public: what seats, the lobby and practice records are keyed by) and
a ``key`` (secret: kept only in the learner's browser, stored here as its hash). A learner moves
to another device with a short device code the teacher shows (valid :data:`DEVICE_CODE_MINUTES`
minutes, once): the new browser gets a key of its own to the same learner. Seats taken by a
learner of the roster can be taken back from their other device (see
:meth:`danish_nb.tables.session.TableSession.join`).

>>> from danish_nb.tables import open_store
>>> store = open_store("sqlite:///:memory:")
>>> roster = Roster(store, "K7QX2M")
>>> ada = roster.enrol("k7qx2m", "Ada")
>>> roster.member(ada.key).learner == ada.learner, roster.member("a forged key")
(True, None)
>>> code = roster.device_code(ada.learner)
>>> tablet = roster.redeem(code)
>>> tablet.learner == ada.learner and tablet.key != ada.key and roster.member(tablet.key).name
'Ada'
>>> roster.redeem(code)
Traceback (most recent call last):
...
danish_nb.tables.roster.RosterError: that device code is wrong, used or expired: ask your teacher for a new one
>>> store.close()
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from ..i18n import M
from .codes import ALPHABET, hash_token, new_token
from .errors import TableError
from .store import NAME_LENGTH, Store

#: Minutes a device code gives a learner's identity to another browser.
DEVICE_CODE_MINUTES = 10
#: Letters of a device code (no look-alikes, as a table code): 8 of 31, about 40 bits, once.
DEVICE_CODE_LENGTH = 8


class RosterError(TableError):
    """A class code or device code that does not fit, or a name missing."""


@dataclass(frozen=True, slots=True)
class Member:
    """A learner of the roster: ``learner`` (their id), ``name``, and ``key`` (the browser's
    secret; only when just issued, to hand to that browser)."""

    learner: str
    name: str
    key: str | None = None


def _normal(code: str) -> str:
    return "".join(code.split()).upper()


class Roster:
    """The learners of the class ``room`` in ``store``."""

    def __init__(self, store: Store, room: str):
        self.store, self.room = store, room

    def enrol(self, class_code: str, name: str) -> Member:
        """A new learner named ``name`` joining with the class code (read without spaces and
        case). Raises :class:`RosterError` for another code or no name."""
        if not isinstance(class_code, str) or not self.room or _normal(class_code) != _normal(self.room):
            raise RosterError(M("that is not this class's code: check it on the projector"))
        name = name.strip()[:NAME_LENGTH] if isinstance(name, str) else ""
        if not name:
            raise RosterError(M("type your name to join the class"))
        learner, key = "l-" + secrets.token_urlsafe(12), new_token()
        self.store.add_learner(self.room, learner, name, hash_token(key))
        return Member(learner, name, key)

    def member(self, key: str) -> Member | None:
        """The learner whose browser holds ``key``, or None (forged, another class's, erased)."""
        if not isinstance(key, str) or not 8 <= len(key) <= 200:
            return None
        found = self.store.learner_of(hash_token(key), self.room)
        return Member(*found) if found is not None else None

    def members(self) -> list[Member]:
        """Every learner of the class, first enrolled first (no keys)."""
        return [Member(learner, name) for learner, name in self.store.learners(self.room)]

    def device_code(self, learner: str, now: float | None = None) -> str:
        """A device code the teacher shows to ``learner``: typed on another device within
        :data:`DEVICE_CODE_MINUTES` minutes, it makes that browser this learner (once; a new code
        voids the learner's earlier one)."""
        code = "".join(secrets.choice(ALPHABET) for _ in range(DEVICE_CODE_LENGTH))
        until = (time.time() if now is None else now) + DEVICE_CODE_MINUTES * 60
        self.store.add_transfer(learner, hash_token(code), until)
        return code

    def redeem(self, code: str, now: float | None = None) -> Member:
        """This browser becomes the learner the device code was made for: a new key of its own.
        Raises :class:`RosterError` for a wrong, used or expired code."""
        key = new_token()
        found = self.store.take_transfer(hash_token(_normal(code)) if isinstance(code, str) else "", self.room,
                                         hash_token(key), time.time() if now is None else now)
        if found is None:
            raise RosterError(M("that device code is wrong, used or expired: ask your teacher for a new one"))
        return Member(found[0], found[1], key)
