"""The search at Lying Pirates bets by the odds of the mover's own view (the pirates
heuristic's `policy`, [P-BID-ORDER]) and searches the other decisions; other games opt
in to no fixed decision, so their search is unchanged."""
from __future__ import annotations

import random

import pytest
from gameplay import random_states

import explorer
from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent, policy_for
from explorer.games.pirates.agent import GreedyPiratesAgent
from explorer.games.pirates.heuristic import policy


def decisions(seed: int, players: int = 2, limit: int = 400):
    """The decision states of one random game of Lying Pirates."""
    line = random_states(explorer.load("pirates", players=players), seed, limit)
    return [state for state in line if not state.is_over and not state.is_chance]


def standing_bids(seed: int):
    """Betting decisions after an opening bid, with the other cups still hidden."""
    for state in decisions(seed):
        if state.pending.step == "bid" and state.data.bids and not state.revealed():
            yield state


def test_the_policy_bets_as_the_greedy_agent_and_leaves_the_rest_to_search() -> None:
    greedy, bets, searched = GreedyPiratesAgent(), 0, 0
    for seed in range(3):
        for state in decisions(seed):
            fixed = policy(state)
            if state.pending.step == "bid":
                bets += 1
                obs = observe(state, observes=greedy.observes)
                assert fixed == greedy.choose(obs, random.Random(0)) and fixed in state.legal_moves()
            else:
                searched += 1
                assert fixed is None
    assert bets and searched


def test_a_bet_reads_the_movers_view_only() -> None:
    """The others' cups rolled again: the same bet, and the search plays it."""
    checked = 0
    for seed in range(4):
        for state in standing_bids(seed):
            me = state.to_move
            others = [state.determinize(me, random.Random(k)) for k in range(4)]
            assert any(o.data.cups != state.data.cups for o in others)
            assert {policy(o) for o in others} == {policy(state)}
            agent = MCTSAgent(iterations=30)
            assert agent.choose(observe(state, observes=agent.observes), random.Random(1)) == policy(state)
            checked += 1
    assert checked


@pytest.mark.parametrize("name", [g for g in explorer.list_games() if g not in ("pirates", "summoners")])
def test_other_games_have_every_decision_searched(name: str) -> None:
    assert policy_for(explorer.load(name)) is None


def test_summoners_fixes_its_card_plays_through_its_heuristic_module() -> None:
    from explorer.games.summoners import heuristic as summoners
    assert policy_for(explorer.load("summoners")) is summoners.policy


def test_pirates_opts_in_through_its_heuristic_module() -> None:
    assert policy_for(explorer.load("pirates")) is policy
