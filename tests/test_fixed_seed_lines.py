"""The random games of a fixed list of seeds play the same moves, in every game.

A guard for refactoring (the "one shape" issue): any change of rules, move order,
legality or luck shows here as a diff of move texts, game by game and seed by seed, in
`golden/fixed_seed_lines.txt`. A deliberate rule change regenerates it:
`UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_fixed_seed_lines.py`.

Each line: the game, its options, the seed, then every move of a game of uniformly
random decisions and sampled luck from that seed (at most `STEPS` plays).
"""
from __future__ import annotations

import random
from pathlib import Path

from gameplay import check_golden

import explorer
from explorer.core.state import CHANCE

GOLDEN = Path(__file__).parent / "golden" / "fixed_seed_lines.txt"
STEPS = 400
SEEDS = (1, 2, 3)
CONFIGS = (
    ("village", {"players": 3}), ("village", {"players": 5}),
    ("summoners", {"players": 2}), ("summoners", {"players": 4}),
    ("momiji", {"players": 2}), ("momiji", {"players": 4, "landscapes": "draft"}),
    ("pirates", {"players": 3}), ("pirates", {"players": 4, "cities_of_greed": True, "map": "build",
                                              "draft": True}),
)


def line(name: str, options: dict, seed: int) -> list[str]:
    state = explorer.load(name, **options).new(seed=seed)
    rng = random.Random(seed)
    moves = []
    for _ in range(STEPS):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            move = legal[int(rng.random() * len(legal))]
        moves.append(str(move))
        state = state.play(move)
    return moves


def test_fixed_seeds_play_the_same_moves():
    text = "".join(f"{name} {sorted(options.items())} seed {seed}: {' | '.join(line(name, options, seed))}\n"
                   for name, options in CONFIGS for seed in SEEDS)
    check_golden(GOLDEN, text, 2_000_000)
