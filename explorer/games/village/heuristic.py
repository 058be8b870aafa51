"""How a Village position stands for each player, for the search agent (`core.mcts`).

Each player's estimated final points, read from the state the search sampled (the
searcher's own view with the hidden cards guessed): bribe cards at their token's value
(V-SCORE-1); hand treasures of a type the player has bribed will join that bribe at the
end (V-END-2); other hand treasures and wilds cost points at the end (V-SCORE-2,
V-SCORE-3) but are still worth something while the deck lasts. It is the position
estimate of `GreedyVillageAgent` (agent.py), applied to every seat. The estimates become
win shares with `shares_from_points`.
"""
from __future__ import annotations

from ...core.mcts import shares_from_points
from ...core.state import State
from . import rules
from .agent import ENDGAME_DECK
from .cards import WILD

SCALE = 3.0
"""Points per factor e in the win-share softmax: a 3-point lead wins about 73% of the time."""


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated final points (see the module docstring)."""
    d = state.data
    value = rules.values(d.track, state.game.options.track_values)
    end = max(0.0, min(1.0, 1 - d.deck.size / ENDGAME_DECK))
    if state.is_over:
        end = 1.0
    loose = 0.3 * (1 - end) - end
    wild = 1.0 * (1 - end) - 2 * end
    out = []
    for hand, bribes, wilds in zip(d.hands, d.bribes, d.bribe_wilds):
        total = hand[WILD] * wild
        for t, v in enumerate(value):
            mine = bribes[t] + wilds[t]
            total += mine * v + (hand[t] * v if mine else hand[t] * v * loose)
        out.append(total)
    return tuple(out)


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)
