"""The coming luck of Momiji, exact, as one viewer knows it.

The deck decides what a paid reveal brings (M-COLLECT-2: 4 more cards into the Garden,
fewer from a short deck, M-COLLECT-4) and which card a refill turns up next
(M-REFILL-1). A player's knowledge of the deck pools every card they cannot place: the
unseen deck, the secret part of other hands (M-HIDDEN-1, the cards taken from the
Garden stay known, M-HIDDEN-5), another player's Koi Pond look and, where piles may not
be counted, the covered cards of other players' piles (M-HIDDEN-3); the top cards a Koi
Pond look showed them stay known. The teacher knows every card but the deck's order.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.odds import Chance, DeckKnowledge, as_rows
from ...core.words import counted
from .cards import TYPES, name, type_of
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
                         for k, p in deck.count_among(shown, lambda c, t=t: type_of(c) == t)])
    return rows
