"""Please Don't Burn My Village!: the rules engine, scenarios, board scene and a greedy agent."""
from .game import VillageGame

__all__ = ["VillageGame"]
