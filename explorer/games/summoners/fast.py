"""Speed caches of random play, kept apart from the rules they shortcut.

Moves, events and layout dicts are values: looking one up costs less than making it.
Everything here remembers values the plain rules would make anew, and nothing here
decides anything: `tests/summoners/test_incremental.py` checks each against the plain
rule it stands for (the `Play` tables against `Play(...)`, the cached events against
`narration`, `spirits_around` against `grid.spirits_around`, `cells_of` against a dict
built from the grid).

- `plays_on`: shared `Play` moves, found by numbered cells, so that the
  placements of a hand card on the whole frontier come out of one C-level call. Every
  cell a move generator asked about gets a number; each (player, card) has a list of
  its moves indexed by cell number, grown on demand (a list index is a third of the
  cost of a dict lookup keyed by a cell tuple). Past `MAX_CELLS` numbered cells the
  tables start afresh.
- `cycle`, `buy`, `draw`, `pass_`, `decline`, `reveal`, `play_over`: shared moves.
- `cycled`, `drawn`, `drawn_known`, `passed`: shared events of the commonest moves.
- `seats_from`: seat orders of the summon window.
- `spirits_around`: the summon sites around one cell's five cards.
- `remember_cells` / `cells_of`: the layout dict the last move built, handed to the
  next state so it need not build it again.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Callable, Iterable

from . import grid as g
from . import narration
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal

Cell = tuple[int, int]
MAX_CELLS = 1 << 14

# ------------------------------------------------------------------ shared moves
cycle = lru_cache(maxsize=None)(Cycle)
buy = lru_cache(maxsize=None)(Buy)
draw = lru_cache(maxsize=None)(Draw)
pass_ = lru_cache(maxsize=None)(Pass)
decline = lru_cache(maxsize=None)(Decline)
reveal = lru_cache(maxsize=None)(Reveal)
play_over = lru_cache(maxsize=4096)(lambda player, card, cell: Play(player, card, cell, True))

# ------------------------------------------------------------------ shared events
cycled = lru_cache(maxsize=None)(narration.cycled)
drawn = lru_cache(maxsize=None)(narration.drawn)
drawn_known = lru_cache(maxsize=None)(narration.drawn_known)
passed = lru_cache(maxsize=None)(narration.passed)


@lru_cache(maxsize=None)
def seats_from(first: int, count: int, players: int) -> tuple[int, ...]:
    """`count` seats clockwise from `first` (of `players`)."""
    return tuple((first + i) % players for i in range(count))


spirits_around = lru_cache(maxsize=1 << 16)(g.spirits_around)
"""`grid.spirits_around`, remembered: the same five cards recur all over the table."""

# ------------------------------------------------------------------ the last layout
_recent: tuple[tuple[tuple[int, int, str], ...], dict[Cell, str]] = ((), {})
"""The layout a `Turn` built last: (its grid tuple, its cells dict), swapped as one
value so a reader never pairs one layout's tuple with another's dict."""


def remember_cells(grid: tuple[tuple[int, int, str], ...], cells: dict[Cell, str]) -> None:
    """Keep the cells dict a move built for `grid`, so the next state need not rebuild
    it. The dict is read-only from here on (a `Turn` copies before changing)."""
    global _recent
    _recent = (grid, cells)


def cells_of(grid: tuple[tuple[int, int, str], ...]) -> dict[Cell, str]:
    """The layout as a dict {(x, y): card}: the remembered one if it is for this very
    tuple (an identity test: the remembered tuple is kept alive), else built anew."""
    recent = _recent
    if recent[0] is grid:
        return recent[1]
    return {(x, y): c for x, y, c in grid}


# ------------------------------------------------------------------ Play tables
_number: dict[Cell, int] = {}
_cells: list[Cell] = []
_tables: dict[tuple[int, str], list[Play]] = {}
_picked: tuple[tuple[Cell, ...], Callable[[int, str], tuple[Play, ...]]] = (
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


def _table(player: int, card: str) -> list[Play]:
    """The moves of `player`'s `card` on every numbered cell, by number."""
    table = _tables.get((player, card))
    if table is None:
        table = _tables[player, card] = []
    if len(table) < len(_cells):
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


def plays_on(cells: tuple[Cell, ...]) -> Callable[[int, str], tuple[Play, ...]]:
    """A function taking (player, card) to its `Play` moves on `cells`, in the order of
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

