"""Position builders and small readers shared by the Momiji tests."""
from __future__ import annotations

from collections import Counter

from gameplay import play, texts  # noqa: F401 (used by this game's tests)

import explorer


def load(players: int = 2, **options):
    return explorer.load("momiji", players=players, **options)




def all_cards(state) -> Counter:
    """Every card wherever it lies: deck, Garden, hands, piles, discard, Koi Pond."""
    d = state.data
    total = Counter(d.deck.unseen) + Counter(d.deck.top) + Counter(d.deck.bottom) + Counter(d.garden)
    total += Counter(d.discard) + Counter(d.pond)
    for hand in d.hands:
        total += Counter(hand)
    for row in d.rows:
        for pile in row:
            total += Counter(pile)
    return total
