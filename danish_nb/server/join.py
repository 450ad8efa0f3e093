"""Where learners join: the addresses a learner's device can use, and their QR code.

A server listening on ``0.0.0.0`` is reached at the machine's network addresses, never at
``0.0.0.0`` itself; behind a reverse proxy, at the proxy's public URL. The ``danish-nb`` command
prints them and hands them to the kernels in :data:`JOIN_ENV`, so the teacher's join screen
shows them large, with a QR code drawn here (by ``segno``, no web service) and the class code.

>>> join_urls("127.0.0.1", 8866)
['http://127.0.0.1:8866/']
>>> join_urls("0.0.0.0", 8866, addresses=["192.168.1.20", "127.0.0.1", "10.0.0.5", "169.254.3.1"])
['http://192.168.1.20:8866/', 'http://10.0.0.5:8866/']
>>> join_urls("0.0.0.0", 8866, public_url="https://cards.school.example/")
['https://cards.school.example/']
>>> read_join_env("http://192.168.1.20:8866/ javascript:alert(1) http://10.0.0.5:8866/")
['http://192.168.1.20:8866/', 'http://10.0.0.5:8866/']
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable, Sequence

#: The environment variable that hands the join addresses (space-separated URLs) to the kernels.
JOIN_ENV = "DANISH_NB_JOIN"
#: Hosts that mean "every address of this machine".
ANY_HOST = ("0.0.0.0", "::", "")
#: The most join addresses shown (a machine with many interfaces lists its first ones).
MOST_SHOWN = 4


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def machine_addresses() -> list[str]:
    """This machine's IP addresses (every interface's, the route's first), loopback included:
    psutil when installed (every Jupyter has it), else the address the default route leaves from."""
    found: list[str] = []
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        for entries in psutil.net_if_addrs().values():
            found.extend(entry.address.split("%")[0] for entry in entries
                         if entry.family in (socket.AF_INET, socket.AF_INET6))
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a UDP "connection" sends nothing: it picks the route
            found.insert(0, probe.getsockname()[0])
        except OSError:
            pass  # no route: no network besides this machine
    return list(dict.fromkeys(found))


def usable(address: str, ipv6: bool = False) -> bool:
    """Whether a learner's device could reach this machine at ``address``: not loopback, not
    link-local, not unspecified; IPv6 only when listening on ``::``.

    >>> [usable(a) for a in ("192.168.1.20", "127.0.0.1", "169.254.1.1", "fe80::1", "0.0.0.0")]
    [True, False, False, False, False]
    """
    try:
        addr = ipaddress.ip_address(address)
    except ValueError:
        return False
    if addr.version == 6 and not ipv6:
        return False
    return not (addr.is_loopback or addr.is_link_local or addr.is_unspecified or addr.is_multicast)


def join_urls(host: str, port: int, *, public_url: str | None = None,
              addresses: Iterable[str] | None = None) -> list[str]:
    """The URLs learners open: the proxy's ``public_url`` if given; for a server on every address
    (``0.0.0.0``, ``::``), each usable address of this machine (at most :data:`MOST_SHOWN`;
    ``addresses`` defaults to :func:`machine_addresses`); else the one ``host`` listened on."""
    if public_url:
        return [public_url]
    if host not in ANY_HOST:
        return [_url(host, port)]
    found = machine_addresses() if addresses is None else list(addresses)
    urls = [_url(a, port) for a in found if usable(a, ipv6=host == "::")]
    return urls[:MOST_SHOWN] or [_url("127.0.0.1", port)]


def read_join_env(text: str | None = None) -> list[str]:
    """The join URLs the ``danish-nb`` command handed over (``$DANISH_NB_JOIN``): only
    ``http(s)://`` ones, at most :data:`MOST_SHOWN`."""
    text = os.environ.get(JOIN_ENV, "") if text is None else text
    return [u for u in text.split() if u.startswith(("http://", "https://"))][:MOST_SHOWN]


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (dark modules on white, a quiet zone of 4; sized by
    its ``viewBox``, so CSS makes it as large as the projector needs), drawn locally by
    ``segno``: what a learner's camera reads.

    >>> svg = qr_svg("http://192.168.1.20:8866/")
    >>> svg.startswith("<svg") and 'class="dn-qr"' in svg
    True
    """
    import segno

    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(border=4, dark="#000", light="#fff", svgclass="dn-qr", lineclass=None, title=url,
                           omitsize=True)


def announce(urls: Sequence[str]) -> str:
    """What the command prints: the first address, and the others.

    >>> announce(["http://192.168.1.20:8866/", "http://10.0.0.5:8866/"])
    'learners join at http://192.168.1.20:8866/  (or http://10.0.0.5:8866/)'
    """
    others = f"  (or {', '.join(urls[1:])})" if len(urls) > 1 else ""
    return f"learners join at {urls[0]}{others}"
