"""Position builders shared by the Piri Piri Summoners tests."""
from __future__ import annotations

import gameplay
from gameplay import texts  # noqa: F401 (used by this game's tests)


def at_play(game, grid, card="R8", **fields):
    """A position where player 0 must play (holding `card` and any other given cards)."""
    hands = fields.pop("hands", [[card], []])
    return game.scenario(grid=grid, hands=hands, phase="play", **fields)



def random_states(game, seed, steps=400):
    """The first `steps` states of one random game from `seed` (see tests/gameplay.py)."""
    return gameplay.random_states(game, seed, limit=steps)
