"""Seconds per MCTS decision at 1,000 iterations near the 3-player opening.

    uv run python benchmarks/mcts_speed.py [GAME ...]

The decision timed is the first one of a random game that the search really searches:
two or more legal moves, and not fixed by the game's `policy` (Lying Pirates plays its
bets from the exact odds without a search, so its opening bet would time nothing).
"""
import random
import sys
import time

import explorer
from explorer.core import CHANCE
from explorer.core.agents import make_agent, observe
from explorer.core.mcts import policy_for


def first_searched(game: explorer.Game, seed: int) -> explorer.State:
    """The first position of a random game (seeded) at which MCTS searches."""
    rng = random.Random(seed)
    policy = policy_for(game)
    state = game.new(seed)
    while True:
        if state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        if len(moves) > 1 and (policy is None or policy(state) is None):
            return state
        state = state.play(rng.choice(moves))


for name in sys.argv[1:] or explorer.list_games():
    game = explorer.load(name, players=3)
    times = []
    for seed in range(3):
        state = first_searched(game, seed)
        agent = make_agent("mcts:1000", game)
        began = time.perf_counter()
        agent.choose(observe(state, observes=agent.observes), random.Random(seed))
        times.append(time.perf_counter() - began)
    print(f"{name}: mcts:1000 at the first searched decision of a 3-player game: "
          f"{min(times):.2f}-{max(times):.2f} s per decision (mean {sum(times) / len(times):.2f})")
