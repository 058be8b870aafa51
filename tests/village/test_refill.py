"""Refill the Black Market after a bribe: the deal order, the wrap, the stop, the end."""
from __future__ import annotations

import pytest

from explorer.core import CHANCE

from .helpers import load, play, stall


def bribing(deck_top: str, deck="", **fields):
    """P0 holds a Crown to bribe with; the deck is exactly `deck_top` then `deck`."""
    hands = fields.pop("hands", ["Crown*2", "Axe"])
    return load(2).scenario(hands=hands, deck_top=deck_top, deck=deck, **fields)


@pytest.mark.rules("V-REFILL-1", "V-REFILL-3")
def test_deal_into_3_2_1_0_until_a_match_is_placed() -> None:
    state = play(bribing("Axe Sword Crown Egg"), "P0 bribe Crown")
    assert [stall(state, c) for c in (3, 2, 1, 0)] == [{"Axe": 1}, {"Sword": 1}, {"Crown": 1}, {}]
    assert state.view(None)["deck"] == 1 and state.to_move == 1
    deals = [e for e in state.events if e.kind == "deal"]
    assert [e.rule for e in deals] == ["V-REFILL-1", "V-REFILL-1", "V-REFILL-3"]
    wild = play(bribing("Axe Wild Crown"), "P0 bribe Crown")
    assert stall(wild, 2) == {"Wild": 1} and stall(wild, 1) == {}


@pytest.mark.rules("V-REFILL-2")
def test_the_refill_wraps_from_stall_0_to_3_more_than_once() -> None:
    state = play(bribing("Axe*9 Wild Egg"), "P0 bribe Crown")
    # 10 cards: 3 2 1 0 | 3 2 1 0 | 3 2 (the Wild lands in stall 2 on the third round)
    assert [stall(state, c) for c in (3, 2, 1, 0)] == [{"Axe": 3}, {"Axe": 2, "Wild": 1},
                                                      {"Axe": 2}, {"Axe": 2}]
    assert state.view(None)["deck"] == 1
    rounds = [e.text for e in state.events if e.rule == "V-REFILL-2"]
    assert rounds == ["an Axe is dealt into stall 0: the refill goes round to stall 3"] * 2


@pytest.mark.rules("V-REFILL-4")
def test_every_refill_starts_at_stall_3() -> None:
    state = bribing("Crown Axe Egg Sword", hands=["Crown", "Axe*2"])
    state = play(state, "P0 bribe Crown")          # Crown lands in stall 3 and stops
    assert stall(state, 3) == {"Crown": 1}
    state = play(state, "P1 bribe Axe")            # Axe lands in stall 3 again
    assert stall(state, 3) == {"Crown": 1, "Axe": 1} and stall(state, 2) == {}


@pytest.mark.rules("V-REFILL-5", "V-END-1")
def test_the_deck_running_out_during_a_refill_ends_the_game_at_once() -> None:
    state = play(bribing("Axe Sword"), "P0 bribe Crown")
    assert state.is_over and state.legal_moves() == ()
    assert state.outcome().rule == "V-REFILL-5"
    assert stall(state, 3) == {"Axe": 1} and stall(state, 2) == {"Sword": 1}
    assert state.why_not(state.game.parse_move("P1 draw")).rule == "CORE-OVER"
    assert any(e.rule == "V-REFILL-5" for e in state.events)


@pytest.mark.rules("V-REFILL-1", "V-DECK-1")
def test_unseen_refill_cards_are_chance_steps_a_user_may_force() -> None:
    state = play(bribing("", deck="Axe*2 Crown Wild"), "P0 bribe Crown")
    assert state.to_move == CHANCE
    assert dict((str(m), p) for m, p in state.chance_outcomes()) == {
        "reveal Axe": 0.5, "reveal Crown": 0.25, "reveal Wild": 0.25}
    state = play(state, "reveal Axe", "reveal Axe")
    assert state.to_move == CHANCE and state.view(None)["refill"] == {"treasure": "Crown",
                                                                      "next_stall": 1}
    assert state.why_not(state.game.parse_move("P1 draw")).rule == "V-REFILL-1"
    state = play(state, "reveal Crown")
    assert state.to_move == 1 and stall(state, 1) == {"Crown": 1}
