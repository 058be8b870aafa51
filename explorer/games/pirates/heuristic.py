"""How a Lying Pirates position stands for each player, for the search agent (`core.mcts`).

Read from the state the search sampled (the searcher's own view with the hidden dice
and cards guessed). The race is won by sailing home (P-END-1) or by the ships furthest
along (P-END-LIMIT), so each ship's progress counts most; crew dice keep a ship in the
race (battles and bets cost crew), coins buy help, and a ship out of the game has
nothing. The estimates become win shares with `shares_from_points`.

`policy` takes the bets out of the search: in a sampled world every cup is in sight, so
the search would judge a bid as true or false for certain. A bet (bid, Liar, Exact
[P-BID-ORDER]) is made instead as the greedy agent makes it, from the exact odds of what
the mover sees (`odds.py`), in the tree as at the root; so are Cities of Greed's setup
decisions (`SETUP_STEPS`); the search explores the rest. Influence cards in hand count a
little (`INFLUENCE`).
"""
from __future__ import annotations

import random
from typing import Optional, cast

from ...core.agents import Observation
from ...core.mcts import shares_from_points
from ...core.move import Move
from ...core.state import State
from .agent import GreedyPiratesAgent

CREW = 0.3
"""Worth of one normal crew die, in tiles of progress."""

COIN = 0.15
"""Worth of one coin, in tiles of progress."""

SCALE = 1.5
"""Tiles per factor e in the win-share softmax."""

OUT = -100.0
"""The worth of a ship out of the game: it cannot win."""


INFLUENCE = 0.15
"""Worth of one influence card in hand (Cities of Greed), in tiles: about a coin."""


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated worth, in tiles (see the module docstring)."""
    d = state.data
    cards = (0,) * len(d.coins) if d.cities is None else tuple(len(h) for h in d.cities.influence)
    return tuple(OUT if out else progress + CREW * crew + COIN * coins + INFLUENCE * held
                 for progress, crew, coins, out, held in zip(d.progress, d.crew, d.coins, d.out, cards))


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)


_BETTOR = GreedyPiratesAgent()
_NO_LUCK = random.Random(0)
"""The greedy agent bets from the odds alone and draws no luck there: a fixed stream."""


SETUP_STEPS = ("keep", "towns", "designate")
"""Cities of Greed's setup decisions: made as the greedy agent makes them (a hundred
placements of town cards, whose worth shows only many rounds later, are not searched)."""


def policy(state: State) -> Optional[Move]:
    """At a betting decision, the bet the exact odds favour for the mover, and at a setup
    decision of the expansion the greedy agent's choice, read from the mover's own typed
    seat view (`Observation` keeps nothing else); None elsewhere (searched)."""
    pend = state.pending
    if pend.step != "bid" and pend.step not in SETUP_STEPS:
        return None
    return _BETTOR.choose(Observation(state, cast(int, pend.seat), _BETTOR.observes), _NO_LUCK)
