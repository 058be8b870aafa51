"""The greedy agent: plays from its own view only and beats random play."""
from __future__ import annotations

import random

import explorer
from explorer.core.agents import RandomAgent, make_agent, observe
from explorer.games.summoners import GreedySummonersAgent

from .helpers import random_states


def play_game(game, agents, seed):
    rng = random.Random(seed)
    state = game.new(seed=seed)
    while not state.is_over:
        if state.is_chance:
            state = state.play(state.sample_chance(rng), check=False)
        else:
            obs = observe(state)
            move = agents[state.to_move].choose(obs, rng)
            assert move in obs.legal
            state = state.play(move, check=False)
    return state.outcome()


def greedy_win_rate(games, seed0=0):
    game = explorer.load("summoners", players=2)
    wins = 0
    for i in range(games):
        greedy_seat = i % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[greedy_seat] = GreedySummonersAgent()
        out = play_game(game, agents, seed0 + i)
        wins += greedy_seat in out.winners and len(out.winners) == 1
    return wins / games


def test_greedy_beats_random():
    assert greedy_win_rate(60) >= 0.8


def test_agent_reads_only_its_view():
    game = explorer.load("summoners", players=3)
    assert GreedySummonersAgent.observes == ("seat",)
    assert game.agents["greedy"] is GreedySummonersAgent
    assert isinstance(make_agent("greedy", game), GreedySummonersAgent)
    for state in random_states(game, 2, steps=120):
        if state.is_over or state.is_chance:
            continue
        obs = observe(state, observes=GreedySummonersAgent.observes)
        move = GreedySummonersAgent().choose(obs, random.Random(0))
        assert move in obs.legal
