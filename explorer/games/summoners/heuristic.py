"""How a Summoners position stands for each player, for the search agent (`core.mcts`).

Read from the state the search sampled (the searcher's own view with the hidden cards
guessed). Each player's points as if the game were scored now (mana and summoned
Spirits, S-SCORE-1), plus the race to the instant win (S-END-1): each Spirit summoned
brings a player closer to winning at once, so it is worth more than its points, and
the more so the closer the third one is.

A Spirit not yet summoned is worth a share of its summon's gain (its points and race
step, less the 2 mana it costs, S-SUMMON-1) by how close the table is to its pattern
(S-JACK-1, S-QUEEN-1, S-KING-1): a site shown now (0 cells missing) most, then a
location one matching card short (more when the player holds a card of that suit or
a Joker, S-JOKER-2), then two short. Without the 2 mana a summon costs the pattern
counts little. These shares grow with progress, so a search prefers placing towards a
summon over cycling, and summons rather than keeps a site. Holding the 2 mana while
Spirits remain is worth a little more than its points; lacking the mana the remaining
summons will cost is worth less, and so is a sculpture that one card would flank. The
estimates become win shares with `shares_from_points`.

`policy` fixes the decisions the search should not branch on. A play after a draw or a
buy has a hundred or more cells and cards to choose from, too many for a few hundred
walks, so it is judged one step ahead instead (`best_play`: sites shown for the mover's
own Spirit cards, patterns brought one card short, sculptures displaced, cards flanked;
read from the mover's own view only, so it is the same in every sampled world). A summon
window takes the highest Spirit card on offer (`best_summon`), and an action with an
empty deck and nothing to buy is a pass (`stalled_pass`). The search branches on the
turn's action: cycle, draw, buy or pass. Judging patterns the opponent might use
(Spirit cards the mover has not seen) made the play weaker: played alone against the
greedy agent, such a judge won 0.49-0.54 of 400 games, this one 0.59-0.63; so it leaves
them out.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Optional

from ...core.mcts import shares_from_points
from ...core.move import Move
from . import fast
from .cards import SPIRIT_ORDER, SPIRIT_POINTS, STRONGER, SUITS
from .grid import Cell
from .moves import Cycle, Pass, Play, Summon

if TYPE_CHECKING:
    from .state import SummonersState

RACE = (0.0, 3.0, 9.0)
"""Extra worth of having summoned 0, 1 or 2 of one's three Spirits (the third wins)."""

WIN_STEP = 20.0
"""Worth of the third summon's race step: it wins at once (S-END-1)."""

READY = 0.5
"""Extra worth of holding the 2 mana a summon costs (S-SUMMON-1) while Spirits remain."""

SHORTFALL = 1.0
"""The loss, beyond its point, of each mana a player lacks for the summons that remain
(2 each, S-SUMMON-1): without it the instant win (S-END-1) is out of reach, so a search
does not spend it on buys (S-BUY-1) nor leave its sculpture where the opponent can take
it (S-SCULPT-2). A summon pays 2 and needs 2 less, so it changes no shortfall."""

SITE = 0.5
"""The share of a summon's gain a site shown now for one of the player's own Spirits
is worth: less than the summon itself, so a search summons rather than keeps the site."""

NEAR = (SITE, 0.22, 0.07)
"""The share of a summon's gain for a pattern 0, 1 or 2 matching cards short."""

NEAR_IN_HAND = 0.32
"""The share for a pattern one card short when the player holds a card that fits it."""

UNREADY = 0.25
"""The factor on a pattern's share while the player lacks the 2 mana to summon."""

EXPOSED = 0.7
"""The loss for a sculpture one card from being flanked (a card of its card's stronger
suit on one side, the opposite side empty): the opponent who flanks it takes 1 mana
from its owner (S-FLANK-1, S-SCULPT-2)."""

SUMMON_COST = 2
"""Mana a summon costs (S-SUMMON-1)."""

SCALE = 4.0
"""Points per factor e in the win-share softmax."""

FAR = len(NEAR)
"""Cells missing at which a pattern counts for nothing."""

