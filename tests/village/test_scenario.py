"""`VillageGame.scenario`: compact descriptions, validated like files, with named fields."""
from __future__ import annotations

import pytest

from explorer.core import InvalidInput

from .helpers import all_cards, load


@pytest.mark.rules("V-COMP-2", "V-SETUP-2")
def test_compact_forms_and_the_rest_of_the_box_in_the_deck() -> None:
    game = load(3)
    a = game.scenario(hands=["Crown*2 Wild", ["Axe", "Axe"], {"Egg": 1}],
                      stalls=["Sword", "", "Scroll", "Feather"], track="Egg Crown Sword Scroll Feather Axe")
    b = game.scenario({"hands": ["crown wild crown", "Axe*2", "Egg"],
                       "stalls": {3: "Sword", 1: "Scroll", "0": "Feather"},
                       "track": ["Egg", "Crown", "Sword", "Scroll", "Feather", "Axe"]})
    assert a == b and all_cards(a) == [14] * 6 + [12]
    assert a.view(None)["deck"] == sum(all_cards(a)) - 6 - 3
    c = game.scenario(hands=["Crown", "", ""], deck="Axe*2")
    assert c.view(None)["deck"] == 2 and sum(c.view(None)["discard"].values()) == 14 * 6 + 12 - 3


@pytest.mark.parametrize("fields,field", [
    ({"hands": ["", "Crwn", ""]}, "hands[1]"),
    ({"hands": ["", ""]}, "hands"),
    ({"hands": ["Crown*15", "", ""]}, "hands[0]"),
    ({"hands": ["Crown*10", "Crown*5", ""]}, "hands[1]"),
    ({"bribes": [{"Crown": 3}, {"Wild": 1}, {}]}, "bribes[1]"),
    ({"bribes": [{"Crown": [0, 2]}, {}, {}]}, "bribes[0].Crown"),
    ({"stalls": {4: "Axe"}}, "stalls"),
    ({"stalls": {3: "Axe*x"}}, "stalls[3]"),
    ({"track": "Axe Axe Scroll Sword Crown Egg"}, "track"),
    ({"track": "Axe Feather"}, "track"),
    ({"to_move": 3}, "to_move"),
    ({"deck_top": "Dragon"}, "deck_top[0]"),
    ({"phase": "curse"}, "paid"),
    ({"phase": "refill"}, "refill"),
    ({"known": [{"Crown": 1}, {}, {}]}, "known[0]"),
    ({"colour": "red"}, "colour"),
])
@pytest.mark.rules("V-COMP-1", "V-COMP-5")
def test_bad_descriptions_name_the_field(fields: dict, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        load(3).scenario(**fields)
    assert err.value.field == field, err.value


@pytest.mark.rules("V-BRIBE-2", "V-CURSE-1")
def test_mid_turn_phases_can_be_set_up() -> None:
    game = load(2)
    curse = game.scenario(hands=["", "Axe"], phase="curse", paid="Crown Wild")
    assert [str(m) for m in curse.legal_moves()] == ["P0 curse Crown"]
    refill = game.scenario(hands=["", "Axe"], phase="refill", refill={"treasure": "Crown", "next_stall": 1},
                           deck="Crown Axe")
    assert refill.is_chance and refill.view(None)["refill"]["next_stall"] == 1
    assert game.state_from_json(refill.to_json()) == refill
