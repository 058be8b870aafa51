"""The greedy agent's one-step judge of card plays (`best_play`), read from its own view.

A play is worth what it does at once: a rival's sculpture displaced (its owner pays 1
mana) [S-SCULPT-2], cards flanked beside it and the card itself flanked [S-FLANK-1],
summon patterns shown for the agent's own Spirit cards while it holds the mana to
summon [S-SUMMON-1]. What a cell offers whatever the card is read once (`_Spot`) and
kept from one decision to the next (`_Judge`, one per seat and what it can summon):
a spot depends only on the thirteen cells within two steps of its cell, so after a
move only the spots near the cells that changed are read again. The judge keeps the
layout as a flat list (`_Board`: a cell's neighbours are a fixed step away in it), so
reading a neighbourhood makes no cell tuple. Its own module so that the compiled mode
compiles it (tools/compile.py) while the agent class stays a plain, picklable Python
class.
"""
from __future__ import annotations

import random
import threading
from typing import Any, Final, Sequence

from . import fast
from . import grid as g
from .cards import ELEMENT_DECK, SPIRIT_DECK, SPIRIT_ORDER, SUITS, is_spirit
from .grid import Cell
from .moves import Play
from .view import SummonersSeat

OPEN_SUMMON: Final = 3.0
DISPLACE: Final = 1.0
FLANKED_SELF: Final = -1.5
FLANK_OTHER: Final = 0.3

Around = tuple[str | None, ...]
LETTERS = SUITS + ("X",)
"""A card's first letter: its suit, or "X" for a Joker (all that flanking reads)."""


def _flanked_between(a: str, b: str) -> frozenset[str]:
    """The letters of the cards `grid.flanked` finds flanked between two opposite cards
    of letters `a` and `b` (Jokers flankable, as the agent always assumes) [S-FLANK-1]
    [S-FLANK-3]: asked of the rule itself, once per pair of letters."""
    return frozenset(s for s in LETTERS
                     if g.flanked({(-1, 0): a + "2", (0, 0): s + "2", (1, 0): b + "2"},
                                  (0, 0), True))


BETWEEN: Final = {(a, b): _flanked_between(a, b) for a in LETTERS for b in LETTERS}
"""(letter before, letter after) -> the letters flanked between them."""

FLANKERS: Final = {(k, f, first): frozenset(s for s in LETTERS
                                            if k in BETWEEN[(s, f) if first else (f, s)])
                   for k in LETTERS for f in LETTERS for first in (True, False)}
"""(a card's letter, the letter of the card on one side of it, whether the empty cell is
before it) -> the letters of a card put on that empty cell that flank it."""


_DECK: Final = {card: card for card in ELEMENT_DECK}
PLAIN: Final = {card: card if is_spirit(card) else _DECK[card[0] + "2"]
                for card in ELEMENT_DECK + SPIRIT_DECK}
"""Each card as the judge reads it: a Spirit card as itself, any other card as the 2 of
its suit (a Joker as "X2"). Flanks [S-FLANK-1] and summon patterns [S-JACK-1]
[S-QUEEN-1] [S-KING-1] read only a card's suit and whether it is a Spirit card, so
the cards of one suit on one cell are judged once, and a neighbourhood read once is
the same wherever its suits recur. Each is the deck's own string object, so the
tables below find it by identity."""

SPIRITS: Final = frozenset(card for card in PLAIN.values() if is_spirit(card))
"""The `PLAIN` cards that are Spirit cards (`is_spirit`, asked once per card)."""

PLAINS: Final = tuple(sorted(set(PLAIN.values())))
"""Every `PLAIN` card (each card the judge's board may hold)."""

NO_CARDS: Final[frozenset[str]] = frozenset()
"""No card (made once: compiled, `frozenset()` makes a new set at each call)."""


def _of_letters(letters: frozenset[str]) -> frozenset[str]:
    """The `PLAIN` cards whose letter is one of `letters`."""
    return frozenset(p for p in PLAINS if p[0] in letters)


FLANKED: Final = {a: {b: _of_letters(BETWEEN[a[0], b[0]]) for b in PLAINS} for a in PLAINS}
"""`BETWEEN` by `PLAIN` cards: (card before)[card after] -> the `PLAIN` cards flanked
between them (a card's letter is all `BETWEEN` reads, and the judge's cards are plain:
two lookups by a string whose hash is kept, no letter cut out, no pair made)."""

