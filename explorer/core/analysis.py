"""The value of every move: an analysis board for games with hidden cards and dice.

A chess teacher's analysis board gives each move an evaluation and flags the mistakes
of a game. Here each legal move of a decision gets its *win share* for the mover: the
share of the win the mover can expect after making it (1 for a sure win, 1/k for a
k-way tie), with an interval that says how sure the estimate is.

How it is estimated (flat Monte Carlo over determinizations, the agents' way):

- Each sample draws a *world*: a full position consistent with what the viewer knows
  (`State.determinize`), never the true hidden cards of anyone else; for the teacher
  (viewer None) the position itself. The luck still to come is drawn in each world.
- The sample plays the move in that world and judges what follows as the search of
  `core.mcts` does: the luck falls, each player makes one random decision (a reply to
  the move, one per player in the game), then the game's heuristic
  (`explorer/games/<game>/heuristic.py`) gives each player's expected win share; a
  game without a heuristic is played out at random. The mover's share is the sample's
  value.
- Moves are sampled in turn, so every move has a first figure at once and all narrow
  together. The estimate is the mean; the interval is the mean's 95% normal interval
  (clipped to 0..1), or 0..1 while a move has fewer than two samples.

Whose knowledge: a player's analysis is only of their own decision (another player's
legal moves could tell their hand), and it reads only what that player may see: two
positions that look the same to them give the same figures, sample for sample. It says
so in its words: "as P1 knows it".

`analyse` returns the figures as a polars frame; `Analysis` thinks in slices
(`think(seconds)`, again and again), which is how the panel shows figures that narrow
while the teacher watches; `game_record` judges every decision of a game and marks its
mistakes as a chess annotator would ("?!", "?", "??").
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from .errors import InvalidInput
from .mcts import _Judge, evaluation_for
from .move import Move
from .pending import seat_name
from .state import CHANCE, State

if TYPE_CHECKING:
    import polars as pl

    from .tree import Explorer, Node

Z_95 = 1.96
"""The half-width of a 95% normal interval, in standard errors."""

MARKS: tuple[tuple[float, str], ...] = ((0.20, "??"), (0.10, "?"), (0.05, "?!"))
"""A decision's loss of win share against the best move, and the mark it earns (the
chess annotator's: "??" a blunder, "?" a mistake, "?!" a dubious move)."""


@dataclass
class MoveValue:
    """The samples of one move: their count, the sum of the mover's share and of its
    square, and the sum of every player's share (for the game record's chart)."""

    move: Move
    players: int
    n: int = 0
    total: float = 0.0
    total_sq: float = 0.0
    shares: list[float] = field(default_factory=list)

    def add(self, shares: tuple[float, ...], mover: int) -> None:
        value = shares[mover]
        self.n += 1
        self.total += value
        self.total_sq += value * value
        if not self.shares:
            self.shares = [0.0] * self.players
        for p, share in enumerate(shares):
            self.shares[p] += share

    @property
    def win_share(self) -> float:
        return self.total / self.n if self.n else float("nan")

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (1 while there are fewer than 2 samples)."""
        if self.n < 2:
            return 1.0
        mean = self.total / self.n
        variance = max(0.0, (self.total_sq - self.n * mean * mean) / (self.n - 1))
        return Z_95 * math.sqrt(variance / self.n)

    @property
    def low(self) -> float:
        return 0.0 if self.n < 2 else max(0.0, self.win_share - self.half_width)

    @property
    def high(self) -> float:
        return 1.0 if self.n < 2 else min(1.0, self.win_share + self.half_width)

    def mean_shares(self) -> tuple[float, ...]:
        """Every player's expected share after this move, as sampled."""
        if not self.n:
            return (float("nan"),) * self.players
        return tuple(s / self.n for s in self.shares)


