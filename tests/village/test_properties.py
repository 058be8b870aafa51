"""Properties of random games (hypothesis): conservation, determinism, round trips, views."""
from __future__ import annotations

import json
import random

import pytest
from gameplay import random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.games.village.encoding import box_counts, deck_counts

from .helpers import all_cards, load
from .test_views import swap_hidden

SEEDS = st.integers(0, 2**31 - 1)
PLAYERS = st.integers(2, 5)
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sample(states, k: int = 25):
    step = max(1, len(states) // k)
    return states[::step] + [states[-1]]


@pytest.mark.rules("V-COMP-1", "V-COMP-6", "V-TRACK-1", "V-END-1")
@SETTINGS
@given(seed=SEEDS, players=PLAYERS)
def test_every_card_in_one_place_and_the_track_a_permutation(seed: int, players: int) -> None:
    game = load(players)
    states = random_states(game, seed)
    assert states[-1].is_over and states[-1].outcome() is not None
    box = list(box_counts(game))
    for state in states:
        assert all_cards(state) == box
        assert sorted(state.data.track) == list(range(6))
        assert all(k <= h for hand, known in zip(state.data.hands, state.data.known)
                   for k, h in zip(known, hand))
        assert min(min(h) for h in state.data.hands) >= 0 and min(deck_counts(state.data.deck)) >= 0


@pytest.mark.rules("V-SETUP-1", "V-SETUP-3")
@SETTINGS
@given(seed=SEEDS)
def test_same_seed_same_game(seed: int) -> None:
    game = load(3)
    first = [s.to_json() for s in random_states(game, seed)]
    assert first == [s.to_json() for s in random_states(game, seed)]


@pytest.mark.rules("V-DECK-1")
@SETTINGS
@given(seed=SEEDS, players=PLAYERS)
def test_round_trips_and_legal_moves(seed: int, players: int) -> None:
    game = load(players)
    for state in sample(random_states(game, seed)):
        again = game.state_from_json(state.to_json())
        assert again == state and again.legal_moves() == state.legal_moves()
        for move in state.legal_moves():
            assert game.parse_move(str(move)) == move
            assert state.why_not(move) is None
        if state.is_chance:
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9


@pytest.mark.rules("V-MARKET-5", "V-DRAW-1")
@SETTINGS
@given(seed=SEEDS, players=PLAYERS)
def test_views_hide_what_the_viewer_cannot_see(seed: int, players: int) -> None:
    game = load(players)
    rng = random.Random(seed)
    for state in sample(random_states(game, seed), 12):
        for viewer in range(players):
            view = state.view(viewer)
            json.dumps(view)
            assert state.determinize(viewer, rng).view(viewer) == view
            other = swap_hidden(state, viewer)
            if other is not None and not state.is_over:
                assert other.view(viewer) == view
                assert game.scene(other.view(viewer)) == game.scene(view)
                assert other.view(None) != state.view(None)
