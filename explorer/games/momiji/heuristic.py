"""How a Momiji position stands for each player, for the search agent (`core.mcts`).

Read from the state the search sampled (the searcher's own view with the hidden cards
guessed): each player's points as if the game were scored now (piles, acorns and
objectives, M-SCORE-1, M-SCORE-2), plus a little for each card in hand, which can
still grow a pile. The estimates become win shares with `shares_from_points`.
"""
from __future__ import annotations

from ...core.mcts import shares_from_points
from ...core.state import State

HAND_CARD = 0.5
"""Worth of one hand card, in points: it may still go onto a pile."""

SCALE = 3.0
"""Points per factor e in the win-share softmax."""


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated final points (see the module docstring)."""
    return tuple(score + HAND_CARD * len(hand)
                 for score, hand in zip(state.scores(), state.data.hands))


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)
