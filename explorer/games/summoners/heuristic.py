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
"""
from __future__ import annotations

from ...core.mcts import shares_from_points
from ...core.state import State
from .cards import SPIRIT_ORDER, SPIRIT_POINTS, STRONGER, SUITS

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
    around: dict[tuple[int, int], list] = {}
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
    for cell, (across, down, by_suit) in around.items():
        if not by_suit:
            continue
        occupant = get(cell)
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


def missing(state: State) -> dict[str, int]:
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


def exposed(cells: dict, cell: tuple[int, int] | None) -> bool:
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
        if (ca is None) != (cb is None):
            near = ca or cb
            if near[0] == strong or near[0] == "X":
                return True
    return False


def points(state: State) -> tuple[float, ...]:
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


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)
