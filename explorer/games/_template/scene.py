"""The Chance Nim board (schema in `core.scene`), drawn from a view only (`Game.scene`).

Built from the view and nothing else, so a board cannot show what its viewer may not
see. An item's `id` is the target a click selects ("" = not clickable); Chance Nim's
board has nothing to click.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.words import counted


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    pile = {"id": "pile", "label": "Pile", "note": "", "layout": "row",
            "highlight": view["to_move"] == "chance",
            "items": [{"id": "", "kind": "counter", "text": counted(view["pile"], "counter"), "sub": "",
                       "color": "#c9a227", "face": "up", "badges": [], "title": "the pile"}]}
    return {"game": "nim", "title": "Chance Nim", "viewer": view["viewer"], "status": view["prompt"],
            "zones": [pile], "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}
