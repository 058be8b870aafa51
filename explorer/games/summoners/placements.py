"""Shared `Play` moves, found by numbered cells: the placements of a hand card on the
whole frontier come out of one C-level call.

Moves are values, and looking one up costs less than making it. Every cell a move
generator asked about gets a number; each (player, card) has a list of its `Play` moves
indexed by cell number (a Joker: the four moves of a cell, one per declared suit in
`SUIT_NAMES` order), grown on demand. A list index is a third of the cost of a dict
lookup keyed by a cell tuple, which must hash the tuple each time. Cells are unbounded,
so past `MAX_CELLS` numbered cells the tables start afresh.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Callable, Iterable

from .cards import SUIT_NAMES
from .moves import Play

Cell = tuple[int, int]
Moves = Play | tuple[Play, ...]
MAX_CELLS = 1 << 14

_number: dict[Cell, int] = {}
_cells: list[Cell] = []
_tables: dict[tuple[int, str], list[Moves]] = {}
_picked: tuple[tuple[Cell, ...], Callable[[int, str], tuple[Moves, ...]]] = (
    (), lambda player, card: ())


def _numbers(cells: Iterable[Cell]) -> list[int]:
    """The number of each cell, numbering the new ones."""
    numbers = []
    for cell in cells:
        n = _number.get(cell)
        if n is None:
            n = _number[cell] = len(_cells)
            _cells.append(cell)
        numbers.append(n)
    return numbers


def _table(player: int, card: str) -> list[Moves]:
    """The moves of `player`'s `card` on every numbered cell, by number."""
    table = _tables.get((player, card))
    if table is None:
        table = _tables[player, card] = []
    if len(table) < len(_cells):
        if card[0] == "X":
            table.extend(tuple(Play(player, card, cell, suit) for suit in SUIT_NAMES)
                         for cell in _cells[len(table):])
        else:
            table.extend(Play(player, card, cell) for cell in _cells[len(table):])
    return table


def _forget_if_full(more: int) -> None:
    """Start afresh if numbering `more` cells would pass `MAX_CELLS`."""
    global _picked
    if len(_cells) + more > MAX_CELLS:
        _number.clear()
        _cells.clear()
        _tables.clear()
        _picked = ((), _picked[1])


def plays_on(cells: tuple[Cell, ...]) -> Callable[[int, str], tuple[Moves, ...]]:
    """A function taking (player, card) to its moves on `cells`, in the order of
    `cells`. The last `cells` tuple asked for is remembered (by identity): a state's
    frontier is asked once per hand card."""
    global _picked
    if _picked[0] is not cells:
        _forget_if_full(len(cells))
        numbers = _numbers(cells)
        get = itemgetter(*numbers) if len(numbers) > 1 else (
            lambda table, n=numbers[0]: (table[n],))
        _picked = (cells, lambda player, card: get(_table(player, card)))
    return _picked[1]


def plays_at(player: int, card: str, cells: Iterable[Cell]) -> list[Moves]:
    """The moves of `player`'s `card` on `cells` (any cells, in their order). Never
    starts afresh, so a function `plays_on` gave stays right while it is in use."""
    numbers = _numbers(cells)
    table = _table(player, card)
    return [table[n] for n in numbers]
