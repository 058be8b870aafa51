"""Speed caches of random play, kept apart from the rules they shortcut.

Moves, events and layout dicts are values: looking one up costs less than making it.
Everything here remembers values the plain rules would make anew, and nothing here
decides anything: `tests/summoners/test_fast_matches_plain.py` checks each against the
plain rule it stands for (the `Play` tables against `Play(...)`, the cached events
against `narration`, `spirits_around` against `grid.spirits_around`, `cells_of` against
a dict built from the grid).

- `plays_on`: shared `Play` moves, found by numbered cells, so that listing the
  placements of a hand card reads a list by index for each frontier cell. Every
  cell a move generator asked about gets a number; each (player, card) has a list of
  its moves indexed by cell number, grown on demand (a list index is a third of the
  cost of a dict lookup keyed by a cell tuple). Past `MAX_CELLS` numbered cells a new
  numbering starts.
- `cycle` (and `cycles`, for a whole hand), `buy`, `draw`, `pass_`, `decline`, `reveal`: shared
  moves.
- `cycled`, `drawn`, `drawn_known`, `passed`: shared events of the commonest moves.
- `seats_from`: seat orders of the summon window.
- `spirits_around`: the summon sites around one cell's five cards, by their forms.
- `remember_cells` / `cells_of`: the layout dict the last move built, handed to the
  next state so it need not build it again.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from explorer.core import Event

from . import grid as g
from . import narration
from .cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from .grid import Cell
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal

MAX_CELLS = 1 << 14

# ------------------------------------------------------------------ shared moves
def _remembered(tables: list[dict[str, Any]], key: int, card: str) -> Any:
    """What `tables` holds for `key` (a player, a small int), then `card`, or None. A
    list indexed by the player, then a dict by the card: a list index costs next to
    nothing, a string keeps its hash, and a cache keyed by both would hash a new tuple
    at every call."""
    return tables[key].get(card) if key < len(tables) else None


def _table_of(tables: list[dict[str, Any]], key: int) -> dict[str, Any]:
    """The dict of `key` in `tables`, the list grown to hold it."""
    while len(tables) <= key:
        tables.append({})
    return tables[key]


def _remember(tables: list[dict[str, Any]], key: int, card: str, value: Any) -> Any:
    """Keep `value` for `key`, then `card`, in `tables`, and give it back."""
    _table_of(tables, key)[card] = value
    return value


_CYCLES: Final[list[dict[str, Any]]] = []
_BUYS: Final[list[dict[str, Any]]] = []      # by player * 8 + slot, then card
_CYCLED: Final[list[dict[str, Any]]] = []
_DRAWN: Final[list[dict[str, Any]]] = []
_DRAWN_KNOWN: Final[list[dict[str, Any]]] = []


def cycle(player: int, card: str) -> Cycle:
    """The shared `Cycle(player, card)`."""
    move = _remembered(_CYCLES, player, card)
    return move if move is not None else _remember(_CYCLES, player, card, Cycle(player, card))


def cycles(player: int, hand: tuple[str, ...]) -> list[Cycle]:
    """`[cycle(player, card) for card in hand]`, the player's table found once: every
    listing of a turn's actions cycles each hand card."""
    table = _table_of(_CYCLES, player)
    moves: list[Cycle] = []
    for card in hand:
        move = table.get(card)
        if move is None:
            move = table[card] = Cycle(player, card)
        moves.append(move)
    return moves


def buy(player: int, slot: int, card: str) -> Buy:
    """The shared `Buy(player, slot, card)`."""
    key = player * 8 + slot
    move = _remembered(_BUYS, key, card)
    return move if move is not None else _remember(_BUYS, key, card, Buy(player, slot, card))


_DRAWS: Final[list[Any]] = []        # by player: Draw, or None until asked for
_PASSES: Final[list[Any]] = []
_DECLINES: Final[list[Any]] = []
_REVEALS: Final[dict[str, Reveal]] = {}


def _shared(table: dict[Any, Any], key: Any, kind: Any) -> Any:
    """The shared `kind(key)` of `table` (plain dicts here, not `lru_cache`, whose every
    hit costs several times a dict lookup)."""
    move = table.get(key)
    if move is None:
        move = table[key] = kind(key)
    return move


def _seat_shared(table: list[Any], player: int, kind: Any) -> Any:
    """The shared `kind(player)` of `table`, a list indexed by the player: an index
    costs a fraction of a dict lookup keyed by an int."""
    move = table[player] if player < len(table) else None
    if move is None:
        while len(table) <= player:
            table.append(None)
        move = table[player] = kind(player)
    return move


