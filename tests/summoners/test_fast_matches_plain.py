"""The fast paths of random play agree with the plain rules they shortcut.

`place_limits`, `replace_limits`, `place_sites` and `update_limits` patch the derived
parts of a layout after one change; each is compared with a full scan of the changed
layout, for every frontier cell (every card's cell, for a card put over another) of
positions taken from random games, with the neighbours read by the plain lookups and
from a `near` reading handed in (as a placement's flank test hands it on). The speed caches of `fast` (shared
`Play` moves by numbered cells, shared moves and events, the remembered site finder and
layout dict) must give the very values the plain rules make.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.summoners import fast, narration
from explorer.games.summoners.cards import ELEMENT_DECK, SPIRIT_DECK
from explorer.games.summoners.fast import (
    near,
    place_limits,
    place_sites,
    replace_limits,
    spirits_of,
    update_limits,
)
from explorer.games.summoners.grid import (
    REACH,
    Cell,
    all_sites,
    cell_code,
    code_cell,
    frontier_cells,
    frontier_limits,
    frontier_of,
    spirits_at,
)
from explorer.games.summoners.moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal

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


def scanned(game, seed):
    """Each layout of `layouts` with its frontier, limits and summon sites by full scans."""
    for cells in layouts(game, seed):
        frontier = frozenset(frontier_of(cells))
        yield cells, frontier, frontier_limits(cells, frontier), all_sites(cells, frontier, True)


def assert_sites_patched(sites, after, cell, frontier):
    """The sites patched around `cell` (with and without the cards read around it) are
    the full scan's of the layout `after`, whose frontier is `frontier`."""
    expected = all_sites(after, frontier, True)
    assert place_sites(sites, after, cell, True) == expected
    assert place_sites(sites, after, cell, True, spirits_of, near(after, cell)) == expected


@pytest.mark.rules("S-PLACE-1", "S-PLACE-4", "S-QUEEN-1")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_one_placement_patches_limits_frontier_and_sites_like_a_full_scan(game, seed):
    for cells, frontier, limits, sites in scanned(game, seed):
        for i, cell in enumerate(sorted(frontier)):
            after = {**cells, cell: CARDS[i % len(CARDS)]}
            full = frozenset(frontier_of(after))
            expected = frontier_limits(after, full)
            assert place_limits(limits, after, cell) == expected
            assert place_limits(limits, after, cell, near(after, cell)) == expected
            assert frontier_cells(expected) == full
            assert_sites_patched(sites, after, cell, full)


@pytest.mark.rules("S-PLACE-4", "S-ACE-2", "S-QUEEN-1")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_a_card_put_over_another_patches_limits_and_sites_like_a_full_scan(game, seed):
    for cells, frontier, limits, sites in scanned(game, seed):
        for i, cell in enumerate(sorted(cells)):
            after = {**cells, cell: CARDS[i % len(CARDS)]}
            assert frozenset(frontier_of(after)) == frontier
            assert replace_limits(limits, after, cell) == frontier_limits(after, frontier)
            assert_sites_patched(sites, after, cell, frontier)


@pytest.mark.rules("S-PLACE-1", "S-PLACE-5", "S-FLANK-4")
@settings(max_examples=6, deadline=None)
@given(games, seeds)
def test_removing_cards_patches_the_frontier_like_a_full_scan(game, seed):
    for cells, _frontier, limits, _ in scanned(game, seed):
        for cell in cells:
            after = {c: card for c, card in cells.items() if c != cell}
            patched = update_limits(limits, after, [cell])
            assert patched == frontier_limits(after, frontier_of(after))
            assert frontier_cells(patched) == frozenset(frontier_of(after))
        emptied = update_limits(limits, {}, list(cells), (2, -1))
        assert frontier_cells(emptied) == frozenset(frontier_of({}, (2, -1))) == {(2, -1)}
        assert emptied == frontier_limits({}, {(2, -1)})


coordinates = st.integers(-REACH + 1, REACH - 1)


@settings(max_examples=300, deadline=None)
@given(st.tuples(coordinates, coordinates), st.tuples(coordinates, coordinates))
def test_cell_codes_keep_each_cell_and_the_order_of_cells(a, b):
    assert code_cell(cell_code(*a)) == a
    assert (cell_code(*a) < cell_code(*b)) == (a < b)


def test_every_layout_stays_within_the_reach_of_cell_codes():
    """A scenario's coordinates are at most four digits (the first cell within 1000 of
    0,0), and a game adds at most one cell per card beyond them."""
    from typing import get_args

    from explorer.games.summoners.encoding import Coord
    bound = get_args(Coord)[1]
    assert max(bound.le, -bound.ge) + len(ELEMENT_DECK) + len(SPIRIT_DECK) + 1 < REACH


def _picked(cells: tuple[Cell, ...], player: int, card: str,
            pick: fast.Picker | None = None) -> tuple[Play, ...]:
    """The moves the `Picker` of `cells` (or `pick`) gives `player`'s `card`, in order."""
    pick = pick or fast.plays_on(tuple(cell_code(x, y) for x, y in cells))
    table = pick.table(player, card)
    return tuple(table[n] for n in pick.numbers)


