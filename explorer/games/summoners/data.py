"""`SummonersData`: a Piri Piri Summoners position as immutable values.

Its own module so that both the state (which reads it) and the turn (which builds the
next one) import it without importing each other.
"""
from __future__ import annotations

from typing import Final, NamedTuple

from explorer.core import Deck, Window

from . import grid as g
from .grid import Cell


class SummonersData(NamedTuple):
    """Every fact of a position. Hands, Spirit hands, the unseen part of the deck and the
    Spirit box are secret; `sites` and `limits` are derived from `grid` (kept
    incrementally by each move, rebuilt by a full scan when a position is loaded);
    `limits` holds the frontier, once (`SummonersState.frontier` reads it as cells)."""

    grid: tuple[tuple[int, int, str], ...]     # placed cards (x, y, card), sorted by cell
    sites: frozenset[tuple[Cell, str]]         # (cell, Spirit card) summon sites shown
    limits: g.Columns                          # the frontier (empty cells touching the
                                               # layout) by code, sorted, and its cells'
                                               # limits per suit (bytes columns)
    hands: tuple[tuple[str, ...], ...]         # element cards in hand, sorted (secret)
    known: tuple[tuple[str, ...], ...]         # hand cards everyone saw taken, sorted (public)
    spirits: tuple[tuple[str, ...], ...]       # spirit cards not yet summoned (secret)
    summoned: tuple[tuple[str, ...], ...]      # spirit cards each player summoned, in order,
                                               # consumed ones included [S-END-1]
    mana: tuple[int, ...]
    box_mana: int                              # mana spent or never dealt: out of the game
    sculptures: tuple[Cell | None, ...]        # where each sculpture stands (None: supply)
    market: tuple[str, ...]                    # five face-up slots ("" = empty)
    deck: Deck                                 # the element deck: unseen (sorted), a top
                                               # known to the teacher, a public bottom
    spirit_box: tuple[str, ...]                # spirit cards never dealt, sorted (unseen)
    gone: tuple[str, ...]                      # consumed spirit cards, out of the game
    current: int                               # whose turn it is
    phase: str                                 # see `state.PHASES`
    slot: int                                  # market slot waiting for a refill, else -1
    window: Window                             # seats still to be asked in the summon window
    turn: int                                  # turns completed
    passes: int                                # consecutive passes
    winner: int                                # instant winner [S-END-1], else -1
    ended: str                                 # why the game ended ("" while it goes on)


# Each field's position, for a `Turn` that builds the next `SummonersData` from a list
# (Final: compiled, a constant; a test checks them against `SummonersData._fields`).
GRID: Final = 0
SITES: Final = 1
LIMITS: Final = 2
HANDS: Final = 3
KNOWN: Final = 4
SPIRITS: Final = 5
SUMMONED: Final = 6
MANA: Final = 7
BOX_MANA: Final = 8
SCULPTURES: Final = 9
MARKET: Final = 10
DECK: Final = 11
SPIRIT_BOX: Final = 12
GONE: Final = 13
CURRENT: Final = 14
PHASE: Final = 15
SLOT: Final = 16
WINDOW: Final = 17
TURN: Final = 18
PASSES: Final = 19
WINNER: Final = 20
ENDED: Final = 21

NO_WINDOW = Window(())
