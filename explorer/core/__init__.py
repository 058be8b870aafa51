"""Game-agnostic core: the state contract, moves, chance, rules, options, history, agents.

`core` never imports a game, a widget or altair; games register by module path.
"""
from .errors import CORE_RULES, IllegalMove, InvalidInput, Reason
from .events import Event, Outcome, ScoreLine
from .game import Game, games, load
from .move import Move, exact, narrow
from .options import option
from .state import CHANCE, State, resolve_chance
from .tree import Explorer, Node

__all__ = [
    "CHANCE", "CORE_RULES", "Event", "Explorer", "Node", "Game", "IllegalMove", "InvalidInput", "Move", "Outcome",
    "Reason", "ScoreLine", "State", "exact", "games", "load", "narrow", "option", "resolve_chance",
]
