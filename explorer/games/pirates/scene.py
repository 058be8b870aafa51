"""The board scene of Lying Pirates, drawn from a view only (see `core.scene`).

Zones: the route as a ring of tiles coloured by water with the ships on it (ids
"tile:<i>"); the starting-captain token with its arrow; the cups (dice face down "?"
for a viewer who may not see them, all revealed after the call); the bid ladder; the
BID PICKER, a grid of quantity x face cells whose ids are the bid moves' targets
("bid:7:5"), so the generic board lights the legal bids and a click plays one, with the
Liar and Exact items beside it; what is in flight (a battle, a die, an effect); and one
area per captain (coins, crew, special dice, hand).
"""
from __future__ import annotations

from typing import Any, Mapping

from .moves import FACE_WORDS

TITLE = "Lying Pirates"
WATER = {"start": "#f2d16b", "safe": "#9fd9a8", "uncharted": "#8cc4ea", "treacherous": "#e99a8f"}
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad", "#e67e22")
DIE_COLOUR = {"normal": "#333333", "mermaid": "#1abc9c", "pirate king": "#d4ac0d",
              "ghost": "#ecf0f1", "cursed": "#6c3483", "mayor": "#a04000"}


def ring(length: int) -> list[tuple[int, int]]:
    """Cells of a square ring, clockwise from the top-left corner, one per tile."""
    side = 2
    while 4 * (side - 1) < length:
        side += 1
    cells = [(x, 0) for x in range(side)] + [(side - 1, y) for y in range(1, side)]
    cells += [(x, side - 1) for x in range(side - 2, -1, -1)] + [(0, y) for y in range(side - 2, 0, -1)]
    return cells[:length]


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        out = view["outcome"]
        return f"Game over: {out['ended_by']}. Winner: {', '.join(f'P{w}' for w in out['winners'])}"
    return f"Round {view['round']}, {view['phase']}: {view['prompt']}"


def _route(view: Mapping[str, Any]) -> dict[str, Any]:
    ships: dict[int, list[str]] = {}
    for seat in view["seats"]:
        if not seat["out"]:
            ships.setdefault(seat["tile"], []).append(f"P{seat['seat']}" + (" home" if seat["home"] else ""))
    items = []
    for (x, y), tile in zip(ring(view["route_length"]), view["map"]):
        items.append({"id": f"tile:{tile['index']}", "kind": "cell", "text": tile["name"],
                      "sub": f"{tile['index']} {tile['water']}", "color": WATER[tile["water"]],
                      "badges": ships.get(tile["index"], []), "x": x, "y": y,
                      "title": f"{tile['name']} ({tile['water']}, stand-in): {tile['text'] or 'nothing'}"})
    return {"id": "route", "label": "The route", "layout": "grid", "items": items,
            "note": f"catalogue: {view['catalogue']}; ships sail from tile 0 round to tile 0"}


def _cups(view: Mapping[str, Any]) -> dict[str, Any]:
    zones = []
    for p, cup in enumerate(view["cups"]):
        items = []
        for i, name in enumerate(cup["dice"]):
            face = None if cup["faces"] is None else cup["faces"][i]
            if face is None:
                items.append({"id": "", "kind": "die", "face": "down", "sub": "?" if cup["rolled"] else "",
                              "title": f"P{p}'s {name} die, hidden"})
            else:
                colour = DIE_COLOUR[name]
                items.append({"id": "", "kind": "die", "text": str(face), "color": colour,
                              "title": f"{name} die showing {face}"})
        note = ("takes part" if cup["betting"] else "sits out") + (f", {len(cup['dice'])} dice")
        zones.append({"id": f"cup:{p}", "label": f"P{p}'s cup", "note": note, "layout": "row",
                      "items": items, "highlight": view["to_move"] == p and view["phase"] == "betting"})
    return {"id": "cups", "label": "Cups", "layout": "group", "items": [], "zones": zones,
            "note": "revealed" if view["call"] else "each player sees their own cup only"}


