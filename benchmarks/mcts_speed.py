"""Seconds per MCTS decision at 1,000 iterations at the 3-player opening, and greedy's time there.

    uv run python benchmarks/mcts_speed.py [GAME ...]
"""
import random
import sys
import time

import explorer
from explorer.core.agents import make_agent, observe
from explorer.core.state import resolve_chance

for name in sys.argv[1:] or explorer.list_games():
    game = explorer.load(name, players=3)
    times = []
    for seed in range(3):
        state = resolve_chance(game.new(seed), random.Random(seed))
        agent = make_agent("mcts:1000", game)
        began = time.perf_counter()
        agent.choose(observe(state, observes=agent.observes), random.Random(seed))
        times.append(time.perf_counter() - began)
    print(f"{name}: mcts:1000 at the 3-player opening: {min(times):.2f}-{max(times):.2f} s per decision "
          f"(mean {sum(times) / len(times):.2f})")
