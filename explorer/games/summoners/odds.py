"""The coming luck of Piri Piri Summoners, exact, as one viewer knows it.

Every draw, cycle and market refill takes the next card of the deck (S-DECK-2): a random
card of its unseen part, then the cards put under it, known to everyone in order. A
player cannot tell the unseen deck from the secret cards of other hands (S-HIDDEN-2), so
their odds draw from both together; the teacher's from the unseen deck alone, after any
card known on top.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.odds import Chance, DeckKnowledge, as_rows
from .cards import card_name

if TYPE_CHECKING:
    from .state import SummonersState


def deck_knowledge(state: "SummonersState", viewer: int | None) -> DeckKnowledge:
    """The element deck as `viewer` knows it (S-DECK-2)."""
    d = state.data
    deck = d.deck
    if viewer is None:
        return DeckKnowledge.teachers(deck)
    pool = Counter(deck.unseen + deck.top)
    for q in range(len(d.hands)):
        if q != viewer:
            pool.update(c for c in d.hands[q] if c not in d.known[q])
    return DeckKnowledge((), tuple(sorted(pool.items())), deck.size, tuple(deck.bottom))


def coming_luck(state: "SummonersState", viewer: int | None) -> list[Chance]:
    """The next card of the deck, exact, as `viewer` knows it."""
    if state.is_over:
        return []
    deck = deck_knowledge(state, viewer)
    if not deck.size:
        return as_rows("the next card of the deck", [("none: the deck is empty", Fraction(1))])
    return as_rows("the next card of the deck", [(f"the {card_name(str(c))}", p) for c, p in deck.next_card()])
