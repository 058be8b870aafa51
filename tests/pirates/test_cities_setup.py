"""Cities of Greed at setup: the influence cards kept, the town cards placed (and moved),
the designated towns, the expansion's tiles and its catalogue section."""
from __future__ import annotations

import copy
import json

import pytest

from explorer import InvalidInput
from explorer.games.pirates.catalogue import DEFAULT, validate
from explorer.games.pirates.moves import Designate, MoveTown, PlaceTown, ReturnInfluence

from .helpers import load, play

SEED_TOWNS = ("Eastport", "Abandoned Lighthouse")


def placing(players: int = 4, **options):
    """A new game with the influence cards kept (each player returns their first card)."""
    state = load(players, cities_of_greed=True, **options).new(seed=3)
    while state.pending.step == "keep":
        p = state.pending.seat
        state = state.play(ReturnInfluence(p, state.data.cities.influence[p][0]))
    return state


def place_all(state):
    """Each placer slots the first card of their hand under the first free tile."""
    while state.pending.step == "towns":
        p = state.pending.seat
        state = state.play(next(mv for mv in state.legal_moves() if isinstance(mv, PlaceTown)
                                or not state.data.cities.town_hands[p]))
    return state


@pytest.mark.rules("P-COG-1", "P-COG-TOWNS", "P-COG-TOWN-STANDIN")
def test_the_expansion_is_an_option_and_the_base_game_is_unchanged():
    base = load(4).new(seed=3)
    assert base.data.cities is None and "cities" not in base.view(None)
    assert "cities" not in json.loads(base.to_json())["data"]
    state = load(4, cities_of_greed=True).new(seed=3)
    towns = state.game.town_names
    assert len(towns) == 7 and towns[:2] == SEED_TOWNS
    assert [t.rule for t in state.game.catalogue.cities.towns[2:]] == ["P-COG-TOWN-STANDIN"] * 5
    assert state.data.cities.town_hands == (tuple(sorted(towns)),) * 4
    assert any(e.rule == "P-COG-TOWNS" for e in state.events)


@pytest.mark.rules("P-COG-INF-DEAL", "P-COG-INF-RETURN", "P-COG-INF-CARDS")
def test_three_influence_cards_are_dealt_and_two_kept_in_secret():
    state = load(4, cities_of_greed=True).new(seed=3)
    cards = state.game.catalogue.cities.influence
    assert len(cards) == 35 and all(len(set(c.towns)) == 3 for c in cards)
    assert state.pending.step == "keep" and state.pending.seat == state.data.captain
    hand = state.data.cities.influence[0]
    assert len(hand) == 3
    assert state.view(1)["cities"]["influence"][0] is None
    assert state.view(1)["cities"]["influence_counts"][0] == 3
    after = state.play(ReturnInfluence(0, hand[1]))
    assert after.data.cities.influence[0] == (hand[0], hand[2])
    assert after.data.cities.returned[0] == (hand[1],)
    assert after.view(0)["cities"]["returned"][0] == [hand[1]]
    assert after.view(2)["cities"]["returned"][0] is None
    assert hand[1] not in json.dumps(after.view(2))
    assert state.why_not(ReturnInfluence(0, "I99")).rule == "P-COG-INF-DEAL"
    state = placing()
    assert all(len(h) == 2 for h in state.data.cities.influence)


@pytest.mark.rules("P-COG-TOWN-PLACE", "P-COG-TOWN-FIRST", "P-COG-TOWN-BOX")
def test_town_cards_are_slotted_in_turn_from_the_last_seat_until_the_map_is_full():
    state = placing()
    assert state.pending.step == "towns" and state.pending.seat == 3      # the last seat
    assert placing(town_first_seat=1).pending.seat == 1
    first = state.play(PlaceTown(3, "Eastport", 4))
    assert first.data.cities.towns[4] == ("Eastport", 3)
    assert first.pending.seat == 0                                       # clockwise
    assert first.why_not(PlaceTown(0, "Eastport", 4)).rule == "P-COG-TOWN-PLACE"  # tile taken
    assert first.why_not(PlaceTown(0, "Eastport", 0)).rule == "P-COG-TOWN-PLACE"  # start/end tile
    assert first.why_not(PlaceTown(3, "Eastport", 5)) is not None                  # not P3's turn
    done = place_all(state)
    c = done.data.cities
    assert c.towns[0] is None and all(c.towns[1:])
    assert c.town_hands == ((),) * 4
    assert sum(len(b) for b in c.town_box) == 4 * 7 - 15                # leftovers to the box
    assert any(e.rule == "P-COG-TOWN-BOX" for e in done.events)


