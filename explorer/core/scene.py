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
        "inline": bool,                # the head on the items' line, not above them
        "bare": bool,                  # group or stack only: no box and no head, it only
                                       # arranges its sub-zones (and is no part of their
                                       # path in `describe`)
        "share": 1,                    # in a bare group: the zone's share of the row
        "fit": bool,                   # in a bare group: as wide as its items, no share
        "plain": bool,                 # lines marked on their left edge, not a box (the
                                       # cups one above the other, the captains' areas)
    }
    layout "stack": sub-zones top to bottom (a column beside another zone of a bare group).
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

from .pending import seat_name

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
    "die": "width:auto;min-width:38px;height:auto;min-height:38px;border-radius:7px;font-size:16px;",
    "cell": "border-style:dashed;border-color:#aaa;",
}
CELL_FILL = "#f3f1ec"
GRID_ITEM = ("width:auto;min-width:0;height:auto;aspect-ratio:3/4;margin:0;padding:1px;"
             "font-size:11px;overflow:visible;container-type:inline-size;")
"""A cell of a grid (at most 64 px wide): smaller print that fits its cell (`_fit`), and
a box that grows rather than cut a badge off."""
COMPACT_ROW = "display:grid;grid-template-columns:repeat(auto-fill,minmax(52px,1fr));gap:3px"
"""A compact zone's items (a route of named tiles): a grid of equal columns, as many as fit."""
COMPACT_ITEM = ("width:auto;min-width:0;height:auto;min-height:36px;margin:0;padding:1px;"
                "overflow:visible;container-type:inline-size;")
FIT = {"text": 11, "sub": 10, "badge": 10, "corner": 8}
"""The largest print (px) of each part of an item that fits its box (grid and compact
cells): smaller when the longest word would not fit the cell's width."""
FIT_INSET = {"badge": 8, "corner": 2}
"""The room a part of a cell leaves around its print (a badge's padding and margin)."""
DIE_WORDS = "font-size:10px;line-height:1.05"
"""The print of a die showing words ("double sword", "cursed"): whole words, smaller
print, the die as wide as they need (a die never reads "doub word" or "curs")."""
BADGE_STYLE = "font-size:10px;background:#222;color:#fff;border-radius:4px;padding:0 3px;margin:1px"
RULE_STYLE = ("display:inline-block;font-size:10px;font-family:ui-monospace,monospace;background:#444;"
              "color:#fff;border-radius:3px;padding:0 4px;margin:0 6px")


