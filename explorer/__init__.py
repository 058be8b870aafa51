"""Rules Explorer: exact rules engines for four tabletop games, with Jupyter views.

    import explorer
    game = explorer.load("village", players=3)
    state = game.new(seed=7)
    state.legal_moves(); state = state.play(state.legal_moves()[0])

See README.md and notebooks/00_tour.ipynb.
"""
from .core import (CHANCE, Event, Explorer, Game, IllegalMove, InvalidInput, Move, Outcome, Reason,
                   State, games, load)

__all__ = ["CHANCE", "Event", "Explorer", "Game", "IllegalMove", "InvalidInput", "Move", "Outcome",
           "Reason", "State", "games", "load", "simulate"]


def __getattr__(name: str) -> object:
    """`explorer.simulate` imports polars only when first used (a fast `import explorer`)."""
    if name == "simulate":
        from .core.simulate import simulate
        return simulate
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")
