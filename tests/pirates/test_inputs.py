"""Bad input is refused whole with InvalidInput naming the field, never another error."""
from __future__ import annotations

import json

import pytest
from gameplay import check_any_data_refused, check_corrupted_field
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import InvalidInput
from explorer.games.pirates.data import FIELDS
from explorer.games.pirates.scenario import SCENARIO_FIELDS

from .helpers import SEED_CUPS, load, random_states

GAME = load(3)
STATES = random_states(GAME, 7, steps=400)
SAVED = [json.loads(s.to_json()) for s in STATES[::20]]
SETUP_GAME = load(3, draft=True, map="build")
SETUP_SAVED = [json.loads(s.to_json()) for s in random_states(SETUP_GAME, 3, steps=60)[::4]
               if s.data.stack and s.data.stack[-1][0] in ("draft", "build")]
"""Saved positions in the middle of building the map and of the card draft."""

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.text(max_size=4),
                    st.sampled_from(["G1", "S11", "T3", "-", "sail", "bid", "mermaid", "cursed",
                                     "task", "window", "battle", "skull", 1.5]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                     st.dictionaries(st.text(max_size=4), inner,
                                                                     max_size=3)),
                      max_leaves=12)


def refused_cleanly(call):
    try:
        call()
    except InvalidInput as exc:
        assert exc.field
        return True
    return False


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SAVED), st.sampled_from(FIELDS), values)
def test_saved_file_with_one_field_broken(doc, field, value):
    check_corrupted_field(GAME, doc, field, value)


@settings(max_examples=60, deadline=None)
@given(values)
def test_saved_file_whose_data_is_junk(value):
    check_any_data_refused(GAME, value)


@pytest.mark.rules("P-SETUP-DRAFT", "P-SETUP-BUILD")
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SETUP_SAVED), st.sampled_from(["route", "stack", "hands", "captain"]), values)
def test_saved_draft_and_build_positions_with_one_field_broken(doc, field, value):
    check_corrupted_field(SETUP_GAME, doc, field, value)


@pytest.mark.rules("P-SETUP-DRAFT", "P-SETUP-BUILD")
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SETUP_SAVED), st.integers(0, 3), st.integers(0, 5), values)
def test_saved_draft_and_build_frames_fuzzed(doc, part, seat, value):
    assert {d["data"]["stack"][-1][0] for d in SETUP_SAVED} == {"draft", "build"}
    doc = json.loads(json.dumps(doc))
    frame = doc["data"]["stack"][-1]
    i = part % len(frame)
    if isinstance(frame[i], list) and frame[i]:
        frame[i][seat % len(frame[i])] = value      # one player's cards or tiles
    else:
        frame[i] = value
    refused_cleanly(lambda: SETUP_GAME.state_from_json(json.dumps(doc)))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([d for d in SAVED if d["data"]["stack"]] or SAVED), st.integers(0, 7), values)
def test_saved_stack_frames_fuzzed(doc, part, value):
    doc = json.loads(json.dumps(doc))
    stack = doc["data"]["stack"]
    if stack:
        frame = stack[-1]
        frame[part % len(frame)] = value
    refused_cleanly(lambda: GAME.state_from_json(json.dumps(doc)))


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(SCENARIO_FIELDS + ("nonsense",)), values, max_size=4))
def test_scenario_fields_fuzzed(spec):
    refused_cleanly(lambda: GAME.scenario(spec))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=30),
                 st.builds(lambda p, v, rest: f"{p} {v} {rest}",
                           st.sampled_from(["p0", "P1", "p9", "x", "p99", "p²", "battle P1", "hand p2"]),
                           st.sampled_from(["bid", "liar", "exact", "cup normal shows", "cup ghost shows", "play", "target",
                                            "buy", "pass", "loses", "discards", "step", "stop",
                                            "re-roll", "keep", "shows", "gives"]),
                           st.text(alphabet="GSTgs0123456789² -abcdefhiortuwxvnsP", max_size=20))))
def test_move_texts_fuzzed(text):
    refused_cleanly(lambda: GAME.parse_move(text))


@pytest.mark.parametrize("text", [
    "p" + "9" * 5000 + " liar", "P0 bid " + "1" * 5000 + " twos", "P²0 liar", "P0 bid ² twos",
    "P0 bid 3 ones", "P0 cup normal shows 7", "P0 cup ghost shows 6", "P0 cup gold shows 1", "sail die shows 3", "battle P1 shows axe", "P12 pass",
    "P0 cup normal shows " + "1" * 3000, "P0 cup " + "normal " * 500 + "shows 1",
])
def test_odd_or_huge_numbers_are_refused_as_invalid_input(text):
    with pytest.raises(InvalidInput):
        GAME.parse_move(text)


def test_seats_and_cards_in_any_case():
    assert GAME.parse_move("p0 play g3") == GAME.parse_move("P0 play G3")
    assert str(GAME.parse_move("p1 BID 7 5")) == "P1 bid 7 fives"
    assert str(GAME.parse_move("P1 bid 1 two exact")) == "P1 bid 1 two exact"


