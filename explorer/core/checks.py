"""Meaning checks shared by every game's saved files and scenarios.

msgspec (`core.typed`) checks the shape of the input; these check what a shape cannot
say, the same way in every game: a seat index is a seat of this table, a per-seat list
has one entry per seat, a count is not negative, and things kept in a fixed total (coins,
dice, torii) still add up. A game calls the same check from its saved-file reader and its
scenario builder, so a position a scenario accepts is one its own save loads again.
Every refusal is an `InvalidInput` naming the field, with the rule id when one applies.
"""
from __future__ import annotations

from typing import Annotated, Mapping, Sequence, TypeVar

import msgspec

from .errors import InvalidInput

T = TypeVar("T")

COUNTER_MAX = 2**53 - 1
"""The largest turn or round counter a saved file may hold: the largest integer JSON
keeps exactly everywhere. A lower bound (there was 10**6) made a position at the bound
loadable and the position after its next turn not, so a save could pass and its
successor fail; no game is played for 2**53 turns."""

TurnCounter = Annotated[int, msgspec.Meta(ge=0, le=COUNTER_MAX)]
"""A count of turns or rounds played, as msgspec reads it from a file or a scenario."""


def _cite(rule: str) -> str:
    return f" ({rule})" if rule else ""


def seat(value: int, field: str, players: int, rule: str = "") -> int:
    """`value` when it is a seat of a `players`-seat table (0..players-1)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidInput(field, f"expected a seat 0-{players - 1}, got {value!r}{_cite(rule)}")
    return value


def seat_or_none(value: int, field: str, players: int, none: int = -1, rule: str = "") -> int:
    """`value` when it is a seat of the table or `none` (the "nobody" marker, -1)."""
    if value == none and not isinstance(value, bool):
        return value
    return seat(value, field, players, rule)


def per_seat(values: Sequence[T], field: str, players: int) -> Sequence[T]:
    """`values` when it holds one entry per seat."""
    if len(values) != players:
        raise InvalidInput(field, f"expected one entry per player ({players}), got {len(values)}")
    return values


def count(value: int, field: str, rule: str = "") -> int:
    """`value` when it is a count: an int of at least 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(field, f"expected a count of at least 0, got {value!r}{_cite(rule)}")
    return value


def conserved(parts: Mapping[str, int | Sequence[int]], total: int, field: str, what: str,
              rule: str = "") -> None:
    """Things kept in a fixed `total` (coins in the supply and with the players, dice in
    the bag and in the crews): every part is a count and together they make `total`.

    `parts` maps a field name to a count or to one count per seat; `field` is named when
    the sum is wrong, a part's own name when it is negative (a scenario that fills in the
    supply as "the rest" can make it negative while the sum still holds).
    """
    summed = 0
    for name, part in parts.items():
        if isinstance(part, int):
            summed += count(part, name, rule)
        else:
            for i, value in enumerate(part):
                summed += count(value, f"{name}[{i}]", rule)
    if summed != total:
        raise InvalidInput(field, f"{what} must make {total}, got {summed}{_cite(rule)}")
