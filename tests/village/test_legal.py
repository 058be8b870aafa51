"""Move generation against a plain reading of the rules.

`rules.payments` and the moves a position lists (through `fast`, see test_fast_matches_plain.py)
must be exactly what the rules allow.
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.village import rules
from explorer.games.village.cards import KINDS, NAMES, WILD, format_cards

from .helpers import load


def plain_payments(hand: tuple[int, ...], cost: int) -> list[tuple[int, ...]]:
    """Every multiset of `cost` cards from `hand` with a treasure, in sorted-combination order."""
    out = []
    for combo in combinations_with_replacement(range(KINDS), cost):
        counts = tuple(combo.count(k) for k in range(KINDS))
        if counts[WILD] < cost and all(c <= h for c, h in zip(counts, hand)):
            out.append(counts)
    return out


@pytest.mark.rules("V-MARKET-3", "V-MARKET-4")
def test_payments_are_exactly_the_plain_enumeration() -> None:
    rng = random.Random(3)
    samples = list(product((0, 1), repeat=KINDS))
    samples += [tuple(rng.choice((0, 0, 1, 2, 3, 5)) for _ in range(KINDS)) for _ in range(2000)]
    for hand in samples:
        for cost in (1, 2, 3):
            assert rules.payments(hand, cost) == tuple(plain_payments(hand, cost)), (hand, cost)
    assert rules.payments((0,) * KINDS, 0) == ()


def plain_moves(hand: tuple[int, ...], bribed: tuple[bool, ...], open_stalls: list[int],
                seat: int = 0) -> set[str]:
    """The texts of every action the rules allow (V-BRIBE-1, V-BRIBE-2, V-MARKET-*, V-DRAW-1)."""
    moves = {f"P{seat} draw"}
    for t in range(6):
        for n in range(hand[t] + 1):
            for w in range(hand[WILD] + 1):
                if n + w and (n or bribed[t]):
                    cards = [0] * KINDS
                    cards[t], cards[WILD] = n, w
                    text = f"P{seat} bribe {format_cards(tuple(cards), t)}"
                    moves.add(text if n else f"{text} on {NAMES[t]}")
    for cost in open_stalls:
        if cost == 0:
            moves.add(f"P{seat} buy stall 0")
        for pay in plain_payments(hand, cost) if cost else []:
            moves.add(f"P{seat} buy stall {cost} paying {format_cards(pay)}")
    return moves


hands = st.lists(st.integers(0, 5), min_size=KINDS, max_size=KINDS).map(tuple)


@pytest.mark.rules("V-BRIBE-1", "V-BRIBE-2", "V-MARKET-2", "V-MARKET-6")
@settings(max_examples=100, deadline=None)
@given(hand=hands, bribed=st.lists(st.booleans(), min_size=6, max_size=6).map(tuple),
       open_stalls=st.lists(st.sampled_from((0, 1, 2, 3)), unique=True), seat=st.integers(0, 2))
def test_legal_moves_are_exactly_what_the_rules_allow(hand, bribed, open_stalls, seat) -> None:
    game = load(3)
    names = " ".join(f"{NAMES[k]}*{n}" for k, n in enumerate(hand) if n)
    hands_field = ["", "", ""]
    hands_field[seat] = names
    bribes = [{}, {}, {}]
    bribes[seat] = {NAMES[t]: 1 for t in range(6) if bribed[t]}
    stalls = {cost: ("Axe" if cost in open_stalls else "") for cost in (3, 2, 1, 0)}
    state = game.scenario(hands=hands_field, bribes=bribes, stalls=stalls, to_move=seat)
    texts = [str(m) for m in state.legal_moves()]
    assert len(texts) == len(set(texts))
    assert set(texts) == plain_moves(hand, bribed, open_stalls, seat)
