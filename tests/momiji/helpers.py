"""Position builders and small readers shared by the Momiji tests."""
from __future__ import annotations

from collections import Counter

import explorer


def load(players: int = 2, **options):
    return explorer.load("momiji", players=players, **options)


def play(state, *texts: str):
    """Play moves given as text (chance outcomes too, e.g. "deal Maple-0")."""
    for text in texts:
        state = state.play(text)
    return state


def texts(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


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
