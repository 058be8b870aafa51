"""The coming luck of Please Don't Burn My Village!, exact, as one viewer knows it.

The deck decides two things a player weighs before a bribe: whether the refill that
follows ends the game (V-REFILL-5: the deck runs out before a treasure of the bribed
type or a Wild turns up, V-REFILL-3) and which stalls it fills (V-REFILL-1, V-REFILL-2:
stall 3, 2, 1, 0 and round again, from stall 3 at every refill, V-REFILL-4). Both follow
from when the first such card turns up, which `core.odds.DeckKnowledge.until` counts
exactly; and the next card drawn (V-DRAW-1) from `next_card`.

A player's knowledge pools the unseen deck with the secret parts of other hands (V-DECK-1:
nobody knows the deck's order, and a viewer cannot tell a card in the deck from one in a
hand they have not seen); the teacher knows every hand, so only the deck is unknown, and
a card known on top (in a scenario) is certain. For a player who is not to move, the
bribes asked about are every treasure type, not those the mover's hand allows, which
would tell that hand.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from ...core.odds import Chance, DeckKnowledge, as_rows
from ...core.words import counted
from .cards import A_NAME, TREASURES, WILD, minus
from .moves import Bribe
from .rules import ACT, OVER, REFILL, STALL_ORDER, next_stall

if TYPE_CHECKING:
    from .state import VillageState


def deck_knowledge(state: "VillageState", viewer: int | None) -> DeckKnowledge:
    """The deck as `viewer` knows it (V-DECK-1)."""
    d = state.data
    if viewer is None:
        return DeckKnowledge.teachers(d.deck)
    pool = Counter(d.deck.unseen + d.deck.top)
    for q in range(len(d.hands)):
        if q != viewer:
            for kind, n in enumerate(minus(d.hands[q], d.known[q])):
                pool[kind] += n
    return DeckKnowledge((), tuple(sorted(pool.items())), d.deck.size)


def _stalls(cards: int, first: int) -> str:
    """Which stalls `cards` refill cards go into, from stall `first` round (V-REFILL-2)."""
    into: Counter[int] = Counter()
    stall = first
    for _ in range(cards):
        into[stall] += 1
        stall = next_stall(stall)
    order = [s for s in STALL_ORDER if into[s]]
    if all(into[s] == 1 for s in order):
        names = [str(s) for s in order]
        where = ("stall " + names[0]) if len(names) == 1 else f"stalls {', '.join(names[:-1])} and {names[-1]}"
    else:
        where = ", ".join(f"stall {s} ×{into[s]}" if into[s] > 1 else f"stall {s}" for s in order)
    return f"{counted(cards, 'card')}, into {where}"


def refill_odds(deck: DeckKnowledge, treasure: int, first: int, what: str) -> list[Chance]:
    """Whether the refill after a bribe of `treasure` ends the game, and how many cards
    it deals into which stalls, starting at stall `first` (`what` names the refill)."""
    runs = deck.until({treasure, WILD})
    ends = f"{what} ends the game (the deck runs out before {A_NAME[treasure]} or a Wild)"
    deals = f"{what} deals"
    whole = f"all {counted(deck.size, 'card')} left, and the game ends" if deck.size else \
        "no card: the deck is empty, and the game ends"
    return (as_rows(ends, [("yes", runs.runs_out), ("no", 1 - runs.runs_out)])
            + as_rows(deals, [*((_stalls(k, first), p) for k, p in runs.stops), (whole, runs.runs_out)]))


def bribe_types(state: "VillageState", viewer: int | None) -> list[int]:
    """The treasure types whose bribe the odds are asked of: those the mover may bribe
    now, for the teacher and the mover; every type for anyone else (the mover's legal
    bribes would tell their hand)."""
    d = state.data
    if viewer is not None and viewer != d.active:
        return list(range(len(TREASURES)))
    return sorted({m.treasure for m in state.legal_moves() if isinstance(m, Bribe)})


def coming_luck(state: "VillageState", viewer: int | None) -> list[Chance]:
    """Every question about the coming luck of `state`, exact, as `viewer` knows it."""
    d = state.data
    if d.phase == OVER:
        return []
    deck = deck_knowledge(state, viewer)
    rows = as_rows("the next card of the deck",
                   [(A_NAME[cast(int, card)], p) for card, p in deck.next_card()] if deck.size else
                   [("none: the deck is empty, and a draw or a refill ends the game", Fraction(1))])
    if d.phase == REFILL:
        rows += refill_odds(deck, d.refill_type, d.next_stall, f"the rest of this {TREASURES[d.refill_type]} refill")
    elif d.phase == ACT:
        for treasure in bribe_types(state, viewer):
            rows += refill_odds(deck, treasure, STALL_ORDER[0], f"the refill after {A_NAME[treasure]} bribe")
    return rows
