"""Legal move generation for the decision steps, cached by what decides the moves.

A player's actions depend only on their seat, hand, which types they have bribed and
which stalls hold cards. The bribes of one type depend on a few counts, and the market
visits only on hand counts up to 3, so small caches hit on most steps of a game.
"""
from __future__ import annotations

from ...core.move import Move
from . import rules
from .cards import KINDS, WILD
from .moves import buy_move, draw_move, simple_bribe

_BRIBE_CACHE: dict[tuple, tuple[Move, ...]] = {}
_BUY_CACHE: dict[tuple, tuple[Move, ...]] = {}
_CAPS = tuple((cost,) * KINDS for cost in range(4))
ALL_OPEN = (True,) * 4


def act_moves(p: int, hand: tuple[int, ...], bribed: tuple[bool, ...],
              open_stalls: tuple[bool, ...]) -> tuple[Move, ...]:
    """Every action of seat `p`: bribes by type, market visits (stalls 3, 2, 1, 0), the draw."""
    wilds = hand[WILD]
    moves: tuple[Move, ...] = ()
    for t in range(6):
        if hand[t] or (bribed[t] and wilds):
            moves += _bribe_moves(p, t, hand[t], wilds, bribed[t])
    return moves + _buy_moves(p, hand, open_stalls) + (draw_move(p),)


def _bribe_moves(p: int, t: int, held: int, wilds: int, bribed: bool) -> tuple[Move, ...]:
    """Bribes of type `t` by treasure count, then wild count (cached by what decides them)."""
    key = (p, t, held, wilds, bribed)
    moves = _BRIBE_CACHE.get(key)
    if moves is None:
        moves = tuple(simple_bribe(p, t, n, w) for n in range(0 if bribed else 1, held + 1)
                      for w in range(0 if n else 1, wilds + 1))
        _BRIBE_CACHE[key] = moves
    return moves


def _buy_moves(p: int, hand: tuple[int, ...], open_stalls: tuple[bool, ...]) -> tuple[Move, ...]:
    """Market visits, stalls 3, 2, 1, 0 (only those holding cards, unless the option says)."""
    moves: tuple[Move, ...] = ()
    for stall in rules.STALL_ORDER:
        if open_stalls[stall]:
            moves += _stall_moves(p, stall, tuple(map(min, hand, _CAPS[stall])))
    return moves


def _stall_moves(p: int, stall: int, clipped: tuple[int, ...]) -> tuple[Move, ...]:
    """The visits to one stall; a payment uses at most `stall` cards of a kind, so the hand
    counts are clipped at the cost (`clipped`), which keeps the cache small."""
    key = (p, stall, clipped)
    moves = _BUY_CACHE.get(key)
    if moves is None:
        if stall == 0:
            moves = (buy_move(p, 0),)
        else:
            moves = tuple(buy_move(p, stall, pay) for pay in rules.payments(clipped, stall))
        _BUY_CACHE[key] = moves
    return moves
