"""The greedy agent's one-step judge of card plays (`best_play`), read from its own view.

A play is worth what it does at once: a rival's sculpture displaced (its owner pays 1
mana) [S-SCULPT-2], cards flanked beside it and the card itself flanked [S-FLANK-1],
summon patterns shown for the agent's own Spirit cards while it holds the mana to
summon [S-SUMMON-1]. What a cell offers whatever the card is read once (`_Spot`), and
remembered by the cards around it (`_SPOTS`): the same neighbourhoods recur on every
turn. Its own module so that the compiled mode compiles it (tools/compile.py) while the
agent class stays a plain, picklable Python class.
"""
from __future__ import annotations

import random
from typing import Sequence

from . import fast
from . import grid as g
from .cards import ELEMENT_DECK, SPIRIT_DECK, SPIRIT_ORDER, SUITS, is_spirit
from .moves import Play
from .view import SummonersSeat

OPEN_SUMMON = 3.0
DISPLACE = 1.0
FLANKED_SELF = -1.5
FLANK_OTHER = 0.3

Cell = tuple[int, int]
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


BETWEEN = {(a, b): _flanked_between(a, b) for a in LETTERS for b in LETTERS}
"""(letter before, letter after) -> the letters flanked between them."""

FLANKERS = {(k, f, first): frozenset(s for s in LETTERS
                                     if k in BETWEEN[(s, f) if first else (f, s)])
            for k in LETTERS for f in LETTERS for first in (True, False)}
"""(a card's letter, the letter of the card on one side of it, whether the empty cell is
before it) -> the letters of a card put on that empty cell that flank it."""


PLAIN = {card: card if is_spirit(card) else card[0] + "2" for card in ELEMENT_DECK + SPIRIT_DECK}
"""Each card as the judge reads it: a Spirit card as itself, any other card as the 2 of
its suit (a Joker as "X2"). Flanks [S-FLANK-1] and summon patterns [S-JACK-1]
[S-QUEEN-1] [S-KING-1] read only a card's suit and whether it is a Spirit card, so
the cards of one suit on one cell are judged once, and a neighbourhood read once is
the same wherever its suits recur."""


def best_play(seen: SummonersSeat, plays: Sequence[Play], rng: random.Random) -> Play:
    """The play `_Judge` values most, with a noise of up to 0.1 drawn per play (in the
    order of `plays`) to split equal ones. `_Judge.value`, inlined: this loop runs over
    every play of the decision."""
    judge = _Judge(seen)
    best, best_value = plays[0], float("-inf")
    noise = rng.random
    spots = judge.spots
    last, plain = "", ""
    for move in plays:
        card = move.card
        if card is not last:                        # the moves come card by card
            last = card
            plain = PLAIN[card]
        cell = move.cell
        spot = spots.get(cell)
        if spot is None:
            spot = judge.spot(cell)
        found: float | None = 0.0 if spot.dull else spot.worth.get(plain)
        if found is None:
            found = spot.worth[plain] = judge.worth(spot, plain)
        value = noise() * 0.1 + found
        if value > best_value:
            best, best_value = move, value
    return best


def _paired(around: Sequence[str | None]) -> bool:
    """Whether (left, right, above, below) hold two opposite cards: a card is flanked,
    and a summon pattern formed, only between two (the test `grid.flanked_near` and
    `grid.spirits_at` make first)."""
    return (around[0] is not None and around[1] is not None) or (
        around[2] is not None and around[3] is not None)


def _members(around: Sequence[str | None], suits: frozenset[str]) -> int:
    """How many of `around` could belong to the summon pattern of a Spirit of one of
    `suits` (`suits` holds "X": a Joker counts for any) [S-JOKER-1]."""
    return sum(1 for c in around if c and c[0] in suits)


