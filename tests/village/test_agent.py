"""The greedy agent: legal, view-only, and clearly better than random play."""
from __future__ import annotations

import random

import pytest
from gameplay import play_out, win_share_against_random

from explorer.core.agents import make_agent, observe
from explorer.games.village.agent import GreedyVillageAgent

from .helpers import load, play


@pytest.mark.rules("V-SCORE-4", "V-BRIBE-4", "V-CURSE-2")
def test_greedy_beats_random_clearly() -> None:
    assert win_share_against_random(load(3), GreedyVillageAgent(), 60) > 0.6


@pytest.mark.rules("V-DRAW-3")
def test_greedy_ends_the_game_only_when_leading_and_is_registered() -> None:
    assert isinstance(make_agent("greedy", "village"), GreedyVillageAgent)
    game = load(2)
    leading = game.scenario(hands=["Axe", "Crown"], bribes=[{"Egg": 3}, {"Axe": 1}], deck={},
                            stalls={0: "Axe"})
    assert play(leading, GreedyVillageAgent().choose(observe(leading), random.Random(0))).is_over
    behind = game.scenario(hands=["Axe", "Crown"], bribes=[{"Axe": 1}, {"Egg": 3}], deck={},
                           stalls={0: "Axe"})
    move = GreedyVillageAgent().choose(observe(behind), random.Random(0))
    assert str(move) == "P0 buy stall 0" and not play(behind, move).is_over
    for seed in range(3):
        assert play_out(game, [GreedyVillageAgent()] * 2, seed).is_over


@pytest.mark.rules("V-CURSE-1")
def test_greedy_curses_a_rivals_type() -> None:
    state = load(2).scenario(hands=["Crown Egg Axe", ""], bribes=[{"Axe": 1}, {"Egg": 2}],
                             stalls={3: "Sword*3"}, deck="Axe*5")
    state = play(state, "P0 buy stall 3 paying Axe Crown Egg")
    assert str(GreedyVillageAgent().choose(observe(state), random.Random(0))) == "P0 curse Egg"
