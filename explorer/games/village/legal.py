"""Legal move generation for the decision steps, cached by what decides the moves.

A player's actions depend only on their seat, hand, which types they have bribed and
which stalls hold cards. The bribes of one type depend on a few counts, and the market
visits only on hand counts up to the cost, so small caches hit on most steps of a game.
"""
from __future__ import annotations

from ...core.move import Move
from . import rules
from .cards import WILD
from .moves import buy_move, curse_move, draw_move, simple_bribe

_BRIBE_CACHE: dict[tuple, tuple[Move, ...]] = {}
_BUY_CACHE: dict[tuple, tuple[Move, ...]] = {}
_CURSE_CACHE: dict[tuple, tuple[Move, ...]] = {}
_VISITS: dict[tuple, dict[tuple, Move]] = {}
"""Per (seat, stall cost): every paid visit the seat might make there, by payment."""
_CAPS = tuple((cost,) * 6 + (max(cost - 1, 0),) for cost in range(4))
"""Per stall cost, the most cards of each kind a payment can use: `cost` of a treasure
and `cost - 1` wilds, since at least one paid card is a treasure (V-MARKET-4)."""


def act_moves(p: int, hand: tuple[int, ...], bribes: tuple[int, ...],
              stalls: tuple[tuple[int, ...], ...], empty_stalls_open: bool) -> tuple[Move, ...]:
    """Every action of seat `p`: bribes by type, market visits (stalls 3, 2, 1, 0), the draw.

    `bribes` holds the treasure cards of each of the player's bribes (0: no bribe); a stall
    without cards is visited only if `empty_stalls_open` (V-MARKET-2)."""
    wilds = hand[WILD]
    moves: tuple[Move, ...] = ()
    for t in range(6):
        held = hand[t]
        if held or (bribes[t] and wilds):
            key = (p, t, held, wilds, bribes[t] > 0)
            found = _BRIBE_CACHE.get(key)
            moves += found if found is not None else _bribe_moves(key)
    for stall in rules.STALL_ORDER:
        if empty_stalls_open or any(stalls[stall]):
            if stall:
                key = (p, stall, tuple(map(min, hand, _CAPS[stall])))
                found = _BUY_CACHE.get(key)
                moves += found if found is not None else _stall_moves(key)
            else:
                moves += (buy_move(p, 0),)
    return moves + (draw_move(p),)


def curse_moves(p: int, paid: tuple[int, ...]) -> tuple[Move, ...]:
    """The curses open after paying `paid`: one per discarded treasure type (V-CURSE-1)."""
    key = (p, paid)
    moves = _CURSE_CACHE.get(key)
    if moves is None:
        moves = _CURSE_CACHE[key] = tuple(curse_move(p, t) for t in range(6) if paid[t])
    return moves


def _bribe_moves(key: tuple) -> tuple[Move, ...]:
    """Bribes of one type by treasure count, then wild count, cached under `key` =
    (seat, type, treasure cards held, wilds held, already bribed)."""
    p, t, held, wilds, bribed = key
    moves = tuple(simple_bribe(p, t, n, w) for n in range(0 if bribed else 1, held + 1)
                  for w in range(0 if n else 1, wilds + 1))
    _BRIBE_CACHE[key] = moves
    return moves


def _stall_moves(key: tuple) -> tuple[Move, ...]:
    """The paid visits to one stall, cached under `key` = (seat, cost, hand counts clipped
    at what a payment of that cost can use), which keeps the cache small."""
    p, stall, clipped = key
    visits = _VISITS.get((p, stall))
    if visits is None:
        visits = _VISITS[(p, stall)] = {pay: buy_move(p, stall, pay)
                                        for pay in rules.PAYMENTS[stall]}
    moves = tuple(map(visits.__getitem__, rules.payments(clipped, stall)))
    _BUY_CACHE[key] = moves
    return moves
