"""`VillageGame.scenario(spec=None, **fields)`: any position from a short description.

The description is validated like a saved file: its shape by msgspec (`shapes.Scenario`,
errors name the field path such as ``hands[1]``), then what it means (every card of the
box in exactly one place, a curse has a payment, ...), again naming the field.

Names (any letter case): the treasures Axe, Feather, Scroll, Sword, Crown, Egg (Barbarian's
Axe, Phoenix Feather, Magic Scroll, Enchanted Sword, King's Crown, Dragon Egg) and Wild.
Seats are numbers 0..players-1 (written P0, P1 in move texts). Card collections (*cards*)
are written "Crown*2 Wild" (counts up to 999, at most 3 digits), as a list of names
["Crown", "Crown", "Wild"], or as a mapping {"Crown": 2, "Wild": 1}.

Fields (all optional; where a field is also in `view()`, the view's shape is accepted):

    track     the six treasure names from the lowest space to the top space, as one
              string "Axe Feather Scroll Sword Crown Egg" (the default), a list of names,
              or the view's list [{"treasure": "Axe", "value": 1}, ...] (values ignored:
              they come from the option `track_values`)
    hands     a list with one *cards* per seat (default: empty hands)
    known     per seat, the *cards* of that hand every player saw it take from the Black
              Market (default none); at most the hand's own cards
    bribes    per seat, a mapping treasure -> that bribe: its treasure cards (3),
              [cards, wilds] ([3, 1]), the view's {"cards": 3, "wilds": 1}, or *cards* of
              that treasure plus wilds ("Crown*3 Wild"); a bribe holds >= 1 treasure card
    stalls    the Black Market: a mapping cost -> *cards* ({3: "Egg*2", 0: "Axe"}, keys 3,
              2, 1, 0 as numbers or text), a list of four *cards* in the order 3, 2, 1, 0,
              or the view's list [{"cost": 3, "cards": {...}}, ...]; default: empty stalls
    deck_top  cards of known order on top of the deck, top first: "Sword*2 Wild" or
              ["Sword", "Sword", "Wild"] (the view shows them to the teacher as a list);
              dealing or drawing them is not a chance step
    deck      the unseen part of the deck as *cards*; default: every card of the box not
              placed elsewhere ({} or "": none)
    discard   the discard pile as *cards*; default: empty, or, if `deck` is given, every
              card of the box left over
    to_move   the seat whose turn it is, 0..players-1 (default: option first_player)
    turn      turns played so far, a whole number >= 0 (default 0)
    phase     the step of the turn: "act" (default: choose an action), "curse" (a Black
              Market visit was paid: give `paid`), "refill" (a bribe's refill is under
              way: give `refill`) or "draw" (a draw waits for the deck's card); "refill"
              and "draw" are chance steps and need unseen deck cards and no `deck_top`
    paid      in phase "curse": the *cards* paid (1-3 cards, at least one treasure)
    refill    in phase "refill": {"treasure": "Crown", "next_stall": 3..0}

Example: ``game.scenario(hands=["Crown*2 Wild", "Axe"], deck_top="Sword Wild", deck={})``.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import InvalidInput
from ...core.typed import convert
from .cards import KINDS, NAMES, TREASURES, WILD, as_dict, ordered_cards, parse_cards, treasure_index
from .encoding import box_counts, decode
from .shapes import BribeView, Count, Scenario, StallView, TrackView

FIELDS = tuple(Scenario.__struct_fields__)


def build(game: Any, spec: Mapping[str, Any] | None, fields: dict[str, Any]) -> Any:
    """`VillageData` for the described position (see the module docstring)."""
    merged = {**convert(dict(spec) if isinstance(spec, Mapping) else spec or {},
                        dict[str, Any], "spec"), **fields}
    for name in merged:
        if name not in FIELDS:
            raise InvalidInput(str(name), f"unknown scenario field; known: {', '.join(FIELDS)}")
    s = convert(merged, Scenario)
    n = game.players
    track = _track(s.track)
    hands = _seats(s.hands, "hands", n)
    known = _seats(s.known, "known", n)
    bribes = _bribes(s.bribes, n)
    stalls = _stalls(s.stalls)
    deck_top = ordered_cards(s.deck_top, "deck_top")
    paid = parse_cards(s.paid, "paid")
    placed: list[tuple[str, tuple[int, ...]]] = [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    for p, entry in enumerate(bribes):
        for name, (c, w) in entry.items():
            counts = [0] * KINDS
            counts[TREASURES.index(name)] = c
            counts[WILD] = w
            placed.append((f"bribes[{p}].{name}", tuple(counts)))
    placed += [(f"stalls[{c}]", stalls[c]) for c in (3, 2, 1, 0)]
    placed.append(("deck_top", tuple(deck_top.count(k) for k in range(KINDS))))
    discard = None if s.discard is None else parse_cards(s.discard, "discard")
    deck = None if s.deck is None else parse_cards(s.deck, "deck")
    if discard is not None:
        placed.append(("discard", discard))
    if deck is not None:
        placed.append(("deck", deck))
    box = box_counts(game)
    used = [0] * KINDS
    for field, placed_counts in placed:
        for k in range(KINDS):
            used[k] += placed_counts[k]
            if used[k] > box[k]:
                raise InvalidInput(field, f"too many {NAMES[k]}: the box has {box[k]} "
                                          f"(V-COMP-2, V-SETUP-2)")
    rest = tuple(b - u for b, u in zip(box, used))
    if deck is None:
        deck = rest
    if discard is None:
        discard = rest if s.deck is not None else (0,) * KINDS
    active = game.options.first_player if s.to_move is None else s.to_move
    if active >= n:
        raise InvalidInput("to_move", f"expected a seat 0..{n - 1}, got {active}")
    raw = {
        "phase": s.phase,
        "active": active,
        "turn": s.turn,
        "track": [TREASURES[t] for t in track],
        "hands": [as_dict(h) for h in hands],
        "known": [as_dict(k) for k in known],
        "bribes": [{t: [c, w] for t, (c, w) in entry.items()} for entry in bribes],
        "stalls": {str(c): as_dict(stalls[c]) for c in range(4)},
        "deck": as_dict(deck),
        "deck_top": [NAMES[k] for k in deck_top],
        "discard": as_dict(discard),
        "refill": None if s.refill is None else
        {"treasure": s.refill.treasure, "next_stall": s.refill.next_stall},
        "paid": as_dict(paid),
        "ended_by": "",
    }
    return decode(raw, game)


def _track(raw: Any) -> tuple[int, ...]:
    if raw is None:
        return tuple(range(6))
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    names = []
    for i, entry in enumerate(raw):
        if isinstance(entry, dict):  # the view's {"treasure": ..., "value": ...}
            entry = convert(entry, TrackView, f"track[{i}]").treasure
        names.append(treasure_index(entry, f"track[{i}]"))
    if len(names) != 6 or len(set(names)) != 6:
        raise InvalidInput("track", "expected the six treasure names once each, lowest space "
                                    "first")
    return tuple(names)


def _seats(raw: list | None, field: str, n: int) -> list[tuple[int, ...]]:
    if raw is None:
        return [(0,) * KINDS] * n
    if len(raw) != n:
        raise InvalidInput(field, f"expected one entry per seat ({n}), got {len(raw)}")
    return [parse_cards(entry, f"{field}[{p}]") for p, entry in enumerate(raw)]


def _bribes(raw: list | None, n: int) -> list[dict[str, tuple[int, int]]]:
    if raw is None:
        return [{} for _ in range(n)]
    if len(raw) != n:
        raise InvalidInput("bribes", f"expected one mapping per seat ({n}), got {len(raw)}")
    out = []
    for p, entry in enumerate(raw):
        seat: dict[str, tuple[int, int]] = {}
        for name, value in entry.items():
            t = treasure_index(name, f"bribes[{p}]")
            where = f"bribes[{p}].{TREASURES[t]}"
            # dispatch on the union member msgspec let through (`shapes.BribeCards`)
            if isinstance(value, int):
                pair = (value, 0)
            elif isinstance(value, dict) and value and set(value) <= {"cards", "wilds"}:
                view = convert(value, BribeView, where)               # the view's shape
                pair = (view.cards, view.wilds)
            elif isinstance(value, list) and value and not isinstance(value[0], str):
                pair = convert(value, tuple[Count, Count], where)     # [cards, wilds]
            else:
                names = convert(value, list[str], where) if isinstance(value, list) else value
                counts = parse_cards(names, where)
                if any(counts[k] for k in range(6) if k != t):
                    raise InvalidInput(where, "a bribe holds one treasure type plus wilds "
                                              "(V-BRIBE-1)")
                pair = (counts[t], counts[WILD])
            if pair[0] == 0:
                raise InvalidInput(where, "a bribe holds at least one treasure card (V-BRIBE-2)")
            seat[TREASURES[t]] = pair
        out.append(seat)
    return out


def _stalls(raw: Any) -> list[tuple[int, ...]]:
    stalls: list[tuple[int, ...]] = [(0,) * KINDS] * 4
    if raw is None:
        return stalls
    if isinstance(raw, list):
        if len(raw) != 4:
            raise InvalidInput("stalls", "expected four stalls in the order 3, 2, 1, 0")
        for i, (cost, entry) in enumerate(zip((3, 2, 1, 0), raw)):
            if isinstance(entry, dict) and "cost" in entry:   # the view's shape
                view = convert(entry, StallView, f"stalls[{i}]")
                stalls[view.cost] = parse_cards(view.cards, f"stalls[{i}].cards")
            else:
                if isinstance(entry, dict):
                    entry = convert(entry, dict[str, Count], f"stalls[{i}]")
                stalls[cost] = parse_cards(entry, f"stalls[{cost}]")
        return stalls
    for key, entry in raw.items():
        if str(key) not in ("0", "1", "2", "3"):
            raise InvalidInput("stalls", f"there is no stall {str(key)[:20]!r}; stalls cost "
                                         "3, 2, 1, 0")
        stalls[int(str(key))] = parse_cards(entry, f"stalls[{key}]")
    return stalls
