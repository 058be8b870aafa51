"""The analysis pane: the value of every legal move, narrowing while the teacher watches;
and the record pane: a whole game judged, its mistakes marked, its chart a way back.

Lichess's analysis board is the model: switched on, it shows each move of the position
with its estimate (`core.analysis`: the mover's expected win share and a 95% interval),
the best marked, figures that narrow as it thinks, and it says whose knowledge it uses
("as P1 knows it").

Why slices on the kernel's event loop, not a thread: a thread of Python sampling holds
the interpreter most of the time, so every click would wait for it. Here the pane
thinks for `SLICE` seconds, then gives the loop back (clicks and redraws go first) and
asks for the next slice; a click that changes the position calls `show`, which drops
the old analysis at once. Without a running loop (a script, a test) the pane thinks
only when asked (`think_for`).
"""
from __future__ import annotations

import asyncio
import html
import time
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w
import polars as pl

from ..core.analysis import Analysis, decisions, judge, record_frame, record_row
from ..core.errors import InvalidInput
from ..core.pending import seat_name
from ..core.state import State
from ..core.words import counted

if TYPE_CHECKING:
    from ..core.tree import Explorer, Node

SLICE = 0.015
"""Seconds of thinking per slice: short enough that a click waits at most this long."""
REDRAW = 0.25
"""Seconds between redraws of the table while it thinks."""
BUDGET = 20.0
"""Seconds of thinking per position; then the figures stay as they are."""


class AnalysisPane(w.VBox):
    """A switch and a table of every legal move's win share for the mover."""

    def __init__(self) -> None:
        self.switch = w.ToggleButton(value=False, description="Analyse", icon="line-chart",
                                     tooltip="estimate the win share of every legal move",
                                     layout=w.Layout(width="auto"))
        self.switch.add_class("rx-analysis-switch")
        self.table = w.HTML()
        self.table.add_class("rx-analysis")
        super().__init__([self.switch, self.table])
        self.analysis: Analysis | None = None
        self._state: State | None = None
        self._viewer: int | None = None
        self._started = 0.0
        self._drawn = 0.0
        self._generation = 0
        self.switch.observe(lambda change: self._switched(change["new"]), "value")

    # -------------------------------------------------------------- the position
    def show(self, state: State, viewer: int | None = None) -> None:
        """Analyse `state` from `viewer`'s knowledge from now on (the old analysis stops)."""
        self._state, self._viewer = state, viewer
        self._generation += 1
        self.analysis = None
        if self.switch.value:
            self._start()

    def _switched(self, on: bool) -> None:
        self._generation += 1
        if on and self._state is not None:
            self._start()
        else:
            self.analysis = None
            self.table.value = ""

    def _start(self) -> None:
        state = self._state
        assert state is not None
        try:
            self.analysis = Analysis(state, self._viewer, seed=0)
        except InvalidInput as exc:
            self.analysis = None
            self.table.value = f'<div class="rx-why">{html.escape(exc.problem)}</div>'
            return
        self._started = time.perf_counter()
        self._drawn = 0.0
        self.think_for(SLICE)
        self._schedule(self._generation)

    # -------------------------------------------------------------- thinking
    def think_for(self, seconds: float) -> None:
        """Think for about `seconds` on the position shown, then redraw when due."""
        if self.analysis is None:
            return
        self.analysis.think(seconds=seconds)
        now = time.perf_counter()
        if now - self._drawn >= REDRAW or self.analysis.samples <= len(self.analysis.values) * 2:
            self._drawn = now
            self.table.value = self._html()

    def _schedule(self, generation: int) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if not loop.is_running():
            return
        loop.call_later(0.001, self._slice, generation)

    def _slice(self, generation: int) -> None:
        if generation != self._generation or self.analysis is None:
            return                    # the position changed, or the pane was switched off
        if time.perf_counter() - self._started >= BUDGET:
            self.table.value = self._html(done=True)
            return
        self.think_for(SLICE)
        self._schedule(generation)

    # -------------------------------------------------------------- the table
    def rows(self) -> list[dict[str, Any]]:
        """The figures shown, best first (empty before the pane thinks)."""
        if self.analysis is None:
            return []
        return self.analysis.ranked()

    def _html(self, done: bool = False) -> str:
        analysis = self.analysis
        if analysis is None:
            return ""
        lines = []
        for row in self.rows():
            share = row["win_share"]
            figure = "…" if share is None else (f"{share:.2f} ({row['low']:.2f}–{row['high']:.2f})")
            star = "★ " if row["best"] else ""
            lines.append(f'<tr><td>{star}{html.escape(row["label"])}</td>'
                         f'<td style="text-align:right;white-space:nowrap">{figure}</td></tr>')
        head = (f"{seat_name(analysis.mover)}'s moves, win share {analysis.whose} · "
                f"{analysis.samples:,} samples{' (done)' if done else ''}")
        return (f'<div class="rx-analysis-head"><small>{html.escape(head)}</small></div>'
                f'<table class="rx-analysis-table">{"".join(lines)}</table>')


RECORD_SECONDS = 0.2
"""Seconds of thinking per decision of a game record (as `teach.record`)."""
RECORD_WIDTH = 190
"""Pixels for the record chart's plot: with its axes and legend it fits the tab's column."""


