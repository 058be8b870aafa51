"""The board scene of Lying Pirates, drawn from a view only (see `core.scene`).

Zones: the route, small tiles in sailing order coloured by water with the ships on
them (ids "tile:<i>"); the cups (dice face down "?" for a viewer who may not see them,
all revealed after the call); the bids (the starting-captain token with its arrow, the
last bids); the BID PICKER, a grid of quantity x face cells from the standing bid's
quantity up whose ids are the bid moves' targets ("bid:7:5"), so the generic board
lights the legal bids and a click plays one, with the calls (Liar, Exact, Raise + lock)
beside it; what is in flight (a battle, a die, an effect); and one area per captain
(coins, crew, special dice, ship, hand).

One screen (1280x800, the board about 516 px wide beside the panel's controls): in the
betting phase the cups stand one above the other beside the picker, the calls and the
bids beside the odds under them, the captains' areas two to a row after; outside the
betting the picker folds to one line (tests/e2e/test_board_overflow.py measures it).

The exact odds (`odds.odds_from_view`) stand beside the bid ladder and shade the picker:
a player's board shows the odds from that player's own view only (their cup, and the
kinds of dice under the others) [P-HIDDEN-1]; the teacher's board shows the odds of
the seat to move as that seat knows them and, beside them, the truth (0 or 1, the
teacher seeing every cup). The panel's perspective switch (Teacher / P0 / P1 ...) is the
teacher's toggle between the two. After the call, the reveal highlights the dice that
count and the count that decided it [P-BID-COUNT] [P-CURSED].
"""
from __future__ import annotations

from typing import Any, Mapping

from explorer.core import words
from explorer.core.pending import seat_name

from .dice import FACE_WORDS, bid_text, contribution, counts_for
from .odds import odds_from_view
from .scene_cities import cities_zones, influence_items, seat_note, tile_town

TITLE = "Lying Pirates"
WATER = {"start": "#f2d16b", "safe": "#9fd9a8", "uncharted": "#8cc4ea", "treacherous": "#e99a8f"}
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad", "#e67e22")
SEAT_COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
"""The seats' colours in words (P0 red, P1 blue, ...), as the seed names its captains."""
LIKELY = (0x7f, 0xb3, 0xe0)
"""The shade of a picker cell whose bid is certainly true; an impossible one is PAPER."""
PAPER = (0xff, 0xfd, 0xf5)
BELOW = "#dddddd"
"""A picker cell at or under the standing bid (no longer a raise)."""
COUNTED = "#f6d68b"
"""After the call: the fill of the dice that count, and of the count itself."""
UNPLACED = "#eeeeee"
"""An empty place of the map while it is being built [P-SETUP-BUILD]."""
DIE_COLOUR = {"normal": "#333333", "mermaid": "#1abc9c", "pirate king": "#d4ac0d",
              "ghost": "#ecf0f1", "cursed": "#6c3483", "mayor": "#a04000"}


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        out = view["outcome"]
        return f"Game over: {out['ended_by']}. Winner: {', '.join(f'{seat_name(w)}' for w in out['winners'])}"
    if _in_setup(view):
        return f"Setup: {view['prompt']}"
    return f"Round {view['round']}, {view['phase']}: {view['prompt']}"


SETUP_FRAMES = frozenset({"draft", "build", "keep", "towns", "designate"})
"""The decisions of the setup, before the first round: the card draft, building the map,
and Cities of Greed's influence cards, town cards and designated towns."""


def _in_setup(view: Mapping[str, Any]) -> bool:
    return any(fr["kind"] in SETUP_FRAMES for fr in view["stack"])


def _role_note(view: Mapping[str, Any], p: int, role: str) -> str:
    """What a captain's area says of P`p`'s standing: during play the role of the
    betting round ("winner", "loser", "survivor"); at game over the game's result
    first, and the last round's role named as such ("won the game, last round:
    loser"), so the boxes never contradict the banner's winner."""
    if not view["over"] or view["outcome"] is None:
        return role
    result = "won the game" if p in view["outcome"]["winners"] else "lost the game"
    return f"{result}, last round: {role}" if role else result


