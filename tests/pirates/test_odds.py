"""The exact bid odds of Lying Pirates agree with THE count rule (`dice.judged_count`):
over every roll of small cups (exhaustive enumeration, floats and Fractions), over
random small tables (hypothesis), and by simulation on a full 6 x 10 table."""
from __future__ import annotations

import doctest
import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.chance import BLANK, Cup
from explorer.core.errors import InvalidInput
from explorer.games.pirates import odds as odds_module
from explorer.games.pirates.dice import BID_FACES, CREW_DICE, judged_count
from explorer.games.pirates.dice import bid_text as bid_words
from explorer.games.pirates.odds import (
    BidChances,
    bid_chances,
    bid_text,
    count_distribution,
    face_table,
    legal_raises,
    odds_from_view,
)

KINDS = tuple(CREW_DICE)


# --------------------------------------------------------------------------- brute force

def brute_force(face, known, unknown, bidder):
    """P(count == k) by listing every roll of every hidden cup (core Cup.outcomes, with
    their probabilities) and counting each with judged_count."""
    seats = list(unknown)
    per_cup = [list(Cup(tuple(CREW_DICE[n] for n in unknown[s])).outcomes()) for s in seats]
    total = sum(len(c) for c in known.values()) + sum(len(n) for n in unknown.values())
    dist = [0.0] * (total + 1)
    for choice in itertools.product(*per_cup):
        cups = dict(known)
        p = 1.0
        for seat, (roll, q) in zip(seats, choice):
            cups[seat] = tuple(zip(unknown[seat], roll))
            p *= q
        dist[judged_count(face, cups, bidder)] += p
    return dist


def brute_force_exact(face, known, unknown, bidder):
    """The same with Fractions over every printed face of every die (6^n equally likely)."""
    slots = [(seat, name) for seat, names in unknown.items() for name in names]
    total = sum(len(c) for c in known.values()) + len(slots)
    dist = [Fraction(0)] * (total + 1)
    weight = Fraction(1, 6 ** len(slots))
    for faces in itertools.product(*(CREW_DICE[name].faces for _, name in slots)):
        cups = {seat: list(cup) for seat, cup in known.items()}
        for seat in unknown:
            cups[seat] = []
        for (seat, name), shown in zip(slots, faces):
            cups[seat].append((name, shown))
        dist[judged_count(face, cups, bidder)] += weight
    return dist


def assert_close(got, want, tol=1e-12):
    assert len(got) == len(want)
    assert all(abs(g - w) <= tol for g, w in zip(got, want)), (got, want)


MIXED = [
    # (known, unknown, bidder): specials, cursed as bidder and not, blanks, several cups
    ({}, {0: ("cursed", "normal", "normal")}, 0),
    ({}, {0: ("cursed", "normal", "normal")}, 1),
    ({}, {0: ("cursed", "mermaid"), 1: ("ghost", "pirate king", "normal")}, 0),
    ({}, {0: ("cursed", "mermaid"), 1: ("ghost", "pirate king", "normal")}, 1),
    ({0: (("normal", 1), ("cursed", 4))}, {1: ("mermaid", "normal"), 2: ("mayor", "ghost")}, 0),
    ({0: (("normal", 1), ("cursed", BLANK))}, {1: ("mermaid", "normal"), 2: ("mayor",)}, 0),
    ({1: (("mermaid", BLANK), ("ghost", 1), ("normal", 6))}, {0: ("cursed", "normal", "pirate king")}, 0),
    ({1: (("mayor", "coin"), ("mayor", 1))}, {0: ("cursed", "normal"), 2: ("cursed", "ghost")}, 2),
    ({0: (("pirate king", 6), ("normal", 3))}, {1: ("normal",) * 3, 2: ("mermaid", "ghost")}, 1),
    ({}, {0: (), 1: ("normal", "normal")}, 0),
    ({0: (("cursed", 2), ("normal", 2))}, {}, 0),
    ({}, {3: ("cursed", "cursed", "normal")}, 3),           # two cursed dice in one cup
]


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
@pytest.mark.parametrize("known, unknown, bidder", MIXED)
@pytest.mark.parametrize("face", BID_FACES)
def test_distribution_is_the_enumerated_rule(face, known, unknown, bidder) -> None:
    dist = count_distribution(face, known, unknown, bidder)
    assert_close(dist, brute_force(face, known, unknown, bidder))
    assert math.isclose(sum(dist), 1.0, abs_tol=1e-12)
    assert list(count_distribution(face, known, unknown, bidder, exact=True)) == \
        brute_force_exact(face, known, unknown, bidder)


