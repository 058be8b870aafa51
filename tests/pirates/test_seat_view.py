"""The typed seat view the greedy agent reads (`view.PiratesSeat`, `Observation.seat`)
shows no more than the seat's view: read straight from the state, it equals what the
view dict says, for every seat (not only the one to move), in every kind of position of
random games (base game, card draft, Cities of Greed with "draw two"), and it is the same
on a determinization, which redraws what the seat cannot see [P-HIDDEN-1]."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.agents import observe
from explorer.games.pirates.agent import GreedyPiratesAgent
from explorer.games.pirates.view import seat_from_view, seat_view

from .helpers import load, random_states

GAMES = [(2, {}), (4, {"draft": True}), (6, {}),
         (3, {"cities_of_greed": True, "variants": ("draw two",)}), (4, {"cities_of_greed": True})]


def check_seat_views(game, seed: int) -> int:
    """Every seat's typed view equals the one read from its view dict in every state of
    one random game, and is unchanged by a determinization; returns how many
    determinizations changed the state (hidden cups or cards drawn again)."""
    changed = 0
    for i, state in enumerate(random_states(game, seed, steps=500)):
        for seat in range(game.players):
            typed = seat_view(state, seat)
            assert typed == seat_from_view(state.view(seat), seat)
            if i % 5 == 0 and not state.is_over:
                twin = state.determinize(seat, random.Random(i))
                changed += twin != state
                assert seat_view(twin, seat) == typed
    return changed


@pytest.mark.parametrize("players,options", GAMES)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_typed_seat_view_is_read_from_the_view(players, options, seed):
    check_seat_views(load(players, **options), seed)


@pytest.mark.rules("P-HIDDEN-1", "P-BET-ROLL")
@pytest.mark.parametrize("options", [{}, {"cities_of_greed": True}])
def test_the_typed_seat_view_is_blind_to_the_other_cups_and_hands(options):
    # the determinizations below roll the other cups and deal the other hands again,
    # and the typed views stay the same
    assert check_seat_views(load(4, **options), seed=3) > 0


def test_an_observation_of_the_view_alone_gives_the_same_typed_view():
    agent = GreedyPiratesAgent()
    assert agent.observes == ("seat",)
    game = load(4, cities_of_greed=True)
    for state in random_states(game, 8, steps=400)[::7]:
        if state.is_over or state.is_chance:
            continue
        me = state.to_move
        typed = observe(state, observes=("seat",))
        from_view = observe(state, observes=("view",))
        assert typed.seat == from_view.seat == seat_from_view(state.view(me), me)
        assert agent.choose(typed, random.Random(0)) == agent.choose(from_view, random.Random(0))
