"""Printing a benchmark's figures as an aligned table of (measure, value, detail) rows.

>>> rows = [("first board", "1.7 s", "median"), ("bytes", "7.8 KB", "")]
>>> print_rows(rows, value_width=8)  # doctest: +NORMALIZE_WHITESPACE
measure      value     detail
first board  1.7 s     median
bytes        7.8 KB
"""

from __future__ import annotations

from collections.abc import Sequence


def print_rows(rows: Sequence[tuple[str, str, str]], value_width: int = 12) -> None:
    """Print ``rows`` under a ``measure / value / detail`` header, the columns aligned."""
    width = max(len(row[0]) for row in rows)
    print(f"{'measure':<{width}}  {'value':<{value_width}}  detail")
    for name, value, detail in rows:
        print(f"{name:<{width}}  {value:<{value_width}}  {detail}")