@st.composite
def tables(draw):
    """1-4 cups of 0-3 dice of any kinds (specials repeated too), each known (with any
    printed faces) or hidden, at most 5 hidden dice; a bidder at the table or not."""
    known, unknown = {}, {}
    hidden = 0
    for seat in range(draw(st.integers(1, 4))):
        names = draw(st.lists(st.sampled_from(KINDS), max_size=min(3, 5 - hidden)))
        if draw(st.booleans()):
            known[seat] = tuple((n, draw(st.sampled_from(CREW_DICE[n].faces))) for n in names)
        else:
            unknown[seat] = tuple(names)
            hidden += len(names)
    bidder = draw(st.one_of(st.none(), st.integers(0, 4)))
    return known, unknown, bidder


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
@settings(max_examples=150, deadline=None)
@given(table=tables(), face=st.sampled_from(BID_FACES))
def test_random_small_tables_match_enumeration(table, face) -> None:
    known, unknown, bidder = table
    assert_close(count_distribution(face, known, unknown, bidder),
                 brute_force(face, known, unknown, bidder))
    exact = count_distribution(face, known, unknown, bidder, exact=True)
    assert list(exact) == brute_force_exact(face, known, unknown, bidder)
    for quantity in range(1, len(exact) + 1):
        chances = bid_chances(quantity, face, known, unknown, bidder, exact=True)
        assert chances.at_least == sum(exact[quantity:], Fraction(0))
        assert chances.exactly == (exact[quantity] if quantity < len(exact) else 0)


def full_table():
    """6 cups of 10 dice with every special somewhere (the cursed one with seat 2)."""
    cups = [["normal"] * 10 for _ in range(6)]
    cups[2][0] = "cursed"
    cups[0][0], cups[1][0], cups[3][0], cups[4][0] = "mermaid", "pirate king", "ghost", "mayor"
    return {seat: tuple(names) for seat, names in enumerate(cups)}


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
def test_large_table_matches_simulation() -> None:
    """20,000 rolls of 60 dice: every P(count == k) and P(count >= k) within 4 sigma (with
    a floor of a few rolls for the rarest counts), the cursed owner bidding and not."""
    rng = random.Random(20240607)
    unknown = full_table()
    dice = {seat: [CREW_DICE[n] for n in names] for seat, names in unknown.items()}
    samples = 20_000
    judged = {(2, 2): [0] * 61, (2, 0): [0] * 61, (5, 2): [0] * 61, (6, 2): [0] * 61}
    for _ in range(samples):
        rolled = {seat: [(d.name, d.sample(rng)) for d in cup] for seat, cup in dice.items()}
        for face, bidder in judged:
            judged[face, bidder][judged_count(face, rolled, bidder)] += 1
    for (face, bidder), hist in judged.items():
        dist = count_distribution(face, {}, unknown, bidder)
        for k in range(61):
            for p, seen in ((dist[k], hist[k]), (math.fsum(dist[k:]), sum(hist[k:]))):
                band = 4 * math.sqrt(max(p * (1 - p), 1 / samples) / samples)
                assert abs(seen / samples - p) <= band, (face, bidder, k, p, seen)