FLANKS: Final = {k: {f: (_of_letters(FLANKERS[k[0], f[0], True]),
                         _of_letters(FLANKERS[k[0], f[0], False])) for f in PLAINS}
                 for k in PLAINS}
"""`FLANKERS` by `PLAIN` cards: (a card)[the card on one side of it][0 when the empty
cell is before it, else 1] -> the `PLAIN` cards put on that empty cell that flank it."""


NO_PLAYS: Final[list[Play]] = []
"""The table of no shared moves: `best_play` walks it before it knows a card's table."""


def best_play(seen: SummonersSeat, plays: Sequence[Play], rng: random.Random) -> Play:
    """The play `_Judge` values most, with a noise of up to 0.1 drawn per play (in the
    order of `plays`) to split equal ones. `_Judge.value`, inlined: this loop runs over
    every play of the decision.

    A play's card and cell are read from the shared moves of `fast` where it is one
    (reading a move's field is a generic attribute read in compiled code, and was a
    third of this loop): the plays come card by card, each card's in the order of the last listing's cells
    (`fast.last_picker`), so walking that card's table of shared moves along those
    cells finds each play by identity, and its cell by its number. A play not found
    so (the first of a card, an Ace over a card, a move made elsewhere) is read."""
    judge = judge_for(seen)
    best, best_value = plays[0], float("-inf")
    noise = rng.random
    board = judge.board
    spots, x0, y0, height = board.spots, board.x0, board.y0, board.height
    x1, y1 = x0 + board.width - 2, y0 + height - 2   # `_Board.inside`, inlined
    last, plain = "", ""
    pick = fast.last_picker()
    numbering = pick.numbering
    numbers, cells = pick.numbers, numbering.cells
    m = len(numbers)
    table, j = NO_PLAYS, m           # the shared moves of the card `last`, walked up to j
    me = seen.seat
    for move in plays:
        n = -1
        while j < m:
            k = numbers[j]
            j += 1
            if k < len(table) and table[k] is move:
                n = k
                break
        if n >= 0:
            cell = cells[n]
            x, y = cell[0], cell[1]
        else:
            card = move.card
            if card is not last:                    # the moves come card by card
                last = card
                plain = PLAIN[card]
                table = numbering.made(me, card, NO_PLAYS)
                j = 0
            x, y = move.cell
        if x < x0 + 2 or x >= x1 or y < y0 + 2 or y >= y1:
            board = judge.widened(x, y)
            spots, x0, y0, height = board.spots, board.x0, board.y0, board.height
            x1, y1 = x0 + board.width - 2, y0 + height - 2
        at = (x - x0) * height + y - y0
        spot = spots[at]
        if spot is None:
            spot = judge.spot_at(at)
        found = 0.0
        if not spot.dull:
            worth = spot.worth.get(plain)
            if worth is None:
                found = spot.worth[plain] = judge.worth(spot, plain)
            else:
                found = worth
        value = noise() * 0.1 + found
        if value > best_value:
            best, best_value = move, value
    return best


def _paired(around: Around) -> bool:
    """Whether (left, right, above, below) hold two opposite cards: a card is flanked,
    and a summon pattern formed, only between two (the test `grid.flanked_near` and
    `grid.spirits_at` make first)."""
    return (around[0] is not None and around[1] is not None) or (
        around[2] is not None and around[3] is not None)


def _members(around: Around, members: frozenset[str]) -> int:
    """How many of `around` could belong to the summon pattern of one of the agent's
    Spirits: the `PLAIN` cards of `members` (of the Spirits' suits, and Jokers: a Joker
    counts for any) [S-JOKER-1]."""
    count = 0
    for c in around:
        if c is not None and c in members:
            count += 1
    return count


def _ring(around: Around, slot: int, card: str) -> Around:
    """`around` with `card` in slot `slot` (left, right, above, below)."""
    left, right, up, down = around
    if slot == 0:
        return (card, right, up, down)
    if slot == 1:
        return (left, card, up, down)
    if slot == 2:
        return (left, right, card, down)
    return (left, right, up, card)


