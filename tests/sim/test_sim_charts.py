"""explorer.charts: the specs carry the expected fields and data, and render offline."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import altair as alt
import polars as pl
import pytest

import explorer
from explorer import charts
from explorer.core.simulate import Simulation, compare_positions, compare_variants, evaluate_moves, simulate
from explorer.games._template import NimGame


@pytest.fixture(scope="module")
def sim() -> Simulation:
    return simulate(explorer.load("village", players=3), "random", 30, seed=1, workers=1)


@pytest.fixture(scope="module")
def variants() -> Simulation:
    steep = {"track_values": (1, 2, 3, 4, 5, 6)}
    return compare_variants("village", 3, {"printed": {}, "steep": steep}, "random", 10,
                            seed=1, workers=1)


def datasets(chart: alt.TopLevelMixin) -> list[list[dict]]:
    return list(chart.to_dict()["datasets"].values())


def fields(spec: object) -> set[str]:
    """Every encoded field name anywhere in a chart spec."""
    found: set[str] = set()
    if isinstance(spec, dict):
        if isinstance(spec.get("field"), str):
            found.add(spec["field"])
        for value in spec.values():
            found |= fields(value)
    elif isinstance(spec, list):
        for value in spec:
            found |= fields(value)
    return found


def test_score_distribution_counts_each_score_per_seat(sim: Simulation) -> None:
    chart = charts.score_distribution(sim)
    spec = chart.to_dict()
    assert {"score_range", "share", "player"} <= fields(spec)
    (rows,) = datasets(chart)
    assert {r["player"] for r in rows} == {"seat 0 · random", "seat 1 · random", "seat 2 · random"}
    assert sum(r["games"] for r in rows) == 90
    for seat in range(3):
        shares = [r["share"] for r in rows if r["seat"] == seat]
        assert sum(shares) == pytest.approx(1.0)
    scores = sim.players["score"]
    width = charts.nice_bin_width(scores)
    assert {r["score_bin"] for r in rows} == {s // width * width for s in scores}


def test_win_rates_carry_wilson_intervals_and_the_fair_share(sim: Simulation) -> None:
    chart = charts.win_rates(sim)
    spec = chart.to_dict()
    assert {"win_rate", "ci_low", "ci_high", "player"} <= fields(spec)
    rates, fair = datasets(chart)
    summary = sim.summary()
    assert [r["win_rate"] for r in rates] == pytest.approx(summary["win_rate"].to_list())
    assert [r["ci_low"] for r in rates] == pytest.approx(summary["ci_low"].to_list())
    assert fair == [{"fair": pytest.approx(1 / 3)}]


def test_game_length_counts_games_by_decisions(sim: Simulation) -> None:
    chart = charts.game_length(sim)
    assert {"turns_bin", "games"} <= fields(chart.to_dict())
    (rows,) = datasets(chart)
    assert sum(r["games"] for r in rows) == 30
    assert sum(r["share"] for r in rows) == pytest.approx(1.0)
    width = charts.nice_bin_width(sim.games["turns"])
    assert {r["turns_bin"] for r in rows} == {t // width * width for t in sim.games["turns"]}
    for r in rows:       # each bar spans its bin, and says which numbers it holds
        assert r["turns_end"] == r["turns_bin"] + width
        low, high = int(r["turns_bin"]), int(r["turns_bin"] + width - 1)
        assert r["turns_range"] == (str(low) if width == 1 else f"{low}-{high}")
    assert chart.to_dict()["encoding"]["x"]["bin"] == "binned"


def test_histogram_bins_are_freedman_diaconis_rounded_to_nice_steps() -> None:
    # 1000 whole numbers spread over 0..999: FD width 2*500/10 = 100, already nice
    assert charts.nice_bin_width(pl.Series(list(range(1000)))) == 100
    # FD 2*IQR/n^(1/3) = 2*50/10 = 10.0 -> 10; a slightly wider raw width rounds up to 20
    assert charts.nice_bin_width(pl.Series([i % 200 for i in range(1000)])) == 20
    # whole numbers never get a bin narrower than 1; one value, one bin
    assert charts.nice_bin_width(pl.Series([3, 4, 4, 5, 5, 5, 6])) == 1
    assert charts.nice_bin_width(pl.Series([7] * 50)) == 1
    # fractions may get a fractional step, still 1, 2 or 5 times a power of ten
    width = charts.nice_bin_width(pl.Series([i / 1000 for i in range(1000)]))
    assert width == pytest.approx(0.1)
    # never more than MAX_BINS bins, even with a narrow IQR and far outliers
    values = pl.Series([50] * 990 + [51] * 5 + list(range(0, 10_000, 2000)))
    width = charts.nice_bin_width(values)
    assert (values.max() - values.min()) / width <= charts.MAX_BINS
    assert str(int(width))[0] in "125" and set(str(int(width))[1:]) <= {"0"}


def test_variant_comparison_shows_both_rule_sets(variants: Simulation, sim: Simulation) -> None:
    chart = charts.variant_comparison(variants)
    spec = chart.to_dict()
    assert "vconcat" in spec and "variant" in fields(spec)      # stacked: nothing cut off at the side
    legends = [c.get("encoding", {}).get("color", {}).get("legend", {}) for part in spec["vconcat"]
               for c in part.get("layer", [part])]
    assert any(legend.get("orient") == "bottom" for legend in legends)
    narrow = charts.variant_comparison(variants, width=300).to_dict()["vconcat"]
    assert [part["width"] for part in narrow] == [300, 300]          # the panel's column
    labels = {r.get("variant") for rows in datasets(chart) for r in rows}
    assert {"printed", "steep"} <= labels
    assert "variant" in fields(charts.score_distribution(variants).to_dict())
    assert "variant" in fields(charts.game_length(variants).to_dict())
    with pytest.raises(ValueError, match="compare_variants"):
        charts.variant_comparison(sim)
    assert charts.compare_variants is compare_variants


def svg_of(chart: alt.TopLevelMixin) -> tuple[float, str]:
    """A chart drawn as the notebook's static picture: its width in pixels, its SVG."""
    import re

    import vl_convert as vlc
    svg = vlc.vegalite_to_svg(chart.to_json())
    width = re.search(r'<svg[^>]*\swidth="([\d.]+)"', svg)
    assert width is not None
    return float(width.group(1)), svg


