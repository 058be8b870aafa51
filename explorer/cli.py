"""The `explorer` command: open the tour, simulate games, replay a saved file, print rules.

    explorer lab                                   # JupyterLab on notebooks/00_tour.ipynb
    explorer app                                   # the classroom app (Voila), on this computer
    explorer app --classroom                       # ... served to the network, with a token
    explorer simulate village --players 3 --agents random,greedy,mcts --n 1000 --out runs.parquet
    explorer simulate summoners --n 100000 --scheduler tcp://10.0.0.5:8786   # on a Dask cluster
    explorer replay saved.json                     # a saved explorer tree or state
    explorer rules village                         # the rules reference, ids and source tags
"""
from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator, Sequence, cast

from .app import MAX_KERNELS
from .core.citations import citations
from .core.errors import InvalidInput
from .core.events import Outcome
from .core.game import Game, list_games, load
from .core.jsonio import read_json, read_text_file
from .core.pending import seat_name
from .core.rulebook import rulebook
from .core.state import CHANCE, STATE_FORMAT, State
from .core.tree import TREE_FORMAT, Explorer
from .core.words import counted

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

    app = sub.add_parser(
        "app", help="the classroom app: pick a game and play it in the browser (Voila)",
        description="Serve the classroom app. By default only this computer can open it "
                    "(127.0.0.1). --classroom serves every network interface and then requires a "
                    "token (generated and printed in the URL, or given with --token).")
    where = app.add_mutually_exclusive_group()
    where.add_argument("--classroom", action="store_true",
                       help="serve the classroom network (listen on 0.0.0.0, token required)")
    where.add_argument("--ip", default=None,
                       help="the address to listen on (default 127.0.0.1; any other address "
                            "requires a token)")
    app.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    app.add_argument("--token", default=None,
                     help="the token students need (default: generated when serving the network; "
                          "none on 127.0.0.1 unless given)")
    app.add_argument("--no-browser", action="store_true", help="do not open a browser")
    app.add_argument("--max-games", type=int, default=MAX_KERNELS, metavar="N",
                     help="the most games at once, one per open tab, each about 80 MB of memory "
                          f"(default {MAX_KERNELS}); one more gets a 'the classroom is full' page")
    app.set_defaults(run=_app)

    sim = sub.add_parser("simulate", help="play many games and print a summary table")
    sim.add_argument("game", choices=list_games())
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--agents", default="random",
                     help="one agent for all seats or one per seat, comma-separated: "
                          "random, greedy, mcts (mcts:400 sets its iterations)")
    sim.add_argument("--n", type=int, default=1000, help="number of games (at least 1)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help="play the games on the Dask cluster of this scheduler, e.g. "
                          "tcp://10.0.0.5:8786 (needs explorer[cluster]; same frames as here)")
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
    rules.add_argument("--where", action="store_true",
                       help="also list, under each rule, the functions that cite it (plain first, then the speed layer)")
    rules.set_defaults(run=_rules)
    return parser


def _lab(args: argparse.Namespace, extra: list[str]) -> int:
    if not TOUR.is_file():
        raise InvalidInput("notebook", f"{TOUR} not found (run from a source checkout)")
    root = TOUR.parent.parent
    command = [sys.executable, "-m", "jupyter", "lab", str(TOUR.relative_to(root)), *extra]
    return subprocess.call(command, cwd=root)


def _app(args: argparse.Namespace, extra: list[str]) -> int:
    from .app import ALL_INTERFACES, LOOPBACK, serve
    from .app.engine_mode import prefer_compiled

    ip = ALL_INTERFACES if args.classroom else (args.ip or LOOPBACK)
    if args.token is not None and not args.token.strip():
        raise InvalidInput("token", "expected a non-empty token")
    print(f"engine: {prefer_compiled()}", file=sys.stderr)
    return serve(ip=ip, port=args.port, token=args.token, open_browser=not args.no_browser,
                 max_kernels=args.max_games)


OPTION_SHAPE = "expected NAME=VALUE with VALUE in JSON, e.g. --option track_values=[1,2,3,4,5,6]"


