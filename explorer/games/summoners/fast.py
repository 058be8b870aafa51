"""Speed caches of random play, kept apart from the rules they shortcut.

Moves, events and layout dicts are values: looking one up costs less than making it.
Everything here remembers values the plain rules would make anew, and nothing here
decides anything: `tests/summoners/test_fast_matches_plain.py` checks each against the
plain rule it stands for (the `Play` tables against `Play(...)`, the cached events
against `narration`, `spirits_around` against `grid.spirits_at`, `cells_of` against a
dict built from the grid, and the incremental layout against the full scans of `grid`).

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
- the layout kept move by move: the frontier's limit columns (`place_limits`,
  `replace_limits`, `update_limits`, the plain `grid.frontier_limits`), the cards
  around a placed card read at once (`near`, `flanked_near`, the plain `grid.flanked`),
  the summon sites (`place_sites`, `update_sites`, the plain `grid.all_sites`,
  with `spirits_of`, the unrolled `grid.spirits_at`).
- `remember_cells` / `cells_of`: the layout dict the last move built, handed to the
  next state so it need not build it again.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Final, Iterable

from explorer.core import Event

from . import grid as g
from . import narration
from .cards import ELEMENT_DECK, SPIRIT_DECK, SUITS, is_spirit
from .grid import (
    AROUND,
    LIMITS,
    ORTHOGONAL,
    STRIDE,
    Cell,
    Columns,
    Grid,
    between,
    cell_code,
    frontier_limits,
    limits_at,
)
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
    """What `spirits_of` reads of a card: a Spirit card itself, any other card
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
    """`spirits_of`, remembered by the forms of the five cards (`_site_form`):
    the same forms recur all over the table, and an int key is hashed and compared in
    a few steps where a key of the cards themselves is a tuple of tuples. (A card of no
    deck, which no scenario lets in, is asked of the rule each time.)"""
    form = _FORM
    key = 0 if occupant is None else form.get(occupant, -1)
    for card in around:
        k = 0 if card is None else form.get(card, -1)
        if k < 0 or key < 0:
            return spirits_of(occupant, around, king_over_spirits)
        key = key * _BASE + k
    key = key * 2 + int(king_over_spirits)
    found = _AROUND.get(key)
    if found is None:
        if len(_AROUND) >= MAX_AROUND:
            _AROUND.clear()
        found = _AROUND[key] = spirits_of(occupant, around, king_over_spirits)
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


# ------------------------------------------------------------------ the layout, move by move
_BLOCK: Final = tuple((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3))
"""The 5 x 5 cells around a cell: all that decides whether it or one of its eight
neighbours is in the frontier."""

_RING: Final = tuple((dx, dy, dx == 0 or dy == 0, _BLOCK.index((dx, dy)),
                      sum(1 << k for k, (bx, by) in enumerate(_BLOCK)
                          if max(abs(bx - dx), abs(by - dy)) == 1))
                     for dx, dy in ((0, 0),) + AROUND)
"""A cell and its eight neighbours: (dx, dy, True when a card on the centre cell would be
an orthogonal neighbour of it (or the cell itself), its bit in a `_BLOCK` mask, the
mask of its own eight neighbours)."""


def _index(codes: list[Any], code: int) -> int:
    """`bisect_left(codes, code)` for the int codes of `Columns`, each read as a machine
    int (compiled, a probe is a few steps; `bisect` compares two int objects)."""
    lo, hi = 0, len(codes)
    while lo < hi:
        mid = (lo + hi) // 2
        value: int = codes[mid]
        if value < code:
            lo = mid + 1
        else:
            hi = mid
    return lo


