"""The JSON form of a position and its validating reader (used by files and scenarios).

    {"phase": "act", "active": 0, "turn": 0,
     "track": ["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"],    # left (low) to right
     "hands": [{"Crown": 2, "Wild": 1}, ...],     "known": [{}, ...],
     "bribes": [{"Crown": [2, 1]}, ...],           # treasure cards, wilds
     "stalls": {"3": {...}, "2": {...}, "1": {...}, "0": {...}},
     "deck": {"Axe": 10, ...}, "deck_top": ["Wild", "Crown"], "discard": {...},
     "refill": null | {"treasure": "Crown", "next_stall": 2},
     "paid": {...}, "ended_by": "" | "refill" | "draw"}

`decode` refuses anything that is not a reachable kind of position: card counts must
add up to the box exactly, every field is checked, and the error names the field.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import InvalidInput
from . import rules
from .cards import (
    KINDS,
    NAMES,
    TREASURES,
    WILD,
    as_dict,
    kind_index,
    parse_cards,
    treasure_index,
)
from .rules import CURSE, DRAW, ENDED_BY, OVER, PHASES, REFILL


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
        "deck": as_dict(d.deck),
        "deck_top": [NAMES[k] for k in d.deck_top],
        "discard": as_dict(d.discard),
        "refill": None if d.refill_type < 0 else
        {"treasure": TREASURES[d.refill_type], "next_stall": d.next_stall},
        "paid": as_dict(d.paid),
        "ended_by": ENDED_BY[d.ended_by],
    }


FIELDS = ("phase", "active", "turn", "track", "hands", "known", "bribes", "stalls", "deck",
          "deck_top", "discard", "refill", "paid", "ended_by")


def _int(raw: Any, field: str, low: int, high: int | None = None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidInput(field, f"expected a whole number, got {raw!r}")
    if raw < low or (high is not None and raw > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidInput(field, f"expected a number in {bound}, got {raw}")
    return raw


def _per_player(raw: Any, field: str, players: int) -> list[Any]:
    if not isinstance(raw, list) or len(raw) != players:
        raise InvalidInput(field, f"expected a list with one entry per player ({players})")
    return raw


def decode(raw: Any, game: Any) -> Any:
    """`VillageData` from the JSON form, validated against the game's box and options."""
    from .state import VillageData
    if not isinstance(raw, dict):
        raise InvalidInput("data", "expected a JSON object")
    for name in raw:
        if name not in FIELDS:
            raise InvalidInput(f"data.{name}", f"unknown field; known: {', '.join(FIELDS)}")
    for name in FIELDS:
        if name not in raw:
            raise InvalidInput(name, "missing")
    n = game.players
    if raw["phase"] not in PHASES:
        raise InvalidInput("phase", f"expected one of {', '.join(PHASES)}, got {raw['phase']!r}")
    phase = PHASES.index(raw["phase"])
    active = _int(raw["active"], "active", 0, n - 1)
    turn = _int(raw["turn"], "turn", 0)
    track_raw = raw["track"]
    if not isinstance(track_raw, list) or len(track_raw) != 6:
        raise InvalidInput("track", "expected the six treasure names, left (low) to right (high)")
    track = tuple(treasure_index(name, f"track[{i}]") for i, name in enumerate(track_raw))
    if len(set(track)) != 6:
        raise InvalidInput("track", "each treasure token must appear exactly once")
    hands = tuple(parse_cards(h, f"hands[{p}]") for p, h in enumerate(_per_player(raw["hands"], "hands", n)))
    known = tuple(parse_cards(k, f"known[{p}]") for p, k in enumerate(_per_player(raw["known"], "known", n)))
    for p in range(n):
        for k in range(KINDS):
            if known[p][k] > hands[p][k]:
                raise InvalidInput(f"known[{p}]", "more known cards than the hand holds")
    bribes, bribe_wilds = [], []
    for p, entry in enumerate(_per_player(raw["bribes"], "bribes", n)):
        b, w = [0] * 6, [0] * 6
        if not isinstance(entry, dict):
            raise InvalidInput(f"bribes[{p}]", "expected a mapping treasure -> [cards, wilds]")
        for name, pair in entry.items():
            t = treasure_index(name, f"bribes[{p}]")
            where = f"bribes[{p}].{name}"
            if not isinstance(pair, list) or len(pair) != 2:
                raise InvalidInput(where, "expected [treasure cards, wilds]")
            b[t] = _int(pair[0], where, 0)
            w[t] = _int(pair[1], where, 0)
            if b[t] == 0 and w[t]:
                raise InvalidInput(where, "a bribe holds at least one treasure card (V-BRIBE-2)")
        bribes.append(tuple(b))
        bribe_wilds.append(tuple(w))
    stalls_raw = raw["stalls"]
    if not isinstance(stalls_raw, dict) or set(stalls_raw) != {"0", "1", "2", "3"}:
        raise InvalidInput("stalls", "expected the four stalls \"3\", \"2\", \"1\", \"0\"")
    stalls = tuple(parse_cards(stalls_raw[str(c)], f"stalls[{c}]") for c in range(4))
    deck = parse_cards(raw["deck"], "deck")
    top_raw = raw["deck_top"]
    if not isinstance(top_raw, list):
        raise InvalidInput("deck_top", "expected a list of card names from the top")
    deck_top = tuple(kind_index(name, f"deck_top[{i}]") for i, name in enumerate(top_raw))
    discard = parse_cards(raw["discard"], "discard")
    paid = parse_cards(raw["paid"], "paid")
    if raw["ended_by"] not in ENDED_BY:
        raise InvalidInput("ended_by", f"expected one of {ENDED_BY}, got {raw['ended_by']!r}")
    ended_by = ENDED_BY.index(raw["ended_by"])
    refill_type, next_stall = -1, 3
    refill = raw["refill"]
    if refill is not None:
        if not isinstance(refill, dict) or set(refill) != {"treasure", "next_stall"}:
            raise InvalidInput("refill", "expected null or {\"treasure\": ..., \"next_stall\": ...}")
        refill_type = treasure_index(refill["treasure"], "refill.treasure")
        next_stall = _int(refill["next_stall"], "refill.next_stall", 0, 3)
    _check_phase(phase, refill_type, paid, ended_by, deck, deck_top)
    _check_box(game, hands, bribes, bribe_wilds, stalls, deck, deck_top, discard)
    return VillageData(phase, active, turn, track, hands, known, tuple(bribes), tuple(bribe_wilds),
                       stalls, deck, deck_top, discard, refill_type, next_stall, paid, ended_by)


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

