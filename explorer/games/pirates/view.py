"""What a viewer sees of a Lying Pirates position (`PiratesState.view`): JSON-able, with
the shapes the odds (`odds.py`) and the board (`scene.py`) read, and the shapes a
scenario accepts; and `PiratesSeat`, the part of one seat's view an agent weighs, typed
(`Observation.seat`)."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

import msgspec

from explorer.core import CHANCE, Deck, redeal
from explorer.core.agents import register_seat_view
from explorer.core.pending import seat_name
from explorer.core.tuples import new_tuple

from .cities import cities_view, redeal_cities
from .data import (
    Asking,
    BattleRoll,
    Bid,
    Build,
    CupRoll,
    DieRoll,
    Draft,
    Frame,
    Pick,
    PiratesData,
    Task,
    Towns,
    Window,
)
from .dice import CREW_DICE, FACE_WORDS, SPECIAL, bid_text
from .round import aims, cup_of, dice_names, held_specials
from .setup_steps import frame_view as setup_frame_view
from .setup_steps import redeal_tiles
from .towns import frame_view as towns_frame_view
from .words import card_words, effect_words

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
    return {"quantity": q, "face": f, "by": by, "text": f"{bid_text(q, f)} by {seat_name(by)}"}


def frame_view(frame: Frame, cards: Any, viewer: int | None = None) -> dict[str, Any]:
    """A frame of the stack in words, as `viewer` may see it (the setup's draft and
    build frames, a "draw two" choice and a cup being rolled hold secrets)."""
    if isinstance(frame, (Draft, Build)):
        return setup_frame_view(frame, viewer)
    if isinstance(frame, (Asking, Towns)):
        return towns_frame_view(frame)
    if isinstance(frame, Pick):          # the two cards drawn: their buyer's only [P-COG-VAR-DRAW2]
        seat, drawn = frame.seat, frame.drawn
        return {"kind": "pick", "seat": seat, "deck": frame.deck, "count": len(drawn),
                "drawn": list(drawn) if viewer is None or viewer == seat else None}
    if isinstance(frame, Task):
        effect, target = frame.effect, frame.target
        return {"kind": "effect", "actor": frame.actor, "source": frame.source,
                "effect": msgspec.to_builtins(effect), "words": effect_words(effect),
                "target": None if target < 0 else target,
                "needs_target": aims(effect) and target < 0}
    if isinstance(frame, CupRoll):       # the dice rolled so far: their owner's only [P-BET-ROLL]
        seat, faces = frame.seat, frame.faces
        return {"kind": "cup", "seat": seat, "rolled": len(faces),
                "faces": list(faces) if viewer is None or viewer == seat else None}
    if isinstance(frame, DieRoll):
        return {"kind": "die", "die": frame.name, "owner": frame.owner, "face": frame.face}
    if isinstance(frame, BattleRoll):
        return {"kind": "battle", "battle": frame.battle, "seats": list(frame.seats),
                "faces": list(frame.faces), "flags": list(frame.flags)}
    if isinstance(frame, Window):
        return {"kind": "window", "window": frame.window, "seats": list(frame.seats)}
    return {"kind": frame.kind, "seat": frame.seat}          # reroll, draw, free draw, hand, idraw


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
    if d.call is not None:
        kind, caller, q, f, judged, count = (d.call.kind, d.call.caller, d.call.quantity, d.call.face,
                                             d.call.judged, d.call.counted)
        call = {"kind": kind, "by": caller, "bid": _bid(q, f, judged if kind == "liar" or caller != judged
                                                           else caller),
                "count": count, "face_word": FACE_WORDS[f]}
    outcome = state.outcome()
    deck = d.deck
    stack = [frame_view(f, game.catalogue, viewer) for f in d.stack]
    shown = {c for seat in seats if seat["hand"] for c in seat["hand"]} | set(d.discard) | {
        c for fr in stack if fr["kind"] == "pick" and fr["deck"] == "action" for c in fr["drawn"] or ()}
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
        "bid": _bid(d.bids[-1].quantity, d.bids[-1].face, d.bids[-1].seat) if d.bids else None,
        "bids": [_bid(b.quantity, b.face, b.seat) for b in d.bids],
        "call": call, "turn": d.turn,
        "seats": seats,
        "supply": d.supply, "bag": d.bag,
        "board_specials": list(held_by[n]),
        "deck_count": deck.size,
        "deck": deck.to_jsonable() if viewer is None else {"bottom": list(deck.bottom)},
        "discard": list(d.discard),
        "stack": stack,
        "card_words": card_words(game, sorted(shown)),
        "tile_names": {t: game.tiles[t].name for fr in stack if fr["kind"] == "build"
                       for t in (fr["mine"] or ()) if t} | {
                       t: game.tiles[t].name for fr in stack if fr["kind"] == "build"
                       for tiles in (fr["all"] or ()) for t in tiles},
        "sail": d.sail, "group": list(d.group),
        "catalogue": game.catalogue.name,
        "outcome": None if outcome is None else outcome.to_jsonable(),
    } | ({} if d.cities is None else {"cities": cities_view(state, viewer)}) | (
        {} if not d.passed else {"passed": [list(c) if viewer is None or viewer == p else None
                                            for p, c in enumerate(d.passed)]})


class PiratesSeat(NamedTuple):
    """What one seat's view says that a player weighs, typed: the engine's own values
    instead of the view dict's names, so an agent need not build the dict to read it
    back. `seat_view` reads it from the state for speed; `seat_from_view` reads the same
    from the view dict, and a test checks that the two agree, so the typed view holds
    nothing the seat may not see [P-HIDDEN-1]."""

    seat: int
    step: str                                         # the pending step ("bid", "act", ...)
    coins: tuple[int, ...]                            # per seat
    crew: tuple[int, ...]                             # normal crew dice per seat
    progress: tuple[int, ...]                         # tiles sailed per seat
    tiles: tuple[int, ...]                            # the tile each ship is on
    out: tuple[bool, ...]                             # per seat: out of the game
    held: tuple[str, ...]                             # the seat's own special dice
    known: tuple[tuple[int, tuple], ...]              # betting cups whose faces it sees: (seat, ((die, face), ...))
    unknown: tuple[tuple[int, tuple[str, ...]], ...]  # the other betting cups: (seat, die names)
    bid: Bid | None                                   # the standing bid
    roll: tuple | None                                # highest die or battle in flight: ("die", die, face)
                                                      # or ("battle", seats, faces)
    towns: tuple[str | None, ...] | None              # Cities of Greed: each tile's town (None: off)
    designated: tuple[str, ...]                       # per seat: the designated town ("" none)
    influence: tuple[str, ...]                        # the seat's own influence cards
    card_towns: tuple[tuple[str, tuple[str, ...]], ...]  # towns of the influence cards it holds or draws


@lru_cache(maxsize=512)
def _tile_towns(slots: tuple[tuple[str, int] | None, ...]) -> tuple[str | None, ...]:
    """Each tile's town (Cities of Greed), from the town cards under the tiles."""
    return tuple(None if t is None else t[0] for t in slots)