def update_limits(columns: Columns, grid: Grid, changed: Iterable[Cell],
                  first: Cell = (0, 0)) -> Columns:
    """`frontier_limits` of `frontier_of(grid, first)` after the cards on `changed` cells
    changed (incremental).

    A changed cell can enter or leave the frontier, and so can its eight neighbours;
    only it and its orthogonal neighbours can see their limits change. The 5 x 5 block
    around a changed cell is read once, as a bit mask of the cells holding a card, and
    each of the nine is judged from it; the sorted columns are patched in place by
    binary search, not rebuilt.
    """
    if not grid:                             # the layout emptied: the frontier is `first`
        return frontier_limits(grid, (first,))
    ring: dict[Cell, tuple[bool, bool]] = {}  # cell: (its limits may change, in the frontier)
    for x, y in changed:
        filled = 0
        bit = 1
        for dx, dy in _BLOCK:
            if (x + dx, y + dy) in grid:
                filled |= bit
            bit <<= 1
        for dx, dy, near, k, around in _RING:
            cell: Cell = (x + dx, y + dy)
            inside = not filled >> k & 1 and filled & around != 0
            seen = ring.get(cell)
            ring[cell] = (near or (seen is not None and seen[0]), inside)
    codes: list[Any] = list(columns[0])
    limits = bytearray(columns[1])
    for cell, (near, inside) in ring.items():
        code = cell_code(cell[0], cell[1])
        i = _index(codes, code)
        here = False
        if i < len(codes):
            found: int = codes[i]
            here = found == code
        if not inside:
            if here:
                del codes[i]
                del limits[4 * i:4 * i + 4]
        elif not here:
            codes.insert(i, code)
            limits[4 * i:4 * i] = bytes(limits_at(grid, cell))
        elif near:
            limits[4 * i:4 * i + 4] = bytes(limits_at(grid, cell))
    return (tuple(codes), bytes(limits))


_IN_NEAR: Final = {(-1, 0): 1, (1, 0): 2, (0, -1): 3, (0, 1): 4,
                   (-1, -1): 5, (1, -1): 6, (-1, 1): 7, (1, 1): 8}
"""Where each neighbour's card sits in a `Near` tuple."""
_NEAR: Final = tuple((dx * STRIDE + dy, dx == 0 or dy == 0, _IN_NEAR[dx, dy])
                     for dx, dy in AROUND)
"""The eight neighbours of a cell: (the step of its `cell_code`, True when it is an
orthogonal one, its place in a `Near` tuple)."""

_NO_LIMITS: Final = bytes(4)
_SIDE_LIMITS: Final = {card: bytes(rank if suit == i else 0 for i in range(4))
                       for card, (suit, rank) in LIMITS.items()}
"""The `Limits` of an empty cell whose only orthogonal neighbour holds `card`, as bytes."""


def place_limits(columns: Columns, grid: Grid, cell: Cell,
                 cards: Near | None = None) -> Columns:
    """`update_limits` for the commonest change, a card put on the frontier `cell` (now
    in `grid`) and nothing else: `cell` leaves the frontier, its empty orthogonal
    neighbours take its demand, and any neighbour new to the frontier touches no other
    card, so its limits are that demand (a side) or nothing (a corner).
    A neighbour is found in the frontier by its code; which neighbours are empty is
    read from `cards`, the `near` reading of `cell` in this very grid (read here when
    the caller has none)."""
    codes: list[Any] = list(columns[0])
    limits = bytearray(columns[1])
    code = cell_code(cell[0], cell[1])
    i = _index(codes, code)
    del codes[i]
    del limits[4 * i:4 * i + 4]
    card = grid[cell]
    demand = LIMITS.get(card)
    if cards is None:
        cards = near(grid, cell)
    for step, side, k in _NEAR:
        if cards[k] is not None:
            continue
        near_code = code + step
        i = _index(codes, near_code)
        if i < len(codes):
            found: int = codes[i]
            if found == near_code:                            # already in the frontier
                if side and demand is not None:
                    at = 4 * i + demand[0]
                    if limits[at] < demand[1]:
                        limits[at] = demand[1]
                continue
        codes.insert(i, near_code)
        limits[4 * i:4 * i] = _SIDE_LIMITS[card] if side and demand is not None else _NO_LIMITS
    return (tuple(codes), bytes(limits))


def replace_limits(columns: Columns, grid: Grid, cell: Cell) -> Columns:
    """`update_limits` for a card replaced by another on `cell` (an Ace played over a
    card), `cell` holding a card before and after: the frontier stays as it is, and
    only the limits of its empty orthogonal neighbours change (all of them frontier
    cells: they touch it), each read again by `limits_at`."""
    codes: list[Any] = list(columns[0])
    limits = bytearray(columns[1])
    x, y = cell
    for dx, dy, _ in ORTHOGONAL:
        near: Cell = (x + dx, y + dy)
        if near not in grid:
            i = _index(codes, cell_code(x + dx, y + dy))
            limits[4 * i:4 * i + 4] = bytes(limits_at(grid, near))
    return (columns[0], bytes(limits))


