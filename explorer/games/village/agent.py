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
from operator import add, mul, sub
from typing import Any, Iterable

from ...core.agents import Observation, best_by
from ...core.move import Move
from . import rules
from .cards import INDEX, TREASURES, WILD
from .moves import Bribe, Buy, Curse, Draw

ENDGAME_DECK = 24
"""Below this many deck cards the agent values hand cards more and more as at the end."""


def _counts(cards: dict[str, int]) -> tuple[int, ...]:
    """Counts by card index (7) from a view's {name: count}."""
    counts = [0] * 7
    for name, n in cards.items():
        counts[INDEX[name.lower()]] = n
    return tuple(counts)


class _Table:
    """The agent's reading of its view: counts by treasure index."""

    def __init__(self, view: dict[str, Any], me: int) -> None:
        self.me = me
        self.track = tuple(TREASURES.index(s["treasure"]) for s in view["track"])
        self.track_values = tuple(s["value"] for s in view["track"])
        self.hand = _counts(view["hands"][me]["cards"])
        self.bribes = []
        for entry in view["bribes"]:
            counts = [0] * 6
            for name, b in entry.items():
                counts[INDEX[name.lower()]] = b["cards"] + b["wilds"]
            self.bribes.append(tuple(counts))
        self.stalls = {s["cost"]: _counts(s["cards"]) for s in view["stalls"]}
        self.deck = view["deck"]
        self.curse_spaces = view["curse"]["spaces"] if view["curse"] else 0
        self.end = max(0.0, min(1.0, 1 - self.deck / ENDGAME_DECK))
        self.rivals = [b for p, b in enumerate(self.bribes) if p != me]
        self._weights: dict[tuple, tuple[tuple[float, ...], float]] = {}
        self._values: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        self._cursed: dict[tuple[int, int], tuple[int, ...]] = {}

    def weights(self, track: tuple[int, ...], mine: tuple[int, ...],
                end: float) -> tuple[tuple[float, ...], float]:
        """The estimate is linear in the hand: per card kind the points a hand card is
        worth on `track` with bribes `mine` (its token value if the type is bribed, else
        `loose` of it; a wild's own weight), and the part that does not depend on the
        hand (my bribe points less the best opponent's). Worked out once per (track,
        bribes, end) of a decision: most moves share the track and the bribes."""
        key = (track, mine, end)
        found = self._weights.get(key)
        if found is None:
            v, best = self.values(track)
            loose = 0.3 * (1 - end) - end
            per_card = tuple(x if m else x * loose for m, x in zip(mine, v)) + (
                1.0 * (1 - end) - 2 * end,)
            found = self._weights[key] = (per_card, sum(map(mul, mine, v)) - best)
        return found

    def values(self, track: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The token values on `track` and the best opponent's bribe points there."""
        found = self._values.get(track)
        if found is None:
            v = rules.values(track, self.track_values)
            best = max((sum(map(mul, b, v)) for b in self.rivals), default=0)
            found = self._values[track] = (v, best)
        return found

    def cursed(self, treasure: int, spaces: int) -> tuple[int, ...]:
        """The track after a curse of `treasure` by `spaces` (once per decision)."""
        key = (treasure, spaces)
        track = self._cursed.get(key)
        if track is None:
            track = self._cursed[key] = rules.lower_token(self.track, treasure, spaces)[0]
        return track

    def estimate(self, track: tuple[int, ...], hand: Iterable[int], mine: tuple[int, ...],
                 end: float) -> float:
        """My estimated final score minus the best opponent's bribe points."""
        per_card, rest = self.weights(track, mine, end)
        return rest + sum(map(mul, per_card, hand))


class GreedyVillageAgent:
    """Bribes into high-value tokens, buys cheap big stalls, curses rivals' types."""

    name = "greedy"
    observes = ("view",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        table = _Table(obs.view, obs.player)
        return best_by(obs.legal, lambda move: self._score(table, move), rng)

    def _score(self, table: _Table, move: Move) -> float:
        hand = table.hand
        mine = table.bribes[table.me]
        if isinstance(move, Bribe):
            t, cards = move.treasure, move.cards
            spent = cards[t] + cards[WILD]
            hand = tuple(map(sub, hand, cards))
            mine = mine[:t] + (mine[t] + spent,) + mine[t + 1:]
            track, _ = rules.raise_token(table.track, t, spent)
            if table.deck == 0:
                return _ending(table.estimate(track, hand, mine, 1.0))
            return table.estimate(track, hand, mine, table.end)
        if isinstance(move, Buy):
            pay = move.payment
            hand = tuple(map(add, map(sub, hand, pay), table.stalls[move.stall]))
            if move.stall == 0:
                return table.estimate(table.track, hand, mine, table.end)
            spaces = sum(pay)
            return max(table.estimate(table.cursed(t, spaces), hand, mine, table.end)
                       for t in range(6) if pay[t])
        if isinstance(move, Curse):
            return table.estimate(table.cursed(move.treasure, table.curse_spaces), hand, mine,
                                  table.end)
        if isinstance(move, Draw):
            if table.deck == 0:
                return _ending(table.estimate(table.track, hand, mine, 1.0))
            return table.estimate(table.track, hand, mine, table.end) + 0.5 * (1 - table.end)
        return 0.0


def _ending(lead: float) -> float:
    """A move that ends the game (the deck is empty): wanted only when the player leads."""
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


WIN_BONUS = 1000.0
