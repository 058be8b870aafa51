"""Many games played by agents, as polars frames: reproducible, parallel, from any position.

`simulate(game_or_state, agents, n, seed)` plays `n` games and returns a `Simulation`
with three frames: `games` (one row per game), `players` (one row per game and seat)
and `turns` (one row per decision, optional). Game `i` gets its own seed, drawn from
`seed` (the first k games of a run are the same whatever n is), and its own random
streams for chance and for each seat, so a run gives identical frames whether it is
played in this process, on every core, or through any `concurrent.futures.Executor`
(a Dask or Ray cluster): games are cut into chunks, played anywhere, and reassembled
in game order. The game, the start state and the agents travel by value (pickled),
so agents named as strings ("random", "greedy", "mcts") and plain agent objects both
work.
"""
from __future__ import annotations

import concurrent.futures as cf
import contextlib
import dataclasses
import gc
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence, cast

import polars as pl

from .agents import Agent, make_agent
from .errors import InvalidInput
from .game import Game, load
from .options import to_jsonable
from .playout import TurnLog, play_out
from .progress import Progress, Report
from .state import CHANCE, State

SAVE_FORMATS = (".parquet", ".csv")
"""File suffixes `Simulation.save` writes."""

AUTO_PROGRESS_SECONDS = 1.0
"""`progress=None` shows a progress bar when the run is expected to take longer than this."""

PROBE_SECONDS = 0.05
"""With `progress=None`, the first games are timed here for about this long to estimate the run."""

GAMES_SCHEMA: dict[str, Any] = {"game_id": pl.Int64, "seed": pl.Int64, "turns": pl.Int64,
                "forced_steps": pl.Int64, "chance_steps": pl.Int64, "winners": pl.List(pl.Int64), "ended_by": pl.String}
PLAYERS_SCHEMA: dict[str, Any] = {"game_id": pl.Int64, "seat": pl.Int64, "agent": pl.String,
                  "score": pl.Float64, "won": pl.Float64, "winner": pl.Boolean, "rank": pl.Int64}
TURNS_SCHEMA: dict[str, Any] = {"game_id": pl.Int64, "ply": pl.Int64, "seat": pl.Int64,
                "move": pl.String, "rule": pl.String, "forced": pl.Boolean}


# ----------------------------------------------------------------------------- results
@dataclass(frozen=True, eq=False)
class Simulation:
    """The frames of a run, with what produced them.

    `games`: game_id, seed, turns (decisions an agent made), forced_steps (moves that
    were a player's only legal move, played without asking), chance_steps, winners (list of seats),
    ended_by, then one `opt_<name>` column per rule option (and `variant` when the run
    compares rule variants). `players`: game_id, seat, agent, score, won (the seat's
    share of the win: 1/k when k players share it), winner, rank (1 = won), then
    the game's tallies at the end, one column each (`State.tallies`, e.g. coins).
    `turns`: game_id, ply, seat, move (text form), rule, forced; one row per player
    move (forced ones included); empty if `log_turns=False`.
    """

    game: Game
    agents: tuple[str, ...]
    seed: int
    games: pl.DataFrame
    players: pl.DataFrame
    turns: pl.DataFrame
    start: State | None = None

    @property
    def n(self) -> int:
        return self.games.height

    def __repr__(self) -> str:
        origin = "a position" if self.start is not None else "new games"
        variants = ""
        if "variant" in self.games.columns:
            variants = f", variants {self.games['variant'].unique(maintain_order=True).to_list()}"
        return (f"<Simulation of {self.game!r} from {origin}: {self.n} games, seed {self.seed}, "
                f"agents {', '.join(self.agents)}{variants}; frames games, players, turns>")

    def summary(self) -> pl.DataFrame:
        """Per seat and agent (and variant): games, wins, win rate with a 95% Wilson
        interval, and mean score."""
        keys = [k for k in ("variant", "seat", "agent") if k in self.players.columns]
        table = (self.players.group_by(keys, maintain_order=True)
                 .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().alias("wins"),
                      pl.col("score").mean().alias("mean_score"))
                 .sort(keys))
        return with_wilson(table, "wins", "games")

    def table(self) -> pl.DataFrame:
        """One flat row per game and seat (players joined with games), ready to save."""
        keys = ["variant", "game_id"] if "variant" in self.games.columns else ["game_id"]
        games = self.games.with_columns(pl.col(c).cast(pl.List(pl.String)).list.join(",")
                                        for c, t in self.games.schema.items()
                                        if isinstance(t, pl.List))
        return self.players.join(games, on=keys, how="left")

    def save(self, path: str | Path) -> Path:
        """Write `table()` as .parquet or .csv (by the file's suffix)."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix not in SAVE_FORMATS:
            raise InvalidInput("out", f"expected a .parquet or .csv file name, got {path.name!r}")
        if suffix == ".parquet":
            self.table().write_parquet(path)
        else:
            self.table().write_csv(path)
        return path


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (wins may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def with_wilson(frame: pl.DataFrame, wins: str, n: str, z: float = 1.96) -> pl.DataFrame:
    """`frame` plus win_rate, ci_low and ci_high (95% Wilson interval) columns."""
    p = pl.col(wins) / pl.col(n)
    z2n = z * z / pl.col(n)
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * ((p * (1 - p) / pl.col(n)) + z2n / (4 * pl.col(n))).sqrt() / (1 + z2n)
    return frame.with_columns(p.alias("win_rate"),
                              (centre - half).clip(0.0, 1.0).alias("ci_low"),
                              (centre + half).clip(0.0, 1.0).alias("ci_high"))


# ----------------------------------------------------------------------------- one game
@dataclass(frozen=True)
class _Chunk:
    """Games `first .. first+len(seeds)-1`, played in one task (pickled to a worker)."""

    start: Game | State
    agents: tuple[Agent, ...]
    first: int
    seeds: tuple[int, ...]
    log_turns: bool
    viewer: int | None
    pause_collector: bool = False
    """Set for a chunk sent to a worker process of `simulate`'s own pool (`collector_paused`)."""


