"""The layout: an unbounded grid of cards, its frontier, placement, flanking and summons.

The grid is a dict {(x, y): card} (y grows downwards). The frontier is the set of empty
cells that touch a card orthogonally or diagonally: the only cells where a card may be
placed [S-PLACE-1]. It is kept incrementally with each frontier cell's per-suit limits,
as `Columns` (`place_limits`, `update_limits`), so finding the legal placements never
scans the whole layout.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Callable, Final, Iterable, Iterator, Mapping

from .cards import (
    ELEMENT_DECK,
    SPIRIT_DECK,
    SPIRIT_ORDER,
    SPIRIT_RANK,
    STRONGER,
    SUIT_NAMES,
    SUITS,
    card_name,
    is_ace,
    is_joker,
    is_spirit,
    table_rank,
)

Cell = tuple[int, ...]
"""A cell (x, y), y growing downwards. Typed as a tuple of any length, not
`tuple[int, int]`: mypyc keeps a fixed-length tuple unboxed, as a C struct, and makes a
new tuple object each time one goes into a dict, a set or a call, which made the
compiled layout's lookups two to three times slower (`benchmarks/RESULTS.md`)."""
Grid = dict[Cell, str]
"""The layout {(x, y): card}. A dict, not any Mapping: compiled, its lookups are direct
calls of the dict's own C functions."""

ORTHOGONAL: Final = ((-1, 0, "to its left"), (1, 0, "to its right"),
                     (0, -1, "above it"), (0, 1, "below it"))
AROUND: Final = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
OPPOSITE_PAIRS: Final = (((-1, 0), (1, 0)), ((0, -1), (0, 1)))
WEAKER: Final = {strong: weak for weak, strong in STRONGER.items()}
"""The suit each suit beats: a card of suit WEAKER[s] is weaker than a card of suit s."""


# ------------------------------------------------------------------ frontier upkeep
def frontier_of(grid: Grid, first: Cell = (0, 0)) -> set[Cell]:
    """Every empty cell touching a card; `first` alone for an empty layout [S-PLACE-5]."""
    if not grid:
        return {first}
    return {(x + dx, y + dy) for (x, y) in grid for dx, dy in AROUND
            if (x + dx, y + dy) not in grid}


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


# ------------------------------------------------------------------ placement
SUIT_INDEX: Final = {suit: i for i, suit in enumerate(SUIT_NAMES)}
LIMITS: Final = {card: (SUIT_INDEX[WEAKER[card[0]]], table_rank(card))
                 for card in ELEMENT_DECK + SPIRIT_DECK if card[0] != "X"}
"""What a card on the table demands of an orthogonal neighbour: (index of the suit it
beats, the rank that suit must exceed) [S-PLACE-3] [S-PLACE-4]. Jokers demand nothing
[S-JOKER-2], so they have no entry."""
PLACING_RANK: Final = {**{card: rank for card, (_, rank) in LIMITS.items()},
                       **{suit + "A": SPIRIT_RANK for suit in SUIT_NAMES}}
"""A hand card's rank against those demands: an Ace passes anything below a Spirit
[S-ACE-1]."""


Limits = tuple[int, int, int, int]


def limits_at(grid: Grid, cell: Cell) -> Limits:
    """Per suit (in SUIT_NAMES order), the rank a card of that suit must exceed to go on
    the empty `cell`: the highest demand of its orthogonal neighbours [S-PLACE-4]."""
    x, y = cell
    limit = [0, 0, 0, 0]
    for near in (grid.get((x - 1, y)), grid.get((x + 1, y)), grid.get((x, y - 1)),
                 grid.get((x, y + 1))):
        if near is not None:
            bound = LIMITS.get(near)
            if bound is not None and bound[1] > limit[bound[0]]:
                limit[bound[0]] = bound[1]
    return limit[0], limit[1], limit[2], limit[3]


REACH: Final = 1 << 15
"""Every cell of a layout has coordinates within (-REACH, REACH): a scenario's are at
most four digits and a game adds fewer cards than the deck holds."""
_STRIDE: Final = 2 * REACH


