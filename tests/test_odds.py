"""`explorer.odds` in every game: exact, summing to 1 per question, equal for positions
that look the same to the viewer, and at a deck's chance node the teacher's next card is
the engine's own chance distribution."""
from __future__ import annotations

import random

import polars as pl
import pytest
from hidden_pairs import config_id, configurations, random_line

import explorer
from explorer.core.state import CHANCE

CONFIGS = configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_odds_sum_to_one_and_tell_no_secret(config) -> None:
    name, options = config
    game = explorer.load(name, **options)
    rng = random.Random(8)
    asked = 0
    for state in random_line(game.new(seed=5), random.Random(8), 150):
        for viewer in (None, *range(game.players)):
            frame = explorer.odds(state, viewer)
            assert frame.columns == ["question", "outcome", "probability"]
            sums = frame.group_by("question").agg(pl.col("probability").sum())
            assert all(abs(t - 1) < 1e-9 for t in sums["probability"]), sums
            asked += frame.height
            if viewer is not None:
                assert explorer.odds(state.determinize(viewer, rng), viewer).equals(frame)
    assert asked, "no odds at all"


@pytest.mark.parametrize("name", ["village", "summoners"])
def test_the_teachers_next_card_is_the_engines_chance(name: str) -> None:
    game = explorer.load(name, players=3)
    checked = 0
    for state in random_line(game.new(seed=3), random.Random(2), 300):
        if state.to_move == CHANCE and state.pending.step == "deck":
            engine = {m.label: p for m, p in state.chance_outcomes()}
            rows = explorer.odds(state).filter(pl.col("question") == "the next card of the deck")
            assert sorted(rows["probability"]) == pytest.approx(sorted(engine.values()))
            checked += 1
    assert checked