def test_variant_comparison_in_a_narrow_column_keeps_every_seat_and_the_legend() -> None:
    """The panel's what-if: long position names as variants, 190 px of plot. The whole
    chart stays under 254 px (the column gives 292, and the interactive chart's menu
    takes 38), the seats' labels take two lines (six seats: upright), and the legend
    below takes one column, each name whole on its lines."""
    game = explorer.load("village", players=3)
    start = game.new(seed=2)
    here, there = "here: 6. P1: buy stall 3, paying 1 Axe + 2 Feather", "compared: start"
    sim = compare_positions({here: start.play(start.legal_moves()[0]), there: start}, "random", 6,
                            seed=0, workers=1, progress=False)
    chart = charts.variant_comparison(sim, width=190)
    spec = chart.to_dict()
    width, svg = svg_of(chart)
    assert width <= 254, width
    for text in ("Win rate by seat and agent", "Mean score by variant", "seat 0", "seat 1", "seat 2",
                 "here: 6. P1: buy stall 3,", "compared: start"):
        assert f">{text}" in svg, text
    assert "…" not in svg                                             # no label cut short
    for part in spec["vconcat"]:
        unit = part["layer"][0] if "layer" in part else part
        legend = unit["encoding"]["color"]["legend"]
        assert legend["orient"] == "bottom" and legend["columns"] == 1 and legend["labelLimit"] == 0
        assert legend["labelExpr"] == charts.WRAPPED
        assert unit["encoding"]["x"]["axis"]["labelExpr"] == "split(datum.label, ' · ')"
    wide = charts.variant_comparison(sim).to_dict()["vconcat"][0]["layer"][0]["encoding"]
    assert wide["color"]["legend"]["columns"] == 2 and wide["x"]["axis"]["labelExpr"] == "datum.label"
    pirates = explorer.load("pirates", players=6).new(seed=1)
    six = compare_positions({here: pirates, there: pirates}, "random", 2, seed=0, workers=1, progress=False)
    width, svg = svg_of(charts.variant_comparison(six, width=190))
    assert width <= 254 and "…" not in svg and ">seat 5 · random<" in svg, width


