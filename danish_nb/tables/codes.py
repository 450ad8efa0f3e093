"""Table codes a learner types, and the seat tokens only one learner's session holds.

A table code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn with
:mod:`secrets`. A seat token is an unguessable URL-safe string; the store keeps only its
SHA-256 hash, so whoever reads the database cannot take a seat.

>>> code = new_code()
>>> len(code), set(code) <= set(ALPHABET)
(6, True)
>>> read_code(" ab-c23d ".replace("-", "")) == "ABC23D"
True
>>> len(hash_token(new_token()))
64
"""

from __future__ import annotations

import hashlib
import secrets

from ..i18n import M
from .errors import SeatTokenError, TableCodeError

#: Upper-case letters and digits a learner cannot misread (no 0/O, 1/I/L).
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh random table code, e.g. ``'K7QX2M'``."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str:
    """A typed table code, upper-cased and without spaces. Raises :class:`TableCodeError`.

    >>> read_code("k7qx2m")
    'K7QX2M'
    >>> read_code("K7QX20")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    danish_nb.tables.errors.TableCodeError: a table code is 6 characters from 23456789ABCDEFGHJKMNPQRSTUVWXYZ,
    not 'K7QX20'
    """
    if not isinstance(text, str):
        raise TableCodeError(M("a table code is text, not {kind}", kind=type(text).__name__))
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or not set(code) <= set(ALPHABET):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise TableCodeError(M("a table code is {length} characters from {alphabet}, not {shown!r}",
                               length=CODE_LENGTH, alphabet=ALPHABET, shown=shown))
    return code


def new_token() -> str:
    """A fresh seat token (32 random bytes, URL-safe): the only proof of holding a seat."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest the store keeps instead of the token."""
    if not isinstance(token, str) or not token or len(token) > 200:
        raise SeatTokenError(M("a seat token is the text this table gave you when you took your seat"))
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
