"""Forcing luck on the board: at every chance node of every game, each outcome names
the board elements a click forces it by (its `targets`), and the teacher's board shows
them (classroom issue, item 9: a die, a deck, a cup, a hand left to luck)."""
from __future__ import annotations

import random

import pytest
from hidden_pairs import config_id, configurations

import explorer
from explorer.core.scene import items as scene_items
from explorer.core.state import CHANCE

CONFIGS = configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_every_chance_outcome_can_be_clicked_on_the_teachers_board(config):
    name, options = config
    game = explorer.load(name, **options)
    streams = set()
    for seed in range(2):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if state.is_over:
                break
            if state.to_move == CHANCE:
                ids = {item["id"] for item in scene_items(state.scene(None)) if item.get("id")}
                for move, _ in state.chance_outcomes():
                    assert move.targets and set(move.targets) <= ids, (
                        f"{state.pending.prompt}: {move.label} names {move.targets}, not on the board")
                streams.add(state.pending.step.split(" ")[0])
                state = state.play(state.sample_chance(rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
    assert streams, "no chance node met"
