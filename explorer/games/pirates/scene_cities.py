"""The board's Cities of Greed parts, drawn from the view's "cities" section only.

Board elements (their ids are the expansion's move targets, see `clicks`):
"banner:<town>" a town's banner (designate it, or the town an influence card is played
for); "towncard:<seat>:<town>" a town card in hand while the towns are placed;
"town:<i>" the town card under tile i (to move it); "influence:<seat>:<card>" an
influence card in hand; "attack" and "bonus"; "influence deck" (buy one);
"drawn:<seat>:<card>" a card of a "draw two" choice. A viewer's board shows their own
influence cards, town cards and drawn cards only [P-HIDDEN-1] [P-COG-INF-DEAL].
"""
from __future__ import annotations

from typing import Any, Mapping

from explorer.core.pending import seat_name
from explorer.core.words import counted

from .words import influence_name

BANNER = "#d5c4a1"
"""The colour of a town's banner."""
INFLUENCE = "#f5cba7"
"""The colour of an influence card."""


def tile_town(view: Mapping[str, Any], index: int) -> str:
    """The town of the tile at route place `index` ("" for none or no expansion)."""
    cities = view.get("cities")
    if cities is None:
        return ""
    tile = cities["tiles"][index]
    return "" if tile is None else tile["town"]


def _banners(view: Mapping[str, Any]) -> dict[str, Any]:
    """Every town's banner: its tiles, and who controls it (the spare ships on it)."""
    cities = view["cities"]
    items = []
    for town in cities["towns"]:
        tiles = [i for i, t in enumerate(cities["tiles"]) if t is not None and t["town"] == town]
        owners = cities["controls"].get(town, [])
        items.append({"id": f"banner:{town}", "kind": "token", "text": town, "color": BANNER,
                      "sub": "tiles " + (", ".join(map(str, tiles)) or "none"),
                      "badges": [seat_name(p) for p in owners],
                      "title": f"{town}: tiles {tiles or 'none'}; "
                               + (f"designated by {', '.join(f'{seat_name(p)}' for p in owners)}" if owners
                                  else "nobody's designated town")})
    return {"id": "banners", "label": "Towns", "layout": "row", "items": items,
            "note": "each banner: the town's tiles and the spare ships of who designated it"}


def _town_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """While the towns are placed: the town cards under the tiles (a click picks one to
    move) and each player's town cards in hand, face up for their owner only."""
    if not any(fr["kind"] == "towns" for fr in view["stack"]):
        return []
    cities = view["cities"]
    placed = [{"id": f"town:{i}", "kind": "card", "text": t["town"], "sub": f"tile {i}, {seat_name(t['card_of'])}'s",
               "title": f"the {t['town']} card of {seat_name(t['card_of'])} under tile {i}"}
              for i, t in enumerate(cities["tiles"]) if t is not None]
    zones = []
    for p, count in enumerate(cities["town_hand_counts"]):
        hand = cities["town_hands"][p]
        items = ([{"id": f"towncard:{p}:{t}", "kind": "card", "text": t, "color": BANNER} for t in hand]
                 if hand is not None else [{"id": "", "kind": "card", "face": "down",
                                            "title": "a town card"}] * count)
        zones.append({"id": f"towncards:{p}", "label": f"{seat_name(p)}'s town cards", "layout": "row", "dense": True,
                      "items": items, "highlight": view["to_move"] == p})
    return [{"id": "placed towns", "label": "Town cards on the map", "layout": "row", "items": placed,
             "note": "slot a card under a tile without one, or move a placed card"},
            {"id": "towncards", "label": "Town cards in hand", "layout": "group", "items": [],
             "zones": zones}]


def _drawn(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A "draw two, keep one" choice: the two cards for their buyer, face down for others."""
    for fr in view["stack"]:
        if fr["kind"] == "pick":
            seat = fr["seat"]
            towns = view["cities"]["cards"]
            words = view["card_words"]
            items = ([{"id": f"drawn:{seat}:{c}", "kind": "card",
                       "text": "influence" if c in towns else words[c]["name"] if c in words else c,
                       "sub": " / ".join(t.split()[0] for t in towns[c]) if c in towns else
                       words[c]["tier"] if c in words else "",
                       "title": f"influence card: {influence_name(towns[c])}" if c in towns else
                       f"{words[c]['name']}: {words[c]['text']}" if c in words else c,
                       "color": INFLUENCE if c in towns else "#ffffff"} for c in fr["drawn"]]
                     if fr["drawn"] is not None else
                     [{"id": "", "kind": "card", "face": "down", "title": "a drawn card"}] * fr["count"])
            return [{"id": "drawn", "label": f"{seat_name(seat)} keeps one of two ({fr['deck']})", "layout": "row",
                     "items": items, "highlight": True, "note": "draw two, keep one (P-COG-VAR-DRAW2)"}]
    return []


def cities_zones(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The expansion's zones of the board ([] without the expansion)."""
    if "cities" not in view:
        return []
    cities = view["cities"]
    buttons = {"id": "influence actions", "label": "Influence", "layout": "row", "items": [
        {"id": "attack", "kind": "token", "text": "Attack", "color": "#e74c3c",
         "title": "every ship in the town loses one cargo (P-COG-ATTACK)"},
        {"id": "bonus", "kind": "token", "text": "Bonus", "color": "#27ae60",
         "title": "every ship in the town gains 1 coin; your own town while there: 2 and the mayor die "
                  "(P-COG-BONUS, P-COG-MAYOR-TAKE)"},
        {"id": "influence deck", "kind": "card", "face": "down", "text": "influence",
         "sub": f"{cities['deck_count']} left", "title": "buy an influence card for 1 coin (P-COG-INF-BUY)"}],
        "note": "play: an influence card, a town's banner, then attack or bonus; "
                + (f"played: {counted(len(cities['discard']), 'card')}, the last "
                   f"{influence_name(cities['cards'][cities['discard'][-1]])}" if cities["discard"]
                   else "none played yet")}
    return [_banners(view), *_town_cards(view), *_drawn(view), buttons]


def influence_items(view: Mapping[str, Any], p: int) -> list[dict[str, Any]]:
    """P`p`'s influence cards in their captain's area: face up (with their towns) for
    their owner and the teacher, face down for the others."""
    cities = view.get("cities")
    if cities is None:
        return []
    hand = cities["influence"][p]
    if hand is None:
        return [{"id": "", "kind": "card", "face": "down", "title": "a hidden influence card"}] * \
            cities["influence_counts"][p]
    # named by its towns (first words), in the influence colour: one short line
    return [{"id": f"influence:{p}:{c}", "kind": "card", "color": INFLUENCE,
             "text": " / ".join(t.split()[0] for t in cities["cards"][c]),
             "title": f"influence card: {influence_name(cities['cards'][c])}"} for c in hand]


def seat_note(view: Mapping[str, Any], p: int) -> str:
    """The designated town in a captain's area ("" without the expansion)."""
    cities = view.get("cities")
    if cities is None or not cities["designated"][p]:
        return ""
    return f"town {cities['designated'][p]}"
