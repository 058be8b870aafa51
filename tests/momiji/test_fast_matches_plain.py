"""Momiji's speed devices give what the plain constructions give, in every position of
random games: the values made once and shared (chance outcomes, move tables, events),
and `data.changed`, which builds the next position as `_replace` does."""
from __future__ import annotations

from dataclasses import fields

import pytest
from gameplay import random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.events import Event
from explorer.games.momiji import moves as M
from explorer.games.momiji import narration
from explorer.games.momiji.data import MomijiData, changed
from explorer.games.momiji.moves import DEALS

from .helpers import load


@pytest.mark.rules("M-DECK-1")
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4))
def test_shared_chance_outcomes_are_the_decks_own(seed: int, players: int) -> None:
    for state in random_states(load(players), seed):
        if state.is_chance:
            plain = tuple((DEALS[c], p) for c, p in state.data.deck.outcomes())
            assert state.chance_outcomes() == plain
            assert abs(sum(p for _, p in plain) - 1) < 1e-9


@pytest.mark.rules("M-TURN-1", "M-EXTRA-1")
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4))
def test_shared_moves_equal_moves_made_afresh(seed: int, players: int) -> None:
    game = load(players)
    for state in random_states(game, seed)[::2]:
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert game.parse_move(str(move)) == move
            plain = type(move)(*(getattr(move, f.name) for f in fields(move)))
            assert plain == move and (plain.label, plain.targets) == (move.label, move.targets)


def test_shared_events_read_as_the_plain_sentences() -> None:
    maple = M.Play.parse("P0 play Maple-0R").card
    assert narration.dealt("M-REFILL-1", maple, 2) == Event(
        "deal", "M-REFILL-1", "the deck turns up Maple-0R into the Garden", 2)
    assert narration.traded(1, maple, True).text == "P1 trades away Maple-0R and gains 1 acorn for the 2 cards"
    assert narration.played(0, maple, True) == Event("play", "M-PLAY-2", "P0 starts a Maple pile with Maple-0R", 0)
    oak = M.Play.parse("P0 play Oak-0L").card
    assert narration.played(0, oak, True).text == "P0 starts an Oak pile with Oak-0L"
    assert narration.collected(3, (maple,)).text == "P3 collects Maple-0R from the Garden"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), names=st.lists(st.sampled_from(MomijiData._fields), unique=True))
def test_changed_is_replace(seed: int, names: list[str]) -> None:
    states = random_states(load(3), seed, limit=60)
    d, other = states[-1].data, states[len(states) // 2].data
    fields = {name: getattr(other, name) for name in names}
    built = changed(d, **fields)
    assert type(built) is MomijiData and built == d._replace(**fields)
