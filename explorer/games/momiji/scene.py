"""The Momiji board (schema in `core.scene`), built from a view only.

Zones: the Garden grouped by type (acorn corners drawn as "◖" left / "◗" right, the
corner table being stand-in), the deck and the torii supply, the objectives (stand-in,
owner badges), then one area per player: acorns, torii, the row of piles (top card,
size or "?" as count_piles allows, a torii badge when closed), the hand (face down to
others but for the cards it took from the Garden, which show badged "known"), the
landscapes with their powers (stand-in, used or not) and the action buttons of the
step ("stop", "end", "trade"). Click targets are those of `moves`.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.pending import seat_name
from .cards import COLORS, TYPES

TITLE = "Momiji"
_COLOR = dict(zip(TYPES, COLORS))


def _corners(card: str) -> str:
    tail = card.rsplit("-", 1)[1][1:]
    return ("◖" if "L" in tail else "") + ("◗" if "R" in tail else "")


def _card(item_id: str, card: str, **extra: Any) -> dict[str, Any]:
    """A leaf card, read by its name ("Oak-2L", as moves write it) with its acorn corners
    drawn under it: one card never reads like a count ("2 Oak")."""
    kind, value = card.rsplit("-", 1)
    acorns = _corners(card)
    return {"id": item_id, "kind": "card", "text": card, "sub": acorns,
            "color": _COLOR[kind], "face": "up", "badges": [],
            "title": f"{card}: acorns {'left ' if 'L' in value else ''}{'right' if 'R' in value else ''}"
                     f"{'none' if not acorns else ''} (corner table: stand-in)", **extra}


def _button(item_id: str, text: str, title: str) -> dict[str, Any]:
    return {"id": item_id, "kind": "counter", "text": text, "sub": "", "color": "#f0e6d2",
            "face": "up", "badges": [], "title": title}


def _count(n: float, noun: str) -> str:
    """A number with its noun agreeing: "1 acorn", "2 acorns", "0 points"."""
    return f"{n:g} {noun}" if n == 1 else f"{n:g} {noun}s"


_DOING = {"act": "chooses a main action (collect, play or activate) or an extra",
          "collect": "collects a type after the paid reveal", "play": "plays another card or stops",
          "place": "places the new pile", "after": "uses an extra or ends the turn",
          "trade": "trades a second card", "gust": "takes a Garden card (Gust)",
          "give": "swaps a hand card for a Garden card (Lantern)", "lantern": "takes a Garden card (Lantern)",
          "pond": "takes a card looked at (Koi Pond)", "limit": "discards down to 8 cards",
          "draft": "keeps a landscape of the draft hand"}
"""What the player to move is doing, by step, in words (the status line)."""
_ENDING = {"deck": "the deck ran out", "torii": "the last torii was taken"}


def _status(view: Mapping[str, Any]) -> str:
    """Who moves and what they do, in which round (every seat's turn once is a round)."""
    if view["over"]:
        winners = view["outcome"]["winners"]
        who = ", ".join(seat_name(p) for p in winners) if winners else "nobody"
        return f"Game over ({view['outcome']['ended_by']}): {who} wins"
    if view["to_move"] == "chance":
        return "Chance: the deck turns up a card"
    doing = _DOING.get(view["step"], "moves")
    if view.get("draft"):
        return f"Landscape draft, round {view['draft']['round']} of {view['draft']['rounds']}: {seat_name(view['active'])} {doing}"
    ending = f" — the end is triggered: {_ENDING.get(view['ending'], view['ending'])}" if view["ending"] else ""
    return f"Round {view['turn'] // view['players'] + 1}: {seat_name(view['active'])} {doing}{ending}"


def _part(seat: int, key: str, label: str, items: list[dict[str, Any]], **how: Any) -> dict[str, Any]:
    """One part of a player's area (acorns, piles, hand, ...): a line headed by its label."""
    return {"id": f"{key}:{seat}", "label": label, "note": "", "layout": "row", "items": items,
            "highlight": False, "inline": True, "plain": True, **how}


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    viewer = view["viewer"]
    step = view["step"]
    active = view["active"]
    taking = step in ("gust", "lantern", "give")
    groups = []
    for group in view["garden"]:
        t = group["type"]
        groups.append({"id": f"garden-{t}", "label": t, "note": "", "layout": "row", "highlight": False,
                       "items": [_card(f"garden:{c}" if taking else f"garden:{t}", c) for c in group["cards"]]})
    garden = {"id": "garden", "label": "Garden", "note": "grouped by type; ◖ ◗ acorn corners (stand-in)",
              "layout": "group", "items": [], "zones": groups, "highlight": step in ("act", "collect") or taking}
    supply = {"id": "supply", "label": "Deck and torii", "note": "", "layout": "row",
              "highlight": view["to_move"] == "chance",
              "items": [{"id": "deck", "kind": "counter", "text": "Deck", "sub": _count(view["deck"], "card"),
                         "color": "#6b5b95", "face": "up", "badges": [],
                         "title": "pay 1 acorn to reveal 4 more cards before a Collect"},
                        {"id": "", "kind": "token", "text": "Torii", "sub": f"{view['torii_supply']} left",
                         "color": "#c0392b", "face": "up", "badges": [], "title": "torii supply"},
                        {"id": "", "kind": "counter", "text": "Discard", "sub": _count(len(view["discard"]), "card"),
                         "color": "#ddd", "face": "up", "badges": [], "title": ", ".join(view["discard"]) or "empty"}]}
    if view.get("deck_known"):
        supply["note"] = "you know the top: " + ", ".join(view["deck_known"])
    elif view.get("peek"):
        known = view["peek"]["cards"]
        supply["note"] = (f"{seat_name(view['peek']['seat'])} knows the top card" if known == 1
                          else f"{seat_name(view['peek']['seat'])} knows the top {known} cards")
    objectives = {"id": "objectives", "label": "Objectives", "note": "stand-in catalogue" if any(
        o["stand_in"] for o in view["objectives"]) else "", "layout": "row", "highlight": False,
        "items": [{"id": f"objective:{o['key']}", "kind": "token", "text": o["name"],
                   "sub": "", "color": "#f7f1e3" if o["owner"] is None else "#e8a33d", "face": "up",
                   "badges": (["stand-in"] if o["stand_in"] else []) + ([] if o["owner"] is None
                                                                        else [f"owned by {seat_name(o['owner'])}"]),
                   "title": f"{o['name']} [{o['rule']}]" + (" (stand-in)" if o["stand_in"] else "")
                   + ("" if o["owner"] is None else f", owned by {seat_name(o['owner'])}")}
                  for o in view["objectives"]]}
    supply.update(dense=True, inline=True)
    objectives.update(dense=True, inline=True)
    zones = [garden, supply, objectives]
    draft = view.get("draft")
    if draft:       # only the viewer's own hand shows (M-DRAFT-2)
        hands = draft["hands"]
        items: list[dict[str, Any]] = []
        for seat, letters in hands.items():
            for land in letters:
                items.append({"id": f"draft:{seat}:{land['letter']}", "kind": "token",
                              "text": f"{land['letter']} {land['name']}",
                              "sub": f"{seat_name(int(seat))}'s hand" if viewer is None else "", "color": "#cfd8c4",
                              "face": "up", "badges": ["stand-in"] if land["stand_in"] else [],
                              "title": f"{land['name']} [{land['rule']}]: {land['text']}"})
        what = "hands passed on each round" if draft["passing"] else "each player's own six"
        zones.append({"id": "draft", "label": "Landscape draft",
                      "note": f"round {draft['round']} of {draft['rounds']}; {what}", "layout": "row",
                      "items": items, "highlight": True})
    if view["pond"]["size"]:
        cards = view["pond"].get("cards")
        items = ([_card(f"garden:{c}", c) for c in cards] if cards is not None else
                 [{"id": "", "kind": "card", "text": "", "sub": f"×{view['pond']['size']}", "color": "#6b5b95",
                   "face": "down", "badges": [], "title": "cards looked at"}])
        zones.append({"id": "pond", "label": "Koi Pond look", "note": "stand-in power", "layout": "row",
                      "items": items, "highlight": True})
    areas = []
    for seat in view["seats"]:
        p = seat["seat"]
        mine = viewer is None or viewer == p
        acorns = [{"id": "", "kind": "counter", "text": _count(seat["acorns"], "acorn"), "sub": "",
                   "color": "#b5835a", "face": "up", "badges": [], "title": "acorns: 1 point each"}]
        torii = [{"id": "", "kind": "counter", "text": f"{seat['torii']} torii", "sub": "", "color": "#e6b0aa",
                  "face": "up", "badges": [], "title": "torii taken"}]
        items = []
        for i, pile in enumerate(view["seats"][p]["piles"]):
            if step == "place" and p == active:
                items.append({"id": f"slot:{p}:{i}", "kind": "cell", "text": f"place {i + 1}", "sub": "",
                              "color": "#f3f1ec", "face": "up", "badges": [], "title": "put the new pile here"})
            size = pile.get("size")
            card = _card(f"pile:{p}:{pile['type']}", pile["top"],
                         badges=(["torii"] if pile["closed"] else []) + [f"×{size}" if size is not None else "×?"])
            card["title"] = (f"{pile['type']} pile: top {pile['top']}, "
                             + (_count(size, "card") if size is not None else "size hidden (nobody may count a pile)"))
            items.append(card)
        items.append({"id": f"row:{p}", "kind": "cell", "text": "+", "sub": "new pile", "color": "#f3f1ec",
                      "face": "up", "badges": [], "title": "start a pile (right end of the row)"})
        piles, items = items, []
        hand = seat["hand"]
        known = list(hand["known"])
        if "cards" in hand:
            for c in hand["cards"]:
                seen = c in known
                if seen:
                    known.remove(c)
                card = _card(f"hand:{p}:{c}" if mine else "", c, badges=["known"] if seen else [])
                if seen:
                    card["title"] += "; everybody knows it: taken from the Garden (M-HIDDEN-5)"
                items.append(card)
        else:
            for c in known:
                card = _card("", c, badges=["known"])
                card["title"] += "; known to everybody: taken from the Garden (M-HIDDEN-5)"
                items.append(card)
            rest = hand["size"] - len(known)
            if rest:
                items.append({"id": "", "kind": "card", "text": "", "sub": f"×{rest}", "color": "#6b5b95",
                              "face": "down", "badges": [], "title": f"{_count(rest, 'more card')} in hand"})
        cards, items = items, []
        if draft and not seat["landscapes"] and draft["kept"][p]:
            kept = draft["kept"][p]
            items.append({"id": "", "kind": "token", "text": "", "sub": f"×{kept}", "color": "#cfd8c4",
                          "face": "down", "badges": [], "title": f"{kept} landscape{'s' if kept != 1 else ''} "
                                                                  "kept face down (draft)"})
        for land in seat["landscapes"]:
            items.append({"id": f"power:{p}:{land['letter']}", "kind": "token",
                          "text": f"{land['letter']} {land['name']}", "sub": "used" if land["used"] else "",
                          "color": "#cfd8c4" if not land["used"] else "#999", "face": "up",
                          "badges": ["stand-in"] if land["stand_in"] else [],
                          "title": f"{land['name']} [{land['rule']}]" + (" (stand-in)" if land["stand_in"] else "")
                                   + f": {land['text']}"
                                   + (" — used" if land["used"] else "")})
        lands, items = items, []
        if p == active and not view["over"] and mine:
            if step == "play":
                items.append(_button(f"stop:{p}", "stop", "the play is complete"))
            if step in ("act", "after"):
                items.append(_button(f"trade:{p}", "trade", "trade 2 cards for 1 acorn (once a turn)"))
                items.append(_button(f"end:{p}", "end turn", "end the turn"))
        score = f", {_count(view['scores'][p], 'point')}" if "scores" in view else ""
        chips = [_part(p, key, label, items, dense=True, fit=True) for key, label, items in
                 (("acorns", "Acorns", acorns), ("torii", "Torii", torii), ("landscapes", "Landscapes", lands),
                  ("actions", "Actions", items)) if items]
        # the mover's (and the viewer's own) cards at full size; the others' as a line of chips
        small = p != active and p != viewer
        table = [_part(p, "piles", "Piles", piles, fit=True, dense=small), _part(p, "hand", "Hand", cards, dense=small)]
        areas.append({"id": f"player:{p}", "label": seat_name(p) + (" (you)" if viewer == p else ""),
                      "note": f"{_count(hand['size'], 'card')} in hand{score}", "layout": "stack", "items": [],
                      "zones": [{"id": f"chips:{p}", "layout": "group", "bare": True, "items": [], "zones": chips},
                                {"id": f"cards:{p}", "layout": "group", "bare": True, "items": [],
                                 "zones": [z for z in table if z["items"]]}],
                      "plain": True, "highlight": not view["over"] and active == p})
    zones.append({"id": "players", "label": "Players", "note": "piles: top card and number of cards"
                  if view["count_piles"] else "piles: top card; the number of cards in others' piles is hidden "
                                              "(table rule: nobody may count a pile)", "layout": "group",
                  "items": [], "zones": areas, "highlight": False})
    return {"game": view["game"], "title": TITLE, "viewer": viewer, "status": _status(view), "zones": zones,
            "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}
