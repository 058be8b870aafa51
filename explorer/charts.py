"""Altair charts over simulation frames: scores, win rates, game length, variants, moves.

Every chart takes a `Simulation` (or the polars frame it draws) and returns an Altair
chart. The frames are aggregated with polars first, so a chart of 10,000 games embeds
a few hundred rows, not the games themselves.

Nothing here needs the internet. altair is imported only when a chart is drawn (not by
``import explorer.charts``); the first chart then makes the "explorer" renderer active
(unless another one was chosen): every chart displayed carries a static SVG picture,
made here by vl-convert, with its Vega-Lite spec beside it. `enable_offline()` in a
notebook adds altair's interactive chart widget (Vega bundled, no CDN) to the same
display bundle, so a viewer without the widget still shows the picture, and
`chart.save("c.svg")` renders offline too.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import polars as pl

from .core.errors import InvalidInput
from .core.pending import seat_name
from .core.simulate import PLAYERS_SCHEMA, Simulation, compare_variants, with_wilson
from .core.words import counted

if TYPE_CHECKING:
    import altair as alt

__all__ = ["RENDERER", "compare_variants", "decisions", "enable_offline", "end_reasons",
           "game_length", "game_record", "move_evaluation", "nice_bin_width", "score_distribution",
           "variant_comparison", "win_rates", "win_share_by_use"]

WIDTH = 420
HEIGHT = 220
FITS = 810
"""The widest a chart may be, axes, titles and legends included: a notebook's output
is 848 px wide at 1280x800 with JupyterLab's file browser open, and the interactive
chart (`enable_offline()`) puts its menu button in 38 px to the right of the chart."""
FACET_WIDTH = 310
"""The plot of one panel when two sit side by side (with their axes, within `FITS`)."""
MAX_BINS = 40
SMALL_RANGE = 20
TITLE_CHARS = 44
"""How wide a line of a rule's label is, in characters (`TITLE_LINES` at most; the
tooltip gives the whole rule)."""
TITLE_LINES = 4
LINE_PX = 13
"""The height of a line of a label, in pixels: a band holds all the lines of its label."""
RENDERER = "explorer"
"""The altair renderer this module registers: SVG + Vega-Lite spec, and the interactive
widget too after `enable_offline()` in a kernel."""

_registered = False

WRAPPED = "split(datum.label, '\\n')"
"""A Vega label expression: a label holding line breaks is drawn on several lines."""
CHAR_PX = 6.5
"""About how wide a character of an axis or legend label is, in pixels (11 px type)."""
NARROW_BAND = 90
"""Below this many pixels per seat, "seat 0 · greedy" is written on two lines."""
LABEL_PX = 320
"""How wide a long category label (a move, an ending) may be before it takes another line."""
NARROW_LEGEND = 360
"""Below this many pixels of plot, a legend below the chart takes one column, not two."""


def _number(value: Any) -> float:
    """A polars aggregate (typed as any scalar; a number here) as a float."""
    return float(value)


def _lines(text: str, pixels: float) -> str:
    """`text` on lines (joined by line breaks, for `WRAPPED`) no wider than `pixels`."""
    import textwrap
    return "\n".join(textwrap.wrap(text, max(12, int(pixels / CHAR_PX)))) or text


def _altair() -> Any:
    """altair, imported on the first chart, with the "explorer" renderer registered and
    made active if the user has not picked one (altair's own default needs the CDN)."""
    global _registered
    import altair as alt

    if not _registered:
        alt.renderers.register(RENDERER, _render)
        if alt.renderers.active == "default":
            alt.renderers.enable(RENDERER)
        _registered = True
    return alt


def _render(spec: dict[str, Any], interactive: bool = False, **_: Any) -> dict[str, Any]:
    """The display bundle of a chart: its SVG picture (vl-convert, offline), its Vega-Lite
    spec and, when `interactive`, altair's chart widget with Vega bundled."""
    import altair as alt
    from altair.utils.mimebundle import spec_to_mimebundle

    picture = spec_to_mimebundle(spec, format="svg", mode="vega-lite",
                                 vega_version=alt.VEGA_VERSION,
                                 vegaembed_version=alt.VEGAEMBED_VERSION,
                                 vegalite_version=alt.VEGALITE_VERSION)
    if isinstance(picture, tuple):
        picture = picture[0]
    major = alt.VEGALITE_VERSION.split(".")[0].lstrip("v")
    title = spec.get("title")
    title = title.get("text") if isinstance(title, dict) else title
    bundle: dict[str, Any] = {"image/svg+xml": picture["image/svg+xml"],
                              f"application/vnd.vegalite.v{major}+json": spec,
                              "text/plain": f"<chart: {title or 'untitled'}>"}
    if interactive:
        try:
            alt.JupyterChart.enable_offline(offline=True)
            widget: Any = alt.JupyterChart(chart=alt.Chart.from_dict(spec))._repr_mimebundle_()
        except Exception:  # noqa: BLE001 - the static picture is still there
            return bundle
        if isinstance(widget, tuple):
            widget = widget[0]
        bundle.update(widget)
    return bundle


def enable_offline() -> str:
    """Render charts without the CDN; returns the renderer now active.

    Always the "explorer" renderer (a static SVG picture in every chart's output). In a
    notebook kernel it also carries altair's interactive chart widget with Vega bundled
    (offline); outside a kernel (a script, a test) nothing is displayed interactively.
    """
    alt = _altair()
    alt.renderers.enable(RENDERER, interactive=_in_kernel())
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


def nice_bin_width(values: pl.Series, max_bins: int = MAX_BINS) -> float:
    """A histogram bin width that reads well: the Freedman-Diaconis width (2 IQR / n^(1/3)),
    rounded up to a nice step (1, 2 or 5 times a power of ten), at least 1 for whole
    numbers (exactly 1 when they span fewer than SMALL_RANGE values), and wide enough for
    at most `max_bins` bins."""
    values = values.drop_nulls()
    n = values.len()
    if n == 0:
        return 1.0
    low, high = _number(values.min()), _number(values.max())
    span = high - low
    whole = bool((values.cast(pl.Float64) % 1 == 0).all())
    if span == 0 or (whole and span < SMALL_RANGE):
        return 1.0                  # a few whole numbers: one bar per value reads best
    iqr = _number(values.quantile(0.75, "linear")) - _number(values.quantile(0.25, "linear"))
    raw = 2 * iqr / n ** (1 / 3) if iqr > 0 else span / (math.log2(n) + 1)   # Sturges if no IQR
    raw = max(raw, span / max_bins)
    power = 10 ** math.floor(math.log10(raw))
    width = next(step * power for step in (1, 2, 5, 10) if step * power >= raw * (1 - 1e-9))
    return max(1.0, float(math.ceil(width))) if whole else width


def _binned(frame: pl.DataFrame, column: str) -> tuple[pl.DataFrame, float]:
    """`frame` plus `<column>_bin` (the bin's low edge, a multiple of the width), bins of
    `nice_bin_width`."""
    width = nice_bin_width(frame[column]) if frame.height else 1.0
    return frame.with_columns(((pl.col(column) / width).floor() * width).alias(f"{column}_bin")), width


def _bin_columns(counts: pl.DataFrame, column: str, width: float, whole: bool) -> pl.DataFrame:
    """The bin's high edge (`<column>_end`), middle (`<column>_mid`) and its label
    (`<column>_range`): "12" or "10-14" for whole numbers, "2.5-3" otherwise."""
    low = pl.col(f"{column}_bin")
    if width == 1 and whole:
        label = low.cast(pl.Int64).cast(pl.String)
    elif whole:
        label = pl.format("{}-{}", low.cast(pl.Int64), (low + width - 1).cast(pl.Int64))
    else:
        label = pl.format("{}-{}", low.round(6), (low + width).round(6))
    return counts.with_columns((low + width).alias(f"{column}_end"),
                               (low + width / 2).alias(f"{column}_mid"),
                               label.alias(f"{column}_range"))


def _whole(values: pl.Series) -> bool:
    return bool((values.drop_nulls().cast(pl.Float64) % 1 == 0).all())


def _bin_title(text: str, width: float) -> str:
    return text if width == 1 else f"{text} (bins of {width:g})"


def score_distribution(data: Simulation | pl.DataFrame) -> alt.Chart | alt.FacetChart:
    """How often each final score occurs, one line per seat and agent (a panel per variant,
    two panels to a row, sized so a row fits `FITS`, the legend below);
    the scores are binned by `nice_bin_width` when they spread widely."""
    alt = _altair()
    players, width = _binned(_players(data), "score")
    keys = _variant_keys(players) + ["seat", "agent", "player"]
    counts = (players.group_by(keys + ["score_bin"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / pl.col("games").sum().over(keys)).alias("share"))
              .sort(keys + ["score_bin"]))
    counts = _bin_columns(counts, "score", width, _whole(players["score"]))
    x = "score_bin" if width == 1 else "score_mid"
    variants = "variant" in counts.columns
    chart = alt.Chart(counts).mark_line(point=True).encode(
        x=alt.X(f"{x}:Q", title=_bin_title("final score", width)),
        y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%")),
        color=alt.Color("player:N", title="seat · agent",
                        legend=alt.Legend(orient="bottom", columns=3) if variants else alt.Undefined),
        tooltip=["player:N", alt.Tooltip("score_range:N", title="score"), "games:Q",
                 alt.Tooltip("share:Q", format=".1%")],
    ).properties(width=FACET_WIDTH if variants else WIDTH, height=HEIGHT)
    title = "Score distribution"
    if variants:      # side by side at 420 px the second panel ran 1,021 px wide, past a notebook
        return chart.facet(facet=alt.Facet("variant:N", title=None), columns=2).properties(title=title)
    return chart.properties(title=title)


def _win_table(players: pl.DataFrame) -> pl.DataFrame:
    keys = _variant_keys(players) + ["seat", "agent", "player"]
    table = (players.group_by(keys).agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                                        pl.col("score").mean().alias("mean_score"))
             .sort(keys))
    return with_wilson(table, "wins", "games")


