"""What one seat (or the teacher) may see of a position, as a JSON-able dict.

A player sees their own hand, the size of every other hand and the cards in it that
everyone saw it take from the Black Market, every bribe, the track, the stalls, the
deck size (not its contents) and the discard pile. The teacher (viewer None) sees all
hands and the cards of known order on top of the deck (`deck_top`, set by a scenario),
and at the end of the game every hand is shown for scoring. `redeal` deals again exactly
what one seat cannot see.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.agents import register_seat_view
from ...core.chance import Deck
from ...core.chance import redeal as redeal_pool
from . import rules
from .cards import FULL_NAMES, INDEX, KINDS, NAMES, TREASURES, as_dict, minus
from .data import VillageData
from .rules import OVER, PHASES

if TYPE_CHECKING:
    from .state import VillageState


def treasure_names(sixth: str) -> dict[str, str]:
    """Short name -> printed name, with the option's name for the sixth type (a fresh
    dict, copied from a remembered one)."""
    return dict(_treasure_names(sixth))


@lru_cache(maxsize=64)
def _treasure_names(sixth: str) -> dict[str, str]:
    return dict(zip(TREASURES, FULL_NAMES[:5] + (sixth,)))


def build_view(state: "VillageState", viewer: int | None) -> dict[str, Any]:
    d = state.data
    game = state.game
    opts = game.options
    value = rules.values(d.track, opts.track_values)
    who = state.to_move
    over = d.phase == OVER
    hands = []
    for p, hand in enumerate(d.hands):
        entry: dict[str, Any] = {"size": sum(hand), "known": as_dict(d.known[p])}
        if viewer is None or viewer == p or over:
            entry["cards"] = as_dict(hand)
        hands.append(entry)
    bribes = [{TREASURES[t]: {"cards": b[t], "wilds": w[t]} for t in range(6) if b[t]}
              for b, w in zip(d.bribes, d.bribe_wilds)]
    bribe_points = [sum((b[t] + w[t]) * value[t] for t in range(6))
                    for b, w in zip(d.bribes, d.bribe_wilds)]
    out: dict[str, Any] = {
        "game": game.name,
        "viewer": viewer,
        "players": game.players,
        "to_move": "chance" if who == -1 else who,
        "turn": d.turn,
        "over": over,
        "events": state.visible_events(viewer),
        "phase": PHASES[d.phase],
        "active": d.active,
        "names": treasure_names(opts.sixth_treasure),
        "track": [{"treasure": TREASURES[t], "value": opts.track_values[i]}
                  for i, t in enumerate(d.track)],
        "hands": hands,
        "bribes": bribes,
        "bribe_points": bribe_points,
        "stalls": [{"cost": c, "cards": as_dict(d.stalls[c])} for c in rules.STALL_ORDER],
        "deck": d.deck.size,
        "discard": as_dict(d.discard),
        "refill": None if d.refill_type < 0 else
        {"treasure": TREASURES[d.refill_type], "next_stall": d.next_stall},
        "curse": None if not any(d.paid) else
        {"discarded": as_dict(d.paid), "spaces": sum(d.paid),
         "choices": [TREASURES[t] for t in range(6) if d.paid[t]]},
        "wild_penalty": 2,
    }
    if viewer is None:
        out["deck_top"] = [NAMES[k] for k in d.deck.top]   # known to the teacher only
    if over:
        result = state.outcome()
        assert result is not None
        out["outcome"] = result.to_jsonable()
    return out



class VillageSeat(NamedTuple):
    """What one seat's view says that a player weighs, typed: counts by card index
    (7 kinds, Wild last) instead of names. `seat_view` reads it from the state for
    speed; `seat_from_view` reads the same from the view dict, and a test checks that
    the two agree, so the typed view holds nothing the seat may not see."""

    seat: int
    track: tuple[int, ...]                  # treasure per space, low to high
    track_values: tuple[int, ...]           # printed value per space
    hand: tuple[int, ...]                   # the seat's own hand
    bribes: tuple[tuple[int, ...], ...]     # per seat: cards (wilds included) per bribe type
    stalls: tuple[tuple[int, ...], ...]     # index = stall cost
    deck: int                               # cards left in the deck
    curse_spaces: int                       # spaces of the curse to choose, else 0


def seat_view(state: "VillageState", seat: int) -> VillageSeat:
    """`seat`'s `VillageSeat`, straight from the state (see `seat_from_view`)."""
    d = state.data
    bribes = d.bribes
    if any(map(any, d.bribe_wilds)):             # wilds count with the type they bribe
        bribes = tuple(tuple([c + w if c else 0 for c, w in zip(b, wilds)])
                       for b, wilds in zip(bribes, d.bribe_wilds))
    return VillageSeat(seat, d.track, state.game.options.track_values, d.hands[seat], bribes,
                       d.stalls, d.deck.size, sum(d.paid))


def seat_from_view(view: dict[str, Any], seat: int) -> VillageSeat:
    """The same `VillageSeat` read from `seat`'s view dict: the reference `seat_view`
    is tested against, and what an observation holding only the
    view gives its agent."""
    stalls = {s["cost"]: _counts(s["cards"]) for s in view["stalls"]}
    bribes = []
    for entry in view["bribes"]:
        counts = [0] * 6
        for name, b in entry.items():
            counts[INDEX[name.lower()]] = b["cards"] + b["wilds"]
        bribes.append(tuple(counts))
    return VillageSeat(seat, tuple(TREASURES.index(s["treasure"]) for s in view["track"]),
                       tuple(s["value"] for s in view["track"]),
                       _counts(view["hands"][seat]["cards"]), tuple(bribes),
                       tuple(stalls[c] for c in sorted(stalls)), view["deck"],
                       view["curse"]["spaces"] if view["curse"] else 0)


def _counts(cards: dict[str, int]) -> tuple[int, ...]:
    """Counts by card index from a view's {name: count}."""
    counts = [0] * KINDS
    for name, n in cards.items():
        counts[INDEX[name.lower()]] = n
    return tuple(counts)


register_seat_view("village", seat_view, seat_from_view)


def redeal(d: VillageData, viewer: int, rng: random.Random) -> VillageData:
    """Redeal what `viewer` cannot see: the deck (its known top too: only a teacher
    knows it) and the cards of other hands nobody saw them take.

    The pool and the sizes come from what `viewer` sees alone (`chance.redeal` sorts the
    pool before the shuffle), so a sample reveals nothing. At the end every hand is
    shown: only the deck is hidden, and its order does not matter any more.
    """
    deck = d.deck.hidden()
    if d.phase == OVER:
        return d._replace(deck=deck)
    pool = list(deck.unseen)
    seats, sizes = [], []
    for q in range(len(d.hands)):
        if q != viewer:
            unknown = minus(d.hands[q], d.known[q])
            seats.append(q)
            sizes.append(sum(unknown))
            for k, n in enumerate(unknown):
                pool += [k] * n
    parts, rest = redeal_pool(rng, pool, sizes)
    hands = list(d.hands)
    for q, part in zip(seats, parts):
        counts = list(d.known[q])
        for card in part:
            counts[card] += 1
        hands[q] = tuple(counts)
    return d._replace(hands=tuple(hands), deck=Deck(rest))
