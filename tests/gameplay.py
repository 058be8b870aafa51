"""Shared by the test suites of every game: a seeded random game, state by state."""
from __future__ import annotations

import random

from explorer.core import Game, State


def random_states(game: Game, seed: int, limit: int = 5000) -> list[State]:
    """The states of one random game from `seed` (chance sampled, moves uniform), at most
    `limit` of them; the same seed gives the same game."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state = state.play(legal[int(rng.random() * len(legal))])
        states.append(state)
    return states
