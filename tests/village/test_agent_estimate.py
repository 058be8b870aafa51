"""The greedy agent's one-pass scores are its estimate, worked out the plain way.

`_Table.scores` shares weights between moves and skips the payments of a stall that
cannot beat an earlier move; here each move's estimate is made from scratch (the move's
effect on the hand, the bribes and the track by the rule functions, then the estimate's
definition), and every score must equal it, or, when skipped, be beaten by the best.
"""
from __future__ import annotations

from operator import mul

import pytest
from gameplay import random_states
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.village import rules
from explorer.games.village.agent import ENDGAME_DECK, WIN_BONUS, _Table
from explorer.games.village.cards import WILD
from explorer.games.village.moves import Bribe, Buy, Curse, Draw
from explorer.games.village.view import VillageSeat, seat_view

from .helpers import load


def plain_estimate(seen: VillageSeat, track, hand, mine, end: float) -> float:
    """Bribe points, plus hand cards at their token's value (bribed type) or `loose` of
    it, plus wilds at their weight, less the best opponent's bribe points."""
    v = rules.values(track, seen.track_values)
    loose = 0.3 * (1 - end) - end
    rivals = [b for p, b in enumerate(seen.bribes) if p != seen.seat]
    best = max(sum(map(mul, b, v)) for b in rivals)
    in_hand = sum(h * x * (1 if m else loose) for h, x, m in zip(hand, v, mine))
    return sum(map(mul, mine, v)) - best + in_hand + hand[WILD] * (1.0 * (1 - end) - 2 * end)


def plain_score(seen: VillageSeat, move) -> float:
    end = max(0.0, min(1.0, 1 - seen.deck / ENDGAME_DECK))
    hand, mine, track = seen.hand, seen.bribes[seen.seat], seen.track
    if isinstance(move, Bribe):
        t, cards = move.treasure, move.cards
        spent = cards[t] + cards[WILD]
        after = tuple(h - c for h, c in zip(hand, cards))
        bribes = mine[:t] + (mine[t] + spent,) + mine[t + 1:]
        value = plain_estimate(seen, rules.raise_token(track, t, spent)[0], after, bribes, end)
        return ending(value) if seen.deck == 0 else value
    if isinstance(move, Buy):
        after = tuple(h - p + c for h, p, c in zip(hand, move.payment, seen.stalls[move.stall]))
        if move.stall == 0:
            return plain_estimate(seen, track, after, mine, end)
        return max(plain_estimate(seen, rules.lower_token(track, t, sum(move.payment))[0],
                                  after, mine, end) for t in range(6) if move.payment[t])
    if isinstance(move, Curse):
        return plain_estimate(seen, rules.lower_token(track, move.treasure, seen.curse_spaces)[0],
                              hand, mine, end)
    assert isinstance(move, Draw)
    value = plain_estimate(seen, track, hand, mine, end)
    return ending(value) if seen.deck == 0 else value + 0.5 * (1 - end)


def decisions(players: int, seed: int):
    """(the mover's seat view, the legal moves) at each decision of a random game."""
    for state in random_states(load(players), seed, limit=300):
        if not (state.is_over or state.is_chance):
            yield seat_view(state, state.to_move), state.legal_moves()


def ending(lead: float) -> float:
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


@pytest.mark.rules("V-BRIBE-4", "V-BRIBE-5", "V-BRIBE-6", "V-CURSE-2", "V-CURSE-3")
@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_every_score_is_the_plain_estimate_or_beaten(players, seed) -> None:
    for seen, legal in decisions(players, seed):
        scores = _Table(seen).scores(legal)
        plain = [plain_score(seen, move) for move in legal]
        top = max(plain)
        assert max(scores) == pytest.approx(top, abs=1e-9)
        for move, score, expected in zip(legal, scores, plain):
            if score == float("-inf"):
                assert isinstance(move, Buy) and expected < top - 1e-6, move
            else:
                assert score == pytest.approx(expected, abs=1e-9), move


def test_payments_are_skipped_only_when_beaten() -> None:
    # three Axes in hand: a bribe of them is worth more than any payment for stall 3
    # (a curse of your own bribed type)
    state = load(2).scenario(hands=["Axe*3 Crown", ""], bribes=[{"Axe": 2}, {"Egg": 1}],
                             stalls={3: "Feather"}, deck="Scroll*9 Sword*9 Feather*8")
    seen = seat_view(state, 0)
    legal = state.legal_moves()
    scores = _Table(seen).scores(legal)
    plain = [plain_score(seen, move) for move in legal]
    skipped = [m for m, s in zip(legal, scores) if s == float("-inf")]
    assert skipped and all(isinstance(m, Buy) and m.stall == 3 for m in skipped)
    assert max(plain) - max(p for m, p in zip(legal, plain) if m in skipped) > 1e-6


@pytest.mark.rules("V-MARKET-3", "V-MARKET-4", "V-CURSE-2")
@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_a_stalls_bound_is_above_each_of_its_payments(players, seed) -> None:
    # the bound reads only the present values and the tokens a curse moves; it must not
    # fall below any payment of the stall, over whichever rival it is read
    for seen, legal in decisions(players, seed):
        table = _Table(seen)
        rival, cheapest = table.present()
        for stall in (1, 2, 3):
            paid = [plain_score(seen, m) for m in legal if isinstance(m, Buy) and m.stall == stall]
            if not paid:
                continue
            for other in {rival, *range(len(table.leads(-1)))}:
                assert table.bound(stall, other, cheapest) >= max(paid) - 1e-9, (stall, other)
