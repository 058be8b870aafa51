"""A golden playthrough: a seeded 2-player game written out state by state and compared.

Greedy against random. Every state's teacher and player views and every legal move's text and label are
written to `golden/summoners_2p_seed4.txt`. Any change in rules, texts or views shows up
as a diff. Regenerate after an intended change with
`UPDATE_GOLDEN=1 uv run pytest tests/summoners/test_golden.py` and review the diff.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from gameplay import check_golden, golden_playthrough

import explorer
from explorer.core import Move
from explorer.core.agents import Observation, RandomAgent
from explorer.games.summoners import GreedySummonersAgent

GOLDEN = Path(__file__).parent / "golden" / "summoners_2p_seed4.txt"


class GreedyThenRandom:
    """The greedy agent in seat 0, a random player in seat 1: a game with summons, buys
    and a win by summoning (two greedy players rarely summon)."""

    def __init__(self) -> None:
        self.seats = (GreedySummonersAgent(), RandomAgent())

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        return self.seats[obs.player].choose(obs, rng)


def playthrough(seed: int = 4) -> str:
    """The text of one game: greedy against random, chance sampled from `seed`."""
    return golden_playthrough(explorer.load("summoners", players=2), seed,
                              f"# Piri Piri Summoners, 2 players, seed {seed}, greedy vs random",
                              GreedyThenRandom(), lambda state: f"to move {state.to_move}")


@pytest.mark.rules("S-END-1", "S-SUMMON-2", "S-FLANK-4", "S-SCULPT-2", "S-DRAW-1", "S-BUY-1")
def test_golden_playthrough():
    check_golden(GOLDEN, playthrough(), 1_000_000)
