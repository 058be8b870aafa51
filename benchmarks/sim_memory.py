"""Peak memory of the parent process for N Summoners 3-player games with the turn log.

    uv run python benchmarks/sim_memory.py 10000 [agents] [workers]
"""
import resource
import sys
import time

import explorer
from explorer.core.simulate import simulate

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
agents = sys.argv[2] if len(sys.argv) > 2 else "random"
workers = int(sys.argv[3]) if len(sys.argv) > 3 else None
game = explorer.load("summoners", players=3)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
began = time.perf_counter()
sim = simulate(game, agents, n, seed=0, workers=workers, progress=False)
seconds = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{n} games, agents {agents}: {sim.turns.height} turn rows, {seconds:.1f} s; "
      f"parent peak RSS {peak:.0f} MB (after imports {before:.0f} MB); "
      f"frames {sum(f.estimated_size() for f in (sim.games, sim.players, sim.turns)) / 2**20:.0f} MB")