_NEED_CACHE: dict[tuple, dict[str, int]] = {}
"""`missing` per layout (`SummonersData.grid`), emptied when it holds `_CACHE_LIMIT`."""
_CACHE_LIMIT = 4096


_MATCHES = {**{suit: (suit,) for suit in SUITS}, "X": SUITS}
"""The suits a playing card matches in a pattern: its own, or all for a Joker
(S-JOKER-2)."""


def _missing(cells: dict, grid: tuple) -> dict[str, int]:
    """For every Spirit card, the fewest matching cards the table lacks around any one
    location for its pattern (0: a site), counting only locations whose missing cells
    are empty; Spirits with none nearer than `FAR` are left out.

    One pass over the layout counts, for each cell beside a card, the cards to its
    left/right and above/below, and among them the playing cards of each suit (Jokers
    wild): those match a Spirit's pattern, the others block it."""
    around: dict[Cell, list] = {}
    for x, y, card in grid:
        suits = () if card[1:] in SPIRIT_ORDER else _MATCHES[card[0]]
        for cell, axis in (((x - 1, y), 0), ((x + 1, y), 0), ((x, y - 1), 1), ((x, y + 1), 1)):
            here = around.get(cell)
            if here is None:
                here = around[cell] = [0, 0, {}]
            here[axis] += 1
            by_suit = here[2]
            for suit in suits:
                found = by_suit.get(suit)
                if found is None:
                    found = by_suit[suit] = [0, 0]
                found[axis] += 1
    best: dict[str, list[int]] = {}             # per suit, the fewest missing: J, Q, K
    get = cells.get
    for spot, (across, down, by_suit) in around.items():
        if not by_suit:
            continue
        occupant = get(spot)
        if occupant is not None and occupant[1:] in SPIRIT_ORDER:
            continue
        for suit, (a, d) in by_suit.items():
            low = best.get(suit)
            if low is None:
                low = best[suit] = [FAR, FAR, FAR]
            if across == a and 2 - a < low[0]:
                low[0] = 2 - a
            if down == d and 2 - d < low[0]:
                low[0] = 2 - d
            matched = a + d
            blocked = across + down - matched
            if blocked <= 1 and 3 - matched < low[1]:
                low[1] = max(3 - matched, 0)
            if blocked == 0 and 4 - matched < low[2]:
                low[2] = 4 - matched
    return {suit + rank: need for suit, low in best.items()
            for rank, need in zip("JQK", low) if need < FAR}


def missing(state: "SummonersState") -> dict[str, int]:
    """`_missing` for the state's layout, with the summon sites the table shows
    (`SummonersData.sites`, exact) at 0; remembered per layout: the search meets the
    same layout at many leaves (a cycle or a summon window leaves it as it was)."""
    grid = state.data.grid
    found = _NEED_CACHE.get(grid)
    if found is None:
        if len(_NEED_CACHE) >= _CACHE_LIMIT:
            _NEED_CACHE.clear()
        found = _missing(state.cells, grid)
        found.update((spirit, 0) for _, spirit in state.data.sites)
        _NEED_CACHE[grid] = found
    return found


def exposed(cells: dict, cell: Cell | None) -> bool:
    """Whether a sculpture on `cell` can be flanked by one more card (S-FLANK-1): a
    card of its card's stronger suit, or a Joker, on one side and the opposite side
    empty. A sculpture in the supply or on a Joker counts as safe."""
    if cell is None:
        return False
    card = cells.get(cell)
    if card is None or card[0] == "X":
        return False
    strong = STRONGER[card[0]]
    x, y = cell
    for a, b in (((x - 1, y), (x + 1, y)), ((x, y - 1), (x, y + 1))):
        ca, cb = cells.get(a), cells.get(b)
        near = cb if ca is None else ca if cb is None else None   # the one side taken
        if near is not None and (near[0] == strong or near[0] == "X"):
            return True
    return False