Near = tuple[str | None, str | None, str | None, str | None, str | None, str | None,
             str | None, str | None, str | None, str | None, str | None, str | None,
             str | None]


def near(grid: Grid, cell: Cell) -> Near:
    """The cards of the thirteen cells within two orthogonal steps of `cell`, read at
    once: (here, left, right, up, down, up_left, up_right, down_left, down_right,
    left2, right2, up2, down2), the last four two steps away. What a placement's flanks
    and summon sites are decided by: a placement that flanks nothing reads them once
    for both (`flanked_near`, then `place_sites`)."""
    x, y = cell
    return (grid.get((x, y)), grid.get((x - 1, y)), grid.get((x + 1, y)),
            grid.get((x, y - 1)), grid.get((x, y + 1)),
            grid.get((x - 1, y - 1)), grid.get((x + 1, y - 1)),
            grid.get((x - 1, y + 1)), grid.get((x + 1, y + 1)),
            grid.get((x - 2, y)), grid.get((x + 2, y)), grid.get((x, y - 2)),
            grid.get((x, y + 2)))


def flanked_near(grid: Grid, cell: Cell, jokers_flankable: bool,
                 cards: Near | None = None) -> list[Cell]:
    """The cards among `flank_candidates(cell)` that are `flanked`, in that order, read
    from the thirteen cells around `cell` at once (`near`, or `cards` when the caller
    read them from this very grid already), as this runs after every placement."""
    x, y = cell
    (here, left, right, up, down, up_left, up_right, down_left, down_right,
     left2, right2, up2, down2) = near(grid, cell) if cards is None else cards
    j = jokers_flankable
    hit: list[Cell] = []
    if here is not None and (between(here, left, right, j) or between(here, up, down, j)):
        hit.append(cell)
    if left is not None and (between(left, left2, here, j)
                             or between(left, up_left, down_left, j)):
        hit.append((x - 1, y))
    if right is not None and (between(right, here, right2, j)
                              or between(right, up_right, down_right, j)):
        hit.append((x + 1, y))
    if up is not None and (between(up, up_left, up_right, j) or between(up, up2, here, j)):
        hit.append((x, y - 1))
    if down is not None and (between(down, down_left, down_right, j)
                             or between(down, here, down2, j)):
        hit.append((x, y + 1))
    return hit


_HELD: Final = {card: card[1:] for card in SPIRIT_DECK}
"""A Spirit card's rank (J, Q or K): what may be summoned over the cell holding it."""
_MEMBER: Final = {card: card[0] for card in ELEMENT_DECK}
"""The suit letter of each playing card ("X": a Joker, a member of every suit's
pattern) [S-JOKER-1]; a Spirit card is a member of none, only a Jack or Queen."""
_SPIRITS_OF: Final = {suit: (suit + "J", suit + "Q", suit + "K") for suit in SUITS}


def spirits_of(occupant: str | None, around: tuple[str | None, ...],
                    king_over_spirits: bool) -> tuple[str, ...]:
    """`spirits_at` for a cell holding `occupant` with the orthogonal neighbours
    `around` (left, right, above, below): per suit of a card around (every suit when
    one is a Joker), a Jack on an empty cell between two opposite playing cards of its
    suit [S-JACK-1]; a Queen on an empty cell or a Jack with three of the four its
    suit's playing cards or Jack [S-QUEEN-1]; a King with all four its suit's playing
    cards, Jack or Queen [S-KING-1], on an empty cell or over a Jack or Queen when
    `king_over_spirits` [S-KING-2]."""
    held = "" if occupant is None else _HELD.get(occupant, "")
    if held == "K":
        return ()
    a, b, c, d = around[0], around[1], around[2], around[3]
    ma = None if a is None else _MEMBER.get(a)
    mb = None if b is None else _MEMBER.get(b)
    mc = None if c is None else _MEMBER.get(c)
    md = None if d is None else _MEMBER.get(d)
    wild = ma == "X" or mb == "X" or mc == "X" or md == "X"
    found: list[str] = []
    for suit in SUITS:
        if not wild and not ((a is not None and a[0] == suit) or (b is not None and b[0] == suit)
                             or (c is not None and c[0] == suit)
                             or (d is not None and d[0] == suit)):
            continue
        jack, queen, king = _SPIRITS_OF[suit]
        pa = ma == suit or ma == "X"
        pb = mb == suit or mb == "X"
        pc = mc == suit or mc == "X"
        pd = md == suit or md == "X"
        if not held and ((pa and pb) or (pc and pd)):
            found.append(jack)
        ja, jb, jc, jd = pa or a == jack, pb or b == jack, pc or c == jack, pd or d == jack
        if (held == "" or held == "J") and int(ja) + int(jb) + int(jc) + int(jd) >= 3:
            found.append(queen)
        if (not held or king_over_spirits) and (ja or a == queen) and (jb or b == queen) \
                and (jc or c == queen) and (jd or d == queen):
            found.append(king)
    return tuple(found)


