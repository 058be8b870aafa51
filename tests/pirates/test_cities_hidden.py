"""Cities of Greed: conservation (coins, crew dice with the mayor die, action, influence
and town cards), secrets that stay secret (influence hands, returned cards, "draw two"
choices, town cards in hand), `determinize`, saved files and fuzzed scenarios."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from gameplay import check_corrupted_field
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import InvalidInput
from explorer.games.pirates.scenario import CITIES_FIELDS

from .helpers import load, random_states

OPTIONS = st.fixed_dictionaries({"map": st.sampled_from(["preset", "build"]),
                                 "variants": st.sampled_from([(), ("draw two",), ("instant death", "draw two")]),
                                 "draft": st.booleans()})
GAME = load(3, cities_of_greed=True, variants=("draw two",))
STATES = random_states(GAME, 11, steps=1500)
SAVED = [json.loads(s.to_json()) for s in STATES[::15]]


def secrets_of_others(d, viewer: int) -> set[str]:
    """Influence and action cards only other players may know of, less those the viewer
    sees anyway (in their own hand, returned pile, choice or a discard pile)."""
    c = d.cities
    hidden: set[str] = set()
    seen = set(c.influence[viewer]) | set(c.returned[viewer]) | set(c.discard) | set(d.discard) | set(d.hands[viewer])
    for p in range(len(d.coins)):
        if p != viewer:
            hidden |= set(c.influence[p]) | set(c.returned[p]) | set(d.hands[p])
    for fr in d.stack:
        if fr[0] == "pick":
            (seen if fr[1] == viewer else hidden).update(fr[3])
    return hidden - seen


@pytest.mark.rules("P-COG-MAYOR", "P-COG-TOWNS", "P-COG-INF-DEAL", "P-SETUP-SUPPLY", "P-SPECIAL-UNIQUE")
@settings(max_examples=8, deadline=None)
@given(st.sampled_from([2, 3, 4, 6]), st.integers(0, 10**6), OPTIONS)
def test_coins_dice_and_every_card_are_conserved(players, seed, options):
    game = load(players, cities_of_greed=True, **options)
    deck = Counter(game.catalogue.deck())
    influence = Counter(game.catalogue.cities.deck())
    towns = Counter(game.town_names)
    for state in random_states(game, seed, steps=1200):
        d = state.data
        c = d.cities
        assert d.supply + sum(d.coins) == game.options.coin_supply
        assert d.bag + sum(d.crew) == game.options.crew_bag
        assert len(d.specials) == 5 and -1 <= d.specials[4] < players
        picks = [fr for fr in d.stack if fr[0] == "pick"]
        cards = Counter(x for h in d.hands for x in h) + d.deck.counts() + Counter(d.discard)
        cards.update(x for fr in picks if fr[2] == "action" for x in fr[3])
        cards.update(x for fr in d.stack if fr[0] == "draft" for chosen in fr[2] for x in chosen)
        assert cards == deck
        inf = Counter(x for h in c.influence + c.returned for x in h) + c.deck.counts() + Counter(c.discard)
        inf.update(x for fr in picks if fr[2] == "influence" for x in fr[3])
        assert inf == influence
        for p in range(players):
            placed = [t[0] for t in c.towns if t is not None and t[1] == p]
            assert Counter(placed) + Counter(c.town_hands[p]) + Counter(c.town_box[p]) == towns
        assert c.towns[0] is None


def test_random_games_reach_every_new_step():
    """A few random games meet the keep, towns, designate, influence plays and buys, a
    "draw two" choice, a moved town card and the mayor die taken."""
    seen: set[str] = set()
    for seed in (0, 1, 2, 3, 9):      # seed 9 takes the mayor die
        for state in random_states(load(4, cities_of_greed=True, variants=("draw two",)), seed, steps=3000):
            seen.add(state.pending.step)
            seen.update(e.rule for e in state.events)
    assert {"keep", "towns", "designate", "pick", "P-COG-ATTACK", "P-COG-BONUS", "P-COG-INF-BUY",
            "P-COG-TOWN-MOVE", "P-COG-MAYOR-TAKE"} <= seen


@pytest.mark.rules("P-HIDDEN-1", "P-COG-INF-DEAL", "P-COG-INF-RETURN", "P-COG-VAR-DRAW2")
def test_no_secret_card_reaches_another_players_view_board_or_events():
    checked = 0
    for state in STATES[::5]:
        d = state.data
        for viewer in range(3):
            hidden = secrets_of_others(d, viewer)
            text = json.dumps(state.view(viewer)) + json.dumps(state.game.scene(state.view(viewer)))
            text += json.dumps(state.visible_events(viewer))
            leaked = [c for c in hidden if re.search(rf"\b{c}\b", text)]
            assert not leaked, (viewer, leaked)
            checked += bool(hidden)
            view = state.view(viewer)["cities"]
            assert all(view["influence"][p] is None and view["returned"][p] is None
                       and view["town_hands"][p] is None for p in range(3) if p != viewer)
    assert checked > 20


@pytest.mark.rules("P-HIDDEN-1", "P-COG-INF-DEAL")
def test_determinize_redeals_only_what_the_viewer_cannot_know():
    state = next(s for s in STATES if s.data.phase == "action")
    c = state.data.cities
    others = set()
    for i in range(20):
        sample = state.determinize(0, random.Random(i))
        s = sample.data.cities
        assert s.influence[0] == c.influence[0] and s.returned[0] == c.returned[0]
        assert s.towns == c.towns and s.designated == c.designated and s.discard == c.discard
        assert [len(h) for h in s.influence] == [len(h) for h in c.influence]
        assert sample.view(0) == state.view(0)
        others.add((s.influence[1], s.influence[2], s.returned[1]))
    assert len(others) > 1                       # the others' hands are guessed afresh


def test_saved_positions_round_trip_mid_setup_and_mid_play():
    kinds = set()
    for state in STATES[:60] + STATES[::7]:
        again = GAME.state_from_json(state.to_json())
        assert again == state and again.legal_moves() == state.legal_moves()
        kinds.update(fr[0] for fr in state.data.stack)
    assert {"keep", "towns", "designate"} <= kinds


scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                    st.sampled_from(["Eastport", "eastport", "Abandoned Lighthouse", "Atlantis", "I1",
                                     "I35", "I99", "G1", "mayor", "pick", "towns", "keep"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=17),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=20)


def refused_cleanly(call):
    try:
        state = call()
    except InvalidInput as exc:
        assert exc.field
        return None
    return state


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAVED), st.sampled_from(["cities", "stack", "specials"]), values)
def test_saved_cities_with_one_field_broken(doc, field, value):
    check_corrupted_field(GAME, doc, field, value)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAVED), st.sampled_from(["towns", "town_hands", "town_box", "moved", "designated",
                                                 "influence", "deck", "discard", "returned", "played"]),
       values)
def test_saved_cities_parts_fuzzed(doc, part, value):
    doc = json.loads(json.dumps(doc))
    doc["data"]["cities"][part] = value
    state = refused_cleanly(lambda: GAME.state_from_json(json.dumps(doc)))
    if state is not None:
        assert GAME.state_from_json(state.to_json()) == state


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(CITIES_FIELDS + ("specials", "phase", "progress")), values, max_size=4))
def test_scenario_cities_fields_fuzzed(spec):
    state = refused_cleanly(lambda: GAME.scenario(spec))
    if state is not None:
        assert GAME.state_from_json(state.to_json()) == state


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(GAME.town_names + (None,)), min_size=16, max_size=16),
       st.permutations(GAME.town_names), st.integers(0, 2))
def test_scenario_towns_designated_and_mayor_owner(towns, order, mayor):
    towns = [None] + towns[1:]
    spec = {"towns": towns, "designated": list(order[:3]), "specials": {"mayor": mayor},
            "influence": [["I1", "I2"], [], ["I3"]]}
    if any(n > 3 for n in Counter(t for t in towns if t).values()):
        with pytest.raises(InvalidInput) as err:
            GAME.scenario(spec)
        assert err.value.field.startswith("towns[")
        return
    state = GAME.scenario(spec)
    c = state.data.cities
    assert [t and t[0] for t in c.towns] == towns and c.designated == tuple(order[:3])
    assert state.data.specials[4] == mayor and c.influence[0] == ("I1", "I2")
    assert GAME.state_from_json(state.to_json()) == state


@pytest.mark.parametrize("spec,field", [
    ({"towns": ["Eastport"]}, "towns"),
    ({"towns": ["Eastport"] + [None] * 15}, "towns[0]"),
    ({"designated": ["Eastport", "Atlantis", "Saltmarsh"]}, "designated[1]"),
    ({"designated": ["Eastport", "Eastport", "Saltmarsh"]}, "cities.designated"),
    ({"influence": [["I1"], ["I1"], []]}, "cities.deck"),
    ({"influence": [["X1"], [], []]}, "influence[0][0]"),
    ({"influence_played": [5, 0, 0]}, "cities.moved"),
])
def test_scenario_errors_name_the_cities_field(spec, field):
    with pytest.raises(InvalidInput) as err:
        GAME.scenario(spec)
    assert err.value.field == field, err.value


def test_cities_fields_are_refused_when_the_expansion_is_off():
    with pytest.raises(InvalidInput) as err:
        load(3).scenario(towns=[None] * 16)
    assert err.value.field == "towns"
    with pytest.raises(InvalidInput) as err:
        load(3).scenario(specials={"mayor": 0})
    assert err.value.field == "specials.mayor"
    with pytest.raises(InvalidInput) as err:
        load(3, variants=("draw two",)).state_from_json(
            STATES[30].to_json().replace('"cities_of_greed": true', '"cities_of_greed": false'))
    assert err.value.field.startswith("data.")          # the swapped tiles, or the cities
