"""Components and setup: the box, the track, the market, the deal, the first player."""
from __future__ import annotations

import pytest

import explorer
from explorer.core import CHANCE, InvalidInput

from .helpers import all_cards, load, play, track


@pytest.mark.rules("V-COMP-1", "V-COMP-2", "V-COMP-5", "V-SETUP-2")
@pytest.mark.parametrize("players,wilds", [(2, 8), (3, 12), (4, 16), (5, 20)])
def test_the_box_has_84_treasures_and_wilds_by_player_count(players: int, wilds: int) -> None:
    state = load(players).new(seed=1)
    assert all_cards(state) == [14] * 6 + [wilds]
    assert sum(all_cards(state)[:6]) == 84
    assert all_cards(load(5, wilds_by_players=[8, 12, 16, 18]).new(seed=1))[6] == 18
    assert all_cards(load(2, cards_per_type=10).new(seed=1))[:6] == [10] * 6


@pytest.mark.rules("V-COMP-3", "V-COMP-4")
def test_treasure_names_with_the_sixth_as_an_option() -> None:
    names = load().new(seed=1).view(0)["names"]
    assert list(names) == ["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"]
    assert names["Crown"] == "King's Crown" and names["Axe"] == "Barbarian's Axe"
    assert names["Egg"] == "Dragon Egg"
    assert load(sixth_treasure="Troll Tooth").new(seed=1).view(0)["names"]["Egg"] == "Troll Tooth"


@pytest.mark.rules("V-COMP-6", "V-TRACK-1", "V-SETUP-1")
def test_six_tokens_one_per_space_in_random_order() -> None:
    orders = {tuple(track(load().new(seed=s))) for s in range(30)}
    assert all(sorted(o) == sorted(["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"])
               for o in orders)
    assert len(orders) > 20


@pytest.mark.rules("V-TRACK-2")
def test_space_values_left_to_right() -> None:
    view = load().new(seed=2).view(None)
    assert [s["value"] for s in view["track"]] == [1, 1, 2, 2, 3, 4]
    view = load(track_values=[0, 1, 2, 3, 4, 5]).new(seed=2).view(None)
    assert [s["value"] for s in view["track"]] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(InvalidInput, match="track_values"):
        load(track_values=[1, 2, 3])


@pytest.mark.rules("V-MARKET-1", "V-SETUP-4")
def test_four_stalls_costing_3_2_1_0_each_dealt_one_card() -> None:
    view = load().new(seed=3).view(None)
    assert [s["cost"] for s in view["stalls"]] == [3, 2, 1, 0]
    assert [sum(s["cards"].values()) for s in view["stalls"]] == [1, 1, 1, 1]
    view = load(market_start_cards=2).new(seed=3).view(None)
    assert [sum(s["cards"].values()) for s in view["stalls"]] == [2, 2, 2, 2]


@pytest.mark.rules("V-SETUP-3")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seven_cards_each_rest_in_the_deck(players: int) -> None:
    state = load(players).new(seed=4)
    view = state.view(None)
    assert [h["size"] for h in view["hands"]] == [7] * players
    assert view["deck"] == sum(all_cards(state)) - 7 * players - 4
    assert load(players).new(seed=4) == state and load(players).new(seed=5) != state


@pytest.mark.rules("V-SETUP-5")
def test_seat_0_starts_and_play_passes_in_seat_order() -> None:
    state = load(3).new(seed=6)
    assert state.to_move == 0
    seats = []
    for _ in range(4):
        seats.append(state.to_move)
        state = play(state, f"P{state.to_move} draw")
        while state.to_move == CHANCE:
            state = state.play(state.legal_moves()[0])
    assert seats == [0, 1, 2, 0]
    assert load(3, first_player=2).new(seed=6).to_move == 2
    with pytest.raises(InvalidInput, match="first_player"):
        load(2, first_player=2)


@pytest.mark.rules("V-SETUP-6")
def test_two_to_five_players() -> None:
    for players in (1, 6):
        with pytest.raises(InvalidInput, match="players"):
            explorer.load("village", players=players)
    state = load(2).new(seed=1)
    assert state.why_not(state.game.parse_move("P4 draw")).rule == "V-SETUP-6"


@pytest.mark.rules("V-DECK-1")
def test_cards_turned_from_the_deck_are_chance_over_unseen_cards() -> None:
    game = load(2)
    state = game.scenario(hands=["Crown", ""], deck="Crown*3 Wild")
    drawing = play(state, "P0 draw")
    assert drawing.to_move == CHANCE
    assert {str(m): p for m, p in drawing.chance_outcomes()} == {"reveal Crown": 0.75,
                                                                 "reveal Wild": 0.25}
    forced = play(drawing, "reveal Wild")
    assert forced.view(0)["hands"][0]["cards"] == {"Crown": 1, "Wild": 1}
    assert drawing.why_not(game.parse_move("reveal Axe")).rule == "V-DECK-1"
    assert state.why_not(game.parse_move("reveal Crown")).rule == "V-DECK-1"
    # a card of known order on top is dealt without a chance step
    known = play(game.scenario(hands=["Crown", ""], deck_top="Sword", deck="Crown*3"), "P0 draw")
    assert known.to_move == 1 and known.view(0)["hands"][0]["cards"] == {"Sword": 1, "Crown": 1}