@dataclass(frozen=True)
class _Part:
    """The frames of one chunk, built where it was played: columnar and compact to send
    and to keep (a long run holds no Python object per turn, only these frames)."""

    games: pl.DataFrame
    players: pl.DataFrame
    turns: pl.DataFrame


_CHUNK_PLAYERS_SCHEMA: dict[str, Any] = {k: v for k, v in PLAYERS_SCHEMA.items() if k != "agent"}
"""A chunk's player rows lack the agent names: the parent adds them once, per seat."""


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block (as it was after).

    `simulate` pauses it while a worker process of its own pool plays a chunk. The game
    engines and the built-in agents free every object by reference counting: they make
    no reference cycles (`tests/sim/test_sim_collector.py` plays every game with the
    collector off and finds nothing left for it), so its passes only cost time (3% of
    the instructions of a greedy Piri Piri Summoners game, 3-5% of the wall time of
    1,000 greedy games). An agent of one's own that makes cycles leaves them for the
    collector, which runs again after the chunk. A run in the caller's own process (one
    worker, or an executor's) keeps the collector as it is: that process is not the
    simulation's to tune."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _play_chunk(chunk: _Chunk) -> _Part:
    """Play a chunk of games and return its frames (the lists live only for the chunk),
    with the cyclic collector paused in a worker of `simulate`'s own pool."""
    games: dict[str, list] = {k: [] for k in GAMES_SCHEMA}
    players: dict[str, list] = {k: [] for k in _CHUNK_PLAYERS_SCHEMA}
    log = TurnLog()
    with collector_paused() if chunk.pause_collector else contextlib.nullcontext():
        for offset, seed in enumerate(chunk.seeds):
            _play_game(chunk, chunk.first + offset, seed, games, players, log)
    tallies: dict[str, Any] = {name: pl.Int64 for name in players if name not in _CHUNK_PLAYERS_SCHEMA}
    return _Part(pl.DataFrame(games, schema=GAMES_SCHEMA),
                 pl.DataFrame(players, schema=_CHUNK_PLAYERS_SCHEMA | tallies),
                 _turns_frame(log))


def _turns_frame(log: TurnLog) -> pl.DataFrame:
    """The `turns` frame of a chunk's log (`TurnLog`: columns, each move's texts written
    once per distinct move object)."""
    texts, rules = log.texts()
    return pl.DataFrame({"game_id": log.game_ids, "ply": log.plies, "seat": log.seats,
                         "move": texts, "rule": rules, "forced": log.forced},
                        schema=TURNS_SCHEMA)