def items(scene: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every item of a scene (or zone), sub-zones included, in drawing order."""
    for zone in scene.get("zones", ()):
        yield from zone.get("items", ())
        yield from items(zone)


def zone_index(scene: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Every zone of a scene (or zone) by its id, sub-zones included: a zone is found by
    its id wherever the layout put it (in a bare group beside another, say)."""
    found: dict[str, Mapping[str, Any]] = {}
    for zone in scene.get("zones", ()):
        found.setdefault(str(zone.get("id", "")), zone)
        for key, sub in zone_index(zone).items():
            found.setdefault(key, sub)
    return found


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


_EMS = {c: width / 100 for width, chars in (
    (31, "'"), (35, "ijl "), (38, "/\\|IJ,.·"), (40, ":;"), (44, "-f"), (46, "!()[]"), (50, "tr_`"),
    (53, '"*'), (60, "z?cs"), (66, "Lxvy"), (68, "kae"), (70, "oEFT0123456789$"),
    (74, "bdghnpqu{}SYZCP"), (78, "BAKRVX"), (84, "UGDH"), (86, "OQ&"), (100, "wM@%"),
    (111, "mW")) for c in chars}
"""Widths of bold characters in ems, rounded up (DejaVu Sans Bold, the widest of the
usual sans-serif fonts; others are narrower); any other character counts 0.86."""


def _ems(word: str) -> float:
    """The width of `word` in bold print, in ems, a little over."""
    return sum(_EMS.get(c, 0.86) for c in word) * 1.02 + 0.04


def longest(text: Any) -> float:
    """The width in ems of the longest word of `text` (0 for none)."""
    return max((_ems(w) for w in str(text or "").split()), default=0.0)


def _fit(ems: float, largest: int, inset: int = 0) -> str:
    """The font size of text in a cell (a container, see GRID_ITEM) whose longest word
    is `ems` wide: `largest` px, or smaller so that the word fits the cell's width. Text
    wraps between words only ("Graveyard" is never "Graveyar d")."""
    if ems <= 0:
        return f"font-size:{largest}px"
    room = "100cqw" if not inset else f"(100cqw - {inset}px)"
    return f"font-size:min({largest}px,calc({room} / {ems:.2f}))"


FitSizes = Mapping[str, float]
"""The longest word (ems) of each part of the cells of a zone ("text", "sub", "badge",
"corner"): every cell of a zone has the same print, fitting its longest word."""


def fit_sizes(cells: list[Mapping[str, Any]]) -> dict[str, float]:
    """The longest word of each part over `cells` (see `FitSizes`)."""
    return {"text": max((longest(i.get("text")) for i in cells), default=0.0),
            "sub": max((longest(i.get("sub")) for i in cells), default=0.0),
            "badge": max((longest(b) for i in cells for b in i.get("badges", ())), default=0.0),
            "corner": max((longest(i.get("corner")) for i in cells), default=0.0)}


def _item_html(item: Mapping[str, Any], extra_style: str = "", fit: FitSizes | None = None) -> str:
    """One item; `fit`: a cell of fixed width (grid, compact) whose print fits it."""
    kind = item.get("kind", "card")
    kind = kind if kind in KIND_STYLE else "card"
    face_down = item.get("face") == "down"
    sub = item.get("sub", "")
    text = item.get("text", "")

    def size(part: str, style: str) -> str:
        return _fit(fit[part], FIT[part], FIT_INSET.get(part, 0)) if fit is not None else style
    small = (f'<small class="rx-sub" style="{size("sub", "font-size:10px")}">{_esc(sub)}</small>'
             if sub not in ("", None) else "")
    if face_down:
        fill, ink, inner = CARD_BACK, "#fff", small
    else:
        color = str(item.get("color") or (CELL_FILL if kind == "cell" else "#ffffff"))
        fill, ink = color, ink_for(color)
        words = DIE_WORDS if kind == "die" and len(str(text)) > 2 else "line-height:1.1"
        inner = f'<b class="rx-text" style="{words};{size("text", "")}">{_esc(text)}</b>{small}'
    badges = "".join(f'<span class="rx-badge" style="{BADGE_STYLE};{size("badge", "")}">{_esc(b)}</span>'
                     for b in item.get("badges", ()))
    if badges:
        inner += f'<div class="rx-badges" style="display:flex;flex-wrap:wrap;justify-content:center">{badges}</div>'
    if item.get("corner"):
        # in a cell, a line of its own above the text (never over it); else in the corner
        where = "align-self:flex-start;margin-left:2px;line-height:1" if fit is not None else \
            "position:absolute;top:1px;left:3px"
        inner = (f'<span class="rx-corner" style="{where};opacity:0.75;{size("corner", "font-size:8px")}">'
                 f'{_esc(item["corner"])}</span>') + inner
    attrs = f' title="{_esc(item["title"])}"' if item.get("title") else ""
    if item.get("id"):
        attrs += f' data-id="{_esc(item["id"])}"'
    if isinstance(item.get("x"), int) and isinstance(item.get("y"), int):
        attrs += f' data-x="{item["x"]}" data-y="{item["y"]}"'
    down = " rx-down" if face_down else ""
    fitted = " rx-fit" if fit is not None else ""
    return (f'<div class="rx-item rx-{kind}{down}{fitted}"{attrs} style="{ITEM_STYLE};{KIND_STYLE[kind]}'
            f'background:{_esc(fill)};color:{ink};{extra_style}">{inner}</div>')


def _grid_html(grid_items: list[Mapping[str, Any]]) -> str:
    placed = [i for i in grid_items if isinstance(i.get("x"), int) and isinstance(i.get("y"), int)]
    if not placed:
        return '<i class="rx-empty" style="color:#888">empty</i>'
    x0 = min(i["x"] for i in placed)
    y0 = min(i["y"] for i in placed)
    cols = max(i["x"] for i in placed) - x0 + 1
    rows = max(i["y"] for i in placed) - y0 + 1
    sizes = fit_sizes(placed)
    cells = "".join(_item_html(i, f"{GRID_ITEM}grid-column:{i['x'] - x0 + 1};grid-row:{i['y'] - y0 + 1};",
                               sizes) for i in placed)
    # columns shrink to fit the width and grow to 64px: the grid fits the view as it grows
    return (f'<div class="rx-grid" data-cols="{cols}" data-rows="{rows}" style="display:grid;gap:3px;'
            f'padding:4px;overflow-x:auto;grid-template-columns:repeat({cols},minmax(0,64px))">{cells}</div>')


BARE_GROUP = "display:flex;flex-wrap:wrap;gap:0 6px;align-items:flex-start;margin:0"
"""A bare group: its sub-zones side by side, sharing the width, wrapping when narrow."""
BARE_PART = "flex:{share} 1 0;min-width:min(100%,200px);box-sizing:border-box"
"""A zone in a bare group: its share of the row (equal unless it says)."""
FIT_PART = "flex:0 1 auto;min-width:0;box-sizing:border-box"
"""A zone in a bare group that says `fit`: as wide as its items (a line of chips)."""
STACK = "display:flex;flex-direction:column;gap:4px;margin:0"
"""A bare stack: its sub-zones one above the other."""
LINES = "display:flex;flex-direction:column;gap:2px"
"""A stack zone's body: its sub-zones one above the other, close (plain lines, say)."""
PLAIN = "margin:0;border-width:0 0 0 3px;border-radius:0;padding:1px 4px"
"""A plain zone: lines with their left edge marked (orange when highlighted), no box."""
INLINE = "display:flex;flex-wrap:wrap;align-items:center;align-content:flex-start;column-gap:2px"
"""An inline zone: its head on the line of its items."""


def _share(zone: Mapping[str, Any]) -> float:
    """A zone's share of a bare group's row (1, unless it says a sensible number)."""
    share = zone.get("share", 1)
    return share if isinstance(share, (int, float)) and 0 < share <= 100 else 1


def _zone_html(zone: Mapping[str, Any], depth: int = 0, extra_style: str = "") -> str:
    layout = zone.get("layout", "row")
    zone_id = _esc(zone.get("id", ""))
    subs = zone.get("zones", ()) if depth < 6 else ()
    if zone.get("bare") and layout in ("group", "stack"):
        inner = "".join(_zone_html(z, depth + 1, (FIT_PART if z.get("fit") else BARE_PART.format(share=_share(z)))
                                   if layout == "group" else "margin:0") for z in subs)
        style = BARE_GROUP if layout == "group" else STACK
        return f'<div class="rx-bare rx-{layout}" data-zone="{zone_id}" style="{style};{extra_style}">{inner}</div>'
    note = zone.get("note")
    inline = bool(zone.get("inline"))
    head = (f'<div class="rx-zone-head" style="font-weight:600;font-size:12px;margin-bottom:{0 if inline else 2}px">'
            f'<span class="rx-zone-label">{_esc(zone.get("label", ""))}</span>'
            + (f'<small class="rx-zone-note" style="font-weight:normal;color:#666;margin-left:6px">'
               f'{_esc(note)}</small>' if note else "")
            + "</div>")
    if layout in ("group", "stack"):
        inner = "".join(_zone_html(z, depth + 1, "margin:0" if layout == "stack" else "") for z in subs)
        body = (f'<div class="rx-group" style="display:flex;flex-wrap:wrap;gap:6px">{inner}</div>'
                if layout == "group" else f'<div class="rx-stack" style="{LINES}">{inner}</div>')
    elif layout == "grid":
        body = _grid_html(list(zone.get("items", ())))
    elif zone.get("compact"):
        cells = list(zone.get("items", ()))
        sizes = fit_sizes(cells)
        body = (f'<div class="rx-row" style="{COMPACT_ROW}">'
                + "".join(_item_html(i, COMPACT_ITEM, sizes) for i in cells) + "</div>")
    else:
        # an inline zone's items flow on after its head (their row box is not drawn)
        row = "display:contents" if inline else "display:flex;flex-wrap:wrap;align-items:center"
        body = (f'<div class="rx-row" style="{row}">'
                + "".join(_item_html(i) for i in zone.get("items", ())) + "</div>")
    style = ZONE_HIGHLIGHT if zone.get("highlight") else ZONE_STYLE
    if inline:
        style += ";" + INLINE
    if zone.get("plain"):
        style += ";" + PLAIN
    lit = ((" rx-highlight" if zone.get("highlight") else "") + (" rx-dense" if zone.get("dense") else "")
           + (" rx-compact" if zone.get("compact") else "") + (" rx-inline" if inline else "")
           + (" rx-plain" if zone.get("plain") else ""))
    return (f'<div class="rx-zone{lit}" data-zone="{zone_id}" style="{style};{extra_style}">'
            f'{head}{body}</div>')


def scene_html(scene: Mapping[str, Any]) -> str:
    """The markup of a scene: the one drawing of a board, live and static.

    The live board (board.js) shows exactly this markup and adds clicks, highlights and
    messages to the elements by their `data-id`; an exported notebook shows it as it
    is, with no kernel and no JavaScript (inline styles carry the look of board.css).
    """
    viewer = scene.get("viewer")
    who = "teacher view" if viewer is None else f"{seat_name(viewer)}'s view"
    head = (f'<div class="rx-head" style="display:flex;flex-wrap:wrap;gap:10px;align-items:baseline;'
            f'margin-bottom:4px"><b class="rx-title" style="font-size:15px">{_esc(scene.get("title", ""))}</b>'
            f'<span class="rx-status" style="flex:1 1 200px;min-width:0">{_esc(scene.get("status", ""))}</span>'
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
        if zone.get("bare"):
            for sub in zone.get("zones", ()):
                walk(sub, path)
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
                prefix = ("" if name in ("", owner) else f"{name} " if old[0].startswith("×")
                          else f"{name}: ")
                changed.append(f"{prefix}{old[0]} → {new[0]}")
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