def test_shared_plays_are_the_moves_on_the_asked_cells_in_order():
    cells = ((-2, 5), (0, 0), (3, -1))
    assert _picked(cells, 1, "G7") == tuple(Play(1, "G7", c) for c in cells)
    assert _picked(cells[:1], 0, "X2") == (Play(0, "X2", cells[0]),)
    assert _picked(cells[::-1], 2, "RA") == tuple(Play(2, "RA", c)
                                                                for c in cells[::-1])
    pick = fast.plays_on(tuple(cell_code(x, y) for x, y in cells))
    over = pick.table(1, "RA", True)
    assert tuple(over[n] for n in pick.numbers) == tuple(Play(1, "RA", c, True) for c in cells)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 3), st.sampled_from(ELEMENT_DECK),
       st.tuples(st.integers(-50, 50), st.integers(-50, 50)), st.booleans())
def test_a_play_made_by_its_slots_is_the_dataclass_one(player, card, cell, over):
    made, plain = fast.made_play(player, card, cell, over), Play(player, card, cell, over)
    assert type(made) is Play and made == plain and hash(made) == hash(plain)
    assert (made.player, made.card, made.cell, made.over, str(made), made.rule) == (
        plain.player, plain.card, plain.cell, plain.over, str(plain), plain.rule)


def test_shared_plays_start_afresh_past_their_bound(monkeypatch):
    monkeypatch.setattr(fast, "MAX_CELLS", 8)
    for row in range(5):
        cells = tuple((x, row) for x in range(6))
        assert _picked(cells, 0, "B9") == tuple(Play(0, "B9", c) for c in cells)
        assert len(fast._numbering.cells) <= 8


def test_a_picker_keeps_its_numbering_when_a_new_one_starts(monkeypatch):
    monkeypatch.setattr(fast, "MAX_CELLS", 8)
    first = tuple((x, 0) for x in range(6))
    pick = fast.plays_on(tuple(cell_code(x, y) for x, y in first))
    for row in range(1, 4):                       # each row starts a new numbering
        _picked(tuple((x, row) for x in range(6)), 1, "R5")
    assert _picked(first, 1, "R5", pick) == tuple(Play(1, "R5", c) for c in first)


@pytest.mark.parametrize("p", [0, 1, 2, 3])
def test_shared_moves_and_events_are_the_plain_ones(p):
    for card in ELEMENT_DECK:
        assert fast.cycle(p, card) == Cycle(p, card)
        assert fast.buy(p, 2, card) == Buy(p, 2, card)
        assert fast.reveal(card) == Reveal(card)
        assert fast.cycled(p, card) == narration.cycled(p, card)
        assert fast.drawn(p, card) == narration.drawn(p, card)
        assert fast.drawn_known(p, card) == narration.drawn_known(p, card)
    assert fast.cycles(p, ELEMENT_DECK[::3]) == [Cycle(p, card) for card in ELEMENT_DECK[::3]]
    assert (fast.draw(p), fast.pass_(p), fast.decline(p)) == (Draw(p), Pass(p), Decline(p))
    assert fast.passed(p) == narration.passed(p)
    assert fast.seats_from(p, 3, 4) == tuple((p + i) % 4 for i in range(3))


NEAR = st.one_of(st.none(), st.sampled_from(ELEMENT_DECK + SPIRIT_DECK))


@settings(max_examples=300, deadline=None)
@given(NEAR, st.tuples(NEAR, NEAR, NEAR, NEAR), st.booleans())
def test_remembered_site_finder_is_the_plain_one(occupant, around, kos):
    assert fast.spirits_around(occupant, around, kos) == spirits_of(occupant, around, kos)


@settings(max_examples=300, deadline=None)
@given(NEAR, st.tuples(NEAR, NEAR, NEAR, NEAR), st.booleans(), st.data())
def test_the_site_finder_reads_only_the_forms_of_the_cards(occupant, around, kos, data):
    """`fast.spirits_around` remembers an answer by the `_site_form` of each card: any
    cards of the same forms get the same answer from the plain rule."""
    def same_form(card):
        if card is None:
            return None
        return data.draw(st.sampled_from([c for c in ELEMENT_DECK + SPIRIT_DECK
                                          if fast._site_form(c) == fast._site_form(card)]))
    other = tuple(same_form(c) for c in around)
    assert spirits_of(same_form(occupant), other, kos) == spirits_of(occupant, around, kos)


@settings(max_examples=4, deadline=None)
@given(games, seeds)
def test_the_remembered_layout_is_the_grid(game, seed):
    for state in random_states(game, seed)[::5]:
        assert fast.cells_of(state.data.grid) == {(x, y): c for x, y, c in state.data.grid}
        assert state.cells == {(x, y): c for x, y, c in state.data.grid}


