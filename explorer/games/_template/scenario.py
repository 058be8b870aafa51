"""`NimGame.scenario(spec=None, **fields)`: a position from a short description, checked
like a saved file (the same `encoding.check`).

Fields (all optional):

    pile    counters in the pile, at least 1 (default: the option `pile`)
    mover   the seat to take next, 0..players-1 (default 0)

Example: ``NimGame(3).scenario(pile=5, mover=2)``.
"""
from __future__ import annotations

from typing import Any, Mapping

import msgspec

from ...core.typed import convert
from .data import NOBODY, NimData
from .encoding import check
from .rules import FIRST_SEAT


class Scenario(msgspec.Struct, forbid_unknown_fields=True):
    """The fields a scenario may give (an unknown field is refused by its name)."""

    pile: int | None = None
    mover: int = FIRST_SEAT


def build(game: Any, spec: Mapping[str, Any] | None, fields: dict[str, Any]) -> NimData:
    merged = {**convert(dict(spec) if isinstance(spec, Mapping) else spec or {}, dict[str, Any], "spec"),
              **fields}
    s: Scenario = convert(merged, Scenario)
    pile = game.options.pile if s.pile is None else s.pile
    return check(NimData(pile, s.mover, False, NOBODY), game.players, "")
