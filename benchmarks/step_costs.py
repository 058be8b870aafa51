"""Where a game's public loop spends its time, step by kind of move.

    uv run python benchmarks/step_costs.py summoners              # pure and compiled
    uv run python benchmarks/step_costs.py pirates --seconds 10 --pure-only

The loop is `openspiel_ratio.py`'s (`step`): whole random games through the public API,
legality checked. Each step's time is split in two, choosing (`legal_moves()` and
`rng.choice`, or at a chance node `chance_outcomes()` and `rng.choices`) and playing
(`state.play(move)`), and the steps are grouped by the class of the move played. The
last column is the loop's speed if that kind of step cost nothing: the most that making
it faster alone can give, which tells whether a target is within reach of one hot path
or needs every step cheaper. Wall time of the loop's own calls (`perf_counter_ns`), so
run it on a quiet machine; the compiled mode is a second process on the compiled copy
(`tools/compile.py`) when it is current (this script never builds).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

import explorer
from explorer.core import CHANCE

sys.path.insert(0, str(Path(__file__).resolve().parent))
from openspiel_ratio import PLAYERS, compiled_json  # noqa: E402


def step_costs(game: explorer.Game, seconds: float, seed: int = 0) -> dict:
    """Random games for about `seconds`: per kind of move its count and the nanoseconds
    spent choosing and playing it, with the number of games."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    clock = time.perf_counter_ns
    count: Counter[str] = Counter()
    choosing: Counter[str] = Counter()
    playing: Counter[str] = Counter()
    games = 0
    end = clock() + int(seconds * 1e9)
    while clock() < end:
        state = game.new(seed * 100_003 + games)
        while not state.is_over:
            began = clock()
            if state.to_move == CHANCE:
                moves, probs = zip(*state.chance_outcomes())
                move = choices(moves, probs)[0]
                kind = f"chance: {type(move).__name__}"
            else:
                move = choice(state.legal_moves())
                kind = type(move).__name__
            chosen = clock()
            state = state.play(move)
            done = clock()
            count[kind] += 1
            choosing[kind] += chosen - began
            playing[kind] += done - chosen
        games += 1
    return {"games": games, "kinds": {kind: [count[kind], choosing[kind], playing[kind]]
                                      for kind in count}}


def table(name: str, result: dict) -> str:
    """The figures as a Markdown table, the costliest kind first."""
    games, kinds = result["games"], result["kinds"]
    steps = sum(n for n, _, _ in kinds.values())
    total = sum(c + p for _, c, p in kinds.values())
    lines = [f"{name}: {steps / games:,.0f} steps per game, {steps / total * 1e9:,.0f} steps/s "
             f"({games:,} games)", "",
             "| move | per game | choosing µs | playing µs | share of the time | "
             "steps/s if it cost nothing |", "|---|---:|---:|---:|---:|---:|"]
    for kind, (n, c, p) in sorted(kinds.items(), key=lambda kv: -(kv[1][1] + kv[1][2])):
        lines.append(f"| {kind} | {n / games:,.1f} | {c / n / 1e3:,.1f} | {p / n / 1e3:,.1f} | "
                     f"{(c + p) / total:.0%} | {steps / (total - c - p) * 1e9:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, help="default: as in openspiel_ratio.py")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument("--pure-only", action="store_true", help="leave the compiled mode out")
    args = parser.parse_args()
    game = explorer.load(args.game, args.players or PLAYERS.get(args.game))
    step_costs(game, min(args.seconds, 1.0), args.seed + 1)     # warm-up: imports, caches
    result = step_costs(game, args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print("pure:\n" + table(args.game, result))
    if args.pure_only:
        return
    again = ["--seconds", str(args.seconds), "--seed", str(args.seed), args.game] + (
        ["--players", str(args.players)] if args.players else [])
    compiled = compiled_json(__file__, again)
    if compiled is not None:
        print("\ncompiled:\n" + table(args.game, compiled))

if __name__ == "__main__":
    main()
