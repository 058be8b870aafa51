"""Properties of random games (hypothesis): conservation, determinism, round trips,
the incremental frontier, and views that hide what they must."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.summoners.cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from explorer.games.summoners.grid import all_sites, frontier_limits, frontier_of, placement_problem, sites_at
from explorer.games.summoners.moves import Play

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
    elements.update(d.deck.unseen)
    elements.update(d.deck.bottom)
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
    for i, state in enumerate(random_states(game, seed)):
        cells = state.cells
        assert state.frontier == frozenset(frontier_of(cells))
        assert state.data.sites == all_sites(cells, state.frontier, True)
        assert state.data.limits == frontier_limits(cells, state.frontier)
        assert state.data.grid == tuple(sorted(state.data.grid))
        if i % 10 == 0:               # the one-pass site finder agrees with the per-card one
            brute = {(cell, spirit) for cell in list(cells) + list(state.frontier)
                     for spirit in SPIRIT_DECK if next(sites_at(cells, cell, spirit, True), None)}
            assert brute == set(state.data.sites)


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


@pytest.mark.rules("S-HIDDEN-1", "S-SETUP-2")
def test_swapping_a_secret_card_changes_nothing_the_others_see():
    game = explorer.load("summoners", players=3)
    state = game.new(seed=8)
    d = state.data
    theirs, unseen = d.hands[1][0], d.deck.unseen[0]
    hands = list(d.hands)
    hands[1] = tuple(sorted(hands[1][1:] + (unseen,)))
    spirits = list(d.spirits)
    spirits[2] = tuple(sorted((d.spirit_box[0],) + d.spirits[2][1:]))
    box = (d.spirits[2][0],) + d.spirit_box[1:]
    deck = d.deck._replace(unseen=tuple(sorted(d.deck.unseen[1:] + (theirs,))))
    other = type(state)(game, d._replace(hands=tuple(hands), spirits=tuple(spirits),
                                         deck=deck, spirit_box=tuple(sorted(box))),
                        state.events)
    assert other != state
    assert other.view(0) == state.view(0) and other.scene(0) == state.scene(0)
    assert other.view(1) != state.view(1) and other.view(2) != state.view(2)


@pytest.mark.rules("S-PLACE-3", "S-PLACE-4", "S-ACE-1", "S-ACE-2", "S-ACE-3", "S-JOKER-1")
@SETTINGS
@given(games, seeds, st.booleans())
def test_fast_placement_generator_agrees_with_the_explainer(game, seed, free):
    """The legal plays and `placement_problem` (the why-not text) are two codings of the
    placement rules: on every cell a hand card could be tried, they agree."""
    game = type(game)(game.players, ace_on_top_free=free)
    for state in random_states(game, seed):
        if state.data.phase != "play":
            continue
        d, p = state.data, state.data.current
        legal = set(state.legal_moves())
        frontier = state.frontier
        for card in d.hands[p]:
            for cell in frontier | set(state.cells):
                for over in (False, True):
                    move = Play(p, card, cell, over)
                    problem = placement_problem(state.cells, frontier, card, cell, over, free)
                    assert (problem is None) == (move in legal), (move, problem)
                    assert state._is_legal(move) == (move in legal), move