def points(state: "SummonersState") -> tuple[float, ...]:
    """Each seat's estimated worth (see the module docstring)."""
    d = state.data
    scores = state.scores()
    need = missing(state)
    out = []
    for p, score in enumerate(scores):
        summoned = min(len(d.summoned[p]), len(RACE) - 1)
        spirits = d.spirits[p]
        worth = score + RACE[summoned]
        if d.mana[p] and exposed(state.cells, d.sculptures[p]):
            worth -= EXPOSED
        if spirits:
            ready = d.mana[p] >= SUMMON_COST
            if ready:
                worth += READY
            worth -= SHORTFALL * max(SUMMON_COST * len(spirits) - d.mana[p], 0)
            step = RACE[summoned + 1] - RACE[summoned] if summoned + 1 < len(RACE) else WIN_STEP
            suits = {c[0] for c in d.hands[p]}
            wild = "X" in suits
            for spirit in spirits:
                short = need.get(spirit, FAR)
                if short >= FAR:
                    continue
                share = NEAR_IN_HAND if short == 1 and (wild or spirit[0] in suits) else NEAR[short]
                if not ready:
                    share *= UNREADY
                worth += share * (SPIRIT_POINTS[spirit[1:]] + step - SUMMON_COST)
        out.append(worth)
    return tuple(out)


def value(state: "SummonersState") -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)


# ------------------------------------------------------------------ fixed decisions
OPEN_OWN = 3.0
"""Worth, per rank step (Jack 1, Queen 2, King 3), of a placement that shows a site for
one of the mover's own Spirit cards while it holds the 2 mana to summon (S-SUMMON-1):
the summon follows in the same window (S-WINDOW-1)."""

NEAR_OWN = 0.6
"""Worth, per 4 points of a summon's gain, of a placement that brings a pattern of one
of the mover's Spirit cards to one matching card short."""

DISPLACE = 1.0
"""Worth of displacing an opponent's sculpture: its owner pays 1 mana (S-SCULPT-2)."""

FLANK = 0.3
"""Worth of flanking a playing card beside the play (S-FLANK-1): it leaves the layout
(S-FLANK-4), and a sculpture on it is displaced (`DISPLACE`, S-SCULPT-2)."""

SELF_FLANK = 1.5
"""Loss of placing a card where it is flanked at once (S-FLANK-1, S-FLANK-4)."""

JITTER = 0.01
"""The spread of the fixed tie-break between plays judged equal (see `_tie_break`)."""


@lru_cache(maxsize=1 << 16)
def one_short(occupant: Optional[str], around: tuple) -> frozenset[str]:
    """The Spirit cards whose pattern (S-JACK-1, S-QUEEN-1, S-KING-1) a location holding
    `occupant` with the orthogonal neighbours `around` (left, right, above, below;
    None for an empty cell) lacks exactly one more matching card for, in an empty
    neighbour; a location holding a Spirit card counts for none. Jokers are wild
    (S-JOKER-2), and any card of the suit counts as matching (an estimate for the
    judge: the exact sites are `spirits_around`'s). Remembered: the same five cards
    recur all over the table."""
    if occupant is not None and occupant[1:] in SPIRIT_ORDER:
        return frozenset()
    suits = {c[0] for c in around if c is not None}
    if "X" in suits:
        suits = set(SUITS)
    found = []
    empty = [c is None for c in around]
    free = sum(empty)
    for suit in suits:
        ok = [c is not None and (c[0] == "X" or c[0] == suit) for c in around]
        if (ok[0] and empty[1]) or (ok[1] and empty[0]) or (ok[2] and empty[3]) or (
                ok[3] and empty[2]):
            found.append(suit + "J")
        matched = sum(ok)
        if matched == 2 and free:
            found.append(suit + "Q")
        if matched == 3 and free == 1:
            found.append(suit + "K")
    return frozenset(found)


def _tie_break(cell: Cell, turn: int) -> float:
    """A small fixed spread between equally judged plays, from the cell and the turn
    alone: the policy must give one answer per state (a search meets the same state in
    many walks) and draws no luck of its own."""
    x, y = cell
    return ((x * 73856093) ^ (y * 19349663) ^ (turn * 83492791)) % 1000 * (JITTER / 1000)


