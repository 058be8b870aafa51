"""Momiji: the rules engine, stand-in catalogue, scenarios, board scene and a greedy agent."""
from .game import MomijiGame

__all__ = ["MomijiGame"]
