"""Malformed input is refused with InvalidInput naming the field, never another exception."""
from __future__ import annotations

import json

import pytest
from gameplay import check_any_data_refused, check_corrupted_field, random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core import InvalidInput

from .helpers import load

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=8)
    | st.sampled_from(["Crown", "Wild", "Axe*2", "act", "curse", "refill", "over", "3"]),
    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(
        st.sampled_from(["Crown", "Wild", "Egg", "0", "3", "cards", "treasure", "next_stall", "x"]),
        inner, max_size=4),
    max_leaves=12)
FIELDS = ["phase", "active", "turn", "track", "hands", "known", "bribes", "stalls", "deck",
          "deck_top", "discard", "refill", "paid", "ended_by"]


@pytest.fixture(scope="module")
def saved() -> list[dict]:
    game = load(3)
    return [json.loads(s.to_json()) for s in random_states(game, 5)[::9]]


@pytest.mark.rules("V-COMP-2")
@FUZZ
@given(data=st.data())
def test_state_from_json_refuses_corrupted_fields(saved: list[dict], data: st.DataObject) -> None:
    check_corrupted_field(load(3), data.draw(st.sampled_from(saved)),
                          data.draw(st.sampled_from(FIELDS)), data.draw(JUNK))


@pytest.mark.rules("V-COMP-2")
@FUZZ
@given(raw=JUNK)
def test_state_from_json_refuses_any_data(raw) -> None:
    check_any_data_refused(load(3), raw)


@pytest.mark.rules("V-SETUP-6")
@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["track", "hands", "known", "bribes", "stalls",
                                               "deck_top", "deck", "discard", "to_move", "turn",
                                               "phase", "paid", "refill"]), JUNK, max_size=4))
def test_scenario_refuses_malformed_fields(fields: dict) -> None:
    try:
        state = load(3).scenario(**fields)
    except InvalidInput as exc:
        assert exc.field
    else:
        assert state.game.state_from_json(state.to_json()) == state


@pytest.mark.rules("V-TURN-1")
@FUZZ
@given(text=st.one_of(
    st.text(max_size=40),
    st.builds(lambda p, verb, rest: f"P{p} {verb} {rest}", st.integers(0, 9999),
              st.sampled_from(["bribe", "buy", "curse", "draw", "buy stall"]),
              st.text(alphabet="CrownWildAxe*0123456789 onpaying stall", max_size=30)),
    st.builds(lambda rest: f"reveal {rest}", st.text(alphabet="CrownWild*2 ", max_size=12))))
def test_parse_move_refuses_malformed_text(text: str) -> None:
    game = load(3)
    state = game.new(seed=1)
    try:
        move = game.parse_move(text)
    except InvalidInput as exc:
        assert exc.field == "move"
    else:
        assert game.parse_move(str(move)) == move
        reason = state.why_not(move)
        assert reason is None or reason.rule