@pytest.mark.rules("P-COG-TOWN-MOVE")
def test_a_placed_card_may_be_moved_once_per_player():
    state = placing().play(PlaceTown(3, "Eastport", 4))
    moved = state.play(MoveTown(0, 4, 9))
    assert moved.data.cities.towns[4] is None and moved.data.cities.towns[9] == ("Eastport", 3)
    assert moved.data.cities.moved[0] == 1
    moved = play(moved, "P1 Saltmarsh under tile 2", "P2 Saltmarsh under tile 3", "P3 Coral Bay under tile 5")
    assert MoveTown(0, 9, 4) not in moved.legal_moves()
    assert moved.why_not(MoveTown(0, 9, 4)).rule == "P-COG-TOWN-MOVE"
    none = placing(town_moves=0)
    assert not any(isinstance(mv, MoveTown) for mv in place_all(none).legal_moves())


@pytest.mark.rules("P-COG-TOWN-SHORT")
def test_two_players_run_out_of_town_cards_before_the_map_is_full():
    state = place_all(placing(2))
    c = state.data.cities
    assert sum(t is not None for t in c.towns) == 14 and c.towns.count(None) == 2   # start + one
    assert any(e.rule == "P-COG-TOWN-SHORT" for e in state.events)
    assert state.pending.step == "designate"


@pytest.mark.rules("P-COG-DESIGNATE", "P-COG-DESIGNATE-DISTINCT")
def test_designated_towns_are_chosen_from_the_first_placer_and_are_distinct():
    state = place_all(placing())
    assert state.pending.step == "designate" and state.pending.seat == 3
    state = state.play(Designate(3, "Eastport"))
    assert state.data.cities.designated[3] == "Eastport"
    assert Designate(0, "Eastport") not in state.legal_moves()
    assert state.why_not(Designate(0, "Eastport")).rule == "P-COG-DESIGNATE-DISTINCT"
    state = play(state, "P0 designates abandoned lighthouse", "P1 designates Port Rosa",
                 "P2 designates Blackrock")
    assert state.view(1)["cities"]["controls"] == {"Eastport": [3], "Abandoned Lighthouse": [0],
                                                   "Port Rosa": [1], "Blackrock": [2]}
    assert state.pending.step == "bid" or state.is_chance          # the first cups follow
    shared = place_all(placing(distinct_towns=False)).play(Designate(3, "Eastport"))
    assert Designate(0, "Eastport") in shared.legal_moves()


@pytest.mark.rules("P-COG-TILES", "P-COG-TILES-SWAP", "P-SETUP-BUILD")
def test_the_expansion_tiles_are_swapped_in_for_the_base_tiles_they_replace():
    base = load(4).preset_route()
    route = load(4, cities_of_greed=True).preset_route()
    assert len(route) == len(base)
    swapped = {b: r for b, r in zip(base, route) if b != r}
    assert swapped == {"T8": "CG1", "T9": "CG2", "T10": "CG3"}
    built = load(3, cities_of_greed=True, map="build").new(seed=5)
    dealt = {t for fr in built.data.stack if fr[0] == "build" for hand in fr[1] for t in hand}
    assert {"CG1", "CG2", "CG3"} <= dealt | set(built.data.route) and "T9" not in dealt
    # the build comes after the influence keep and before the towns
    kinds = [fr[0] for fr in built.data.stack]
    assert kinds == ["designate", "towns", "build", "keep"]


@pytest.mark.rules("P-COG-TOWNS", "P-COG-INF-CARDS", "P-CAT-1")
@pytest.mark.parametrize("change,field", [
    (lambda c: c["cities"]["influence"][0].update(towns=["Eastport", "Eastport", "Saltmarsh"]),
     "catalogue.cities.influence[0] (I1).towns"),
    (lambda c: c["cities"]["influence"][1].update(towns=["Eastport", "Atlantis", "Saltmarsh"]),
     "catalogue.cities.influence[1] (I2).towns"),
    (lambda c: c["cities"]["towns"][3].update(name="saltmarsh!"), "catalogue.cities.towns[3].name"),
    (lambda c: c["cities"].update(replaces=["T0", "T9", "T10"]), "catalogue.cities.replaces[0]"),
    (lambda c: c["cities"]["tiles"][0].update(rule="P-COG-1"), "catalogue.cities.tiles[0] (CG1).rule"),
])
def test_the_cities_section_of_a_catalogue_is_validated(change, field):
    raw = json.loads(DEFAULT.read_text(encoding="utf-8"))
    broken = copy.deepcopy(raw)
    change(broken)
    with pytest.raises(InvalidInput) as err:
        validate(broken)
    assert err.value.field == field
    assert validate(raw).cities is not None


def test_options_of_the_expansion_are_checked():
    with pytest.raises(InvalidInput) as err:
        load(3, cities_of_greed=True, town_first_seat=4)
    assert err.value.field == "options.town_first_seat"
    with pytest.raises(InvalidInput):
        load(3, town_moves=-1)
