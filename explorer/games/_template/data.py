"""The position of Chance Nim (`State.data`): immutable values with named fields.

A position is a NamedTuple of numbers, strings and tuples: it hashes and compares equal
field by field, and a play shares every unchanged field with the state before it. Only
the position lives here: no rule, no text, no history (the explorer tree keeps that).
"""
from __future__ import annotations

from typing import NamedTuple


class NimData(NamedTuple):
    pile: int       # counters left (N-SETUP-1); 0 once the game is over (N-END-1)
    mover: int      # the seat to take next (N-SETUP-2)
    rolling: bool   # the die is to be rolled before the mover takes (N-GROW-1)
    last: int       # the seat that took last; NOBODY before the first take


NOBODY = -1
"""`NimData.last` before anyone took a counter."""
