"""Shared by the Lying Pirates tests."""
from __future__ import annotations

import random

from gameplay import play  # noqa: F401 (used by this game's tests)

import explorer


def load(players: int = 4, **options):
    return explorer.load("pirates", players=players, **options)



def cup(p: int, *faces, specials: tuple[tuple[str, object], ...] = ()) -> list[str]:
    """The chance moves rolling P`p`'s cup one die at a time [P-BET-ROLL]: normal dice
    showing `faces`, then each (special die, face) of `specials`."""
    return [f"P{p} cup normal shows {f}" for f in faces] + [
        f"P{p} cup {name} shows {f}" for name, f in specials]


def random_states(game, seed: int, steps: int = 3000):
    rng = random.Random(seed)
    state = game.new(seed=seed)
    out = [state]
    while not state.is_over and len(out) < steps:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state = state.play(legal[int(rng.random() * len(legal))])
        out.append(state)
    return out


SEED_CUPS = [[1, 1, 2, 3, 6], [1, 2, 3, 5, 6], [1, 1, 2, 3, 6], [2, 3, 4, 5, 6]]
"""The seed's roll: five 1s, so 9 twos, 9 threes, 6 fours, 7 fives and 9 sixes."""
SIX_TWOS = [[1, 4, 2, 3, 6], [1, 4, 2, 3, 6], [4, 5, 3, 2, 6], [2, 3, 4, 5, 6]]
"""A roll with 6 twos (two 1s and four natural 2s)."""
