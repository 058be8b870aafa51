"""Card types and card collections: counts tuples indexed by small ints, read and written by name.

Internally a collection of cards (a hand, a stall, the deck) is a 7-tuple of counts: index
0-5 are the six treasure types in `TREASURES` order and index 6 is the Wild. Small ints
keep play fast; every text a person reads or writes uses the short names ("Crown*2 Wild").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from ...core.errors import InvalidInput

TREASURES = ("Axe", "Feather", "Scroll", "Sword", "Crown", "Egg")
"""Short names of the six treasure types (V-COMP-3, V-COMP-4), used in texts and ids."""

FULL_NAMES = ("Barbarian's Axe", "Phoenix Feather", "Magic Scroll", "Enchanted Sword",
              "King's Crown", "Dragon Egg")
"""Printed names; the sixth is our stand-in name (option `sixth_treasure`, V-COMP-4)."""

COLORS = ("#b5651d", "#e4572e", "#4f86c6", "#9aa0a6", "#f2c14e", "#6a994e", "#c9a0dc")
"""Fill colour per card type for boards (the last one is the Wild)."""

WILD: Final = 6
KINDS: Final = 7
NAMES = TREASURES + ("Wild",)
EMPTY = (0,) * KINDS
INDEX = {name.lower(): i for i, name in enumerate(NAMES)}
A_NAME = tuple(("an " if name[0] in "AEIOU" else "a ") + name for name in NAMES)
"""'an Axe', 'a Crown': a card with its article, for sentences."""

MAX_COUNT = 999
"""The largest card count a text, a scenario or a file may write (three digits)."""

_TOKEN = re.compile(r"^([A-Za-z]{1,20})(?:\*([0-9]{1,3}))?$")
"""One card token, "Crown" or "Crown*2": a name and at most three ASCII digits, so that
huge or odd digit strings ("9"*5000, "²") are refused with InvalidInput."""


# Count arithmetic, written out for the 7 kinds: the hot steps of a game (a bribe, a
# visit, a payment) each do a few of these, and `tuple(map(add, a, b))` costs three
# times as much (a Python-level call per kind).
def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Per kind, `a + b`."""
    a0, a1, a2, a3, a4, a5, a6 = a
    b0, b1, b2, b3, b4, b5, b6 = b
    return (a0 + b0, a1 + b1, a2 + b2, a3 + b3, a4 + b4, a5 + b5, a6 + b6)


def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Per kind, `a - b`."""
    a0, a1, a2, a3, a4, a5, a6 = a
    b0, b1, b2, b3, b4, b5, b6 = b
    return (a0 - b0, a1 - b1, a2 - b2, a3 - b3, a4 - b4, a5 - b5, a6 - b6)


def traded(held: tuple[int, ...], paid: tuple[int, ...], got: tuple[int, ...],
           floor: bool = False) -> tuple[int, ...]:
    """Per kind, `held - paid + got`; with `floor`, `max(held - paid, 0) + got` (the
    known cards of a hand: paid cards leave them first, V-MARKET-5)."""
    h0, h1, h2, h3, h4, h5, h6 = held
    p0, p1, p2, p3, p4, p5, p6 = paid
    g0, g1, g2, g3, g4, g5, g6 = got
    if floor:
        h0, h1, h2, h3 = max(h0 - p0, 0), max(h1 - p1, 0), max(h2 - p2, 0), max(h3 - p3, 0)
        h4, h5, h6 = max(h4 - p4, 0), max(h5 - p5, 0), max(h6 - p6, 0)
        return (h0 + g0, h1 + g1, h2 + g2, h3 + g3, h4 + g4, h5 + g5, h6 + g6)
    return (h0 - p0 + g0, h1 - p1 + g1, h2 - p2 + g2, h3 - p3 + g3, h4 - p4 + g4,
            h5 - p5 + g5, h6 - p6 + g6)


def kind_index(name: str, field: str) -> int:
    """The index of a card type name (case-insensitive), InvalidInput naming `field` if unknown."""
    index = INDEX.get(name.strip().lower())
    if index is None:
        raise InvalidInput(field, f"unknown card {name[:40]!r}; known: {', '.join(NAMES)}")
    return index


def treasure_index(name: str, field: str) -> int:
    """Like `kind_index` but refuses the Wild (a token, a bribe or a curse names a treasure)."""
    index = kind_index(name, field)
    if index == WILD:
        raise InvalidInput(field, "a Wild is not a treasure type here; name one of "
                                  + ", ".join(TREASURES))
    return index


def parse_cards(raw: str | list[str] | dict[str, int], field: str) -> tuple[int, ...]:
    """Counts from "Crown*2 Wild", a list of names, or a mapping name -> count.

    The shape is already checked (`shapes.Cards`, by msgspec); this reads the names.
    Tokens are separated by spaces, commas or '+'; "Name" alone means one card. An empty
    string, list or mapping is no cards.
    """
    counts = [0] * KINDS
    if isinstance(raw, str):
        for token in re.split(r"[\s,+]+", raw.strip()):
            if not token:
                continue
            match = _TOKEN.match(token)
            if match is None:
                raise InvalidInput(field, f"cannot read {token[:40]!r}; write cards like "
                                          "'Crown*2 Wild' (at most 3 digits)")
            counts[kind_index(match.group(1), field)] += int(match.group(2) or 1)
    elif isinstance(raw, dict):
        for name, n in raw.items():
            counts[kind_index(name, f"{field}.{name}")] += n
    else:
        for i, name in enumerate(raw):
            counts[kind_index(name, f"{field}[{i}]")] += 1
    return tuple(counts)


def ordered_cards(raw: str | list[str], field: str) -> tuple[int, ...]:
    """Card kinds in order (top first) from "Sword*2 Wild" or a list of names."""
    if isinstance(raw, str):
        out: list[int] = []
        for i, token in enumerate(t for t in re.split(r"[\s,+]+", raw.strip()) if t):
            match = _TOKEN.match(token)
            if match is None:
                raise InvalidInput(field, f"cannot read {token[:40]!r}; write cards like "
                                          "'Sword*2 Wild' (at most 3 digits)")
            out += [kind_index(match.group(1), f"{field}[{i}]")] * int(match.group(2) or 1)
        return tuple(out)
    return tuple(kind_index(name, f"{field}[{i}]") for i, name in enumerate(raw))


def format_cards(counts: tuple[int, ...], first: int | None = None) -> str:
    """'Crown*2 Wild': the stable text of a collection (type `first` listed first)."""
    order = range(KINDS) if first is None else (first, *(i for i in range(KINDS) if i != first))
    parts = []
    for i in order:
        n = counts[i]
        if n == 1:
            parts.append(NAMES[i])
        elif n > 1:
            parts.append(f"{NAMES[i]}*{n}")
    return " ".join(parts)


@lru_cache(maxsize=65536)
def describe_cards(counts: tuple[int, ...]) -> str:
    """'2 Crown + 1 Wild' for sentences ('no cards' when empty); cached, as the same
    collections recur in the narration of every game."""
    parts = [f"{n} {NAMES[i]}" for i, n in enumerate(counts) if n]
    return " + ".join(parts) if parts else "no cards"


def as_dict(counts: tuple[int, ...]) -> dict[str, int]:
    """{name: count} of the non-zero counts, in type order (for views and JSON). A fresh
    dict each time (a caller may change it), copied from a remembered one: the same
    collections recur in every view of every game."""
    return dict(_named_counts(counts))


@lru_cache(maxsize=65536)
def _named_counts(counts: tuple[int, ...]) -> dict[str, int]:
    return {NAMES[i]: n for i, n in enumerate(counts) if n}
