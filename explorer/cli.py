"""The `explorer` command: open the tour, simulate games, replay a saved file, print rules.

    explorer lab                                   # JupyterLab on notebooks/00_tour.ipynb
    explorer simulate village --players 3 --agents random,greedy,mcts --n 1000 --out runs.parquet
    explorer replay saved.json                     # a saved explorer tree or state
    explorer rules village                         # the rules reference, ids and source tags
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence

from .core.errors import InvalidInput
from .core.pending import seat_name
from .core.events import Outcome
from .core.game import Game, list_games, load
from .core.rulebook import rulebook
from .core.state import CHANCE, STATE_FORMAT, State
from .core.tree import TREE_FORMAT, Explorer

TOUR = Path(__file__).resolve().parent.parent / "notebooks" / "00_tour.ipynb"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, with the reason)."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return args.run(args, extra)
    except InvalidInput as exc:
        print(f"explorer {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output went to `head` or the like, which stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="explorer", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lab = sub.add_parser("lab", help="open JupyterLab on the tour notebook "
                                     "(other arguments go to JupyterLab)")
    lab.set_defaults(run=_lab)

    sim = sub.add_parser("simulate", help="play many games and print a summary table")
    sim.add_argument("game", choices=list_games())
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--agents", default="random",
                     help="one agent for all seats or one per seat, comma-separated: "
                          "random, greedy, mcts (mcts:400 sets its iterations)")
    sim.add_argument("--n", type=int, default=1000, help="number of games")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option, VALUE in JSON (e.g. track_values=[1,2,3,4,5,6])")
    sim.add_argument("--out", type=Path, default=None,
                     help="save one row per game and seat to a .parquet or .csv file")
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.set_defaults(run=_simulate)

    replay = sub.add_parser("replay", help="replay a saved explorer tree or state (JSON)")
    replay.add_argument("file", type=Path)
    replay.set_defaults(run=_replay)

    rules = sub.add_parser("rules", help="print a game's rules reference with ids and tags")
    rules.add_argument("game", choices=list_games())
    rules.set_defaults(run=_rules)
    return parser


def _lab(args: argparse.Namespace, extra: list[str]) -> int:
    if not TOUR.is_file():
        raise InvalidInput("notebook", f"{TOUR} not found (run from a source checkout)")
    root = TOUR.parent.parent
    command = [sys.executable, "-m", "jupyter", "lab", str(TOUR.relative_to(root)), *extra]
    return subprocess.call(command, cwd=root)


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise InvalidInput("option", f"expected NAME=VALUE, got {pair!r}")
        try:
            options[name.strip()] = json.loads(text)
        except ValueError:
            options[name.strip()] = text
    return options


def _simulate(args: argparse.Namespace, extra: list[str]) -> int:
    from .core.simulate import SAVE_FORMATS, simulate

    if args.out is not None and args.out.suffix.lower() not in SAVE_FORMATS:
        raise InvalidInput("out", f"expected a .parquet or .csv file name, got {args.out.name!r}")
    game = load(args.game, args.players, **_options(args.option))
    sim = simulate(game, args.agents, args.n, seed=args.seed, workers=args.workers,
                   progress=False if args.no_progress else None, log_turns=False)
    print(f"{game!r}: {sim.n} games, seed {args.seed}, agents {', '.join(sim.agents)}")
    print(f"{'seat':>4}  {'agent':<10} {'games':>6} {'win rate':>9}  {'95% interval':<15} "
          f"{'mean score':>10}")
    for row in sim.summary().iter_rows(named=True):
        print(f"{row['seat']:>4}  {row['agent']:<10} {row['games']:>6} {row['win_rate']:>9.1%}  "
              f"{row['ci_low']:>6.1%} - {row['ci_high']:<6.1%} {row['mean_score']:>10.2f}")
    turns = sim.games["turns"]
    if sim.n:
        print(f"decisions per game: mean {turns.mean():.1f}, min {turns.min()}, max {turns.max()}")
    if args.out is not None:
        print(f"saved {sim.save(args.out)}")
    return 0


def _replay(args: argparse.Namespace, extra: list[str]) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput("file", f"cannot read {args.file}: {exc.strerror}") from exc
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise InvalidInput("json", f"{args.file} is not valid JSON: {exc}") from exc
    if isinstance(doc, dict) and doc.get("format") == TREE_FORMAT:
        tree = Explorer.from_json(text)
        line = tree.line()
        whose = "" if tree.viewer is None else f" as {seat_name(tree.viewer)} saw it"
        print(f"{tree.game!r}: {len(tree.nodes)} positions saved{whose}; the line to the current "
              f"one has {len(line) - 1} moves")
        for ply, node in enumerate(line[1:], start=1):
            who = _who(node.move_by)
            note = f"   # {node.comment}" if node.comment else ""
            forced = " (forced)" if node.forced else ""
            text = "(hidden)" if node.move is None else str(node.move)
            print(f"{ply:>4}. {who:<9} {text}   ({node.label}){forced}{note}")
        state = tree.state
    elif isinstance(doc, dict) and doc.get("format") == STATE_FORMAT:
        state = Game.from_json(text)
        print(f"{state.game!r}: a saved position")
    else:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise InvalidInput("format", f"expected a saved tree ({TREE_FORMAT!r}) or state "
                                     f"({STATE_FORMAT!r}), got {found!r}")
    _print_end(state)
    return 0


def _who(player: int | None) -> str:
    if player == CHANCE:
        return "chance"
    return "-" if player is None else seat_name(player)


def _print_end(state: State) -> None:
    outcome: Outcome | None = state.outcome()
    if outcome is None:
        scores = ", ".join(f"{s:g}" for s in state.scores())
        print(f"not over: {_who(state.to_move)} to move; scores so far {scores}")
        return
    winners = " and ".join(seat_name(p) for p in outcome.winners) or "nobody"
    print(f"over: {outcome.ended_by} [{outcome.rule}]")
    print(f"winner: {winners}; scores {', '.join(f'{s:g}' for s in outcome.scores)}"
          + (f"; tie-break: {outcome.tiebreak}" if outcome.tiebreak else ""))


def _rules(args: argparse.Namespace, extra: list[str]) -> int:
    book = rulebook(args.game)
    print(book.title)
    section = None
    for rule in book:
        if rule.section != section:
            section = rule.section
            print(f"\n## {section}")
        print(f"{rule.id} [{rule.source}] {rule.text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