class Analysis:
    """The analysis of one decision, thinking in slices.

    >>> import explorer
    >>> state = explorer.load("village", players=2).new(seed=1)
    >>> analysis = Analysis(state, seed=3)
    >>> analysis.think(samples=2 * len(analysis.values))
    >>> all(value.n == 2 for value in analysis.values)
    True
    >>> analysis.whose
    'as the teacher sees it'
    """

    def __init__(self, state: State, viewer: int | None = None, seed: int = 0) -> None:
        if not isinstance(state, State):
            raise InvalidInput("state", f"expected a State, got {type(state).__name__}")
        mover = state.to_move
        if mover is None:
            raise InvalidInput("state", "the game is over: there is no decision to analyse")
        if mover == CHANCE:
            raise InvalidInput("state", f"luck speaks now ({state.pending.prompt}): there is no "
                                        f"decision to analyse; see the odds of the coming luck")
        players = state.game.players
        if viewer is not None:
            if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
                raise InvalidInput("viewer", f"expected None (teacher) or a seat 0-{players - 1}, got {viewer!r}")
            if viewer != mover:
                who = seat_name(mover)
                raise InvalidInput("viewer", f"it is {who}'s decision: {seat_name(viewer)} cannot see "
                                             f"{who}'s options; analyse it as the teacher or as {who}")
        self.state = state
        self.viewer = viewer
        self.mover: int = mover
        self.values = [MoveValue(move, players) for move in state.legal_moves()]
        self._rng = random.Random(seed)
        evaluate = evaluation_for(state.game)
        self._judge = _Judge(evaluate, players if evaluate is not None else -1)
        self._next = 0

    @property
    def whose(self) -> str:
        """Whose knowledge the figures use, in words."""
        return "as the teacher sees it" if self.viewer is None else f"as {seat_name(self.viewer)} knows it"

    @property
    def samples(self) -> int:
        return sum(value.n for value in self.values)

    def sample(self) -> None:
        """One sample of the next move in turn: a world as the viewer knows it, the move
        played there, and what follows judged."""
        value = self.values[self._next]
        self._next = (self._next + 1) % len(self.values)
        world = self.state.determinize(self.viewer, self._rng)
        after = world.play(value.move)
        value.add(self._judge(after, self._rng), self.mover)

    def think(self, seconds: float | None = None, samples: int | None = None,
              stop: Callable[[], bool] | None = None) -> None:
        """Sample for about `seconds`, or `samples` samples (whichever comes first when
        both are given), or until `stop()` says so."""
        if seconds is None and samples is None:
            raise InvalidInput("seconds", "say how long to think: seconds or samples")
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while True:
            if samples is not None and done >= samples:
                return
            if deadline is not None and done and time.perf_counter() >= deadline:
                return
            if stop is not None and stop():
                return
            self.sample()
            done += 1

    def best(self) -> MoveValue:
        """The move with the highest estimated win share (the first listed on a tie)."""
        return max(self.values, key=lambda value: (value.n > 0, value.win_share if value.n else 0.0))

    def value_of(self, move: Move) -> MoveValue:
        for value in self.values:
            if value.move == move:
                return value
        raise InvalidInput("move", f"{move} is not a legal move of this position")

    def rows(self) -> list[dict[str, Any]]:
        """One row per legal move, in the order they are listed: its text and label, the
        estimate (None before its first sample), the interval, the samples, and whether
        it is the best so far."""
        best = self.best()
        return [{"move": str(value.move), "label": value.move.label,
                 "win_share": value.win_share if value.n else None,
                 "low": value.low, "high": value.high, "samples": value.n, "best": value is best}
                for value in self.values]

    def ranked(self) -> list[dict[str, Any]]:
        """`rows`, best estimate first (moves without a figure yet last)."""
        return sorted(self.rows(), key=lambda r: -1.0 if r["win_share"] is None else -r["win_share"])

    def frame(self) -> "pl.DataFrame":
        import polars as pl
        return pl.DataFrame(self.rows(), schema={
            "move": pl.String, "label": pl.String, "win_share": pl.Float64, "low": pl.Float64,
            "high": pl.Float64, "samples": pl.Int64, "best": pl.Boolean})


def analyse(state: State, viewer: int | None = None, seconds: float = 0.5, seed: int = 0) -> "pl.DataFrame":
    """The value of every legal move of `state` for its mover, after about `seconds` of
    thinking: a polars frame with one row per legal move and the columns `move` (its
    text), `label`, `win_share`, `low` and `high` (a 95% interval), `samples` and `best`.

    `viewer` None analyses as the teacher (the true position, luck unknown); a seat
    analyses that player's own decision from their information only."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 600:
        raise InvalidInput("seconds", f"expected a number of seconds in (0, 600], got {seconds!r}")
    analysis = Analysis(state, viewer, seed)
    analysis.think(seconds=seconds)
    return analysis.frame()


def mark_for(loss: float) -> str:
    """The annotator's mark of a decision that lost `loss` of win share ("" for none)."""
    for threshold, mark in MARKS:
        if loss >= threshold:
            return mark
    return ""