def seat_view(state: "PiratesState", seat: int) -> PiratesSeat:
    """`seat`'s `PiratesSeat`, straight from the state (see `seat_from_view`)."""
    d: PiratesData = state.data
    n = state.game.players
    held_by = _held_by(d.specials, n)
    sees_all = state.revealed()
    known = []
    unknown = []
    for p in range(n):
        if not d.betting[p]:
            continue
        cup: tuple[tuple[str, Any], ...] | None = d.cups[p]
        if cup is None:
            unknown.append((p, dice_names(d.crew[p], held_by[p])))
        elif sees_all or p == seat:
            known.append((p, cup))
        else:
            unknown.append((p, tuple([name for name, _ in cup])))
    roll: tuple[str, Any, Any] | None = None
    stack = d.stack
    for i in range(len(stack) - 1, -1, -1):      # the highest die or battle in flight
        fr = stack[i]
        if isinstance(fr, DieRoll):
            roll = ("die", fr.name, fr.face)
            break
        if isinstance(fr, BattleRoll):
            roll = ("battle", fr.seats, fr.faces)
            break
    length = len(d.route)
    towns: tuple[str | None, ...] | None = None
    designated: tuple[str, ...] = ()
    influence: tuple[str, ...] = ()
    card_towns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    c = d.cities
    if c is not None:
        towns = _tile_towns(c.towns)
        designated = c.designated
        influence = c.influence[seat]
        drawn = [card for fr in d.stack if isinstance(fr, Pick) and fr.deck == "influence" and fr.seat == seat
                 for card in fr.drawn]
        cards = state.game.influence
        card_towns = tuple((card, cards[card].towns) for card in sorted(set(influence).union(drawn)))
    return new_tuple(_SEAT, (seat, state.pending.step, d.coins, d.crew, d.progress,
                             tuple(x % length for x in d.progress), d.out, held_by[seat],
                             tuple(known), tuple(unknown), d.bids[-1] if d.bids else None,
                             roll, towns, designated, influence, card_towns))


