"""The moves of Chance Nim, their stable texts and the rules that allow them.

Texts:
    "take 2"    the player to move takes two counters (N-TAKE-1)
    "grow 1"    chance: the die adds one counter ("grow 0": it adds none) (N-GROW-1)

A move is a frozen, hashable dataclass deriving from `core.Move`. `str(move)` is its
stable text, and `parse` (a classmethod of every move type) reads it back:
`Game.parse_move` asks each of the game's `move_types` in turn. `label` is the sentence
of a move list, `rule` the id shown beside it. A move that a click can make also names
its board elements in `targets` (Chance Nim's board has nothing to click).
"""
from __future__ import annotations

import dataclasses

from ...core.errors import InvalidInput
from ...core.move import Move
from ...core.words import counted


def _number(text: str, verb: str) -> int | None:
    """The whole number after `verb` in `text` ("take 2" -> 2); None for text of another
    form; InvalidInput for this form with something else than a number."""
    head, _, rest = text.partition(" ")
    if head.lower() != verb:
        return None
    rest = rest.strip()
    if not (rest.isascii() and rest.isdigit()) or len(rest) > 3:
        raise InvalidInput("move", f"expected '{verb}' and a whole number, e.g. '{verb} 1', got {text!r}")
    return int(rest)


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Move):
    """The player to move takes `count` counters."""

    count: int
    RULE = "N-TAKE-1"

    def __str__(self) -> str:
        return f"take {self.count}"

    @property
    def label(self) -> str:
        return f"take {counted(self.count, 'counter')}"

    @classmethod
    def parse(cls, text: str) -> "Take | None":
        count = _number(text, "take")
        return None if count is None else cls(count)


@dataclasses.dataclass(frozen=True, slots=True)
class Grow(Move):
    """Chance: the die adds `added` counters (0 or 1)."""

    added: int
    RULE = "N-GROW-1"

    def __str__(self) -> str:
        return f"grow {self.added}"

    @property
    def label(self) -> str:
        return "the die adds a counter" if self.added else "the die adds nothing"

    @classmethod
    def parse(cls, text: str) -> "Grow | None":
        added = _number(text, "grow")
        return None if added is None else cls(added)


MOVE_TYPES = (Take, Grow)
"""`Game.move_types`: the order in which `Game.parse_move` asks them."""