def _seat_axis(seats: int, width: int) -> alt.Axis:
    """The "seat · agent" axis, its labels never cut short: each on one line; on two
    when the seats are narrow (the panel's column); upright when even two lines would
    touch (six seats in the panel)."""
    alt = _altair()
    band = width / max(seats, 1)
    if band < NARROW_BAND / 2:
        return alt.Axis(labelAngle=-90, labelAlign="right", labelBaseline="middle", labelLimit=0)
    return alt.Axis(labelAngle=0, labelLimit=0,
                    labelExpr="split(datum.label, ' · ')" if band < NARROW_BAND else "datum.label")


def _variant_color(frame: pl.DataFrame, width: int) -> tuple[pl.DataFrame, alt.Color]:
    """Colour by variant, the legend below the chart in one column when narrow (two
    otherwise), each variant's name whole, on as many lines as the width needs (the
    panel's what-if names positions: "here: 6. P1 buy stall 3, paying…")."""
    alt = _altair()
    names = frame["variant"].unique().sort().to_list()
    columns = 1 if width < NARROW_LEGEND else 2
    lines = {name: _lines(name, width / columns - 20) for name in names}     # 20: the symbol
    legend = alt.Legend(orient="bottom", columns=columns, labelExpr=WRAPPED, labelLimit=0, title="variant")
    frame = frame.with_columns(pl.col("variant").replace_strict(lines).alias("variant_lines"))
    return frame, alt.Color("variant_lines:N", sort=[lines[name] for name in names], legend=legend)


