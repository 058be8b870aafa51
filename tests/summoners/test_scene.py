"""The board scene: grid with candidate cells, hidden cards face down, clickable targets."""
from __future__ import annotations

import json

import pytest

import explorer
from explorer.core.move import exact, narrow
from explorer.core.scene import scene_html

from .helpers import random_states


def ids(scene):
    found = set()

    def walk(zone):
        for item in zone.get("items", ()):
            found.add(item["id"])
        for sub in zone.get("zones", ()):
            walk(sub)
    for zone in scene["zones"]:
        walk(zone)
    return found


@pytest.mark.rules("S-HIDDEN-1", "S-PLACE-1")
def test_every_target_of_every_legal_move_is_on_the_movers_board(game):
    for state in random_states(game, 3, steps=150):
        if state.is_over or state.is_chance:
            continue
        board = ids(state.scene(state.to_move))
        for move in state.legal_moves():
            assert set(move.targets) <= board, move
            assert move in exact(state.legal_moves(), move.targets)


def test_grid_zone_has_cards_and_candidate_cells(game):
    s = game.scenario(grid={(0, 0): "B9", (1, 0): "G10"}, sculptures=[(0, 0), None],
                      hands=[["R8"], ["B2"]], spirits=[["BQ"], ["GJ"]])
    scene = s.scene(0)
    grid = next(z for z in scene["zones"] if z["id"] == "grid")
    cards = [i for i in grid["items"] if i["kind"] == "card"]
    cells = [i for i in grid["items"] if i["kind"] == "cell"]
    assert {(i["x"], i["y"]) for i in cards} == {(0, 0), (1, 0)}
    assert len(cells) == 10 and all(i["id"].startswith("cell:") for i in cells)
    assert cards[0]["badges"] == ["P0"] and "P0's capybara sculpture" in cards[0]["title"]
    text = json.dumps(scene)
    assert "GJ" not in text and "B2" not in text and "BQ" in text
    assert "R8" in text
    players = next(z for z in scene["zones"] if z["id"] == "players")
    other = players["zones"][1]["items"]
    assert [i["face"] for i in other if i["kind"] == "card"] == ["down", "down"]
    assert "rx-scene" in scene_html(scene)


def test_clicking_a_hand_card_narrows_to_its_cells(game):
    s = game.scenario(grid={(0, 0): "B9"}, hands=[["R8", "B2"], []], phase="play")
    moves = narrow(s.legal_moves(), ["hand:0:R8"])
    assert {m.cell for m in moves} == {(-1, -1), (1, -1), (-1, 1), (1, 1)}
    assert len(narrow(s.legal_moves(), ["hand:0:R8", "cell:1,1"])) == 1


def test_the_valley_shows_the_coordinates_every_example_names() -> None:
    game = explorer.load("summoners", players=2)
    state = game.scenario(grid={(0, 0): "B9", (-1, 2): "R8"})
    page = scene_html(state.scene(None))
    assert '>0,0</span>' in page and '>-1,2</span>' in page and 'empty cell -1,1' in page
