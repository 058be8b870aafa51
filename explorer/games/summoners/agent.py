"""`GreedySummonersAgent`: a rule-aware one-step greedy player that sees only its own view.

It summons whenever it can (highest Spirit first), draws rather than buys (mana is
points; with an empty deck it passes), and places the card that opens a summon for one
of its own Spirit cards, displaces opponents' sculptures (each pays it 1 mana) and does
not get itself flanked.
"""
from __future__ import annotations

import random
from typing import Any

from explorer.core.agents import Observation

from . import fast
from . import grid as g
from .cards import SPIRIT_ORDER, is_spirit
from .moves import Cycle, Decline, Draw, Pass, Play, Summon, read_cell

OPEN_SUMMON = 3.0
DISPLACE = 1.0
FLANKED_SELF = -1.5
FLANK_OTHER = 0.3


class GreedySummonersAgent:
    name = "greedy"
    observes = ("view",)

    def choose(self, obs: Observation, rng: random.Random):
        legal = obs.legal
        summons = [m for m in legal if isinstance(m, Summon)]
        if summons:
            return max(summons, key=lambda m: (SPIRIT_ORDER[m.card[1:]], rng.random()))
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return self._best_play(obs.view, obs.player, plays, rng)
        for kind in (Draw, Decline, Pass, Cycle):       # free actions first: mana is points
            free = [m for m in legal if isinstance(m, kind)]
            if free:
                return free[int(rng.random() * len(free))]
        return legal[int(rng.random() * len(legal))]

    def _best_play(self, view: dict[str, Any], me: int, plays: list[Play],
                   rng: random.Random) -> Play:
        cells = {read_cell(where, "grid"): c for where, c in view["grid"].items()}
        seat = view["seats"][me]
        spirits = seat["spirits"] or []
        can_summon = seat["mana"] >= 2 and bool(spirits)
        owners = {tuple(s["sculpture"]): s["seat"] for s in view["seats"]
                  if s["sculpture"] is not None}
        best, best_value = plays[0], float("-inf")
        worth: dict[tuple[tuple[int, int], str], float] = {}
        for move in plays:
            # a card that is not a Spirit counts by its suit alone (flanks, patterns), so
            # the cards of one suit on one cell are judged once
            card = move.card
            key = (move.cell, card if card[1:] in SPIRIT_ORDER else card[0])
            found = worth.get(key)
            if found is None:
                found = worth[key] = self._value(move, cells, spirits, can_summon, owners, me)
            value = rng.random() * 0.1 + found
            if value > best_value:
                best, best_value = move, value
        return best

    def _value(self, move: Play, cells: dict, spirits: list[str], can_summon: bool,
               owners: dict, me: int) -> float:
        """The worth of `move`, judged on `cells` with the card put down (the card is
        put on the agent's own copy of the layout and taken back afterwards: copying
        the layout for every legal play would cost more than the judging)."""
        cell = move.cell
        covered = cells.get(cell)
        value = 0.0
        if covered is not None and owners.get(cell, me) != me:
            value += DISPLACE
        cells[cell] = move.card
        try:
            for c in g.flank_candidates(cell):
                if c in cells and g.flanked(cells, c, True):
                    if c == cell:
                        value += FLANKED_SELF
                    elif not is_spirit(cells[c]):
                        value += FLANK_OTHER + (DISPLACE if owners.get(c, me) != me else 0.0)
            if can_summon:
                x, y = cell
                for loc in [cell] + [(x + dx, y + dy) for dx, dy, _ in g.ORTHOGONAL]:
                    found = g.spirits_at(cells, loc, True, fast.spirits_around)
                    for spirit in spirits:
                        if spirit in found:
                            value += OPEN_SUMMON * SPIRIT_ORDER[spirit[1:]]
        finally:
            if covered is None:
                del cells[cell]
            else:
                cells[cell] = covered
        return value
