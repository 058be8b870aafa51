"""The board during the setup's decisions: a draft pick is a click on a hand card, a
tile is placed by a click on the tile in hand and then on an empty place of the map,
and nobody's board shows another player's tiles or set-aside cards."""
from __future__ import annotations

import pytest

from explorer.games.pirates.moves import DraftPass, PlaceTile

from .helpers import load


def ids(scene):
    def walk(zone):
        yield from (item["id"] for item in zone.get("items", []))
        for sub in zone.get("zones", []):
            yield from walk(sub)
    return {i for zone in scene["zones"] for i in walk(zone)}


def clicks_play_every_move(state):
    """Every legal move of the seat to move is on its board and its clicks mean it."""
    mover = state.pending.seat
    shown = ids(state.scene(mover)) | ids(state.scene(None))
    for move in state.legal_moves():
        assert set(move.targets) <= shown, move
        assert state.move_for_targets(move.targets) == move


@pytest.mark.rules("P-SETUP-DRAFT", "P-HIDDEN-1")
def test_a_draft_pick_is_a_click_on_a_hand_card():
    state = load(3, draft=True).new(1)
    assert all(isinstance(mv, DraftPass) for mv in state.legal_moves())
    clicks_play_every_move(state)
    state = state.play(state.legal_moves()[0])
    mover = state.pending.seat
    other = next(p for p in range(3) if p != mover)
    assert not any(i.startswith(f"hand:{other}:") for i in ids(state.scene(mover)))


@pytest.mark.rules("P-SETUP-BUILD", "P-HIDDEN-1")
def test_a_tile_is_placed_by_two_clicks_and_others_tiles_stay_hidden():
    state = load(3, map="build").new(2)
    placed = 0
    while isinstance(state.legal_moves()[0], PlaceTile) and placed < 6:
        clicks_play_every_move(state)
        mover = state.pending.seat
        board = state.scene(mover)
        for p in range(3):
            theirs = {i for i in ids(board) if i.startswith(f"tiles:{p}:")}
            assert bool(theirs) == (p == mover and bool(state.view(None)["stack"][-1]["all"][p]))
        empty = [z for z in board["zones"] if z["id"] == "route"][0]["items"]
        assert any(item["text"] == "(empty)" for item in empty)
        state = state.play(state.legal_moves()[0])
        placed += 1
    assert placed == 6
