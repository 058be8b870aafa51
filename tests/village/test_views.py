"""Views, scenes and what each seat may know."""
from __future__ import annotations

import random

import pytest

from explorer.core.chance import Deck
from explorer.core.move import exact, narrow

from .helpers import load, play

COMMON = {"game", "viewer", "players", "to_move", "turn", "over", "events"}


def table():
    return load(3).scenario(hands=["Crown*2 Wild Axe", "Sword*2", "Egg"], known=[{}, {"Sword": 1}, {}],
                            bribes=[{}, {"Scroll": 2}, {}], stalls={3: "Feather", 0: "Egg"},
                            deck="Axe*3 Wild")


@pytest.mark.rules("V-BRIBE-3", "V-MARKET-5", "V-DRAW-1")
def test_a_player_sees_own_hand_sizes_known_cards_and_the_table() -> None:
    state = table()
    teacher, mine, theirs = state.view(None), state.view(0), state.view(1)
    assert COMMON <= set(mine) and mine["viewer"] == 0 and teacher["viewer"] is None
    assert mine["hands"][0]["cards"] == {"Crown": 2, "Axe": 1, "Wild": 1}
    assert mine["hands"][1] == {"size": 2, "known": {"Sword": 1}}
    assert mine["hands"][2] == {"size": 1, "known": {}}
    assert theirs["hands"][1]["cards"] == {"Sword": 2}
    assert teacher["hands"][2]["cards"] == {"Egg": 1}
    assert mine["deck"] == 4 and "Axe" not in str(mine["deck"])
    assert mine["bribes"] == teacher["bribes"] and mine["stalls"] == teacher["stalls"]


@pytest.mark.rules("V-MARKET-5", "V-BRIBE-1")
def test_known_cards_follow_what_everyone_saw() -> None:
    state = load(2).scenario(hands=["Sword Crown", "Axe"], stalls={2: "Sword*2 Wild"}, deck_top="Wild")
    state = play(state, "P0 buy stall 2 paying Sword Crown", "P0 curse Sword")
    assert state.view(1)["hands"][0] == {"size": 3, "known": {"Sword": 2, "Wild": 1}}
    state = play(state, "P1 draw", "P0 bribe Sword Wild")
    assert state.view(1)["hands"][0] == {"size": 1, "known": {"Sword": 1}}
    rng = random.Random(1)
    for _ in range(5):
        assert state.determinize(1, rng).view(1)["hands"][0] == state.view(1)["hands"][0]
        assert state.determinize(1, rng).data.hands[0][3] >= 1


def swap_hidden(state, viewer: int):
    """`state` with one card swapped between a hand `viewer` cannot see and the deck, or None."""
    d = state.data
    for q in range(len(d.hands)):
        if q == viewer:
            continue
        unknown = [h - k for h, k in zip(d.hands[q], d.known[q])]
        for a in range(7):
            for b in range(7):
                if a != b and unknown[a] and b in d.deck.unseen:
                    hand = list(d.hands[q])
                    hand[a] -= 1; hand[b] += 1
                    deck = Deck.of(d.deck.take(b).unseen + (a,), d.deck.top)
                    hands = d.hands[:q] + (tuple(hand),) + d.hands[q + 1:]
                    return type(state)(state.game, d._replace(hands=hands, deck=deck),
                                       state.events)
    return None


@pytest.mark.rules("V-DECK-1", "V-SETUP-3")
def test_hidden_cards_do_not_change_a_players_view_or_scene() -> None:
    state = table()
    other = swap_hidden(state, 0)
    assert other is not None and other != state
    assert other.view(None) != state.view(None)
    assert other.view(0) == state.view(0)
    assert state.game.scene(other.view(0)) == state.game.scene(state.view(0))
    assert other.view(1) != state.view(1) or other.view(2) != state.view(2)


@pytest.mark.rules("V-BRIBE-1", "V-MARKET-3", "V-DRAW-1")
def test_scene_targets_narrow_clicks_to_moves() -> None:
    state = table()
    scene = state.scene(0)
    ids = {item["id"] for zone in scene["zones"] for z in [zone, *zone.get("zones", [])]
           for item in z["items"]}
    assert {"hand:0:Crown", "hand:0:Wild", "track:Crown", "stall:3", "stall:0", "deck"} <= ids
    assert not any(i.startswith("hand:1:") or i.startswith("hand:2:") for i in ids)
    legal = state.legal_moves()
    for move in legal:
        assert set(move.targets) <= ids | {f"track:{t}" for t in ("Scroll",)}
    picked = narrow(legal, ["hand:0:Crown", "hand:0:Crown", "stall:3"])
    assert [str(m) for m in picked] == ["P0 buy stall 3 paying Axe Crown*2",
                                        "P0 buy stall 3 paying Crown*2 Wild"]
    assert [str(m) for m in exact(legal, ["hand:0:Crown", "hand:0:Wild", "track:Crown"])] == [
        "P0 bribe Crown Wild"]
    assert [str(m) for m in exact(legal, ["deck"])] == ["P0 draw"]
    teacher_ids = {item["id"] for zone in state.scene(None)["zones"]
                   for z in [zone, *zone.get("zones", [])] for item in z["items"]}
    assert "hand:1:Sword" in teacher_ids
    assert "Player" not in scene["status"] and "P0" in scene["status"]
    assert "<div" in state._repr_html_()