def _picker(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    total = sum(len(c["dice"]) for c in view["cups"] if c["betting"])
    bid = view["bid"]
    cells = []
    for q in range(1, max(total, 1) + 1):
        for f in FACE_WORDS:
            below = bid is not None and (q < bid["quantity"] or (q == bid["quantity"] and f <= bid["face"]))
            cells.append({"id": f"bid:{q}:{f}", "kind": "cell", "text": f"{q}×{f}",
                          "color": "#dddddd" if below else "#fffdf5", "x": f - 2, "y": q - 1,
                          "title": f"bid {q} {FACE_WORDS[f] if q > 1 else FACE_WORDS[f][:-1]}"})
    calls = [{"id": "liar", "kind": "token", "text": "Liar!", "color": "#e74c3c",
              "title": "call the previous bid a lie (P-LIAR)"},
             {"id": "exact", "kind": "token", "text": "Exact", "color": "#f39c12",
              "title": "lock the previous bid, or (with a bid cell) your raise, as exact (P-EXACT-1)"}]
    return [{"id": "picker", "label": "Bid picker", "layout": "grid", "items": cells,
             "note": "quantity down, face across (2-6): the lit cells are legal bids",
             "highlight": view["stage"] == "bid"},
            {"id": "calls", "label": "Calls", "layout": "row", "items": calls}]


def _flight(view: Mapping[str, Any]) -> dict[str, Any] | None:
    items = []
    for fr in view["stack"]:
        if fr["kind"] == "battle":
            for s, f in zip(fr["seats"], fr["faces"]):
                items.append({"id": "", "kind": "die", "text": f or "?", "sub": f"P{s}",
                              "color": SEAT_COLOURS[s], "title": f"{fr['battle']} battle: P{s}"})
        elif fr["kind"] == "die":
            items.append({"id": "", "kind": "die", "text": str(fr["face"] or "?"), "sub": fr["die"],
                          "title": f"P{fr['owner']}'s {fr['die']} die"})
        elif fr["kind"] == "effect":
            eff = fr["effect"]
            items.append({"id": "", "kind": "card", "text": eff["kind"], "sub": f"P{fr['actor']}",
                          "title": str(eff)})
        elif fr["kind"] == "window":
            items.append({"id": "", "kind": "counter", "text": fr["window"],
                          "sub": " ".join(f"P{s}" for s in fr["seats"]), "color": "#f6d68b"})
    if not items:
        return None
    return {"id": "flight", "label": "In play now", "layout": "row", "items": items, "highlight": True}


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    arrow = "↻" if view["direction"] == "clockwise" else "↺"
    token = {"id": "token", "label": "Starting captain", "layout": "row", "items": [
        {"id": "", "kind": "token", "text": f"P{view['captain']} {arrow}", "color": "#f2d16b",
         "title": f"P{view['captain']} holds the token; play goes {view['direction']}"}],
        "note": f"round {view['round']}, {view['phase']} phase"}
    ladder = {"id": "bids", "label": "Bids", "layout": "row",
              "items": [{"id": "", "kind": "counter", "text": b["text"]} for b in view["bids"]],
              "note": "" if view["call"] is None else
              f"{view['call']['kind']} by P{view['call']['by']}: {view['call']['count']} counted"}
    areas = []
    for seat in view["seats"]:
        p = seat["seat"]
        items = [{"id": f"coin:{p}", "kind": "counter", "text": str(seat["coins"]), "sub": "coins",
                  "color": "#f7dc6f"},
                 {"id": f"crew:{p}", "kind": "counter", "text": str(seat["crew"]), "sub": "crew",
                  "color": "#aab7b8"}]
        items += [{"id": f"special:{name}" if name == "cursed" else "", "kind": "die", "text": name[:5],
                   "color": DIE_COLOUR[name], "title": f"the {name} die"} for name in seat["specials"]]
        if seat["hand"] is not None:
            items += [{"id": f"hand:{p}:{c}", "kind": "card", "text": c} for c in seat["hand"]]
        else:
            items += [{"id": "", "kind": "card", "face": "down", "title": "a hidden card"}] * seat["hand_count"]
        items.append({"id": f"ship:{p}", "kind": "token", "text": f"P{p}", "color": SEAT_COLOURS[p],
                      "sub": f"tile {seat['tile']}" + (" home" if seat["home"] else ""),
                      "title": f"P{p}'s ship: {seat['progress']} tiles sailed"})
        note = " ".join(x for x in (seat["role"], "out" if seat["out"] else "",
                                    f"captain {seat['captain']}" if seat["captain"] else "") if x)
        areas.append({"id": f"player:{p}", "label": f"P{p}", "note": note, "layout": "row",
                      "items": items, "highlight": view["to_move"] == p})
    decide = [{"id": i, "kind": "token", "text": t} for i, t in
              (("pass", "Pass"), ("keep", "Keep"), ("reroll", "Re-roll"), ("step", "Step"),
               ("stop", "Stop"), ("deck", "Buy / deck"))]
    zones = [_route(view), token, _cups(view), ladder, *_picker(view)]
    flight = _flight(view)
    if flight:
        zones.append(flight)
    zones += [{"id": "actions", "label": "Decisions", "layout": "row", "items": decide,
               "note": f"deck {view['deck_count']}, discard {len(view['discard'])}, "
                       f"supply {view['supply']} coins, bag {view['bag']} dice"},
              {"id": "players", "label": "Captains", "layout": "group", "items": [], "zones": areas}]
    return {"game": view["game"], "title": TITLE, "viewer": view["viewer"], "status": _status(view),
            "zones": zones, "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}