@pytest.mark.rules("P-CURSED")
def test_seed_example_thirteen_twos_five_from_the_cursed_player() -> None:
    """13 twos on the table, 5 of them the cursed player's (seat 0, cursed showing 2):
    their own bid of twos is judged on 8, anybody else's on 13."""
    known = {0: (("cursed", 2), ("normal", 2), ("normal", 1), ("normal", 2), ("normal", 2)),
             1: (("normal", 2),) * 4 + (("normal", 5),),
             2: (("normal", 1), ("normal", 2), ("normal", 2), ("normal", 2), ("mermaid", 6))}
    assert judged_count(2, known, bidder=1) == 13
    assert judged_count(2, known, bidder=0) == 8
    assert bid_chances(8, 2, known, {}, bidder=0) == BidChances(1.0, 1.0)
    assert bid_chances(9, 2, known, {}, bidder=0) == BidChances(0.0, 0.0)
    assert bid_chances(13, 2, known, {}, bidder=1) == BidChances(1.0, 1.0)
    assert bid_chances(14, 2, known, {}, bidder=1) == BidChances(0.0, 0.0)
    # Seat 1 cannot see the cursed cup: seat 0's own bid of twos counts nothing there when
    # the cursed die shows a two (1 in 6), or when no die counts (5/6 x (2/3)^4).
    unknown = {0: tuple(name for name, _ in known[0])}
    others = {1: known[1], 2: known[2]}
    dist = count_distribution(2, others, unknown, bidder=0, exact=True)
    assert dist[8] == Fraction(1, 6) + Fraction(5, 6) * Fraction(2, 3) ** 4
    assert sum(dist[8:]) == 1 and dist[:8] == (0,) * 8
    assert dist[8:] == tuple(brute_force_exact(2, others, unknown, 0))[8:]


@pytest.mark.rules("P-BID-COUNT")
def test_known_cups_only_shift_the_count() -> None:
    known = {0: (("normal", 1), ("normal", 4), ("ghost", BLANK))}
    unknown = {1: ("normal", "normal")}
    base = count_distribution(4, {}, unknown, bidder=1)
    assert count_distribution(4, known, unknown, bidder=1) == (0.0, 0.0) + base + (0.0,)


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(InvalidInput, match="face"):
        count_distribution(1, {}, {0: ("normal",)}, 0)
    with pytest.raises(InvalidInput, match="crew die"):
        count_distribution(3, {}, {0: ("wooden",)}, 0)
    with pytest.raises(InvalidInput, match="both"):
        count_distribution(3, {0: (("normal", 3),)}, {0: ("normal",)}, 0)
    with pytest.raises(InvalidInput, match="quantity"):
        bid_chances(0, 3, {}, {0: ("normal",)}, 0)


def test_quantity_above_the_dice_is_certainly_false() -> None:
    assert bid_chances(3, 6, {}, {0: ("normal", "normal")}, 0) == BidChances(0.0, 0.0)


# --------------------------------------------------------------------------- raises

def is_higher(bid, standing):
    return bid[0] > standing[0] or (bid[0] == standing[0] and bid[1] > standing[1])


@pytest.mark.rules("P-BID-1")
def test_opening_bids_are_one_to_players_any_face() -> None:
    opening = legal_raises(None, players=3, total_dice=15)
    assert opening == tuple((q, f) for q in (1, 2, 3) for f in (2, 3, 4, 5, 6))
    assert legal_raises(None, players=4, total_dice=2)[-1] == (2, 6)     # capped at the dice
    assert legal_raises(None, players=4, total_dice=20, open_cap=2)[-1] == (2, 6)


@pytest.mark.rules("P-BID-1")
@pytest.mark.parametrize("standing", [(1, 2), (4, 5), (4, 6), (7, 3), (9, 6), (10, 2), (12, 4)])
def test_raises_are_every_higher_bid_in_order_up_to_the_dice(standing) -> None:
    total = 10
    raises = legal_raises({"quantity": standing[0], "face": standing[1], "by": 0}, 3, total)
    every = [(q, f) for q in range(1, total + 1) for f in BID_FACES]
    assert list(raises) == [b for b in every if is_higher(b, standing)]
    assert list(raises) == sorted(raises)
    assert raises == legal_raises(standing, 3, total)