def draw(player: int) -> Draw:
    """The shared `Draw(player)`."""
    return _seat_shared(_DRAWS, player, Draw)


def pass_(player: int) -> Pass:
    """The shared `Pass(player)`."""
    return _seat_shared(_PASSES, player, Pass)


def decline(player: int) -> Decline:
    """The shared `Decline(player)`."""
    return _seat_shared(_DECLINES, player, Decline)


def reveal(card: str) -> Reveal:
    """The shared `Reveal(card)`: every chance outcome of the deck, at each chance node."""
    return _shared(_REVEALS, card, Reveal)


# ------------------------------------------------------------------ shared events
def cycled(player: int, card: str) -> Event:
    """The shared `narration.cycled(player, card)`."""
    event = _remembered(_CYCLED, player, card)
    return event if event is not None else _remember(_CYCLED, player, card,
                                                     narration.cycled(player, card))


def drawn(player: int, card: str) -> Event:
    """The shared `narration.drawn(player, card)`."""
    event = _remembered(_DRAWN, player, card)
    return event if event is not None else _remember(_DRAWN, player, card,
                                                     narration.drawn(player, card))


def drawn_known(player: int, card: str) -> Event:
    """The shared `narration.drawn_known(player, card)`."""
    event = _remembered(_DRAWN_KNOWN, player, card)
    return event if event is not None else _remember(_DRAWN_KNOWN, player, card,
                                                     narration.drawn_known(player, card))


_PASSED: Final[list[Any]] = []


def passed(player: int) -> Event:
    """The shared `narration.passed(player)`."""
    return _seat_shared(_PASSED, player, narration.passed)


@lru_cache(maxsize=None)
def seats_from(first: int, count: int, players: int) -> tuple[int, ...]:
    """`count` seats clockwise from `first` (of `players`)."""
    return tuple((first + i) % players for i in range(count))


def _site_form(card: str) -> str:
    """What `grid.spirits_around` reads of a card: a Spirit card itself, any other card
    only its suit (a Joker: "X"), so every card is read as one of 17 forms."""
    return card if is_spirit(card) else card[0]


_FORMS: Final = sorted({_site_form(card) for card in ELEMENT_DECK + SPIRIT_DECK})
_FORM: Final[dict[str, int]] = {card: 1 + _FORMS.index(_site_form(card))
                                for card in ELEMENT_DECK + SPIRIT_DECK}
"""Each card's form as a number from 1 (0: no card), so that five cards and the option
make one int key. Keyed by strings alone: a dict of string keys is searched by the
quicker string lookup."""
_BASE: Final = 1 + len(_FORMS)

MAX_AROUND: Final = 1 << 16
"""`_AROUND` is emptied when it holds this many answers."""

_AROUND: Final[dict[int, tuple[str, ...]]] = {}


def spirits_around(occupant: str | None, around: tuple[str | None, ...],
                   king_over_spirits: bool) -> tuple[str, ...]:
    """`grid.spirits_around`, remembered by the forms of the five cards (`_site_form`):
    the same forms recur all over the table, and an int key is hashed and compared in
    a few steps where a key of the cards themselves is a tuple of tuples. (A card of no
    deck, which no scenario lets in, is asked of the rule each time.)"""
    form = _FORM
    key = 0 if occupant is None else form.get(occupant, -1)
    for card in around:
        k = 0 if card is None else form.get(card, -1)
        if k < 0 or key < 0:
            return g.spirits_around(occupant, around, king_over_spirits)
        key = key * _BASE + k
    key = key * 2 + int(king_over_spirits)
    found = _AROUND.get(key)
    if found is None:
        if len(_AROUND) >= MAX_AROUND:
            _AROUND.clear()
        found = _AROUND[key] = g.spirits_around(occupant, around, king_over_spirits)
    return found


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
_NEW: Final[Any] = object.__new__
_SET_PLAYER: Final[Any] = getattr(Play, "player").__set__  # noqa: B009 - a slot's descriptor, untyped for mypy
_SET_CARD: Final[Any] = getattr(Play, "card").__set__  # noqa: B009 - a slot's descriptor, untyped for mypy
_SET_CELL: Final[Any] = getattr(Play, "cell").__set__  # noqa: B009 - a slot's descriptor, untyped for mypy
_SET_OVER: Final[Any] = getattr(Play, "over").__set__  # noqa: B009 - a slot's descriptor, untyped for mypy


