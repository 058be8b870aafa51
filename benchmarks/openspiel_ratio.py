"""Every game's public loop side by side with OpenSpiel's C++ `liars_dice`, in one run.

    uv run python benchmarks/openspiel_ratio.py            # measure, print, update RESULTS.md
    uv run python benchmarks/openspiel_ratio.py --quick    # shorter rounds, print only
    uv run python benchmarks/openspiel_ratio.py --rounds 9 --seconds 1.5
    uv run python benchmarks/openspiel_ratio.py --pure-only   # without the compiled column

OpenSpiel lives in an environment of its own (`open-spiel` from PyPI, created on first
use under ~/.cache/rules-explorer/openspiel-venv, or $RULES_EXPLORER_OPENSPIEL_VENV),
never in the project's: `benchmarks/openspiel_worker.py` runs there and times its games
on request, while this process times the explorer's. Each round alternates them, each
measure for `--seconds`: OpenSpiel, a game, OpenSpiel, the next, ... so that every
measure of a game sits between two of OpenSpiel and both sides see the same machine
speed (it drifts over seconds on a shared host). A game's ratio is the median over the
rounds of (game steps/s) / (the mean OpenSpiel steps/s of the measures either side).

The explorer's loop is the public one, as a user writes it: at a decision
`state.play(rng.choice(state.legal_moves()))` (the legality check on, as by default), at
a chance node an outcome of `state.chance_outcomes()` drawn with `rng.choices`. A step is
one play. OpenSpiel's loop is the same with `legal_actions`, `chance_outcomes` and
`apply_action`. Whole games from fresh setups, so `game.new` counts too.

Both modes of the explorer, in the same rounds: this process times the pure-Python
engine, and a second process with build/compiled first on PYTHONPATH (`tools/compile.py`
builds it, or says it is current) times the compiled mode (README, "Compiled mode"), each
game right after its pure timing. Without a C compiler the compiled column is left out.

Also measured (issue 8): the Lying Pirates betting round alone, 2 players with 5 crew dice
each, from `scenario(crew=[5, 5])` (both cups still to roll) until the round is decided,
in rollouts per second, against whole games of `liars_dice` with `numdice=5`.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import explorer
from explorer.core import CHANCE, State

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_section import replace_section  # noqa: E402

VENV = Path(os.environ.get("RULES_EXPLORER_OPENSPIEL_VENV",
                           Path.home() / ".cache" / "rules-explorer" / "openspiel-venv"))
WORKER = Path(__file__).resolve().parent / "openspiel_worker.py"
ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
PLAYERS = {"village": 3, "summoners": 3, "momiji": 3, "pirates": 4}
"""Players per game in this benchmark (a game not listed plays its default)."""
TARGET = 0.25
"""Every game's public loop at a quarter of OpenSpiel's C++ liars_dice or more (issue 11)."""
SECTION = "openspiel-ratio"


# ------------------------------------------------------------------ OpenSpiel's side
def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_openspiel() -> Path:
    """The Python of OpenSpiel's own environment, made and filled on first use."""
    python = venv_python()
    if python.exists() and subprocess.run([python, "-c", "import pyspiel"],
                                          capture_output=True).returncode == 0:
        return python
    print(f"installing open-spiel into {VENV} (once) ...", flush=True)
    VENV.parent.mkdir(parents=True, exist_ok=True)
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(VENV)], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "open-spiel"], check=True)
    return python