_SEAT: Final = PiratesSeat
"""The class `new_tuple` builds here, a C static in the compiled mode."""


def seat_from_view(view: dict[str, Any], seat: int) -> PiratesSeat:
    """The same `PiratesSeat` read from `seat`'s view dict: the reference `seat_view`
    is tested against, and what an observation holding only the view gives its agent."""
    seats = view["seats"]
    known = []
    unknown = []
    for p, cup in enumerate(view["cups"]):
        if not cup["betting"]:
            continue
        if cup["faces"] is None:
            unknown.append((p, tuple(cup["dice"])))
        else:
            known.append((p, tuple(zip(cup["dice"], cup["faces"]))))
    roll = None
    for fr in reversed(view["stack"]):
        if fr["kind"] == "die":
            roll = ("die", fr["die"], fr["face"])
            break
        if fr["kind"] == "battle":
            roll = ("battle", tuple(fr["seats"]), tuple(fr["faces"]))
            break
    bid = view["bid"]
    cities = view.get("cities")
    towns = None
    designated: tuple[str, ...] = ()
    influence: tuple[str, ...] = ()
    card_towns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if cities is not None:
        towns = tuple(None if t is None else t["town"] for t in cities["tiles"])
        designated = tuple(cities["designated"])
        influence = tuple(cities["influence"][seat])
        drawn = [card for fr in view["stack"] if fr["kind"] == "pick" and fr["deck"] == "influence"
                 and fr["seat"] == seat for card in fr["drawn"]]
        card_towns = tuple((card, tuple(cities["cards"][card])) for card in sorted(set(influence).union(drawn)))
    return PiratesSeat(
        seat, view["step"], tuple(s["coins"] for s in seats), tuple(s["crew"] for s in seats),
        tuple(s["progress"] for s in seats), tuple(s["tile"] for s in seats),
        tuple(s["out"] for s in seats), tuple(seats[seat]["specials"]), tuple(known), tuple(unknown),
        None if bid is None else Bid(quantity=bid["quantity"], face=bid["face"], seat=bid["by"]), roll, towns, designated,
        influence, card_towns)


register_seat_view("pirates", seat_view, seat_from_view)


