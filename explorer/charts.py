"""Altair charts over simulation frames: scores, win rates, game length, variants, moves.

Every chart takes a `Simulation` (or the polars frame it draws) and returns an Altair
chart. The frames are aggregated with polars first, so a chart of 10,000 games embeds
a few hundred rows, not the games themselves. Nothing here needs the internet: call
`enable_offline()` in a notebook for interactive charts with Vega bundled, and
`chart.save("c.svg")` renders through vl-convert, also offline.
"""
from __future__ import annotations

import math
from typing import Any

import altair as alt
import polars as pl

from .core.simulate import Simulation, compare_variants, with_wilson

__all__ = ["compare_variants", "enable_offline", "end_reasons", "game_length", "move_evaluation",
           "score_distribution", "variant_comparison", "win_rates"]

WIDTH = 420
HEIGHT = 220


def enable_offline() -> str:
    """Render charts without the CDN; returns the renderer now active.

    In a notebook kernel: Altair's "jupyter" renderer with Vega bundled (interactive,
    offline). Should that fail (an old frontend, no anywidget), the static "svg"
    renderer. Outside a kernel (a script, a test) nothing is displayed, so the
    renderer is left as it is.
    """
    if not _in_kernel():
        return alt.renderers.active
    try:
        alt.renderers.enable("jupyter", offline=True)
    except Exception:  # any failure of the interactive renderer: fall back to static SVG
        alt.renderers.enable("svg")
    return alt.renderers.active


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _players(data: Simulation | pl.DataFrame) -> pl.DataFrame:
    frame = data.players if isinstance(data, Simulation) else data
    return frame.with_columns(
        pl.format("seat {} · {}", pl.col("seat"), pl.col("agent")).alias("player"))


def _games(data: Simulation | pl.DataFrame) -> pl.DataFrame:
    return data.games if isinstance(data, Simulation) else data


def _variant_keys(frame: pl.DataFrame) -> list[str]:
    return ["variant"] if "variant" in frame.columns else []


def _binned(frame: pl.DataFrame, column: str, bins: int = 30) -> tuple[pl.DataFrame, float]:
    """`frame` plus `<column>_bin` (the bin's low edge), bins of a whole width, at most
    about `bins` of them (width 1, the values themselves, when the range is small)."""
    low, high = frame[column].min(), frame[column].max()
    span = float(high - low) if frame.height else 0.0
    width = float(max(1, math.ceil(span / bins)))
    binned = ((pl.col(column) / width).floor() * width).alias(f"{column}_bin")
    return frame.with_columns(binned), width


def _bin_title(text: str, width: float) -> str:
    return text if width == 1 else f"{text} (bins of {width:g})"


def score_distribution(data: Simulation | pl.DataFrame) -> alt.Chart | alt.FacetChart:
    """How often each final score occurs, one line per seat and agent (a panel per variant)."""
    players, width = _binned(_players(data), "score")
    keys = _variant_keys(players) + ["seat", "agent", "player"]
    counts = (players.group_by(keys + ["score_bin"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / pl.col("games").sum().over(keys)).alias("share"))
              .sort(keys + ["score_bin"]))
    chart = alt.Chart(counts).mark_line(point=True).encode(
        x=alt.X("score_bin:Q", title=_bin_title("final score", width)),
        y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%")),
        color=alt.Color("player:N", title="seat · agent"),
        tooltip=["player:N", alt.Tooltip("score_bin:Q", title="score from"), "games:Q",
                 alt.Tooltip("share:Q", format=".1%")],
    ).properties(width=WIDTH, height=HEIGHT)
    title = "Score distribution"
    if "variant" in counts.columns:
        return chart.facet(column=alt.Column("variant:N", title=None)).properties(title=title)
    return chart.properties(title=title)


def _win_table(players: pl.DataFrame) -> pl.DataFrame:
    keys = _variant_keys(players) + ["seat", "agent", "player"]
    table = (players.group_by(keys).agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                                        pl.col("score").mean().alias("mean_score"))
             .sort(keys))
    return with_wilson(table, "wins", "games")


def win_rates(data: Simulation | pl.DataFrame) -> alt.LayerChart:
    """Win rate per seat and agent with 95% Wilson intervals; the rule marks a fair share.

    Shared wins count as fractions (a two-way tie gives each winner half a win).
    """
    players = _players(data)
    table = _win_table(players)
    seats = int(players["seat"].max()) + 1 if players.height else 1
    variant = "variant" in table.columns
    encoding: dict[str, Any] = {
        "x": alt.X("player:N", title="seat · agent", sort=None, axis=alt.Axis(labelAngle=0)),
        "tooltip": ["player:N", "games:Q", alt.Tooltip("win_rate:Q", format=".1%"),
                    alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%")],
    }
    if variant:
        encoding["xOffset"] = alt.XOffset("variant:N")
        encoding["tooltip"].append("variant:N")
    base = alt.Chart(table).encode(**encoding)
    bars = base.mark_bar().encode(
        y=alt.Y("win_rate:Q", title="win rate", axis=alt.Axis(format="%")),
        color=alt.Color("variant:N") if variant else alt.Color("agent:N"))
    errors = base.mark_errorbar(thickness=2, color="black").encode(
        y=alt.Y("ci_low:Q", title="win rate"), y2="ci_high:Q")
    fair = alt.Chart(pl.DataFrame({"fair": [1 / seats]})).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="fair:Q")
    return alt.layer(bars, errors, fair).properties(
        width=WIDTH, height=HEIGHT, title="Win rate by seat and agent (95% Wilson interval)")


