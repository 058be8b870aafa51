"""`GreedyVillageAgent`: a one-move-lookahead player that reads only its own view.

It scores the position after each legal move with a simple estimate of the final score
difference: bribe cards are worth their token's value; hand treasures of a type the
player has bribed will join that bribe at the end (V-END-2), so they count for it; other
hand treasures and wilds count against it more and more as the deck runs down (they
cost points at the end, V-SCORE-2, V-SCORE-3, but are still useful while the game goes
on). The best opponent's bribe points are subtracted. A Black Market visit is scored
with its best curse. With an empty deck a draw or a bribe (its refill finds no card)
ends the game, so such a move is chosen only when the player leads.
"""
from __future__ import annotations

import random
from typing import Any

from ...core.agents import Observation, best_by
from ...core.move import Move
from . import rules
from .cards import INDEX, TREASURES, WILD
from .moves import Bribe, Buy, Curse, Draw

ENDGAME_DECK = 24
"""Below this many deck cards the agent values hand cards more and more as at the end."""


class _Table:
    """The agent's reading of its view: counts by treasure index."""

    def __init__(self, view: dict[str, Any], me: int) -> None:
        self.me = me
        self.track = tuple(TREASURES.index(s["treasure"]) for s in view["track"])
        self.track_values = tuple(s["value"] for s in view["track"])
        self.hand = [0] * 7
        for name, n in view["hands"][me]["cards"].items():
            self.hand[INDEX[name.lower()]] = n
        self.bribes = []
        for entry in view["bribes"]:
            counts = [0] * 6
            for name, b in entry.items():
                counts[INDEX[name.lower()]] = b["cards"] + b["wilds"]
            self.bribes.append(counts)
        self.stalls = {s["cost"]: s["cards"] for s in view["stalls"]}
        self.deck = view["deck"]
        self.curse_spaces = view["curse"]["spaces"] if view["curse"] else 0
        self.end = max(0.0, min(1.0, 1 - self.deck / ENDGAME_DECK))

    def value(self, track: tuple[int, ...]) -> tuple[int, ...]:
        return rules.values(track, self.track_values)

    def estimate(self, track: tuple[int, ...], hand: list[int], mine: list[int],
                 end: float) -> float:
        """My estimated final score minus the best opponent's bribe points."""
        v = self.value(track)
        score = 0.0
        for t in range(6):
            score += mine[t] * v[t]
            if mine[t]:
                score += hand[t] * v[t]
            else:
                score += hand[t] * v[t] * (0.3 * (1 - end) - end)
        score += hand[WILD] * (1.0 * (1 - end) - 2 * end)
        best = max((sum(b[t] * v[t] for t in range(6))
                    for p, b in enumerate(self.bribes) if p != self.me), default=0)
        return score - best


class GreedyVillageAgent:
    """Bribes into high-value tokens, buys cheap big stalls, curses rivals' types."""

    name = "greedy"
    observes = ("view",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        table = _Table(obs.view, obs.player)
        return best_by(obs.legal, lambda move: self._score(table, move), rng)

    def _score(self, table: _Table, move: Move) -> float:
        hand = list(table.hand)
        mine = list(table.bribes[table.me])
        if isinstance(move, Bribe):
            cards = move.cards
            spent = cards[move.treasure] + cards[WILD]
            hand[move.treasure] -= cards[move.treasure]
            hand[WILD] -= cards[WILD]
            mine[move.treasure] += spent
            track, _ = rules.raise_token(table.track, move.treasure, spent)
            if table.deck == 0:
                return _ending(table.estimate(track, hand, mine, 1.0))
            return table.estimate(track, hand, mine, table.end)
        if isinstance(move, Buy):
            for k, n in enumerate(move.payment):
                hand[k] -= n
            for name, n in table.stalls[move.stall].items():
                hand[INDEX[name.lower()]] += n
            if move.stall == 0:
                return table.estimate(table.track, hand, mine, table.end)
            spaces = sum(move.payment)
            return max(table.estimate(rules.lower_token(table.track, t, spaces)[0], hand, mine,
                                      table.end)
                       for t in range(6) if move.payment[t])
        if isinstance(move, Curse):
            track, _ = rules.lower_token(table.track, move.treasure, table.curse_spaces)
            return table.estimate(track, hand, mine, table.end)
        if isinstance(move, Draw):
            if table.deck == 0:
                return _ending(table.estimate(table.track, hand, mine, 1.0))
            return table.estimate(table.track, hand, mine, table.end) + 0.5 * (1 - table.end)
        return 0.0


def _ending(lead: float) -> float:
    """A move that ends the game (the deck is empty): wanted only when the player leads."""
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


WIN_BONUS = 1000.0