def _status(occupant: Optional[str], ring: tuple, kos: bool) -> tuple[tuple, frozenset]:
    """The sites (`spirits_around`, exact) and the patterns one card short
    (`one_short`) at a location holding `occupant` with the neighbours `ring`."""
    return fast.spirits_around(occupant, ring, kos), one_short(occupant, ring)


_FACING = ((-1, 0, 1), (1, 0, 0), (0, -1, 3), (0, 1, 2))
"""Per orthogonal neighbour of a cell (dx, dy), the slot of its ring (left, right,
above, below) that the cell fills."""


class _Spot:
    """What a play on one cell is judged by whatever the card: the sculpture it would
    displace, the locations whose patterns it touches (the cell and its neighbours, each
    with its standing before the play, its occupant and ring, and the ring slot the
    cell fills: -1 for the cell itself), whether any card there could be flanked, and
    the cell's tie-break."""

    __slots__ = ("displace", "locations", "flankable", "tie")

    def __init__(self, placer: "_Placer", cell: Cell, turn: int) -> None:
        get = placer.cells.get
        x, y = cell
        covered = get(cell)
        ring = (get((x - 1, y)), get((x + 1, y)), get((x, y - 1)), get((x, y + 1)))
        self.displace = (DISPLACE if covered is not None
                         and placer.owners.get(cell, placer.me) != placer.me else 0.0)
        kos = placer.kos
        locations = [(_status(covered, ring, kos), covered, ring, -1)]
        flankable = (ring[0] is not None and ring[1] is not None) or (
            ring[2] is not None and ring[3] is not None)
        for dx, dy, slot in _FACING:
            loc = (x + dx, y + dy)
            lx, ly = loc
            occupant = get(loc)
            around = (get((lx - 1, ly)), get((lx + 1, ly)), get((lx, ly - 1)), get((lx, ly + 1)))
            locations.append((_status(occupant, around, kos), occupant, around, slot))
            if occupant is not None and not flankable:
                # the cell is filled: the pair across it is complete if the far side is
                other = (0, 1) if slot > 1 else (2, 3)
                flankable = around[slot ^ 1] is not None or (
                    around[other[0]] is not None and around[other[1]] is not None)
        self.locations = locations
        self.flankable = flankable
        self.tie = _tie_break(cell, turn)


class _Placer:
    """One-step judge of the mover's plays (S-DRAW-1): the sites a play shows for the
    mover's own Spirit cards, the patterns it brings one card short, the sculptures it
    displaces and the cards it flanks, less a card flanked at once. It reads only the
    mover's own hand and Spirit cards and the public table, so it never peeks.

    What a cell offers is read once per position (`_Spot`); the card is put on the
    judge's own copy of the layout for the flanking test and taken back afterwards."""

    __slots__ = ("cells", "me", "mine", "suits", "ready", "owners", "kos", "jokers",
                 "turn", "spots")

    def __init__(self, state: "SummonersState") -> None:
        d = state.data
        options = state.game.options
        self.cells = dict(state.cells)
        self.me = me = d.current
        self.mine = d.spirits[me]
        self.suits = {s[0] for s in self.mine} | {"X"}
        self.ready = d.mana[me] >= SUMMON_COST
        self.owners = {cell: p for p, cell in enumerate(d.sculptures) if cell is not None}
        self.kos, self.jokers = options.king_over_spirits, options.jokers_flankable
        self.turn = d.turn
        self.spots: dict[Cell, _Spot] = {}

    def spot(self, cell: Cell) -> _Spot:
        """The `_Spot` of `cell`, read once per position."""
        found = self.spots.get(cell)
        if found is None:
            found = self.spots[cell] = _Spot(self, cell, self.turn)
        return found

    def value(self, cell: Cell, card: str) -> float:
        """The worth of playing `card` on `cell` (see the class docstring)."""
        spot = self.spot(cell)
        value = spot.displace
        if spot.flankable:
            cells, me, owners = self.cells, self.me, self.owners
            covered = cells.get(cell)
            cells[cell] = card
            try:
                for c in fast.flanked_near(cells, cell, self.jokers):
                    if c == cell:
                        value -= SELF_FLANK
                    elif cells[c][1:] not in SPIRIT_ORDER:
                        value += FLANK + (DISPLACE if owners.get(c, me) != me else 0.0)
            finally:
                if covered is None:
                    del cells[cell]
                else:
                    cells[cell] = covered
        if card[0] in self.suits:
            kos = self.kos
            for was, occupant, ring, slot in spot.locations:
                if slot < 0:
                    now = _status(card, ring, kos)
                else:
                    now = _status(occupant, ring[:slot] + (card,) + ring[slot + 1:], kos)
                value += self._progress(was, now)
        return value

    def _progress(self, was: tuple[tuple, frozenset], now: tuple[tuple, frozenset]) -> float:
        """What one location gained for the mover's Spirit cards: a site shown (with the
        mana to summon), or a pattern newly one card short."""
        value = 0.0
        sites, near = now
        for spirit in self.mine:
            if spirit in sites:
                if self.ready and spirit not in was[0]:
                    value += OPEN_OWN * SPIRIT_ORDER[spirit[1:]]
            elif spirit in near and spirit not in was[1] and spirit not in was[0]:
                value += NEAR_OWN * (SPIRIT_POINTS[spirit[1:]] + SUMMON_COST) / 4
        return value


