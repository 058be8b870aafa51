"""The exact odds on the Lying Pirates board: beside the standing bid and on the picker's
raises, from the viewer's own view only; the truth beside them for the teacher; and the
reveal after the call, with the dice that count marked."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.scene import scene_html, zone_index
from explorer.games.pirates.dice import judged_count
from explorer.games.pirates.odds import odds_from_view
from explorer.games.pirates.scene import PICKER_ROWS, seat_knowledge

from .helpers import SEED_CUPS, load, play, random_states

GAME = load(4)
SMALL = load(2)


def zones(scene):
    return zone_index(scene)


def cells(scene):
    return {c["id"]: c for c in zones(scene)["picker"]["items"]}


@pytest.mark.rules("P-HIDDEN-1", "P-BID-COUNT")
def test_a_player_sees_the_odds_of_the_standing_bid_and_of_each_raise_from_their_view():
    state = GAME.scenario(cups=SEED_CUPS, bids=["7 fives by P0"], turn=1)
    scene = state.scene(1)
    odds = odds_from_view(state.view(1), 1)
    box = zones(scene)["odds"]
    assert box["label"] == "Odds for P1"
    assert [i["text"] for i in box["items"]] == [odds["standing"]["text"]]
    assert box["items"][0]["text"].startswith("P(at least 7 fives) = ")
    picker = cells(scene)
    shown = [row for row in odds["raises"] if row["quantity"] < 7 + PICKER_ROWS]   # the picker's rows
    assert shown and {c["id"] for c in picker.values() if "sub" in c} == {
        f"bid:{r['quantity']}:{r['face']}" for r in shown}
    for row in shown:
        cell = picker[f"bid:{row['quantity']}:{row['face']}"]
        assert row["text"] in cell["title"] and "truth" not in cell["title"]
        assert cell["sub"] == f"{row['at_least']:.2f}"
    raised = {f"bid:{r['quantity']}:{r['face']}" for r in odds["raises"]}
    assert raised == {m.targets[0] for m in state.legal_moves() if m.targets[0].startswith("bid:")}
    assert "sub" not in picker["bid:7:5"] and "sub" not in picker["bid:7:4"]     # not raises
    # a likelier raise is shaded darker (further from the paper colour)
    def darkness(cell):
        return -sum(int(cell["color"][i:i + 2], 16) for i in (1, 3, 5))
    by_chance = sorted(shown, key=lambda r: r["at_least"])
    low, high = (picker[f"bid:{r['quantity']}:{r['face']}"] for r in (by_chance[0], by_chance[-1]))
    assert by_chance[0]["at_least"] < by_chance[-1]["at_least"] and darkness(low) < darkness(high)
    assert "P(at least 7 fives)" in scene_html(scene)
    json.dumps(scene)


def hidden_cups(draw_seed: int, players: int, dice: int = 5) -> list[list[int]]:
    rng = random.Random(draw_seed)
    return [[rng.randint(1, 6) for _ in range(dice)] for _ in range(players)]


@pytest.mark.rules("P-HIDDEN-1")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 3), st.integers(0, 3),
       st.integers(1, 9), st.sampled_from((2, 3, 4, 5, 6)))
def test_the_odds_shown_to_a_player_depend_only_on_their_view(a, b, seat, bidder, quantity, face):
    """Two positions that differ only under the other players' cups: the player's view
    is the same, and so is everything their board shows, odds included."""
    first, second = hidden_cups(a, 4), hidden_cups(b, 4)
    second[seat] = first[seat]
    turn = (bidder + 1) % 4
    spec = dict(bids=[[quantity, face, bidder]], turn=turn)
    one, two = GAME.scenario(cups=first, **spec), GAME.scenario(cups=second, **spec)
    assert one.view(seat) == two.view(seat)
    assert one.scene(seat) == two.scene(seat)
    assert zones(one.scene(seat))["odds"]["items"]


def test_the_odds_do_follow_the_cups_a_player_sees():
    """The check above can fail: the odds do change with the player's own cup."""
    low = GAME.scenario(cups=[[2, 3, 4, 5, 6], [2, 3, 4, 6, 6], *SEED_CUPS[2:]], bids=["7 fives by P0"], turn=1)
    high = GAME.scenario(cups=[[2, 3, 4, 5, 6], [1, 1, 5, 5, 5], *SEED_CUPS[2:]], bids=["7 fives by P0"], turn=1)
    assert zones(low.scene(1))["odds"] != zones(high.scene(1))["odds"]
    assert zones(low.scene(0))["odds"] == zones(high.scene(0))["odds"]