def _route(view: Mapping[str, Any]) -> dict[str, Any]:
    ships: dict[int, list[str]] = {}
    for seat in view["seats"]:
        if not seat["out"]:
            ships.setdefault(seat["tile"], []).append(seat_name(seat["seat"]) + (" home" if seat["home"] else ""))
    items = []
    for tile in view["map"]:
        town = tile_town(view, tile["index"])
        items.append({"id": f"tile:{tile['index']}", "kind": "cell", "text": tile["name"],
                      "sub": f"{tile['index']}" + (f" · {town}" if town else ""),
                      "color": WATER.get(tile["water"], UNPLACED),
                      "badges": ships.get(tile["index"], []),
                      "title": f"{tile['name']} ({tile['water']}, stand-in): {tile['text'] or 'nothing'}"
                               + (f"; town {town}" if town else "")})
    # small tiles in sailing order, as many to a line as fit: the route in two lines
    return {"id": "route", "label": "The route", "layout": "row", "items": items, "compact": True,
            "note": f"{view['catalogue']} tiles; colour = waters: safe, uncharted, treacherous"}


def _counted(view: Mapping[str, Any], p: int) -> list[bool] | None:
    """After the call, which of P`p`'s dice count toward the judged bid (None before).

    The one count rule of dice.py: a die counts when it shows the face or a wild 1,
    unless the judged bid is its owner's and their cursed die shows the face, which
    leaves their whole cup out [P-BID-COUNT] [P-CURSED]."""
    call, cup = view["call"], view["cups"][p]
    if call is None or cup["faces"] is None or not cup["betting"]:
        return None
    face = call["bid"]["face"]
    shown = list(zip(cup["dice"], cup["faces"]))
    alive = contribution(face, shown, p == call["bid"]["by"]) > 0
    return [alive and counts_for(face, f) for _, f in shown]


def _rolled(view: Mapping[str, Any], p: int) -> int:
    """How many dice of P`p`'s cup are rolled so far (the cup being rolled, one die at a
    time: its frame on the stack)."""
    return next((fr["rolled"] for fr in view["stack"] if fr["kind"] == "cup" and fr["seat"] == p), 0)


def _cups(view: Mapping[str, Any]) -> dict[str, Any]:
    zones = []
    for p, cup in enumerate(view["cups"]):
        counted = _counted(view, p)
        items = []
        rolling_now = (cup["faces"] is not None or view["viewer"] is None) and view["to_move"] == "chance" \
            and view["step"] == f"cup {seat_name(p)}"
        next_die = _rolled(view, p) if rolling_now else -1       # the die a click forces (teacher)
        for i, name in enumerate(cup["dice"]):
            face = None if cup["faces"] is None else cup["faces"][i]
            if face is None:
                items.append({"id": f"cup:{p}" if i == next_die else "", "kind": "die", "face": "down",
                              "sub": "?" if cup["rolled"] else "", "title": f"{seat_name(p)}'s {name} die, hidden"})
            else:
                colour = DIE_COLOUR[name]
                item: dict[str, Any] = {"id": "", "kind": "die", "text": str(face), "color": colour,
                                        "title": f"{name} die showing {face}"}
                if name != "normal":
                    item["sub"] = name
                if counted is not None and counted[i]:
                    item.update(color=COUNTED, badges=["✓"])
                    item["title"] += f", counts toward {view['call']['bid']['text']}"
                items.append(item)
        # the dice are in sight (face up or down): the note says only what they do not
        note = "" if cup["betting"] else "sits out"
        if counted is not None:
            note = ", ".join(x for x in (note, f"{sum(counted)} count") if x)
        zones.append({"id": f"cup:{p}", "label": f"{seat_name(p)}'s cup", "note": note, "layout": "row", "dense": True,
                      "inline": True, "plain": True, "items": items,
                      "highlight": view["to_move"] == p and view["phase"] == "betting" and not _in_setup(view)})
    return {"id": "cups", "label": "Cups", "layout": "group", "items": [], "zones": zones,
            "note": "revealed, ✓ = counts" if view["call"] else "each player sees their own cup only"}


