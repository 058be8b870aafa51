"""Piri Piri Summoners: place cards on an open grid by the suit cycle, summon Spirits.

    import explorer
    game = explorer.load("summoners", players=2)
    state = game.new(seed=1)
"""
from .agent import GreedySummonersAgent
from .game import SummonersGame
from .state import SummonersState

__all__ = ["GreedySummonersAgent", "SummonersGame", "SummonersState"]
