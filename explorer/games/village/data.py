"""The position of Please Don't Burn My Village!: `VillageData`, named fields only.

Cards are counts tuples indexed by kind (`cards`: six treasures, then the Wild). The
deck is a core `Deck`: `unseen` cards in no order, `top` cards of known order.
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.chance import Deck
from ...core.tuples import new_tuple


class VillageData(NamedTuple):
    phase: int                          # rules.ACT / REFILL / CURSE / DRAW / OVER
    active: int                         # seat whose turn it is
    turn: int                           # turns completed so far
    track: tuple[int, ...]              # treasure per space, left (low) to right (high)
    hands: tuple[tuple[int, ...], ...]  # per seat: counts of the 7 card kinds
    known: tuple[tuple[int, ...], ...]  # per seat: hand cards every player has seen (market)
    bribes: tuple[tuple[int, ...], ...]       # per seat: treasure cards per bribe type
    bribe_wilds: tuple[tuple[int, ...], ...]  # per seat: wilds per bribe type
    stalls: tuple[tuple[int, ...], ...]  # index = stall cost 0..3
    deck: Deck                          # unseen: sorted kinds; top: known kinds, in order
    discard: tuple[int, ...]            # Black Market payments, face up
    refill_type: int                    # bribed type during a refill, else -1
    next_stall: int                     # stall the refill deals into next
    paid: tuple[int, ...]               # the payment awaiting its curse, else EMPTY
    ended_by: int                       # 0 while playing, 1 refill, 2 draw (rules.ENDED_BY)


def village_data(*, phase: int, active: int, turn: int, track: tuple[int, ...],
                 hands: tuple[tuple[int, ...], ...], known: tuple[tuple[int, ...], ...],
                 bribes: tuple[tuple[int, ...], ...], bribe_wilds: tuple[tuple[int, ...], ...],
                 stalls: tuple[tuple[int, ...], ...], deck: Deck, discard: tuple[int, ...],
                 refill_type: int, next_stall: int, paid: tuple[int, ...],
                 ended_by: int) -> VillageData:
    """`VillageData(...)` by keyword, every field named.

    Speed: compiled callers pass the keywords for free, and the tuple is built without
    the NamedTuple's Python `__new__` (`core.tuples.new_tuple`); every step builds one.
    """
    return new_tuple(VillageData, (phase, active, turn, track, hands, known, bribes,
                                   bribe_wilds, stalls, deck, discard, refill_type,
                                   next_stall, paid, ended_by))
