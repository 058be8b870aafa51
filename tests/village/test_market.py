"""Visit the Black Market: exact payment, wild rules, taking the stall, the free stall, curses."""
from __future__ import annotations

import pytest

from explorer.core import InvalidInput

from .helpers import hand, load, play, stall, texts, track

STALLS = {3: "Egg*2", 2: "Sword", 1: "Scroll", 0: "Feather"}


def shopping(hand_text: str, **fields):
    fields.setdefault("stalls", STALLS)
    return load(2).scenario(hands=[hand_text, "Axe"], **fields)


def why(state, text: str):
    return state.why_not(state.game.parse_move(text))


@pytest.mark.rules("V-MARKET-3")
def test_discard_exactly_the_cost_of_any_types() -> None:
    state = shopping("Crown*2 Axe Wild")
    stall3 = [m for m in texts(state) if "stall 3" in m]
    assert stall3 == ["P0 buy stall 3 paying Axe Crown*2", "P0 buy stall 3 paying Axe Crown Wild",
                      "P0 buy stall 3 paying Crown*2 Wild"]
    assert why(state, "P0 buy stall 3 paying Crown*2").rule == "V-MARKET-3"
    assert why(state, "P0 buy stall 3 paying Crown*2 Axe Wild").rule == "V-MARKET-3"
    assert "exactly 3" in why(state, "P0 buy stall 3 paying Crown").text
    assert why(state, "P0 buy stall 1 paying Sword").rule == "V-MARKET-3"  # not in hand
    after = play(state, "P0 buy stall 3 paying Axe Crown*2")
    assert after.view(1)["discard"] == {"Axe": 1, "Crown": 2}


@pytest.mark.rules("V-MARKET-4")
def test_wilds_help_pay_but_never_alone() -> None:
    state = shopping("Crown Wild*3")
    assert "P0 buy stall 3 paying Crown Wild*2" in texts(state)
    assert "P0 buy stall 3 paying Wild*3" not in texts(state)
    reason = why(state, "P0 buy stall 3 paying Wild*3")
    assert reason.rule == "V-MARKET-4" and "only wilds" in reason.text
    after = play(state, "P0 buy stall 3 paying Crown Wild*2")
    assert hand(after, 0) == {"Egg": 2, "Wild": 1}
    assert texts(after) == ["P0 curse Crown"]


@pytest.mark.rules("V-MARKET-5")
def test_take_all_cards_of_the_stall_seen_by_everyone() -> None:
    state = play(shopping("Crown Axe"), "P0 buy stall 2 paying Crown Axe")
    assert hand(state, 0) == {"Sword": 1} and stall(state, 2) == {}
    assert state.view(1)["hands"][0] == {"size": 1, "known": {"Sword": 1}}
    assert state.view(0)["hands"][0]["known"] == {"Sword": 1}


@pytest.mark.rules("V-MARKET-2")
def test_only_a_stall_holding_cards_may_be_visited() -> None:
    state = shopping("Crown*3", stalls={3: "", 2: "Sword", 1: "", 0: ""})
    assert [m for m in texts(state) if "buy" in m] == ["P0 buy stall 2 paying Crown*2"]
    assert why(state, "P0 buy stall 3 paying Crown*3").rule == "V-MARKET-2"
    assert why(state, "P0 buy stall 0").rule == "V-MARKET-2"
    anyway = load(2, buy_from_empty_stall=True).scenario(
        hands=["Crown*3", "Axe"], stalls={3: "", 2: "Sword", 1: "", 0: ""})
    assert "P0 buy stall 0" in texts(anyway) and "P0 buy stall 3 paying Crown*3" in texts(anyway)


@pytest.mark.rules("V-MARKET-6")
def test_stall_0_is_free_with_no_curse() -> None:
    state = shopping("Crown")
    assert "P0 buy stall 0" in texts(state)
    assert why(state, "P0 buy stall 0 paying Crown").rule == "V-MARKET-6"
    after = play(state, "P0 buy stall 0")
    assert after.to_move == 1 and hand(after, 0) == {"Feather": 1, "Crown": 1}
    assert track(after) == track(state)


@pytest.mark.rules("V-CURSE-1")
def test_curse_one_discarded_treasure_type_not_a_wild() -> None:
    state = play(shopping("Crown Axe Wild Sword"), "P0 buy stall 3 paying Axe Crown Wild")
    assert state.to_move == 0 and texts(state) == ["P0 curse Axe", "P0 curse Crown"]
    assert state.view(1)["curse"] == {"discarded": {"Axe": 1, "Crown": 1, "Wild": 1},
                                      "spaces": 3, "choices": ["Axe", "Crown"]}
    reason = why(state, "P0 curse Sword")
    assert reason.rule == "V-CURSE-1" and "did not discard" in reason.text
    assert why(state, "P0 draw").rule == "V-CURSE-1"
    assert why(shopping("Crown"), "P0 curse Crown").rule == "V-CURSE-1"
    with pytest.raises(InvalidInput, match="not a treasure type"):
        state.game.parse_move("P0 curse Wild")


@pytest.mark.rules("V-CURSE-2")
def test_the_cursed_token_moves_left_one_space_per_discarded_card() -> None:
    state = play(shopping("Crown Axe Wild"), "P0 buy stall 3 paying Axe Crown Wild", "P0 curse Crown")
    assert track(state) == ["Axe", "Crown", "Feather", "Scroll", "Sword", "Egg"]
    assert state.to_move == 1 and any(e.rule == "V-CURSE-2" for e in state.events)


@pytest.mark.rules("V-CURSE-3")
def test_a_curse_stops_at_the_bottom_and_passed_tokens_move_right() -> None:
    state = shopping("Feather Wild*2", track="Axe Feather Scroll Sword Crown Egg")
    state = play(state, "P0 buy stall 3 paying Feather Wild*2", "P0 curse Feather")
    assert track(state) == ["Feather", "Axe", "Scroll", "Sword", "Crown", "Egg"]
    event = next(e for e in state.events if e.kind == "curse")
    assert event.rule == "V-CURSE-3" and "moves left 1 of 3 spaces" in event.text