def _reveal(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The call and the count that decided it, highlighted (None before the call)."""
    call = view["call"]
    if call is None:
        return None
    bid = call["bid"]
    if call["kind"] == "liar":
        verdict = "the bid stands" if call["count"] >= bid["quantity"] else "the bid was a lie"
    else:
        verdict = "exact!" if call["count"] == bid["quantity"] else "not exact"
    items = [{"id": "", "kind": "counter", "text": bid_text(call["count"], call["bid"]["face"]),
              "sub": "counted", "color": COUNTED, "title": "the dice that count are marked ✓ in the cups"},
             {"id": "", "kind": "counter", "text": f"{call['kind']} by {seat_name(call['by'])}",
              "sub": f"on {bid['text']}"},
             {"id": "", "kind": "counter", "text": verdict, "color": "#fdebd0"}]
    return {"id": "reveal", "label": "The call", "layout": "row", "items": items, "highlight": True,
            "note": "all cups revealed (P-BID-COUNT)"}


def seat_knowledge(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The cups of a teacher's view as P`seat` knows them during the bidding: their own
    cup's faces, only the die names of the others [P-HIDDEN-1]. (`view.view(seat)`
    hides the same; tests/pirates/test_scene_odds.py checks the two agree.)"""
    cups = [dict(cup, faces=cup["faces"] if p == seat else None)
            for p, cup in enumerate(view["cups"])]
    return {**view, "viewer": seat, "cups": cups}


def _odds(view: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[tuple[int, int], str],
                                          dict[tuple[int, int], float]]:
    """The odds zone beside the bid ladder, and per raise (quantity, face) its tooltip
    text and the chance that shades its picker cell (None, {}, {} outside the bidding).

    A player: from their own view only. The teacher: the seat to move as it knows the
    cups (that seat's shading), and the truth beside it."""
    if view["phase"] != "betting" or view["stage"] != "bid" or view["call"]:
        return None, {}, {}
    viewer, to_move = view["viewer"], view["to_move"]
    seat = viewer if viewer is not None else to_move if isinstance(to_move, int) else None
    views = []
    if seat is not None:
        known = view if viewer is not None else seat_knowledge(view, seat)
        views.append((f"as {seat_name(seat)} knows", odds_from_view(known, seat)))
    if viewer is None:
        views.append(("truth", odds_from_view(view, None, bidder=seat)))
    items = []
    tips: dict[tuple[int, int], list[str]] = {}
    shade: dict[tuple[int, int], float] = {}
    for who, odds in views:
        standing = odds["standing"]
        if standing is not None:
            items.append({"id": "", "kind": "counter", "text": standing["text"],
                          "sub": f"{who}: {view['bid']['text']}",
                          "color": "#eef5fc" if who != "truth" else "#fdebd0",
                          "title": f"the chance that the standing bid is true / exact, {who}"})
        for row in odds["raises"]:
            key = (row["quantity"], row["face"])
            tips.setdefault(key, []).append(f"{who}: {row['text']}")
            if who != "truth":
                shade.setdefault(key, row["at_least"])
    if not items:
        items.append({"id": "", "kind": "counter", "text": "no bid yet", "sub": "opening bid"})
    label = "Odds" + ("" if viewer is None else f" for {seat_name(viewer)}")
    note = ("their own cup and the dice counts only" if viewer is not None
            else "as the mover knows; the truth")
    zone = {"id": "odds", "label": label, "layout": "row", "items": items, "note": note, "tool": True,
            "dense": True}
    return zone, {k: "; ".join(v) for k, v in tips.items()}, shade


def _shade(chance: float) -> str:
    """The fill of a raise cell: PAPER for an impossible bid (or no odds), LIKELY for a
    certain one."""
    mix = [round(a + (b - a) * chance) for a, b in zip(PAPER, LIKELY)]
    return "#" + "".join(f"{c:02x}" for c in mix)


PICKER_ROWS = 6
"""Quantities the bid picker shows from the standing bid's up: the raises a player weighs
(a bigger jump is in the move list), so the picker stays a few lines tall."""


def _picker(view: Mapping[str, Any], tips: Mapping[tuple[int, int], str],
            shade: Mapping[tuple[int, int], float]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The bid picker (quantity down, face across; the board lights the legal bids),
    each raise shaded and titled with its odds, and the calls beside it: Liar, Exact and
    "Raise + lock". The lock is its own control (clicked before a cell), so a cell alone
    plays its bid and Exact alone calls exact: one click, one move. Outside the betting
    the picker is folded to one line and there are no calls (None)."""
    total = sum(len(c["dice"]) for c in view["cups"] if c["betting"])
    bid = view["bid"]
    betting = view["phase"] == "betting" and not view["over"] and not _in_setup(view)
    if not betting:                       # folded outside the betting: one line, no cells
        said = "no bid" if bid is None else f"the last bid: {bid['text']}"
        return {"id": "picker", "label": "Bid picker", "layout": "row", "items": [], "tool": True,
                "note": f"folded until the next betting phase ({said})"}, None
    low = 1 if bid is None else bid["quantity"]
    high = min(max(total, 1), low + PICKER_ROWS - 1)
    cells = []
    for q in range(low, high + 1):
        for f in FACE_WORDS:
            below = bid is not None and (q < bid["quantity"] or (q == bid["quantity"] and f <= bid["face"]))
            title = f"bid {bid_text(q, f)}"
            cell: dict[str, Any] = {"id": f"bid:{q}:{f}", "kind": "cell", "text": f"{q}×{f}", "x": f - 2,
                                    "y": q - low, "color": BELOW if below else _shade(0.0), "title": title}
            if not below and (q, f) in shade:
                cell["color"] = _shade(shade[(q, f)])
                cell["sub"] = f"{shade[(q, f)]:.2f}"
            if not below and (q, f) in tips:
                cell["title"] = f"{title}: {tips[(q, f)]}"
            cells.append(cell)
    calls = [{"id": "liar", "kind": "token", "text": "Liar!", "color": "#e74c3c", "name": "Liar",
              "title": "call the previous bid a lie (P-LIAR)"},
             {"id": "exact", "kind": "token", "text": "Exact", "color": "#f39c12", "name": "Exact",
              "title": "call the previous bid exact (P-EXACT-1)"},
             {"id": "lock", "kind": "token", "text": "Raise + lock", "color": "#f8c471",
              "name": "Raise + lock",
              "title": "raise and lock as exact: click this, then a bid cell (P-EXACT-1)"}]
    note = "lit: legal" + ("; shade: P(true)" if shade else "")
    if high < total:
        cells[-1]["title"] += "; higher bids: in the list of moves"
    picker = {"id": "picker", "label": "Bid picker", "layout": "grid", "items": cells, "tool": True,
              "note": note, "highlight": view["stage"] == "bid", "dense": True, "share": 5}
    return picker, {"id": "calls", "label": "Calls", "layout": "row", "items": calls, "dense": True,
                    "inline": True}


LADDER = 2
"""The bids the ladder shows: the standing bid and the one before it (the rest are in
the game's record)."""


def _ladder(view: Mapping[str, Any]) -> dict[str, Any]:
    """The bids of the round, the last few, after the starting-captain token (who opened
    the betting, and which way play goes)."""
    arrow = "↻" if view["direction"] == "clockwise" else "↺"
    token = {"id": "", "kind": "token", "text": f"{seat_name(view['captain'])} {arrow}", "color": "#f2d16b",
             "name": "Starting captain",
             "title": f"the starting captain: {seat_name(view['captain'])} holds the token; play goes {view['direction']}"}
    bids = view["bids"]
    earlier = len(bids) - LADDER
    notes = [f"{words.counted(earlier, 'earlier bid')}" if earlier > 0 else "",
             "" if view["call"] is None else
             f"{view['call']['kind']} by {seat_name(view['call']['by'])}: {view['call']['count']} counted"]
    return {"id": "bids", "label": "Bids", "layout": "row", "dense": True, "inline": True,
            "items": [token, *({"id": "", "kind": "counter", "text": b["text"]} for b in bids[-LADDER:])],
            "note": "; ".join(n for n in notes if n)}


def _table(view: Mapping[str, Any], cups: dict[str, Any], picker: dict[str, Any],
           calls: dict[str, Any] | None, odds: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The table under the route. In the betting phase: the cups one above the other
    and the bid picker beside them, then the calls and the bids beside the odds (all
    of it in one screen). Outside it: the cups two to a row, the bids and the call, and
    the picker folded to one line."""
    bids, reveal = _ladder(view), _reveal(view)
    if calls is None:
        shown = [z for z in (bids, reveal) if z is not None]
        return [cups, {"id": "table", "layout": "group", "bare": True, "items": [], "zones": shown}, picker]
    side = {"id": "calling", "layout": "stack", "bare": True, "items": [], "zones": [calls, bids]}
    return [{"id": "table", "layout": "group", "bare": True, "items": [],
             "zones": [{**cups, "layout": "stack", "share": 6}, picker]},
            {"id": "bidding", "layout": "group", "bare": True, "items": [],
             "zones": [side, *(z for z in (odds, reveal) if z is not None)]}]


def _flight(view: Mapping[str, Any]) -> dict[str, Any] | None:
    items = []
    for fr in view["stack"]:
        if fr["kind"] == "battle":
            for s, f in zip(fr["seats"], fr["faces"]):
                items.append({"id": f"die:battle {seat_name(s)}", "kind": "die", "text": f or "?", "sub": seat_name(s),
                              "color": SEAT_COLOURS[s], "title": f"{fr['battle']} battle: {seat_name(s)}"})
        elif fr["kind"] == "die":
            items.append({"id": f"die:{fr['die']} die", "kind": "die", "text": str(fr["face"] or "?"), "sub": fr["die"],
                          "title": f"{seat_name(fr['owner'])}'s {fr['die']} die"})
        elif fr["kind"] == "effect":
            eff = fr["effect"]
            items.append({"id": "", "kind": "card", "text": eff["kind"], "sub": seat_name(fr["actor"]),
                          "title": f"{seat_name(fr['actor'])}'s {fr['source']} effect: {fr['words']}"})
        elif fr["kind"] == "draft":
            items.append({"id": "", "kind": "counter", "text": f"draft: pass {fr['size']}",
                          "sub": " ".join(f"{seat_name(s)}:{n}/{fr['size']}" for s, n in enumerate(fr["chosen"])),
                          "color": "#f6d68b", "title": "cards set aside to pass left (P-SETUP-DRAFT)"})
        elif fr["kind"] == "build":
            items.append({"id": "", "kind": "counter", "text": "building the map",
                          "sub": " ".join(f"{seat_name(s)}:{n}" for s, n in enumerate(fr["tiles"])),
                          "color": "#f6d68b", "title": "tiles still in hand per player (P-SETUP-BUILD)"})
        elif fr["kind"] == "window":
            items.append({"id": "", "kind": "counter", "text": fr["window"],
                          "sub": " ".join(seat_name(s) for s in fr["seats"]), "color": "#f6d68b"})
    if not items:
        return None
    return {"id": "flight", "label": "In play now", "layout": "row", "items": items, "highlight": True,
            "dense": True}


def _tiles_in_hand(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """While the map is built, the tiles each player still holds: face up for their
    owner and the teacher, counted for the others [P-SETUP-BUILD] [P-HIDDEN-1]. A click
    on a tile ("tiles:<seat>:<tile>") and then on an empty place plays it."""
    build = next((fr for fr in view["stack"] if fr["kind"] == "build"), None)
    if build is None:
        return []
    zones = []
    for p, count in enumerate(build["tiles"]):
        shown = build["all"][p] if build["all"] is not None else (
            build["mine"] if view["viewer"] == p else None)
        if shown is None:
            items = [{"id": "", "kind": "card", "face": "down", "title": "a hidden tile"}] * count
        else:
            names = view["tile_names"]
            items = [{"id": f"tiles:{p}:{t}", "kind": "card", "text": names.get(t, t),
                      "title": f"the tile {names.get(t, t)} (stand-in)"} for t in shown]
        zones.append({"id": f"tiles:{p}", "label": f"{seat_name(p)}'s tiles to place", "layout": "row",
                      "items": items, "highlight": view["to_move"] == p})
    return [{"id": "tiles", "label": "Tiles in hand", "layout": "group", "items": [], "zones": zones,
             "note": "place one on an empty place of the map"}]


TIER_COLOUR = {"gold": "#f9e07f", "silver": "#e3e6e8"}
"""An action card's fill: its tier (the captains' note says so; its tooltip names it)."""


def _card_item(view: Mapping[str, Any], p: int, card: str) -> dict[str, Any]:
    """An action card in P`p`'s hand, by its name, filled by its tier, with its tier and
    effect (stand-in) in its tooltip."""
    words = view["card_words"].get(card)
    if words is None:
        return {"id": f"hand:{p}:{card}", "kind": "card", "text": card}
    final = ", may be used in the final battle" if words["final_battle"] else ""
    return {"id": f"hand:{p}:{card}", "kind": "card", "text": words["name"],
            "color": TIER_COLOUR.get(words["tier"], "#ffffff"),
            "title": f"{words['name']} ({words['tier']}{final}, stand-in): {words['text']}"}


def scene(view: Mapping[str, Any]) -> dict[str, Any]:
    areas = []
    for seat in view["seats"]:
        p = seat["seat"]
        items = [{"id": f"coin:{p}", "kind": "counter", "text": str(seat["coins"]), "sub": "coins",
                  "color": "#f7dc6f"},
                 {"id": f"crew:{p}", "kind": "counter", "text": str(seat["crew"]), "sub": "crew",
                  "color": "#aab7b8"}]
        items += [{"id": f"special:{name}" if name == "cursed" else "", "kind": "die", "text": name,
                   "color": DIE_COLOUR[name], "title": f"the {name} die"} for name in seat["specials"]]
        items.append({"id": f"ship:{p}", "kind": "token", "text": seat_name(p), "color": SEAT_COLOURS[p],
                      "sub": f"tile {seat['tile']}" + (" home" if seat["home"] else ""),
                      "title": f"{seat_name(p)}'s ship: {words.counted(seat['progress'], 'tile')} sailed"})
        if seat["hand"] is not None:
            items += [_card_item(view, p, c) for c in seat["hand"]]
        else:
            items += [{"id": "", "kind": "card", "face": "down", "title": "a hidden card"}] * seat["hand_count"]
        items += influence_items(view, p)
        note = " ".join(x for x in (_role_note(view, p, seat["role"]), "out" if seat["out"] else "",
                                    f"captain {seat['captain']}" if seat["captain"] else "",
                                    seat_note(view, p)) if x)
        areas.append({"id": f"player:{p}", "label": seat_name(p), "note": note, "layout": "row", "inline": True,
                      "plain": True, "items": items, "highlight": view["to_move"] == p, "dense": True})
    zones_setup = _tiles_in_hand(view)
    decide = [{"id": i, "kind": "token", "text": t} for i, t in
              (("pass", "Pass"), ("keep", "Keep"), ("reroll", "Re-roll"), ("step", "Step"),
               ("stop", "Stop"), ("deck", "Buy / deck"))]
    odds, tips, shade = _odds(view)
    picker, calls = _picker(view, tips, shade)
    # One projector screen: the route, the cups, the bidding table and the captains come
    # first; during the setup its decisions follow the route (the map, the town cards).
    setup = _in_setup(view)
    cities = cities_zones(view)
    zones = [_route(view), *(cities if setup else ()), *zones_setup,
             *_table(view, _cups(view), picker, calls, odds)]
    flight = _flight(view)
    if flight:
        zones.append(flight)
    zones += [{"id": "players", "label": "Captains", "layout": "group", "items": [], "zones": areas,
               "note": "card fill: gold, silver" + ("; influence" if "cities" in view else "") + " (tier)"},
              {"id": "actions", "label": "Decisions", "layout": "row", "items": decide, "dense": True,
               "inline": True,
               "note": f"deck {view['deck_count']}, discard {len(view['discard'])}, "
                       f"supply {view['supply']} coins, bag {view['bag']} dice"},
              *(() if setup else cities)]
    return {"game": view["game"], "title": TITLE, "viewer": view["viewer"], "status": _status(view),
            "zones": zones, "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}
