"""The fast paths of random play agree with the plain rules they shortcut.

`place_limits`, `place_sites` and `update_frontier` patch the derived parts of a layout
after one change; each is compared with a full scan of the changed layout, for every
frontier cell of positions taken from random games. `plays_on` and `plays_at` hand out
shared `Play` moves by numbered cells; they must give the same moves as making them.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.summoners import placements
from explorer.games.summoners.cards import SUIT_NAMES
from explorer.games.summoners.grid import (all_sites, frontier_limits, frontier_of,
                                           place_limits, place_sites, update_frontier)
from explorer.games.summoners.moves import Play

from .helpers import random_states

games = st.sampled_from([2, 3, 4]).map(lambda n: explorer.load("summoners", players=n))
seeds = st.integers(0, 10**6)
CARDS = ("R8", "BA", "GJ", "X1", "Y2")


def layouts(game, seed):
    """Some distinct layouts of one random game, as {cell: card} dicts."""
    seen, found = set(), []
    for state in random_states(game, seed)[::9]:
        if state.data.grid not in seen:
            seen.add(state.data.grid)
            found.append(dict(state.cells))
    return found


@pytest.mark.rules("S-PLACE-1", "S-PLACE-4", "S-QUEEN-1")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_one_placement_patches_limits_frontier_and_sites_like_a_full_scan(game, seed):
    for cells in layouts(game, seed):
        frontier = frozenset(frontier_of(cells))
        limits = frontier_limits(cells, frontier)
        sites = all_sites(cells, frontier, True)
        for i, cell in enumerate(sorted(frontier)):
            after = {**cells, cell: CARDS[i % len(CARDS)]}
            full = frozenset(frontier_of(after))
            assert place_limits(limits, frontier, after, cell) == (frontier_limits(after, full),
                                                                   full)
            assert place_sites(sites, after, cell, True) == all_sites(after, full, True)


@pytest.mark.rules("S-PLACE-1", "S-PLACE-5", "S-FLANK-4")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_removing_cards_patches_the_frontier_like_a_full_scan(game, seed):
    for cells in layouts(game, seed):
        frontier = frozenset(frontier_of(cells))
        for cell in cells:
            after = {c: card for c, card in cells.items() if c != cell}
            assert update_frontier(frontier, after, [cell]) == frozenset(frontier_of(after))
        emptied = update_frontier(frontier, {}, list(cells))
        assert emptied == frozenset(frontier_of({})) == {(0, 0)}


def test_shared_plays_are_the_moves_on_the_asked_cells_in_order():
    cells = ((-2, 5), (0, 0), (3, -1))
    assert placements.plays_on(cells)(1, "G7") == tuple(Play(1, "G7", c) for c in cells)
    assert placements.plays_on(cells[:1])(0, "X2") == (
        tuple(Play(0, "X2", cells[0], suit) for suit in SUIT_NAMES),)
    assert placements.plays_at(2, "RA", reversed(cells)) == [Play(2, "RA", c)
                                                            for c in reversed(cells)]


def test_shared_plays_start_afresh_past_their_bound(monkeypatch):
    monkeypatch.setattr(placements, "MAX_CELLS", 8)
    for row in range(5):
        cells = tuple((x, row) for x in range(6))
        assert placements.plays_on(cells)(0, "B9") == tuple(Play(0, "B9", c) for c in cells)
        assert len(placements._cells) <= 8
