"""Landscape powers, stand-in A-F (M-EXTRA-3, M-POWER-A..F): each used once."""
from __future__ import annotations

import random

import pytest

from .helpers import load, play, texts

ALL = ["ABC", "DEF"]


@pytest.mark.rules("M-EXTRA-3", "M-POWER-A")
def test_gust_after_a_collect() -> None:
    state = load(2).scenario(garden="Oak-1 Maple-2", deck_top="Birch-0 Birch-1 Birch-2 Birch-0L")
    assert "P0 power A" not in texts(state)                       # only after a Collect
    after = play(state, "P0 collect Oak", "P0 power A")
    assert after.pending.step == "gust" and texts(after) == ["P0 take Maple-2"]
    done = play(after, "P0 take Maple-2")
    assert done.data.hands[0] == tuple(sorted(done.game.parse_move(f"P0 take {c}").card for c in ("Oak-1", "Maple-2")))
    assert done.data.acorns[0] == 1 and done.data.used[0] == ("A",)
    assert done.why_not(done.game.parse_move("P0 power B")).rule == "M-EXTRA-1"
    later = load(2).scenario(garden="Oak-1", used=["A", ""])
    assert later.why_not(later.game.parse_move("P0 power A")).rule == "M-EXTRA-3"


@pytest.mark.rules("M-POWER-B")
def test_steps_allows_three_of_one_type() -> None:
    state = load(2).scenario(hands=["Maple-0 Maple-0L Maple-1", ""])
    done = play(state, "P0 power B", "P0 play Maple-0", "P0 play Maple-0L", "P0 play Maple-1", "P0 stop")
    assert len(done.data.rows[0][0]) == 3


@pytest.mark.rules("M-POWER-C")
def test_bridge_lets_one_card_jump_two() -> None:
    state = load(2).scenario(hands=["Maple-2 Maple-3", ""], rows=[["Maple-0"], []])
    assert state.why_not(state.game.parse_move("P0 play Maple-2")).rule == "M-PLAY-3"
    bridged = play(state, "P0 power C", "P0 play Maple-2")
    assert bridged.data.rows[0][0][-1] >> 2 & 3 == 2
    assert any(e.rule == "M-POWER-C" for e in bridged.events)


@pytest.mark.rules("M-POWER-D")
def test_tea_house_gains_two_acorns() -> None:
    state = load(2).scenario(landscapes=ALL, to_move=1, garden="Oak-1")
    assert play(state, "P1 power D").data.acorns[1] == 3


@pytest.mark.rules("M-POWER-E", "M-HIDDEN-1")
def test_koi_pond_looks_takes_one_puts_back_in_order() -> None:
    state = load(2).scenario(landscapes=ALL, to_move=1, garden="Oak-1", deck_top="Maple-0 Maple-1 Maple-2")
    look = play(state, "P1 power E")
    assert look.pending.step == "pond"
    assert look.view(1)["pond"]["cards"] == ["Maple-0", "Maple-1", "Maple-2"]
    assert "cards" not in look.view(0)["pond"] and look.view(0)["pond"]["size"] == 3
    kept = play(look, "P1 take Maple-1")
    assert kept.data.deck.top[:2] == tuple(kept.game.parse_move(f"deal {c}").card for c in ("Maple-0", "Maple-2"))
    assert kept.view(1)["deck_known"] == ["Maple-0", "Maple-2"]
    assert "deck_known" not in kept.view(0) and kept.view(0)["peek"] == {"seat": 1, "cards": 2}
    texts0 = [e["text"] for e in kept.view(0)["events"]]
    assert texts0 == ["P1 takes one card into hand and puts 2 cards back on top of the deck"]
    rng = random.Random(3)
    for viewer in (0, 1):
        assert kept.determinize(viewer, rng).view(viewer) == kept.view(viewer)
    sample = kept.determinize(1, rng)
    assert sample.data.deck.top[:2] == kept.data.deck.top[:2]
    # a chance look from an unknown deck
    blind = play(load(2).scenario(landscapes=ALL, to_move=1, garden="Oak-1"), "P1 power E")
    assert blind.is_chance and blind.pending.rule == "M-POWER-E"
    seen = blind.determinize(0, rng)
    assert seen.view(0) == blind.view(0)


@pytest.mark.rules("M-POWER-F")
def test_lantern_swaps_a_hand_card_with_a_garden_card() -> None:
    """One move swaps the two cards, so the card just given is never offered back."""
    state = load(2).scenario(landscapes=ALL, to_move=1, hands=["", "Oak-2"], garden="Maple-0")
    give = play(state, "P1 power F")
    assert give.pending.step == "give" and texts(give) == ["P1 swap Oak-2 for Maple-0"]
    done = play(give, "P1 swap Oak-2 for Maple-0")
    assert done.view()["garden"] == [{"type": "Oak", "cards": ["Oak-2"]}]
    assert done.view(1)["seats"][1]["hand"]["cards"] == ["Maple-0"]


@pytest.mark.rules("M-POWER-F")
def test_lantern_never_offers_the_card_just_given_back() -> None:
    state = load(2).scenario(landscapes=ALL, to_move=1, hands=["", "Oak-2 Maple-0R"], garden="Maple-0R Birch-1")
    swaps = texts(play(state, "P1 power F"))
    assert "P1 swap Maple-0R for Maple-0R" not in swaps and "P1 swap Oak-2 for Maple-0R" in swaps
    swapping = play(state, "P1 power F")
    assert swapping.why_not(swapping.game.parse_move("P1 swap Maple-0R for Maple-0R")).rule == "M-POWER-F"
    same = load(2).scenario(landscapes=ALL, to_move=1, hands=["", "Oak-0R"], garden="Oak-0R")
    assert "P1 power F" not in texts(same)          # nothing different to take
