"""The classroom page: pick a game, the number of players and the rule options, then play
it in the panel.

`ClassroomApp()` is what the Voila page (`page/classroom.ipynb`) displays. Each browser
tab gets its own kernel from Voila, hence its own `ClassroomApp` and its own game: the
tabs share nothing.

The panel's "save tree" writes to a file name typed in the browser, on the computer that
runs the server: in the app the panel is made with `server_files=False`, so saving is
refused in Python and its controls are hidden. Loading a tree (an upload, parsed and validated as data) stays.

The rule options are the game's own (`options.controls`): the rulebook's variants first
(Lying Pirates' Cities of Greed expansion, its variant cards and captains), the assumed
rulings folded under them. Picking another game closes the previous game's controls and
makes the new game's; a combination the game refuses is shown in the game's words.
"""
from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget import _instances as _LIVE  # every live widget, by model id

from ..core.errors import InvalidInput
from ..core.game import game_class, list_games, load
from ..core.tree import Explorer
from .options import RULES, OptionControl, controls


class ClassroomApp(w.VBox):
    """A game picker (game, players, seed, rule options, start) above the explorer panel of
    that game."""

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
        self.option_box = w.VBox(layout=w.Layout(margin="2px 0 6px 0"))
        self.option_box.add_class("rx-app-options")
        self.option_controls: list[OptionControl] = []
        self._option_widgets: set[str] = set()
        self._players_for(self.game.value, players)
        self._options_for(self.game.value)
        self.game.observe(lambda change: self._game_changed(change["new"]), "value")
        self.players.observe(lambda change: self._seats(change["new"]), "value")
        self.start.on_click(lambda _: self.new_game())
        title = w.HTML('<h2 style="margin:4px 0">Rules Explorer: classroom</h2>'
                       '<small>Pick a game, the number of players and the rule options, then start. '
                       'Each browser tab plays its own game.</small>')
        picker = w.HBox([self.game, self.players, self.seed, self.start],
                        layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([title, picker, self.option_box, self.message, self.area])
        self.add_class("rx-app")

    def _players_for(self, name: str, players: int | None = None) -> None:
        cls = game_class(name)
        choice = players if players is not None else self.players.value
        self.players.options = [(str(p), p) for p in range(cls.min_players, cls.max_players + 1)]
        self.players.value = (choice if choice in range(cls.min_players, cls.max_players + 1)
                              else cls.default_players)

    def _game_changed(self, name: str) -> None:
        self._players_for(name)
        self._options_for(name)
        self.message.value = ""

    def _options_for(self, name: str) -> None:
        """The option controls of game `name`, in place of the previous game's (closed, with
        their layouts and styles: a teacher who looks through the games leaves nothing)."""
        made_before = set(_LIVE)
        made = controls(game_class(name), self.players.value)
        first = sorted((c for c in made if c.source in RULES),        # its yes/no rules first
                       key=lambda c: not isinstance(c.widget, w.Checkbox))
        rules = [c.widget for c in first]
        rulings = [c.widget for c in made if c.source not in RULES]
        parts: list[Any] = []
        if rules:
            row = w.HBox(rules, layout=w.Layout(flex_flow="row wrap", align_items="center",
                                                grid_gap="2px 14px"))
            parts.append(row)
        if rulings:
            grid = w.GridBox(rulings, layout=w.Layout(grid_template_columns="repeat(auto-fill, minmax(430px, 1fr))",
                                                      grid_gap="2px 24px", align_items="center"))
            more = w.Accordion([grid], titles=(f"Assumed rulings ({len(rulings)}): where "
                                                          f"the rules say nothing, our choice",),
                               selected_index=None, layout=w.Layout(width="auto"))
            more.add_class("rx-app-rulings")
            parts.append(more)
        self.option_box.children = parts
        old = self._option_widgets
        self.option_controls = made
        self._option_widgets = set(_LIVE) - made_before
        for key in old:
            if key in _LIVE:
                _LIVE[key].close()

    def _seats(self, players: int | None) -> None:
        for control in self.option_controls:
            if players is not None:
                control.seats(players)

    def chosen_options(self) -> dict[str, Any]:
        """The rule options as the controls show them, by name (what `load` gets)."""
        return {c.name: c.value() for c in self.option_controls}

    def _refusal(self, exc: Exception) -> str:
        """The game's own words for a refused start, each option named by its label."""
        if not isinstance(exc, InvalidInput):
            return f"{type(exc).__name__}: {exc}"
        labels = {c.name: c.label for c in self.option_controls}
        problem = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b",
                         lambda m: f"“{labels[m[0]]}”" if m[0] in labels else m[0], exc.problem)
        field = re.match(r"options\.(\w+)", exc.field)
        where = labels.get(field[1], exc.field) if field else ("the rule options" if exc.field == "options"
                                                               else exc.field)
        return f"{where}: {problem}"

    def new_game(self) -> Any:
        """Deal a new game from the picker's choices and show it in a fresh panel."""
        from ..widgets import Panel  # ipywidgets + anywidget: only once a game starts

        try:
            game = load(self.game.value, self.players.value, **self.chosen_options())
            panel = Panel(Explorer(game.new(self.seed.value), seed=self.seed.value), server_files=False)
        except Exception as exc:  # noqa: BLE001 - a click must show a message, not a traceback
            self.message.value = (f'<div class="rx-why">could not start the game: '
                                  f'{html.escape(self._refusal(exc))}</div>')
            return None
        changed = [c.label if getattr(game.options, c.name) is True else
                   f"{c.label}: {c.words(getattr(game.options, c.name))}"
                   for c in self.option_controls if getattr(game.options, c.name) != c.default]
        self.message.value = (f"<small>{html.escape(game_class(game.name).title)}, "
                              f"{game.players} players, seed {self.seed.value}"
                              f"{''.join('; ' + html.escape(text) for text in changed)}</small>")
        old = getattr(self, "panel", None)
        self.panel = panel
        self.area.children = [panel]
        if old is not None:
            old.close()        # its board, history and controls go with it
        return panel


SAVE_CONTROLS = ("save_name", "save_button", "save_view_button")
"""The panel controls that would write a file on the server (hidden in the app)."""
