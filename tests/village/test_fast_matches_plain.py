"""The speed layer (`fast`: memoized move lists) answers exactly what the plain rules
(`legal`, `rules`) answer, over random hands and the positions of random games, whatever
the caches held before (cold and warm); the keyword builder of the position is its
NamedTuple."""
from __future__ import annotations

from itertools import compress

import pytest
from gameplay import random_states
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.village import fast, legal, rules
from explorer.games.village.cards import KINDS
from explorer.games.village.data import VillageData, village_data

from .helpers import load

hands = st.lists(st.integers(0, 6), min_size=KINDS, max_size=KINDS).map(tuple)
bribes = st.lists(st.integers(0, 3), min_size=6, max_size=6).map(tuple)
stalls = st.lists(st.lists(st.integers(0, 1), min_size=KINDS, max_size=KINDS).map(tuple),
                  min_size=4, max_size=4).map(tuple)


@pytest.mark.rules("V-MARKET-3", "V-MARKET-4", "V-BRIBE-1", "V-BRIBE-2", "V-MARKET-2",
                   "V-MARKET-6", "V-CURSE-1")
@settings(max_examples=300, deadline=None)
@given(hand=hands, others=st.lists(hands, max_size=3), bribed=bribes, stalls=stalls,
       seat=st.integers(0, 4), empty_open=st.booleans(), cold=st.booleans())
def test_memoized_moves_are_the_plain_rules(hand, others, bribed, stalls, seat, empty_open,
                                            cold) -> None:
    if cold:
        fast.clear()
    for other in others:           # warm the caches with neighbouring hands first
        fast.act_moves(seat, other, bribed, stalls, empty_open)
    for cost in range(4):
        assert (tuple(compress(rules.PAYMENTS[cost], fast._selected(hand, cost)))
                == rules.payments(hand, cost)), (hand, cost)
        assert fast.stall_moves(seat, cost, hand) == legal.stall_moves(seat, cost, hand)
    assert fast.market_moves(seat, hand) == tuple(legal.stall_moves(seat, cost, hand)
                                                   for cost in rules.STALL_ORDER)
    for t in range(6):
        args = (seat, t, hand[t], hand[6], bribed[t] > 0)
        assert fast.bribe_moves(*args) == legal.bribe_moves(*args)
    assert (fast.act_moves(seat, hand, bribed, stalls, empty_open)
            == legal.act_moves(seat, hand, bribed, stalls, empty_open))
    paid = hand[:6] + (0,)
    assert fast.curse_moves(seat, paid) == legal.curse_moves(seat, paid)


@pytest.mark.rules("V-TURN-1", "V-DECK-1")
@pytest.mark.parametrize("empty_open", [False, True])
def test_positions_of_random_games_list_the_plain_moves(empty_open: bool) -> None:
    game = load(4, buy_from_empty_stall=empty_open)
    for seed in range(3):
        for state in random_states(game, seed)[::5]:
            d = state.data
            assert state.legal_moves() == legal.legal_moves(d, empty_open)
            assert fast.legal_moves(d, empty_open) == legal.legal_moves(d, empty_open)
            assert all(legal.is_legal(d, move, empty_open) for move in state.legal_moves())


def test_the_keyword_builder_is_the_namedtuple() -> None:
    d = load(3).new().data
    built = village_data(**d._asdict())
    assert type(built) is VillageData and built == d and built._asdict() == d._asdict()


def test_a_full_cache_starts_afresh(monkeypatch) -> None:
    monkeypatch.setattr(fast, "MAX_ENTRIES", 3)
    fast.clear()
    for n in range(10):
        hand = (n % 4, 1, 0, 0, 0, 0, 1)
        assert fast.stall_moves(0, 2, hand) == legal.stall_moves(0, 2, hand)
    assert len(fast._VISITS) <= 3
