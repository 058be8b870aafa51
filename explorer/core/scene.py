"""Board scenes: the one drawing format shared by the live board and static HTML.

Each game turns a `view(viewer)` into a scene; `scene_html` draws it, once, for both
the live board (board.js shows that markup and adds clicks, highlights and messages)
and the static pictures of exported notebooks. A scene is built only from a view, so
it never holds what the viewer may not see. The markup carries inline styles with the
sizes and colours of `explorer/widgets/board.css`, so a board looks the same with or
without a kernel.

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
        "dense": bool,                 # small items in one line of print (a long picker,
                                       # a hand of many cards): the board stays one screen
        "compact": bool,               # a grid of short cells (a route of named tiles)
    }
    item = {
        "id": "hand:0:Crown",          # target id a click selects ("" = not clickable)
        "kind": "card" | "token" | "cell" | "counter" | "die",
        "text": "Crown", "sub": "×3",  # big and small text
        "color": "#c33",               # fill colour (suit, treasure type...)
        "face": "up" | "down",         # down: a card back showing only `sub` (a count)
        "badges": ["P1"],              # small markers (a sculpture, a bribe owner...)
        "corner": "1,0",               # small print in the top-left corner (coordinates)
        "title": "tooltip",
        "name": "Liar",                # optional: what a refusal calls it (else the
                                       # tooltip up to ":", else the text)
        "x": 0, "y": 0,                # grid layout only (y grows downwards)
    }
"""
from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any, Iterator, Mapping, NamedTuple

CARD_BACK = "repeating-linear-gradient(45deg,#6b5b95 0 6px,#7d6ca8 6px 12px)"
"""The back of a face-down card (the same pattern as `.rx-down` in board.css)."""

BOARD_STYLE = ("font:13px/1.3 system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;"
               "color:#222;background:#fbfaf7;border:1px solid #d8d4cc;border-radius:8px;"
               "padding:8px;max-width:100%;box-sizing:border-box")
ZONE_BOX = "border-radius:6px;padding:4px 6px;margin:4px 0;min-width:0;"
ZONE_STYLE = ZONE_BOX + "border:1px solid #d0ccc4;background:#fff"
ZONE_HIGHLIGHT = ZONE_BOX + "border:2px solid #e8a33d;background:#fff8ec"
ITEM_STYLE = ("position:relative;display:inline-flex;flex-direction:column;align-items:center;"
              "justify-content:center;min-width:46px;height:64px;margin:2px;padding:2px 4px;"
              "border:1px solid #555;border-radius:6px;box-sizing:border-box;font-size:12px;"
              "text-align:center;overflow:hidden")
KIND_STYLE = {
    "card": "",
    "token": "min-width:48px;height:48px;border-radius:24px;font-size:11px;padding:2px 6px;",
    "counter": "height:auto;min-height:28px;min-width:40px;border-radius:14px;",
    "die": "width:38px;min-width:38px;height:38px;border-radius:7px;font-size:16px;",
    "cell": "border-style:dashed;border-color:#aaa;",
}
CELL_FILL = "#f3f1ec"
GRID_ITEM = ("width:auto;min-width:0;height:auto;aspect-ratio:3/4;margin:0;padding:2px 1px;"
             "font-size:11px;overflow-wrap:anywhere;")
"""A cell of a grid (at most 64 px wide): smaller print, and a long name ("Ghost Ship
Graveyard") wraps inside its cell instead of being cut off."""
BADGE_STYLE = "font-size:10px;background:#222;color:#fff;border-radius:4px;padding:0 3px;margin:1px"
RULE_STYLE = ("display:inline-block;font-size:10px;font-family:ui-monospace,monospace;background:#444;"
              "color:#fff;border-radius:3px;padding:0 4px;margin:0 6px")


