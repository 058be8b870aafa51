"""Board scenes: the one drawing format shared by the live board and static HTML.

Each game turns a `view(viewer)` into a scene; the anywidget board draws it in the
browser and `scene_html` draws it as static HTML for exported notebooks. A scene is
built only from a view, so it never holds what the viewer may not see.

Schema (all JSON-able)::

    scene = {
        "game": "village", "title": "Please Don't Burn My Village!",
        "viewer": None | int,          # None = teacher (everything visible)
        "status": "Player 2 to move",  # one line above the board
        "zones": [zone, ...],          # drawn top to bottom
        "events": [{"text": str, "rule": str}, ...],   # what the last play did
    }
    zone = {
        "id": "track", "label": "Dragon's Favor", "note": "",  # note: small print
        "layout": "row" | "grid" | "group",
        "items": [item, ...],          # row: left to right; grid: placed by x, y
        "zones": [zone, ...],          # group only: sub-zones side by side (player areas)
        "highlight": bool,             # e.g. the area of the player to move
    }
    item = {
        "id": "hand:0:Crown",          # target id a click selects ("" = not clickable)
        "kind": "card" | "token" | "cell" | "counter" | "die",
        "text": "Crown", "sub": "×3",  # big and small text
        "color": "#c33",               # fill colour (suit, treasure type...)
        "face": "up" | "down",         # down: drawn as a card back, no text
        "badges": ["P1"],              # small markers (a sculpture, a bribe owner...)
        "title": "tooltip",
        "x": 0, "y": 0,                # grid layout only (y grows downwards)
    }
"""
from __future__ import annotations

import html
from typing import Any, Mapping

ITEM_STYLE = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
              "min-width:46px;height:64px;margin:2px;padding:2px 4px;border-radius:6px;"
              "border:1px solid #555;font:12px sans-serif;box-sizing:border-box;")


def _item_html(item: Mapping[str, Any], extra_style: str = "") -> str:
    face_down = item.get("face") == "down"
    color = "#6b5b95" if face_down else item.get("color", "#fff")
    text = "" if face_down else html.escape(str(item.get("text", "")))
    sub = "" if face_down else html.escape(str(item.get("sub", "")))
    badges = "".join(f'<span style="font-size:10px;background:#222;color:#fff;border-radius:4px;'
                     f'padding:0 3px;margin:1px">{html.escape(str(b))}</span>'
                     for b in item.get("badges", ()))
    title = html.escape(str(item.get("title", "")), quote=True)
    return (f'<div class="rx-item rx-{html.escape(str(item.get("kind", "card")))}" '
            f'title="{title}" style="{ITEM_STYLE}background:{html.escape(color)};{extra_style}">'
            f'<b>{text}</b><small>{sub}</small><div>{badges}</div></div>')


def _zone_html(zone: Mapping[str, Any]) -> str:
    label = html.escape(str(zone.get("label", "")))
    note = html.escape(str(zone.get("note", "")))
    border = "2px solid #e8a33d" if zone.get("highlight") else "1px solid #ccc"
    head = f'<div style="font:bold 12px sans-serif">{label} <small style="font-weight:normal">{note}</small></div>'
    layout = zone.get("layout", "row")
    if layout == "group":
        body = "".join(_zone_html(z) for z in zone.get("zones", ()))
        inner = f'<div style="display:flex;flex-wrap:wrap;gap:6px">{body}</div>'
    elif layout == "grid":
        items = list(zone.get("items", ()))
        if items:
            xs = [i["x"] for i in items]
            ys = [i["y"] for i in items]
            x0, y0 = min(xs), min(ys)
            cells = "".join(_item_html(i, f"grid-column:{i['x'] - x0 + 1};grid-row:{i['y'] - y0 + 1};")
                            for i in items)
            inner = (f'<div style="display:grid;grid-auto-columns:50px;grid-auto-rows:68px">'
                     f'{cells}</div>')
        else:
            inner = "<div><i>empty</i></div>"
    else:
        inner = '<div style="display:flex;flex-wrap:wrap">' + "".join(
            _item_html(i) for i in zone.get("items", ())) + "</div>"
    return f'<div class="rx-zone" style="border:{border};border-radius:6px;padding:4px;margin:3px">{head}{inner}</div>'


def scene_html(scene: Mapping[str, Any]) -> str:
    """Static HTML for a scene: boards in exported notebooks, no kernel or JavaScript."""
    title = html.escape(str(scene.get("title", "")))
    status = html.escape(str(scene.get("status", "")))
    zones = "".join(_zone_html(z) for z in scene.get("zones", ()))
    events = "".join(f"<li>{html.escape(str(e.get('text', '')))} "
                     f"<small>[{html.escape(str(e.get('rule', '')))}]</small></li>"
                     for e in scene.get("events", ()))
    events_html = f'<ul style="font:12px sans-serif;margin:4px 0">{events}</ul>' if events else ""
    return (f'<div class="rx-scene" style="font:13px sans-serif">'
            f'<div><b>{title}</b> — {status}</div>{zones}{events_html}</div>')