def win_rates(data: Simulation | pl.DataFrame, width: int = WIDTH) -> alt.LayerChart:
    """Win rate per seat and agent with 95% Wilson intervals; the rule marks a fair share.
    `width`: the pixels of the plot (axis and legend come on top of it).

    Shared wins count as fractions (a two-way tie gives each winner half a win).
    """
    alt = _altair()
    players = _players(data)
    table = _win_table(players)
    seats = int(_number(players["seat"].max())) + 1 if players.height else 1
    variant = "variant" in table.columns
    encoding: dict[str, Any] = {
        "x": alt.X("player:N", title="seat · agent", sort=None, axis=_seat_axis(seats, width)),
        "tooltip": ["player:N", "games:Q", alt.Tooltip("win_rate:Q", format=".1%"),
                    alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%")],
    }
    if variant:
        table, color = _variant_color(table, width)
        encoding["xOffset"] = alt.XOffset("variant:N")
        encoding["tooltip"].append("variant:N")
    else:
        color = alt.Color("agent:N", legend=alt.Legend(orient="bottom", columns=2))   # below: never cut off
    base = alt.Chart(table).encode(**encoding)
    bars = base.mark_bar().encode(
        y=alt.Y("win_rate:Q", title="win rate", axis=alt.Axis(format="%")), color=color)
    errors = base.mark_errorbar(thickness=2, color="black").encode(
        y=alt.Y("ci_low:Q", title="win rate"), y2="ci_high:Q")
    fair = alt.Chart(pl.DataFrame({"fair": [1 / seats]})).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="fair:Q")
    return alt.layer(bars, errors, fair).properties(
        width=width, height=HEIGHT,
        title=alt.TitleParams("Win rate by seat and agent", subtitle=["95% Wilson interval"]))


