"""The charts of 1,000 greedy games, per game: wall time, written to benchmarks/RESULTS.md.

    uv run python benchmarks/greedy_charts.py               # every game, both modes; RESULTS.md
    uv run python benchmarks/greedy_charts.py momiji        # one game, print only
    uv run python benchmarks/greedy_charts.py --pure-only   # without the compiled column

What a teacher waits for in a notebook (issue 11: "the charts of 1,000 greedy games take
a few seconds"): `explorer.simulate(game, "greedy", 1000)` on every core (its default),
then one chart of it drawn, `explorer.charts.win_rates` with its display bundle (the SVG
picture every chart output carries, made by vl-convert). Wall time (`time.perf_counter`),
since the games run in worker processes. Before the timed runs each process draws one
chart (importing altair and vl-convert, once per session: reported on its own line) and
plays a few games of each game in this process (the game's imports and tables).

Both modes, game by game: this process times the pure-Python engine, then a second
process with the compiled copy first on PYTHONPATH (build/compiled, made by
`tools/compile.py`: README "Compiled mode") times the same, right after, so both see the
same load. The compiled column is left out when this tree has no current build
(`tools/compile.py --check compiled` fails); this script never builds it. `--results`
writes the section into another RESULTS.md (e.g. run from a copy of the tree that has
its own build, into the main tree's file).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

import explorer
from explorer import charts
from explorer.core.simulate import Simulation

sys.path.insert(0, str(Path(__file__).resolve().parent))
from openspiel_ratio import COMPILED, PLAYERS, compiled_build_problem  # noqa: E402
from results_section import RESULTS, replace_section  # noqa: E402

GAMES = 1000
TARGET_S = 5.0
"""1,000 greedy games simulated and charted in "a few seconds" (issue 11, item 4)."""
SECTION = "greedy-charts"
WARMUP_GAMES = 5


def draw(sim: Simulation) -> dict:
    """One chart of `sim` as a notebook shows it: the chart and its display bundle."""
    return charts.win_rates(sim)._repr_mimebundle_()


def first_chart() -> float:
    """Seconds of the first chart of this process (altair and vl-convert imported)."""
    began = time.perf_counter()
    draw(explorer.simulate(explorer.load("village", 2), "random", 4, workers=1, progress=False))
    return time.perf_counter() - began


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the simulation's
    worker processes, once its pool is shut down)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + ended.ru_utime + ended.ru_stime


def time_charts(name: str, n: int) -> dict:
    """Wall seconds of `simulate(game, "greedy", n)` on every core (and the CPU seconds
    of all its processes), then of one chart."""
    game = explorer.load(name, PLAYERS.get(name))
    explorer.simulate(game, "greedy", WARMUP_GAMES, seed=999, workers=1, progress=False)
    cpu = cpu_seconds()
    began = time.perf_counter()
    sim = explorer.simulate(game, "greedy", n, seed=0, progress=False)
    simulated = time.perf_counter() - began
    cpu = cpu_seconds() - cpu
    bundle = draw(sim)
    drawn = time.perf_counter() - began - simulated
    if "image/svg+xml" not in bundle:
        raise RuntimeError(f"{name}: the chart has no SVG picture")
    return {"players": game.players, "simulate": simulated, "cpu": cpu, "chart": drawn,
            "decisions": float(sim.games["turns"].mean() or 0.0)}


class Compiled:
    """This script in the compiled mode (`--serve`), asked for one game at a time."""

    def __init__(self, build: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(build))
        self.process = subprocess.Popen([sys.executable, __file__, "--serve"], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.first_chart = self._answer()["first_chart"]

    def _answer(self) -> dict:
        assert self.process.stdout
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the compiled-mode worker stopped (see its error above)")
        return json.loads(line)

    def time(self, name: str, n: int) -> dict:
        assert self.process.stdin
        self.process.stdin.write(json.dumps({"game": name, "n": n}) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def compiled_mode(build: Path) -> Compiled | None:
    """The compiled-mode worker when `build` holds a current build, else None (said why)."""
    problem = compiled_build_problem(build)
    if problem:
        print(f"no current compiled build in {build}: the compiled mode is not measured\n"
              f"{problem}", flush=True)
        return None
    return Compiled(build)


def serve() -> None:
    """Answer timing requests on stdin, one JSON line each, in this process's mode."""
    from explorer.core import state as state_module
    if not (state_module.__file__ or "").endswith(".so"):
        raise SystemExit(f"--serve: the engine is not compiled here ({state_module.__file__})")
    print(json.dumps({"first_chart": first_chart()}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(time_charts(request["game"], request["n"])), flush=True)


def measure(names: list[str], n: int, build: Path | None) -> dict:
    """Each game in the pure mode, then (when built) in the compiled mode."""
    first = first_chart()
    fast = compiled_mode(build) if build is not None else None
    rows = {}
    for name in names:
        row = {"pure": time_charts(name, n)}
        line = f"{name}: pure {_seconds(row['pure'])}"
        if fast is not None:
            row["compiled"] = fast.time(name, n)
            line += f"; compiled {_seconds(row['compiled'])}"
        print(line, flush=True)
        rows[name] = row
    result = {"games": n, "first_chart": first, "rows": rows, "compiled": fast is not None,
              "compiled_first_chart": fast.first_chart if fast is not None else None}
    if fast is not None:
        fast.close()
    return result


def _seconds(timing: dict) -> str:
    return (f"simulate {timing['simulate']:.1f} s ({timing['cpu']:.1f} s CPU) + chart "
            f"{timing['chart']:.2f} s")


def report(result: dict) -> str:
    """The RESULTS.md section (also printed)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    n = result["games"]
    compiled = result["compiled"]
    first = f"{result['first_chart']:.1f} s"
    if compiled:
        first += f" pure, {result['compiled_first_chart']:.1f} s compiled"
    lines = [
        "## Greedy charts (speed issue)",
        "",
        f"Generated by `uv run python benchmarks/greedy_charts.py` on {dt.date.today()}: Python "
        f"{platform.python_version()}, {os.cpu_count()} cores. Wall time of "
        f"`explorer.simulate(game, \"greedy\", {n:,})` on every core (its default, turn log "
        "included), then of one chart of it drawn (`explorer.charts.win_rates` with its SVG "
        "picture), one run per game and mode"
        + (", the compiled mode (`tools/compile.py`) timed by a second process right after the "
           "pure one" if compiled else "")
        + ". In brackets the CPU seconds of the simulation's processes: on a machine that "
        "other jobs share, the wall time grows with their load, the CPU time much less. "
        f"The first chart of a session also imports altair and vl-convert: {first}, not "
        f"counted below. Load average at the end: {load:.1f}.",
        "",
    ]
    if compiled:
        lines += ["| game | decisions per game | pure simulate s | pure chart s | pure total s "
                  "| compiled simulate s | compiled chart s | compiled total s | target | |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    else:
        lines += ["| game | decisions per game | simulate s | chart s | total s | target | |",
                  "|---|---:|---:|---:|---:|---:|---|"]
    for name, row in result["rows"].items():
        pure = row["pure"]
        cells = [f"{name} ({pure['players']}p)", f"{pure['decisions']:.0f}"]
        totals = []
        for mode in ("pure", "compiled") if compiled else ("pure",):
            t = row[mode]
            totals.append(t["simulate"] + t["chart"])
            cells += [f"{t['simulate']:.1f} ({t['cpu']:.1f})", f"{t['chart']:.2f}",
                      f"{totals[-1]:.1f}"]
        cells += [f"≤ {TARGET_S:g}", "✓" if min(totals) <= TARGET_S else "✗"]
        lines.append("| " + " | ".join(cells) + " |")
    if compiled:
        lines += ["", "✓ = the better mode meets the target."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per simulation")
    parser.add_argument("--pure-only", action="store_true", help="leave the compiled mode out")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="the RESULTS.md to write the section into")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)   # the worker
    parser.add_argument("names", nargs="*", help="games to time (default: every game)")
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    names = args.names or list(explorer.list_games())
    build = None if args.pure_only or not COMPILED.exists() else COMPILED
    text = report(measure(names, args.games, build))
    print("\n" + text)
    if not args.names and args.games == GAMES:
        replace_section(SECTION, text, path=args.results)
        print(f"\nwrote the {SECTION!r} section of {args.results}")


if __name__ == "__main__":
    main()
