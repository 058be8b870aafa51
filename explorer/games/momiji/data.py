"""The position of Momiji: `MomijiData`, named fields only, and `changed`, the one way a
play builds the next position.

Cards are int codes (`cards`: type in the high bits, value in the low); piles are
tuples of codes, bottom first; hands, the Garden and the discard are sorted.
"""
from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core.chance import Deck
from ...core.tuples import new_tuple
from .cards import Card


class MomijiData(NamedTuple):
    step: int                               # rules.STEPS
    active: int                             # seat whose turn it is
    turn: int                               # turns completed
    types: tuple[int, ...]                  # leaf types in play, sorted
    hands: tuple[tuple[Card, ...], ...]     # per seat: sorted card codes (hidden)
    known: tuple[tuple[Card, ...], ...]     # per seat: hand cards everybody knows (M-HIDDEN-5), sorted
    rows: tuple[tuple[tuple[Card, ...], ...], ...]  # per seat: piles left to right, bottom first
    torii: tuple[int, ...]                  # per seat: torii taken
    supply: int                             # torii left in the supply
    garden: tuple[Card, ...]                # sorted card codes
    deck: Deck
    discard: tuple[Card, ...]               # sorted, face up, out of the game
    acorns: tuple[int, ...]
    objectives: tuple[str, ...]             # revealed objective keys
    owners: tuple[int, ...]                 # per objective: owner seat or -1
    lands: tuple[tuple[str, ...], ...]      # per seat: landscape letters
    used: tuple[tuple[str, ...], ...]       # per seat: letters used (each once a game)
    flags: int                              # this turn (rules.F_*)
    reveals: int                            # paid reveals this turn
    play: tuple[int, ...]                   # types played so far in the current Play
    deal: int                               # cards still to deal
    deal_to: int                            # rules.TO_*
    pond: tuple[Card, ...]                  # Koi Pond cards being looked at, in deck order
    peek: int                               # deck.top[:peek] is known to peek_seat
    peek_seat: int
    ending: int                             # 0, 1 the deck ran out, 2 the last torii was taken


_INDEX: Final = {field: i for i, field in enumerate(MomijiData._fields)}


def changed(d: MomijiData, **changes: Any) -> MomijiData:
    """`d._replace(**changes)`: the next position, its changed fields named.

    Speed: `_replace` runs its keyword machinery over every field; this writes the
    named ones into a list and builds the tuple once (`core.tuples.new_tuple`): twice
    as fast, and it runs at every step of every simulated game
    (tests/momiji/test_fast_matches_plain.py checks it is `_replace`)."""
    fields = list(d)
    for key, value in changes.items():
        fields[_INDEX[key]] = value
    return new_tuple(MomijiData, fields)
