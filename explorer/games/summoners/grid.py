"""The layout: an unbounded grid of cards, its frontier, placement, flanking and summons.

The grid is a dict {(x, y): card} (y grows downwards). The frontier is the set of empty
cells that touch a card orthogonally or diagonally: the only cells where a card may be
placed [S-PLACE-1]. The position keeps it with each frontier cell's per-suit limits, as
`Columns` (`frontier_limits`, by a full scan here); `fast` keeps those columns and the
summon sites up to date move by move (`place_limits`, `update_limits`, `update_sites`),
and tests/summoners/test_fast_matches_plain.py proves its answers equal to the full
scans of this module.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Final, Iterable, Iterator, Mapping

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


# ------------------------------------------------------------------ frontier
def frontier_of(grid: Grid, first: Cell = (0, 0)) -> set[Cell]:
    """Every empty cell touching a card; `first` alone for an empty layout [S-PLACE-5]."""
    if not grid:
        return {first}
    return {(x + dx, y + dy) for (x, y) in grid for dx, dy in AROUND
            if (x + dx, y + dy) not in grid}


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
STRIDE: Final = 2 * REACH


def cell_code(x: int, y: int) -> int:
    """The cell (x, y) as one int, ordered as the cells are: x first, then y. The
    frontier's limits are kept by code: an int compares and hashes in a few steps, a
    tuple in many."""
    return (x + REACH) * STRIDE + y + REACH


def code_cell(code: int) -> Cell:
    """The cell of a `cell_code`."""
    return (code // STRIDE - REACH, code % STRIDE - REACH)


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


def frontier_cells(columns: Columns) -> frozenset[Cell]:
    """The frontier of `Columns`: the cells of its codes."""
    return frozenset(code_cell(code) for code in columns[0])


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
    return (between(card, grid.get((x - 1, y)), grid.get((x + 1, y)), jokers_flankable)
            or between(card, grid.get((x, y - 1)), grid.get((x, y + 1)), jokers_flankable))


def between(card: str, a: str | None, b: str | None, jokers_flankable: bool) -> bool:
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


def spirits_at(grid: Grid, cell: Cell, king_over_spirits: bool) -> tuple[str, ...]:
    """Every Spirit card (of all twelve) that `sites_at` finds a pattern for around
    `cell`, by suit, then Jack, Queen, King. A summon site depends only on the cell and
    its four orthogonal neighbours (`fast` keeps the sites of a layout incrementally by
    that, and tests/summoners/test_fast_matches_plain.py proves it equal to this)."""
    x, y = cell
    if not any((x + ax, y + ay) in grid and (x + bx, y + by) in grid
               for (ax, ay), (bx, by) in OPPOSITE_PAIRS):
        return ()   # every pattern holds two opposite neighbours [S-JACK-1] [S-QUEEN-1] [S-KING-1]
    return tuple(suit + rank for suit in SUITS for rank in ("J", "Q", "K")
                 if next(sites_at(grid, cell, suit + rank, king_over_spirits), None) is not None)


def all_sites(grid: Grid, frontier: Iterable[Cell],
              king_over_spirits: bool) -> frozenset[tuple[Cell, str]]:
    """Every (cell, Spirit card) summon site on the table, by a full scan."""
    return frozenset((cell, spirit) for cell in list(grid) + list(frontier)
                     for spirit in spirits_at(grid, cell, king_over_spirits))
