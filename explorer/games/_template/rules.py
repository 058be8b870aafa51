"""The plain rules of Chance Nim, in the order of `seeds/nim.md`, each citing its id.

Plain functions of plain values: no state, no caches. Every other file asks these (a
faster twin, if a game needs one, lives in `fast.py` and names the function here that
it equals).
"""
from __future__ import annotations

FIRST_SEAT = 0
"""N-SETUP-2: seat 0 takes the first turn."""


def next_seat(seat: int, players: int) -> int:
    """N-SETUP-2: play passes in seat order."""
    return (seat + 1) % players


def takes(pile: int) -> range:
    """N-TAKE-1: a player takes 1, 2 or 3 counters, never more than the pile holds."""
    return range(1, min(3, pile) + 1)


def rolls_after(pile: int) -> bool:
    """N-GROW-1: the die is rolled after a take that leaves counters."""
    return pile > 0


GROWTHS = ((0, 2 / 3), (1, 1 / 3))
"""N-GROW-1: what the die adds, with its probability."""


def winners(last: int, players: int, shared: bool) -> tuple[int, ...]:
    """N-END-1: the player who took the last counter wins; N-END-2 (option `shared`):
    the player before shares the win."""
    if shared:
        return tuple(sorted({last, (last - 1) % players}))
    return (last,)
