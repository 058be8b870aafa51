"""The speed layer: the plain move lists of `legal` (and `rules.payments`), memoized: the
one place that trades memory for speed.

Each function here returns exactly what the plain function of the same name returns
(tests/village/test_fast_matches_plain.py checks it over random hands and the positions
of random games, whatever was cached before);
the rule modules keep no caches. What makes the caches small:

- a bribe of one type depends only on (seat, type, treasures held, wilds held, bribed);
- a market visit to a stall of cost c depends only on the hand counts clipped at what a
  payment of that cost can use (c of a treasure, c - 1 wilds: V-MARKET-4);
- the payments a hand can make are the AND of seven bitsets over `rules.PAYMENTS`
  (`_selected`: no search, the same for every seat), read over every visit of that seat
  and stall (`_every_buy`): a stall visit not seen before is one `compress`, and no move
  is looked up one by one;
- the visits of all three paid stalls are kept together by (seat, hand), the key that
  is already built: most hands recur, so a turn's market moves are one lookup.

`clear()` empties every cache (tests use it to start cold).
"""
from __future__ import annotations

from itertools import compress
from typing import Iterator

from ...core.move import Move
from . import legal, rules
from .cards import KINDS, WILD
from .data import VillageData
from .moves import buy_move, draw_move
from .rules import ACT, CURSE

_BRIBES: dict[tuple, tuple[Move, ...]] = {}
_VISITS: dict[tuple, tuple[Move, ...]] = {}
_CURSES: dict[tuple, tuple[Move, ...]] = {}
_MARKETS: dict[tuple, tuple[tuple[Move, ...], ...]] = {}
_EVERY_BUY: dict[tuple[int, int], tuple[Move, ...]] = {}
_CACHES = (_BRIBES, _VISITS, _CURSES, _MARKETS, _EVERY_BUY)
MAX_ENTRIES = 200_000
"""A cache that grows past this many entries starts afresh (it never does in play)."""

_FITS = tuple(
    tuple(tuple(sum(1 << i for i, pay in enumerate(rules.PAYMENTS[cost]) if pay[kind] <= held)
                for held in range(cost + 1))
          for kind in range(KINDS))
    for cost in range(4))
"""Bitsets over `rules.PAYMENTS[cost]`: `_FITS[cost][kind][n]` marks the payments that use
at most `n` cards of `kind`."""


def clear() -> None:
    """Forget every cached answer."""
    for cache in _CACHES:
        cache.clear()


def _store(cache: dict, key: tuple, value: tuple) -> tuple:
    if len(cache) >= MAX_ENTRIES:
        cache.clear()
    cache[key] = value
    return value


def _clipped(hand: tuple[int, ...], cost: int) -> tuple[int, ...]:
    """`hand` with each count cut at what a payment of `cost` can use: `cost` of a
    treasure and `cost - 1` wilds, since at least one paid card is a treasure
    (V-MARKET-4). Written out: `map(min, ...)` costs three times as much."""
    a, b, c, d, e, f, w = hand
    wc = cost - 1 if cost else 0
    return (a if a < cost else cost, b if b < cost else cost, c if c < cost else cost,
            d if d < cost else cost, e if e < cost else cost, f if f < cost else cost,
            w if w < wc else wc)


def _selected(hand: tuple[int, ...], cost: int) -> Iterator[bool]:
    """Per payment of `rules.PAYMENTS[cost]`, whether `hand` can make it: the AND of
    the seven bitsets `_FITS` picks for its counts, read bit by bit."""
    fits = _FITS[cost]
    mask = -1
    for kind in range(KINDS):
        mask &= fits[kind][min(hand[kind], cost)]
    size = len(rules.PAYMENTS[cost])
    return map("1".__eq__, f"{mask & ((1 << size) - 1):0{size}b}"[::-1])


def _every_buy(p: int, cost: int) -> tuple[Move, ...]:
    """Seat `p`'s visit to the stall costing `cost` with each payment of
    `rules.PAYMENTS[cost]`, in that order (the shared `buy_move`s, made once)."""
    key = (p, cost)
    found = _EVERY_BUY.get(key)
    if found is None:
        found = _EVERY_BUY[key] = tuple(buy_move(p, cost, pay) for pay in rules.PAYMENTS[cost])
    return found


def bribe_moves(p: int, t: int, held: int, wilds: int, bribed: bool) -> tuple[Move, ...]:
    """`legal.bribe_moves`, memoized."""
    key = (p, t, held, wilds, bribed)
    found = _BRIBES.get(key)
    if found is None:
        found = _store(_BRIBES, key, legal.bribe_moves(p, t, held, wilds, bribed))
    return found


def stall_moves(p: int, stall: int, hand: tuple[int, ...]) -> tuple[Move, ...]:
    """`legal.stall_moves`, memoized by the hand clipped at the stall's cost."""
    if stall == 0:
        return (buy_move(p, 0),)
    key = (p, stall, _clipped(hand, stall))
    found = _VISITS.get(key)
    if found is None:   # the visits with the payments the hand can make: one compress
        found = _store(_VISITS, key, tuple(compress(_every_buy(p, stall),
                                                    _selected(hand, stall))))
    return found


def market_moves(p: int, hand: tuple[int, ...]) -> tuple[tuple[Move, ...], ...]:
    """`stall_moves` of seat `p` for each stall in `rules.STALL_ORDER`, memoized by the
    whole hand (stall 0 included: its one free visit)."""
    key = (p, hand)
    found = _MARKETS.get(key)
    if found is None:
        found = _store(_MARKETS, key, tuple(stall_moves(p, stall, hand)
                                            for stall in rules.STALL_ORDER))
    return found


def act_moves(p: int, hand: tuple[int, ...], bribes: tuple[int, ...],
              stalls: tuple[tuple[int, ...], ...], empty_stalls_open: bool) -> tuple[Move, ...]:
    """`legal.act_moves`, from the memoized parts (types with nothing to bribe skipped)."""
    wilds = hand[WILD]
    moves: tuple[Move, ...] = ()
    for t in range(6):
        held = hand[t]
        if held or (bribes[t] and wilds):
            key = (p, t, held, wilds, bribes[t] > 0)
            found = _BRIBES.get(key)
            moves += found if found is not None else bribe_moves(*key)
    market = _MARKETS.get((p, hand)) or market_moves(p, hand)
    if empty_stalls_open:
        moves += market[0] + market[1] + market[2] + market[3]
    else:
        for i, stall in enumerate(rules.STALL_ORDER):
            if any(stalls[stall]):
                moves += market[i]
    return moves + (draw_move(p),)


def curse_moves(p: int, paid: tuple[int, ...]) -> tuple[Move, ...]:
    """`legal.curse_moves`, memoized."""
    key = (p, paid)
    found = _CURSES.get(key)
    if found is None:
        found = _store(_CURSES, key, legal.curse_moves(p, paid))
    return found


def legal_moves(d: VillageData, empty_stalls_open: bool) -> tuple[Move, ...]:
    """`legal.legal_moves`, from the memoized parts."""
    if d.phase == ACT:
        p = d.active
        return act_moves(p, d.hands[p], d.bribes[p], d.stalls, empty_stalls_open)
    if d.phase == CURSE:
        return curse_moves(d.active, d.paid)
    return legal.reveal_moves(d)