@pytest.mark.parametrize("spec,field", [
    ({"coins": [2, 2]}, "coins"),
    ({"coins": [2.0, 2, 2]}, "coins[0]"),
    ({"coins": [True, 2, 2]}, "coins[0]"),
    ({"supply": 3}, "supply"),
    ({"specials": {"kraken": 1}}, "specials.kraken"),
    ({"specials": {"mermaid": 4}}, "specials.mermaid"),
    ({"cups": [[1, 2, 9, 4, 5], None, None]}, "cups[0][2]"),
    ({"cups": [[1, 2, 3], None, None]}, "cups[0]"),
    ({"hands": [["Z9"], [], []]}, "hands[0][0]"),
    ({"bids": ["7 fives by P9"]}, "bids[0]"),
    ({"bids": ["seven fives"]}, "bids[0]"),
    ({"phase": "dance"}, "phase"),
    ({"route": ["T1", "T0"]}, "route"),
    ({"progress": [17, 0, 0]}, "progress[0]"),
    ({"phase": "sail"}, "roles"),
    ({"colour": "blue"}, "colour"),
    ({"used": ["x", "", ""]}, "used[0]"),
])
def test_scenario_errors_name_the_field(spec, field):
    with pytest.raises(InvalidInput) as err:
        GAME.scenario(spec)
    assert err.value.field == field, err.value


def test_help_documents_every_field():
    doc = GAME.scenario.__doc__
    for name in SCENARIO_FIELDS:
        assert f"    {name} " in doc, name
    for word in ("cups", "bids", "phase", "route", "hands", "mermaid", "7 fives by P1"):
        assert word in doc


def test_scenario_round_trips_through_saved_files():
    state = load(4).scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1)
    assert load(4).state_from_json(state.to_json()) == state


@pytest.mark.parametrize("options,field", [
    ({"start_seat": 4}, "options.start_seat"),
    ({"open_cap": "everyone"}, "options.open_cap"),
    ({"max_rounds": 0}, "options"),
    ({"variants": "no exact"}, "options.variants"),
    ({"captains": ("C9", "", "")}, "options.captains[0]"),
])
def test_bad_options_are_refused(options, field):
    with pytest.raises(InvalidInput) as err:
        load(3, **options)
    assert err.value.field == field


@pytest.mark.rules("P-COG-VAR-DRAW2")
def test_draw_two_without_the_expansion_saves_after_a_buy():
    """A legal "buy a card" with the variant 'draw two' and Cities of Greed off leaves a
    draw-two choice on the stack: the state and every player's file load again."""
    import random

    from explorer import Explorer, Game
    game = load(3, variants=["draw two"])
    rng = random.Random(4)
    bought = 0
    for state in random_states(game, 4, steps=400):
        buys = [m for m in state.legal_moves() if str(m).endswith(" buy a card")] if not state.is_chance else []
        if not buys:
            continue
        after = state.play(buys[0])
        assert any(fr[0] == "pick" for fr in after.data.stack)
        assert Game.from_json(after.to_json()) == after
        tree = Explorer(after, seed=rng.randrange(99))
        for viewer in range(3):
            assert Explorer.from_json(tree.to_json(viewer=viewer)).state.view(viewer) == after.view(viewer)
        bought += 1
    assert bought


@pytest.mark.rules("P-COG-VAR-DRAW2")
def test_a_draw_two_choice_needs_the_variant():
    state = next(s for s in random_states(load(3, variants=["draw two"]), 4, steps=400)
                 if any(fr[0] == "pick" for fr in s.data.stack))
    doc = json.loads(state.to_json())
    doc["options"]["variants"] = []
    with pytest.raises(InvalidInput) as err:
        load(3).state_from_json(json.dumps(doc))
    assert err.value.field.startswith("data.stack")


@pytest.mark.rules("P-SETUP-SUPPLY")
@pytest.mark.parametrize("spec,field", [
    ({"crew": [99, 4, 3, 2]}, "bag"),
    ({"coins": [50, 5, 5, 5]}, "supply"),
    ({"crew": [5, 5, 5, 5], "bag": 41}, "bag"),
])
def test_scenarios_conserve_coins_and_dice_like_saved_files(spec, field):
    """One conservation check serves scenarios and saved files: a supply or bag filled in
    as "the rest" cannot go below zero, so a scenario's own save always loads."""
    with pytest.raises(InvalidInput) as err:
        load(4).scenario(spec)
    assert err.value.field == field


@pytest.mark.rules("P-VAR-DEATH")
def test_a_scenario_with_a_player_out_saves_and_loads():
    """Out of the game is checked for scenarios as for saved files: only Instant Death
    puts a player out, with no dice left, and such a scenario's own save loads."""
    with pytest.raises(InvalidInput) as err:
        load(3).scenario(out=[False, False, True], crew=[5, 5, 0])
    assert err.value.field == "out[2]"
    game = load(3, variants=["instant death"])
    with pytest.raises(InvalidInput) as err:
        game.scenario(out=[False, False, True])
    assert err.value.field == "out[2]"
    state = game.scenario(out=[False, False, True], crew=[5, 5, 0], phase="action")
    assert game.state_from_json(state.to_json()) == state
