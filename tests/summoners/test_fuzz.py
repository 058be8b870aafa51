"""Bad input is refused whole with InvalidInput naming the field, never another error."""
from __future__ import annotations

import json

import pytest
from gameplay import check_any_data_refused, check_corrupted_field, random_states
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer import InvalidInput
from explorer.games.summoners.scenario import FIELDS

GAME = explorer.load("summoners", players=2)

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


SAVED = [json.loads(s.to_json()) for s in random_states(GAME, 9)[::25]]
"""Saved positions from one random game, at every stage of it."""


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAVED), st.sampled_from(FIELDS), values)
def test_saved_file_with_one_field_broken(saved, field, value):
    check_corrupted_field(GAME, saved, field, value)


@settings(max_examples=100, deadline=None)
@given(values)
def test_saved_file_with_junk_data(raw):
    check_any_data_refused(GAME, raw)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS + ("deck", "nonsense")), values, max_size=4))
def test_scenario_fields_fuzzed(spec):
    refused_cleanly(lambda: GAME.scenario(spec))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=30),
                 st.builds(lambda p, v, rest: f"{p} {v} {rest}",
                           st.sampled_from(["p0", "P1", "p9", "x", "p99", "p²"]),
                           st.sampled_from(["cycle", "draw", "buy", "play", "pass", "summon",
                                            "no"]),
                           st.text(alphabet="BRGYXJQKAbx0123456789² ,-atsuingover",
                                   max_size=20))))
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
    ({"window": [5], "phase": "summon"}, "window[0]"),
    ({"window": [3], "phase": "summon"}, "window[0]"),
    ({"mana": [8.0, 8]}, "mana[0]"),
    ({"mana": [True, 8]}, "mana[0]"),
    ({"turn": -1}, "turn"),
    ({"deck": {"top": ["B9"], "colour": 1}}, "deck.colour"),
    ({"deck": {"bottom": ["Z9"]}}, "deck.bottom[0]"),
    ({"sculptures": [(0, "0"), None]}, "sculptures[0][1]"),
    ({"phase": "draw", "deck": ["B9"]}, "phase"),
    ({"colour": "blue"}, "colour"),
])
def test_scenario_errors_name_the_field(spec, field):
    with pytest.raises(InvalidInput) as err:
        GAME.scenario(spec)
    assert err.value.field == field


def test_mana_of_the_wrong_type_names_that_mana():
    with pytest.raises(InvalidInput) as err:
        GAME.scenario(mana=[8.0, 8])
    assert err.value.field == "mana[0]" and "float" in str(err.value)


def test_move_errors_name_the_part():
    with pytest.raises(InvalidInput) as err:
        GAME.parse_move("P0 play Z9 at 1,0")
    assert err.value.field == "move" and "move.card" in str(err.value)
    with pytest.raises(InvalidInput):
        GAME.parse_move("hello")


@pytest.mark.parametrize("text", [
    "p" + "9" * 5000 + " draw", "P0 play B9 at " + "1" * 5000 + ",0", "P²0 draw", "P0 buy ² B9",
    "P0 play B9 at ²,0", "P0 summon BJ at 1,0 using " + "0,0 " * 2000, "P12 pass",
])
def test_odd_or_huge_numbers_are_refused_as_invalid_input(text):
    with pytest.raises(InvalidInput):
        GAME.parse_move(text)


def test_seats_and_card_names_are_read_in_any_case():
    assert GAME.parse_move("p0 play b9 at 1,0") == GAME.parse_move("P0 play B9 at 1,0")
    assert str(GAME.parse_move("p1 cycle x1")) == "P1 cycle X1"
    assert str(GAME.parse_move("P0 summon bq at 0,0 using 1,0 0,1 -1,0")) == \
        "P0 summon BQ at 0,0 using -1,0 0,1 1,0"
    s = GAME.scenario(grid={"0,0": "b9"}, hands=[["r8"], []], phase="play")
    assert s.cells == {(0, 0): "B9"} and s.data.hands[0] == ("R8",)


def test_scenario_grid_shapes_match_the_view():
    s = GAME.scenario(grid={(0, 0): "B9", "1,0": "G10"}, hands=[["R8"], []])
    view = s.view(None)
    assert view["grid"] == {"0,0": "B9", "1,0": "G10"}
    again = GAME.scenario(grid=view["grid"], hands=[["R8"], []], deck=view["deck"])
    assert again == s
    json.dumps(view)


def test_a_scenario_and_a_saved_file_have_the_same_fields():
    """Both readers name the same fields when they refuse an unknown one."""
    from explorer.games.summoners import encoding
    assert FIELDS == encoding.FIELDS


def test_help_documents_every_field_the_cards_and_the_phases():
    doc = GAME.scenario.__doc__
    for name in FIELDS:
        assert f"    {name} " in doc, name
    for word in ("X1", "BA", "BJ", "Joker", "Ace", "action", "cycle-draw", "refill",
                 "seats still to be asked"):
        assert word in doc


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
    ({"flank_scope": "diagonal"}, "options.flank_scope"),
    ({"first_cell": [0, True]}, "options.first_cell[1]"),
    ({"skip_unable": 1}, "options.skip_unable"),
    ({"max_turns": "ten"}, "options.max_turns"),
    ({"colour": 1}, "options.colour"),
])
def test_bad_rule_options_are_refused(options, field):
    with pytest.raises(InvalidInput) as err:
        explorer.load("summoners", players=2, **options)
    assert err.value.field == field
