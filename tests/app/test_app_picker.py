"""The classroom app's game picker offers each game's rule options: a control per option,
named as a teacher reads it, showing its default; Lying Pirates with Cities of Greed starts
from it; a combination the game refuses is told in the game's words."""
from __future__ import annotations

import dataclasses
import typing

import ipywidgets as w
import pytest

import explorer
from explorer.app.classroom import ClassroomApp
from explorer.app.options import FILE_OPTIONS
from explorer.core.game import game_class


def control(app: ClassroomApp, name: str):
    found = [c for c in app.option_controls if c.name == name]
    assert len(found) == 1, f"no control for the option {name!r}"
    return found[0]


def widgets_in(widget: w.Widget) -> list[w.Widget]:
    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        found.append(item)
        stack.extend(getattr(item, "children", ()))
    return found


@pytest.mark.parametrize("name", explorer.list_games())
def test_each_game_shows_a_control_per_declared_option_with_its_default(name: str) -> None:
    app = ClassroomApp(name)
    cls = game_class(name)
    declared = [f for f in dataclasses.fields(cls.Options) if f.name not in FILE_OPTIONS]
    assert [c.name for c in app.option_controls] == [f.name for f in declared]
    shown = widgets_in(app.option_box)
    loaded = explorer.load(name, app.players.value)
    for f, c in zip(declared, app.option_controls):
        assert c.widget in shown, f"{f.name} is not on the page"
        assert c.label == f.metadata["label"] and "_" not in c.label
        assert c.value() == f.default or explorer.load(name, app.players.value, **{f.name: c.value()}) == loaded, \
            f"{f.name}: the control shows {c.value()!r}, the default is {f.default!r}"
        if isinstance(c.widget, (w.Checkbox, w.Dropdown, w.IntText, w.Text)):
            assert c.widget.description == c.label
        if typing.get_origin(typing.get_type_hints(cls.Options)[f.name]) is typing.Literal:
            assert isinstance(c.widget, w.Dropdown)
            assert [v for _, v in c.widget.options] == list(typing.get_args(typing.get_type_hints(cls.Options)[f.name]))
    # untouched, the controls start the game with its defaults
    panel = app.new_game()
    assert panel is not None and panel.explorer.game == loaded


def test_pirates_with_cities_of_greed_from_the_picker() -> None:
    app = ClassroomApp()
    app.game.value = "pirates"
    app.players.value = 4
    app.seed.value = 7
    cities = control(app, "cities_of_greed")
    assert isinstance(cities.widget, w.Checkbox) and cities.widget.description == "Cities of Greed expansion"
    assert cities.widget in app.option_box.children[0].children     # in the first row, not folded away
    assert cities.widget.value is False
    cities.widget.value = True
    panel = app.new_game()
    game = panel.explorer.game
    assert game.options.cities_of_greed and game == explorer.load("pirates", 4, cities_of_greed=True)
    assert game.town_names and panel.explorer.root.state.data.cities is not None
    assert panel.explorer.root.state.to_json() == game.new(7).to_json()
    assert "Cities of Greed expansion" in app.message.value
    ids = [item["id"] for zone in panel.board.scene["zones"] for item in zone.get("items", ())]
    assert {f"banner:{town}" for town in game.town_names} <= set(ids), "no town banners on the board"


def test_variant_cards_and_captains_are_picked_by_name() -> None:
    app = ClassroomApp("pirates", 3)
    variants, captains = control(app, "variants"), control(app, "captains")
    [rich] = [b for b in variants.boxes if b.description == "Rich Start"]
    rich.value = True
    assert [m.layout.display for m in captains.menus] == [None, None, None, "none", "none", "none"]
    captains.menus[1].value = "C3"
    game = app.new_game().explorer.game
    assert game.options.variants == ("rich start",) and game.options.captains == ("", "C3", "")
    assert "Captains: none, The Haggler, none" in app.message.value
    app.players.value = 5                                          # a menu per seat of the game
    assert [m.layout.display for m in captains.menus] == [None] * 5 + ["none"]
    assert app.new_game().explorer.game.options.captains == ("", "C3", "", "", "")


def test_changing_game_rebuilds_the_controls() -> None:
    app = ClassroomApp("village")
    old = app.option_controls
    app.game.value = "momiji"
    assert {c.name for c in app.option_controls} >= {"landscapes", "start_acorns"}
    assert all(c.widget.comm is None for c in old), "the previous game's controls are still open"
    assert control(app, "landscapes").widget in app.option_box.children[0].children
    control(app, "landscapes").widget.value = "draft"
    assert app.new_game().explorer.game.options.landscapes == "draft"


@pytest.mark.parametrize("name,players,option,value,words", [
    ("pirates", 2, "start_seat", 5, "Starting captain (seat number): no seat 5 among 2 players"),
    ("pirates", 4, "start_seat", 9, "the rule options: “Starting captain (seat number)” must be a seat number"),
    ("village", 3, "track_values", "1, 2, 3", "“Dragon&#x27;s Favor values” must be six whole numbers"),
    ("village", 3, "track_values", "1, two, 3, 4, 5, 6", "Dragon&#x27;s Favor values: expected `int`"),
    ("momiji", 2, "acorn_supply", "many", "Acorns in the supply (blank: unlimited): expected `int | null`"),
])
def test_a_refused_combination_shows_the_games_words_not_a_traceback(
        name: str, players: int, option: str, value: object, words: str) -> None:
    app = ClassroomApp(name, players)
    before = app.new_game()
    control(app, option).widget.value = value
    assert app.new_game() is None
    assert "could not start the game" in app.message.value and words in app.message.value
    assert "Traceback" not in app.message.value and "InvalidInput" not in app.message.value
    assert app.panel is before and app.area.children == (before,)    # the game on show stays
