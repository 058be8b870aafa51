"""The board scene of Piri Piri Summoners, drawn from a view only (see `core.scene`).

The "grid" zone holds the placed cards (ids "cell:x,y", suit colours, sculptures as
badges) and the empty candidate cells around the layout (kind "cell", same ids), so a
board can highlight where a selected hand card may go. Cards the viewer may not see are
drawn face down with no id and no text; hand cards everyone saw a player take are drawn
face up with a "seen" badge.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.pending import seat_name
from ...core.words import counted
from .cards import SUIT_COLOURS, card_name, is_joker
from .grid import Cell

TITLE = "Piri Piri Summoners"
SCULPTURES = ("capybara", "tanuki", "hare", "boar")
SITE = "✦"
"""The badge of a grid cell where a summon may go (while a summon window is open)."""


def _card_item(card: str, item_id: str, **extra: Any) -> dict[str, Any]:
    return {"id": item_id, "kind": "card", "text": "Joker" if is_joker(card) else card[1:],
            "sub": "" if is_joker(card) else card_name(card).split()[0],
            "color": SUIT_COLOURS[card[0]], "face": "up", "title": card_name(card), **extra}


def _hidden(count: int, what: str) -> list[dict[str, Any]]:
    return [{"id": "", "kind": "card", "face": "down", "title": what} for _ in range(count)]


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        outcome = view["outcome"]
        winners = ", ".join(seat_name(w) for w in outcome["winners"])
        return f"Game over: {outcome['ended_by']}. Winner: {winners}"
    prompt = view["prompt"]
    return f"Turn {view['turn'] + 1}: {prompt[:1].upper() + prompt[1:]}"


def _window_zone(view: Mapping[str, Any], grid_items: list[dict[str, Any]]) -> dict[str, Any]:
    """The open summon window: who is asked, in priority order, and, for the teacher and
    the asked player, every summon open to them (what, where, consuming which cards).
    Other players see only the public pattern sites, marked on the grid."""
    asked, later = view["window"][0], view["window"][1:]
    note = f"asking {seat_name(asked)}" + (
        f", then {', '.join(f'{seat_name(p)}' for p in later)}" if later else "")
    summons = view["summons"]
    if summons is None:
        shown = {(x, y) for x, y, _ in view["sites"]}
        items = [{"id": "", "kind": "counter", "text": seat_name(asked), "sub": "deciding",
                  "color": "#f6d68b", "title": f"{seat_name(asked)} may summon or decline"}]
    else:
        shown = {tuple(s["cell"]) for s in summons}
        items = [_card_item(s["spirit"], "", sub=f"at {s['cell'][0]},{s['cell'][1]}",
                            title=s["label"], badges=["2 mana"]) for s in summons]
    for item in grid_items:
        if (item["x"], item["y"]) in shown:
            item["badges"] = [*item.get("badges", []), SITE]
            item["title"] += ", a summon site"
    return {"id": "window", "label": "Summon window", "note": note, "layout": "row",
            "items": items, "highlight": True}


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    """The board for `view`: layout grid, market, deck and one area per player."""
    # a sculpture is a small badge of its owner ("P0": the players' areas name the animal,
    # the card's tooltip too), so that it never hides the card in a crowded grid
    badges: dict[Cell, list[str]] = {}
    statues: dict[Cell, list[str]] = {}
    for seat in view["seats"]:
        if seat["sculpture"] is not None:
            badges.setdefault(tuple(seat["sculpture"]), []).append(seat_name(seat["seat"]))
            statues.setdefault(tuple(seat["sculpture"]), []).append(
                f"{seat_name(seat['seat'])}'s {SCULPTURES[seat['seat']]} sculpture")
    placed = [(*map(int, where.split(",")), card) for where, card in view["grid"].items()]
    grid_items = [_card_item(card, f"cell:{x},{y}", x=x, y=y, badges=badges.get((x, y), []),
                             corner=f"{x},{y}", title=f"{card_name(card)} at {x},{y}"
                             + "".join(f", {s}" for s in statues.get((x, y), [])))
                  for x, y, card in placed]
    grid_items += [{"id": f"cell:{x},{y}", "kind": "cell", "text": "", "x": x, "y": y,
                    "corner": f"{x},{y}", "color": "#f4f4f4", "title": f"empty cell {x},{y}"}
                   for x, y in view["frontier"]]
    market = [_card_item(c, f"market:{i}") if c else
              {"id": "", "kind": "cell", "text": "empty", "title": f"empty slot {i}"}
              for i, c in enumerate(view["market"])]
    deck = [{"id": "deck", "kind": "card", "face": "down", "sub": counted(view['deck_count'], "card"),
             "title": f"deck: {counted(view['deck_count'], 'card')}"}]
    deck += [_card_item(c, "", title=f"known at the bottom: {card_name(c)}")
             for c in view["deck"]["bottom"]]
    areas = []
    for seat in view["seats"]:
        p = seat["seat"]
        seen = seat["known"]
        if seat["hand"] is not None:
            hand = [_card_item(c, f"hand:{p}:{c}", badges=["seen"] if c in seen else [])
                    for c in seat["hand"]]
        else:                  # the cards everyone saw them take, then the secret rest
            hand = [_card_item(c, "", badges=["seen"], title=f"{card_name(c)}, seen taken")
                    for c in seen] + _hidden(seat["hand_count"] - len(seen), "a hand card")
        spirits = ([_card_item(c, f"spirit:{p}:{c}", sub="Spirit") for c in seat["spirits"]]
                   if seat["spirits"] is not None
                   else _hidden(seat["spirit_count"], "a secret Spirit card"))
        summoned = [_card_item(c, "", sub="summoned") for c in seat["summoned"]]
        mana = {"id": "", "kind": "counter", "text": str(seat["mana"]), "sub": "mana",
                "color": "#9ad0f5", "title": f"{seat_name(p)} has {seat['mana']} mana"}
        # the mover's (and the viewer's own) cards at full size, the others' as a line of
        # chips: four players' areas fit under the valley on one screen
        small = p != view["to_move"] and p != view["viewer"]
        areas.append({"id": f"player:{p}", "label": f"{seat_name(p)} ({SCULPTURES[p]})",
                      "note": f"score {seat['score']:g}", "layout": "row",
                      "items": [mana] + hand + spirits + summoned, "plain": True,
                      "dense": small, "inline": small, "highlight": view["to_move"] == p})
    zones: list[dict[str, Any]] = [
        {"id": "grid", "label": "Valley", "note": "empty cells: where a card may go; a player's badge: their sculpture",
         "layout": "grid", "items": grid_items},
    ]
    if view["phase"] == "summon" and view["window"]:
        zones.append(_window_zone(view, grid_items))
        zones[0]["note"] += f"; {SITE}: a summon site"
    return {
        "game": view["game"], "title": TITLE, "viewer": view["viewer"], "status": _status(view),
        "zones": zones + [
            {"id": "supply", "layout": "group", "bare": True, "items": [], "zones": [
                {"id": "market", "label": "Market", "note": "1 mana a card", "layout": "row",
                 "items": market, "fit": True},
                {"id": "deck", "label": "Deck", "note": f"box: {view['box_mana']} mana",
                 "layout": "row", "items": deck, "dense": len(deck) > 2}]},   # a known bottom: chips
            {"id": "players", "label": "Players", "layout": "group", "items": [],
             "zones": areas},
        ],
        "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]],
    }