def _shares_histogram(frame: pl.DataFrame, column: str, label: str, title: str,
                      unit: str = "games") -> alt.Chart:
    """A histogram of `column` over the rows of `frame` (bins of `nice_bin_width`), or,
    when comparing rule variants, one line per variant of the share of its rows per bin
    (variants may differ in size)."""
    alt = _altair()
    binned, width = _binned(frame, column)
    keys = _variant_keys(binned)
    total = pl.col("games").sum().over(keys) if keys else pl.col("games").sum()
    counts = (binned.group_by(keys + [f"{column}_bin"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / total).alias("share"))
              .sort(keys + [f"{column}_bin"]))
    counts = _bin_columns(counts, column, width, True)
    axis_title = _bin_title(label, width)
    tooltip = [alt.Tooltip(f"{column}_range:N", title=label), alt.Tooltip("games:Q", title=unit),
               alt.Tooltip("share:Q", format=".1%")] + [f"{k}:N" for k in keys]
    if keys:
        chart = alt.Chart(counts).mark_line(point=True).encode(
            x=alt.X(f"{column}_mid:Q", title=axis_title),
            y=alt.Y("share:Q", title=f"share of {unit}", axis=alt.Axis(format="%")),
            color=alt.Color("variant:N"), tooltip=tooltip)
    else:
        chart = alt.Chart(counts).mark_bar(stroke="white", strokeWidth=0.5).encode(
            x=alt.X(f"{column}_bin:Q", bin="binned", title=axis_title,
                    axis=alt.Axis(tickMinStep=width)),
            x2=f"{column}_end:Q", y=alt.Y("games:Q", title=unit), tooltip=tooltip)
    return chart.properties(width=WIDTH, height=HEIGHT, title=title)


def game_length(data: Simulation | pl.DataFrame) -> alt.Chart:
    """How many decisions the games took: a histogram (bins of `nice_bin_width`: the
    Freedman-Diaconis width rounded to 1, 2 or 5 times a power of ten), or one line per
    variant when comparing."""
    return _shares_histogram(_games(data), "turns", "decisions in the game", "Game length")


def winner_tally(data: Simulation | pl.DataFrame, tally: str) -> alt.Chart:
    """How much of a game's tally (a `State.tallies` column, e.g. Lying Pirates'
    "coins") the winners held at the end: a histogram over the winning seats, or one line
    per variant when comparing rule variants."""
    frame = data.players if isinstance(data, Simulation) else data
    if tally not in frame.columns:
        known = [c for c in frame.columns if c not in PLAYERS_SCHEMA and c != "variant"]
        raise ValueError(f"no tally {tally!r} in these frames; the game records {known or 'none'}")
    winners = frame.filter(pl.col("winner"))
    return _shares_histogram(winners, tally, f"the winner's {tally} at the end",
                             f"The winner's {tally}", unit="winners")


def end_reasons(data: Simulation | pl.DataFrame) -> alt.Chart:
    """How the games ended: the share of games per `ended_by` sentence, most common
    first (bars side by side per variant when comparing rule variants)."""
    alt = _altair()
    games = _games(data)
    keys = _variant_keys(games)
    total = pl.col("games").sum().over(keys) if keys else pl.col("games").sum()
    counts = (games.group_by(keys + ["ended_by"]).agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / total).alias("share"))
              .sort(keys + ["games"], descending=[False] * len(keys) + [True]))
    endings = {text: _lines(text, LABEL_PX) for text in counts["ended_by"].unique().to_list()}
    counts = counts.with_columns(pl.col("ended_by").replace_strict(endings).alias("ending"))
    encoding: dict[str, Any] = {     # each ending whole, on lines ("a lone ship reached the start/end tile i…")
        "y": alt.Y("ending:N", title=None, sort="-x", axis=alt.Axis(labelExpr=WRAPPED, labelLimit=0)),
        "x": alt.X("share:Q", title="share of games", axis=alt.Axis(format="%")),
        "tooltip": ["ended_by:N", "games:Q", alt.Tooltip("share:Q", format=".1%")]
                   + [f"{k}:N" for k in keys],
    }
    if keys:
        encoding["yOffset"] = alt.YOffset("variant:N")
        encoding["color"] = alt.Color("variant:N", legend=alt.Legend(orient="bottom", labelLimit=0))
    per_band = counts["variant"].n_unique() if keys else 1
    return alt.Chart(counts).mark_bar().encode(**encoding).properties(
        width=WIDTH, height=alt.Step(_band_step(list(endings.values()), per_band)),
        title=f"How {counted(games.height, 'game')} ended")