class _Spot:
    """What a play on one cell is judged by whatever the card, read from the thirteen
    cells within two steps of it (`NEAR`) and kept while they stay as they are.

    `displace`: a rival's sculpture on the cell (an Ace played over a card). Flanks
    [S-FLANK-1]: `selfs`, the `PLAIN` cards flanked at once on the cell, and
    `terms`, per neighbouring playing card that a card on the cell could flank, the
    `PLAIN` cards that flank it (None: it is flanked whatever the card, by its other
    pair) and what flanking it is worth (a rival's sculpture on it pays 1 mana).
    Summons: `around`, the cards around the cell, and `here`, whether a pattern for one
    of the agent's Spirits (whose members are the `PLAIN` cards of `members`) could
    show on it; `sites`, the neighbours where one could show once the card is down
    (the card goes into slot `facing` of their ring): a pattern is two or more cards
    of the Spirit's suit or Jokers [S-JACK-1] [S-QUEEN-1] [S-KING-1], so a place with
    fewer is not asked. `dull`: nothing of
    all that, so every card is worth 0 there (most frontier cells). `worth`: per
    `PLAIN` card, what `_Judge.worth` made of it.

    Read from `cards`, a `_Board`'s flat layout, at index `at` (a step of 1 is one row
    down, a step of `height` one column right), and `rivals`, the indices of the cards
    under a rival's sculpture."""

    __slots__ = ("displace", "selfs", "terms", "around", "here", "sites", "dull", "worth")

    def __init__(self, cards: list[str | None], at: int, height: int, rivals: list[int],
                 members: frozenset[str] | None) -> None:
        h = height
        self.displace = DISPLACE if cards[at] is not None and at in rivals else 0.0
        left, right, up, down = cards[at - h], cards[at + h], cards[at - 1], cards[at + 1]
        self.around = around = (left, right, up, down)
        selfs = NO_CARDS
        if left is not None and right is not None:
            selfs = FLANKED[left][right]
        if up is not None and down is not None:
            selfs = selfs | FLANKED[up][down]
        self.selfs = selfs
        self.here = (members is not None and len(members) > 0 and _paired(around)
                     and _members(around, members) >= 2)
        self.terms: list[tuple[frozenset[str] | None, float]] = []
        self.sites: list[tuple[str | None, Around, int, int]] = []
        # each neighbour's own neighbours, the card played in the slot facing the cell
        # ("" there: a card), and the card on the far side of the neighbour
        if left is not None or members:
            far = cards[at - 2 * h]
            self._neighbour(left, at - h, (far, "", cards[at - h - 1], cards[at - h + 1]), 1,
                            far, rivals, members)
        if right is not None or members:
            far = cards[at + 2 * h]
            self._neighbour(right, at + h, ("", far, cards[at + h - 1], cards[at + h + 1]), 0,
                            far, rivals, members)
        if up is not None or members:
            far = cards[at - 2]
            self._neighbour(up, at - 1, (cards[at - h - 1], cards[at + h - 1], far, ""), 3,
                            far, rivals, members)
        if down is not None or members:
            far = cards[at + 2]
            self._neighbour(down, at + 1, (cards[at - h + 1], cards[at + h + 1], "", far), 2,
                            far, rivals, members)
        self.dull = not (self.displace or selfs or self.terms or self.here or self.sites)
        self.worth: dict[str, float] = {}

    def _neighbour(self, occupant: str | None, n: int, theirs: Around, facing: int,
                   far: str | None, rivals: list[int], members: frozenset[str] | None) -> None:
        """Note the neighbour at index `n` (holding `occupant`, with `theirs` around it,
        `far` on its side away from the cell) as a card a play could flank, or a place a
        pattern could show."""
        if not _paired(theirs):
            return
        if occupant is not None and occupant not in SPIRITS:
            # a flanked Spirit card stays (S-FLANK-5): worth nothing to the agent
            if facing < 2:                                    # the pair across the axis
                a, b = theirs[2], theirs[3]
            else:
                a, b = theirs[0], theirs[1]
            flankers: frozenset[str] | None
            if a is not None and b is not None and occupant in FLANKED[a][b]:
                flankers = None
            elif far is not None:
                flankers = FLANKS[occupant][far][facing % 2]
            else:
                flankers = NO_CARDS
            if flankers is None or flankers:
                self.terms.append((flankers, FLANK_OTHER + (DISPLACE if n in rivals else 0.0)))
        count = _members(theirs, members) if members else 0
        if count:                                    # the card played may be another
            self.sites.append((occupant, theirs, facing, count))