class _Spot:
    """What a play on one cell is judged by whatever the card, read once per
    neighbourhood (`_SPOTS`).

    `displace`: a rival's sculpture on the cell (an Ace played over a card). Flanks
    [S-FLANK-1]: `selfs`, the letters of the cards flanked at once on the cell, and
    `terms`, per neighbouring playing card that a card on the cell could flank, the
    letters that flank it (None: it is flanked whatever the card, by its other pair)
    and what flanking it is worth (a rival's sculpture on it pays 1 mana). Summons:
    `around`, the cards around the cell, and `here`, whether a pattern for one of the
    agent's Spirits (of `suits`) could show on it; `sites`, the neighbours where one
    could show once the card is down (the card goes into slot `facing` of their ring):
    a pattern is two or more cards of the Spirit's suit or Jokers [S-JACK-1]
    [S-QUEEN-1] [S-KING-1], so a place with fewer is not asked. `dull`: nothing of
    all that, so every card is worth 0 there (most frontier cells). `worth`: per
    `PLAIN` card, what `_Judge.worth` made of it."""

    __slots__ = ("displace", "selfs", "terms", "around", "here", "sites", "dull", "worth")

    def __init__(self, cells: dict[Cell, str], cell: Cell, owners: dict[Cell, int],
                 me: int, suits: frozenset[str] | None) -> None:
        get = cells.get
        x, y = cell
        self.displace = DISPLACE if get(cell) is not None and owners.get(cell, me) != me \
            else 0.0
        self.around = around = (get((x - 1, y)), get((x + 1, y)), get((x, y - 1)),
                                get((x, y + 1)))
        left, right, up, down = around
        selfs: frozenset[str] = frozenset()
        if left is not None and right is not None:
            selfs = BETWEEN[left[0], right[0]]
        if up is not None and down is not None:
            selfs = selfs | BETWEEN[up[0], down[0]]
        self.selfs = selfs
        self.here = bool(suits) and _paired(around) and _members(around, suits) >= 2  # type: ignore[arg-type]
        self.terms: list[tuple[frozenset[str] | None, float]] = []
        self.sites: list[tuple[str | None, Around, int, int]] = []
        # each neighbour's own neighbours, the card played in the slot facing the cell
        # ("" there: a card), and the card on the far side of the neighbour
        if left is not None or suits:
            far = get((x - 2, y))
            self._neighbour(left, (x - 1, y), (far, "", get((x - 1, y - 1)),
                                               get((x - 1, y + 1))), 1, far, owners, me, suits)
        if right is not None or suits:
            far = get((x + 2, y))
            self._neighbour(right, (x + 1, y), ("", far, get((x + 1, y - 1)),
                                                get((x + 1, y + 1))), 0, far, owners, me, suits)
        if up is not None or suits:
            far = get((x, y - 2))
            self._neighbour(up, (x, y - 1), (get((x - 1, y - 1)), get((x + 1, y - 1)),
                                             far, ""), 3, far, owners, me, suits)
        if down is not None or suits:
            far = get((x, y + 2))
            self._neighbour(down, (x, y + 1), (get((x - 1, y + 1)), get((x + 1, y + 1)), "",
                                               far), 2, far, owners, me, suits)
        self.dull = not (self.displace or selfs or self.terms or self.here or self.sites)
        self.worth: dict[str, float] = {}

    def _neighbour(self, occupant: str | None, n: Cell, theirs: Around, facing: int,
                   far: str | None, owners: dict[Cell, int], me: int,
                   suits: frozenset[str] | None) -> None:
        """Note neighbour `n` (holding `occupant`, with `theirs` around it, `far` on its
        side away from the cell) as a card a play could flank, or a place a pattern
        could show."""
        if not _paired(theirs):
            return
        if occupant is not None and not is_spirit(occupant):
            # a flanked Spirit card stays (S-FLANK-5): worth nothing to the agent
            k = occupant[0]
            side = theirs[2:] if facing < 2 else theirs[:2]   # the pair across the axis
            if side[0] is not None and side[1] is not None and k in BETWEEN[side[0][0],
                                                                              side[1][0]]:
                flankers = None
            elif far is not None:
                flankers = FLANKERS[k, far[0], facing % 2 == 0]
            else:
                flankers = frozenset()
            if flankers is None or flankers:
                self.terms.append((flankers, FLANK_OTHER + (DISPLACE if owners.get(n, me) != me
                                                            else 0.0)))
        members = _members(theirs, suits) if suits else 0
        if members:                                  # the card played may be another
            self.sites.append((occupant, theirs, facing, members))


DULL = _Spot({}, (0, 0), {}, 0, None)
"""The spot of a cell where every card is worth 0."""


def _dull(key: tuple, suits: frozenset[str] | None) -> bool:
    """Whether the `_Spot` of a neighbourhood `key` (see `_Judge.spot`) is dull, told
    from where its cards are alone: an empty cell with no two opposite cards around it
    (no flank of its card, no pattern on it), whose neighbours have none either once
    the card is down (no flank of theirs and no pattern there; an empty neighbour
    counts only for a summoner)."""
    _, here, left, right, up, down, ul, ur, dl, dr, ll, rr, uu, dd = key
    return (here is None and (left is None or right is None) and (up is None or down is None)
            and ((left is None and not suits) or (ll is None and (ul is None or dl is None)))
            and ((right is None and not suits) or (rr is None and (ur is None or dr is None)))
            and ((up is None and not suits) or (uu is None and (ul is None or ur is None)))
            and ((down is None and not suits) or (dd is None and (dl is None or dr is None))))


