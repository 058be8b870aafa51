"""The one tuple-update helper every game uses: positions are immutable tuples, and a
play builds the next one.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    >>> from typing import NamedTuple
    >>> class Point(NamedTuple):
    ...     x: int
    ...     y: int
    >>> new_tuple(Point, (1, 2))
    Point(x=1, y=2)

`new_tuple(Kind, fields)` builds a NamedTuple from its fields in order without the Python
frame of its generated `__new__`: about a third of the cost, and every step of a game
builds a position. It is a speed device only: each game calls it in one place per kind,
a keyword-only builder beside the NamedTuple (`data.py`), so rule code names every field.
"""
from __future__ import annotations

from typing import Any, Final

new_tuple: Final = tuple.__new__
"""`tuple.__new__`: a NamedTuple of kind `cls` from the tuple of its fields, in order."""


def put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """`row` with item `i` replaced by `value`."""
    return row[:i] + (value,) + row[i + 1:]
