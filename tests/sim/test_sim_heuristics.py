"""The games' search heuristics (explorer/games/<game>/heuristic.py): found by the MCTS
agent, values that are win shares, higher for the player who stands better, read from
the sampled state alone, and a search that decides from the seat's observation only."""
from __future__ import annotations

import random

import polars as pl
import pytest
from gameplay import random_states

import explorer
from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent, evaluation_for, shares_from_points
from explorer.core.simulate import simulate, wilson
from explorer.core.state import resolve_chance
from explorer.games._template import NimGame


def random_position(name: str, players: int, seed: int, steps: int):
    """A position some random moves into a game (chance resolved), still going."""
    line = random_states(explorer.load(name, players=players), seed, limit=steps + 1)
    return resolve_chance(line[-1], random.Random(seed))


@pytest.mark.parametrize("name", explorer.list_games())
def test_every_game_has_a_heuristic_whose_values_are_win_shares(name: str) -> None:
    value = evaluation_for(explorer.load(name))
    assert value is not None and value.__module__ == f"explorer.games.{name}.heuristic"
    for players in (2, 3):
        for seed, steps in ((0, 0), (1, 15), (2, 40)):
            shares = value(random_position(name, players, seed, steps))
            assert len(shares) == players
            assert all(0.0 <= s <= 1.0 for s in shares) and sum(shares) == pytest.approx(1.0)


def test_a_game_without_a_heuristic_module_has_none() -> None:
    assert evaluation_for(NimGame(2)) is None


def test_shares_from_points_favour_the_leader_by_the_scale() -> None:
    assert shares_from_points([5.0, 5.0], 2.0) == pytest.approx((0.5, 0.5))
    lead = shares_from_points([7.0, 5.0, 5.0], 2.0)
    assert lead[0] > lead[1] == pytest.approx(lead[2])
    two = shares_from_points([3.0, 0.0], 3.0)
    assert two[0] == pytest.approx(1 / (1 + 2.718281828459045 ** -1))


def test_village_values_bribes_at_their_tokens_value() -> None:
    from explorer.games.village import heuristic
    village = explorer.load("village", players=3)
    crowns = village.scenario(bribes=[{"Crown": 3}, {}, {}])
    shares = heuristic.value(crowns)
    assert shares[0] > 0.8 and shares[1] == pytest.approx(shares[2])
    value = crowns.values()[4]
    assert heuristic.points(crowns)[0] - heuristic.points(crowns)[1] == pytest.approx(3 * value)


def test_summoners_values_mana_and_the_race_to_three_spirits() -> None:
    from explorer.games.summoners import heuristic
    summoners = explorer.load("summoners", players=2)
    richer = summoners.scenario(grid={(0, 0): "B9"}, hands=[[], []], mana=[8, 2])
    assert heuristic.value(richer)[0] > 0.75
    ahead = summoners.scenario(grid={(0, 0): "BJ"}, hands=[[], []], mana=[4, 6],
                               summoned=[["BJ"], []])
    points = heuristic.points(ahead)
    assert points[0] - points[1] == pytest.approx(4 - 6 + 2 + heuristic.RACE[1])


@pytest.mark.parametrize("name", explorer.list_games())
def test_the_search_decides_from_the_observation_only(name: str) -> None:
    """Two true positions that the mover sees alike (the others' hidden cards and dice
    drawn again) get the very same search and move."""
    state = random_position(name, 3, 5, 12)
    while state.forced_move is not None or state.to_move is None:
        state = resolve_chance(state.play(state.legal_moves()[0], check=False), random.Random(0))
    me = state.to_move
    other = state.determinize(me, random.Random(99))
    assert other.view(me) == state.view(me)
    agent = MCTSAgent(iterations=40)
    moves = [agent.choose(observe(s, observes=agent.observes), random.Random(3)) for s in (state, other)]
    assert moves[0] == moves[1] and moves[0] in state.legal_moves()


class CountingObservation:
    """An observation that counts the samples a search draws."""

    def __init__(self, state) -> None:
        self.inner = observe(state)
        self.player, self.legal, self.samples = self.inner.player, self.inner.legal, 0

    def sample(self, rng):
        self.samples += 1
        return self.inner.sample(rng)


def test_a_decision_draws_its_worlds_once_and_walks_them_in_turn() -> None:
    state = random_position("village", 3, 2, 0)
    obs = CountingObservation(state)
    MCTSAgent(iterations=50, worlds=6).choose(obs, random.Random(0))
    assert obs.samples == 6
    few = CountingObservation(state)
    MCTSAgent(iterations=3, worlds=6).choose(few, random.Random(0))
    assert few.samples == 3


def test_an_evaluation_at_the_cut_off_steers_the_search() -> None:
    """Chance Nim from 7: the evaluation says a pile that is a multiple of 4 is lost
    for the player to move. Judged right at the leaf (no playout), search takes 3."""
    def evaluate(state):
        d = state.data
        mover_loses = d.pile % 4 == 0
        return (0.1, 0.9) if (d.mover == 0) == mover_loses else (0.9, 0.1)

    agent = MCTSAgent(iterations=30, rollout_limit=0, evaluate=evaluate)
    state = NimGame(2).scenario(pile=7)
    assert str(agent.choose(observe(state), random.Random(0))) == "take 3"
    contrary = MCTSAgent(iterations=30, rollout_limit=0,
                         evaluate=lambda s: tuple(1.0 - v for v in evaluate(s)))
    assert str(contrary.choose(observe(state), random.Random(0))) != "take 3"


def test_mcts_with_the_heuristic_beats_random_at_summoners() -> None:
    game = explorer.load("summoners", players=2)
    mcts = MCTSAgent(iterations=30)
    sims = [simulate(game, [mcts, "random"], 6, seed=1, workers=2, log_turns=False, progress=False),
            simulate(game, ["random", mcts], 6, seed=2, workers=2, log_turns=False, progress=False)]
    wins = sum(float(sim.players.filter(pl.col("seat") == seat)["won"].sum())
               for seat, sim in enumerate(sims))
    assert wilson(wins, 12)[0] > 0.5, f"MCTS won {wins:g} of 12 against random play"
