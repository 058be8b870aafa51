"""The rules as pure functions over counts tuples: token moves, refill, payments, scoring.

Kept apart from `state.py` so each rule is a small function a test can call directly.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from ...core.events import Outcome, ScoreLine
from ...core.pending import seat_name
from .cards import KINDS, WILD

ACT: Final = 0        # the phases (Final: compiled code inlines them, tools/compile.py)
REFILL: Final = 1
CURSE: Final = 2
DRAW: Final = 3
OVER: Final = 4
PHASES = ("act", "refill", "curse", "draw", "over")
ENDED_BY = ("", "refill", "draw")
STALL_ORDER = (3, 2, 1, 0)
"""Stalls by cost, in the order the refill deals into them (V-REFILL-1)."""


def raise_token(track: tuple[int, ...], treasure: int, spaces: int) -> tuple[tuple[int, ...], int]:
    """Move a token right `spaces` (V-BRIBE-4); passed tokens shift left (V-BRIBE-5); capped at
    the top space (V-BRIBE-6). Returns the new track and the spaces actually moved."""
    i = track.index(treasure)
    j = min(len(track) - 1, i + spaces)
    if j == i:
        return track, 0
    return track[:i] + track[i + 1:j + 1] + (treasure,) + track[j + 1:], j - i


def lower_token(track: tuple[int, ...], treasure: int, spaces: int) -> tuple[tuple[int, ...], int]:
    """Move a token left `spaces` (V-CURSE-2); passed tokens shift right; it stops at the
    bottom space (V-CURSE-3). Returns the new track and the spaces actually moved."""
    i = track.index(treasure)
    j = max(0, i - spaces)
    if j == i:
        return track, 0
    return track[:j] + (treasure,) + track[j:i] + track[i + 1:], i - j


def values(track: tuple[int, ...], track_values: tuple[int, ...]) -> tuple[int, ...]:
    """Each treasure type's current value: the printed value under its token (V-TRACK-2)."""
    out = [0] * len(track)
    for space, treasure in enumerate(track):
        out[treasure] = track_values[space]
    return tuple(out)


def next_stall(stall: int) -> int:
    """The stall the refill deals into after `stall`: 3, 2, 1, 0, then 3 again (V-REFILL-2)."""
    return 3 if stall == 0 else stall - 1


def _every_payment(cost: int) -> tuple[tuple[int, ...], ...]:
    """Every payment of exactly `cost` cards with at least one treasure (V-MARKET-3,
    V-MARKET-4), as counts, in the fixed order of the sorted card combinations."""
    out = []
    for combo in combinations_with_replacement(range(KINDS), cost):
        counts = tuple(combo.count(kind) for kind in range(KINDS))
        if counts[WILD] < cost:
            out.append(counts)
    return tuple(out)


PAYMENTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_every_payment(cost) for cost in range(4))
"""Per stall cost, every payment a hand might make (83 for cost 3), in the order moves list them."""



def payments(hand: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    """Every way to discard exactly `cost` cards from `hand` with at least one treasure
    (V-MARKET-3, V-MARKET-4), in the order of `PAYMENTS[cost]`. The plain rule: `speed`
    answers the same, faster, and a test checks that it does."""
    return tuple(pay for pay in PAYMENTS[cost] if all(map(int.__le__, pay, hand)))


def score_parts(hand: tuple[int, ...], bribes: tuple[int, ...], bribe_wilds: tuple[int, ...],
                value: tuple[int, ...], wild_penalty: int = 2) -> tuple[int, int, int]:
    """(bribe points V-SCORE-1, hand treasure penalty V-SCORE-2, hand wild penalty V-SCORE-3)."""
    bribe_points = sum((bribes[t] + bribe_wilds[t]) * value[t] for t in range(len(value)))
    hand_penalty = sum(hand[t] * value[t] for t in range(len(value)))
    return bribe_points, -hand_penalty, -wild_penalty * hand[WILD]


def tiebreak_key(bribes: tuple[int, ...], bribe_wilds: tuple[int, ...], track: tuple[int, ...],
                 count_wilds: bool) -> tuple[int, ...]:
    """Bribe cards per space from the top space leftwards (V-TIE-1, V-TIE-2, V-TIE-4)."""
    return tuple(bribes[t] + (bribe_wilds[t] if count_wilds else 0) for t in reversed(track))


def outcome(hands: tuple[tuple[int, ...], ...], bribes: tuple[tuple[int, ...], ...],
            bribe_wilds: tuple[tuple[int, ...], ...], track: tuple[int, ...], ended_by: int,
            value: tuple[int, ...], tie_counts_wilds: bool, full_tie_shared: bool) -> Outcome:
    """The final scores (V-SCORE-1..3), the winners by points, then by the tiebreak
    (V-TIE-1..4), and how the game ended (V-REFILL-5 or V-DRAW-3)."""
    lines: list[ScoreLine] = []
    scores = []
    for p in range(len(hands)):
        bribe, hand, wild = score_parts(hands[p], bribes[p], bribe_wilds[p], value)
        scores.append(float(bribe + hand + wild))
        lines += [ScoreLine(p, float(bribe), "cards in bribes x token value", "V-SCORE-1"),
                  ScoreLine(p, float(hand), "treasures left in hand", "V-SCORE-2"),
                  ScoreLine(p, float(wild), "wilds left in hand", "V-SCORE-3")]
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    tiebreak = ""
    winners = leaders
    if len(leaders) > 1:
        keys = {p: tiebreak_key(bribes[p], bribe_wilds[p], track, tie_counts_wilds)
                for p in leaders}
        top = max(keys.values())
        winners = [p for p in leaders if keys[p] == top]
        if len(winners) == 1:
            tiebreak = (f"{', '.join(map(seat_name, leaders))} tie on {best:g} points; "
                        f"{seat_name(winners[0])} has the most bribe cards on the highest "
                        "space where they differ (V-TIE-1, V-TIE-2)")
        elif full_tie_shared:
            tiebreak = (f"{', '.join(map(seat_name, winners))} tie on points and on "
                        "every space: they share the win (V-TIE-3)")
        else:
            tiebreak = (f"{', '.join(map(seat_name, winners))} tie on points and on "
                        "every space: nobody wins (option full_tie_shared=False) (V-TIE-3)")
            winners = []
    if ended_by == 1:
        ended, rule = "the deck ran out during a Black Market refill", "V-REFILL-5"
    else:
        ended, rule = "a player chose to draw from the empty deck", "V-DRAW-3"
    return Outcome(tuple(winners), tuple(scores), tuple(lines), ended, rule, tiebreak)
