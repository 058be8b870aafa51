"""explorer.charts.bid_odds: the exact odds curves, per face, as a viewer knows the cups."""
from __future__ import annotations

import pytest

import explorer
import explorer.charts as charts
from explorer.games.pirates.odds import face_table


@pytest.mark.rules("P-BID-COUNT")
def test_bid_odds_chart_draws_the_exact_curves_of_a_viewer() -> None:
    state = explorer.load("pirates", players=3).new(seed=2)
    seat = state.to_move
    chart = charts.bid_odds(state, seat)
    rows = chart.data.to_dicts() if hasattr(chart.data, "to_dicts") else chart.data
    table = face_table(state.view(seat), seat)
    fives = [r["chance"] for r in rows if r["face"] == "fives"]
    assert fives == list(table[5][1:])
    assert all(0 <= r["chance"] <= 1 for r in rows)
    truth = charts.bid_odds(state, None)
    truth_rows = truth.data.to_dicts() if hasattr(truth.data, "to_dicts") else truth.data
    assert {r["chance"] for r in truth_rows} <= {0.0, 1.0}      # the teacher knows every cup
    bundle = chart._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "image/svg+xml" in bundle                              # drawn with no network


@pytest.mark.rules("P-BID-COUNT")
def test_faces_with_the_same_curve_stay_apart_and_are_named():
    """The teacher's curves are steps at the true counts: faces that tie (e.g. nine twos,
    nine threes, nine sixes) draw one line over another, so each face has its own dash and
    point shape, and the subtitle names the ties."""
    state = explorer.load("pirates", players=4).scenario(
        cups=[[1, 1, 2, 3, 6], [1, 2, 3, 5, 6], [1, 1, 2, 3, 6], [2, 3, 4, 5, 6]])
    spec = charts.bid_odds(state, None).to_dict()
    assert spec["encoding"]["strokeDash"]["field"] == "face" and spec["encoding"]["shape"]["field"] == "face"
    subtitle = " ".join(spec["title"]["subtitle"])
    assert "twos, threes and sixes have the same curve" in subtitle