SPOTS_LIMIT = 1 << 14
"""`_SPOTS` is emptied when it holds this many spots (about 0.8 kB each: a process keeps
at most some 13 MB of them; 60 greedy 3-player games read about 9,000)."""

_SPOTS: dict[tuple, _Spot] = {}
"""Spots already read, by what they depend on: the agent's Spirit cards and whether it
can summon, and the thirteen cells within two steps of the cell, as `PLAIN` cards with
a rival's sculpture marked (`_Judge.spot`). The same neighbourhoods recur on every
turn and all over the table."""

_LAYOUTS: tuple[tuple, dict[Cell, str]] = ((), {})
"""The last layout read as `PLAIN` cards: (its grid tuple, that dict); the players of
one game read the same layout in turn (a summon window, a cycle leave it)."""


def _plain_layout(grid: tuple[tuple[int, int, str], ...]) -> dict[Cell, str]:
    """The layout {(x, y): plain card} of `grid` (read only; the last one remembered)."""
    global _LAYOUTS
    if _LAYOUTS[0] is not grid:
        _LAYOUTS = (grid, {(x, y): PLAIN[c] for x, y, c in grid})
    return _LAYOUTS[1]


class _Judge:
    """The worth of a play, from the agent's own view of the layout (its `PLAIN`
    cards); the card-independent part of each cell is worked out once (`_Spot`), and
    a spot's worth per plain card is remembered with it."""

    __slots__ = ("cells", "marked", "me", "spirits", "can_summon", "suits", "owners",
                 "spots", "kind")

    def __init__(self, seen: SummonersSeat) -> None:
        self.cells = cells = _plain_layout(seen.grid)        # read only
        self.me = me = seen.seat
        self.spirits = seen.spirits
        self.can_summon = seen.mana[me] >= 2 and bool(seen.spirits)
        self.suits = frozenset(s[0] for s in seen.spirits) | {"X"} if self.can_summon else None
        self.owners = owners = {cell: p for p, cell in enumerate(seen.sculptures)
                                if cell is not None}
        # the layout with the cards under rivals' sculptures marked: a spot's key
        rivals = [cell for cell, p in owners.items() if p != me and cell in cells]
        self.marked = cells
        if rivals:
            self.marked = marked = dict(cells)
            for cell in rivals:
                marked[cell] = marked[cell] + "*"
        # what a spot depends on besides the layout: the Spirit cards count only to summon
        self.kind = (True, self.spirits) if self.can_summon else (False, ())
        self.spots: dict[Cell, _Spot] = {}

    def spot(self, cell: Cell) -> _Spot:
        """The `_Spot` of `cell`: read once per decision, and shared with every cell
        whose neighbourhood is the same (see `_SPOTS`)."""
        spot = self.spots.get(cell)
        if spot is None:
            get = self.marked.get
            x, y = cell
            key = (self.kind, get(cell), get((x - 1, y)), get((x + 1, y)), get((x, y - 1)),
                   get((x, y + 1)), get((x - 1, y - 1)), get((x + 1, y - 1)),
                   get((x - 1, y + 1)), get((x + 1, y + 1)), get((x - 2, y)),
                   get((x + 2, y)), get((x, y - 2)), get((x, y + 2)))
            spot = _SPOTS.get(key)
            if spot is None:
                if len(_SPOTS) >= SPOTS_LIMIT:
                    _SPOTS.clear()
                spot = _SPOTS[key] = DULL if _dull(key, self.suits) else _Spot(
                    self.cells, cell, self.owners, self.me, self.suits)
            self.spots[cell] = spot
        return spot

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
        letter = card[0]
        if letter in spot.selfs:
            value += FLANKED_SELF
        for flankers, worth in spot.terms:
            if flankers is None or letter in flankers:
                value += worth
        if self.can_summon:
            spirits = self.spirits
            around = fast.spirits_around
            if spot.here:
                found = around(card, spot.around, True)
                for spirit in spirits:
                    if spirit in found:
                        value += OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]
            member = letter in self.suits              # type: ignore[operator]
            for occupant, theirs, facing, members in spot.sites:
                if members + member < 2:
                    continue
                found = around(occupant, theirs[:facing] + (card,) + theirs[facing + 1:], True)
                for spirit in spirits:
                    if spirit in found:
                        value += OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]
        return value