def items(scene: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every item of a scene (or zone), sub-zones included, in drawing order."""
    for zone in scene.get("zones", ()):
        yield from zone.get("items", ())
        yield from items(zone)


def ink_for(color: str) -> str:
    """Black or white text, whichever reads better on a #rgb / #rrggbb fill (as board.js)."""
    hexa = str(color).lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    if len(hexa) != 6 or any(c not in "0123456789abcdefABCDEF" for c in hexa):
        return "#111"
    r, g, b = (int(hexa[i:i + 2], 16) for i in (0, 2, 4))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def _esc(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _item_html(item: Mapping[str, Any], extra_style: str = "") -> str:
    kind = item.get("kind", "card")
    kind = kind if kind in KIND_STYLE else "card"
    face_down = item.get("face") == "down"
    sub = item.get("sub", "")
    small = (f'<small class="rx-sub" style="font-size:10px">{_esc(sub)}</small>'
             if sub not in ("", None) else "")
    if face_down:
        fill, ink, inner = CARD_BACK, "#fff", small
    else:
        color = str(item.get("color") or (CELL_FILL if kind == "cell" else "#ffffff"))
        fill, ink = color, ink_for(color)
        inner = f'<b class="rx-text" style="line-height:1.1">{_esc(item.get("text", ""))}</b>{small}'
    badges = "".join(f'<span class="rx-badge" style="{BADGE_STYLE}">{_esc(b)}</span>'
                     for b in item.get("badges", ()))
    if badges:
        inner += f'<div class="rx-badges" style="display:flex;flex-wrap:wrap;justify-content:center">{badges}</div>'
    if item.get("corner"):
        inner = (f'<span class="rx-corner" style="position:absolute;top:1px;left:3px;font-size:8px;'
                 f'opacity:0.75">{_esc(item["corner"])}</span>') + inner
    attrs = f' title="{_esc(item["title"])}"' if item.get("title") else ""
    if item.get("id"):
        attrs += f' data-id="{_esc(item["id"])}"'
    if isinstance(item.get("x"), int) and isinstance(item.get("y"), int):
        attrs += f' data-x="{item["x"]}" data-y="{item["y"]}"'
    down = " rx-down" if face_down else ""
    return (f'<div class="rx-item rx-{kind}{down}"{attrs} style="{ITEM_STYLE};{KIND_STYLE[kind]}'
            f'background:{_esc(fill)};color:{ink};{extra_style}">{inner}</div>')


def _grid_html(grid_items: list[Mapping[str, Any]]) -> str:
    placed = [i for i in grid_items if isinstance(i.get("x"), int) and isinstance(i.get("y"), int)]
    if not placed:
        return '<i class="rx-empty" style="color:#888">empty</i>'
    x0 = min(i["x"] for i in placed)
    y0 = min(i["y"] for i in placed)
    cols = max(i["x"] for i in placed) - x0 + 1
    rows = max(i["y"] for i in placed) - y0 + 1
    cells = "".join(_item_html(i, f"{GRID_ITEM}grid-column:{i['x'] - x0 + 1};grid-row:{i['y'] - y0 + 1};")
                    for i in placed)
    # columns shrink to fit the width and grow to 64px: the grid fits the view as it grows
    return (f'<div class="rx-grid" data-cols="{cols}" data-rows="{rows}" style="display:grid;gap:3px;'
            f'padding:4px;overflow-x:auto;grid-template-columns:repeat({cols},minmax(0,64px))">{cells}</div>')


def _zone_html(zone: Mapping[str, Any], depth: int = 0) -> str:
    note = zone.get("note")
    head = (f'<div class="rx-zone-head" style="font-weight:600;font-size:12px;margin-bottom:2px">'
            f'<span class="rx-zone-label">{_esc(zone.get("label", ""))}</span>'
            + (f'<small class="rx-zone-note" style="font-weight:normal;color:#666;margin-left:6px">'
               f'{_esc(note)}</small>' if note else "")
            + "</div>")
    layout = zone.get("layout", "row")
    if layout == "group" and depth < 6:
        subs = "".join(_zone_html(z, depth + 1) for z in zone.get("zones", ()))
        body = f'<div class="rx-group" style="display:flex;flex-wrap:wrap;gap:6px">{subs}</div>'
    elif layout == "grid":
        body = _grid_html(list(zone.get("items", ())))
    else:
        body = ('<div class="rx-row" style="display:flex;flex-wrap:wrap;align-items:center">'
                + "".join(_item_html(i) for i in zone.get("items", ())) + "</div>")
    style = ZONE_HIGHLIGHT if zone.get("highlight") else ZONE_STYLE
    lit = ((" rx-highlight" if zone.get("highlight") else "") + (" rx-dense" if zone.get("dense") else "")
           + (" rx-compact" if zone.get("compact") else ""))
    return (f'<div class="rx-zone{lit}" data-zone="{_esc(zone.get("id", ""))}" style="{style}">'
            f'{head}{body}</div>')


def scene_html(scene: Mapping[str, Any]) -> str:
    """The markup of a scene: the one drawing of a board, live and static.

    The live board (board.js) shows exactly this markup and adds clicks, highlights and
    messages to the elements by their `data-id`; an exported notebook shows it as it
    is, with no kernel and no JavaScript (inline styles carry the look of board.css).
    """
    viewer = scene.get("viewer")
    who = "teacher view" if viewer is None else f"P{viewer}'s view"
    head = (f'<div class="rx-head" style="display:flex;flex-wrap:wrap;gap:10px;align-items:baseline;'
            f'margin-bottom:4px"><b class="rx-title" style="font-size:15px">{_esc(scene.get("title", ""))}</b>'
            f'<span class="rx-status">{_esc(scene.get("status", ""))}</span>'
            f'<span class="rx-viewer" style="margin-left:auto;font-size:11px;color:#fff;background:'
            f'{"#777" if viewer is None else "#4a5a7a"};border-radius:10px;padding:1px 8px">{_esc(who)}</span></div>')
    zones = "".join(_zone_html(z) for z in scene.get("zones", ()))
    events = "".join(f'<li>{_esc(e.get("text", ""))}'
                     + (f'<small class="rx-rule" style="{RULE_STYLE}">{_esc(e["rule"])}</small>'
                        if e.get("rule") else "")
                     + "</li>" for e in list(scene.get("events", ()))[-8:])
    viewer_attr = "teacher" if viewer is None else _esc(viewer)
    return (f'<div class="rx-scene" data-game="{_esc(scene.get("game", ""))}" data-viewer="{viewer_attr}" '
            f'style="{BOARD_STYLE}">{head}<div class="rx-zones">{zones}</div>'
            f'<ul class="rx-events" style="margin:4px 0 0;padding-left:18px;font-size:12px;color:#333">'
            f'{events}</ul></div>')


# --------------------------------------------------------------------------- in words
class Shown(NamedTuple):
    """One item of a scene in words: its name (text and badges) and its sub-line."""

    name: str
    sub: str

    def __str__(self) -> str:
        return f"{self.name} {self.sub}".strip() if self.sub else self.name


def _shown(item: Mapping[str, Any]) -> Shown:
    badges = item.get("badges") or ()
    marks = f" [{', '.join(map(str, badges))}]" if badges else ""
    if item.get("face") == "down":
        return Shown("face down" + marks, str(item.get("sub") or ""))
    return Shown(str(item.get("text") or "") + marks, str(item.get("sub") or ""))


def describe(scene: Mapping[str, Any]) -> dict[str, list[Shown]]:
    """What a scene shows, in words: zone label (path) -> its items (`Shown`), and the
    zone's note under "<path> (note)".

    Grid zones are described cell by cell ("Valley › 1,0"), empty cells left out. A zone
    marked `"tool": True` (a control drawn on the board, such as Lying Pirates' bid
    picker and its odds) is not board content and is left out. This is what
    `scene_diff` compares, so a diff reads like the board: "Stall 3: Scroll → Egg".
    """
    described: dict[str, list[Shown]] = {"status": [Shown(str(scene.get("status", "")), "")]}

    def walk(zone: Mapping[str, Any], path: str) -> None:
        if zone.get("tool"):
            return
        name = str(zone.get("label") or zone.get("id") or "?")
        key = f"{path} › {name}" if path else name
        if zone.get("layout") == "grid":
            for item in zone.get("items", ()):
                if item.get("text") or item.get("face") == "down":
                    described[f"{key} › {item.get('x')},{item.get('y')}"] = [_shown(item)]
        else:
            shown = [_shown(i) for i in zone.get("items", ())]
            note = str(zone.get("note") or "")
            if note:
                described[f"{key} (note)"] = [Shown(note, "")]
            if shown:
                described[key] = shown
        for sub in zone.get("zones", ()):
            walk(sub, key)

    for zone in scene.get("zones", ()):
        walk(zone, "")
    return described


def item_words(item: Mapping[str, Any]) -> str:
    """One scene item in words: "face down", or its text and sub, then its badges."""
    if item.get("face") == "down":
        words = f"face down {item.get('sub') or ''}".strip()
    else:
        words = " ".join(str(item[k]) for k in ("text", "sub") if item.get(k))
    badges = item.get("badges") or ()
    return f"{words} [{', '.join(map(str, badges))}]" if badges else words


_TIMES = re.compile(r"^×(\d+)$|^(\d+) cards?$")


def _count(sub: str) -> int | None:
    """The number an item's sub-line counts ("×3", "3 cards"), or None."""
    found = _TIMES.match(sub)
    return None if found is None else int(found[1] or found[2])


def _amount(n: int, name: str) -> str:
    return name if n == 1 else f"{n} × {name}"


_SHAPE = re.compile(r"\d+")
"""A sub-line's shape, its numbers left out: "3 crew" and "2 crew" are one count changed."""


def _change(before: list[Shown], after: list[Shown], owner: str = "") -> str:
    """One zone's change, gains netted against losses.

    Items are matched by name: a stack whose count changed reads "Axe: ×3 → ×2" (it
    did not gain two Axes and lose three), an item whose sub-line changed reads
    "P0: 5 acorns → 2 acorns", and what came or went alone reads "+ Wild; − 2 × Axe".
    One thing in another's place reads "Axe → Crown". An item named like its zone's
    `owner` ("Captains › P0" shows a "P0" item) is not named again."""
    subs_a: dict[str, Counter[str]] = {}
    subs_b: dict[str, Counter[str]] = {}
    for shown, into in ((before, subs_a), (after, subs_b)):
        for item in shown:
            into.setdefault(item.name, Counter())[item.sub] += 1
    changed, gained, lost = [], [], []
    for name in list(subs_a) + [n for n in subs_b if n not in subs_a]:
        a, b = subs_a.get(name, Counter()), subs_b.get(name, Counter())
        came, went = b - a, a - b
        for shape in {_SHAPE.sub("#", sub) for sub in came} & {_SHAPE.sub("#", sub) for sub in went}:
            new = [sub for sub in came if _SHAPE.sub("#", sub) == shape]
            old = [sub for sub in went if _SHAPE.sub("#", sub) == shape]
            if len(new) == len(old) == 1 and came[new[0]] == went[old[0]] == 1:
                shown = ("" if name in ("", owner) else f"{name} " if old[0].startswith("×")
                         else f"{name}: ")
                changed.append(f"{shown}{old[0]} → {new[0]}")
                del came[new[0]], went[old[0]]
        gained += [_amount(n, str(Shown(name, sub))) for sub, n in came.items()]
        lost += [_amount(n, str(Shown(name, sub))) for sub, n in went.items()]
    for word in list(gained):          # "3 crew" gone and "2 crew" come: one count changed
        alike = [w for w in lost if _SHAPE.sub("#", w) == _SHAPE.sub("#", word)]
        if len(alike) == 1 and sum(_SHAPE.sub("#", w) == _SHAPE.sub("#", word) for w in gained) == 1:
            changed.append(f"{alike[0]} → {word}")
            gained.remove(word)
            lost.remove(alike[0])
    if not changed and len(gained) <= 1 and len(lost) <= 1 and not any("×" in t for t in gained + lost):
        return f"{lost[0] if lost else '(nothing)'} → {gained[0] if gained else '(nothing)'}"
    parts = changed
    if gained:
        parts.append("+ " + ", ".join(gained))
    if lost:
        parts.append("− " + ", ".join(lost))
    return "; ".join(parts)


def scene_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What changed between two scenes, one line per zone or cell, in board order,
    naming only the items that changed. A zone's note is told only when its items did
    not change (a hand's "4 in hand" → "5 in hand" repeats the card that came), and
    tools drawn on the board are left out (`describe`)."""
    a, b = describe(before), describe(after)
    keys = list(a) + [k for k in b if k not in a]
    changed = [k for k in keys if Counter(a.get(k, [])) != Counter(b.get(k, []))]
    items_changed = {k for k in changed if not k.endswith(" (note)")}
    return [f"{key}: {_change(a.get(key, []), b.get(key, []), key.rsplit(' › ', 1)[-1])}" for key in changed
            if not (key.endswith(" (note)") and key[:-len(" (note)")] in items_changed)]


def changed_zones(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    """The ids of the zones (and grid items) whose content differs: what the board
    highlights as "what changed"."""
    def contents(scene: Mapping[str, Any]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}

        def walk(zone: Mapping[str, Any]) -> None:
            if zone.get("tool"):
                return
            out[str(zone.get("id", ""))] = sorted(item_words(i) for i in zone.get("items", ()))
            for sub in zone.get("zones", ()):
                walk(sub)
        for zone in scene.get("zones", ()):
            walk(zone)
        return out
    a, b = contents(before), contents(after)
    return {k for k in set(a) | set(b) if a.get(k) != b.get(k) and k}