def _choices(sim: Simulation) -> pl.DataFrame:
    """The players' own choices (forced moves left out), each with its seat's agent."""
    if not sim.turns.height:
        raise ValueError("this chart reads the turn log: simulate(..., log_turns=True)")
    return (sim.turns.filter(~pl.col("forced"))
            .join(sim.players.select("game_id", "seat", "agent"), on=["game_id", "seat"]))


def _rule_titles(sim: Simulation, rules: list[str], lines: bool = False) -> dict[str, str]:
    """Each rule id with its text, whole up to `TITLE_LINES` lines of `TITLE_CHARS` (one
    line cut "M-EXTRA-2 Discard 2 cards from han…" short); `lines`: the lines joined by a
    line break, for an axis that splits its labels (`WRAPPED`), else by spaces (a title)."""
    import textwrap
    book = sim.game.rules()
    titles = {}
    for rid in rules:
        text = f"{rid} {book[rid].text if rid in book else ''}".rstrip()
        wrapped = textwrap.wrap(text, TITLE_CHARS, max_lines=TITLE_LINES, placeholder=" …")
        titles[rid] = ("\n" if lines else " ").join(wrapped)
    return titles


def _rule_texts(sim: Simulation, rules: list[str]) -> dict[str, str]:
    """Each rule id's whole text, for a tooltip."""
    book = sim.game.rules()
    return {rid: book[rid].text if rid in book else "" for rid in rules}


def _band_step(labels: list[str], per_band: int = 1) -> int:
    """Pixels per bar (of `per_band` bars in a band) so a band holds its tallest label."""
    tallest = max((label.count("\n") + 1 for label in labels), default=1)
    return max(16, math.ceil((tallest * LINE_PX + 6) / max(per_band, 1)))


def decisions(sim: Simulation) -> alt.Chart:
    """How often each kind of decision is chosen, per agent: the players' own choices
    (forced moves left out), counted by the rule that allows them, as a share of that
    agent's decisions. Needs the turn log."""
    alt = _altair()
    choices = _choices(sim)
    counts = (choices.group_by("agent", "rule").agg(pl.len().alias("decisions"))
              .with_columns((pl.col("decisions") / pl.col("decisions").sum().over("agent")).alias("share"))
              .sort("agent", "decisions", descending=[False, True]))
    rules = counts["rule"].unique().to_list()
    titles = _rule_titles(sim, rules, lines=True)
    counts = counts.with_columns(pl.col("rule").replace_strict(titles).alias("decision"),
                                 pl.col("rule").replace_strict(_rule_texts(sim, rules)).alias("rule text"))
    agents = counts["agent"].n_unique()
    return alt.Chart(counts).mark_bar().encode(
        y=alt.Y("decision:N", title=None, sort="-x", axis=alt.Axis(labelExpr=WRAPPED, labelLimit=0)),
        x=alt.X("share:Q", title="share of the agent's decisions", axis=alt.Axis(format="%")),
        yOffset=alt.YOffset("agent:N"), color=alt.Color("agent:N", legend=alt.Legend(orient="bottom")),
        tooltip=["agent:N", "rule:N", "rule text:N", "decisions:Q", alt.Tooltip("share:Q", format=".1%")],
    ).properties(width=WIDTH, height=alt.Step(_band_step(list(titles.values()), agents)),
                 title=f"How often each decision is chosen ({counted(sim.n, 'game')})")


