"""How a Momiji position stands for each player, for the search agent (`core.mcts`).

Read from the state the search sampled (the searcher's own view with the hidden cards
guessed): each player's points as if the game were scored now (piles, acorns and
owned objectives, M-SCORE-1, M-SCORE-2, M-OBJ-2), plus what is still to come while the
deck lasts:

- an open pile whose top is below `EXPECTED_TOP` counts each of its cards at that top:
  it will be topped later (M-PLAY-3), and a pile of 0s scores nothing now (M-SCORE-1);
- a hand card that can still grow its pile (its value at least the pile's top, the
  pile open, M-PLAY-3, M-PLAY-4) or start one (a 0 with no pile of its type, M-PLAY-2)
  is worth `LIVE_CARD`; any other card `DEAD_CARD`, about half an acorn, as two cards
  trade for one (M-EXTRA-2).

The hopes fade as the deck runs down (`HORIZON`): at the end only the score counts.
Judged by points now alone, the search never started a pile (0s score nothing, and a
pile pays off many turns later, far below its horizon) and only traded cards for
acorns. The estimates become win shares with `shares_from_points`.
"""
from __future__ import annotations

from ...core.mcts import shares_from_points
from ...core.state import State
from .cards import MAX_VALUE, Card, type_of, value_of

EXPECTED_TOP = 2.0
"""The top an open pile is expected to reach, early in the game."""

LIVE_CARD = 1.0
"""Worth of a hand card that can still go onto a pile, in points, early in the game."""

LATE_LIVE_CARD = 0.5
"""Its worth at the end of the deck (it may still be played, or traded)."""

DEAD_CARD = 0.4
"""Worth of a hand card that fits no pile: about half an acorn (M-EXTRA-2)."""

HORIZON = 30
"""Deck cards left at which the hopes start to fade: none count once the deck is empty."""

SCALE = 3.0
"""Points per factor e in the win-share softmax."""


def hopes(state: State) -> float:
    """How much of what is still to come counts: 1 with `HORIZON` or more deck cards,
    0 with none and once the game is over."""
    if state.is_over:
        return 0.0
    return max(0.0, min(1.0, state.data.deck.size / HORIZON))


def to_come(row: tuple[tuple[Card, ...], ...], hand: tuple[Card, ...], hope: float) -> float:
    """The points a row of piles and a hand may still add (see the module docstring),
    with `hope` of the early worth."""
    extra = 0.0
    tops = {}
    for pile in row:
        top = value_of(pile[-1])
        tops[type_of(pile[0])] = top
        if top < EXPECTED_TOP:
            extra += len(pile) * (EXPECTED_TOP - top) * hope
    live = LIVE_CARD * hope + LATE_LIVE_CARD * (1 - hope)
    for card in hand:
        mine = tops.get(type_of(card))
        v = value_of(card)
        if (v == 0 if mine is None else mine < MAX_VALUE and v >= mine):
            extra += live
        else:
            extra += DEAD_CARD
    return extra


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated final points (see the module docstring); the score once
    the game is over."""
    if state.is_over:
        return state.scores()
    d = state.data
    hope = hopes(state)
    return tuple(score + to_come(row, hand, hope)
                 for score, row, hand in zip(state.scores(), d.rows, d.hands))


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)
