"""Bad input is refused whole with InvalidInput naming the field, never another error."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

import explorer
from explorer import InvalidInput
from explorer.games.summoners.scenario import FIELDS

GAME = explorer.load("summoners", players=2)
BASE = json.loads(GAME.new(seed=9).to_json())

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=4),
                    st.sampled_from(["B9", "X1", "BJ", "RA", "", "-", "play", "summon", "0,0"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                     st.dictionaries(st.text(max_size=3), inner,
                                                                     max_size=3)),
                      max_leaves=12)


def refused_cleanly(call):
    try:
        call()
    except InvalidInput as exc:
        assert exc.field
        return True
    return False


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(FIELDS), values)
def test_saved_file_with_one_field_broken(field, value):
    doc = json.loads(json.dumps(BASE))
    doc["data"][field] = value
    refused_cleanly(lambda: GAME.state_from_json(json.dumps(doc)))


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS + ("deck", "nonsense")), values, max_size=4))
def test_scenario_fields_fuzzed(spec):
    refused_cleanly(lambda: GAME.scenario(spec))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=30),
                 st.builds(lambda p, v, rest: f"{p} {v} {rest}",
                           st.sampled_from(["p0", "p1", "p9", "x"]),
                           st.sampled_from(["cycle", "draw", "buy", "play", "pass", "summon",
                                            "no"]),
                           st.text(alphabet="BRGYXJQKA0123456789 ,-atsuing", max_size=20))))
def test_move_texts_fuzzed(text):
    refused_cleanly(lambda: GAME.parse_move(text))


@pytest.mark.parametrize("spec,field", [
    ({"grid": {(0, 0): "Z9"}}, "grid[0,0]"),
    ({"grid": {(0, 0): "B9"}, "hands": [["B9"], []]}, "hands[0]"),
    ({"mana": [9, 9]}, "box_mana"),
    ({"hands": [["B9"]]}, "hands"),
    ({"sculptures": [(3, 3), None]}, "sculptures[0]"),
    ({"phase": "dance"}, "phase"),
    ({"market": ["B2"] * 6}, "market"),
    ({"grid": {(0, 0): "BJ"}}, "summoned"),
    ({"window": [5], "phase": "summon"}, "window"),
    ({"colour": "blue"}, "colour"),
])
def test_scenario_errors_name_the_field(spec, field):
    with pytest.raises(InvalidInput) as err:
        GAME.scenario(spec)
    assert err.value.field == field


def test_move_errors_name_the_part():
    with pytest.raises(InvalidInput) as err:
        GAME.parse_move("p0 play Z9 at 1,0")
    assert err.value.field == "move" and "move.card" in str(err.value)
    with pytest.raises(InvalidInput):
        GAME.parse_move("p0 play X1 at 1,0")
    with pytest.raises(InvalidInput):
        GAME.parse_move("hello")


def test_text_scenario():
    s = GAME.scenario("""
        grid: 0,0=B9 1,1=G10   # the layout
        hands: R8 | B2 B3
        spirits: BJ | -
        mana: 7 8
        sculptures: 0,0 | -
        market: B5 - R4
        phase: play
    """)
    assert s.cells == {(0, 0): "B9", (1, 1): "G10"}
    assert s.data.hands == (("R8",), ("B2", "B3")) and s.data.box_mana == 1
    assert s.data.market == ("B5", "", "R4", "", "")
    with pytest.raises(InvalidInput) as err:
        GAME.scenario("grid 0,0=B9")
    assert err.value.field == "line 1"


@pytest.mark.parametrize("options,field", [
    ({"first_player": 2}, "options.first_player"),
    ({"max_turns": 0}, "options"),
    ({"flank_scope": "diagonal"}, "options"),
    ({"max_turns": "ten"}, "options.max_turns"),
    ({"colour": 1}, "options.colour"),
])
def test_bad_rule_options_are_refused(options, field):
    with pytest.raises(InvalidInput) as err:
        explorer.load("summoners", players=2, **options)
    assert err.value.field == field
