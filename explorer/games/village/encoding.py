"""The JSON form of a position and its validating reader (used by files and scenarios).

    {"phase": "act", "active": 0, "turn": 0,
     "track": ["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"],    # left (low) to right
     "hands": [{"Crown": 2, "Wild": 1}, ...],     "known": [{}, ...],
     "bribes": [{"Crown": [2, 1]}, ...],           # treasure cards, wilds
     "stalls": {"3": {...}, "2": {...}, "1": {...}, "0": {...}},
     "deck": {"Axe": 10, ...}, "deck_top": ["Wild", "Crown"], "discard": {...},
     "refill": null | {"treasure": "Crown", "next_stall": 2},
     "paid": {...}, "ended_by": "" | "refill" | "draw"}

"deck" counts the unseen cards of the deck (a core `Deck`'s `unseen`), "deck_top" lists
its cards of known order, top first (its `top`). `decode` first converts the data into
`shapes.Saved` (msgspec: types and field names, errors name the field path), then refuses
anything that is not a reachable kind of position: card counts must add up to the box
exactly, and the error names the field.
"""
from __future__ import annotations

from typing import Any, Literal

from ...core.chance import Deck
from ...core.checks import per_seat
from ...core.errors import InvalidInput
from ...core.typed import convert
from . import rules
from .cards import KINDS, NAMES, TREASURES, WILD, as_dict, kind_index, parse_cards, treasure_index
from .data import VillageData
from .rules import CURSE, DRAW, ENDED_BY, OVER, PHASES, REFILL
from .shapes import Saved

_STALL_KEYS: tuple[Literal["0", "1", "2", "3"], ...] = ("0", "1", "2", "3")
"""The stalls' keys in the JSON form, by cost."""


def deck_counts(deck: Deck) -> tuple[int, ...]:
    """Counts by kind of the deck's unseen cards."""
    unseen = deck.unseen
    return tuple(map(unseen.count, range(KINDS)))


def deck_of(counts: tuple[int, ...], top: tuple[int, ...] = ()) -> Deck:
    """The `Deck` with `counts` unseen cards (by kind) under the known `top` cards."""
    return Deck(tuple(k for k in range(KINDS) for _ in range(counts[k])), tuple(top))


def encode(d: Any) -> dict[str, Any]:
    return {
        "phase": PHASES[d.phase],
        "active": d.active,
        "turn": d.turn,
        "track": [TREASURES[t] for t in d.track],
        "hands": [as_dict(h) for h in d.hands],
        "known": [as_dict(k) for k in d.known],
        "bribes": [{TREASURES[t]: [b[t], w[t]] for t in range(6) if b[t] or w[t]}
                   for b, w in zip(d.bribes, d.bribe_wilds)],
        "stalls": {str(c): as_dict(d.stalls[c]) for c in rules.STALL_ORDER},
        "deck": as_dict(deck_counts(d.deck)),
        "deck_top": [NAMES[k] for k in d.deck.top],
        "discard": as_dict(d.discard),
        "refill": None if d.refill_type < 0 else
        {"treasure": TREASURES[d.refill_type], "next_stall": d.next_stall},
        "paid": as_dict(d.paid),
        "ended_by": ENDED_BY[d.ended_by],
    }