DULL: Final = _Spot([None] * 25, 12, 5, [], None)
"""The spot of a cell where every card is worth 0 (read from an empty 5 x 5 board)."""

NEAR = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1),
        (-2, 0), (2, 0), (0, -2), (0, 2))
"""The thirteen cells within two orthogonal steps of a cell, all that its `_Spot`
reads: a change on one of them is a change of the spot."""

ROOM: Final = 6
"""Empty columns and rows a `_Board` keeps on every side of the layout, so that it is
laid out again only after the layout has grown that far."""

JUDGES_LIMIT: Final = 64
"""`_JUDGES` is emptied when it holds this many judges."""


class _Board:
    """The layout as a flat list, `cards`: the cell (x, y) at index
    (x - x0) * height + (y - y0), so the cells around one are a fixed step away and
    reading them makes no cell tuple; `spots` the same way (None: not read yet), and
    `rivals`, the indices of the cells holding a rival's sculpture. A cell's spot can
    be read where all thirteen cells of `NEAR` are on the board (`inside`)."""

    __slots__ = ("x0", "y0", "width", "height", "cards", "spots", "rivals")

    def __init__(self, grid: tuple[tuple[int, int, str], ...], rivals: frozenset[Cell],
                 also: Cell | None, old: "_Board | None") -> None:
        """The board of `grid`, wide enough for the cell `also` too, with the spots of
        `old` (still right: they are kept by cell) and room around."""
        xs = [x for x, _, _ in grid]
        ys = [y for _, y, _ in grid]
        if also is not None:
            xs.append(also[0])
            ys.append(also[1])
        if not xs:
            xs, ys = [0], [0]
        self.x0 = x0 = min(xs) - ROOM
        self.y0 = y0 = min(ys) - ROOM
        self.width = max(xs) + ROOM + 1 - x0
        self.height = height = max(ys) + ROOM + 1 - y0
        self.cards: list[str | None] = [None] * (self.width * height)
        for x, y, card in grid:
            self.cards[(x - x0) * height + y - y0] = PLAIN[card]
        self.spots: list[_Spot | None] = [None] * (self.width * height)
        if old is not None:
            for at, spot in enumerate(old.spots):
                if spot is not None:
                    x, y = divmod(at, old.height)
                    x, y = x + old.x0, y + old.y0
                    if self.inside(x, y):
                        self.spots[(x - x0) * height + y - y0] = spot
        self.rivals: list[int] = []
        self.rivals_at(rivals)

    def inside(self, x: int, y: int) -> bool:
        """Whether the thirteen cells around (x, y) are all on the board."""
        return (self.x0 + 2 <= x < self.x0 + self.width - 2
                and self.y0 + 2 <= y < self.y0 + self.height - 2)

    def on(self, x: int, y: int) -> bool:
        """Whether the cell (x, y) is on the board."""
        return 0 <= x - self.x0 < self.width and 0 <= y - self.y0 < self.height

    def index(self, x: int, y: int) -> int:
        """Where the cell (x, y), on the board, is in `cards` and `spots`."""
        return (x - self.x0) * self.height + y - self.y0

    def rivals_at(self, rivals: frozenset[Cell]) -> None:
        """Mark the cells of `rivals` on the board (a sculpture off it stands on no card)."""
        self.rivals = [self.index(x, y) for x, y in rivals if self.on(x, y)]

    def forget(self, x: int, y: int) -> None:
        """Forget the spots that read the cell (x, y)."""
        spots = self.spots
        if self.inside(x, y):      # the thirteen of `NEAR`, a fixed step away each
            at, h = self.index(x, y), self.height
            spots[at] = spots[at - h] = spots[at + h] = spots[at - 1] = spots[at + 1] = None
            spots[at - h - 1] = spots[at + h - 1] = spots[at - h + 1] = spots[at + h + 1] = None
            spots[at - 2 * h] = spots[at + 2 * h] = spots[at - 2] = spots[at + 2] = None
            return
        for dx, dy in NEAR:
            if self.on(x + dx, y + dy):
                spots[self.index(x + dx, y + dy)] = None