def test_move_evaluation_ranks_moves_and_says_when_intervals_overlap() -> None:
    table = evaluate_moves(NimGame(2).scenario(pile=7), "random", n=60, seed=0, workers=1)
    chart = charts.move_evaluation(table)
    spec = chart.to_dict()
    assert {"win_rate", "ci_low", "ci_high", "label", "interval", "verdict"} <= fields(spec)
    rows = datasets(chart)[0]
    rates = [r["win_rate"] for r in rows]
    assert rates == sorted(rates, reverse=True) and len(rows) == 3
    # 60 playouts: the intervals overlap, so no move is named best
    subtitle = " ".join(spec["title"]["subtitle"])      # on lines no wider than the chart
    assert "overlap" in subtitle and "do not tell which is best" in subtitle
    assert rows[0]["verdict"] == charts.TIED and charts.AHEAD not in {r["verdict"] for r in rows}
    assert all(r["interval"].endswith("%]") for r in rows)          # the interval is written out
    assert any(layer.get("mark", {}).get("type") == "errorbar" for layer in spec["layer"])


def test_move_evaluation_names_a_move_only_when_it_is_clearly_ahead() -> None:
    frame = pl.DataFrame({"move": ["a", "b", "c"], "label": ["take 1", "take 2", "take 3"],
                          "rule": ["", "", ""], "seat": [0, 0, 0], "games": [400] * 3,
                          "wins": [300.0, 200.0, 190.0], "mean_score": [0.0] * 3})
    from explorer.core.simulate import with_wilson
    table, sentence = charts.move_verdicts(with_wilson(frame, "wins", "games"))
    assert table["verdict"].to_list() == [charts.AHEAD, charts.BEHIND, charts.BEHIND]
    assert sentence.startswith("take 1 is ahead")
    chart = charts.move_evaluation(with_wilson(frame, "wins", "games"))
    assert " ".join(chart.to_dict()["title"]["subtitle"]) == sentence


def test_charts_take_frames_as_well_as_simulations(sim: Simulation) -> None:
    a = charts.win_rates(sim.players).to_dict()
    b = charts.win_rates(sim).to_dict()
    assert a == b
    assert charts.game_length(sim.games).to_dict() == charts.game_length(sim).to_dict()


def test_charts_save_to_svg_offline(sim: Simulation, variants: Simulation, tmp_path) -> None:
    for name, chart in [("scores", charts.score_distribution(sim)),
                        ("wins", charts.win_rates(sim)),
                        ("variants", charts.variant_comparison(variants))]:
        path = tmp_path / f"{name}.svg"
        chart.save(path)
        svg = path.read_text()
        assert svg.startswith("<svg") and "http://" not in svg.replace("http://www.w3.org", "")
    assert "seat 0 · random" in (tmp_path / "wins.svg").read_text()


