"""Typed input and the conventions every game shares: InvalidInput (never ValueError) naming
the field, seats P0/p0, names in any case, `help(game.scenario)`, the view's shapes read
back by the scenario, the teacher's deck_top, agents found through the game class."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.core import InvalidInput
from explorer.core.agents import make_agent
from explorer.games.village import VillageGame
from explorer.games.village.agent import GreedyVillageAgent
from explorer.games.village.cards import NAMES, TREASURES

from .helpers import load, play


@pytest.mark.parametrize("make,field", [
    (lambda g: g.parse_move("P0 bribe Crown*" + "9" * 5000), "move"),
    (lambda g: g.parse_move("P" + "9" * 5000 + " draw"), "move"),
    (lambda g: g.parse_move("P0 buy stall \u0663"), "move"),
    (lambda g: g.parse_move("reveal Crown*\u00b2"), "move"),
    (lambda g: g.scenario(hands=["Crown*" + "9" * 5000, ""]), "hands[0]"),
    (lambda g: g.scenario(deck_top="Sword*\u00b2"), "deck_top"),
    (lambda g: g.scenario(deck_top="Sword*" + "9" * 5000), "deck_top"),
    (lambda g: g.scenario(stalls={3: "Axe*1000"}), "stalls[3]"),
    (lambda g: g.scenario(deck={"Axe": 10**6}), "deck"),
])
@pytest.mark.rules("V-COMP-1")
def test_odd_digits_are_invalid_input_not_value_errors(make, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        make(load(2))
    assert err.value.field.startswith(field)
    # our own messages quote at most 40 characters of a token (core's parse_move
    # quotes the whole text it could not read)
    assert "cannot read 'Crown*" + "9" * 50 not in err.value.problem


@pytest.mark.parametrize("fields,field", [
    ({"turn": True}, "turn"),
    ({"to_move": True}, "to_move"),
    ({"to_move": -1}, "to_move"),
    ({"hands": "Crown"}, "hands"),
    ({"bribes": [{"Crown": [1, "x"]}, {}]}, "bribes[0].Crown"),
    ({"bribes": [{"Crown": [1, 2, 3]}, {}]}, "bribes[0].Crown"),
    ({"bribes": [{"Crown": True}, {}]}, "bribes[0]"),
    ({"refill": {"treasure": "Crown", "next_stall": 7}, "phase": "refill"}, "refill.next_stall"),
    ({"phase": "lunch"}, "phase"),
    ({"stalls": [{"cost": 3, "cards": "Egg", "x": 1}, "", "", ""]}, "stalls[0]"),
    ({"track": [{"treasure": 3}, "Axe", "", "", "", ""]}, "track[0].treasure"),
])
@pytest.mark.rules("V-COMP-2")
def test_typed_scenarios_name_the_field_path(fields: dict, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        load(2).scenario(**fields)
    assert err.value.field.startswith(field), err.value


@pytest.mark.rules("V-TRACK-2", "V-SETUP-2")
def test_options_are_typed_and_range_checked() -> None:
    assert load(2, track_values=[0, 1, 2, 3, 4, 5]).options.track_values == (0, 1, 2, 3, 4, 5)
    with pytest.raises(InvalidInput) as err:
        load(2, track_values=[1, 2, 3, 4, 5, True])
    assert err.value.field == "options.track_values[5]"
    with pytest.raises(InvalidInput, match="wilds_by_players"):
        load(2, wilds_by_players=[1, 2, 3])
    with pytest.raises(InvalidInput, match="buy_from_empty_stall"):
        load(2, buy_from_empty_stall=1)


@pytest.mark.rules("V-TURN-1", "V-COMP-3")
def test_seats_and_names_in_any_case() -> None:
    game = load(2)
    assert game.parse_move("p0 BRIBE crown*2 WILD") == game.parse_move("P0 bribe Crown*2 Wild")
    assert str(game.parse_move("p1 buy STALL 3 paying axe egg wild")) == \
        "P1 buy stall 3 paying Axe Egg Wild"
    assert game.parse_move("p0 curse sword") == game.parse_move("P0 curse Sword")
    assert game.scenario(hands=["crown WILD", "egg"]) == game.scenario(hands=["Crown Wild", "Egg"])


def test_help_documents_every_field_the_names_and_the_phases() -> None:
    doc = VillageGame.scenario.__doc__
    assert doc
    for name in ("track", "hands", "known", "bribes", "stalls", "deck_top", "deck", "discard",
                 "to_move", "turn", "phase", "paid", "refill", *NAMES, *TREASURES,
                 '"act"', '"curse"', '"refill"', '"draw"', "P0"):
        assert name in doc, name


@pytest.mark.rules("V-BRIBE-3", "V-MARKET-1")
def test_the_scenario_reads_the_views_shapes_back() -> None:
    game = load(3)
    state = game.scenario(hands=["Crown*2 Wild", "Axe", "Egg*2"], bribes=[{}, {"Sword": [2, 1]}, {}],
                          stalls={3: "Scroll", 1: "Feather*2"}, deck_top="Sword Wild",
                          track="Egg Crown Sword Scroll Feather Axe", deck="Axe*3")
    view = state.view(None)
    again = game.scenario(track=view["track"], hands=[h["cards"] for h in view["hands"]],
                          bribes=view["bribes"], stalls=view["stalls"], deck_top=view["deck_top"],
                          deck="Axe*3", discard=view["discard"])
    assert again == state


@pytest.mark.rules("V-DECK-1", "V-DRAW-1")
def test_only_the_teacher_sees_the_known_deck_top_and_samples_forget_it() -> None:
    state = load(2).scenario(hands=["Crown", "Axe"], deck_top="Sword Wild", deck="Egg*2")
    assert state.view(None)["deck_top"] == ["Sword", "Wild"]
    assert "deck_top" not in state.view(0) and state.view(0)["deck"] == 4
    sample = state.determinize(0, random.Random(3))
    assert sample.data.deck.top == () and sorted(sample.data.deck.unseen) == [3, 5, 5, 6]
    assert sample.view(0) == state.view(0)
    drawn = play(state, "P0 draw")
    assert drawn.view(0)["events"][0]["text"] == "P0 draws a Sword"
    assert drawn.determinize(1, random.Random(0)).visible_events(None) == drawn.visible_events(1)


def test_agents_are_found_through_the_game_class() -> None:
    assert VillageGame.agents == {"greedy": GreedyVillageAgent}
    assert GreedyVillageAgent.observes == ("seat",)
    assert isinstance(make_agent("greedy", explorer.load("village", 3)), GreedyVillageAgent)