class RecordPane(w.VBox):
    """The game record in the panel: every decision of the line judged from its mover's
    view (`core.analysis`: the same figures as `teach.record`), the mistakes marked in the
    history, and the chart of the game, whose points take the teacher to their position.
    It judges the line through the current position to its end.

    It judges in slices on the kernel's loop, as `AnalysisPane` thinks: a click between
    two slices waits at most `SLICE`. The line is fixed when judging starts; moving about
    the tree meanwhile does not stop it, a second click on the button does."""

    def __init__(self, source: Callable[[], "Explorer"], goto: Callable[[int], None],
                 marked: Callable[[], None]) -> None:
        """`source()`: the tree to judge (the panel's); `goto(node id)`: show a position;
        `marked()`: the marks changed (the history redraws)."""
        self.button = w.Button(description="judge this game", icon="flag",
                               tooltip=self.TIP, layout=w.Layout(width="auto"))
        self.button.add_class("rx-record-button")
        self.bar = w.IntProgress(value=0, min=0, max=1, description="judging",
                                 layout=w.Layout(display="none", width="auto"))
        self.status = w.HTML()
        self.status.add_class("rx-record-status")
        # a box, not an Output: the chart is drawn from a slice of the loop, where an
        # Output's capture has no cell to send to
        self.chart = w.Box(layout=w.Layout(overflow="auto"))
        self.chart.add_class("rx-record-chart")
        super().__init__([self.button, self.bar, self.status, self.chart])
        self._source, self._goto, self._marked = source, goto, marked
        self.frame: pl.DataFrame | None = None
        self.picker: Any = None
        self._tree: Explorer | None = None
        self._todo: list[Node] = []
        self._rows: list[dict[str, Any]] = []
        self._judging: Analysis | None = None
        self._thought = 0.0
        self._generation = 0
        self.seconds = RECORD_SECONDS
        """Seconds of thinking per decision when the button starts the record."""
        self._seconds = RECORD_SECONDS
        self.button.on_click(lambda _: self.stop() if self.busy else self.start(self._source(), self.seconds))

    def show_to(self, viewer: int | None) -> None:
        """The record is the teacher's: it reads every mover's view, so in a player's
        perspective its figures and chart are hidden (judging goes on) and the button
        is off."""
        teacher = viewer is None
        self.button.disabled = not teacher
        self.chart.layout.display = "flex" if teacher else "none"
        self.status.layout.display = "flex" if teacher else "none"
        self.button.tooltip = (self.TIP if teacher else
                               "the game record reads every mover's view: the teacher's view only")

    TIP = "judge every decision of this line from its mover's view and mark the mistakes in the history"

    @property
    def busy(self) -> bool:
        """Whether it is judging."""
        return self._tree is not None

    # -------------------------------------------------------------- judging
    def start(self, tree: "Explorer", seconds: float = RECORD_SECONDS) -> None:
        """Judge every decision of the line through the current position, to its end
        (`Explorer.line_end`: a game rewound is judged whole), `seconds` each."""
        self._generation += 1
        self._tree, self._seconds = tree, seconds
        self._todo = decisions(tree, tree.line_end())
        self._rows, self._judging, self._thought = [], None, 0.0
        self.frame = None
        self.chart.children = ()
        if not self._todo:
            self._tree = None
            self.status.value = "<small>No decision to judge yet: play some moves first.</small>"
            return
        self.bar.max, self.bar.value = len(self._todo), 0
        self.bar.layout.display = "flex"
        self.button.description = "stop judging"
        self._say()
        self._schedule(self._generation)

    def stop(self) -> None:
        """Stop judging; the decisions judged so far keep their marks."""
        self._generation += 1
        self._finish(stopped=True)

    def step(self, seconds: float = SLICE) -> bool:
        """Judge for about `seconds`; True while decisions are left (a test, a script or
        a slice of the loop calls it)."""
        tree = self._tree
        if tree is None:
            return False
        if self._judging is None:
            self._judging, self._thought = judge(tree, self._todo[len(self._rows)]), 0.0
        began = time.perf_counter()
        self._judging.think(seconds=min(seconds, self._seconds - self._thought))
        self._thought += time.perf_counter() - began
        if self._thought >= self._seconds or not self._judging.samples:
            node = self._todo[len(self._rows)]
            self._rows.append(record_row(node, self._judging, len(self._rows) + 1, tree.game.players))
            self._judging = None
            self.bar.value = len(self._rows)
            self._say()
            if len(self._rows) == len(self._todo):
                self._finish()
                return False
        return True

    def _say(self) -> None:
        self.status.value = (f"<small>{len(self._rows)} of {counted(len(self._todo), 'decision')} judged, "
                             f"each from its mover's view</small>")

    def _finish(self, stopped: bool = False) -> None:
        tree, self._tree = self._tree, None
        self.bar.layout.display = "none"
        self.button.description = "judge this game"
        if tree is None:
            return
        self.frame = record_frame(self._rows, tree.game.players)
        marked = self.frame.filter(pl.col("mark") != "").height
        self.status.value = (f"<small>{'Stopped: ' if stopped else ''}{counted(self.frame.height, 'decision')} "
                             f"judged; {counted(marked, 'mistake')} marked in the history "
                             f"(?! dubious, ? mistake, ?? blunder)</small>")
        self._marked()
        if self.frame.height:
            self._draw()

    def _draw(self) -> None:
        from ..charts import PICK, game_record
        assert self.frame is not None
        import altair as alt
        chart = game_record(self.frame, width=RECORD_WIDTH, clickable=True)
        alt.JupyterChart.enable_offline(offline=True)       # the classroom may have no network
        self.picker = alt.JupyterChart(chart, embed_options={"renderer": "svg", "actions": False})
        self.picker.selections.observe(self._picked, [PICK])
        self.chart.children = (self.picker,)

    def _picked(self, change: dict[str, Any]) -> None:
        chosen = getattr(change["new"], "value", None) or []
        if chosen and "node" in chosen[0]:
            self._goto(int(chosen[0]["node"]))

    def _schedule(self, generation: int) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if loop.is_running():
            loop.call_later(0.001, self._slice, generation)

    def _slice(self, generation: int) -> None:
        if generation != self._generation:
            return
        if self.step(SLICE):
            self._schedule(generation)
