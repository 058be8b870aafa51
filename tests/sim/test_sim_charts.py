"""explorer.charts: the specs carry the expected fields and data, and render offline."""
from __future__ import annotations

import math

import altair as alt
import pytest
from nim_toy import NimGame

import explorer
from explorer import charts
from explorer.core.simulate import Simulation, compare_variants, evaluate_moves, simulate


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
    assert {"score_bin", "share", "player"} <= fields(spec)
    (rows,) = datasets(chart)
    assert {r["player"] for r in rows} == {"seat 0 · random", "seat 1 · random", "seat 2 · random"}
    assert sum(r["games"] for r in rows) == 90
    for seat in range(3):
        shares = [r["share"] for r in rows if r["seat"] == seat]
        assert sum(shares) == pytest.approx(1.0)
    scores = sim.players["score"]
    width = max(1, math.ceil((scores.max() - scores.min()) / 30))
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
    low, high = sim.games["turns"].min(), sim.games["turns"].max()
    width = max(1, -(-(high - low) // 30))
    assert {r["turns_bin"] for r in rows} == {t // width * width for t in sim.games["turns"]}


def test_variant_comparison_shows_both_rule_sets(variants: Simulation, sim: Simulation) -> None:
    chart = charts.variant_comparison(variants)
    spec = chart.to_dict()
    assert "hconcat" in spec and "variant" in fields(spec)
    labels = {r.get("variant") for rows in datasets(chart) for r in rows}
    assert {"printed", "steep"} <= labels
    assert "variant" in fields(charts.score_distribution(variants).to_dict())
    assert "variant" in fields(charts.game_length(variants).to_dict())
    with pytest.raises(ValueError, match="compare_variants"):
        charts.variant_comparison(sim)
    assert charts.compare_variants is compare_variants


def test_move_evaluation_ranks_moves_best_first() -> None:
    table = evaluate_moves(NimGame(2).scenario(pile=7), "random", n=60, seed=0, workers=1)
    chart = charts.move_evaluation(table)
    assert {"win_rate", "ci_low", "ci_high", "label"} <= fields(chart.to_dict())
    rows = datasets(chart)[0]
    rates = [r["win_rate"] for r in rows]
    assert rates == sorted(rates, reverse=True) and len(rows) == 3


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


def test_enable_offline_outside_a_kernel_leaves_the_renderer_alone() -> None:
    before = alt.renderers.active
    assert charts.enable_offline() == before == alt.renderers.active


def test_enable_offline_in_a_kernel_uses_the_bundled_jupyter_renderer(monkeypatch) -> None:
    import IPython

    class Shell:
        kernel = object()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    before = alt.renderers.active
    try:
        assert charts.enable_offline() == "jupyter"
        assert alt.renderers.options.get("offline") is True
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
