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
def test_faces_with_the_same_curve_are_drawn_apart_and_named():
    """The teacher's curves are steps at the true counts: faces that tie (here nine twos,
    nine threes, nine sixes) drew one line over another, so only one showed. Tied faces
    are now drawn side by side, a few pixels apart at every point, each with its own
    colour, dash and point shape; the tooltip keeps the exact chance and names the
    faces it ties with; the subtitle names the ties and the legend sits below."""
    state = explorer.load("pirates", players=4).scenario(
        cups=[[1, 1, 2, 3, 6], [1, 2, 3, 5, 6], [1, 1, 2, 3, 6], [2, 3, 4, 5, 6]])
    chart = charts.bid_odds(state, None)
    spec = chart.to_dict()
    rows = chart.data.to_dicts()
    table = face_table(state.view(None), None)
    assert [r["chance"] for r in rows if r["face"] == "twos"] == list(table[2][1:])   # exact, for the tooltip
    x_px = spec["width"] / max(r["quantity"] for r in rows)          # pixels per quantity
    y_px = spec["height"]                                              # pixels per unit of chance

    def drawn(face: str) -> dict[int, tuple[float, float]]:
        return {r["quantity"]: (r["drawn_quantity"] * x_px, r["drawn_chance"] * y_px)
                for r in rows if r["face"] == face}

    tied = ["twos", "threes", "sixes"]
    for i, a in enumerate(tied):
        for b in tied[i + 1:]:
            for q, (ax, ay) in drawn(a).items():
                bx, by = drawn(b)[q]
                assert abs(ax - bx) >= charts.APART_PX - 1e-6 and abs(ay - by) >= charts.APART_PX - 1e-6, (a, b, q)
    for face in ("fours", "fives"):                                     # a curve of its own: exact
        assert all((x, y) == pytest.approx((q * x_px, p * y_px))
                   for (q, (x, y)), p in zip(drawn(face).items(), table[4 if face == "fours" else 5][1:]))
    assert {r["same curve as"] for r in rows if r["face"] == "threes"} == {"twos and sixes"}
    assert {r["same curve as"] for r in rows if r["face"] == "fives"} == {"no other face"}
    encoding = spec["encoding"]
    assert encoding["x"]["field"] == "drawn_quantity" and encoding["y"]["field"] == "drawn_chance"
    assert encoding["strokeDash"]["field"] == encoding["shape"]["field"] == encoding["color"]["field"] == "face"
    assert encoding["color"]["legend"]["orient"] == "bottom"
    assert {"chance", "same curve as"} <= {t["field"] for t in encoding["tooltip"]}
    assert spec["title"]["subtitle"] == ["twos, threes and sixes: the same curve, drawn side by side"]


def test_bid_odds_takes_the_width_it_is_given():
    state = explorer.load("pirates", players=3).new(seed=2)
    assert charts.bid_odds(state, None, width=300).to_dict()["width"] == 300


def test_a_game_with_nothing_to_bid_on_has_no_bid_odds() -> None:
    """The chart reaches a game's counts through `State.count_curves`, not an import."""
    from explorer.core.errors import InvalidInput
    village = explorer.load("village", players=2).new(seed=1)
    assert village.count_curves(None) is None
    with pytest.raises(InvalidInput) as err:
        explorer.charts.bid_odds(village)
    assert "no counts to bid on" in str(err.value)
