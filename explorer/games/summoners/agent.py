"""`GreedySummonersAgent`: a rule-aware one-step greedy player that sees only its own view.

It summons whenever it can (highest Spirit first), draws rather than buys (mana is
points; with an empty deck it passes), and places the card that opens a summon for one
of its own Spirit cards, displaces opponents' sculptures (each pays it 1 mana) and does
not get itself flanked (`judge.best_play`). It reads its seat's typed view
(`view.SummonersSeat`).
"""
from __future__ import annotations

import random

from explorer.core.agents import Observation

from .cards import SPIRIT_ORDER
from .judge import best_play
from .moves import Cycle, Decline, Draw, Pass, Play, Summon


class GreedySummonersAgent:
    name = "greedy"
    observes = ("seat",)

    def choose(self, obs: Observation, rng: random.Random):
        legal = obs.legal
        phase = obs.seat.phase
        if phase == "play" and legal:               # every legal move is a play then
            return best_play(obs.seat, [m for m in legal if isinstance(m, Play)], rng)
        if phase == "summon":                       # the only step with summons to make
            summons = [m for m in legal if type(m) is Summon]
            if summons:
                return max(summons, key=lambda m: (SPIRIT_ORDER[m.card[1:]], rng.random()))
        for kind in (Draw, Decline, Pass, Cycle):       # free actions first: mana is points
            free = [m for m in legal if type(m) is kind]
            if free:
                return free[int(rng.random() * len(free))]
        return legal[int(rng.random() * len(legal))]