def _play_game(chunk: _Chunk, game_id: int, seed: int, games: dict[str, list],
               players: dict[str, list], log: TurnLog) -> None:
    start = chunk.start
    if isinstance(start, Game):
        state = start.new(seed)
    elif chunk.viewer is not None:
        state = start.determinize(chunk.viewer, random.Random(f"{seed}:deal"))
    else:
        state = start
    played = play_out(state, chunk.agents, seed, game_id, log if chunk.log_turns else None)
    state = played.state
    decisions, forced_steps, chance_steps = played.decisions, played.forced_steps, played.chance_steps
    outcome = state.outcome()
    winners = tuple(outcome.winners) if outcome is not None else ()
    scores = tuple(float(s) for s in (outcome.scores if outcome is not None else state.scores()))
    games["game_id"].append(game_id)
    games["seed"].append(seed)
    games["turns"].append(decisions)
    games["forced_steps"].append(forced_steps)
    games["chance_steps"].append(chance_steps)
    games["winners"].append(list(winners))
    games["ended_by"].append(outcome.ended_by if outcome is not None else "")
    share = 1.0 / len(winners) if winners else 0.0
    for name, counts in state.tallies().items():
        if name in PLAYERS_SCHEMA:
            raise ValueError(f"{state.game!r}: a tally may not be named like the column {name!r}")
        players.setdefault(name, []).extend(counts)
    for seat, score in enumerate(scores):
        won = seat in winners
        players["game_id"].append(game_id)
        players["seat"].append(seat)
        players["score"].append(score)
        players["won"].append(share if won else 0.0)
        players["winner"].append(won)
        players["rank"].append(1 if won else 1 + len(winners) + sum(
            1 for other, s in enumerate(scores) if other not in winners and s > score))