def test_the_keyword_builder_is_the_named_tuple():
    """`data.summoners_data` (the speed-only builder) builds what `SummonersData` does."""
    from explorer.games.summoners.data import SummonersData, summoners_data
    for state in random_states(explorer.load("summoners", players=3), 5)[::7]:
        built = summoners_data(**state.data._asdict())
        assert type(built) is SummonersData and built == SummonersData(**state.data._asdict())


def test_a_turn_freezes_the_fields_it_unpacked():
    """`apply.Turn` unpacks the data's fields by name and builds the next data from them
    in order: with nothing changed, the frozen data is the data."""
    from explorer.games.summoners.apply import Turn
    for state in random_states(explorer.load("summoners", players=3), 5)[::7]:
        assert Turn(state)._finish()[0] == state.data


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(ELEMENT_DECK[:12]), min_size=1, max_size=8),
       st.sampled_from(ELEMENT_DECK[:12]), st.data())
def test_a_swap_in_one_pass_is_a_loss_then_a_gain(cards, gained, data):
    from explorer.games.summoners.apply import _swapped, _with, _without
    hand = tuple(sorted(cards))
    lost = data.draw(st.sampled_from(hand))
    assert _swapped(hand, lost, gained) == _with(_without(hand, lost), gained)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 1 << 33), max_size=40, unique=True), st.integers(-1, (1 << 33) + 1))
def test_the_code_search_is_a_bisection(codes, code):
    from bisect import bisect_left

    from explorer.games.summoners.fast import _index
    codes.sort()
    assert _index(codes, code) == bisect_left(codes, code)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), min_size=1, max_size=30,
                unique=True), st.data())
def test_a_picker_numbered_from_the_last_numbers_each_cell_as_the_numbering_does(cells, data):
    first = tuple(sorted(cell_code(x, y) for x, y in cells))
    kept = data.draw(st.lists(st.sampled_from(first), unique=True))
    more = data.draw(st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9))))
    codes = tuple(sorted(set(kept) | {cell_code(x, y) for x, y in more}))
    codes = tuple(next((c for c in first if c == code), code) for code in codes)  # shared ints
    last = fast.Picker(fast._numbering, first)
    walked = fast.Picker(fast._numbering, codes, last)
    assert walked.numbers == [fast._numbering.number_of(code) for code in codes]


@pytest.mark.rules("S-FLANK-1", "S-FLANK-2", "S-FLANK-3")
@settings(max_examples=6, deadline=None)
@given(games, seeds, st.booleans())
def test_the_flanks_near_a_placement_are_the_flanked_candidates(game, seed, jokers):
    from explorer.games.summoners.fast import flanked_near
    from explorer.games.summoners.grid import flank_candidates, flanked
    for cells in layouts(game, seed):
        for cell in cells:
            assert flanked_near(cells, cell, jokers) == flanked_near(cells, cell, jokers,
                                                                     near(cells, cell)) == [
                c for c in flank_candidates(cell) if c in cells and flanked(cells, c, jokers)]


@settings(max_examples=4, deadline=None)
@given(games, seeds)
def test_the_unrolled_summon_patterns_are_the_plain_ones(game, seed):
    """`fast.spirits_of` (the unrolled patterns of one cell's five cards) and its
    remembering copy `fast.spirits_around` find the Spirits that the plain `sites_at`
    finds, cell by cell, in layouts of random games, either way of option
    king_over_spirits [S-JACK-1] [S-QUEEN-1] [S-KING-1] [S-KING-2]."""
    from explorer.games.summoners.fast import spirits_near
    for state in random_states(game, seed)[::9]:
        grid = state.cells
        for cell in list(grid) + list(frontier_of(grid)):
            for kos in (False, True):
                plain = set(spirits_at(grid, cell, kos))
                assert set(spirits_near(grid, cell, kos)) == plain, (cell, kos)
                assert set(spirits_near(grid, cell, kos, fast.spirits_around)) == plain, (cell, kos)


@pytest.mark.rules("S-JACK-1", "S-QUEEN-1", "S-KING-1", "S-KING-2", "S-JOKER-1")
@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(-2, 2), st.integers(-2, 2)),
                       st.sampled_from(ELEMENT_DECK + SPIRIT_DECK), max_size=18),
       st.booleans())
def test_the_unrolled_summon_patterns_are_the_plain_ones_on_any_layout(cards, kos):
    """The same, on any small layout of playing cards, Jokers and Spirit cards, reachable
    or not: every pattern case, Kings over Jacks and Queens included."""
    from explorer.games.summoners.fast import spirits_near
    grid = {tuple(cell): card for cell, card in cards.items()}
    for cell in [(x, y) for x in range(-3, 4) for y in range(-3, 4)]:
        plain = set(spirits_at(grid, cell, kos))
        assert set(spirits_near(grid, cell, kos)) == plain, (cell, grid)
        assert set(spirits_near(grid, cell, kos, fast.spirits_around)) == plain, (cell, grid)
