"""Throughput of the engines and of simulate(), written to benchmarks/RESULTS.md.

    uv run python benchmarks/run.py              # measure every game, rewrite RESULTS.md
    uv run python benchmarks/run.py --quick      # shorter runs, print only
    uv run python benchmarks/run.py --profile village   # cProfile hot spots of random play

Measures per game: random-play steps per second on one core (every play, decisions and
chance alike), full random games per second on one core, the cost of `play`,
`legal_moves` (uncached) and `view` in microseconds over positions from random games,
the time of one MCTS decision, and `simulate()` of 10,000 games with random agents on
every core. Targets sit beside the figures with the ratio measured/target (>= 1 meets
the target).

Two more scripts write their own sections of RESULTS.md (this one keeps everything from
"## Notes" on): `openspiel_ratio.py` (every game's public loop side by side with
OpenSpiel's C++ liars_dice) and `agent_speed.py` (greedy decisions).
"""
from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import os
import platform
import pstats
import random
import sys
import time
from pathlib import Path

import explorer
from explorer.core import CHANCE, State
from explorer.core.agents import MCTSAgent, make_agent, observe
from explorer.core.simulate import simulate

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
PLAYERS = {"village": 3}
"""Players per game for the benchmark (default players otherwise)."""

TARGET_STEPS = 100_000      # random steps per second, one core
TARGET_GAMES = 1_000        # full 3-player village games per second, one core
TARGET_SIM_SECONDS = 10.0   # simulate() of 10,000 village games on both cores


def random_game(game: explorer.Game, seed: int) -> tuple[State, int]:
    """One random game from game.new(seed); the final state and the number of plays."""
    rng = random.Random(seed)
    state = game.new(seed)
    steps = 0
    while True:
        who = state.to_move
        if who is None:
            return state, steps
        if who == CHANCE:
            move = state.sample_chance(rng)
        else:
            moves = state.legal_moves()
            move = moves[int(rng.random() * len(moves))]
        state = state.play(move, check=False)
        steps += 1


def games_and_steps(game: explorer.Game, seconds: float) -> tuple[float, float]:
    """Random games per second and plays per second, one core, for about `seconds`."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += random_game(game, games)[1]
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def positions(game: explorer.Game, count: int) -> list[State]:
    """Decision positions spread over random games."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = game.new(seed)
        while not state.is_over and len(found) < count:
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(rng), check=False)
                continue
            found.append(state)
            moves = state.legal_moves()
            state = state.play(moves[int(rng.random() * len(moves))], check=False)
        seed += 1
    return found