_JUDGES: Final[dict[tuple[int, int, bool, tuple[str, ...]], "_Judge"]] = {}
"""The judge of each thread, seat and what it can summon with (its Spirit cards, when
it holds the mana to summon): its spots stay right for as long as their cells do. A
judge changes as it reads a position, so games played in threads at once (an executor
of threads) each have their own."""


def _rivals(sculptures: tuple[Cell | None, ...], me: int) -> frozenset[Cell]:
    """The cells holding the sculpture of a seat other than `me`."""
    owners = {cell: p for p, cell in enumerate(sculptures) if cell is not None}
    return frozenset(cell for cell, p in owners.items() if p != me)


def judge_for(seen: SummonersSeat) -> "_Judge":
    """The `_Judge` of this thread and `seen`'s seat and summoning power, brought up to
    `seen`."""
    me = seen.seat
    can_summon = seen.mana[me] >= 2 and bool(seen.spirits)
    # what a spot depends on besides the layout: the Spirit cards count only to summon
    kind = (threading.get_ident(), me, can_summon, seen.spirits if can_summon else ())
    judge = _JUDGES.get(kind)
    if judge is None:
        if len(_JUDGES) >= JUDGES_LIMIT:
            _JUDGES.clear()
        judge = _JUDGES[kind] = _Judge(seen, can_summon)
    else:
        judge.see(seen)
    return judge


def _new_rows(old: tuple[Any, ...], new: tuple[Any, ...]) -> list[Any]:
    """The cells whose card differs between two layouts (tuples of (x, y, card) rows),
    each (x, y, its card in `new`, None when it is empty there), in one walk of both: a
    layout is sorted by cell, and a play builds the next one from the last, sharing the
    rows it keeps, so most rows match by identity. (Typed `Any`: compiled, a row typed
    as a fixed tuple would be unpacked into a new value, and an identity test fail.)"""
    found: list[Any] = []
    i = j = 0
    n, m = len(old), len(new)
    while i < n and j < m:
        a, b = old[i], new[j]
        if a is b:
            i += 1
            j += 1
            continue
        ax, ay, bx, by = a[0], a[1], b[0], b[1]
        if ax == bx and ay == by:
            if a[2] != b[2]:
                found.append(b)
            i += 1
            j += 1
        elif ax < bx or (ax == bx and ay < by):
            found.append((ax, ay, None))
            i += 1
        else:
            found.append(b)
            j += 1
    found.extend((x, y, None) for x, y, _ in old[i:])
    found.extend(new[j:])
    return found


