"""The JSON form of a Chance Nim position, and its validating reader (`State._encode`,
`Game._decode`).

A saved file is trusted only once checked: msgspec reads its shape (a wrong type is
refused with the field's path), then `check` says what a shape cannot (a seat is a seat
of this table, a count is not negative, the fields agree with each other), each refusal
an `InvalidInput` naming the field. Scenarios run the same `check`, so a position a
scenario accepts is one its save loads again.
"""
from __future__ import annotations

from typing import Any

import msgspec

from ...core import checks
from ...core.errors import InvalidInput
from ...core.pending import seat_name
from ...core.typed import convert
from .data import NOBODY, NimData
from .rules import next_seat, rolls_after


class Saved(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of a saved position: `NimData`'s fields, by name."""

    pile: int
    mover: int
    rolling: bool
    last: int


def encode(d: NimData) -> dict[str, Any]:
    return {"pile": d.pile, "mover": d.mover, "rolling": d.rolling, "last": d.last}


def decode(raw: Any, players: int, where: str) -> NimData:
    s: Saved = convert(raw, Saved, where)
    return check(NimData(s.pile, s.mover, s.rolling, s.last), players, where)


def check(d: NimData, players: int, where: str) -> NimData:
    """`d` when it is a position Chance Nim can reach; InvalidInput naming the field."""
    at = f"{where}." if where else ""
    checks.count(d.pile, f"{at}pile", "N-SETUP-1")
    checks.seat(d.mover, f"{at}mover", players, "N-SETUP-2")
    checks.seat_or_none(d.last, f"{at}last", players, NOBODY)
    if d.last == NOBODY:
        if d.pile == 0:
            raise InvalidInput(f"{at}pile", "an empty pile ends the game, so somebody took the "
                                            "last counter (N-END-1): give `last`")
        if d.rolling:
            raise InvalidInput(f"{at}rolling", "the die is rolled after a take (N-GROW-1), "
                                               "and nobody took yet")
    elif d.mover != next_seat(d.last, players):
        raise InvalidInput(f"{at}mover", f"{seat_name(d.last)} took last, so "
                                         f"{seat_name(next_seat(d.last, players))} moves next, "
                                         f"not {seat_name(d.mover)} (N-SETUP-2)")
    if d.rolling and not rolls_after(d.pile):
        raise InvalidInput(f"{at}rolling", "the die is rolled only while counters are left (N-GROW-1)")
    return d