@pytest.mark.rules("P-HIDDEN-1", "P-BID-COUNT")
def test_the_teacher_sees_the_movers_odds_and_the_truth_beside_them():
    state = GAME.scenario(cups=SEED_CUPS, bids=["7 fives by P0"], turn=1)
    teacher = zones(state.scene(None))["odds"]
    mover = zones(state.scene(1))["odds"]
    knows, truth = teacher["items"]
    assert knows["text"] == mover["items"][0]["text"] and knows["sub"].startswith("as P1 knows")
    assert truth["sub"].startswith("truth") and truth["text"] == "P(at least 7 fives) = 1.00, P(exactly 7) = 1.00"
    for p in range(4):                                  # no player's board holds the truth
        assert all(not i["sub"].startswith("truth") for i in zones(state.scene(p))["odds"]["items"])
    view = state.view(None)
    cups = {p: tuple(zip(c["dice"], c["faces"])) for p, c in enumerate(view["cups"])}
    picker = cells(state.scene(None))
    for q, f in ((7, 6), (8, 2), (9, 3), (10, 2)):
        true = judged_count(f, cups, 1) >= q
        title = picker[f"bid:{q}:{f}"]["title"]
        assert f"truth: P(at least {q} " in title and f") = {'1.00' if true else '0.00'}, P(exactly" in title
        assert picker[f"bid:{q}:{f}"] == {**cells(state.scene(1))[f"bid:{q}:{f}"], "title": title}


@pytest.mark.rules("P-HIDDEN-1")
def test_a_seats_knowledge_drawn_from_the_teachers_view_is_that_seats_view():
    """`seat_knowledge` (the cups the teacher's board judges the mover's odds from) hides
    exactly what `view(seat)` hides, at every bidding position of random games."""
    checked = 0
    for seed in range(3):
        for state in random_states(load(3), seed, 400):
            if state.data.phase != "betting" or state.data.stage != "bid":
                continue
            teacher = state.view(None)
            for seat in range(3):
                assert seat_knowledge(teacher, seat)["cups"] == state.view(seat)["cups"]
                checked += 1
    assert checked > 30


@pytest.mark.rules("P-BID-COUNT", "P-LIAR")
def test_the_reveal_marks_the_dice_that_count_and_shows_the_count():
    state = SMALL.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6]], bids=["2 threes by P0", "3 threes by P1"])
    called = play(state, "P0 liar")
    for viewer in (None, 0, 1):
        scene = called.scene(viewer)
        reveal = zones(scene)["reveal"]
        assert reveal["highlight"] and reveal["items"][0]["text"] == "3 threes"
        assert [i["text"] for i in reveal["items"][1:]] == ["liar by P0", "the bid stands"]
        cups = {z["id"]: z for z in zones(scene)["cups"]["zones"]}
        marked = [[i["text"] for i in cups[f"cup:{p}"]["items"] if i.get("badges") == ["✓"]] for p in (0, 1)]
        assert marked == [["1"], ["3", "3"]]
        assert "odds" not in zones(scene)
    assert "odds" in zones(state.scene(0)) and "reveal" not in zones(state.scene(0))


@pytest.mark.rules("P-CURSED")
def test_the_reveal_marks_nothing_of_a_cursed_bidders_own_cup():
    cups = [[1, 2, 2, 1, 2], [1, 1, 2, 3, 4], [1, 2, 2, 1, 5, 2], [3, 4, 5, 6, 3]]
    state = GAME.scenario(cups=cups, specials={"cursed": 2}, bids=["9 twos by P2"], turn=3)
    called = play(state, "P3 liar")
    scene = called.scene(3)
    assert zones(scene)["reveal"]["items"][0]["text"] == "8 twos"
    assert [i["text"] for i in zones(scene)["reveal"]["items"][1:]] == ["liar by P3", "the bid was a lie"]
    cups = {z["id"]: z for z in zones(scene)["cups"]["zones"]}
    counted = {p: sum(i.get("badges") == ["✓"] for i in cups[f"cup:{p}"]["items"]) for p in range(4)}
    assert counted == {0: 5, 1: 3, 2: 0, 3: 0}
    assert cups["cup:2"]["note"].endswith("0 count")


@pytest.mark.rules("P-HIDDEN-1")
def test_the_panels_perspective_switch_is_the_teachers_toggle_for_the_truth():
    from explorer.widgets import Panel
    from explorer.widgets.panel import TEACHER
    state = GAME.scenario(cups=SEED_CUPS, bids=["7 fives by P0"], turn=1)
    panel = Panel(state)
    assert "truth: 7 fives by P0" in panel.board.html and "as P1 knows" in panel.board.html
    panel.perspective.value = 1
    assert panel.board.viewer == 1
    assert "truth" not in panel.board.html and "as P1 knows: 7 fives by P0" in panel.board.html
    panel.perspective.value = 2
    assert "truth" not in panel.board.html and "as P2 knows: 7 fives by P0" in panel.board.html
    panel.perspective.value = TEACHER
    assert "truth: 7 fives by P0" in panel.board.html


@pytest.mark.rules("P-BET-EXCLUDED")
def test_a_player_sitting_out_sees_the_standing_odds_and_has_no_raises():
    state = GAME.scenario(cups=[SEED_CUPS[0], SEED_CUPS[1], None, SEED_CUPS[3]],
                          betting=[True, True, False, True], bids=["4 threes by P0"], turn=1)
    scene = state.scene(2)
    assert [i["sub"] for i in zones(scene)["odds"]["items"]] == ["as P2 knows: 4 threes by P0"]
    assert not any("sub" in c for c in cells(scene).values())
    assert all(c["color"] in ("#dddddd", "#fffdf5") for c in cells(scene).values())