# ----------------------------------------------------------------------------- the run
def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of games 0..n-1 of a run: a prefix of the same stream for every n."""
    master = random.Random(seed)
    return [master.getrandbits(62) for _ in range(n)]


def resolve_agents(agents: str | Agent | Sequence[str | Agent], game: Game) -> tuple[Agent, ...]:
    """One agent per seat from names ("random,greedy" or a list) and/or agent objects."""
    chosen: list[str | Agent]
    if isinstance(agents, str):
        chosen = [a for a in agents.split(",") if a.strip()]
    elif isinstance(agents, (list, tuple)):
        chosen = list(agents)
    else:
        chosen = [cast(Agent, agents)]         # one agent object
    if not chosen:
        raise InvalidInput("agents", "expected at least one agent")
    if len(chosen) == 1:
        chosen = chosen * game.players
    if len(chosen) != game.players:
        raise InvalidInput("agents", f"expected 1 agent or one per seat ({game.players}), "
                                     f"got {len(chosen)}")
    resolved = []
    for seat, agent in enumerate(chosen):
        if isinstance(agent, str):
            agent = make_agent(agent, game)
        elif not callable(getattr(agent, "choose", None)):
            raise InvalidInput(f"agents[{seat}]", f"{agent!r} is neither an agent name "
                                                  f"nor an object with choose(obs, rng)")
        resolved.append(agent)
    return tuple(resolved)


def simulate(game_or_state: Game | State | str, agents: Any = "random", n: int = 100,
             seed: int = 0, workers: int | None = None, executor: cf.Executor | None = None,
             progress: bool | Report | None = None, log_turns: bool = True,
             viewer: int | None = None) -> Simulation:
    """Play `n` games and return their frames (see `Simulation`).

    `game_or_state`: a Game (each game starts from `game.new(seed_i)`), a game name
    (default players and options), or a State (what-if: every game continues from this
    position, its chance resolved afresh). `agents`: a name, an agent object, or one per
    seat. `workers`: processes to use (default: every core; 1 = this process).
    `executor`: any `concurrent.futures.Executor` to run the chunks instead. `progress`:
    a progress bar (`core.progress`: in a notebook it leaves one line when done; None:
    shown when the run is expected to take over a second, estimated by timing its first
    games), or a function `report(done, total)` told after each chunk. `viewer` (with a State): every game first
    redraws what that seat cannot see (`State.determinize`), so the what-if uses only
    that player's knowledge, not the teacher's. The same (seed, n) always gives the
    same frames.
    """
    start: Game | State
    if isinstance(game_or_state, str):
        start = load(game_or_state)
    elif isinstance(game_or_state, (Game, State)):
        start = game_or_state
    else:
        raise InvalidInput("game_or_state", f"expected a Game, a State or a game name, "
                                            f"got {type(game_or_state).__name__}")
    game = start if isinstance(start, Game) else start.game
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidInput("n", f"expected a whole number of games >= 0, got {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", f"expected a whole number, got {seed!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise InvalidInput("workers", f"expected None or a whole number >= 1, got {workers!r}")
    if viewer is not None and (isinstance(start, Game) or isinstance(viewer, bool)
                               or viewer not in range(game.players)):
        raise InvalidInput("viewer", f"expected None or a seat 0-{game.players - 1} "
                                     f"(with a State to start from), got {viewer!r}")
    resolved = resolve_agents(agents, game)
    seeds = game_seeds(seed, n)
    workers = workers or _parallelism(executor)
    chunks = _chunks(start, resolved, seeds, workers, log_turns, viewer)
    parts = _run(chunks, workers, executor, progress, n)
    return _frames(game, start, resolved, seed, parts)


def _parallelism(executor: cf.Executor | None) -> int:
    """How many games can run at once: the cores here, a pool's workers, or the threads
    of the Dask cluster behind `client.get_executor()` (so a big cluster gets enough
    chunks). It sets only the chunk size, never the frames."""
    if executor is None:
        return os.cpu_count() or 1
    pool_size = getattr(executor, "_max_workers", None)   # concurrent.futures pools
    if isinstance(pool_size, int) and pool_size > 0:
        return pool_size
    client = getattr(executor, "_client", None)            # distributed.cfexecutor.ClientExecutor
    if client is not None and callable(getattr(client, "nthreads", None)):
        threads = sum(client.nthreads().values())
        if threads > 0:
            return threads
    return os.cpu_count() or 1


def _chunks(start: Game | State, agents: tuple[Agent, ...], seeds: list[int], workers: int,
            log_turns: bool, viewer: int | None) -> list[_Chunk]:
    """Cut the games into chunks: several per worker (for balance and progress), not tiny."""
    size = max(1, min(250, math.ceil(len(seeds) / (workers * 8))))
    if workers > 1:
        size = max(size, min(25, math.ceil(len(seeds) / workers)))
    return [_Chunk(start, agents, i, tuple(seeds[i:i + size]), log_turns, viewer)
            for i in range(0, len(seeds), size)]


def _probe(chunks: list[_Chunk]) -> tuple[list[_Part], int, float]:
    """Play the first games one by one here for about PROBE_SECONDS (at most the first
    chunk); returns their results, how many, and the seconds they took (estimated
    without the first game's warm-up when more than one was played). The rest of that
    chunk stays in `chunks`, so every game is played once, whatever the estimate says."""
    first = chunks[0]
    done: list[_Part] = []
    began = time.perf_counter()
    warm = began        # the first game pays for warm-up (caches, imports): not counted if others ran
    while len(done) < len(first.seeds) and time.perf_counter() - began < PROBE_SECONDS:
        k = len(done)
        done.append(_play_chunk(dataclasses.replace(first, first=first.first + k,
                                                    seeds=first.seeds[k:k + 1])))
        if k == 0:
            warm = time.perf_counter()
    now = time.perf_counter()
    timed = len(done) - 1 if len(done) > 1 else len(done)
    seconds = (now - warm if len(done) > 1 else now - began) * len(done) / max(1, timed)
    if len(done) == len(first.seeds):
        chunks.pop(0)
    else:
        chunks[0] = dataclasses.replace(first, first=first.first + len(done),
                                        seeds=first.seeds[len(done):])
    return done, len(done), seconds


def expected_seconds(per_game: float, games: int, parallel: int) -> float:
    """How long `games` more games should take at `per_game` seconds each on `parallel` cores."""
    return per_game * games / max(1, parallel)


def _run(chunks: list[_Chunk], workers: int, executor: cf.Executor | None,
         progress: bool | Report | None, n: int) -> list[_Part]:
    """Play the chunks (here, in a process pool, or on `executor`), results in chunk order.

    `progress=None`: time the first games here, and show the bar only when the rest is
    expected to take more than AUTO_PROGRESS_SECONDS."""
    chunks = list(chunks)
    head: list[_Part] = []
    done = 0
    report = progress if callable(progress) else None
    show = bool(progress)
    if progress is None and chunks:
        head, done, seconds = _probe(chunks)
        serial = executor is None and (workers == 1 or len(chunks) <= 1)
        parallel = 1 if serial else min(workers, max(1, len(chunks)))
        show = expected_seconds(seconds / max(1, done), n - done, parallel) > AUTO_PROGRESS_SECONDS
    return head + _run_chunks(chunks, workers, executor, show, n, done, report)


def _run_chunks(chunks: list[_Chunk], workers: int, executor: cf.Executor | None, show: bool,
                n: int, done: int, report: Report | None = None) -> list[_Part]:
    results: list[Any] = [None] * len(chunks)
    if not chunks:
        return results
    with Progress(n, "game", "simulate", initial=done, show=bool(show), report=report) as bar:
        if executor is None and (workers == 1 or len(chunks) <= 1):
            for i, chunk in enumerate(chunks):
                results[i] = _play_chunk(chunk)
                bar.update(len(chunk.seeds))
            return results
        own = executor is None
        pool = executor if executor is not None else cf.ProcessPoolExecutor(
            max_workers=min(workers, len(chunks)), mp_context=_process_context())
        try:
            sent = [dataclasses.replace(c, pause_collector=True) for c in chunks] if own else chunks
            futures = {pool.submit(_play_chunk, chunk): i for i, chunk in enumerate(sent)}
            for future in cf.as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                bar.update(len(chunks[i].seeds))
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    return results


def _process_context() -> multiprocessing.context.BaseContext:
    """Fork where it exists (fast start; agents defined in a notebook still pickle)."""
    if sys.platform != "win32" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _frames(game: Game, start: Game | State, agents: tuple[Agent, ...], seed: int,
            parts: list[_Part]) -> Simulation:
    """The run's frames: the chunks' frames in game order, plus the rule options (one
    column each) and the agent names (from the seat)."""
    def stacked(frame: str, schema: Mapping[str, Any]) -> pl.DataFrame:
        frames = [getattr(part, frame) for part in parts]
        return pl.concat(frames, rechunk=False) if frames else pl.DataFrame(schema=schema)

    games = stacked("games", GAMES_SCHEMA)
    options = to_jsonable(game.options)
    games = games.with_columns(pl.Series(f"opt_{k}", [v] * games.height)
                               for k, v in options.items())
    names = [getattr(a, "name", type(a).__name__) for a in agents]
    players = stacked("players", _CHUNK_PLAYERS_SCHEMA)
    players = players.with_columns(
        pl.col("seat").replace_strict(list(range(len(names))), names, return_dtype=pl.String)
        .alias("agent")).select(list(PLAYERS_SCHEMA) + [c for c in players.columns
                                                       if c not in PLAYERS_SCHEMA])
    turns = stacked("turns", TURNS_SCHEMA)
    return Simulation(game, tuple(names), seed, games, players, turns,
                      start if isinstance(start, State) else None)


# ----------------------------------------------------------------------------- comparisons
def compare_variants(game_name: str, players: int, variants: Mapping[str, Mapping[str, Any]],
                     agents: Any = "random", n: int = 1000, seed: int = 0,
                     **run: Any) -> Simulation:
    """Run the same games under several rule-option sets, for side-by-side charts.

    `variants` maps a label to rule options, e.g. two Dragon's Favor value tables
    ``{"printed": {}, "flat": {"track_values": (1, 2, 3, 4, 5, 6)}}``. Every variant
    plays the same game seeds, and within a game each named stream of luck ("deck",
    "battle P2") has its own random numbers, so a rule that rolls one more die does not
    shift every later card (common random numbers per stream sharpen the comparison). The
    frames gain a `variant` column; `game` is the game with default options. `run`
    passes workers/executor/progress/log_turns to `simulate`.
    """
    if not variants:
        raise InvalidInput("variants", "expected at least one label -> options entry")
    runs = []
    for label, options in variants.items():
        try:
            game = load(game_name, players, **dict(options))
        except InvalidInput as exc:
            raise InvalidInput(f"variants[{label!r}].{exc.field}", exc.problem) from exc
        sim = simulate(game, agents, n, seed, **run)
        runs.append((str(label), sim))

    return _stacked(load(game_name, players), runs, seed)


def _stacked(game: Game, runs: list[tuple[str, Simulation]], seed: int) -> Simulation:
    """Runs side by side: their frames stacked, with a `variant` column naming each."""
    def stack(frame: str) -> pl.DataFrame:
        return pl.concat([getattr(sim, frame).select(pl.lit(label).alias("variant"), pl.all())
                          for label, sim in runs], how="diagonal_relaxed")

    return Simulation(game, runs[0][1].agents, seed, stack("games"), stack("players"), stack("turns"))


def compare_positions(positions: Mapping[str, State], agents: Any = "greedy", n: int = 200,
                      seed: int = 0, **run: Any) -> Simulation:
    """What-if outcomes: play on from each position with the same agents and the same
    seeds, and stack the frames with a `variant` column naming each position.

    For example the main line and a branch of an explorer tree: the charts of
    `explorer.charts.variant_comparison` then show, side by side, the win share per seat
    with intervals and the score spread from each. Common random numbers per stream
    keep the luck the same where the positions allow it. `run` passes
    workers/executor/progress/log_turns to `simulate`.
    """
    if not positions:
        raise InvalidInput("positions", "expected at least one label -> State entry")
    games = {state.game for state in positions.values() if isinstance(state, State)}
    if len(games) != 1 or not all(isinstance(s, State) for s in positions.values()):
        raise InvalidInput("positions", "expected positions of one game (the same rules and players)")
    report = run.pop("progress", None)
    runs = []
    for k, (label, state) in enumerate(positions.items()):
        told = _offset(report, k * n, len(positions) * n) if callable(report) else report
        runs.append((str(label), simulate(state, agents, n, seed, progress=told, **run)))
    return _stacked(games.pop(), runs, seed)


def _offset(report: Report, before: int, total: int) -> Report:
    """`report` told the progress of one run of several as the progress of them all."""
    return lambda done, _: report(before + done, total)


def evaluate_moves(state: State, agents: Any = "random", n: int = 200, seed: int = 0,
                   workers: int | None = None, executor: cf.Executor | None = None,
                   progress: bool | None = None, honest: bool = False) -> pl.DataFrame:
    """For each legal move of the player to move: its win rate over `n` playouts.

    The games after each move are finished by `agents` (one per seat or one for all);
    every move is tried on the same seeds, so differences come from the move, not
    from luck. By default the playouts start from the true position (the teacher's
    view); `honest=True` redraws, per playout, what the mover cannot see, so the
    evaluation uses only the mover's knowledge. Columns: move, label, rule, seat,
    games, wins (the mover's win shares), mean_score, win_rate, ci_low, ci_high (95%
    Wilson), in legal-move order.
    """
    if not isinstance(state, State):
        raise InvalidInput("state", f"expected a State, got {type(state).__name__}")
    seat = state.to_move
    if seat is None or seat == CHANCE:
        raise InvalidInput("state", "moves are evaluated where a player decides, "
                                    "not when the game is over or at a chance node")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidInput("n", f"expected a whole number of playouts >= 1, got {n!r}")
    moves = state.legal_moves()
    workers = workers or os.cpu_count() or 1
    own = executor is None and workers > 1 and n > 1
    pool = (cf.ProcessPoolExecutor(max_workers=workers, mp_context=_process_context())
            if own else executor)
    rows = []
    bar: Any = None
    try:
        bar = None if progress is None else Progress(len(moves), "move", "evaluate", show=bool(progress))
        began = time.perf_counter()
        for i, move in enumerate(moves):
            if bar is None and i and (expected_seconds((time.perf_counter() - began) / i,
                                                       len(moves) - i, 1) > AUTO_PROGRESS_SECONDS):
                # progress=None: the first moves took long enough that the rest needs a bar
                bar = Progress(len(moves), "move", "evaluate", initial=i)
            sim = simulate(state.play(move, check=False), agents, n, seed, workers=workers,
                           executor=pool, progress=False, log_turns=False,
                           viewer=seat if honest else None)
            mine = sim.players.filter(pl.col("seat") == seat)
            rows.append({"move": str(move), "label": move.label, "rule": move.rule,
                         "seat": seat, "games": mine.height,
                         "wins": float(mine["won"].sum()),
                         "mean_score": float(cast(float, mine["score"].mean()) or 0.0)})
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
        if own and pool is not None:
            pool.shutdown()
    schema = {"move": pl.String, "label": pl.String, "rule": pl.String, "seat": pl.Int64,
              "games": pl.Int64, "wins": pl.Float64, "mean_score": pl.Float64}
    return with_wilson(pl.DataFrame(rows, schema=schema), "wins", "games")
