"""Applying a legal Chance Nim move: the next position and the events of the play
(`State._apply`; the move was checked by `legal.py` before).

A play returns a new `NimData`, never changes the old one, and says what happened.
"""
from __future__ import annotations

from ...core.events import Event
from ...core.move import Move
from .data import NimData
from .moves import Grow, Take
from .narration import grew, took, won
from .rules import next_seat, rolls_after, winners


def apply(d: NimData, move: Move, players: int, shared: bool) -> tuple[NimData, tuple[Event, ...]]:
    if isinstance(move, Grow):                              # N-GROW-1
        return d._replace(pile=d.pile + move.added, rolling=False), (grew(move.added),)
    assert isinstance(move, Take)
    pile = d.pile - move.count                              # N-TAKE-1
    after = NimData(pile, next_seat(d.mover, players), rolls_after(pile), d.mover)
    if pile:
        return after, (took(d.mover, move.count),)
    return after, (took(d.mover, move.count), won(winners(d.mover, players, shared)))   # N-END-1