def win_share_by_use(sim: Simulation, rule: str) -> alt.LayerChart:
    """Does a decision pay off? The win rate (95% Wilson intervals) of the seats that
    made a move of `rule` at least once in their game, beside the seats that never did,
    per agent. A correlation, not a cause: a leading player may simply have the means
    to do it. Needs the turn log."""
    import textwrap
    alt = _altair()
    used = (_choices(sim).filter(pl.col("rule") == rule).select("game_id", "seat").unique()
            .with_columns(pl.lit(True).alias("used")))
    seats = (sim.players.join(used, on=["game_id", "seat"], how="left")
             .with_columns(pl.when(pl.col("used").fill_null(False)).then(pl.lit(f"used {rule}"))
                           .otherwise(pl.lit(f"never used {rule}")).alias("use")))
    table = with_wilson(seats.group_by("agent", "use").agg(pl.len().alias("seats"),
                                                          pl.col("won").sum().alias("wins"))
                        .sort("agent", "use"), "wins", "seats")
    base = alt.Chart(table).encode(
        x=alt.X("use:N", title=None, axis=alt.Axis(labelAngle=0)), xOffset=alt.XOffset("agent:N"),
        tooltip=["agent:N", "use:N", "seats:Q", alt.Tooltip("win_rate:Q", format=".1%"),
                 alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%")])
    bars = base.mark_bar().encode(y=alt.Y("win_rate:Q", title="win rate", axis=alt.Axis(format="%")),
                                  color=alt.Color("agent:N"))
    errors = base.mark_errorbar(thickness=2, color="black").encode(
        y=alt.Y("ci_low:Q", title="win rate"), y2="ci_high:Q")
    text = _rule_texts(sim, [rule])[rule]
    about = textwrap.wrap(text, int((WIDTH + 60) / CHAR_PX), max_lines=TITLE_LINES,   # the rule,
                          placeholder=" …")                                      # under the title
    return alt.layer(bars, errors).properties(
        width=WIDTH, height=HEIGHT,
        title=alt.TitleParams(f"Win rate of the seats that used {rule} (95% Wilson interval)",
                              subtitle=about or [" "]))


def variant_comparison(sim: Simulation, width: int = WIDTH) -> alt.VConcatChart:
    """Rule variants side by side: win rate per seat, and the mean score per seat, one
    chart above the other, the plots `width` pixels wide (the panel's narrow column asks
    for less: the seats' labels then take two lines, and the legend one column).

    Takes the result of `compare_variants` (frames with a `variant` column).
    """
    alt = _altair()
    if "variant" not in sim.players.columns:
        raise ValueError("variant_comparison needs frames with a 'variant' column: "
                         "run compare_variants(...) first")
    players = _players(sim.players)
    seats = int(_number(players["seat"].max())) + 1 if players.height else 1
    table, color = _variant_color(_win_table(players), width)
    scores = alt.Chart(table).mark_bar().encode(
        x=alt.X("player:N", title="seat · agent", sort=None, axis=_seat_axis(seats, width)),
        xOffset="variant:N",
        y=alt.Y("mean_score:Q", title="mean final score"),
        color=color,
        tooltip=["variant:N", "player:N", alt.Tooltip("mean_score:Q", format=".2f")],
    ).properties(width=width, height=HEIGHT, title="Mean score by variant")
    # one above the other, legends below: side by side they cut off a seat and the
    # legend at 1280 px with the file browser open
    return alt.vconcat(win_rates(sim.players, width), scores)


TIED = "interval overlaps the top move's"
AHEAD = "ahead (no overlap)"
BEHIND = "behind"


def move_verdicts(frame: pl.DataFrame) -> tuple[pl.DataFrame, str]:
    """`frame` sorted by win rate with a `verdict` per move and the sentence to show.

    The top move is called ahead only when its 95% interval overlaps no other move's;
    otherwise every move whose interval overlaps the top one's is marked as tied with
    it, and the sentence says the playouts cannot name a best move."""
    table = frame.sort("win_rate", descending=True, maintain_order=True)
    if table.height == 0:
        return table.with_columns(pl.lit("").alias("verdict")), "no legal moves"
    top_low, top_high = table["ci_low"][0], table["ci_high"][0]
    overlaps = (pl.col("ci_high") >= top_low) & (pl.col("ci_low") <= top_high)
    first = pl.int_range(pl.len()) == 0
    tied = table.select((overlaps & ~first).sum()).item()
    if table.height == 1:
        return table.with_columns(pl.lit(AHEAD).alias("verdict")), "only one legal move"
    if tied:
        verdict = pl.when(overlaps).then(pl.lit(TIED)).otherwise(pl.lit(BEHIND))
        games = int(_number(table["games"].min()))
        sentence = (f"The 95% intervals of the top {tied + 1} moves overlap: {games} playouts "
                    f"per move do not tell which is best (more playouts narrow the intervals).")
    else:
        verdict = pl.when(first).then(pl.lit(AHEAD)).otherwise(pl.lit(BEHIND))
        sentence = (f"{table['label'][0]} is ahead: its 95% interval overlaps no other move's.")
    return table.with_columns(verdict.alias("verdict")), sentence


def move_evaluation(frame: pl.DataFrame) -> alt.LayerChart:
    """Each legal move's win rate by playout, best first, with its 95% Wilson interval
    drawn and written beside it. The subtitle says whether the top move is really ahead
    or its interval overlaps others (then no best move is named; see `move_verdicts`).

    Takes the frame of `explorer.core.simulate.evaluate_moves(state, ...)`.
    """
    alt = _altair()
    table, sentence = move_verdicts(frame)
    name = "label" if table["label"].n_unique() == table.height else "move"
    table = table.with_columns(pl.format("{}% [{}-{}%]", (pl.col("win_rate") * 100).round(0).cast(pl.Int64),
                                         (pl.col("ci_low") * 100).round(0).cast(pl.Int64),
                                         (pl.col("ci_high") * 100).round(0).cast(pl.Int64))
                               .alias("interval"))
    shown = {text: _lines(text, LABEL_PX) for text in table[name].to_list()}   # whole, on lines
    table = table.with_columns(pl.col(name).replace_strict(shown).alias("shown"))
    base = alt.Chart(table).encode(
        y=alt.Y("shown:N", title="move", sort=list(shown.values()),
                axis=alt.Axis(labelExpr=WRAPPED, labelLimit=0)),
        tooltip=["move:N", "label:N", "rule:N", "games:Q", alt.Tooltip("win_rate:Q", format=".1%"),
                 alt.Tooltip("ci_low:Q", format=".1%"), alt.Tooltip("ci_high:Q", format=".1%"),
                 alt.Tooltip("mean_score:Q", format=".2f"), "verdict:N"])
    bars = base.mark_bar(opacity=0.75).encode(
        x=alt.X("win_rate:Q", title="win rate of the mover (95% Wilson interval)",
                axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("verdict:N", title=None,
                        scale=alt.Scale(domain=[AHEAD, TIED, BEHIND],
                                        range=["#2e7d32", "#f0a030", "#9e9e9e"]),
                        legend=alt.Legend(orient="bottom")))
    errors = base.mark_errorbar(thickness=2, ticks=True, color="black").encode(
        x=alt.X("ci_low:Q", title="win rate of the mover (95% Wilson interval)"), x2="ci_high:Q")
    text = base.mark_text(align="left", dx=4, fontSize=10).encode(
        x=alt.X("ci_high:Q"), text="interval:N")
    return alt.layer(bars, errors, text).properties(
        width=WIDTH, height=max(60, _band_step(list(shown.values())) * table.height),
        title=alt.TitleParams("Moves by playout win rate", subtitle=_lines(sentence, WIDTH + 80).split("\n")))


APART_PX = 2
"""How far apart, in pixels, `bid_odds` draws the curves of faces whose curves are the
same: side by side, a striped band, instead of one line hiding the others."""


def bid_odds(state: Any, viewer: int | None = None, width: int = WIDTH) -> alt.Chart:
    """For each bid face, the chance that the count is at least q, for every quantity q,
    from what `viewer` knows (None: the teacher, who knows it all, so every curve is a
    step at the true count). Exact, not simulated: the game's `State.count_curves` (in
    Lying Pirates, the cups: `games.pirates.odds.bid_curves`); a game that counts
    nothing to bid on is refused.

    Faces whose curves are the same (the teacher's steps at nine twos, threes and sixes)
    would draw one line over another: those are drawn `APART_PX` pixels apart, every
    face has its own dash and point shape, the subtitle names the ties, and a point's
    tooltip gives its exact chance and the faces it ties with."""
    counts = state.count_curves(viewer)
    if counts is None:
        raise InvalidInput("state", f"{state.game.title} has no counts to bid on: bid_odds draws "
                                    f"a game whose State.count_curves answers (Lying Pirates)")
    alt = _altair()
    table = dict(counts.curves)
    curves: dict[tuple[float, ...], list[str]] = {}
    for face, curve in table.items():
        curves.setdefault(tuple(round(p, 9) for p in curve), []).append(face)
    shared = [same for same in curves.values() if len(same) > 1]
    total = max(max((len(curve) - 1 for curve in table.values()), default=1), 1)
    rows: list[dict[str, Any]] = []
    for face, curve in table.items():
        same = next((group for group in shared if face in group), [face])
        apart = (same.index(face) - (len(same) - 1) / 2) * APART_PX    # 0 for a face of its own
        others = [other for other in same if other != face]
        rows.extend({"face": face, "quantity": q, "chance": p,
                     "drawn_quantity": q + apart * total / width, "drawn_chance": p + apart / HEIGHT,
                     "same curve as": " and ".join(others) or "no other face"}
                    for q, p in enumerate(curve) if q > 0)
    who = "the teacher (the truth)" if viewer is None else seat_name(viewer)
    notes = [f"{', '.join(same[:-1])} and {same[-1]}: the same curve, drawn side by side" for same in shared]
    faces = list(table)
    return alt.Chart(pl.DataFrame(rows)).mark_line(
        strokeWidth=2, point=alt.OverlayMarkDef(size=45, filled=True)).encode(
        x=alt.X("drawn_quantity:Q", title="bid quantity", axis=alt.Axis(tickMinStep=1),
                scale=alt.Scale(domain=[0, total], nice=False)),
        y=alt.Y("drawn_chance:Q", title=f"P(at least this many {counts.counted})", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("face:N", sort=faces, title="face", legend=alt.Legend(orient="bottom")),
        strokeDash=alt.StrokeDash("face:N", sort=faces, legend=None),   # where colours meet, the
        shape=alt.Shape("face:N", sort=faces, legend=None),              # dash and shape tell faces
        tooltip=["face:N", "quantity:Q", alt.Tooltip("chance:Q", format=".3f"), "same curve as:N"],
    ).properties(width=width, height=HEIGHT,
                 title=alt.TitleParams(f"Bid odds as {who} knows the cups", subtitle=notes or [" "]))


def game_record(record: pl.DataFrame, width: int = WIDTH, clickable: bool = False) -> alt.LayerChart:
    """The game as the analysis judged it: each player's expected win share after each
    decision (one line per player), and the marked mistakes as labelled points on the
    line of the player who made them ("?!", "?", "??").

    Takes the frame of `explorer.core.analysis.game_record(tree)`. `clickable`: a click
    on a point selects its decision's node (the selection `PICK`, field "node"), which
    the panel's record follows to that position.
    """
    alt = _altair()
    seats = [c for c in record.columns if c[0] == "P" and c[1:].isdigit()]
    long = record.unpivot(index=["ply", "node", "mover", "move", "mark"], on=seats,
                          variable_name="player", value_name="share")
    mistakes = long.filter((pl.col("mark") != "") & (pl.col("player") == pl.col("mover")))
    base = alt.Chart(long).encode(
        x=alt.X("ply:Q", title="decision", axis=alt.Axis(tickMinStep=1)),
        y=alt.Y("share:Q", title="expected win share", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("player:N", title=None, legend=alt.Legend(orient="bottom")))
    lines = base.mark_line()
    points = base.mark_point(size=40, filled=True, opacity=1).encode(
        tooltip=["ply:Q", "mover:N", "move:N", "player:N", alt.Tooltip("share:Q", format=".0%"), "mark:N"])
    if clickable:      # on the points' own layer: a line's datum is its first point's
        points = points.add_params(alt.selection_point(name=PICK, fields=["node"], on="click"))
    marks = alt.Chart(mistakes).mark_text(dy=-10, fontWeight="bold", color="#c0392b").encode(
        x="ply:Q", y="share:Q", text="mark:N", tooltip=["mover:N", "move:N", "mark:N"])
    about = ["each decision judged from its mover's own view; ?! dubious, ? mistake, ?? blunder"]
    if clickable:
        about.append("click a point to go to that position")
    return alt.layer(lines, points, marks).properties(
        width=width, height=HEIGHT,
        title=alt.TitleParams("The game as the analysis judged it",
                              subtitle=[line for text in about for line in _lines(text, width + 40).split("\n")]))


PICK = "pick"
"""The name of `game_record`'s click selection (its value: [{"node": id}])."""
