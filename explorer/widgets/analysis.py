"""The analysis pane: the value of every legal move, narrowing while the teacher watches.

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
from typing import Any

import ipywidgets as w

from ..core.analysis import Analysis
from ..core.errors import InvalidInput
from ..core.state import State

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
        head = (f"P{analysis.mover}'s moves, win share {analysis.whose} · "
                f"{analysis.samples:,} samples{' (done)' if done else ''}")
        return (f'<div class="rx-analysis-head"><small>{html.escape(head)}</small></div>'
                f'<table class="rx-analysis-table">{"".join(lines)}</table>')