def redeal_unseen(state: "PiratesState", viewer: int, rng: random.Random) -> PiratesData:
    """Roll again the cups `viewer` cannot see (and the dice rolled so far of a cup
    being rolled) and deal again the cards they cannot
    see (other hands, the unseen deck, the others' "draw two" choices; with Cities of
    Greed the others' influence hands and returned cards, the unseen influence deck),
    keeping every count [P-HIDDEN-1], and keeping in the left neighbour's hand the
    cards the viewer passed them in the draft that are surely still there
    [P-SETUP-DRAFT]."""
    d: PiratesData = state.data
    n = state.game.players
    cups = list(d.cups)
    if not state.revealed():
        for p in range(n):
            if p != viewer and cups[p] is not None:
                names = tuple(name for name, _ in cups[p])
                cups[p] = tuple(zip(names, cup_of(names).sample(rng)))
    others = [p for p in range(n) if p != viewer]
    stack = list(d.stack)
    draft = next((i for i, fr in enumerate(stack) if isinstance(fr, Draft)), None)
    chosen = cast(Draft, stack[draft]).chosen if draft is not None else ((),) * n
    picks = [i for i, fr in enumerate(stack)
             if isinstance(fr, Pick) and fr.deck == "action" and fr.seat != viewer]
    drawn = [cast(Pick, stack[i]).drawn for i in picks]
    pool = list(d.deck.unseen + d.deck.top + tuple(c for p in others for c in d.hands[p] + chosen[p]) + tuple(
        c for cards in drawn for c in cards))
    in_hand = [len(d.hands[p]) for p in others]
    set_aside = [len(chosen[p]) for p in others]
    pinned = d.passed[viewer] if d.passed else ()
    if pinned:                      # what the viewer passed left stays there [P-SETUP-DRAFT]
        left = others.index((viewer + 1) % n)
        for card in pinned:
            pool.remove(card)
        in_hand[left] += set_aside[left] - len(pinned)
        set_aside[left] = 0
    parts, unseen = redeal(rng, pool, in_hand + set_aside + [len(cards) for cards in drawn])
    if pinned:                      # the left neighbour's hand and set-aside cards, split again
        held = sorted(parts[left] + pinned)
        rng.shuffle(held)
        size = len(d.hands[others[left]])
        parts[left] = tuple(sorted(held[:size]))
        parts[len(others) + left] = tuple(sorted(held[size:]))
    for k, i in enumerate(picks):    # the others' "draw two" choices [P-COG-VAR-DRAW2]
        stack[i] = cast(Pick, stack[i])._replace(drawn=parts[2 * len(others) + k])
    hands = list(d.hands)
    picked = list(chosen)
    for p, part, aside in zip(others, parts, parts[len(others):]):
        hands[p] = part
        picked[p] = aside
    if draft is not None:           # the others' draft choices [P-SETUP-DRAFT]
        stack[draft] = cast(Draft, stack[draft])._replace(chosen=tuple(picked))
    for i, fr in enumerate(stack):
        if isinstance(fr, Build):         # the others' tiles in hand [P-SETUP-BUILD]
            stack[i] = redeal_tiles(fr, viewer, rng)
        elif isinstance(fr, CupRoll) and fr.seat != viewer:   # another cup being rolled [P-BET-ROLL]
            names = dice_names(d.crew[fr.seat], held_specials(d.specials, fr.seat))
            stack[i] = fr._replace(faces=tuple(CREW_DICE[names[k]].sample(rng) for k in range(len(fr.faces))))
    cities = d.cities if d.cities is None else redeal_cities(d.cities, stack, viewer, rng)
    # the others' draft memories are theirs alone, and their cards were dealt again:
    # the sample keeps only the viewer's (a kept one could name cards no longer there,
    # and the player's saved file, which holds samples, would not load) [P-SETUP-DRAFT]
    passed: tuple[tuple[str, ...], ...] = tuple(
        d.passed[p] if p == viewer else () for p in range(n)) if d.passed else ()
    return d._replace(cups=tuple(cups), hands=tuple(hands), deck=Deck(unseen, (), d.deck.bottom),
                      stack=tuple(stack), cities=cities, passed=passed)