def decode(raw: Any, game: Any, where: str = "") -> Any:
    """`VillageData` from the JSON form, validated against the game's box and options.

    Shape errors name the path below `where` ("data.hands[1]"); the checks of what the
    position means name the field alone ("known[0]", "paid")."""
    saved = convert(raw, Saved, where)
    n = game.players
    phase = PHASES.index(saved.phase)
    active = saved.active
    if active >= n:
        raise InvalidInput("active", f"expected a seat 0..{n - 1}, got {active}")
    if len(saved.track) != 6:
        raise InvalidInput("track", "expected the six treasure names, left (low) to right (high)")
    track = tuple(treasure_index(name, f"track[{i}]") for i, name in enumerate(saved.track))
    if len(set(track)) != 6:
        raise InvalidInput("track", "each treasure token must appear exactly once")
    hands = tuple(parse_cards(h, f"hands[{p}]")
                  for p, h in enumerate(per_seat(saved.hands, "hands", n)))
    known = tuple(parse_cards(k, f"known[{p}]")
                  for p, k in enumerate(per_seat(saved.known, "known", n)))
    for p in range(n):
        for k in range(KINDS):
            if known[p][k] > hands[p][k]:
                raise InvalidInput(f"known[{p}]", "more known cards than the hand holds")
    bribes, bribe_wilds = [], []
    for p, entry in enumerate(per_seat(saved.bribes, "bribes", n)):
        b, w = [0] * 6, [0] * 6
        for name, (cards, wilds) in entry.items():
            t = treasure_index(name, f"bribes[{p}]")
            if cards == 0 and wilds:
                raise InvalidInput(f"bribes[{p}].{name}",
                                   "a bribe holds at least one treasure card (V-BRIBE-2)")
            b[t] += cards
            w[t] += wilds
        bribes.append(tuple(b))
        bribe_wilds.append(tuple(w))
    if len(saved.stalls) != 4:
        raise InvalidInput("stalls", "expected the four stalls \"3\", \"2\", \"1\", \"0\"")
    stalls = tuple(parse_cards(saved.stalls[cost], f"stalls[{cost}]") for cost in _STALL_KEYS)
    deck = parse_cards(saved.deck, "deck")
    deck_top = tuple(kind_index(name, f"deck_top[{i}]") for i, name in enumerate(saved.deck_top))
    discard = parse_cards(saved.discard, "discard")
    paid = parse_cards(saved.paid, "paid")
    ended_by = ENDED_BY.index(saved.ended_by)
    refill_type, next_stall = -1, 3
    if saved.refill is not None:
        refill_type = treasure_index(saved.refill.treasure, "refill.treasure")
        next_stall = saved.refill.next_stall
    _check_phase(phase, refill_type, paid, ended_by, deck, deck_top)
    _check_box(game, hands, bribes, bribe_wilds, stalls, deck, deck_top, discard)
    return VillageData(phase=phase, active=active, turn=saved.turn, track=track, hands=hands,
                       known=known, bribes=tuple(bribes), bribe_wilds=tuple(bribe_wilds),
                       stalls=stalls, deck=deck_of(deck, deck_top), discard=discard,
                       refill_type=refill_type, next_stall=next_stall, paid=paid,
                       ended_by=ended_by)


def _check_phase(phase: int, refill_type: int, paid: tuple[int, ...], ended_by: int,
                 deck: tuple[int, ...], deck_top: tuple[int, ...]) -> None:
    if (phase == REFILL) != (refill_type >= 0):
        raise InvalidInput("refill", "a refill is given exactly when the phase is 'refill'")
    if phase == CURSE:
        if not any(paid[:WILD]) or sum(paid) > 3:
            raise InvalidInput("paid", "a curse needs the payment of 1-3 cards with a treasure "
                                       "(V-MARKET-4)")
    elif any(paid):
        raise InvalidInput("paid", "a payment waits for its curse only in the 'curse' phase")
    if (phase == OVER) != (ended_by > 0):
        raise InvalidInput("ended_by", "given exactly when the phase is 'over'")
    if phase in (REFILL, DRAW) and (deck_top or not any(deck)):
        raise InvalidInput("phase", f"a {PHASES[phase]} chance step needs unseen deck cards "
                                    "and no known cards on top")


def _check_box(game: Any, hands, bribes, bribe_wilds, stalls, deck, deck_top, discard) -> None:
    box = box_counts(game)
    total = [0] * KINDS
    for part in (*hands, *stalls, deck, discard):
        for k in range(KINDS):
            total[k] += part[k]
    for b, w in zip(bribes, bribe_wilds):
        for t in range(6):
            total[t] += b[t]
            total[WILD] += w[t]
    for k in deck_top:
        total[k] += 1
    for k in range(KINDS):
        if total[k] != box[k]:
            raise InvalidInput("cards", f"{total[k]} {NAMES[k]} cards in play, but the box has "
                                        f"{box[k]} (V-COMP-2, V-SETUP-2)")


def box_counts(game: Any) -> tuple[int, ...]:
    """Cards of each kind used with this many players (V-COMP-2, V-SETUP-2)."""
    opts = game.options
    return (opts.cards_per_type,) * 6 + (opts.wilds_by_players[game.players - 2],)
