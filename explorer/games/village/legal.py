"""Legal move generation for the decision steps, by the plain rules (no caches).

A player's actions depend only on their seat, hand, which types they have bribed and
which stalls hold cards. These functions are the one source of truth for what is legal;
`speed` memoizes them for play, and a test checks its answers against these.
"""
from __future__ import annotations

from ...core.move import Move
from . import rules
from .cards import WILD
from .moves import buy_move, curse_move, draw_move, simple_bribe


def bribe_moves(p: int, t: int, held: int, wilds: int, bribed: bool) -> tuple[Move, ...]:
    """The bribes of type `t` by seat `p` holding `held` such treasures and `wilds` wilds:
    one or more treasures plus any wilds, or wilds alone onto an existing bribe
    (V-BRIBE-1, V-BRIBE-2); by treasure count, then wild count."""
    return tuple(simple_bribe(p, t, n, w) for n in range(0 if bribed else 1, held + 1)
                 for w in range(0 if n else 1, wilds + 1))


def stall_moves(p: int, stall: int, hand: tuple[int, ...]) -> tuple[Move, ...]:
    """The visits of seat `p` to the stall costing `stall` (V-MARKET-3, V-MARKET-4,
    V-MARKET-6): stall 0 is free, the others take each payment `hand` can make."""
    if stall == 0:
        return (buy_move(p, 0),)
    return tuple(buy_move(p, stall, pay) for pay in rules.payments(hand, stall))


def act_moves(p: int, hand: tuple[int, ...], bribes: tuple[int, ...],
              stalls: tuple[tuple[int, ...], ...], empty_stalls_open: bool) -> tuple[Move, ...]:
    """Every action of seat `p`: bribes by type, market visits (stalls 3, 2, 1, 0), the draw
    (V-TURN-1).

    `bribes` holds the treasure cards of each of the player's bribes (0: no bribe); a stall
    without cards is visited only if `empty_stalls_open` (V-MARKET-2)."""
    moves: tuple[Move, ...] = ()
    for t in range(6):
        moves += bribe_moves(p, t, hand[t], hand[WILD], bribes[t] > 0)
    for stall in rules.STALL_ORDER:
        if empty_stalls_open or any(stalls[stall]):
            moves += stall_moves(p, stall, hand)
    return moves + (draw_move(p),)


def curse_moves(p: int, paid: tuple[int, ...]) -> tuple[Move, ...]:
    """The curses open after paying `paid`: one per discarded treasure type (V-CURSE-1)."""
    return tuple(curse_move(p, t) for t in range(6) if paid[t])
