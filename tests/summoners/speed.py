"""Throughput of random play: ``uv run python tests/summoners/speed.py [seconds] [players]``.

A step is one play of a legal move chosen uniformly at random (chance outcomes sampled
by `sample_chance`), from `legal_moves()`. Reports CPU-time figures (the machine may be
shared), as random steps per second and full games per second.
"""
from __future__ import annotations

import random
import sys
import time

import explorer


def measure(seconds: float = 5.0, players: int = 2) -> tuple[float, float]:
    game = explorer.load("summoners", players=players)
    rng = random.Random(0)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(seed=games)
        while not state.is_over:
            if state.is_chance:
                state = state.play(state.sample_chance(rng), check=False)
            else:
                legal = state.legal_moves()
                state = state.play(legal[int(rng.random() * len(legal))], check=False)
            steps += 1
        games += 1
    elapsed = time.process_time() - start
    return steps / elapsed, games / elapsed


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    steps, games = measure(seconds, players)
    print(f"{players} players: {steps:,.0f} random steps/s, {games:,.1f} games/s (CPU time)")
