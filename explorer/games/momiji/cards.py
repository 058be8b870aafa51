"""Leaf cards of Momiji: six types, values 0-3, acorns in the lower corners.

A card is a small int `code = type * 16 + value * 4 + corner` (corner 0 none, 1 left,
2 right, 3 both), so sorted tuples of codes are multisets grouped by type (M-COMP-1).
Cards of the same type, value and corners are identical. Text names read
"Maple-0", "Maple-0L", "Maple-2R", "Maple-1LR" (any letter case).
"""
from __future__ import annotations

import re

from ...core.errors import InvalidInput

Card = int
"""A leaf card: its code, type * 16 + value * 4 + corner (see the module docstring)."""

TYPES = ("Maple", "Ginkgo", "Oak", "Birch", "Sumac", "Beech")
"""The six leaf types (our names: the printed ones are colours of autumn leaves)."""
COLORS = ("#c8402a", "#e3b622", "#8a5a2b", "#d9d2b0", "#9b2d5a", "#d97a2b")
CORNERS = ("", "L", "R", "LR")
COPIES = (5, 4, 3, 2)
"""Cards of each value 0, 1, 2, 3 per type (M-COMP-1)."""
MAX_VALUE = 3
_TYPE = {name.lower(): t for t, name in enumerate(TYPES)}
_CARD = re.compile(r"^([A-Za-z]{1,12})-([0-9])(LR|RL|L|R)?$", re.IGNORECASE)


def code(t: int, v: int, corner: int) -> Card:
    return t * 16 + v * 4 + corner


def type_of(c: Card) -> int:
    return c >> 4


def value_of(c: Card) -> int:
    return (c >> 2) & 3


def left(c: Card) -> bool:
    """An acorn in the lower-left corner."""
    return bool(c & 1)


def right(c: Card) -> bool:
    """An acorn in the lower-right corner."""
    return bool(c & 2)


def name(c: Card) -> str:
    return f"{TYPES[type_of(c)]}-{value_of(c)}{CORNERS[c & 3]}"


NAMES = {c: name(c) for c in range(96)}
CODES = {text: c for c, text in NAMES.items()}
"""The code of each card's own name, as views write it (`parse_card` reads any spelling)."""


def type_index(text: str, where: str) -> int:
    t = _TYPE.get(str(text).strip().lower()) if isinstance(text, str) else None
    if t is None:
        shown = str(text)[:20]
        raise InvalidInput(where, f"unknown leaf type {shown!r}; known: {', '.join(TYPES)}")
    return t


def parse_card(text: str, where: str) -> Card:
    """The code of a card name such as "Maple-2R" (case-insensitive)."""
    if not isinstance(text, str):
        raise InvalidInput(where, f"expected a card name such as 'Maple-2R', got {type(text).__name__}")
    m = _CARD.match(text.strip())
    if m is None:
        raise InvalidInput(where, f"cannot read card {text[:24]!r}: write e.g. 'Maple-0', 'Oak-2R', 'Birch-1LR'")
    t = type_index(m.group(1), where)
    v = int(m.group(2))
    if v > MAX_VALUE:
        raise InvalidInput(where, f"leaf values are 0-3, got {v}")
    corner = CORNERS.index("".join(sorted((m.group(3) or "").upper())))
    return code(t, v, corner)


def parse_cards(raw: str | list[str], where: str) -> list[Card]:
    """Cards written "Maple-0 Oak-1R" or ["Maple-0", "Oak-1R"], in the order given."""
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    return [parse_card(item, f"{where}[{i}]") for i, item in enumerate(raw)]


def describe(cards) -> str:
    return ", ".join(name(c) for c in cards) or "nothing"


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """Sorted `cards` less one copy of `card`."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def with_cards(cards: tuple[Card, ...], *more: Card) -> tuple[Card, ...]:
    """Sorted `cards` with `more` added, still sorted."""
    return tuple(sorted(cards + more))
