"""Errors and refusals shared by every game.

A refused move is a value (`Reason`) before it is an exception: the explorer shows
it in a why-not box, and `State.play` raises `IllegalMove` carrying it.
"""
from __future__ import annotations

from typing import NamedTuple


class Reason(NamedTuple):
    """Why a move is refused: the rule id from `seeds/<game>.md` and a sentence."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


class IllegalMove(ValueError):
    """Raised by `State.play` for a move that the rules refuse; `.reason` says why."""

    def __init__(self, reason: Reason, move: object = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.move = move


class InvalidInput(ValueError):
    """Malformed input (a saved file, a scenario, a move text), refused whole.

    `field` names the part of the input that is wrong (a dotted path such as
    ``hands[2]`` or ``options.max_turns``), so a user can find and fix it.
    """

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


CORE_RULES = {
    "CORE-OVER": "No move may be played once the game is over.",
    "CORE-MOVE": "A move must be a move of the game being played.",
    "CORE-LEGAL": "Only the moves the rules allow in the position may be played.",
}
"""Ids that the engine itself cites, for every game (they are not in any seeds file)."""
