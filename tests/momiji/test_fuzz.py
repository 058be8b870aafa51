"""Malformed input is refused with InvalidInput naming the field, never another exception."""
from __future__ import annotations

import json

import pytest
from gameplay import check_any_data_refused, check_corrupted_field, random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core import InvalidInput
from explorer.games.momiji import catalogue

from .helpers import load

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=8)
    | st.sampled_from(["Maple-0", "Oak-2R", "maple-0l", "Birch-3", "act", "play", "deal", "zeros", "A", "type-oak"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["unseen", "top", "name", "digest", "zeros", "Maple", "0", "x"]), inner, max_size=4),
    max_leaves=12)
DATA_FIELDS = ["step", "active", "turn", "types", "hands", "known", "rows", "torii", "supply", "garden", "deck",
               "discard", "acorns", "objectives", "owners", "lands", "used", "flags", "reveals", "play",
               "deal", "deal_to", "pond", "peek", "peek_seat", "ending", "catalogue"]


@pytest.fixture(scope="module")
def saved() -> list[dict]:
    return [json.loads(s.to_json()) for s in random_states(load(3), 5)[::9]]


@pytest.mark.rules("M-COMP-1")
@FUZZ
@given(data=st.data())
def test_state_from_json_refuses_corrupted_fields(saved: list[dict], data: st.DataObject) -> None:
    check_corrupted_field(load(3), data.draw(st.sampled_from(saved)),
                          data.draw(st.sampled_from(DATA_FIELDS)), data.draw(JUNK))


@pytest.mark.rules("M-COMP-1")
@FUZZ
@given(raw=JUNK)
def test_state_from_json_refuses_any_data(raw) -> None:
    check_any_data_refused(load(3), raw)


@pytest.mark.rules("M-SETUP-1")
@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["types", "hands", "known", "rows", "garden", "deck_top", "deck", "discard",
                                               "acorns", "torii", "objectives", "owners", "landscapes", "used",
                                               "to_move", "turn", "ending", "nope"]), JUNK, max_size=4))
def test_scenario_refuses_malformed_fields(fields: dict) -> None:
    try:
        state = load(3).scenario(**fields)
    except InvalidInput as exc:
        assert exc.field
    else:
        assert state.game.state_from_json(state.to_json()) == state
        state.legal_moves()


@pytest.mark.rules("M-TURN-1")
@FUZZ
@given(text=st.one_of(
    st.text(max_size=40),
    st.builds(lambda p, verb, rest: f"P{p} {verb} {rest}", st.integers(0, 99999),
              st.sampled_from(["play", "collect", "trade", "power", "take", "place", "activate", "end", "stop"]),
              st.text(alphabet="MapleOak-0123LR at²9 ", max_size=20)),
    st.builds(lambda rest: f"deal {rest}", st.text(alphabet="Maple-0123LR9", max_size=12))))
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


@pytest.mark.rules("M-CAT-1")
@FUZZ
@given(data=st.data())
def test_catalogue_loader_refuses_corrupted_files(data: st.DataObject) -> None:
    doc = json.loads(catalogue.DEFAULT.read_text())
    part = data.draw(st.sampled_from(["corners", "objectives", "powers", "preset", "name", "format", "stand_in"]))
    if data.draw(st.booleans()) and isinstance(doc[part], list) and doc[part]:
        i = data.draw(st.integers(0, len(doc[part]) - 1))
        if isinstance(doc[part][i], dict):
            key = data.draw(st.sampled_from(sorted(doc[part][i])))
            doc[part][i][key] = data.draw(JUNK)
        else:
            doc[part][i] = data.draw(JUNK)
    else:
        doc[part] = data.draw(JUNK)
    raw = json.dumps(doc).encode()
    try:
        cat = catalogue.parse(raw)
    except InvalidInput as exc:
        assert exc.field.startswith("catalogue")
    else:
        assert len(cat.powers) == 6 and [len(c) for c in cat.corners] == [5, 4, 3, 2]
