"""Position builders and small readers shared by the village tests."""
from __future__ import annotations

from gameplay import play, texts  # noqa: F401 (used by this game's tests)

import explorer
from explorer.games.village.cards import NAMES
from explorer.games.village.encoding import deck_counts


def load(players: int = 2, **options):
    return explorer.load("village", players=players, **options)




def track(state) -> list[str]:
    return [s["treasure"] for s in state.view(None)["track"]]


def stall(state, cost: int) -> dict[str, int]:
    return next(s["cards"] for s in state.view(None)["stalls"] if s["cost"] == cost)


def hand(state, seat: int) -> dict[str, int]:
    return state.view(None)["hands"][seat]["cards"]


def all_cards(state) -> list[int]:
    """Every card counted wherever it lies: hands, bribes, stalls, deck, discard."""
    d = state.data
    total = [0] * len(NAMES)
    for part in (*d.hands, *d.stalls, deck_counts(d.deck), d.discard):
        for k, n in enumerate(part):
            total[k] += n
    for b, w in zip(d.bribes, d.bribe_wilds):
        for t in range(6):
            total[t] += b[t]
            total[6] += w[t]
    for k in d.deck.top:
        total[k] += 1
    return total