# --------------------------------------------------------------------------- views

def view_for(viewer):
    """Three seats, the standing bid 3 fives by seat 1 (who holds the cursed die); seat 2
    sits this betting out. The faces are shown as state.view(viewer) would."""
    cups = [
        {"dice": ["mermaid", "normal", "normal"], "faces": [6, 1, 5], "betting": True},
        {"dice": ["cursed", "normal", "normal"], "faces": [5, 5, 2], "betting": True},
        {"dice": ["normal", "normal"], "faces": [5, 5], "betting": False},
    ]
    for seat, cup in enumerate(cups):
        if viewer is not None and seat != viewer:
            cup["faces"] = None
    return {"cups": cups, "bid": {"quantity": 3, "face": 5, "by": 1}, "players": 3,
            "viewer": viewer, "phase": "betting", "to_move": 0,
            "bids": [{"quantity": 3, "face": 5, "by": 1}]}


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
def test_odds_from_view_judges_standing_for_its_bidder_and_raises_for_the_viewer() -> None:
    view = view_for(0)
    odds = odds_from_view(view, 0)
    known = {0: (("mermaid", 6), ("normal", 1), ("normal", 5))}
    unknown = {1: ("cursed", "normal", "normal")}                  # seat 2 is not betting
    assert odds["total_dice"] == 6 and odds["bidder"] == 0 and odds["standing_by"] == 1
    standing = bid_chances(3, 5, known, unknown, bidder=1)
    assert odds["standing"]["at_least"] == pytest.approx(standing.at_least, abs=1e-15)
    assert odds["standing"]["exactly"] == pytest.approx(standing.exactly, abs=1e-15)
    assert [(r["quantity"], r["face"]) for r in odds["raises"]] == list(legal_raises((3, 5), 3, 6))
    for row in odds["raises"]:
        chances = bid_chances(row["quantity"], row["face"], known, unknown, bidder=0)
        assert row["at_least"] == pytest.approx(chances.at_least, abs=1e-15)
        assert row["exactly"] == pytest.approx(chances.exactly, abs=1e-15)
        assert row["text"] == bid_text(row["quantity"], row["face"], chances)
    assert json.loads(json.dumps(odds)) == odds


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
def test_the_teacher_sees_the_truth() -> None:
    view = view_for(None)
    odds = odds_from_view(view, None)
    cups = {0: (("mermaid", 6), ("normal", 1), ("normal", 5)),
            1: (("cursed", 5), ("normal", 5), ("normal", 2))}
    # Seat 1's own fives: the cursed die shows a five, so their cup counts nothing: 2.
    assert judged_count(5, cups, 1) == 2
    assert odds["standing"]["at_least"] == 0.0 and odds["standing"]["exactly"] == 0.0
    assert odds["bidder"] == 0                                       # the seat to move
    for row in odds["raises"]:
        count = judged_count(row["face"], cups, 0)
        assert row["at_least"] == float(count >= row["quantity"])
        assert row["exactly"] == float(count == row["quantity"])
    table = face_table(view, None)
    for face in BID_FACES:
        count = judged_count(face, cups, 0)
        assert table[face] == tuple(float(count >= q) for q in range(7))


def test_face_table_is_the_tail_of_the_viewers_distribution() -> None:
    view = view_for(0)
    table = face_table(view, 0)
    known = {0: (("mermaid", 6), ("normal", 1), ("normal", 5))}
    unknown = {1: ("cursed", "normal", "normal")}
    assert set(table) == set(BID_FACES)
    for face, curve in table.items():
        dist = count_distribution(face, known, unknown, 0)
        assert curve[0] == 1.0 and len(curve) == 7
        assert curve == pytest.approx([math.fsum(dist[q:]) for q in range(7)], abs=1e-15)
        assert all(a >= b for a, b in zip(curve, curve[1:]))


