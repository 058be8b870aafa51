"""The MCTS agent: validated settings, reproducible choices, and it beats random play."""
from __future__ import annotations

import random
from types import SimpleNamespace

import polars as pl
import pytest

import explorer
from explorer.core import InvalidInput
from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent, win_shares
from explorer.core.simulate import simulate, wilson
from explorer.games._template import NimGame


def win_rate(sim, seat: int) -> float:
    return float(sim.players.filter(pl.col("seat") == seat)["won"].mean())


def test_mcts_beats_random_at_chance_nim() -> None:
    sim = simulate(NimGame(2), [MCTSAgent(iterations=60), "random"], 40, seed=0, workers=1)
    assert win_rate(sim, 0) >= 0.75


def test_mcts_beats_random_at_village() -> None:
    game = explorer.load("village", players=3)
    mcts = MCTSAgent(iterations=50, rollout_limit=8)  # small and cut short, to stay fast
    sim = simulate(game, [mcts, "random", "random"], 30, seed=0, workers=2, log_turns=False)
    wins = float(sim.players.filter(pl.col("seat") == 0)["won"].sum())
    low, _ = wilson(wins, 30)
    assert low > 1 / 3, f"MCTS won {wins:.0f} of 30; not clearly above a fair share of 1/3"
    means = sim.players.group_by("seat").agg(pl.col("score").mean()).sort("seat")["score"]
    assert means[0] > max(means[1], means[2])


def test_same_rng_same_choice_and_a_single_move_needs_no_search() -> None:
    state = explorer.load("village", players=3).new(seed=4)
    agent = MCTSAgent(iterations=20, rollout_limit=5)
    first = agent.choose(observe(state), random.Random(7))
    assert first in state.legal_moves()
    assert agent.choose(observe(state), random.Random(7)) == first

    nim = NimGame(2).scenario(pile=1)

    def no_sampling(rng):
        raise AssertionError("searched a position with one legal move")

    obs = SimpleNamespace(player=0, legal=nim.legal_moves(), sample=no_sampling)
    assert agent.choose(obs, random.Random(0)) == nim.legal_moves()[0]


def test_win_shares_split_ties_and_cut_playouts_by_score() -> None:
    shared = NimGame(3, shared=True).scenario(pile=1, mover=1).play("take 1")
    assert win_shares(shared) == (0.5, 0.5, 0.0)
    assert win_shares(NimGame(2).scenario(pile=1).play("take 1")) == (1.0, 0.0)
    unfinished = NimGame(2).scenario(pile=5)   # nobody has won yet: all score 0, all lead
    assert win_shares(unfinished) == (0.5, 0.5)


@pytest.mark.parametrize("kwargs, field", [
    ({"iterations": 0}, "iterations"), ({"iterations": 2.5}, "iterations"),
    ({"exploration": -1}, "exploration"), ({"rollout_limit": -3}, "rollout_limit"),
    ({"worlds": 0}, "worlds"), ({"minimax_weight": 1.5}, "minimax_weight"),
    ({"evaluate": "scores"}, "evaluate"),
])
def test_bad_settings_are_refused(kwargs, field) -> None:
    with pytest.raises(InvalidInput) as info:
        MCTSAgent(**kwargs)
    assert info.value.field == field