def micro_costs(game: explorer.Game, count: int) -> dict[str, float]:
    """Mean microseconds of legal_moves (uncached), play (checked and unchecked) and view."""
    states = positions(game, count)
    fresh = [type(s)(s.game, s.data, s.events) for s in states]
    rng = random.Random(1)
    picks = [s.legal_moves()[int(rng.random() * len(s.legal_moves()))] for s in states]
    costs = {}
    start = time.perf_counter()
    for s in fresh:
        s.legal_moves()
    costs["legal_moves"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    for s, m in zip(states, picks):
        s.play(m, check=False)
    costs["play (unchecked)"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    for s, m in zip(states, picks):
        s.play(m)
    costs["play (checked)"] = (time.perf_counter() - start) / count * 1e6
    start = time.perf_counter()
    for s in states:
        s.view(s.to_move)
    costs["view"] = (time.perf_counter() - start) / count * 1e6
    return costs


def mcts_decision_ms(game: explorer.Game, count: int) -> float:
    """Mean milliseconds of one default MCTSAgent decision over positions of random games."""
    agent = MCTSAgent()
    states = positions(game, count * 7)[::7]
    start = time.perf_counter()
    for i, state in enumerate(states):
        agent.choose(observe(state), random.Random(i))
    return (time.perf_counter() - start) / len(states) * 1e3


def greedy_decision_us(game: explorer.Game, count: int) -> float:
    """Mean microseconds of one decision of the game's greedy agent (it reads the view)."""
    agent = make_agent("greedy", game)
    states = positions(game, count)
    start = time.perf_counter()
    for i, state in enumerate(states):
        agent.choose(observe(state), random.Random(i))
    return (time.perf_counter() - start) / len(states) * 1e6


def simulate_seconds(game: explorer.Game, n: int, log_turns: bool) -> float:
    start = time.perf_counter()
    simulate(game, "random", n, seed=0, progress=False, log_turns=log_turns)
    return time.perf_counter() - start


def ratio(measured: float, target: float, lower_is_better: bool = False) -> str:
    value = target / measured if lower_is_better else measured / target
    return f"{value:.2f}" + (" ✓" if value >= 1 else " ✗")


def measure(seconds: float, sim_games: int, micro: int) -> list[str]:
    """The RESULTS.md table rows (and print them as they come)."""
    rows = []

    def emit(row: str) -> None:
        print(row, flush=True)
        rows.append(row)

    for name in explorer.list_games():
        game = explorer.load(name, PLAYERS.get(name))
        games_per_s, steps_per_s = games_and_steps(game, seconds)
        target_games = TARGET_GAMES if name == "village" and game.players == 3 else None
        emit(f"| {name} ({game.players}p) | random steps/s, one core | {steps_per_s:,.0f} | "
             f"≥ {TARGET_STEPS:,} | {ratio(steps_per_s, TARGET_STEPS)} |")
        emit(f"| {name} ({game.players}p) | full random games/s, one core | {games_per_s:,.0f} | "
             + (f"≥ {target_games:,} | {ratio(games_per_s, target_games)} |" if target_games
                else "– | – |"))
        for what, micros in micro_costs(game, micro).items():
            emit(f"| {name} ({game.players}p) | {what}, µs | {micros:,.1f} | – | – |")
        emit(f"| {name} ({game.players}p) | greedy agent decision, µs | "
             f"{greedy_decision_us(game, micro):,.0f} | – | – |")
        emit(f"| {name} ({game.players}p) | MCTS decision ({MCTSAgent().iterations} iterations), "
             f"ms | {mcts_decision_ms(game, 4 if seconds < 1 else 12):,.0f} | – | – |")
        if name == "village":
            for log in (False, True):
                secs = simulate_seconds(game, sim_games, log)
                target = TARGET_SIM_SECONDS * sim_games / 10_000
                emit(f"| {name} ({game.players}p) | simulate() {sim_games:,} games, "
                     f"{os.cpu_count()} cores, turn log {'on' if log else 'off'}, s | "
                     f"{secs:.2f} | < {target:g} | {ratio(secs, target, lower_is_better=True)} |")
    return rows


def write(rows: list[str]) -> None:
    header = [
        "# Benchmark results",
        "",
        f"Generated by `uv run python benchmarks/run.py` on {dt.date.today()}: "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores "
        "(shared with other work while measured, so figures vary by ±20%).",
        "Ratio = measured / target (for times: target / measured); ≥ 1 meets the target.",
        "A step is one play (a decision or a chance outcome). Games use random agents.",
        "",
        "| game | measure | measured | target | ratio |",
        "|---|---|---:|---:|---:|",
    ]
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
    notes = old[old.index("## Notes"):] if "## Notes" in old else ""
    RESULTS.write_text("\n".join(header + rows) + "\n\n" + notes, encoding="utf-8")


def profile(name: str, games: int) -> None:
    """cProfile of random games: the engine's hot spots by own time."""
    game = explorer.load(name, PLAYERS.get(name))
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        random_game(game, seed)
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs; print, do not write")
    parser.add_argument("--profile", metavar="GAME", help="profile random play of GAME instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, 200)
        return
    rows = measure(seconds=0.5 if args.quick else 3.0, sim_games=1000 if args.quick else 10_000,
                   micro=300 if args.quick else 3000)
    if not args.quick:
        write(rows)
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