def _options(pairs: list[str]) -> dict[str, Any]:
    """Rule options from NAME=VALUE pairs. VALUE is JSON; a bare word is taken as a string
    (``--option mode=easy``), but text that looks like JSON must parse as JSON."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name or not text.strip():
            raise InvalidInput("option", f"{OPTION_SHAPE}; got {pair!r}")
        try:
            options[name] = read_json(text, f"option {name}")
        except InvalidInput as exc:
            if text.strip()[0] in '[{"-0123456789' or text.strip() in ("true", "false", "null"):
                raise InvalidInput(f"option {name}", f"{exc.problem}; {OPTION_SHAPE}") from None
            options[name] = text
    return options


def _simulate(args: argparse.Namespace, extra: list[str]) -> int:
    from .core.simulate import SAVE_FORMATS, simulate

    if args.n < 1:
        raise InvalidInput("n", f"expected a number of games of at least 1, got {args.n} "
                                f"(e.g. --n 1000)")
    if args.out is not None and args.out.suffix.lower() not in SAVE_FORMATS:
        raise InvalidInput("out", f"expected a .parquet or .csv file name, got {args.out.name!r}")
    if args.out is not None and not args.out.resolve().parent.is_dir():
        raise InvalidInput("out", f"the folder of {str(args.out)!r} does not exist: nothing would be saved")
    options = _options(args.option)
    for taken in ("players",):
        if taken in options:
            raise InvalidInput(f"option {taken}", f"give the number of players with --{taken}, not as a rule option")
    try:
        game = load(args.game, args.players, **options)
    except InvalidInput as exc:
        if options and exc.field.startswith("options"):
            raise InvalidInput(exc.field, f"{exc.problem} (--option takes NAME=VALUE with VALUE "
                                          f"in JSON, e.g. --option track_values=[1,2,3,4,5,6])") from None
        raise
    with _cluster(args.scheduler) as executor:
        sim = simulate(game, args.agents, args.n, seed=args.seed, workers=args.workers,
                       executor=executor, progress=False if args.no_progress else None,
                       log_turns=False)
    print(f"{game!r}: {counted(sim.n, 'game')}, seed {args.seed}, agents {', '.join(sim.agents)}")
    print(f"{'seat':>4}  {'agent':<10} {'games':>6} {'win rate':>9}  {'95% interval':<15} "
          f"{'mean score':>10}")
    for row in sim.summary().iter_rows(named=True):
        print(f"{row['seat']:>4}  {row['agent']:<10} {row['games']:>6} {row['win_rate']:>9.1%}  "
              f"{row['ci_low']:>6.1%} - {row['ci_high']:<6.1%} {row['mean_score']:>10.2f}")
    turns = sim.games["turns"]
    if sim.n:
        low, high = (int(cast(int, value)) for value in (turns.min(), turns.max()))
        mean = float(cast(float, turns.mean()))
        print(f"decisions per game: mean {mean:.1f}, min {low}, max {high}")
    if args.out is not None:
        print(f"saved {sim.save(args.out)}")
    return 0


CONNECT_SECONDS = 20
"""How long `--scheduler` waits to reach the Dask scheduler before giving up."""


@contextlib.contextmanager
def _cluster(address: str | None) -> Iterator[Any]:
    """The executor of a Dask cluster for `--scheduler ADDRESS` (None: none, play here);
    the connection is closed when the run ends."""
    if address is None:
        yield None
        return
    if not address.strip():
        raise InvalidInput("scheduler", "expected a Dask scheduler address, e.g. tcp://10.0.0.5:8786")
    try:
        from distributed import Client
    except ImportError:
        raise InvalidInput("scheduler", "running on a Dask cluster needs dask.distributed: "
                                        "pip install 'explorer[cluster]'") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InvalidInput("scheduler", f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    with client:
        yield client.get_executor()


def _replay(args: argparse.Namespace, extra: list[str]) -> int:
    text = read_text_file(args.file, "file")
    doc = read_json(text, "json")
    if isinstance(doc, dict) and doc.get("format") == TREE_FORMAT:
        tree = Explorer.from_json(text)
        moves = len(tree.line()) - 1
        leaves = sum(1 for node in tree.nodes.values() if not node.children)
        whose = "" if tree.viewer is None else f" as {seat_name(tree.viewer)} saw it"
        lines = "" if leaves == 1 else f" in {leaves} lines"
        print(f"{tree.game!r}: {_count(len(tree.nodes), 'position')} saved{lines}{whose}; "
              f"the line to the current one has {_count(moves, 'move')}")
        for row in _tree_lines(tree):
            print(row)
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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _tree_lines(tree: Explorer) -> list[str]:
    """The whole tree, one line per move: a line goes on at the same indent, and each
    other branch from a position follows, one step further in and marked with '+'.
    The current position is marked '<- current'; notes follow '#'."""
    rows: list[str] = []
    level: dict[int, int] = {}
    ply: dict[int, int] = {}
    stack = [0]
    while stack:
        node = tree.nodes[stack.pop()]
        stack.extend(reversed(node.children))
        here = "   <- current" if node.id == tree.current else ""
        note = f"   # {node.comment}" if node.comment else ""
        if node.parent is None:
            level[node.id] = ply[node.id] = 0
            if note or here:
                rows.append(f"start{note}{here}")
            continue
        side = tree.nodes[node.parent].children[0] != node.id
        level[node.id] = level[node.parent] + side
        ply[node.id] = ply[node.parent] + 1
        indent = "  " * (level[node.id] - side) + ("+ " if side else "")
        forced = " (forced)" if node.forced else ""
        text = "(hidden)" if node.move is None else str(node.move)
        rows.append(f"{indent}{str(ply[node.id]) + '.':<5} {_who(node.move_by):<9} {text}   "
                    f"({node.label}){forced}{note}{here}")
    return rows


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
    print(f"over: {outcome.ended_by} ({outcome.rule})")
    print(f"winner: {winners}; scores {', '.join(f'{s:g}' for s in outcome.scores)}"
          + (f"; tie-break: {outcome.tiebreak}" if outcome.tiebreak else ""))


def _rules(args: argparse.Namespace, extra: list[str]) -> int:
    book = rulebook(args.game)
    where = citations(args.game) if args.where else {}
    print(book.title)
    section = None
    for rule in book:
        if rule.section != section:
            section = rule.section
            print(f"\n## {section}")
        print(f"{rule.id} [{rule.source}] {rule.text}")
        if args.where:
            cited = where[rule.id]
            for citation in cited:
                print(f"    {citation}")
            if not cited:
                print("    (no function cites it: a rule of the setup text, or checked by tests alone)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