Around = Callable[[str | None, tuple[str | None, ...], bool], tuple[str, ...]]


def place_sites(sites: frozenset[tuple[Cell, str]], grid: Grid, cell: Cell,
                king_over_spirits: bool, around: Around = spirits_of,
                cards: Near | None = None) -> frozenset[tuple[Cell, str]]:
    """`update_sites` for a card put on `cell` and nothing else: the sites of `cell` and
    its orthogonal neighbours, read from the thirteen cells around them at once
    (`near`, or `cards` when the caller read them from this very grid already)."""
    x, y = cell
    (here, left, right, up, down, up_left, up_right, down_left, down_right,
     left2, right2, up2, down2) = near(grid, cell) if cards is None else cards
    rings = (
        (cell, here, left, right, up, down),
        ((x - 1, y), left, left2, here, up_left, down_left),
        ((x + 1, y), right, here, right2, up_right, down_right),
        ((x, y - 1), up, up_left, up_right, up2, here),
        ((x, y + 1), down, down_left, down_right, here, down2),
    )
    found = []
    for c, occupant, a, b, u, d in rings:
        if (a is None or b is None) and (u is None or d is None):
            continue
        for spirit in around(occupant, (a, b, u, d), king_over_spirits):
            found.append((c, spirit))
    stale = []
    for site in sites:                 # the sites on `cell` or one of its four neighbours
        sx, sy = site[0]
        if abs(sx - x) + abs(sy - y) <= 1:
            stale.append(site)
    if not found and not stale:
        return sites
    return sites.difference(stale).union(found)


def update_sites(sites: frozenset[tuple[Cell, str]], grid: Grid, changed: Iterable[Cell],
                 king_over_spirits: bool, around: Around = spirits_of
                 ) -> frozenset[tuple[Cell, str]]:
    """`sites` refreshed around the cells whose card changed (incremental `all_sites`);
    the very same set when no site there came or went, as after most plays."""
    touched = set()
    for x, y in changed:
        touched.add((x, y))
        touched.update((x + dx, y + dy) for dx, dy, _ in ORTHOGONAL)
    found = [(cell, spirit) for cell in touched
             for spirit in spirits_near(grid, cell, king_over_spirits, around)]
    stale = [site for site in sites if site[0] in touched]
    if not found and not stale:
        return sites
    return sites.difference(stale).union(found)


def spirits_near(grid: Grid, cell: Cell, king_over_spirits: bool,
                 around: "Around | None" = None) -> tuple[str, ...]:
    """Every Spirit card (of all twelve) whose pattern the table shows around `cell`.

    The same rules as `sites_at`, for all suits and ranks in one pass: a summon site
    depends only on the cell and its four orthogonal neighbours, so a change to the
    grid touches the sites of that cell and its neighbours only. `around` answers for
    one cell's five cards (`spirits_of`, or its remembering copy `spirits_around`).
    """
    x, y = cell
    left, right = grid.get((x - 1, y)), grid.get((x + 1, y))
    up, down = grid.get((x, y - 1)), grid.get((x, y + 1))
    if (left is None or right is None) and (up is None or down is None):
        return ()                     # no pair of opposite cards, so not three neighbours
    return (around or spirits_of)(grid.get(cell), (left, right, up, down), king_over_spirits)