def test_importing_charts_does_not_import_altair() -> None:
    code = ("import sys, explorer.charts as c; assert 'altair' not in sys.modules, 'imported'; "
            "import polars as pl; c.nice_bin_width(pl.Series([1, 2])); "
            "assert 'altair' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_chart_bundle_carries_an_svg_picture(sim: Simulation) -> None:
    before = alt.renderers.active
    try:
        alt.renderers.enable("default")
        charts._registered = False
        chart = charts.win_rates(sim)          # the first chart makes the explorer renderer active
        assert alt.renderers.active == charts.RENDERER
        bundle = chart._repr_mimebundle_()
        assert bundle["image/svg+xml"].startswith("<svg")
        assert "seat 0 · random" in bundle["image/svg+xml"]
        assert bundle["application/vnd.vegalite.v6+json"]["datasets"]
        assert "text/html" not in bundle           # nothing that loads Vega from a CDN
    finally:
        alt.renderers.enable(before)


NO_NETWORK_CHART = """
import socket
def refuse(*args, **kwargs):
    raise OSError("no network in this test")
socket.socket.connect = refuse
socket.create_connection = refuse
import explorer
from explorer import charts
from explorer.core.simulate import simulate
sim = simulate(explorer.load("village", players=3), "random", 10, seed=1, workers=1, progress=False)
for chart in (charts.game_length(sim), charts.win_rates(sim), charts.score_distribution(sim)):
    bundle = chart._repr_mimebundle_()
    svg = bundle["image/svg+xml"]
    assert svg.startswith("<svg") and "<text" in svg, svg[:200]
    assert "cdn.jsdelivr" not in str(bundle)
print("ok")
"""


def test_chart_pictures_are_made_with_no_network_at_all(tmp_path: Path) -> None:
    """In a process with no network: a network namespace of its own when the machine
    allows it (`unshare -n`: no interface but loopback), Python's sockets refused too."""
    script = tmp_path / "no_network_chart.py"
    script.write_text(NO_NETWORK_CHART)
    command = [sys.executable, str(script)]
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        command = [unshare, "-n", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_enable_offline_outside_a_kernel_gives_the_static_pictures() -> None:
    before = alt.renderers.active
    try:
        assert charts.enable_offline() == charts.RENDERER == alt.renderers.active
        assert alt.renderers.options.get("interactive") is False
    finally:
        alt.renderers.enable(before)


def test_enable_offline_in_a_kernel_adds_the_bundled_widget_to_the_picture(
        monkeypatch, sim: Simulation) -> None:
    import IPython

    class Shell:
        kernel = object()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    before = alt.renderers.active
    try:
        assert charts.enable_offline() == charts.RENDERER
        assert alt.renderers.options.get("interactive") is True
        bundle = charts.game_length(sim)._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle   # interactive, Vega bundled
        assert bundle["image/svg+xml"].startswith("<svg")           # and the picture for viewers without it
    finally:
        alt.renderers.enable(before)


def test_end_reasons_shares_summoners_endings_most_common_first(tmp_path) -> None:
    summoners = simulate(explorer.load("summoners", players=2, max_turns=40), "random", 12,
                         seed=2, workers=1, log_turns=False)
    chart = charts.end_reasons(summoners)
    assert {"ended_by", "share", "games"} <= fields(chart.to_dict())
    (rows,) = datasets(chart)
    counts = summoners.games["ended_by"].value_counts()
    assert {r["ended_by"]: r["games"] for r in rows} == dict(counts.iter_rows())
    assert sum(r["share"] for r in rows) == pytest.approx(1.0)
    assert [r["games"] for r in rows] == sorted((r["games"] for r in rows), reverse=True)
    chart.save(tmp_path / "ends.svg")
    assert (tmp_path / "ends.svg").read_text().startswith("<svg")


def test_end_reasons_splits_rule_variants(variants: Simulation) -> None:
    (rows,) = datasets(charts.end_reasons(variants))
    assert {r["variant"] for r in rows} == {"printed", "steep"}
    for name in ("printed", "steep"):
        assert sum(r["share"] for r in rows if r["variant"] == name) == pytest.approx(1.0)
    assert "yOffset" in charts.end_reasons(variants).to_dict()["encoding"]


def test_decisions_count_the_players_own_choices_by_rule_and_agent() -> None:
    game = explorer.load("village", players=3)
    run = simulate(game, ["greedy", "random", "random"], 20, seed=2, workers=1)
    chart = charts.decisions(run)
    (rows,) = datasets(chart)
    chosen = run.turns.filter(~pl.col("forced"))
    assert sum(r["decisions"] for r in rows) == chosen.height
    for agent in ("greedy", "random"):
        assert sum(r["share"] for r in rows if r["agent"] == agent) == pytest.approx(1.0)
    bribes = [r for r in rows if r["rule"] == "V-BRIBE-1" and r["agent"] == "greedy"]
    greedy_seat = chosen.filter(pl.col("seat") == 0)
    assert bribes[0]["decisions"] == greedy_seat.filter(pl.col("rule") == "V-BRIBE-1").height
    assert bribes[0]["decision"].startswith("V-BRIBE-1 ")
    book = game.rules()
    for row in rows:                      # whole rule texts, in lines the axis splits
        said = row["decision"].replace("\n", " ")
        assert said == f"{row['rule']} {book[row['rule']].text}" or said.endswith(" …"), said
        assert all(len(line) <= charts.TITLE_CHARS for line in row["decision"].split("\n"))
        assert row["rule text"] == book[row["rule"]].text         # the tooltip has it whole
    assert chart.to_dict()["encoding"]["y"]["axis"]["labelExpr"] == charts.WRAPPED


def test_win_share_by_use_splits_the_seats_that_used_a_rule() -> None:
    game = explorer.load("village", players=3)
    run = simulate(game, "random", 30, seed=3, workers=1)
    chart = charts.win_share_by_use(run, "V-MARKET-3")
    rows = datasets(chart)[0]
    assert sum(r["seats"] for r in rows) == run.players.height
    users = (run.turns.filter(~pl.col("forced") & (pl.col("rule") == "V-MARKET-3"))
             .select("game_id", "seat").unique())
    used = next(r for r in rows if r["use"] == "used V-MARKET-3")
    assert used["seats"] == users.height
    wins = run.players.join(users, on=["game_id", "seat"])["won"].sum()
    assert used["wins"] == pytest.approx(wins)
    assert 0 <= used["ci_low"] <= used["win_rate"] <= used["ci_high"] <= 1


def test_charts_of_choices_need_the_turn_log() -> None:
    run = simulate(explorer.load("village", players=3), "random", 3, seed=1, workers=1, log_turns=False)
    with pytest.raises(ValueError, match="log_turns=True"):
        charts.decisions(run)


CUT = re.compile(r"[^\s>]…")
"""Vega's mark of a label cut at its `labelLimit`: an ellipsis glued to the cut word. (A
label the library shortens on purpose, like a long rule's last line, ends in " …" and
has the whole text in its tooltip.)"""


def test_every_notebook_chart_fits_a_notebook_whole(sim: Simulation, variants: Simulation) -> None:
    """The charts the notebooks draw, as the static picture a notebook shows: each at most
    `charts.FITS` wide (a notebook's output at 1280x800 with the file browser open; the
    variant comparison side by side ran past it and cut off seat 2 and its legend), its
    legend drawn, and no label cut short ("M-EXTRA-2 Discard 2 cards from han…")."""
    momiji = simulate(explorer.load("momiji", players=3), ["greedy", "random", "random"], 8,
                      seed=1, workers=1)
    pirates = explorer.load("pirates", players=4)
    endings = compare_variants("pirates", 4, {"base game": {}, "Cities of Greed": {"cities_of_greed": True}},
                               "random", 4, seed=1, workers=1, log_turns=False)
    village = explorer.load("village", players=3)
    moves = evaluate_moves(village.new(seed=5), "random", n=4, seed=0, workers=1)
    drawn = {
        "win_rates": (charts.win_rates(sim), "seat · agent"),   # the agent legend's entries
        "score_distribution": (charts.score_distribution(sim), "seat · agent"),
        "score_distribution of variants": (charts.score_distribution(variants), "seat · agent"),
        "game_length of variants": (charts.game_length(variants), "variant"),
        "variant_comparison": (charts.variant_comparison(variants), "variant"),
        "decisions": (charts.decisions(momiji), "agent"),
        "win_share_by_use": (charts.win_share_by_use(momiji, "M-OBJ-1"), "agent"),
        "move_evaluation": (charts.move_evaluation(moves), charts.TIED),
        "end_reasons of variants": (charts.end_reasons(endings), "variant"),
        "bid_odds": (charts.bid_odds(pirates.new(seed=2), None), "face"),
    }
    problems = []
    for name, (chart, legend) in drawn.items():
        width, svg = svg_of(chart)
        if width > charts.FITS:
            problems.append(f"{name} is {width:.0f} px wide")
        if "role-legend" not in svg or f">{legend}<" not in svg:
            problems.append(f"{name} lost its legend")
        if CUT.search(svg):
            problems.append(f"{name} cuts labels short: {CUT.findall(svg)}")
    assert not problems, problems
