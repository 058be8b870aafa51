"""The coming luck of Momiji, exact, as one viewer knows it.

The deck decides what a paid reveal brings (M-COLLECT-2: 4 more cards into the Garden,
fewer from a short deck, M-COLLECT-4) and which card a refill turns up next
(M-REFILL-1). A player's knowledge of the deck pools every card they cannot place: the
unseen deck, the secret part of other hands (M-HIDDEN-1, the cards taken from the
Garden stay known, M-HIDDEN-5), another player's Koi Pond look and, where piles may not
be counted, the covered cards of other players' piles (M-HIDDEN-3); the top cards a Koi
Pond look showed them stay known. The teacher knows every card but the deck's order.

When the deck runs out the end is triggered (M-END-1), but how fast it shrinks is the
players' choice: a Play takes nothing from the Garden, so nothing is refilled. The odds
therefore answer for a stated pace, the fastest natural one: every turn collects the
Garden's largest group (M-COLLECT-1, no paid reveal), and the Garden is refilled to its
size (M-REFILL-1). Group sizes depend on which types the refills turn up, so the answer
is a distribution, enumerated exactly over the refills.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Callable, Iterator

from ...core.odds import Chance, DeckKnowledge, as_rows
from ...core.words import counted
from .cards import TYPES, Card, name, type_of
from .rules import OVER

if TYPE_CHECKING:
    from .state import MomijiState

REVEAL = 4
"""Cards a paid reveal turns up (M-COLLECT-2)."""


def deck_knowledge(state: "MomijiState", viewer: int | None) -> DeckKnowledge:
    """The deck as `viewer` knows it."""
    d = state.data
    deck = d.deck
    if viewer is None:
        return DeckKnowledge.teachers(deck)
    known = tuple(deck.top[:d.peek]) if d.peek_seat == viewer else ()
    pool = Counter(deck.unseen + deck.top[len(known):])
    for q in range(len(d.hands)):
        if q == viewer:
            continue
        secret = Counter(d.hands[q])
        secret.subtract(Counter(d.known[q]))
        pool.update(+secret)
        if not state.game.options.count_piles and d.step != OVER:
            pool.update(c for pile in d.rows[q] for c in pile[:-1])
    if viewer != d.active:
        pool.update(d.pond)
    return DeckKnowledge(known, tuple(sorted(pool.items())), deck.size, tuple(deck.bottom))


def coming_luck(state: "MomijiState", viewer: int | None) -> list[Chance]:
    """The next card of the deck, and what a paid reveal brings of each leaf type in play."""
    d = state.data
    if d.step == OVER:
        return []
    deck = deck_knowledge(state, viewer)
    if not deck.size:
        return as_rows("the next card of the deck", [("none: the deck is empty", Fraction(1))])
    rows = as_rows("the next card of the deck", [(name(c), p) for c, p in deck.next_card()])
    shown = min(REVEAL, deck.size)
    for t in d.types:
        rows += as_rows(f"{TYPES[t]} cards among the {counted(shown, 'card')} a paid reveal turns up",
                        [(counted(k, f"{TYPES[t]} card"), p)
                         for k, p in deck.count_among(shown, _of_type(t))])
    turns = len(d.hands)                      # a round: until this player's next turn
    rows += as_rows("the turn the deck runs out (this turn is turn 1), if every turn collects "
                    "the Garden's largest group",
                    [(f"later than turn {turns}" if k > turns else
                      "turn 1 (this turn)" if k == 1 else "turn 2 (the next turn)" if k == 2 else f"turn {k}", p)
                     for k, p in deck_runs_out(state, deck, turns)])
    return rows


def _of_type(t: int) -> Callable[[Card], bool]:
    """Whether a card is of leaf type `t`."""
    return lambda card: type_of(card) == t


def deck_runs_out(state: "MomijiState", deck: DeckKnowledge, turns: int) -> list[tuple[int, float]]:
    """(k, P(the deck runs out on the k-th turn, this one the first)) for k up to `turns`,
    and (turns + 1, P(later)), at the pace of the module docstring. A Garden short of
    its size now has been collected from this turn: it is filled at the end of this turn
    (M-REFILL-1), and the next Collect is the next turn's.

    Only types matter, so the deck is counted by type: the cards known on top (in order),
    then the pool drawn without replacement, then the cards known at the bottom. Every
    refill is enumerated (`_hypergeometric`); the chances are products of exact ratios
    carried as floats, as Fractions took a second late in a 4-player game."""
    d = state.data
    types = tuple(d.types)
    index = {t: i for i, t in enumerate(types)}
    top = tuple(index[type_of(c)] for c in deck.top)
    bottom = tuple(index[type_of(c)] for c in deck.bottom)
    pool = [0] * len(types)
    for card, n in deck.pool:
        pool[index[type_of(card)]] += n
    size = state.game.options.garden_size
    garden = [0] * len(types)
    for card in d.garden:
        garden[index[type_of(card)]] += 1
    collected = len(d.garden) < size          # this turn's Collect is made: its refill comes
    limit = turns - 1 if collected else turns  # the Collects the turns hold

    def draws(n: int, top_at: int, pool: tuple[int, ...], bottom_at: int
              ) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...], int, float]]:
        """The type counts of the next `n` cards, with the deck left and the chance."""
        got = [0] * len(types)
        while n and top_at < len(top):
            got[top[top_at]] += 1
            top_at, n = top_at + 1, n - 1
        from_pool = min(n, sum(pool))
        for take, p in _hypergeometric(pool, from_pool):
            left = tuple(a - b for a, b in zip(pool, take))
            here, at = [g + t for g, t in zip(got, take)], bottom_at
            for _ in range(min(n - from_pool, len(bottom) - at)):
                here[bottom[at]] += 1
                at += 1
            yield tuple(here), top_at, left, at, p

    @lru_cache(maxsize=None)
    def after(k: int, garden: tuple[int, ...], top_at: int, pool: tuple[int, ...],
              bottom_at: int) -> tuple[tuple[int, float], ...]:
        """From the refill after the `k`-th Collect from now on (0: the Garden's refill
        now): the chance the deck runs out at each k."""
        left = len(top) - top_at + sum(pool) + len(bottom) - bottom_at
        need = max(0, size - sum(garden))
        if left <= need:
            return ((k, 1.0),)
        if k == limit or left > need + size * (limit - k):   # cannot run out in time
            return ((limit + 1, 1.0),)
        ends: dict[int, float] = {}
        for got, t_at, rest, b_at, p in draws(need, top_at, pool, bottom_at):
            filled = [g + x for g, x in zip(garden, got)]
            largest = max(range(len(filled)), key=lambda i: (filled[i], -i))   # first type on a tie
            filled[largest] = 0
            for when, q in after(k + 1, tuple(filled), t_at, rest, b_at):
                ends[when] = ends.get(when, 0.0) + p * q
        return tuple(sorted(ends.items()))

    shift = 1 if collected else 0
    return [(k + shift, p) for k, p in after(0, tuple(garden), 0, tuple(pool), 0)]


def _hypergeometric(pool: tuple[int, ...], n: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every way to draw `n` cards from `pool` (counts by type), by type count, exact."""
    total = comb(sum(pool), n)

    def split(i: int, n: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(pool) - 1:
            if n <= pool[i]:
                yield (n,), comb(pool[i], n)
            return
        for x in range(min(n, pool[i]) + 1):
            for rest, ways in split(i + 1, n - x):
                yield (x,) + rest, comb(pool[i], x) * ways

    for take, ways in split(0, n):
        yield take, ways / total
