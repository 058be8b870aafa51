"""Clicks on the board build moves (hand card, then pile), and refusals cite the rule."""
from __future__ import annotations

import pytest

from explorer.core.move import exact, narrow
from explorer.core.scene import items, scene_html

from .helpers import load, play


@pytest.mark.rules("M-PLAY-1", "M-PLAY-2")
def test_hand_card_then_pile_is_a_play() -> None:
    state = load(2).scenario(hands=["Maple-1 Oak-0", ""], rows=[["Maple-0"], []], garden="Birch-0")
    moves = state.legal_moves()
    assert [str(m) for m in exact(moves, ["hand:0:Maple-1", "pile:0:Maple"])] == ["P0 play Maple-1"]
    assert [str(m) for m in exact(moves, ["hand:0:Oak-0", "row:0"])] == ["P0 play Oak-0"]
    assert {str(m) for m in narrow(moves, ["hand:0:Oak-0"])} == {"P0 play Oak-0", "P0 trade Oak-0"}
    assert [str(m) for m in exact(moves, ["garden:Birch"])] == ["P0 collect Birch"]
    ids = {i["id"] for i in items(state.scene(0))}
    assert all(t in ids for m in moves for t in m.targets), [m.targets for m in moves]
    assert "hand:0:Maple-1" not in {i["id"] for i in items(state.scene(1))}
    assert "data-id" in scene_html(state.scene(None))


@pytest.mark.rules("M-PLAY-3", "M-OBJ-1")
def test_a_click_that_makes_no_legal_move_names_the_rule() -> None:
    state = load(2).scenario(hands=["Maple-3", ""], rows=[["Maple-0"], []], acorns=[1, 1])
    meant = state.move_for_targets(("hand:0:Maple-3", "pile:0:Maple"))
    assert str(meant) == "P0 play Maple-3" and state.why_not(meant).rule == "M-PLAY-3"
    obj = state.data.objectives[0]
    assert state.why_not(state.move_for_targets((f"objective:{obj}",))).rule == "M-OBJ-1"
    assert state.move_for_targets(("hand:0:Maple-3", "garden:Maple")) is None


@pytest.mark.rules("M-PLAY-6", "M-POWER-A")
def test_every_step_has_clickable_targets() -> None:
    game = load(2, new_piles="any")
    state = game.scenario(hands=["Oak-0", ""], rows=[["Maple-0"], []], garden="Birch-0 Ginkgo-1",
                          deck_top="Ginkgo-0 Ginkgo-2 Birch-1 Birch-2")
    for line in (["P0 play Oak-0"], ["P0 collect Birch", "P0 power A"]):
        s = play(state, *line)
        ids = {i["id"] for i in items(s.scene(0))}
        assert s.legal_moves() and all(t in ids for m in s.legal_moves() for t in m.targets)


def click_through(state, clicks: list[str], viewer):
    """Click element ids as the board does (core.move narrow/exact): a move is played once
    one legal move has exactly the selected targets and no other stays a candidate. Every
    clicked id must be an element of the viewer's board."""
    selection: list[str] = []
    for target in clicks:
        assert target in {i["id"] for i in items(state.scene(viewer))}, (target, state.pending)
        selection.append(target)
        moves = state.legal_moves()
        assert narrow(moves, selection), (selection, [str(m) for m in moves])
        done = exact(moves, selection)
        if len(done) == 1 and len(narrow(moves, selection)) == 1:
            state = state.play(done[0])
            selection = []
    assert not selection, selection
    return state


@pytest.mark.rules("M-PLAY-1", "M-PLAY-7")
@pytest.mark.parametrize("viewer", [None, 0])
def test_a_mixed_play_clicked_card_by_card_then_stop_shows_the_harvest(viewer) -> None:
    state = load(2).scenario(hands=["Maple-1R Oak-0L Birch-0", ""], rows=[["Ginkgo-0", "Maple-0"], []],
                             garden="Birch-1")
    done = click_through(state, ["hand:0:Maple-1R", "pile:0:Maple", "hand:0:Oak-0L", "row:0", "stop:0"], viewer)
    assert [str(m) for m in done.legal_moves()][-1] == "P0 end" and done.pending.step == "after"
    scene = done.scene(viewer)
    harvest = [e for e in scene["events"] if e["rule"] == "M-PLAY-7"]
    assert harvest and "harvests 2 acorns from facing acorns on the tops of Maple-1R and Oak-0L" in harvest[0]["text"]
    counters = [i["text"] for i in items(scene) if i["text"].endswith(" acorns")]
    assert counters[0] == "4 acorns"
    assert "M-PLAY-7" in scene_html(scene)
