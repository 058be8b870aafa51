"""What a viewer sees of a Lying Pirates position (`PiratesState.view`): JSON-able, with
the shapes the odds (`odds.py`) and the board (`scene.py`) read, and the shapes a
scenario accepts."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import msgspec

from explorer.core import CHANCE

from .dice import SPECIAL
from .engine import aims, dice_names
from .moves import FACE_WORDS, bid_text
from .cities import cities_view
from .setup_steps import frame_view as setup_frame_view
from .towns import frame_view as towns_frame_view

if TYPE_CHECKING:
    from .state import PiratesState


@lru_cache(maxsize=512)
def _held_by(specials: tuple[int, ...], n: int) -> tuple[tuple[str, ...], ...]:
    """The special dice each seat holds, in SPECIAL order, then those on the board."""
    return tuple(tuple(SPECIAL[i] for i, o in enumerate(specials) if o == p) for p in (*range(n), -1))


def map_entries(game: Any, route: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """The route's tiles as the view lists them (copied for each view: views are the
    caller's to keep); an empty place while the map is built [P-SETUP-BUILD]."""
    return tuple({"index": i, "id": t, "name": game.tiles[t].name, "water": game.tiles[t].water,
                  "text": game.tiles[t].text, "rule": game.tiles[t].rule} if t else
                 {"index": i, "id": "", "name": "(empty)", "water": "unplaced", "text": "",
                  "rule": "P-SETUP-BUILD"} for i, t in enumerate(route))


def _bid(q: int, f: int, by: int) -> dict[str, Any]:
    return {"quantity": q, "face": f, "by": by, "text": f"{bid_text(q, f)} by P{by}"}


def frame_view(frame: tuple, cards: Any, viewer: int | None = None) -> dict[str, Any]:
    """A frame of the stack in words, as `viewer` may see it (only the setup's draft
    and build frames hold secrets: see `setup_steps.frame_view`)."""
    kind = frame[0]
    if kind in ("draft", "build"):
        return setup_frame_view(frame, viewer)
    if kind in ("keep", "towns", "designate"):
        return towns_frame_view(frame)
    if kind == "pick":                   # the two cards drawn: their buyer's only [P-COG-VAR-DRAW2]
        _, seat, deck, drawn = frame
        return {"kind": "pick", "seat": seat, "deck": deck, "count": len(drawn),
                "drawn": list(drawn) if viewer is None or viewer == seat else None}
    if kind == "task":
        _, actor, source, effect, target = frame
        return {"kind": "effect", "actor": actor, "source": source,
                "effect": msgspec.to_builtins(effect), "target": None if target < 0 else target,
                "needs_target": aims(effect) and target < 0}
    if kind == "die":
        _, name, owner, face, asked, _, _ = frame
        return {"kind": "die", "die": name, "owner": owner, "face": face}
    if kind == "battle":
        _, bkind, seats, faces, asked, loss, steal, flags = frame
        return {"kind": "battle", "battle": bkind, "seats": list(seats), "faces": list(faces),
                "flags": list(flags)}
    if kind == "window":
        return {"kind": "window", "window": frame[1], "seats": list(frame[2])}
    return {"kind": kind, "seat": frame[1]}


def view(state: "PiratesState", viewer: int | None) -> dict[str, Any]:
    d = state.data
    game = state.game
    n = game.players
    pend = state.pending
    open_cups = state.revealed()
    held_by = _held_by(d.specials, n)
    cups = []
    for p in range(n):
        cup = d.cups[p]
        if cup is not None:
            names = [name for name, _ in cup]
            sees = viewer is None or viewer == p or open_cups
            faces = [f for _, f in cup] if sees else None
        else:
            names, faces = list(dice_names(d.crew[p], held_by[p])), None
        cups.append({"dice": names, "faces": faces, "betting": d.betting[p],
                     "rolled": cup is not None})
    seats = []
    for p in range(n):
        held = list(held_by[p])
        seats.append({
            "seat": p, "coins": d.coins[p], "crew": d.crew[p], "specials": held,
            "dice": d.crew[p] + len(held),
            "hand": list(d.hands[p]) if viewer is None or viewer == p else None,
            "hand_count": len(d.hands[p]), "used": d.used[p], "role": d.roles[p],
            "excluded": d.excluded[p], "out": d.out[p], "progress": d.progress[p],
            "tile": d.progress[p] % len(d.route), "home": d.progress[p] >= len(d.route),
            "captain": game.captain_of(p),
        })
    tiles = [dict(entry) for entry in game.map_entries(d.route)]
    call = None
    if d.call:
        kind, caller, q, f, judged, count = d.call
        call = {"kind": kind, "by": caller, "bid": _bid(q, f, judged if kind == "liar" or caller != judged
                                                           else caller),
                "count": count, "face_word": FACE_WORDS[f]}
    outcome = state.outcome()
    deck = d.deck
    return {
        "game": game.name, "viewer": viewer, "players": n, "round": d.round,
        "phase": d.phase, "stage": d.stage,
        "to_move": "chance" if pend.seat == CHANCE else pend.seat,
        "step": pend.step, "rule": pend.rule, "prompt": pend.prompt,
        "over": pend.seat is None,
        "events": state.visible_events(viewer),
        "map": tiles, "route_length": len(d.route),
        "captain": d.captain, "direction": "clockwise" if d.direction == 1 else "counter-clockwise",
        "cups": cups,
        "bid": _bid(*d.bids[-1]) if d.bids else None,
        "bids": [_bid(*b) for b in d.bids],
        "call": call, "turn": d.turn,
        "seats": seats,
        "supply": d.supply, "bag": d.bag,
        "board_specials": list(held_by[n]),
        "deck_count": deck.size,
        "deck": deck.to_jsonable() if viewer is None else {"bottom": list(deck.bottom)},
        "discard": list(d.discard),
        "stack": [frame_view(f, game.catalogue, viewer) for f in d.stack],
        "sail": d.sail, "group": list(d.group),
        "catalogue": game.catalogue.name,
        "outcome": None if outcome is None else outcome.to_jsonable(),
    } | ({} if d.cities is None else {"cities": cities_view(state, viewer)})
