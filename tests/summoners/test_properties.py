"""Properties of random games (hypothesis): conservation, determinism, round trips,
the incremental frontier, and views that hide what they must."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

import explorer
from explorer.games.summoners.cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from explorer.games.summoners.grid import all_sites, frontier_of

from .helpers import random_states

games = st.sampled_from([2, 3, 4]).map(lambda n: explorer.load("summoners", players=n))
seeds = st.integers(0, 10**6)
SETTINGS = settings(max_examples=12, deadline=None)


def check_conserved(state):
    d = state.data
    elements = Counter(c for _, _, c in d.grid if not is_spirit(c))
    for hand in d.hands:
        elements.update(hand)
    elements.update(c for c in d.market if c)
    elements.update(d.unseen)
    elements.update(d.bottom)
    assert elements == Counter(ELEMENT_DECK)
    spirits = Counter(c for _, _, c in d.grid if is_spirit(c))
    for hand in d.spirits:
        spirits.update(hand)
    spirits.update(d.spirit_box)
    spirits.update(d.gone)
    assert spirits == Counter(SPIRIT_DECK)
    assert sum(d.mana) + d.box_mana == 8 * state.game.players
    assert all(m >= 0 for m in d.mana)


@pytest.mark.rules("S-CARDS-1", "S-SETUP-1", "S-DECK-1", "S-SUMMON-1", "S-SCULPT-2")
@SETTINGS
@given(games, seeds)
def test_cards_and_mana_are_conserved(game, seed):
    for state in random_states(game, seed):
        check_conserved(state)


@pytest.mark.rules("S-PLACE-1", "S-JACK-1", "S-QUEEN-1", "S-KING-1")
@SETTINGS
@given(games, seeds)
def test_incremental_frontier_and_sites_match_a_full_scan(game, seed):
    for state in random_states(game, seed):
        assert state.data.frontier == frozenset(frontier_of(state.cells))
        assert state.data.sites == all_sites(state.cells, state.data.frontier, True)


@SETTINGS
@given(games, seeds)
def test_same_seed_same_game(game, seed):
    a, b = random_states(game, seed), random_states(game, seed)
    assert a == b and [s.events for s in a] == [s.events for s in b]


@SETTINGS
@given(games, seeds)
def test_json_and_move_text_round_trips(game, seed):
    for state in random_states(game, seed)[::3]:
        assert game.state_from_json(state.to_json()) == state
        assert explorer.Game.from_json(state.to_json()) == state
        for move in state.legal_moves():
            assert game.parse_move(str(move)) == move
            assert state.why_not(move) is None
        if state.is_chance:
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


@SETTINGS
@given(games, seeds)
def test_play_never_changes_the_old_state(game, seed):
    states = random_states(game, seed, steps=60)
    texts = [s.to_json() for s in states]
    rng = random.Random(seed)
    for state in states:
        if not state.is_over:
            state.play(rng.choice(state.legal_moves()))
    assert [s.to_json() for s in states] == texts


@pytest.mark.rules("S-HIDDEN-1", "S-WINDOW-2")
@SETTINGS
@given(games, seeds)
def test_views_show_nothing_hidden(game, seed):
    """States that differ only in what p cannot see give p the same view and scene."""
    rng = random.Random(seed)
    for state in random_states(game, seed)[::4]:
        for p in range(game.players):
            other = state.determinize(p, rng)
            assert other.view(p) == state.view(p)
            assert other.scene(p) == state.scene(p)
            assert other.to_move == state.to_move
            json.dumps(state.view(p))


@pytest.mark.rules("S-END-3")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_random_games_finish(game, seed):
    states = random_states(game, seed, steps=100_000)
    assert states[-1].is_over
    assert states[-1].outcome() is not None