def made_play(player: int, card: str, cell: Cell, over: bool) -> Play:
    """`Play(player, card, cell, over)`, made by setting its four slots: the frozen
    dataclass's `__init__` is a Python frame of four `object.__setattr__` calls, and
    every new cell a listing numbers makes the moves of each card on it (Play has no
    `__post_init__`; a test checks the two are equal)."""
    move = _NEW(Play)
    _SET_PLAYER(move, player)
    _SET_CARD(move, card)
    _SET_CELL(move, cell)
    _SET_OVER(move, over)
    return move


class _Numbering:
    """Numbered cells (by `grid.cell_code`) and, per (player, card), its `Play` moves by
    cell number.

    Replaced whole, never cleared, when it grows past `MAX_CELLS`: a `Picker` made
    before keeps reading its own numbering, so a game listing moves in another thread
    never mixes two numberings."""

    __slots__ = ("number", "cells", "tables")

    def __init__(self) -> None:
        self.number: dict[Any, int] = {}     # Any: the int objects of a state's codes
        self.cells: list[Cell] = []
        self.tables: list[dict[str, list[Play]]] = []   # by 2 * player + over, then card

    def number_of(self, code: Any) -> int:
        """The number of the cell of `code`, numbering it if it is new."""
        n = self.number.get(code)
        if n is None:
            n = self.number[code] = len(self.cells)
            self.cells.append(g.code_cell(code))
        return n

    def numbers(self, codes: tuple[Any, ...], last: "Picker | None") -> list[int]:
        """The number of each cell (given by its code). The numbers of `last` (a picker of
        this numbering) are read in one walk of both sorted tuples: a placement changes a
        few cells of the frontier and the next one shares the int objects of the rest,
        so most codes match by identity and need no lookup."""
        numbers: list[int] = []
        if last is None:
            for code in codes:
                numbers.append(self.number_of(code))
            return numbers
        old, old_numbers = last.codes, last.numbers
        j, m = 0, len(old)
        for code in codes:
            while j < m and old[j] is not code and old[j] < code:
                j += 1
            if j < m and old[j] is code:
                numbers.append(old_numbers[j])
                j += 1
            else:
                numbers.append(self.number_of(code))
        return numbers

    def table(self, player: int, card: str, over: bool = False) -> list[Play]:
        """The moves of `player`'s `card` on every numbered cell (on top of the card
        there, when `over`), by number."""
        by_card = _table_of(self.tables, 2 * player + int(over))
        table = by_card.get(card)
        if table is None:
            table = by_card[card] = []
        cells = self.cells
        for i in range(len(table), len(cells)):
            table.append(made_play(player, card, cells[i], over))
        return table

    def made(self, player: int, card: str, default: list[Play]) -> list[Play]:
        """The moves of `player`'s `card` (not over a card) made so far, by number, or
        `default` if none were: a reader that must not make any."""
        table = _remembered(self.tables, 2 * player, card)
        return table if table is not None else default


class Picker:
    """One tuple of cells (by code), numbered: `numbers[i]` indexes the `Play` tables
    for the cell of `codes[i]`."""

    __slots__ = ("numbering", "codes", "numbers")

    def __init__(self, numbering: _Numbering, codes: tuple[Any, ...],
                 last: "Picker | None" = None) -> None:
        self.numbering = numbering
        self.codes = codes
        self.numbers: list[int] = numbering.numbers(codes, last)

    def table(self, player: int, card: str, over: bool = False) -> list[Play]:
        """The moves of `player`'s `card` by cell number (see `_Numbering.table`)."""
        return self.numbering.table(player, card, over)


_numbering = _Numbering()
_picked: tuple[tuple[Any, ...], Picker] = ((), Picker(_numbering, (g.cell_code(0, 0),)))


def last_picker() -> Picker:
    """The `Picker` `plays_on` gave last (the cells of the last listing of plays)."""
    return _picked[1]


def plays_on(codes: tuple[Any, ...]) -> Picker:
    """The `Picker` of the cells of `codes` (a tuple of one or more `grid.cell_code`s).
    The last tuple asked for is remembered, by identity: a state's frontier is asked
    once per listing, and the states of one turn share it; a new one is numbered from
    the last (`_Numbering.numbers`)."""
    global _picked, _numbering
    picked = _picked
    if picked[0] is not codes:
        last: Picker | None = picked[1]
        if len(_numbering.cells) + len(codes) > MAX_CELLS:
            _numbering = _Numbering()
        if last is not None and last.numbering is not _numbering:
            last = None
        picked = _picked = (codes, Picker(_numbering, codes, last))
    return picked[1]
