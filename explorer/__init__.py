"""Rules Explorer: exact rules engines for four tabletop games, with Jupyter views.

    import explorer
    game = explorer.load("village", players=3)
    state = game.new(seed=7)
    state.legal_moves(); state = state.play(state.legal_moves()[0])

See README.md and notebooks/00_tour.ipynb.
"""
import importlib

from .core import (
    CHANCE,
    Event,
    Explorer,
    Game,
    IllegalMove,
    InvalidInput,
    Move,
    Outcome,
    Pending,
    Reason,
    State,
    list_games,
    load,
)

__all__ = ["CHANCE", "Event", "Explorer", "Game", "IllegalMove", "InvalidInput", "Move", "Outcome",
           "Pending", "Reason", "State", "charts", "list_games", "load", "odds", "simulate", "teach", "widgets"]

_LAZY_MODULES = ("charts", "teach", "widgets")
"""Submodules imported on first use: `explorer.widgets.Panel(tree)` works after a plain
`import explorer`, and neither altair nor ipywidgets slows that import."""


def __getattr__(name: str) -> object:
    """`explorer.simulate`, `explorer.odds`, `explorer.analyse`, `explorer.charts`, `explorer.teach` and `explorer.widgets` load when first used
    (polars, altair and ipywidgets stay out of a plain `import explorer`)."""
    if name == "simulate":
        from .core.simulate import simulate
        return simulate
    if name == "odds":
        from .core.odds import odds
        return odds
    if name == "analyse":
        from .core.analysis import analyse
        return analyse
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")
