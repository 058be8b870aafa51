"""Jupyter views of the Rules Explorer: the live `Board` (anywidget) and the explorer `Panel`.

    from explorer.widgets import Board, Panel
    Board(state)                  # click to play, why-not answers, events narrated
    Panel(state, viewer=None)     # the board + moves, why-not, history, perspective, chance
"""
from .board import Board
from .panel import Panel

__all__ = ["Board", "Panel"]
