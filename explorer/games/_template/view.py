"""What one seat (or the teacher) may see of a Chance Nim position (`State.view`).

A view is a JSON-able dict, the only thing a board, an agent or a saved player's file
is built from, so it must hold nothing its viewer may not see. Chance Nim hides nothing:
every viewer sees the same, except the viewer's own seat number. A game with hidden
information leaves the hidden parts out here (a count instead of the cards) and deals
them again in `State._redeal`; `tests/test_hidden_pairs.py` proves no channel leaks them.
"""
from __future__ import annotations

from typing import Any

from ...core.pending import CHANCE


def build_view(state: Any, viewer: int | None) -> dict[str, Any]:
    """`state` as `viewer` sees it (None: the teacher); `viewer` checked by the caller."""
    pend = state.pending
    return {"game": "nim", "viewer": viewer, "players": state.game.players,
            "to_move": "chance" if pend.seat == CHANCE else pend.seat, "over": state.is_over,
            "prompt": pend.prompt, "rule": pend.rule, "events": state.visible_events(viewer),
            "pile": state.data.pile}
