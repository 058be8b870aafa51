"""Lying Pirates: The Race for the Pirate Throne (Nordic Pirate Games), 2-6 players.

    import explorer
    game = explorer.load("pirates", players=4)
    state = game.new(seed=1)
"""
from .game import PiratesGame
from .state import PiratesState

__all__ = ["PiratesGame", "PiratesState"]
