"""The JSON form of a Piri Piri Summoners position (saved files); its checked reader is
`scenario.decode_data`, which reads files and scenarios alike."""
from __future__ import annotations

from typing import Any

from .data import SummonersData


def encode(d: SummonersData) -> dict[str, Any]:
    """The position as JSON-able values (read back by `scenario.decode_data`)."""
    return {
        "grid": {f"{x},{y}": c for x, y, c in d.grid},
        "hands": [list(h) for h in d.hands],
        "known": [list(h) for h in d.known],
        "spirits": [list(h) for h in d.spirits],
        "summoned": [list(h) for h in d.summoned],
        "mana": list(d.mana),
        "box_mana": d.box_mana,
        "sculptures": [None if s is None else list(s) for s in d.sculptures],
        "market": list(d.market),
        "deck": d.deck.to_jsonable(),
        "spirit_box": list(d.spirit_box),
        "gone": list(d.gone),
        "current": d.current,
        "phase": d.phase,
        "slot": d.slot,
        "window": list(d.window.seats),
        "turn": d.turn,
        "passes": d.passes,
        "winner": d.winner,
        "ended": d.ended,
    }
