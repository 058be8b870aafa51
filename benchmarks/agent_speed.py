"""Time of one greedy-agent decision, per game, written to benchmarks/RESULTS.md.

    uv run python benchmarks/agent_speed.py              # every game with a greedy agent
    uv run python benchmarks/agent_speed.py village      # one game, print only

The figure is the one the speed issue sets a target for: the mean time of one decision
of the game's greedy agent over the real decisions of random games (positions where the
player to move has two or more legal moves; forced moves are played without asking).
The agent gets what it gets in play, an `Observation` of its own seat with what the
agent asks for (its `observes`: the view dict, or the game's typed seat view, which
holds the same facts), made fresh for each decision, so reading its view is part of
the time (the agent decides from that view only). CPU time of this process
(`time.process_time`), so a loaded machine counts less. Before it, the agent decides as
many times in other random games (`WARMUP_SEED`): the engine's caches (move tables,
summon sites, token values) are then as in a long simulation, not empty.

When this tree has a current compiled build (`tools/compile.py`, README "Compiled mode"),
a second process with build/compiled first on PYTHONPATH times the same decisions
compiled, right after (`--json`: its figures as one JSON line); this script never builds.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

import explorer
from explorer.core import CHANCE, State
from explorer.core.agents import agent_names, make_agent, observe

sys.path.insert(0, str(Path(__file__).resolve().parent))
from openspiel_ratio import PLAYERS, compiled_json  # noqa: E402
from results_section import replace_section  # noqa: E402

TARGET_US = 100.0
SECTION = "greedy-speed"
WARMUP_SEED = 1_000_000
"""The warm-up decisions come from games of these seeds on, never the measured ones."""


def decisions(game: explorer.Game, count: int, seed: int = 0) -> list[State]:
    """`count` decision positions with two or more legal moves, from random games."""
    found: list[State] = []
    while len(found) < count:
        rng = random.Random(seed)
        state = game.new(seed)
        while not state.is_over and len(found) < count:
            if state.to_move == CHANCE:
                moves, probs = zip(*state.chance_outcomes())
                state = state.play(rng.choices(moves, probs)[0])
                continue
            moves = state.legal_moves()
            if len(moves) >= 2:
                found.append(state)
            state = state.play(rng.choice(moves))
        seed += 1
    return found


def mean_decision_us(game: explorer.Game, count: int, seed: int = 0) -> float:
    """Mean CPU microseconds of one greedy decision over `count` positions of the games
    from `seed` on (fresh states, so nothing the position cached for another caller
    helps the agent)."""
    agent = make_agent("greedy", game)
    states = [type(s)(s.game, s.data, s.events) for s in decisions(game, count, seed)]
    rngs = [random.Random(i) for i in range(len(states))]
    start = time.process_time()
    for state, rng in zip(states, rngs):
        agent.choose(observe(state, observes=agent.observes), rng)
    return (time.process_time() - start) / len(states) * 1e6


def compiled_figures(names: list[str], count: int) -> dict[str, float] | None:
    """The same measure in a second process on the compiled copy, when it is current
    (None, said why, when it is not)."""
    return compiled_json(__file__, ["--decisions", str(count), *names])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    parser.add_argument("--pure-only", action="store_true", help="leave the compiled mode out")
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    names = args.games or [n for n in explorer.list_games() if "greedy" in agent_names(n)]
    pure: dict[str, float] = {}
    for name in names:
        game = explorer.load(name, PLAYERS.get(name))
        mean_decision_us(game, args.decisions, WARMUP_SEED)     # warm-up: imports, caches
        pure[name] = mean_decision_us(game, args.decisions)
        if not args.json:
            print(f"{name}: {pure[name]:,.0f} us", flush=True)
    if args.json:
        print(json.dumps(pure))
        return
    fast = None if args.pure_only else compiled_figures(names, args.decisions)
    rows = []
    for name in names:
        best = min(pure[name], fast[name]) if fast else pure[name]
        cells = [f"{name} ({PLAYERS.get(name, '?')}p)", f"{pure[name]:,.0f}"]
        if fast:
            cells.append(f"{fast[name]:,.0f}")
        cells += [f"≤ {TARGET_US:g}", "✓" if best <= TARGET_US else "✗"]
        rows.append("| " + " | ".join(cells) + " |")
    header = ["| game | greedy decision, µs pure | compiled | target | |", "|---|---:|---:|---:|---|"] \
        if fast else ["| game | greedy decision, µs | target | |", "|---|---:|---:|---|"]
    print("\n".join(header + rows))
    if args.games:
        return
    text = "\n".join([
        "## Greedy agents (speed issue)",
        "",
        f"Generated by `uv run python benchmarks/agent_speed.py` on {dt.date.today()}: Python "
        f"{platform.python_version()}, {os.cpu_count()} cores. Mean CPU time of one decision of "
        f"the game's greedy agent over {args.decisions:,} decisions of random games that have "
        "two or more legal moves, after as many decisions of other games (caches as in a long "
        "simulation); the agent reads a fresh `Observation` of its own seat (its view: the "
        "typed seat view where the game has one, the view dict otherwise), so building it "
        "counts" + ("; the compiled column is a second process on the compiled copy "
                    "(`tools/compile.py`), right after" if fast else "")
        + f". Load average at the end: {os.getloadavg()[0]:.1f}.",
        "",
        *header,
        *rows,
        *(["", "✓ = the better mode meets the target."] if fast else []),
    ])
    replace_section(SECTION, text)
    print(f"wrote the {SECTION!r} section of benchmarks/RESULTS.md")


if __name__ == "__main__":
    main()
