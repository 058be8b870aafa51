"""The cup's chance outcomes listed from its groups (`cups.py`) are the very outcomes
core `Cup` lists, and the cheap cup legality agrees with them; the cached move lists
(bids, die rolls, deck draws) equal the lists built afresh."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from explorer.core import Cup
from explorer.games.pirates.cups import cup_legal, cup_outcomes, cup_rolls
from explorer.games.pirates.dice import CREW_DICE, SPECIAL
from explorer.games.pirates.engine import dice_names
from explorer.games.pirates.moves import Bid, CupRoll

from .helpers import load, random_states

held = st.lists(st.sampled_from(SPECIAL), unique=True, max_size=3).map(
    lambda names: tuple(n for n in SPECIAL if n in names))


@pytest.mark.rules("P-BET-ROLL", "P-DICE-SPECIAL")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), held)
def test_composed_outcomes_equal_the_cores(crew, specials):
    names = dice_names(crew, specials)
    if not names:
        return
    core = Cup(tuple(CREW_DICE[n] for n in names)).outcomes()
    assert cup_outcomes(names) == core
    assert cup_rolls(2, names) == tuple((CupRoll(2, roll), q) for roll, q in core)
    assert abs(sum(q for _, q in core) - 1) < 1e-9


@pytest.mark.rules("P-BET-ROLL")
@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5), held, st.integers(0, 10**6))
def test_cup_legality_agrees_with_the_outcomes(crew, specials, seed):
    names = dice_names(crew, specials)
    rolls = {roll for roll, _ in cup_outcomes(names)}
    rng = random.Random(seed)
    faces = [CREW_DICE[n].sample(rng) for n in names]
    for candidate in (tuple(faces), tuple(sorted(faces[:crew], reverse=True)) + tuple(faces[crew:]),
                      tuple(faces[:-1]), tuple(faces) + (2,), tuple(faces[:-1]) + ("-",), tuple(faces[:-1]) + (7,)):
        assert cup_legal(names, candidate) == (candidate in rolls), candidate
    assert not cup_legal(names, list(faces))


@pytest.mark.rules("P-BID-RAISE", "P-BID-OPEN", "P-BID-MAX")
def test_cached_bid_lists_are_shared_and_equal_the_rule():
    game = load(3)
    seen = 0
    for state in random_states(game, 5, steps=600):
        if state.pending.step != "bid":
            continue
        seen += 1
        moves = state.legal_moves()
        standing, cap, total = state.bid_bounds()
        bids = [x for x in moves if isinstance(x, Bid) and not x.exact]
        if standing is None:
            assert bids == [Bid(state.pending.seat, q, f) for q in range(1, cap + 1) for f in (2, 3, 4, 5, 6)]
        else:
            assert [(b.quantity, b.face) for b in bids] == [
                (q, f) for q in range(standing[0], total + 1) for f in (2, 3, 4, 5, 6) if (q, f) > standing]
        fresh = type(state)(state.game, state.data, state.events)
        assert fresh.legal_moves() is moves            # one shared tuple per bounds
    assert seen
