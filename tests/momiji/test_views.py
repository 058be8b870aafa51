"""Views, hidden pile sizes and determinize (M-HIDDEN-2, M-HIDDEN-3)."""
from __future__ import annotations

import random

import pytest
from gameplay import random_states

from explorer.core.scene import items

from .helpers import all_cards, load


@pytest.mark.rules("M-HIDDEN-3")
def test_nobody_may_count_a_pile() -> None:
    spec = dict(rows=[["Maple-0 Maple-1"], ["Oak-0 Oak-0L Oak-1"]])
    state = load(2).scenario(**spec)
    other = state.view(0)["seats"][1]["piles"][0]
    assert other == {"type": "Oak", "top": "Oak-1", "value": 1, "closed": False}
    assert state.view(0)["seats"][0]["piles"][0]["size"] == 2
    assert state.view(None)["seats"][1]["piles"][0]["size"] == 3 and "scores" not in state.view(0)
    counted = load(2, count_piles=True).scenario(**spec)
    assert counted.view(0)["seats"][1]["piles"][0]["size"] == 3
    scene = state.scene(0)
    titles = [i["title"] for i in items(scene) if i["id"].startswith("pile:1")]
    assert titles and "size hidden" in titles[0]


@pytest.mark.rules("M-HIDDEN-2", "M-HIDDEN-1")
def test_determinize_keeps_piles_and_conserves_cards() -> None:
    game = load(3)
    rng = random.Random(5)
    for state in random_states(game, 9)[::7]:
        for viewer in range(3):
            sample = state.determinize(viewer, rng)
            assert sample.data.rows == state.data.rows and sample.data.garden == state.data.garden
            assert sample.data.hands[viewer] == state.data.hands[viewer]
            assert all_cards(sample) == all_cards(state)
            assert sample.view(viewer) == state.view(viewer)


@pytest.mark.rules("M-COMP-1", "M-SCORE-2")
def test_cards_and_acorns_are_accounted_for_through_random_games() -> None:
    for players in (2, 4):
        game = load(players)
        for seed in range(3):
            line = random_states(game, seed)
            box = all_cards(line[0])
            for a, b in zip(line, line[1:]):
                assert all_cards(b) == box
                gained = sum(b.data.acorns) - sum(a.data.acorns)
                kinds = {e.rule for e in b.events}
                if gained > 0:
                    assert kinds & {"M-PLAY-7", "M-EXTRA-2", "M-POWER-D"}, kinds
                if gained < 0:
                    assert kinds & {"M-COLLECT-2", "M-COLLECT-4", "M-OBJ-1", "M-EXTRA-3"} or any(
                        e.kind == "power" for e in b.events), kinds
