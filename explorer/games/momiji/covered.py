"""The covered cards of other players' piles, as a player who may not count them
samples them (M-HIDDEN-3).

Under the table rule "nobody may count a pile" (option `count_piles=False`) a player
sees only the top card of another player's pile: neither its size nor the cards under
the top. A sample of that player's knowledge (`determinize`) must therefore deal those
covered cards again, from every card the player cannot place, so that the sample is
the same whatever the true piles hold.

What the player does know limits the deal:
- every pile keeps its top card, starts with a 0 and climbs by one value at a time
  (M-PLAY-3), so under a top of value v lie the values 0 to v-1, each at least once,
  and any more cards of that type of value v or lower;
- a seat that has used a Bridge power (M-POWER-C, public: the power is marked used)
  may have skipped one value once, in any of its piles;
- how many cards lie covered in all the piles together follows from the public counts
  (the deck, hand sizes, Garden, discards), so the sample keeps that total.

The true position always meets these limits, so a deal that meets them always exists;
the deal below chooses one at random among the Bridge skips that fit, then fills the
piles from the shuffled pool.

>>> import random
>>> from explorer.games.momiji.cards import code, name, value_of
>>> pool = [code(2, 0, 0), code(2, 0, 1), code(2, 1, 0), code(0, 3, 0)]
>>> piles = [Covered(seat=1, pile=0, top=code(2, 2, 0), may_skip=False)]
>>> under, rest = deal_covered(random.Random(1), pool, piles, total=3)
>>> [value_of(c) for c in under[(1, 0)]], [name(c) for c in rest]
([0, 0, 1], ['Maple-3'])
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import NamedTuple, Sequence

from .cards import Card, type_of, value_of


class Covered(NamedTuple):
    """One pile of another seat whose covered cards the viewer cannot see."""

    seat: int
    pile: int          # its place in the seat's row, from the left
    top: Card          # the top card, which everyone sees
    may_skip: bool     # the seat has used a Bridge power (one skipped value, once)


Skip = tuple[int, int] | None
"""A Bridge skip: (index into the piles, the value skipped), or None."""


def _needs(piles: Sequence[Covered], skips: dict[int, Skip]) -> Counter[tuple[int, int]]:
    """The cards, as (type, value), that the piles must hold under their tops."""
    need: Counter[tuple[int, int]] = Counter()
    for i, pile in enumerate(piles):
        for value in range(value_of(pile.top)):
            if skips.get(pile.seat) != (i, value):
                need[type_of(pile.top), value] += 1
    return need


def _skip_choices(piles: Sequence[Covered]) -> list[dict[int, Skip]]:
    """Every way the seats that used a Bridge may have skipped (at most once each)."""
    per_seat: dict[int, list[Skip]] = {}
    for i, pile in enumerate(piles):
        if pile.may_skip:
            options = per_seat.setdefault(pile.seat, [None])
            options += [(i, value) for value in range(1, value_of(pile.top))]
    seats = sorted(per_seat)
    return [dict(zip(seats, combo)) for combo in itertools.product(*(per_seat[s] for s in seats))]


def deal_covered(rng: random.Random, pool: Sequence[Card], piles: Sequence[Covered],
                 total: int) -> tuple[dict[tuple[int, int], tuple[Card, ...]], list[Card]]:
    """Deal `total` covered cards from `pool` under the tops of `piles`.

    Returns the covered cards of each pile, keyed by (seat, pile) and bottom first, and
    the rest of the pool. The pool is sorted before the shuffle, so the deal depends
    only on which cards are hidden, never on where they really are."""
    cards = sorted(pool)
    rng.shuffle(cards)
    have = Counter((type_of(c), value_of(c)) for c in cards)
    fitting = []
    for skips in _skip_choices(piles):
        need = _needs(piles, skips)
        if sum(need.values()) <= total and all(have[key] >= n for key, n in need.items()):
            fitting.append((skips, need))
    if not fitting:
        raise ValueError("no deal of the covered cards fits what the viewer sees")
    skips, need = fitting[rng.randrange(len(fitting))]
    under: list[list[Card]] = [[] for _ in piles]
    for i, pile in enumerate(piles):
        for value in range(value_of(pile.top)):
            if skips.get(pile.seat) != (i, value):
                at = next(k for k, c in enumerate(cards)
                          if type_of(c) == type_of(pile.top) and value_of(c) == value)
                under[i].append(cards.pop(at))
    for _ in range(total - sum(need.values())):
        for k, c in enumerate(cards):
            homes = [i for i, pile in enumerate(piles)
                     if type_of(c) == type_of(pile.top) and value_of(c) <= value_of(pile.top)]
            if homes:
                under[rng.choice(homes)].append(cards.pop(k))
                break
        else:
            raise ValueError("no deal of the covered cards fits what the viewer sees")
    dealt = {(pile.seat, pile.pile): tuple(sorted(under[i], key=value_of)) for i, pile in enumerate(piles)}
    return dealt, cards
