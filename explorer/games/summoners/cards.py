"""Cards of Piri Piri Summoners as short strings, and the suit cycle that orders them.

A card is a string: suit letter + rank ("B9", "R10", "GA", "YJ", "BQ", "RK"), or a
Joker ("X1", "X2"). Input is read in any case ("b9" is the blue 9). Suits are colours: B blue, R red, G green, Y yellow. Strings keep
states small, hashable and readable in saved files and move texts.
"""
from __future__ import annotations

from typing import Final

SUITS: Final = ("B", "R", "G", "Y")
SUIT_NAMES: Final = {"B": "blue", "R": "red", "G": "green", "Y": "yellow"}
SUIT_COLOURS: Final = {"B": "#4a7fd4", "R": "#d9534f", "G": "#5cb85c", "Y": "#f0c419", "X": "#b9a7d6"}
NUMBERS: Final = tuple(str(n) for n in range(2, 11))
SPIRIT_RANKS: Final = ("J", "Q", "K")
RANK_NAMES: Final = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
JOKERS: Final = ("X1", "X2")

STRONGER: Final = {"R": "B", "G": "R", "Y": "G", "B": "Y"}
"""The suit that beats each suit [S-SUIT-1]: blue > red > green > yellow > blue."""

ELEMENT_DECK: Final = tuple(s + r for s in SUITS for r in ("A",) + NUMBERS) + JOKERS
SPIRIT_DECK: Final = tuple(s + r for s in SUITS for r in SPIRIT_RANKS)

ACE_RANK: Final = 14
SPIRIT_RANK: Final = 20
SPIRIT_POINTS: Final = {"J": 2, "Q": 4, "K": 6}
SPIRIT_ORDER: Final = {"J": 1, "Q": 2, "K": 3}


def is_joker(card: str) -> bool:
    return card[0] == "X"


def is_ace(card: str) -> bool:
    return card[1:] == "A"


def is_spirit(card: str) -> bool:
    return card[1:] in SPIRIT_ORDER


def table_rank(card: str) -> int:
    """Rank on the table [S-PLACE-4]: 2-10, an Ace above numbers, a Spirit above Aces."""
    r = card[1:]
    if r == "A":
        return ACE_RANK
    if r in SPIRIT_ORDER:
        return SPIRIT_RANK
    return int(r)


def _spelled(card: str) -> str:
    if is_joker(card):
        return "Joker"
    r = card[1:]
    return f"{SUIT_NAMES[card[0]]} {RANK_NAMES.get(r, r)}"


_NAMES: Final = {card: _spelled(card) for card in ELEMENT_DECK + SPIRIT_DECK}


def card_name(card: str) -> str:
    """'red 8', 'blue Ace', 'green Queen', 'Joker' (looked up: every event names cards)."""
    name = _NAMES.get(card)
    return name if name is not None else _spelled(card)
