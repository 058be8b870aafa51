"""`SummonersData`: a Piri Piri Summoners position as immutable values, and
`summoners_data`, its keyword-only builder.

Its own module so that both the state (which reads it) and `apply` (which builds the
next one) import it without importing each other.
"""
from __future__ import annotations

from typing import NamedTuple

from explorer.core import Deck
from explorer.core.tuples import new_tuple

from . import grid as g
from .grid import Cell


class Window(NamedTuple):
    """The seats still to be asked in the summon window [S-WINDOW-1], the one asked now
    first (saved as that list of seats)."""

    seats: tuple[int, ...]

    def declined(self) -> "Window":
        """The window after the asked seat declines: the next seat is asked."""
        return new_tuple(Window, (self.seats[1:],))


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
    phase: str                                 # see `encoding.Phase`
    slot: int                                  # market slot waiting for a refill, else -1
    window: Window                             # seats still to be asked in the summon window
    turn: int                                  # turns completed
    passes: int                                # consecutive passes
    winner: int                                # instant winner [S-END-1], else -1
    ended: str                                 # why the game ended ("" while it goes on)


def summoners_data(*, grid: tuple[tuple[int, int, str], ...], sites: frozenset[tuple[Cell, str]],
                   limits: g.Columns, hands: tuple[tuple[str, ...], ...],
                   known: tuple[tuple[str, ...], ...], spirits: tuple[tuple[str, ...], ...],
                   summoned: tuple[tuple[str, ...], ...], mana: tuple[int, ...], box_mana: int,
                   sculptures: tuple[Cell | None, ...], market: tuple[str, ...], deck: Deck,
                   spirit_box: tuple[str, ...], gone: tuple[str, ...], current: int, phase: str,
                   slot: int, window: Window, turn: int, passes: int, winner: int,
                   ended: str) -> SummonersData:
    """`SummonersData(...)` by keyword, every field named.

    Speed: compiled callers pass the keywords for free, and the tuple is built without
    the NamedTuple's Python `__new__` (`core.tuples.new_tuple`); every step builds one.
    """
    return new_tuple(SummonersData, (grid, sites, limits, hands, known, spirits, summoned,
                                     mana, box_mana, sculptures, market, deck, spirit_box,
                                     gone, current, phase, slot, window, turn, passes,
                                     winner, ended))


NO_WINDOW = Window(())