def cell_code(x: int, y: int) -> int:
    """The cell (x, y) as one int, ordered as the cells are: x first, then y. The
    frontier's limits are kept by code: an int compares and hashes in a few steps, a
    tuple in many."""
    return (x + REACH) * _STRIDE + y + REACH


def code_cell(code: int) -> Cell:
    """The cell of a `cell_code`."""
    return (code // _STRIDE - REACH, code % _STRIDE - REACH)


Columns = tuple[Any, ...]   # (the frontier's sorted cell codes, their limits as bytes)
"""The frontier with its limits: (the sorted `cell_code`s of its cells, then the
`Limits` of each of those cells, four bytes a cell in `SUIT_NAMES` order). The codes
are typed `Any` where they are read, so that compiled code keeps each int object as it
is: unboxed and boxed again, an int would be a new object for every lookup."""


def _columns(table: Mapping[Cell, Limits]) -> Columns:
    cells = sorted(table)
    return (tuple(cell_code(x, y) for x, y in cells),
            bytes(bound for cell in cells for bound in table[cell]))


def frontier_limits(grid: Grid, frontier: Iterable[Cell]) -> Columns:
    """The `Columns` of `limits_at` for every frontier cell, by a full scan."""
    return _columns({cell: limits_at(grid, cell) for cell in frontier})


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


def frontier_cells(columns: Columns) -> frozenset[Cell]:
    """The frontier of `Columns`: the cells of its codes."""
    return frozenset(code_cell(code) for code in columns[0])


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
_NEAR: Final = tuple((dx * _STRIDE + dy, dx == 0 or dy == 0, _IN_NEAR[dx, dy])
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


def placement_rule(card: str, over: bool) -> str:
    """The rule a legal placement of `card` follows: on top of a card [S-ACE-2], a
    Joker anywhere touching [S-JOKER-1], an Ace beside no stronger Spirit [S-ACE-1],
    a number above its suit's limit [S-PLACE-3]."""
    if over:
        return "S-ACE-2"
    if card[0] == "X":
        return "S-JOKER-1"
    return "S-ACE-1" if card[1:] == "A" else "S-PLACE-3"


def placement_problem(grid: Grid, frontier: Iterable[Cell], card: str, cell: Cell,
                      over: bool = False, ace_on_top_free: bool = True
                      ) -> tuple[str, str] | None:
    """(rule id, sentence) saying why `card` may not go on `cell` ("over" a card when
    `over`), or None if it may. The plain statement of the placement rules: the move
    generator's limit columns must agree with it (a test checks)."""
    occupant = grid.get(cell)
    name = card_name(card)
    where_text = f"{cell[0]},{cell[1]}"
    if over:
        if not is_ace(card):
            return ("S-ACE-2", "only an Ace may be played on top of a card")
        if occupant is None:
            return ("S-ACE-2", f"there is no card at {where_text} to play the Ace on")
        if is_spirit(occupant):
            return ("S-ACE-2", f"an Ace may not cover a Spirit card, and "
                               f"{where_text} holds the {card_name(occupant)}")
        if ace_on_top_free:
            return None                                # [S-ACE-3]
        return _ace_beside_problem(grid, card, cell)
    if occupant is not None:
        if is_ace(card):
            return ("S-ACE-2", f"{where_text} holds the {card_name(occupant)}: an Ace goes "
                               f"on top of it with 'over' (play {card} over {where_text})")
        return ("S-ACE-2", f"{where_text} holds the {card_name(occupant)}: "
                           f"only an Ace may be played on top of a card")
    if cell not in frontier:
        if not grid:
            first = next(iter(frontier))
            return ("S-PLACE-5", f"the first card of an empty layout goes on "
                                 f"{first[0]},{first[1]}")
        return ("S-PLACE-1", f"{where_text} touches no card of the layout, "
                             f"not even diagonally")
    if is_joker(card):
        return None                                    # [S-JOKER-1] any touching cell
    if is_ace(card):
        return _ace_beside_problem(grid, card, cell)
    x, y = cell
    for dx, dy, where in ORTHOGONAL:
        other = grid.get((x + dx, y + dy))
        if other is None or is_joker(other) or WEAKER[other[0]] != card[0]:
            continue
        if table_rank(card) <= table_rank(other):
            return ("S-PLACE-4", f"{name} is weaker than the {card_name(other)} {where} "
                                 f"and not higher")
    return None


def _ace_beside_problem(grid: Grid, card: str, cell: Cell) -> tuple[str, str] | None:
    """An Ace may go beside anything but a Spirit card of its stronger suit [S-ACE-1]."""
    x, y = cell
    for dx, dy, where in ORTHOGONAL:
        other = grid.get((x + dx, y + dy))
        if other is not None and is_spirit(other) and WEAKER[other[0]] == card[0]:
            return ("S-ACE-1", f"an Ace may not go beside a Spirit card of its stronger "
                               f"suit: the {card_name(other)} {where}")
    return None


# ------------------------------------------------------------------ flanking
def flanked(grid: Grid, cell: Cell, jokers_flankable: bool) -> bool:
    """Whether the card on `cell` sits between two cards of its stronger suit [S-FLANK-1].

    A Joker flanker is wild; a Joker itself is flanked by two opposite cards that share
    a suit (or are Jokers) when `jokers_flankable` [S-FLANK-3].
    """
    x, y = cell
    card = grid[cell]
    return (_between(card, grid.get((x - 1, y)), grid.get((x + 1, y)), jokers_flankable)
            or _between(card, grid.get((x, y - 1)), grid.get((x, y + 1)), jokers_flankable))


def _between(card: str, a: str | None, b: str | None, jokers_flankable: bool) -> bool:
    """Whether `card` is flanked by the opposite cards `a` and `b` (`flanked`)."""
    if a is None or b is None:
        return False
    if card[0] == "X":
        return jokers_flankable and (a[0] == "X" or b[0] == "X" or a[0] == b[0])
    strong = STRONGER[card[0]]
    return (a[0] == "X" or a[0] == strong) and (b[0] == "X" or b[0] == strong)


def flank_candidates(cell: Cell) -> tuple[Cell, ...]:
    """The placed card and its orthogonal neighbours, in a fixed order [S-FLANK-2]."""
    x, y = cell
    return ((x, y),) + tuple((x + dx, y + dy) for dx, dy, _ in ORTHOGONAL)


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
    if here is not None and (_between(here, left, right, j) or _between(here, up, down, j)):
        hit.append(cell)
    if left is not None and (_between(left, left2, here, j)
                             or _between(left, up_left, down_left, j)):
        hit.append((x - 1, y))
    if right is not None and (_between(right, here, right2, j)
                              or _between(right, up_right, down_right, j)):
        hit.append((x + 1, y))
    if up is not None and (_between(up, up_left, up_right, j) or _between(up, up2, here, j)):
        hit.append((x, y - 1))
    if down is not None and (_between(down, down_left, down_right, j)
                             or _between(down, here, down2, j)):
        hit.append((x, y + 1))
    return hit


# ------------------------------------------------------------------ summoning
def _counts_for(card: str, suit: str, rank: str) -> bool:
    """Whether `card` on the table may form part of the pattern of a `suit` `rank` Spirit."""
    if card[0] == "X":
        return True
    if card[0] != suit:
        return False
    r = card[1:]
    if r not in SPIRIT_ORDER:
        return True
    if rank == "J":
        return False                                   # [S-JACK-1] playing cards only
    return SPIRIT_ORDER[r] < SPIRIT_ORDER[rank]        # [S-QUEEN-1] [S-KING-1]


def _location_ok(occupant: str | None, rank: str, king_over_spirits: bool) -> bool:
    """Whether a `rank` Spirit may be summoned on a cell holding `occupant`."""
    if occupant is None or occupant[1:] not in SPIRIT_ORDER:
        return True
    held = occupant[1:]
    if rank == "Q":
        return held == "J"                             # [S-QUEEN-1]
    if rank == "K":
        return king_over_spirits and held in ("J", "Q")   # [S-KING-2]
    return False


def sites_at(grid: Grid, cell: Cell, spirit: str,
             king_over_spirits: bool) -> Iterator[tuple[Cell, ...]]:
    """Every pattern (sorted cells) that lets `spirit` be summoned on `cell`.

    Jack: two opposite neighbours [S-JACK-1]; Queen: three of the four orthogonal
    neighbours, each choice of three when four qualify [S-QUEEN-1] [S-QUEEN-2]; King:
    all four [S-KING-1].
    """
    suit, rank = spirit[0], spirit[1:]
    if not _location_ok(grid.get(cell), rank, king_over_spirits):
        return
    x, y = cell
    if rank == "J":
        for (ax, ay), (bx, by) in OPPOSITE_PAIRS:
            a: Cell = (x + ax, y + ay)
            b: Cell = (x + bx, y + by)
            ca, cb = grid.get(a), grid.get(b)
            if ca is not None and cb is not None and _counts_for(ca, suit, rank) \
                    and _counts_for(cb, suit, rank):
                yield tuple(sorted((a, b)))
        return
    good = sorted((x + dx, y + dy) for dx, dy, _ in ORTHOGONAL
                  if (x + dx, y + dy) in grid and _counts_for(grid[(x + dx, y + dy)], suit, rank))
    yield from combinations(good, 3 if rank == "Q" else 4)


def spirits_at(grid: Grid, cell: Cell, king_over_spirits: bool,
               around: "Around | None" = None) -> tuple[str, ...]:
    """Every Spirit card (of all twelve) whose pattern the table shows around `cell`.

    The same rules as `sites_at`, for all suits and ranks in one pass: a summon site
    depends only on the cell and its four orthogonal neighbours, so a change to the
    grid touches the sites of that cell and its neighbours only. `around` answers for
    one cell's five cards (`spirits_around`, or the remembering copy in `fast`).
    """
    x, y = cell
    left, right = grid.get((x - 1, y)), grid.get((x + 1, y))
    up, down = grid.get((x, y - 1)), grid.get((x, y + 1))
    if (left is None or right is None) and (up is None or down is None):
        return ()                     # no pair of opposite cards, so not three neighbours
    return (around or spirits_around)(grid.get(cell), (left, right, up, down), king_over_spirits)


_HELD: Final = {card: card[1:] for card in SPIRIT_DECK}
"""A Spirit card's rank (J, Q or K): what may be summoned over the cell holding it."""
_MEMBER: Final = {card: card[0] for card in ELEMENT_DECK}
"""The suit letter of each playing card ("X": a Joker, a member of every suit's
pattern) [S-JOKER-1]; a Spirit card is a member of none, only a Jack or Queen."""
_SPIRITS_OF: Final = {suit: (suit + "J", suit + "Q", suit + "K") for suit in SUITS}


def spirits_around(occupant: str | None, around: tuple[str | None, ...],
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


def all_sites(grid: Grid, frontier: Iterable[Cell],
              king_over_spirits: bool) -> frozenset[tuple[Cell, str]]:
    """Every (cell, Spirit card) summon site on the table, by a full scan."""
    return frozenset((cell, spirit) for cell in list(grid) + list(frontier)
                     for spirit in spirits_at(grid, cell, king_over_spirits))


Around = Callable[[str | None, tuple[str | None, ...], bool], tuple[str, ...]]


def place_sites(sites: frozenset[tuple[Cell, str]], grid: Grid, cell: Cell,
                king_over_spirits: bool, around: Around = spirits_around,
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
                 king_over_spirits: bool, around: Around = spirits_around
                 ) -> frozenset[tuple[Cell, str]]:
    """`sites` refreshed around the cells whose card changed (incremental `all_sites`);
    the very same set when no site there came or went, as after most plays."""
    touched = set()
    for x, y in changed:
        touched.add((x, y))
        touched.update((x + dx, y + dy) for dx, dy, _ in ORTHOGONAL)
    found = [(cell, spirit) for cell in touched
             for spirit in spirits_at(grid, cell, king_over_spirits, around)]
    stale = [site for site in sites if site[0] in touched]
    if not found and not stale:
        return sites
    return sites.difference(stale).union(found)
