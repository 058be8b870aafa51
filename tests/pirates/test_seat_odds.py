"""`odds.SeatOdds`, the odds an agent reads from one seat's knowledge, gives the very
floats of `count_distribution` and `tail` (no tolerance: the greedy agent's choices must
not move), for every face, bidder and quantity, cursed cups and known cups included."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from explorer.core.errors import InvalidInput
from explorer.games.pirates.dice import BID_FACES
from explorer.games.pirates.odds import SeatOdds, count_distribution, seat_odds, tail

from .test_odds import MIXED, tables


def assert_same_odds(known, unknown) -> None:
    chances = SeatOdds(tuple(known.items()), tuple(unknown.items()))
    for face in BID_FACES:
        for bidder in (None, *known, *unknown, 9):
            dist = count_distribution(face, known, unknown, bidder)
            for quantity in range(-1, len(dist) + 2):
                assert chances.at_least(face, bidder, quantity) == float(tail(dist, quantity))
                want = float(dist[quantity]) if 0 <= quantity < len(dist) else 0.0
                assert chances.exactly(face, bidder, quantity) == want


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
@pytest.mark.parametrize("known, unknown, bidder", MIXED)
def test_seat_odds_are_the_distributions_floats(known, unknown, bidder) -> None:
    assert_same_odds(known, unknown)


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
@settings(max_examples=150, deadline=None)
@given(table=tables())
def test_seat_odds_of_random_tables_are_the_distributions_floats(table) -> None:
    known, unknown, _ = table
    assert_same_odds(known, unknown)


def test_seat_odds_are_remembered_per_knowledge() -> None:
    known = ((0, (("normal", 3), ("cursed", 2))),)
    unknown = ((1, ("normal", "mermaid")),)
    assert seat_odds(known, unknown) is seat_odds(known, unknown)
    assert seat_odds(known, unknown) is not seat_odds(known, ((1, ("normal",)),))


def test_seat_odds_found_among_the_latest_are_the_remembered_ones() -> None:
    """More seats in turn than the latest answers hold, asked with equal (not the same)
    tuples: every answer is the one remembered for that knowledge, and its odds."""
    def table(p: int) -> tuple:            # new tuples at every call
        return ((p, (("normal", 1 + p % 6), ("normal", 2))),), ((9, ("normal",) * (1 + p)),)

    first = [seat_odds(*table(p)) for p in range(12)]
    for _ in range(3):
        for p, odds in enumerate(first):
            known, unknown = table(p)
            assert known is not table(p)[0] and known == table(p)[0]
            assert seat_odds(known, unknown) is odds
            assert odds.at_least(2, None, 2) == SeatOdds(known, unknown).at_least(2, None, 2)


@pytest.mark.parametrize("face", [0, 1, 7])
def test_seat_odds_refuse_a_face_no_bid_names(face) -> None:
    chances = SeatOdds(((0, (("normal", 3),)),), ((1, ("normal",)),))
    with pytest.raises(InvalidInput, match="face"):
        chances.at_least(face, 0, 1)
    with pytest.raises(InvalidInput, match="face"):
        chances.exactly(face, 1, 1)