def game_length(data: Simulation | pl.DataFrame) -> alt.Chart:
    """How many decisions the games took: bars, or one line per variant when comparing."""
    games, width = _binned(_games(data), "turns")
    keys = _variant_keys(games)
    total = pl.col("games").sum().over(keys) if keys else pl.col("games").sum()
    counts = (games.group_by(keys + ["turns_bin"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / total).alias("share"))
              .sort(keys + ["turns_bin"]))
    x = alt.X("turns_bin:Q", title=_bin_title("decisions in the game", width))
    tooltip = [alt.Tooltip("turns_bin:Q", title="decisions from"), "games:Q",
               alt.Tooltip("share:Q", format=".1%")] + [f"{k}:N" for k in keys]
    if keys:
        chart = alt.Chart(counts).mark_line(point=True).encode(
            x=x, y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%")),
            color=alt.Color("variant:N"), tooltip=tooltip)
    else:
        chart = alt.Chart(counts).mark_bar().encode(
            x=x, y=alt.Y("games:Q", title="games"), tooltip=tooltip)
    return chart.properties(width=WIDTH, height=HEIGHT, title="Game length")


def end_reasons(data: Simulation | pl.DataFrame) -> alt.Chart:
    """How the games ended: the share of games per `ended_by` sentence, most common
    first (bars side by side per variant when comparing rule variants)."""
    games = _games(data)
    keys = _variant_keys(games)
    total = pl.col("games").sum().over(keys) if keys else pl.col("games").sum()
    counts = (games.group_by(keys + ["ended_by"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / total).alias("share"))
              .sort(keys + ["games"], descending=[False] * len(keys) + [True]))
    encoding: dict[str, Any] = {
        "y": alt.Y("ended_by:N", title=None, sort="-x"),
        "x": alt.X("share:Q", title="share of games", axis=alt.Axis(format="%")),
        "tooltip": ["ended_by:N", "games:Q", alt.Tooltip("share:Q", format=".1%")]
                   + [f"{k}:N" for k in keys],
    }
    if keys:
        encoding["yOffset"] = alt.YOffset("variant:N")
        encoding["color"] = alt.Color("variant:N")
    return alt.Chart(counts).mark_bar().encode(**encoding).properties(
        width=WIDTH, title=f"How {games.height} games ended")


def variant_comparison(sim: Simulation) -> alt.HConcatChart:
    """Rule variants side by side: win rate per seat, and the mean score per seat.

    Takes the result of `compare_variants` (frames with a `variant` column).
    """
    if "variant" not in sim.players.columns:
        raise ValueError("variant_comparison needs frames with a 'variant' column: "
                         "run compare_variants(...) first")
    table = _win_table(_players(sim.players))
    scores = alt.Chart(table).mark_bar().encode(
        x=alt.X("player:N", title="seat · agent", sort=None, axis=alt.Axis(labelAngle=0)),
        xOffset="variant:N",
        y=alt.Y("mean_score:Q", title="mean final score"),
        color="variant:N",
        tooltip=["variant:N", "player:N", alt.Tooltip("mean_score:Q", format=".2f")],
    ).properties(width=WIDTH, height=HEIGHT, title="Mean score by variant")
    return alt.hconcat(win_rates(sim.players), scores)


def move_evaluation(frame: pl.DataFrame) -> alt.LayerChart:
    """Each legal move's win rate by playout, best first, with 95% Wilson intervals.

    Takes the frame of `explorer.core.simulate.evaluate_moves(state, ...)`.
    """
    table = frame.sort("win_rate", descending=True)
    name = "label" if table["label"].n_unique() == table.height else "move"
    base = alt.Chart(table).encode(
        y=alt.Y(f"{name}:N", title="move", sort=table[name].to_list()),
        tooltip=["move:N", "rule:N", "games:Q", alt.Tooltip("win_rate:Q", format=".1%"),
                 alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%"),
                 alt.Tooltip("mean_score:Q", format=".2f")])
    bars = base.mark_bar().encode(
        x=alt.X("win_rate:Q", title="win rate of the mover", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])))
    errors = base.mark_errorbar(thickness=2, color="black").encode(
        x=alt.X("ci_low:Q", title="win rate of the mover"), x2="ci_high:Q")
    return alt.layer(bars, errors).properties(
        width=WIDTH, height=max(60, 18 * table.height), title="Moves by playout win rate")
