"""Why a Chance Nim move is refused: the rule it breaks and a sentence
(`State._explain`, asked only for a move that `legal.py` refuses).

A refusal cites the rule that refuses and says what the player may do instead, in
words a teacher reads; it never changes the position.
"""
from __future__ import annotations

from ...core.errors import Reason
from ...core.move import Move
from ...core.pending import seat_name
from ...core.words import counted
from .data import NimData
from .moves import Grow, Take
from .rules import takes


def explain(d: NimData, move: Move) -> Reason:
    if isinstance(move, Take):
        if d.rolling:
            return Reason("N-GROW-1", f"the die is rolled before {seat_name(d.mover)} takes: "
                                      "it may add a counter")
        allowed = takes(d.pile)
        return Reason("N-TAKE-1", f"a player takes 1 to {allowed[-1]} counters here "
                                  f"(the pile holds {counted(d.pile, 'counter')}), not {move.count}")
    if isinstance(move, Grow):
        if not d.rolling:
            return Reason("N-GROW-1", "the die is rolled only after a take that leaves counters")
        return Reason("N-GROW-1", f"the die adds one counter or none, not {move.added}")
    return Reason("CORE-MOVE", f"{move} is not a move of Chance Nim")
