"""`GreedySummonersAgent`: a rule-aware one-step greedy player that sees only its own view.

It summons whenever it can (highest Spirit first), draws rather than buys (mana is
points; with an empty deck it passes), and places the card that opens a summon for one
of its own Spirit cards, displaces opponents' sculptures (each pays it 1 mana) and does
not get itself flanked. It reads its seat's typed view (`view.SummonersSeat`).
"""
from __future__ import annotations

import random
from typing import Sequence

from explorer.core.agents import Observation

from . import fast
from . import grid as g
from .cards import SPIRIT_ORDER, is_spirit
from .moves import Cycle, Decline, Draw, Pass, Play, Summon
from .view import SummonersSeat

OPEN_SUMMON = 3.0
DISPLACE = 1.0
FLANKED_SELF = -1.5
FLANK_OTHER = 0.3


class GreedySummonersAgent:
    name = "greedy"
    observes = ("seat",)

    def choose(self, obs: Observation, rng: random.Random):
        legal = obs.legal
        if obs.seat.phase == "summon":              # the only step with summons to make
            summons = [m for m in legal if type(m) is Summon]
            if summons:
                return max(summons, key=lambda m: (SPIRIT_ORDER[m.card[1:]], rng.random()))
        plays = [m for m in legal if type(m) is Play]
        if plays:
            return self._best_play(obs.seat, plays, rng)
        for kind in (Draw, Decline, Pass, Cycle):       # free actions first: mana is points
            free = [m for m in legal if isinstance(m, kind)]
            if free:
                return free[int(rng.random() * len(free))]
        return legal[int(rng.random() * len(legal))]

    def _best_play(self, seen: SummonersSeat, plays: list[Play], rng: random.Random) -> Play:
        judge = _Judge(seen)
        best, best_value = plays[0], float("-inf")
        # a card that is not a Spirit counts by its suit alone (flanks, patterns), so the
        # cards of one suit on one cell are judged once: worth[suit or Spirit][cell]
        worth: dict[str, dict[Cell, float]] = {}
        noise = rng.random
        last, judged = "", {}
        for move in plays:
            card = move.card
            if card is not last:                    # the moves come card by card
                last = card
                judged = worth.setdefault(card if card[1:] in SPIRIT_ORDER else card[0], {})
            cell = move.cell
            found = judged.get(cell)
            if found is None:
                found = judged[cell] = judge.value(cell, card)
            value = noise() * 0.1 + found
            if value > best_value:
                best, best_value = move, value
        return best


Cell = tuple[int, int]
Around = tuple[str | None, ...]


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
    """What a play on `cell` is judged by that does not depend on the card: the cards
    around it and around its neighbours (the card goes into slot `facing` of theirs),
    which of them could be flanked, and where a pattern for one of the agent's Spirits
    (of `suits`, None when it cannot summon) could show once a card is there: a pattern
    is two or more cards of the Spirit's suit or Jokers [S-JACK-1] [S-QUEEN-1]
    [S-KING-1], so a cell with fewer is not asked."""

    __slots__ = ("displace", "around", "here", "flankable", "sites")

    def __init__(self, cells: dict[Cell, str], cell: Cell, owners: dict[Cell, int],
                 me: int, suits: frozenset[str] | None) -> None:
        get = cells.get
        x, y = cell
        self.displace = DISPLACE if cell in cells and owners.get(cell, me) != me else 0.0
        self.around = around = (get((x - 1, y)), get((x + 1, y)), get((x, y - 1)),
                                get((x, y + 1)))
        paired = _paired(around)
        self.here = bool(suits) and paired and _members(around, suits) >= 2   # type: ignore[arg-type]
        self.flankable: list[Cell] = [cell] if paired else []
        self.sites: list[tuple[str | None, Around, int, int]] = []
        left, right, up, down = around
        # each neighbour's own neighbours, the card played in the slot facing the cell
        if left is not None or suits:
            self._neighbour(left, (x - 1, y), (get((x - 2, y)), "", get((x - 1, y - 1)),
                                               get((x - 1, y + 1))), 1, suits)
        if right is not None or suits:
            self._neighbour(right, (x + 1, y), ("", get((x + 2, y)), get((x + 1, y - 1)),
                                                get((x + 1, y + 1))), 0, suits)
        if up is not None or suits:
            self._neighbour(up, (x, y - 1), (get((x - 1, y - 1)), get((x + 1, y - 1)),
                                             get((x, y - 2)), ""), 3, suits)
        if down is not None or suits:
            self._neighbour(down, (x, y + 1), (get((x - 1, y + 1)), get((x + 1, y + 1)), "",
                                               get((x, y + 2))), 2, suits)

    def _neighbour(self, occupant: str | None, n: Cell, theirs: Around, facing: int,
                   suits: frozenset[str] | None) -> None:
        """Note neighbour `n` (holding `occupant`, with `theirs` around it) as a card that
        could be flanked or a place a pattern could show."""
        if _paired(theirs):
            if occupant is not None:
                self.flankable.append(n)
            members = _members(theirs, suits) if suits else 0
            if members:                              # the card played may be another
                self.sites.append((occupant, theirs, facing, members))


class _Judge:
    """The worth of a play on the agent's own copy of the layout (the card is put down
    and taken back: copying the layout for every legal play would cost more than the
    judging); the card-independent part of each cell is worked out once (`_Spot`)."""

    def __init__(self, seen: SummonersSeat) -> None:
        self.cells = dict(fast.cells_of(seen.grid))     # a copy: `value` puts cards on it
        self.me = seen.seat
        self.spirits = seen.spirits
        self.can_summon = seen.mana[self.me] >= 2 and bool(seen.spirits)
        self.suits = frozenset(s[0] for s in seen.spirits) | {"X"} if self.can_summon else None
        self.owners = {cell: p for p, cell in enumerate(seen.sculptures) if cell is not None}
        self.spots: dict[Cell, _Spot] = {}

    def value(self, cell: Cell, card: str) -> float:
        """Displacing a rival's sculpture, flanks made (suffered) and summon patterns
        opened for the agent's own Spirit cards by putting `card` on `cell`."""
        spot = self.spots.get(cell)
        if spot is None:
            spot = self.spots[cell] = _Spot(self.cells, cell, self.owners, self.me, self.suits)
        value = spot.displace
        if spot.flankable:
            cells, owners, me = self.cells, self.owners, self.me
            covered = cells.get(cell)
            cells[cell] = card
            try:
                for c in spot.flankable:
                    if g.flanked(cells, c, True):
                        if c == cell:
                            value += FLANKED_SELF
                        elif not is_spirit(cells[c]):
                            value += FLANK_OTHER + (DISPLACE if owners.get(c, me) != me else 0.0)
            finally:
                if covered is None:
                    del cells[cell]
                else:
                    cells[cell] = covered
        if self.can_summon:
            spirits = self.spirits
            around = fast.spirits_around
            found = around(card, spot.around, True) if spot.here else ()
            for spirit in spirits:
                if spirit in found:
                    value += OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]
            member = card[0] in self.suits              # type: ignore[operator]
            for occupant, theirs, facing, members in spot.sites:
                if members + member < 2:
                    continue
                found = around(occupant, theirs[:facing] + (card,) + theirs[facing + 1:], True)
                for spirit in spirits:
                    if spirit in found:
                        value += OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]
        return value
