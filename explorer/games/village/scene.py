"""The board scene (schema in `core.scene`) for a view: track, market, deck, player areas.

Click targets: "track:<Treasure>" (a token), "stall:<cost>" (a stall), "deck",
"hand:<seat>:<Card>" (a card in the viewer's own hand, or any hand for the teacher).
Built only from a view, so it holds nothing the viewer may not see.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.pending import seat_name
from ...core.words import counted
from .cards import COLORS, NAMES

_COLOR = dict(zip(NAMES, COLORS))
TITLE = "Please Don't Burn My Village!"


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        outcome = view["outcome"]
        winners = outcome["winners"]
        who = ", ".join(seat_name(p) for p in winners) if winners else "nobody"
        return f"Game over ({outcome['ended_by']}): {who} wins"
    if view["to_move"] == "chance":
        doing = "the refill" if view["phase"] == "refill" else f"{seat_name(view['active'])}'s draw"
        return f"Chance: the next card of the deck for {doing}"
    if view["phase"] == "curse":
        return f"{seat_name(view['active'])} to curse one discarded treasure"
    return f"{seat_name(view['active'])} to move (turn {view['turn'] + 1})"


def _card(item_id: str, name: str, count: int, names: Mapping[str, str], **extra: Any) -> dict[str, Any]:
    return {"id": item_id, "kind": "card", "text": name, "sub": f"×{count}",
            "color": _COLOR[name], "face": "up", "badges": [],
            "title": names.get(name, name), **extra}


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    names = view["names"]
    viewer = view["viewer"]
    track = {"id": "track", "label": "Dragon's Favor", "note": "low → high", "layout": "row",
             "highlight": view["phase"] == "curse",
             "items": [{"id": f"track:{s['treasure']}", "kind": "token", "text": s["treasure"],
                        "sub": f"value {s['value']}", "color": _COLOR[s["treasure"]], "face": "up",
                        "badges": [], "title": f"{names[s['treasure']]}: worth {s['value']}"}
                       for s in view["track"]]}
    stalls = []
    refill = view["refill"]
    for stall in view["stalls"]:
        cost = stall["cost"]
        sid = f"stall:{cost}"
        items = [_card(sid, name, n, names) for name, n in stall["cards"].items()]
        if not items:
            items = [{"id": sid, "kind": "cell", "text": "empty", "sub": "", "color": "#eee",
                      "face": "up", "badges": [], "title": f"stall {cost} is empty"}]
        stalls.append({"id": sid, "label": f"Stall {cost}", "note": "free" if cost == 0 else
                       f"cost {cost}", "layout": "row", "items": items,
                       "highlight": bool(refill and refill["next_stall"] == cost)})
    market = {"id": "market", "label": "Black Market", "note": "", "layout": "group",
              "items": [], "zones": stalls, "highlight": False}
    deck = {"id": "deck", "label": "Deck", "note": "", "layout": "row", "highlight":
            view["to_move"] == "chance",
            "items": [{"id": "deck", "kind": "counter", "text": "Deck", "sub": counted(view['deck'], "card"),
                       "color": "#6b5b95", "face": "up", "badges": [], "title": "draw pile"},
                      {"id": "", "kind": "counter", "text": "Discard",
                       "sub": counted(sum(view['discard'].values()), "card"), "color": "#ddd",
                       "face": "up", "badges": [],
                       "title": ", ".join(f"{k} ×{v}" for k, v in view["discard"].items()) or "empty"}]}
    areas = []
    for p, hand in enumerate(view["hands"]):
        items = []
        if "cards" in hand:
            clickable = viewer is None or viewer == p
            for name, n in hand["cards"].items():
                items.append(_card(f"hand:{p}:{name}" if clickable else "", name, n, names))
        else:
            for name, n in hand["known"].items():
                items.append(_card("", name, n, names, badges=["seen"]))
            hidden = hand["size"] - sum(hand["known"].values())
            if hidden:
                items.append({"id": "", "kind": "card", "text": "", "sub": f"×{hidden}",
                              "color": "#6b5b95", "face": "down", "badges": [],
                              "title": counted(hidden, "unseen card")})
        for name, bribe in view["bribes"][p].items():
            wilds = f" + {bribe['wilds']} Wild" if bribe["wilds"] else ""
            items.append({"id": "", "kind": "card", "text": name, "sub": f"{bribe['cards']}{wilds}",
                          "color": _COLOR[name], "face": "up", "badges": ["bribe"],
                          "title": f"{seat_name(p)}'s {names[name]} bribe"})
        areas.append({"id": f"player:{p}", "label": seat_name(p) + (" (you)" if viewer == p else ""),
                      "note": f"{hand['size']} in hand, bribes worth {view['bribe_points'][p]}",
                      "layout": "row", "items": items, "zones": [],
                      "highlight": not view["over"] and view["active"] == p})
    players = {"id": "players", "label": "Villages", "note": "", "layout": "group", "items": [],
               "zones": areas, "highlight": False}
    return {"game": view["game"], "title": TITLE, "viewer": viewer, "status": _status(view),
            "zones": [track, market, deck, players],
            "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}
