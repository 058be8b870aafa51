"""The classroom page: pick a game and the number of players, then play it in the panel.

`ClassroomApp()` is what the Voila page (`page/classroom.ipynb`) displays. Each browser
tab gets its own kernel from Voila, hence its own `ClassroomApp` and its own game: the
tabs share nothing.

The panel's "save tree" writes to a file name typed in the browser, on the computer that
runs the server: in the app the panel is made with `server_files=False`, so saving is
refused in Python and its controls are hidden. Loading a tree (an upload, parsed and validated as data) stays.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.game import game_class, list_games, load
from ..core.tree import Explorer


class ClassroomApp(w.VBox):
    """A game picker (game, players, seed, start) above the explorer panel of that game."""

    def __init__(self, game: str | None = None, players: int | None = None, seed: int = 0) -> None:
        names = list_games()
        self.game = w.Dropdown(options=[(game_class(n).title, n) for n in names],
                               value=game if game in names else names[0], description="Game",
                               layout=w.Layout(width="auto"))
        self.game.add_class("rx-app-game")
        self.players = w.Dropdown(description="Players", layout=w.Layout(width="170px"))
        self.players.add_class("rx-app-players")
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px"),
                              tooltip="the same seed deals the same setup")
        self.seed.add_class("rx-app-seed")
        self.start = w.Button(description="Start the game", button_style="primary",
                              layout=w.Layout(width="auto"))
        self.start.add_class("rx-app-start")
        self.message = w.HTML()
        self.message.add_class("rx-app-message")
        self.area = w.Box()
        self.area.add_class("rx-app-area")
        self.panel: Any = None
        self._players_for(self.game.value, players)
        self.game.observe(lambda change: self._players_for(change["new"]), "value")
        self.start.on_click(lambda _: self.new_game())
        title = w.HTML('<h2 style="margin:4px 0">Rules Explorer: classroom</h2>'
                       '<small>Pick a game and the number of players, then start. Each browser '
                       'tab plays its own game.</small>')
        picker = w.HBox([self.game, self.players, self.seed, self.start],
                        layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([title, picker, self.message, self.area])
        self.add_class("rx-app")

    def _players_for(self, name: str, players: int | None = None) -> None:
        cls = game_class(name)
        choice = players if players is not None else self.players.value
        self.players.options = [(str(p), p) for p in range(cls.min_players, cls.max_players + 1)]
        self.players.value = (choice if choice in range(cls.min_players, cls.max_players + 1)
                              else cls.default_players)

    def new_game(self) -> Any:
        """Deal a new game from the picker's choices and show it in a fresh panel."""
        from ..widgets import Panel   # ipywidgets + anywidget: only once a game starts

        try:
            game = load(self.game.value, self.players.value)
            panel = Panel(Explorer(game.new(self.seed.value), seed=self.seed.value), server_files=False)
        except Exception as exc:  # noqa: BLE001 - a click must show a message, not a traceback
            self.message.value = (f'<div class="rx-why">could not start the game: '
                                  f'{html.escape(f"{type(exc).__name__}: {exc}")}</div>')
            return None
        self.message.value = (f"<small>{html.escape(game_class(game.name).title)}, "
                              f"{game.players} players, seed {self.seed.value}</small>")
        old = getattr(self, "panel", None)
        self.panel = panel
        self.area.children = [panel]
        if old is not None:
            old.close()        # its board, history and controls go with it
        return panel


SAVE_CONTROLS = ("save_name", "save_button", "save_view_button")
"""The panel controls that would write a file on the server (hidden in the app)."""
