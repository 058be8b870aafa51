"""The events of Chance Nim's plays, each citing its rule.

An `Event` says what a play did, for the history and the board's narration. An event
with a secret (a card a player drew) names who may read it (`visible_to`) and what the
others read instead (`public_text`); Chance Nim has no secret. Seats are written "P0".
"""
from __future__ import annotations

from ...core.events import Event
from ...core.pending import seat_name
from ...core.words import counted


def took(seat: int, count: int) -> Event:
    return Event("take", "N-TAKE-1", f"{seat_name(seat)} takes {counted(count, 'counter')}", seat)


def grew(added: int) -> Event:
    return Event("grow", "N-GROW-1", "the die adds a counter" if added else "the die adds nothing")


def won(winners: tuple[int, ...]) -> Event:
    names = " and ".join(seat_name(p) for p in winners)
    return Event("game-end", "N-END-1", f"the last counter is taken: {names} {'win' if len(winners) > 1 else 'wins'}")