class _Judge:
    """The worth of a play, from the agent's own view of the layout (its `PLAIN`
    cards); the card-independent part of each cell is worked out once (`_Spot`) and
    kept while the thirteen cells it reads stay as they were, and a spot's worth per
    plain card is remembered with it. One per seat and summoning power (`judge_for`):
    `see` brings it to a new position.

    `board`: the layout and the spots read (`_Board`); `rivals`: the cells holding a
    rival's sculpture; `grid` and `sculptures`: the view they were read from."""

    __slots__ = ("board", "rivals", "me", "spirits", "gains", "can_summon", "members", "grid",
                 "sculptures")

    def __init__(self, seen: SummonersSeat, can_summon: bool) -> None:
        """The judge of `seen`'s seat, holding the mana to summon or not, at `seen`."""
        self.me = me = seen.seat
        self.spirits = spirits = seen.spirits if can_summon else ()
        # what a site shown for each Spirit card is worth
        self.gains = tuple((spirit, OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]) for spirit in spirits)
        self.can_summon = can_summon
        # the PLAIN cards that count for their patterns: of their suits, and Jokers
        self.members = _of_letters(frozenset(s[0] for s in spirits) | {"X"}) if can_summon else None
        self.grid = seen.grid
        self.sculptures = seen.sculptures
        self.rivals = _rivals(seen.sculptures, me)
        self.board = _Board(self.grid, self.rivals, None, None)

    def see(self, seen: SummonersSeat) -> None:
        """Read the layout and sculptures of `seen`, and forget the spots of the cells
        near those that changed since the last position seen."""
        changed: list[Cell] = []
        board = self.board
        grid = seen.grid
        if grid is not self.grid:
            # a judge met again after a while (or in another game) keeps the spots
            # far from what changed
            cards = board.cards
            for x, y, card in _new_rows(self.grid, grid):
                changed.append((x, y))
                if board.on(x, y):
                    cards[board.index(x, y)] = None if card is None else PLAIN[card]
                elif card is not None:     # laid out again, with every card of `grid`
                    board = self.board = _Board(grid, self.rivals, None, board)
                    cards = board.cards
            self.grid = grid
        sculptures = seen.sculptures
        if sculptures != self.sculptures:
            rivals = _rivals(sculptures, self.me)
            changed.extend(rivals ^ self.rivals)
            self.rivals = rivals
            self.sculptures = sculptures
            board.rivals_at(rivals)
        for x, y in changed:
            board.forget(x, y)

    def widened(self, x: int, y: int) -> _Board:
        """The board laid out again to read the spot of the cell (x, y) too."""
        self.board = _Board(self.grid, self.rivals, (x, y), self.board)
        return self.board

    def spot_at(self, at: int) -> _Spot:
        """The `_Spot` of the cell at index `at` of the board, read when its
        neighbourhood is new (`DULL` when it is told dull from where its cards are
        alone: an empty cell with no two opposite cards around it, so no flank of its
        card and no pattern on it, whose neighbours have none either once the card is
        down, so no flank of theirs and no pattern there; an empty neighbour counts
        only for a summoner)."""
        board = self.board
        cards, h = board.cards, board.height
        left, right, up, down = cards[at - h], cards[at + h], cards[at - 1], cards[at + 1]
        ul, ur, dl, dr = cards[at - h - 1], cards[at + h - 1], cards[at - h + 1], cards[at + h + 1]
        summoner = self.can_summon
        spot: _Spot
        if (cards[at] is None and (left is None or right is None)
                and (up is None or down is None)
                and ((left is None and not summoner)
                     or (cards[at - 2 * h] is None and (ul is None or dl is None)))
                and ((right is None and not summoner)
                     or (cards[at + 2 * h] is None and (ur is None or dr is None)))
                and ((up is None and not summoner)
                     or (cards[at - 2] is None and (ul is None or ur is None)))
                and ((down is None and not summoner)
                     or (cards[at + 2] is None and (dl is None or dr is None)))):
            spot = DULL
        else:
            spot = _Spot(cards, at, h, board.rivals, self.members)
        board.spots[at] = spot
        return spot

    def spot(self, cell: Cell) -> _Spot:
        """The `_Spot` of `cell`, as `best_play` finds it."""
        x, y = cell
        board = self.board if self.board.inside(x, y) else self.widened(x, y)
        found = board.spots[board.index(x, y)]
        return self.spot_at(board.index(x, y)) if found is None else found

    def value(self, cell: Cell, card: str) -> float:
        """Displacing a rival's sculpture, flanks made (suffered) and summon patterns
        opened for the agent's own Spirit cards by putting `card` on `cell`."""
        spot = self.spot(cell)
        if spot.dull:
            return 0.0
        plain = PLAIN[card]
        value = spot.worth.get(plain)
        if value is None:
            value = spot.worth[plain] = self.worth(spot, plain)
        return value

    def worth(self, spot: _Spot, card: str) -> float:
        """`value` of the `PLAIN` `card` on a cell of a spot that is not dull (what
        `_Spot.worth` remembers)."""
        value = spot.displace
        if card in spot.selfs:
            value += FLANKED_SELF
        for flankers, worth in spot.terms:
            if flankers is None or card in flankers:
                value += worth
        if self.can_summon:
            gains = self.gains
            if spot.here:
                found = fast.spirits_around(card, spot.around, True)
                for spirit, gain in gains:
                    if spirit in found:
                        value += gain
            member = 1 if self.members is not None and card in self.members else 0
            for occupant, theirs, facing, members in spot.sites:
                if members + member < 2:
                    continue
                found = fast.spirits_around(occupant, _ring(theirs, facing, card), True)
                for spirit, gain in gains:
                    if spirit in found:
                        value += gain
        return value