def test_opening_view_and_a_viewer_out_of_the_betting() -> None:
    view = view_for(0)
    view["bid"] = None
    odds = odds_from_view(view, 0)
    assert odds["standing"] is None and odds["standing_by"] is None
    assert [(r["quantity"], r["face"]) for r in odds["raises"]] == list(legal_raises(None, 3, 6))
    out = view_for(2)
    assert odds_from_view(out, 2)["raises"] == []
    with pytest.raises(InvalidInput, match="viewer"):
        odds_from_view(view, 1)                     # seat 0's view read as seat 1's


def test_texts() -> None:
    assert bid_text(7, 5, BidChances(0.41, 0.17)) == "P(at least 7 fives) = 0.41, P(exactly 7) = 0.17"
    assert bid_text(1, 5, BidChances(1.0, 0.5)) == "P(at least 1 five) = 1.00, P(exactly 1) = 0.50"
    assert bid_text(2, 6, BidChances(0.9999, 0.0)) == "P(at least 2 sixes) = >0.99, P(exactly 2) = 0.00"
    assert bid_text(3, 2, BidChances(0.001, 0.001)) == "P(at least 3 twos) = <0.01, P(exactly 3) = <0.01"
    names = [bid_text(2, f, BidChances(0.5, 0.25)).split()[3] for f in BID_FACES]
    assert names == ["twos)", "threes)", "fours)", "fives)", "sixes)"]


def test_doctests() -> None:
    assert doctest.testmod(odds_module).failed == 0


def test_full_raise_table_of_sixty_dice_is_fast() -> None:
    """A loose guard (benchmarks/pirates_odds.py measures against the 10 ms target): the
    standing bid and 293 raises of a 6 x 10 table, best of 5, under 50 ms."""
    import time
    unknown = full_table()
    cups = [{"dice": list(names), "faces": None, "betting": True} for names in unknown.values()]
    cups[0]["faces"] = [CREW_DICE[n].faces[i % 6] for i, n in enumerate(cups[0]["dice"])]
    view = {"cups": cups, "bid": {"quantity": 2, "face": 3, "by": 2}, "players": 6, "viewer": 0}
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        odds = odds_from_view(view, 0)
        best = min(best, time.perf_counter() - start)
    assert len(odds["raises"]) == 293
    assert best < 0.05, f"{best * 1000:.1f} ms"


@pytest.mark.rules("P-BID-COUNT", "P-CURSED")
@pytest.mark.parametrize("known, unknown, bidder", MIXED)
def test_exact_odds_stay_fractions(known, unknown, bidder) -> None:
    """Every exact probability is a Fraction, never a float equal to it by luck (the
    compiled odds must not turn them into floats; tools/compile.py compiles odds.py)."""
    for face in BID_FACES:
        dist = count_distribution(face, known, unknown, bidder, exact=True)
        assert all(type(p) is Fraction for p in dist)
        for quantity in range(0, len(dist) + 2):
            assert type(odds_module.tail(dist, quantity)) is Fraction
    assert all(type(p) is Fraction for p in odds_module.binomial_pmf(4, 2, 6, exact=True))


@pytest.mark.rules("P-BID-COUNT")
def test_the_coming_luck_asks_whether_the_standing_bid_is_true() -> None:
    """The bid's own questions name it in words ('1 three'), for the teacher and a player."""
    import explorer
    state = explorer.load("pirates", players=2).scenario(crew=[2, 2])
    rng = random.Random(1)
    while state.pending.step != "bid" or not state.data.bids:
        state = state.play(rng.choice(state.legal_moves()))
    bid = state.data.bids[-1]
    said = f"the standing bid of {bid_words(bid.quantity, bid.face)}"
    for viewer in (None, 0, 1):
        questions = [chance.question for chance in state.coming_luck(viewer)]
        assert f"{said} is true" in questions and f"{said} is exact" in questions
