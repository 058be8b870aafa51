"""Clicks on the board: the move they mean (`move_for_targets`) and the rule refusing it."""
from __future__ import annotations

import pytest

from explorer.games.summoners.moves import Buy, Cycle, Draw, Play, Summon
from explorer.widgets import Board

from .helpers import at_play, random_states


def click_why(board: Board, selected: list[str], clicked: str) -> dict:
    board._on_custom_msg(board, {"event": "why", "selected": selected, "clicked": clicked}, [])
    return board.message


@pytest.mark.rules("S-PLACE-4", "S-ACE-2", "S-JOKER-1")
def test_a_forbidden_cell_is_explained_by_neighbour_and_rule(game):
    s = at_play(game, {(0, 0): "B9", (0, 2): "B2"}, hands=[["R8", "X1"], []])
    meant = s.move_for_targets(("hand:0:R8", "cell:1,0"))
    assert meant == Play(0, "R8", (1, 0))
    assert s.why_not(meant).text == "red 8 is weaker than the blue 9 to its left and not higher"
    assert s.why_not(s.move_for_targets(("cell:0,0", "hand:0:R8"))).rule == "S-ACE-2"
    assert s.move_for_targets(("hand:0:X1", "cell:1,0")) == Play(0, "X1", (1, 0))
    message = click_why(Board(s), ["hand:0:R8"], "cell:1,0")
    assert message["kind"] == "why" and message["rule"] == "S-PLACE-4"
    assert "blue 9 to its left" in message["text"]


@pytest.mark.rules("S-TURN-1", "S-PLACE-4")
def test_in_the_action_phase_a_play_click_still_names_the_placement_rule(game):
    s = game.scenario(grid={(0, 0): "B9"}, hands=[["R8"], []])
    assert s.why_not(Play(0, "R8", (1, 0))).rule == "S-PLACE-4"
    assert s.why_not(Play(0, "R8", (1, 1))).rule == "S-TURN-1"


def test_clicks_read_as_the_turn_actions(game):
    s = game.new(seed=3)
    card = s.data.hands[0][0]
    assert s.move_for_targets(("hand:0:" + card, "deck")) == Cycle(0, card)
    assert s.move_for_targets(("deck",)) == Draw(0)
    assert s.move_for_targets(("market:2",)) == Buy(0, 2, s.data.market[2])
    assert s.move_for_targets(("spirit:0:BQ", "cell:1,1", "cell:0,1", "cell:2,1")) == \
        Summon(0, "BQ", (1, 1), ((0, 1), (2, 1)))
    for nonsense in (("market:1", "market:2"), ("cell:0,0",), ("hand:0:B2", "hand:1:B3"),
                     ("cell:a,b",), ("track:Sword",), ("market:9",), ()):
        assert s.move_for_targets(nonsense) is None


def test_every_legal_move_is_what_its_own_clicks_mean(game):
    for state in random_states(game, 5, steps=150):
        if state.is_over or state.is_chance:
            continue
        for move in state.legal_moves():
            if move.targets:
                assert state.move_for_targets(move.targets) == move
