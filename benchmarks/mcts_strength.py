"""MCTS against the game's greedy agent in 2-player games, seats swapped half the time.

    uv run python benchmarks/mcts_strength.py GAME N [ITERATIONS] [WORKERS] [MCTS SETTINGS AS JSON]
"""
import json
import sys
import time

import polars as pl

import explorer
from explorer.core.mcts import MCTSAgent
from explorer.core.simulate import simulate, wilson

name, n = sys.argv[1], int(sys.argv[2])
iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 300
workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
settings = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
game = explorer.load(name, players=2)
mcts = MCTSAgent(iterations, **settings) if settings else f"mcts:{iterations}"
began = time.perf_counter()
wins = games = 0.0
for seat, agents in ((0, [mcts, "greedy"]), (1, ["greedy", mcts])):
    sim = simulate(game, agents, n // 2, seed=seat, workers=workers, progress=False, log_turns=False)
    mine = sim.players.filter(pl.col("seat") == seat)
    wins += float(mine["won"].sum())
    games += mine.height
low, high = wilson(wins, int(games))
print(f"{name}: mcts:{iterations} {settings} vs greedy, {int(games)} games: win share {wins / games:.3f} "
      f"(95% {low:.2f}-{high:.2f}), {time.perf_counter() - began:.0f} s")
