"""The greedy agent reads only its (typed) view; it beats random play; MCTS plays Momiji."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.agents import MCTSAgent, make_agent, observe

from .helpers import load


@pytest.mark.rules("M-SCORE-1", "M-OBJ-1")
def test_greedy_beats_random_in_three_player_games() -> None:
    sim = explorer.simulate(load(3), ["greedy", "random", "random"], n=150, seed=1, workers=1,
                            progress=False, log_turns=False)
    row = sim.summary().filter(explorer.simulate.__globals__["pl"].col("seat") == 0).to_dicts()[0]
    assert row["win_rate"] >= 0.75, row          # 1,000 games measured: 85% (see the report)


@pytest.mark.rules("M-HIDDEN-1")
def test_greedy_observes_only_its_typed_view() -> None:
    agent = make_agent("greedy", load(3))
    assert agent.observes == ("seat",)
    state = load(3).new(seed=2)
    obs = observe(state, observes=agent.observes)
    assert agent.choose(obs, random.Random(0)) in obs.legal


@pytest.mark.rules("M-TURN-1")
def test_mcts_plays_momiji() -> None:
    state = load(3).new(seed=4)
    agent = MCTSAgent(iterations=30)
    move = agent.choose(observe(state), random.Random(1))
    assert move in state.legal_moves()