def best_play(state: "SummonersState") -> Optional[Move]:
    """The mover's play that `_Placer` judges best, equal ones split by `_tie_break`
    (None if there is no play).
    Cards of one suit (not Spirit cards) on one cell are judged once: a card that is
    not a Spirit counts by its suit alone."""
    placer = _Placer(state)
    best, best_value = None, float("-inf")
    worth: dict[tuple, float] = {}
    for move in state.legal_moves():
        assert isinstance(move, Play), move           # the play phase lists plays only
        card, cell = move.card, move.cell
        key = (cell, card if card[1:] in SPIRIT_ORDER else card[0])
        found = worth.get(key)
        if found is None:
            found = worth[key] = placer.value(cell, card) + placer.spot(cell).tie
        if found > best_value:
            best, best_value = move, found
    return best


def best_summon(state: "SummonersState") -> Optional[Move]:
    """In the summon window (S-WINDOW-1), the mover's highest Spirit card that a site
    shows (a summon gains its points less its 2 mana and a step towards the instant
    win, S-END-1), one that displaces an opponent's sculpture first (S-SCULPT-2); None
    when there is no summon to make (summoning nothing is then the only move)."""
    summons = [m for m in state.legal_moves() if type(m) is Summon]
    if not summons:
        return None
    d = state.data
    me = state.pending.seat
    others = {cell for p, cell in enumerate(d.sculptures) if cell is not None and p != me}
    return max(summons, key=lambda m: (SPIRIT_ORDER[m.card[1:]],
                                       sum(c in others for c in (m.cell,) + tuple(m.using))))


def stalled_pass(state: "SummonersState") -> Optional[Move]:
    """At a turn's action with an empty deck and nothing to buy, the pass: a cycle then
    puts a card under the empty deck and draws the same card back (S-CYCLE-1), so it
    changes nothing, and drawing is not allowed (S-DRAW-2). The search would otherwise
    cycle on while it trails, until the turn limit ends the game all the same
    (S-END-2, S-END-3). None in every other position."""
    if not state.data.deck.empty:
        return None
    moves = state.legal_moves()
    if any(type(m) is not Cycle and type(m) is not Pass for m in moves):
        return None
    return next((m for m in moves if type(m) is Pass), None)


def policy(state: "SummonersState") -> Optional[Move]:
    """The decisions the search does not branch on: a play (after a draw or a buy) is
    `best_play`, a summon window with a summon to make is `best_summon`, a stalled
    action is `stalled_pass`; every other action (S-TURN-1) is searched."""
    step = state.pending.step
    if step == "play":
        return best_play(state)
    if step == "summon":
        return best_summon(state)
    return stalled_pass(state)
