"""Game-agnostic core: the state contract, moves, chance, rules, options, history, agents.

`core` never imports a game, a widget or altair; games register by module path.
"""
from .chance import BLANK, Cup, Deck, Die, redeal
from .errors import CORE_RULES, IllegalMove, InvalidInput, Reason
from .events import Event, Outcome, ScoreLine
from .game import Game, list_games, load
from .move import Move, exact, narrow
from .options import option
from .pending import CHANCE, OVER, Pending, decision, luck, seat_name
from .state import State, resolve_chance
from .tree import Explorer, Node

__all__ = [
    "BLANK", "CHANCE", "CORE_RULES", "Cup", "Deck", "Die", "Event", "Explorer", "Game", "IllegalMove",
    "InvalidInput", "Move", "Node", "OVER", "Outcome", "Pending", "Reason", "ScoreLine", "State",
    "decision", "exact", "list_games", "load", "luck", "narrow", "option", "redeal",
    "resolve_chance", "seat_name",
]
