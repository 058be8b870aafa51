"""Bribe the Dragon: one type plus wilds, the wild rules, token moves, the cap; turns."""
from __future__ import annotations

import pytest

from explorer.core import IllegalMove

from .helpers import hand, load, play, texts, track

DEFAULT = ["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"]


def at_bribe(hands, **fields):
    """P0 to move in a 2-player game; the refill stops at once on a Wild on top."""
    return load(2).scenario(hands=hands, deck_top="Wild", **fields)


@pytest.mark.rules("V-BRIBE-1")
def test_a_bribe_is_one_type_plus_any_wilds() -> None:
    state = at_bribe(["Crown*2 Wild Axe", ""])
    moves = texts(state)
    bribes = [m for m in moves if " bribe " in m]
    assert bribes == ["P0 bribe Axe", "P0 bribe Axe Wild", "P0 bribe Crown", "P0 bribe Crown Wild",
                      "P0 bribe Crown*2", "P0 bribe Crown*2 Wild"]
    after = play(state, "P0 bribe Crown*2 Wild")
    assert after.view(1)["bribes"][0] == {"Crown": {"cards": 2, "wilds": 1}}
    assert hand(after, 0) == {"Axe": 1}
    two_types = state.game.parse_move("P0 bribe Crown Axe")
    reason = state.why_not(two_types)
    assert reason.rule == "V-BRIBE-1" and "one treasure type" in reason.text
    assert state.why_not(state.game.parse_move("P0 bribe Crown*3")).rule == "V-BRIBE-1"
    # adding to an existing bribe joins it (one bribe per type and player)
    more = play(at_bribe(["Crown*2", ""], bribes=[{"Crown": 1}, {}]), "P0 bribe Crown*2")
    assert more.view(None)["bribes"][0] == {"Crown": {"cards": 3, "wilds": 0}}


@pytest.mark.rules("V-BRIBE-2")
def test_wilds_alone_only_join_an_existing_bribe() -> None:
    state = at_bribe(["Wild*2 Axe", ""])
    move = state.game.parse_move("P0 bribe Wild*2 on Crown")
    reason = state.why_not(move)
    assert reason.rule == "V-BRIBE-2"
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.reason == reason
    assert not any("on " in m for m in texts(state))
    existing = at_bribe(["Wild*2 Axe", ""], bribes=[{"Crown": 1}, {}])
    assert "P0 bribe Wild*2 on Crown" in texts(existing)
    after = play(existing, "P0 bribe Wild*2 on Crown")
    assert after.view(None)["bribes"][0]["Crown"] == {"cards": 1, "wilds": 2}


@pytest.mark.rules("V-BRIBE-3")
def test_bribes_are_seen_by_everyone() -> None:
    state = play(at_bribe(["Sword*2", "Axe"]), "P0 bribe Sword*2")
    for viewer in (None, 0, 1):
        assert state.view(viewer)["bribes"] == [{"Sword": {"cards": 2, "wilds": 0}}, {}]
    assert state.view(1)["bribe_points"][0] == 2 * 4  # Sword moved up to the top space (value 4)


@pytest.mark.rules("V-BRIBE-4", "V-BRIBE-5")
def test_token_moves_right_per_card_and_passed_tokens_move_left() -> None:
    state = play(at_bribe(["Feather*2 Wild", ""]), "P0 bribe Feather*2 Wild")
    assert track(state) == ["Axe", "Scroll", "Sword", "Crown", "Feather", "Egg"]
    assert any(e.rule == "V-BRIBE-4" for e in state.events)


@pytest.mark.rules("V-BRIBE-6")
def test_token_stops_at_the_top_and_the_surplus_is_lost() -> None:
    state = play(at_bribe(["Sword*3 Wild", ""]), "P0 bribe Sword*3 Wild")
    assert track(state) == ["Axe", "Feather", "Scroll", "Crown", "Egg", "Sword"]
    event = next(e for e in state.events if e.kind == "token-move")
    assert event.rule == "V-BRIBE-6" and "2 of 4" in event.text
    on_top = play(at_bribe(["Egg", ""]), "P0 bribe Egg")
    assert track(on_top) == DEFAULT
    assert next(e for e in on_top.events if e.kind == "token-move").rule == "V-BRIBE-6"


@pytest.mark.rules("V-TURN-1")
def test_one_action_per_turn_and_only_by_the_player_to_move() -> None:
    state = at_bribe(["Crown", "Axe"], stalls={0: "Egg"})
    kinds = {m.split()[1] for m in texts(state)}
    assert kinds == {"bribe", "buy", "draw"}
    reason = state.why_not(state.game.parse_move("P1 bribe Axe"))
    assert reason.rule == "V-TURN-1" and "P0" in reason.text
    after = play(state, "P0 bribe Crown")
    assert after.to_move == 1 and after.view(None)["turn"] == 1
    assert after.why_not(state.game.parse_move("P0 draw")).rule == "V-TURN-1"


@pytest.mark.rules("V-HAND-1")
def test_no_hand_limit() -> None:
    state = load(2).scenario(hands=["Axe*10 Sword*10 Crown*10 Wild*5", ""], deck_top="Egg")
    after = play(state, "P0 draw")
    assert after.view(None)["hands"][0]["size"] == 36
