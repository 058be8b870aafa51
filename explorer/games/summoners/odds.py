"""The coming luck of Piri Piri Summoners, exact, as one viewer knows it.

Every draw, cycle and market refill takes the next card of the deck (S-DECK-2): a random
card of its unseen part, then the cards put under it, known to everyone in order. A
player cannot tell the unseen deck from the secret cards of other hands (S-HIDDEN-2), so
their odds draw from both together; the teacher's from the unseen deck alone, after any
card known on top.

At a player's choice of action the odds also ask what Draw and play would bring that
player [S-DRAW-1]: with each possible next card in hand, can one placement (of that card
or another hand card) leave a summon site for each of their Spirit cards, and can it
flank a card? Each next card is followed through the plain rules of the layout
(`grid`): where a card may go [S-PLACE-1..5] [S-ACE-1..3] [S-JOKER-1], what it flanks
[S-FLANK-1..5], which sites it makes or breaks [S-JACK-1] [S-QUEEN-1] [S-KING-1]. Only
the mover and the teacher know the mover's hand and Spirit cards, so only they are
asked these; another viewer would have to guess them.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Iterator, NamedTuple

from ...core.odds import Chance, DeckKnowledge, as_rows
from ...core.pending import seat_name
from . import fast
from . import grid as g
from .cards import card_name, is_ace, is_spirit
from .grid import Cell, Grid

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
    """The next card of the deck, exact, as `viewer` knows it; at the mover's choice of
    action, what Draw and play would bring them (`draw_and_play`)."""
    if state.is_over:
        return []
    deck = deck_knowledge(state, viewer)
    if not deck.size:
        return as_rows("the next card of the deck", [("none: the deck is empty", Fraction(1))])
    rows = as_rows("the next card of the deck", [(f"the {card_name(str(c))}", p) for c, p in deck.next_card()])
    mover = state.data.current
    if state.data.phase == "action" and viewer in (None, mover):
        rows += draw_and_play(state, deck)
    return rows


class Reach(NamedTuple):
    """What the mover can bring about with one placement of one card."""

    sites: frozenset[str]      # their Spirit cards that have a summon site afterwards
    flank: int                 # the best flank: SCULPTURE_HOME, A_FLANK or NO_FLANK


NO_FLANK, A_FLANK, SCULPTURE_HOME = 0, 1, 2
FLANK_OUTCOMES = {SCULPTURE_HOME: "yes, sending another player's sculpture home (they pay 1 mana)",
                  A_FLANK: "yes, a card is flanked", NO_FLANK: "no flank"}


def placements(state: "SummonersState", layout: Grid, card: str) -> Iterator[tuple[Cell, bool]]:
    """Every (cell, over) where `card` may be played [S-PLACE-1] [S-ACE-2]: the plain
    placement rules of `grid.placement_problem`."""
    options = state.game.options
    frontier = state.frontier
    for cell in sorted(frontier):
        if g.placement_problem(layout, frontier, card, cell, False, options.ace_on_top_free) is None:
            yield cell, False
    if is_ace(card):
        for cell in sorted(layout):
            if g.placement_problem(layout, frontier, card, cell, True, options.ace_on_top_free) is None:
                yield cell, True


def reach_of(state: "SummonersState", layout: Grid, card: str) -> Reach:
    """What the mover brings about with `card`, at best over its placements: the card
    goes on its cell, the flanked playing cards leave [S-FLANK-2] [S-FLANK-4] (a
    flanked Spirit card stays, its sculptures go home [S-FLANK-5]), then the summon
    sites are read around every changed cell (`fast.update_sites`). A flank counts when
    it takes a card other than the one placed, or sends a sculpture home."""
    d = state.data
    options = state.game.options
    mover = d.current
    wanted = frozenset(d.spirits[mover])
    sites: set[str] = set()
    best = NO_FLANK
    for cell, _over in placements(state, layout, card):
        after = dict(layout)
        after[cell] = card
        if options.flank_scope == "all":
            hit = [c for c in sorted(after) if g.flanked(after, c, options.jokers_flankable)]
        else:
            hit = fast.flanked_near(after, cell, options.jokers_flankable)
        changed = [cell]
        for c in hit:
            homes = any(q != mover and at == c for q, at in enumerate(d.sculptures))
            if c != cell and homes:
                best = SCULPTURE_HOME
            elif c != cell and not is_spirit(after[c]):
                best = max(best, A_FLANK)
            if not is_spirit(after[c]):
                del after[c]
                changed.append(c)
        found = fast.update_sites(d.sites, after, changed, options.king_over_spirits)
        sites.update(spirit for _, spirit in found if spirit in wanted)
    return Reach(frozenset(sites), best)


def draw_and_play(state: "SummonersState", deck: DeckKnowledge) -> list[Chance]:
    """If the mover draws and plays [S-DRAW-1]: for each of their Spirit cards, whether
    one placement can leave a summon site for it; and whether it can flank a card.
    Exact over the next card as `deck` gives it."""
    d = state.data
    mover = d.current
    layout = dict(state.cells)
    in_hand = [reach_of(state, layout, card) for card in sorted(set(d.hands[mover]))]
    by_card: dict[str, Reach] = {}
    sites: dict[str, Fraction] = {spirit: Fraction(0) for spirit in d.spirits[mover]}
    flanks: dict[int, Fraction] = {}
    for drawn, p in deck.next_card():
        card = str(drawn)
        if card not in by_card:
            by_card[card] = reach_of(state, layout, card)
        reaches = in_hand + [by_card[card]]
        for spirit in sites:
            if any(spirit in reach.sites for reach in reaches):
                sites[spirit] += p
        best = max(reach.flank for reach in reaches)
        flanks[best] = flanks.get(best, Fraction(0)) + p
    rows = []
    for spirit, p in sites.items():
        rows += as_rows(f"after {seat_name(mover)} draws and plays, a summon site for their {card_name(spirit)}",
                        [("yes", p), ("no", 1 - p)])
    rows += as_rows(f"after {seat_name(mover)} draws and plays, they can flank a card",
                    [(FLANK_OUTCOMES[kind], p) for kind, p in sorted(flanks.items(), reverse=True)])
    return rows
