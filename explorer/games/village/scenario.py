"""`VillageGame.scenario`: any position from a short description, validated like a saved file.

Fields (all optional; card collections are written "Crown*2 Wild", as a list of names
["Crown", "Crown", "Wild"] or as a mapping {"Crown": 2, "Wild": 1}; names are the short
treasure names Axe, Feather, Scroll, Sword, Crown, Egg and Wild, any letter case):

    track     the six treasure names from the lowest space to the top space
              (default Axe Feather Scroll Sword Crown Egg), as a list or one string
    hands     one collection per seat (default: empty hands)
    known     per seat, the hand cards every player saw it take from the market (default none)
    bribes    per seat, a mapping treasure -> treasure cards (int), [cards, wilds] or a
              collection such as "Crown*3 Wild" (default none)
    stalls    {3: cards, 2: cards, 1: cards, 0: cards} or a list in the order 3, 2, 1, 0
    deck_top  cards of known order from the top of the deck, e.g. "Sword Sword Wild";
              dealing them is not a chance step
    deck      the unseen part of the deck; default: every card of the box not placed elsewhere
    discard   the discard pile; default: empty, or, if `deck` is given, every card left over
    to_move   the seat to act (default: option first_player); `turn`: turns played (default 0)
    phase     "act" (default), "curse" (then `paid`: the payment to curse from),
              "refill" (then `refill`: {"treasure": ..., "next_stall": 3..0}) or "draw"

Example: ``game.scenario(hands=["Crown*2 Wild", "Axe"], deck_top="Sword Wild", deck={})``.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import InvalidInput
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
from .encoding import box_counts, decode

FIELDS = ("track", "hands", "known", "bribes", "stalls", "deck_top", "deck", "discard", "to_move",
          "turn", "phase", "paid", "refill")


def build(game: Any, spec: Mapping[str, Any] | None, fields: dict[str, Any]) -> Any:
    """`VillageData` for the described position (see the module docstring)."""
    if spec is not None and not isinstance(spec, Mapping):
        raise InvalidInput("spec", f"expected a mapping of fields, got {type(spec).__name__}")
    merged = {**(dict(spec) if spec else {}), **fields}
    for name in merged:
        if name not in FIELDS:
            raise InvalidInput(str(name), f"unknown scenario field; known: {', '.join(FIELDS)}")
    n = game.players
    track = merged.get("track", list(TREASURES))
    if isinstance(track, str):
        track = track.split()
    if not isinstance(track, (list, tuple)):
        raise InvalidInput("track", "expected six treasure names, lowest space first")
    hands = _seats(merged.get("hands"), "hands", n)
    known = _seats(merged.get("known"), "known", n)
    bribes = _bribes(merged.get("bribes"), n)
    stalls = _stalls(merged.get("stalls"))
    deck_top = _ordered(merged.get("deck_top", []), "deck_top")
    paid = parse_cards(merged.get("paid", {}), "paid")
    placed: list[tuple[str, tuple[int, ...]]] = [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    for p, entry in enumerate(bribes):
        for name, (c, w) in entry.items():
            counts = [0] * KINDS
            counts[TREASURES.index(name)] = c
            counts[WILD] = w
            placed.append((f"bribes[{p}].{name}", tuple(counts)))
    placed += [(f"stalls[{c}]", stalls[c]) for c in (3, 2, 1, 0)]
    placed.append(("deck_top", tuple(deck_top.count(k) for k in range(KINDS))))
    has_deck = "deck" in merged
    has_discard = "discard" in merged
    if has_discard:
        placed.append(("discard", parse_cards(merged["discard"], "discard")))
    if has_deck:
        placed.append(("deck", parse_cards(merged["deck"], "deck")))
    box = box_counts(game)
    used = [0] * KINDS
    for field, counts in placed:
        for k in range(KINDS):
            used[k] += counts[k]
            if used[k] > box[k]:
                raise InvalidInput(field, f"too many {NAMES[k]}: the box has {box[k]} "
                                          f"(V-COMP-2, V-SETUP-2)")
    rest = tuple(b - u for b, u in zip(box, used))
    deck = parse_cards(merged["deck"], "deck") if has_deck else rest
    discard = parse_cards(merged["discard"], "discard") if has_discard else \
        (rest if has_deck else (0,) * KINDS)
    active = merged.get("to_move", game.options.first_player)
    if isinstance(active, bool) or not isinstance(active, int) or not 0 <= active < n:
        raise InvalidInput("to_move", f"expected a seat 0..{n - 1}, got {active!r}")
    raw = {
        "phase": merged.get("phase", "act"),
        "active": active,
        "turn": merged.get("turn", 0),
        "track": list(track),
        "hands": [as_dict(h) for h in hands],
        "known": [as_dict(k) for k in known],
        "bribes": [{t: [c, w] for t, (c, w) in entry.items()} for entry in bribes],
        "stalls": {str(c): as_dict(stalls[c]) for c in range(4)},
        "deck": as_dict(deck),
        "deck_top": [NAMES[k] for k in deck_top],
        "discard": as_dict(discard),
        "refill": merged.get("refill"),
        "paid": as_dict(paid),
        "ended_by": "",
    }
    return decode(raw, game)


def _seats(raw: Any, field: str, n: int) -> list[tuple[int, ...]]:
    if raw is None:
        return [(0,) * KINDS] * n
    if not isinstance(raw, (list, tuple)) or len(raw) != n:
        raise InvalidInput(field, f"expected one entry per seat ({n})")
    return [parse_cards(entry, f"{field}[{p}]") for p, entry in enumerate(raw)]


def _bribes(raw: Any, n: int) -> list[dict[str, tuple[int, int]]]:
    if raw is None:
        return [{} for _ in range(n)]
    if not isinstance(raw, (list, tuple)) or len(raw) != n:
        raise InvalidInput("bribes", f"expected one mapping per seat ({n})")
    out = []
    for p, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise InvalidInput(f"bribes[{p}]", "expected a mapping treasure -> cards")
        seat: dict[str, tuple[int, int]] = {}
        for name, value in entry.items():
            t = treasure_index(name, f"bribes[{p}]")
            where = f"bribes[{p}].{TREASURES[t]}"
            if isinstance(value, int) and not isinstance(value, bool):
                pair = (value, 0)
            elif isinstance(value, (list, tuple)) and len(value) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value):
                pair = (value[0], value[1])
            else:
                counts = parse_cards(value, where)
                if any(counts[k] for k in range(6) if k != t):
                    raise InvalidInput(where, "a bribe holds one treasure type plus wilds (V-BRIBE-1)")
                pair = (counts[t], counts[WILD])
            if pair[0] < 0 or pair[1] < 0:
                raise InvalidInput(where, "counts must be >= 0")
            if pair[0] == 0:
                raise InvalidInput(where, "a bribe holds at least one treasure card (V-BRIBE-2)")
            seat[TREASURES[t]] = pair
        out.append(seat)
    return out


def _stalls(raw: Any) -> list[tuple[int, ...]]:
    stalls = [(0,) * KINDS] * 4
    if raw is None:
        return stalls
    if isinstance(raw, (list, tuple)):
        if len(raw) != 4:
            raise InvalidInput("stalls", "expected four stalls in the order 3, 2, 1, 0")
        for cost, entry in zip((3, 2, 1, 0), raw):
            stalls[cost] = parse_cards(entry, f"stalls[{cost}]")
        return stalls
    if not isinstance(raw, Mapping):
        raise InvalidInput("stalls", "expected {3: cards, 2: cards, 1: cards, 0: cards}")
    for key, entry in raw.items():
        if str(key) not in ("0", "1", "2", "3"):
            raise InvalidInput("stalls", f"there is no stall {key!r}; stalls cost 3, 2, 1, 0")
        stalls[int(str(key))] = parse_cards(entry, f"stalls[{key}]")
    return stalls


def _ordered(raw: Any, field: str) -> list[int]:
    """Cards in order (top first) from "Sword*2 Wild" or a list of names."""
    if isinstance(raw, str):
        out = []
        for i, token in enumerate(raw.replace(",", " ").split()):
            name, _, count = token.partition("*")
            if count and (not count.isdigit() or int(count) > 200):
                raise InvalidInput(field, f"cannot read {token!r}; write cards like 'Sword*2 Wild'")
            out += [kind_index(name, f"{field}[{i}]")] * (int(count) if count else 1)
        return out
    if isinstance(raw, (list, tuple)):
        return [kind_index(name, f"{field}[{i}]") for i, name in enumerate(raw)]
    raise InvalidInput(field, "expected cards in order, e.g. 'Sword*2 Wild' or a list of names")
