"""Position builders shared by the Piri Piri Summoners tests."""
from __future__ import annotations


def at_play(game, grid, card="R8", **fields):
    """A position where player 0 must play (holding `card` and any other given cards)."""
    hands = fields.pop("hands", [[card], []])
    return game.scenario(grid=grid, hands=hands, phase="play", **fields)


def texts(state):
    return [str(m) for m in state.legal_moves()]


def random_states(game, seed, steps=400):
    """The states of one random game from `seed` (chance sampled, moves uniform)."""
    import random
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state]
    while not state.is_over and len(states) < steps:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state = state.play(legal[int(rng.random() * len(legal))])
        states.append(state)
    return states
