"""Whose decision it is and which moves are legal, by the plain rules (`rules.py`).

`pending` is `State._find_pending`, `legal_moves` is `State._generate_moves` (a fixed
order: agents, tests and saved luck rely on it), `is_legal` is `State._is_legal`, which
answers for one move without listing them all (a test checks the two agree), and
`chance_outcomes` is `State.chance_outcomes`, the luck of a chance node, exact.
"""
from __future__ import annotations

from ...core.move import Move
from ...core.pending import OVER, Pending, decision, luck, seat_name
from .data import NimData
from .moves import Grow, Take
from .rules import GROWTHS, takes

_DIE = luck("die", "N-GROW-1", "the die may add a counter")


def pending(d: NimData) -> Pending:
    """N-END-1: nothing once the pile is empty; N-GROW-1: the die, when it is to be
    rolled; else N-TAKE-1: the mover takes."""
    if d.pile == 0:
        return OVER
    if d.rolling:
        return _DIE
    most = takes(d.pile)[-1]
    choice = "1 counter" if most == 1 else f"1 to {most} counters"     # only the choices there are
    return decision(d.mover, "take", "N-TAKE-1", f"{seat_name(d.mover)} takes {choice}")


def legal_moves(d: NimData) -> tuple[Move, ...]:
    """The die's outcomes (N-GROW-1) or the mover's takes (N-TAKE-1), smallest first."""
    if d.rolling:
        return tuple(Grow(added) for added, _ in GROWTHS)
    return tuple(Take(count) for count in takes(d.pile))


def chance_outcomes(d: NimData) -> tuple[tuple[Move, float], ...]:
    """N-GROW-1: at the die, what it adds with its probability; () elsewhere."""
    return tuple((Grow(added), p) for added, p in GROWTHS) if d.rolling else ()


def is_legal(d: NimData, move: Move) -> bool:
    """Whether `move` is one of `legal_moves(d)`, without building them."""
    if isinstance(move, Grow):
        return d.rolling and any(move.added == added for added, _ in GROWTHS)
    return isinstance(move, Take) and not d.rolling and move.count in takes(d.pile)