class OpenSpiel:
    """The worker process in OpenSpiel's environment, asked for one timing at a time."""

    def __init__(self, python: Path) -> None:
        self.process = subprocess.Popen([str(python), str(WORKER)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.version = subprocess.run(
            [str(python), "-c", "import importlib.metadata as m; print(m.version('open_spiel'))"],
            capture_output=True, text=True).stdout.strip()

    def time(self, game: str, params: dict, seconds: float, seed: int) -> dict:
        assert self.process.stdin and self.process.stdout
        request = {"game": game, "params": params, "seconds": seconds, "seed": seed}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the OpenSpiel worker stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


class Compiled:
    """This script in the compiled mode (`--serve`), asked for one timing at a time."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(COMPILED))
        self.process = subprocess.Popen([sys.executable, __file__, "--serve"], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def time(self, game: str, seconds: float, seed: int) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"game": game, "seconds": seconds, "seed": seed}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the compiled-mode worker stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def compiled_build_problem(build: Path = COMPILED) -> str | None:
    """Why `build` is not a current compiled build of this tree (what `tools/compile.py
    --check compiled` says), or None when it is. For the scripts that never build."""
    check = subprocess.run([sys.executable, str(ROOT / "tools" / "compile.py"), "--check", "compiled"],
                           env=dict(os.environ, PYTHONPATH=str(build)), capture_output=True, text=True)
    return None if check.returncode == 0 else (check.stdout + check.stderr).strip()


def compiled_json(script: str, args: list[str]) -> Any:
    """What `script` (a benchmark with a `--json` flag) prints as its last line, run again
    with `args` in a second process on the current compiled build; None, after saying
    why, when there is no current build (the benchmarks never build)."""
    problem = compiled_build_problem()
    if problem:
        print(f"no current compiled build: the compiled mode is not measured\n{problem}")
        return None
    done = subprocess.run([sys.executable, script, "--json", *args],
                          env=dict(os.environ, PYTHONPATH=str(COMPILED)),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def compiled_mode() -> Compiled | None:
    """The compiled-mode worker, after building (or finding current) build/compiled/;
    None when it cannot be built here (no C compiler)."""
    build = subprocess.run([sys.executable, str(ROOT / "tools" / "compile.py")])
    if build.returncode == 3:
        print("no C compiler: the compiled mode is not measured", flush=True)
        return None
    build.check_returncode()
    return Compiled()


def serve() -> None:
    """Answer timing requests on stdin, one JSON line each, in this process's mode."""
    from explorer.core import state as state_module
    if not (state_module.__file__ or "").endswith(".so"):
        raise SystemExit(f"--serve: the engine is not compiled here ({state_module.__file__})")
    games: dict[str, explorer.Game] = {}
    for line in sys.stdin:
        request = json.loads(line)
        name = request["game"]
        if name not in games:
            games[name] = explorer.load(name, PLAYERS.get(name))
            time_public_loop(games[name], 0.5, 999)          # warm-up, as in `measure`
        result = time_public_loop(games[name], request["seconds"], request["seed"])
        print(json.dumps(result), flush=True)


# ------------------------------------------------------------------ the explorer's side
def step(state: State, choice: Callable, choices: Callable) -> State:
    """One play of the public loop: a random legal move, or a chance outcome by its odds."""
    if state.to_move == CHANCE:
        moves, probs = zip(*state.chance_outcomes())
        return state.play(choices(moves, probs)[0])
    return state.play(choice(state.legal_moves()))


def time_public_loop(game: explorer.Game, seconds: float, seed: int) -> dict:
    """Whole random games for about `seconds` through the public API: steps and games."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(seed * 100_003 + games)
        while not state.is_over:
            state = step(state, choice, choices)
            steps += 1
        games += 1
    return {"steps": steps, "games": games, "seconds": time.process_time() - start}


def time_pirates_betting(seconds: float, seed: int) -> dict:
    """Betting rounds alone, 2 players with 5 crew dice each, for about `seconds`.

    The pirates engine has no betting-only game, so each rollout starts from the
    scenario of a first betting round with both cups still to roll and plays the public
    loop until the round is decided (the phase leaves "betting"): the two cup rolls,
    the bids and the call. The scenario is built once and reused (states are values).
    """
    start_state = explorer.load("pirates", 2).scenario(crew=[5, 5])
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    steps = rollouts = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = start_state
        while state.data.phase == "betting":
            state = step(state, choice, choices)
            steps += 1
        rollouts += 1
    return {"steps": steps, "games": rollouts, "seconds": time.process_time() - start}


# ------------------------------------------------------------------ the run
def per_second(result: dict, what: str = "steps") -> float:
    return result[what] / result["seconds"]


def measure(rounds: int, seconds: float, names: list[str], compiled: bool = True) -> dict:
    """Interleaved rounds. In each, every measure of a game (pure, then compiled) sits
    between two measures of OpenSpiel's liars_dice, and its ratio is taken against their
    mean: the machine's speed drifts over seconds on a shared host, and a reference
    taken once per round would be up to a dozen seconds stale by the last game. Then
    the betting pair."""
    spiel = OpenSpiel(ensure_openspiel())
    fast = compiled_mode() if compiled else None
    games = {name: explorer.load(name, PLAYERS.get(name)) for name in names}
    rows: dict[str, dict[str, list[float]]] = {
        name: {"steps": [], "ratio": [], "compiled": [], "compiled_ratio": []} for name in names}
    base: list[float] = []
    bet: dict[str, list[float]] = {"pirates": [], "liars_dice": [], "ratio": []}
    for _name, game in games.items():         # warm-up: imports and the games' caches
        time_public_loop(game, min(seconds, 0.5), 999)
    time_pirates_betting(0.2, 999)
    spiel.time("liars_dice", {}, 0.2, 999)

    def liars_dice(r: int) -> float:
        reference = per_second(spiel.time("liars_dice", {}, seconds, r))
        base.append(reference)
        return reference

    for r in range(rounds):
        before = liars_dice(r)
        line = [f"round {r + 1}: liars_dice {before:,.0f}"]
        for name, game in games.items():
            mine = per_second(time_public_loop(game, seconds, r))
            after = liars_dice(r)
            reference = (before + after) / 2
            rows[name]["steps"].append(mine)
            rows[name]["ratio"].append(mine / reference)
            line.append(f"{name} {mine:,.0f} ({mine / reference:.2f}x)")
            before = after
            if fast is not None:
                quick = per_second(fast.time(name, seconds, r))
                after = liars_dice(r)
                reference = (before + after) / 2
                rows[name]["compiled"].append(quick)
                rows[name]["compiled_ratio"].append(quick / reference)
                line.append(f"compiled {quick:,.0f} ({quick / reference:.2f}x)")
                before = after
            line.append(f"liars_dice {before:,.0f}")
        ours = per_second(time_pirates_betting(seconds, r), "games")
        theirs = per_second(spiel.time("liars_dice", {"numdice": 5}, seconds, r), "games")
        bet["pirates"].append(ours)
        bet["liars_dice"].append(theirs)
        bet["ratio"].append(ours / theirs)
        line.append(f"betting {ours:,.0f}/s vs {theirs:,.0f}/s ({ours / theirs:.2f}x)")
        print("; ".join(line), flush=True)
    spiel.close()
    if fast is not None:
        fast.close()
    med = statistics.median

    def row(name: str, v: dict[str, list[float]]) -> dict:
        out = {"players": games[name].players, "steps": med(v["steps"]), "ratio": med(v["ratio"]),
               "low": min(v["ratio"]), "high": max(v["ratio"])}
        if v["compiled"]:
            out.update(compiled=med(v["compiled"]), compiled_ratio=med(v["compiled_ratio"]),
                       compiled_low=min(v["compiled_ratio"]), compiled_high=max(v["compiled_ratio"]))
        return out

    return {
        "openspiel": spiel.version, "rounds": rounds, "seconds": seconds,
        "liars_dice": med(base), "compiled": fast is not None,
        "games": {name: row(name, v) for name, v in rows.items()},
        "betting": {k: med(v) for k, v in bet.items()},
    }


def report(result: dict) -> str:
    """The RESULTS.md section (also printed)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        "## Side by side with OpenSpiel (speed issue)",
        "",
        f"Generated by `uv run python benchmarks/openspiel_ratio.py` on {dt.date.today()}: "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, open-spiel "
        f"{result['openspiel']} in its own environment; {result['rounds']} interleaved rounds "
        f"of {result['seconds']:g} s per measure, medians (load average {load:.1f} at the end).",
        "Public loop: `state.play(rng.choice(state.legal_moves()))` with the legality check, "
        "chance outcomes drawn from `state.chance_outcomes()` with `rng.choices`; OpenSpiel's "
        "C++ `liars_dice` (2 players, 1 die each) driven from Python by the same loop. "
        "Each measure of a game sits between two measures of liars_dice; its ratio = game "
        "steps/s over the mean of those two (median over the rounds; range in brackets). "
        "The liars_dice column is the median of all its measures.",
    ]
    if result["compiled"]:
        lines += [
            "Pure = the Python source tree; compiled = the same modules built with mypyc "
            "(`tools/compile.py`, README \"Compiled mode\"), timed by a second process in the "
            "same rounds. ✓ = the better mode meets the target.",
            "",
            "| game | liars_dice steps/s | pure steps/s | pure ratio | compiled steps/s "
            "| compiled ratio | compiled / pure | target | |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
    else:
        lines += ["", "| game | public-loop steps/s | liars_dice steps/s | ratio | target | |",
                  "|---|---:|---:|---:|---:|---|"]
    for name, g in result["games"].items():
        if result["compiled"]:
            ok = "✓" if max(g["ratio"], g["compiled_ratio"]) >= TARGET else "✗"
            lines.append(
                f"| {name} ({g['players']}p) | {result['liars_dice']:,.0f} | {g['steps']:,.0f} "
                f"| {g['ratio']:.2f}× ({g['low']:.2f}–{g['high']:.2f}) | {g['compiled']:,.0f} "
                f"| {g['compiled_ratio']:.2f}× ({g['compiled_low']:.2f}–{g['compiled_high']:.2f}) "
                f"| {g['compiled'] / g['steps']:.2f}× | ≥ {TARGET}× | {ok} |")
            continue
        ok = "✓" if g["ratio"] >= TARGET else "✗"
        lines.append(f"| {name} ({g['players']}p) | {g['steps']:,.0f} | {result['liars_dice']:,.0f} "
                     f"| {g['ratio']:.2f}× ({g['low']:.2f}–{g['high']:.2f}) | ≥ {TARGET}× | {ok} |")
    b = result["betting"]
    lines += [
        "",
        "Lying Pirates betting round alone (issue 8): 2 players with 5 crew dice each, from "
        "`scenario(crew=[5, 5])` (both cups to roll) to the call, public loop; against whole "
        "games of `liars_dice` with `numdice=5` (its dice are rolled one chance node each, "
        "the pirates cups one node per cup). The engine has no betting-only game, so the "
        "rollout is a scenario stopped when the phase leaves \"betting\".",
        "",
        "| measure | pirates rollouts/s | liars_dice (numdice=5) games/s | ratio |",
        "|---|---:|---:|---:|",
        f"| betting round, 2p × 5 dice | {b['pirates']:,.0f} | {b['liars_dice']:,.0f} "
        f"| {b['ratio']:.2f}× |",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measure and round")
    parser.add_argument("--quick", action="store_true", help="3 short rounds; print only")
    parser.add_argument("--pure-only", action="store_true", help="leave the compiled mode out")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)   # the worker
    parser.add_argument("games", nargs="*", help="games to time (default: every game)")
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    rounds, seconds = (3, 0.4) if args.quick else (args.rounds, args.seconds)
    names = args.games or list(explorer.list_games())
    text = report(measure(rounds, seconds, names, compiled=not args.pure_only))
    print("\n" + text)
    if not args.quick and not args.games:
        replace_section(SECTION, text)
        print(f"\nwrote the {SECTION!r} section of benchmarks/RESULTS.md")


if __name__ == "__main__":
    main()