def decisions(tree: "Explorer", node_id: int | None = None) -> list["Node"]:
    """The nodes of the line to `node_id` (the current node by default) reached by a
    decision that had a choice: what a game record judges."""
    return [node for node in tree.line(node_id)[1:] if node.move is not None and node.move_by is not None
            and node.move_by != CHANCE and not node.forced]


def judge(tree: "Explorer", node: "Node") -> Analysis:
    """A fresh analysis of the decision that led to `node`, from its mover's own view
    (seeded by the node: the same record every time)."""
    if node.parent is None:
        raise InvalidInput("node", "the root follows no decision: there is nothing to judge")
    before = tree.nodes[node.parent].state
    return Analysis(before, viewer=node.move_by, seed=node.id)


def record_row(node: "Node", analysis: Analysis, ply: int, players: int, mark: bool = True) -> dict[str, Any]:
    """The record's row of the decision that led to `node`, judged by `analysis`
    (`game_record` gives the columns); marks the node when `mark`."""
    if node.move is None or node.move_by is None:
        raise InvalidInput("node", f"node {node.id} has no decision to judge (the root, luck, or a "
                                   f"move its viewer could not read)")
    played = analysis.value_of(node.move)
    best = analysis.best()
    loss = max(0.0, best.win_share - played.win_share) if best is not played else 0.0
    earned = mark_for(loss) if best.low > played.win_share else ""
    if mark:
        node.mark = earned
    shares = played.mean_shares()
    return {"ply": ply, "node": node.id, "mover": seat_name(node.move_by), "move": node.label,
            "win_share": played.win_share, "best": best.move.label, "best_share": best.win_share,
            "loss": loss, "mark": earned, **{f"P{p}": shares[p] for p in range(players)}}


def record_frame(rows: list[dict[str, Any]], players: int) -> "pl.DataFrame":
    """The record's rows as a frame (`game_record` gives the columns), typed when empty too."""
    import polars as pl
    schema: dict[str, Any] = {"ply": pl.Int64, "node": pl.Int64, "mover": pl.String, "move": pl.String,
                              "win_share": pl.Float64, "best": pl.String, "best_share": pl.Float64,
                              "loss": pl.Float64, "mark": pl.String,
                              **{f"P{p}": pl.Float64 for p in range(players)}}
    return pl.DataFrame(rows, schema=schema)


def game_record(tree: "Explorer", seconds: float = 0.2, node_id: int | None = None,
                progress: Callable[[int, int], None] | None = None, mark: bool = True,
                show: bool = False) -> "pl.DataFrame":
    """Judge every decision on the line to `node_id` (the current node by default), each
    from its mover's own view, and mark the mistakes in the tree (`Node.mark`).

    One row per decision that had a choice: `ply`, `node` (the node after the move),
    `mover`, `move` (its label), `win_share` (of the move played), `best` (the label of the
    best move found) and `best_share`, `loss` (best minus played, 0 when the played move is
    the best), `mark`, and `P0`.. the expected share of each player after the move played
    (the chart of the game). A loss is marked only when it stands out of the noise: the
    best move's interval lies wholly above the played move's estimate.

    `progress(done, total)` is called after each decision; `show` draws a progress bar
    instead (`core.progress`: in a notebook it leaves one line when done). The panel
    judges the same way in slices (`widgets.analysis.RecordPane`)."""
    from .progress import Progress
    judged = decisions(tree, node_id)
    players = tree.game.players
    rows: list[dict[str, Any]] = []
    bar = Progress(len(judged), "decision", "judging the game", show=show, report=progress)
    for node in judged:
        analysis = judge(tree, node)
        analysis.think(seconds=seconds, samples=None)
        rows.append(record_row(node, analysis, len(rows) + 1, players, mark))
        bar.update()
    bar.close()
    return record_frame(rows, players)
