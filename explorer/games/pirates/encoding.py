"""The JSON form of a Lying Pirates position and its checked reader (saved files and
scenarios): `encode`, `decode` (msgspec reads the shape into `SavedData`, every error
naming its field path), then `check`: what the position means (conservation of coins,
dice and cards; phases and frames that can be reached), every error naming its field."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, Literal, Mapping

import msgspec

from explorer.core import Deck, InvalidInput
from explorer.core.checks import conserved, per_seat
from explorer.core.checks import seat as seat_of
from explorer.core.pending import seat_name
from explorer.core.typed import convert

from . import catalogue as cat_module
from .cities import check_cities, decode_cities, encode_cities
from .data import (
    FIELDS,
    ROUND_FLAGS,
    STAGES,
    Asking,
    BattleRoll,
    Bid,
    Build,
    Call,
    CupRoll,
    DieRoll,
    Draft,
    Draw,
    Frame,
    HandLoss,
    InfluenceDraw,
    Pick,
    PiratesData,
    Reroll,
    Task,
    Towns,
    Window,
)
from .deck_spec import DeckSpec
from .dice import CREW_DICE, FACE_WORDS, SPECIAL
from .round import Work, aims, cup_of, dice_names, held_specials
from .towns import can_place

if TYPE_CHECKING:
    from .game import PiratesGame

Seat = Annotated[int, msgspec.Meta(ge=0, le=5)]
Count = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Face = int | str

class SavedData(msgspec.Struct, forbid_unknown_fields=True):
    route: list[str]
    progress: list[Count]
    coins: list[Count]
    supply: Count
    crew: list[Count]
    specials: list[Annotated[int, msgspec.Meta(ge=-1, le=5)]]
    bag: Count
    cups: list[list[tuple[str, Face]] | None]
    hands: list[list[str]]
    deck: DeckSpec
    discard: list[str]
    captain: Seat
    direction: Literal[1, -1]
    round: Annotated[int, msgspec.Meta(ge=1, le=10_000)]
    phase: Literal["betting", "sail", "action", "steps", "final", "over"]
    stage: str
    turn: Seat
    bids: list[tuple[Count, Count, Seat]]
    betting: list[bool]
    excluded: list[bool]
    call: list[Any]
    roles: list[Literal["winner", "loser", "survivor", ""]]
    used: list[str]
    passes: Count
    out: list[bool]
    group: list[Seat]
    stack: list[list[Any]]
    sail: Annotated[int, msgspec.Meta(ge=0, le=2)]
    winner: Annotated[int, msgspec.Meta(ge=-1, le=5)]
    ended: Literal["", "home", "final", "rounds", "last ship"]
    cities: Any = None
    passed: list[list[str]] = []


_FACES = {str(f): f for d in CREW_DICE.values() for f in d.faces}


# ------------------------------------------------------------------ encode
def encode_frame(frame: Frame) -> list[Any]:
    """The frame as JSON: `[kind, ...fields]` in field order, tuples as lists, effects as
    their dicts (the layout of saved files)."""
    if isinstance(frame, Task):
        return [frame.kind, frame.actor, frame.source, msgspec.to_builtins(frame.effect), frame.target]
    if isinstance(frame, DieRoll):
        return [frame.kind, frame.name, frame.owner, frame.face, frame.asked,
                None if frame.effect is None else msgspec.to_builtins(frame.effect), frame.source]
    if isinstance(frame, BattleRoll):
        return [frame.kind, frame.battle, list(frame.seats), list(frame.faces), frame.asked, frame.loss,
                frame.steal, list(frame.flags)]
    if isinstance(frame, Window):
        return [frame.kind, frame.window, list(frame.seats)]
    if isinstance(frame, Asking):
        return [frame.kind, list(frame.seats)]
    if isinstance(frame, Draft):
        return [frame.kind, frame.size, [list(c) for c in frame.chosen]]
    if isinstance(frame, Build):
        return [frame.kind, [list(t) for t in frame.tiles], frame.turn]
    if isinstance(frame, Pick):
        return [frame.kind, frame.seat, frame.deck, list(frame.drawn)]
    if isinstance(frame, CupRoll):
        return [frame.kind, frame.seat, list(frame.faces)]
    if isinstance(frame, Towns):
        return [frame.kind, frame.turn]
    return [frame.kind, frame.seat]              # reroll, draw, free draw, hand, idraw


def encode(d: PiratesData) -> dict[str, Any]:
    return {
        "route": list(d.route), "progress": list(d.progress), "coins": list(d.coins),
        "supply": d.supply, "crew": list(d.crew), "specials": list(d.specials), "bag": d.bag,
        "cups": [None if c is None else [list(x) for x in c] for c in d.cups],
        "hands": [list(h) for h in d.hands], "deck": d.deck.to_jsonable(),
        "discard": list(d.discard), "captain": d.captain, "direction": d.direction,
        "round": d.round, "phase": d.phase, "stage": d.stage, "turn": d.turn,
        "bids": [list(b) for b in d.bids], "betting": list(d.betting),
        "excluded": list(d.excluded), "call": [] if d.call is None else list(d.call), "roles": list(d.roles),
        "used": list(d.used), "passes": d.passes, "out": list(d.out), "group": list(d.group),
        "stack": [encode_frame(f) for f in d.stack], "sail": d.sail, "winner": d.winner,
        "ended": d.ended,
    } | ({} if d.cities is None else {"cities": encode_cities(d.cities)}) | (
        {} if not d.passed else {"passed": [list(c) for c in d.passed]})


# ------------------------------------------------------------------ decode
_FRAME_SHAPES: dict[str, Any] = {
    "task": tuple[Literal["task"], Seat, Literal["tile", "card", "mayor"], cat_module.Effect,
                  Annotated[int, msgspec.Meta(ge=-1, le=5)]],
    "die": tuple[Literal["die"], Literal["sail", "pirate", "treasure"], Seat, int | str | None, bool,
                 cat_module.Roll | None, Literal["tile", "card"]],
    "battle": tuple[Literal["battle"], Literal["sail", "duel", "loser", "final"], tuple[Seat, ...],
                    tuple[str | None, ...], bool, Annotated[int, msgspec.Meta(ge=0, le=20)],
                    Annotated[int, msgspec.Meta(ge=0, le=20)], tuple[str, ...]],
    "window": tuple[Literal["window"], Literal["reroll", "cards", "final", "together"], tuple[Seat, ...]],
    "reroll": tuple[Literal["reroll"], Seat],
    "draw": tuple[Literal["draw"], Seat],
    "free draw": tuple[Literal["free draw"], Seat],
    "hand": tuple[Literal["hand"], Seat],
    "draft": tuple[Literal["draft"], Literal[3, 2, 1], tuple[tuple[str, ...], ...]],
    "build": tuple[Literal["build"], tuple[tuple[str, ...], ...], Seat],
    "keep": tuple[Literal["keep"], tuple[Seat, ...]],
    "towns": tuple[Literal["towns"], Seat],
    "designate": tuple[Literal["designate"], tuple[Seat, ...]],
    "idraw": tuple[Literal["idraw"], Seat],
    "pick": tuple[Literal["pick"], Seat, Literal["action", "influence"], tuple[str, ...]],
    "cup": tuple[Literal["cup"], Seat, tuple[Face, ...]],
}


_FRAME_TYPES: dict[str, Any] = {
    "task": Task, "die": DieRoll, "battle": BattleRoll, "window": Window, "reroll": Reroll,
    "draw": Draw, "free draw": Draw, "hand": HandLoss, "draft": Draft, "build": Build,
    "keep": Asking, "towns": Towns, "designate": Asking, "idraw": InfluenceDraw, "pick": Pick,
    "cup": CupRoll,
}


def decode_frame(raw: Any, where: str) -> Frame:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str) or raw[0] not in _FRAME_SHAPES:
        raise InvalidInput(where, f"expected a frame [{'|'.join(_FRAME_SHAPES)}, ...]")
    frame = _FRAME_TYPES[raw[0]](*convert(raw, _FRAME_SHAPES[raw[0]], where))
    if isinstance(frame, BattleRoll) and not (len(frame.seats) == len(frame.faces) == len(frame.flags) >= 1):
        raise InvalidInput(where, "a battle lists one face and one flag per seat")
    if isinstance(frame, BattleRoll) and any(f is not None and f not in ("skull", "sword", "double sword")
                                         for f in frame.faces):
        raise InvalidInput(where, "a battle face is skull, sword or double sword")
    if isinstance(frame, DieRoll) and frame.name != "sail" and frame.effect is None:
        raise InvalidInput(where, "a pirate or treasure die needs its effect")
    if isinstance(frame, Window) and not frame.seats:
        raise InvalidInput(where, "a window asks at least one seat")
    if isinstance(frame, Draft):
        return frame._replace(chosen=tuple(tuple(sorted(c)) for c in frame.chosen))
    if isinstance(frame, Build):
        return frame._replace(tiles=tuple(tuple(sorted(t)) for t in frame.tiles))
    if isinstance(frame, Asking) and not frame.seats:
        raise InvalidInput(where, f"a {frame.kind} frame asks at least one seat")
    if isinstance(frame, Pick):
        if len(frame.drawn) > 2:
            raise InvalidInput(where, "a draw-two choice holds at most two cards")
        return frame._replace(drawn=tuple(sorted(frame.drawn)))
    return frame


def decode(game: "PiratesGame", raw: Any) -> PiratesData:
    if isinstance(raw, Mapping):
        for key in raw:
            if key not in FIELDS:
                raise InvalidInput(f"data.{key}", "unknown field")
    s = convert(raw, SavedData, "data")
    n = game.players
    for name in ("progress", "coins", "crew", "cups", "hands", "betting", "excluded", "roles",
                 "used", "out"):
        per_seat(getattr(s, name), f"data.{name}", n)
    if s.stage not in STAGES:
        raise InvalidInput("data.stage", f"unknown stage {s.stage!r}")
    if len(s.specials) != len(SPECIAL):
        raise InvalidInput("data.specials", f"expected one owner per special die ({len(SPECIAL)})")
    stack = tuple(decode_frame(f, f"data.stack[{i}]") for i, f in enumerate(s.stack))
    cups: list[tuple[tuple[str, Any], ...] | None] = []
    for p, cup in enumerate(s.cups):
        if cup is None:
            cups.append(None)
            continue
        names = tuple(name for name, _ in cup)
        for name in names:
            if name not in CREW_DICE:
                raise InvalidInput(f"data.cups[{p}]", f"{name!r} is not a crew die")
        faces = tuple(f for _, f in cup)
        try:
            ok = cup_of(names).canonical(faces) == faces
        except InvalidInput:
            ok = False
        if not ok:
            raise InvalidInput(f"data.cups[{p}]", "faces that the dice do not show, or not in canonical order")
        cups.append(tuple(zip(names, faces)))
    call = None
    if s.call:
        call = Call._make(convert(s.call, tuple[Literal["liar", "exact"], Seat, Count, Count, Seat, Count], "data.call"))
    deck = Deck(tuple(sorted(s.deck.unseen or [])), tuple(s.deck.top), tuple(s.deck.bottom))
    d = PiratesData(
        route=tuple(s.route), progress=tuple(s.progress), coins=tuple(s.coins), supply=s.supply,
        crew=tuple(s.crew), specials=tuple(s.specials), bag=s.bag, cups=tuple(cups),
        hands=tuple(tuple(sorted(h)) for h in s.hands), deck=deck, discard=tuple(s.discard),
        captain=s.captain, direction=s.direction, round=s.round, phase=s.phase, stage=s.stage,
        turn=s.turn, bids=tuple(Bid._make(b) for b in s.bids), betting=tuple(s.betting),
        excluded=tuple(s.excluded), call=call, roles=tuple(s.roles), used=tuple(s.used),
        passes=s.passes, out=tuple(s.out), group=tuple(s.group), stack=stack, sail=s.sail,
        winner=s.winner, ended=s.ended,
        cities=None if s.cities is None else decode_cities(s.cities),
        passed=tuple(tuple(sorted(c)) for c in s.passed))
    check(game, d, "data.")
    _check_passed(d, n)
    _check_flow(game, d, "data.")
    return d


# ------------------------------------------------------------------ checks
def check(game: "PiratesGame", d: PiratesData, at: str = "") -> None:
    """The meaning checks shared by scenarios and saved files."""
    n = game.players
    o = game.options
    building = [fr for fr in d.stack if isinstance(fr, Build)]
    for i, t in enumerate(d.route):
        if t not in game.tiles and not (t == "" and building and i):
            raise InvalidInput(f"{at}route[{i}]", f"{t!r} is not a tile of the catalogue")
    placed_tiles = [t for t in d.route if t]
    if len(d.route) < 2 or not d.route[0] or game.tiles[d.route[0]].water != "start" or any(
            game.tiles[t].water == "start" for t in placed_tiles[1:]):
        raise InvalidInput(f"{at}route", "the route starts with the one start/end tile")
    if len(set(placed_tiles)) != len(placed_tiles):
        raise InvalidInput(f"{at}route", "a tile appears twice")
    for build in building:
        if len(build.tiles) != n:
            raise InvalidInput(f"{at}stack", f"the build lists one hand of tiles per player ({n})")
        held = [t for h in build.tiles for t in h]
        if any(t not in game.tiles for t in held) or len(set(held + placed_tiles)) != len(held) + len(placed_tiles):
            raise InvalidInput(f"{at}stack", "each tile of the catalogue is in one hand or on the map")
        if "" not in d.route or build.turn >= n or not build.tiles[build.turn]:
            raise InvalidInput(f"{at}stack", "the build waits for a player with tiles and an empty place")
        if len(d.route) != len(game.preset_route()):
            raise InvalidInput(f"{at}route", f"the map has {len(game.preset_route())} places")
    if "" in d.route and not building:
        raise InvalidInput(f"{at}route", "an empty place on the map while nobody builds it")
    for p, v in enumerate(d.progress):
        if v > len(d.route):
            raise InvalidInput(f"{at}progress[{p}]", f"at most {len(d.route)} (home)")
    # conservation [P-SETUP-SUPPLY]: one check for saved files and scenarios alike, so a
    # scenario whose supply or bag is "the rest" cannot go below zero
    conserved({f"{at}supply": d.supply, f"{at}coins": d.coins}, o.coin_supply, f"{at}supply",
              "the supply and the players' coins (option coin_supply)", "P-SETUP-SUPPLY")
    conserved({f"{at}bag": d.bag, f"{at}crew": d.crew}, o.crew_bag, f"{at}bag",
              "the bag and the players' normal dice (option crew_bag)", "P-SETUP-SUPPLY")
    for i, owner in enumerate(d.specials):
        if owner >= n:
            raise InvalidInput(f"{at}specials", f"the {SPECIAL[i]} die is held by seat {owner}: no such seat")
    for p in range(n):
        if not d.out[p] and d.crew[p] + sum(1 for x in d.specials if x == p) == 0 and d.phase not in ("over", "final"):
            raise InvalidInput(f"{at}crew[{p}]", "a player in the game holds at least one die")
    known = Counter(game.deck_cards)
    placed = Counter(c for h in d.hands for c in h)
    for fr in d.stack:
        if isinstance(fr, Draft):
            if len(fr.chosen) != n or any(len(c) > fr.size for c in fr.chosen):
                raise InvalidInput(f"{at}stack", f"the draft sets aside at most {fr.size} cards per player")
            if all(len(c) == fr.size for c in fr.chosen):
                raise InvalidInput(f"{at}stack", "every card of this pass is chosen: the cards have moved")
            placed.update(c for chosen in fr.chosen for c in chosen)
        elif isinstance(fr, Pick) and fr.deck == "action":   # the two cards of a "draw two" choice
            placed.update(fr.drawn)
    placed.update(d.deck.counts())
    placed.update(d.discard)
    for card in placed:
        if card not in known:
            raise InvalidInput(f"{at}hands", f"{card!r} is not a card of the catalogue")
    if placed != known:
        extra = placed - known
        short = known - placed
        what = (f"{sorted(extra)[0]} is there too often" if extra else f"{sorted(short)[0]} is missing")
        raise InvalidInput(f"{at}deck", f"every card lies once in the deck, a hand or the discard pile: {what}")
    seat_of(d.captain, f"{at}captain", n)
    seat_of(d.turn, f"{at}turn", n)
    for i, b in enumerate(d.bids):
        seat_of(b.seat, f"{at}bids[{i}]", n)
        if b.face not in (2, 3, 4, 5, 6) or b.quantity < 1:
            raise InvalidInput(f"{at}bids[{i}]", "a bid is a quantity of at least 1 and a face 2-6")
        before = d.bids[i - 1]
        if i and not (b.quantity > before.quantity or (b.quantity == before.quantity and b.face > before.face)):
            raise InvalidInput(f"{at}bids[{i}]", "each bid raises the one before")
    for p, flags in enumerate(d.used):
        if set(flags) - set(ROUND_FLAGS):
            raise InvalidInput(f"{at}used[{p}]", "flags are g, s, r and b")
    if d.phase == "betting" and not d.call:
        for p, cup in enumerate(d.cups):
            if cup is not None and tuple(x for x, _ in cup) != dice_names(
                    d.crew[p], held_specials(d.specials, p)):
                raise InvalidInput(f"{at}cups[{p}]", "the cup must hold the player's dice")
            if cup is not None and not d.betting[p]:
                raise InvalidInput(f"{at}cups[{p}]", "only a participant rolls a cup")
    if d.stage in ("sail", "sailing", "tile", "cards") and d.roles.count("winner") != 1:
        raise InvalidInput(f"{at}roles", "a sail phase has exactly one betting winner")
    if d.stage == "bid" and (not d.betting[d.turn] or any(
            d.betting[p] and d.cups[p] is None for p in range(n))):
        raise InvalidInput(f"{at}turn", "the bidder is a participant and every cup is rolled")
    if d.stage == "cups" and sum(d.betting) < 2:
        raise InvalidInput(f"{at}betting", "a betting phase has at least two participants")
    if (d.stage == "over") != bool(d.ended):
        raise InvalidInput(f"{at}ended", "a game is over exactly when it says why it ended")
    if d.stage == "over" and d.phase != "over":
        raise InvalidInput(f"{at}phase", "a finished game is in phase 'over'")
    if d.stage in ("final", "fighting") and len(d.group) < 2:
        raise InvalidInput(f"{at}group", "the final battle has at least two fighters")
    if d.stage == "together" and len(d.group) < 2:
        raise InvalidInput(f"{at}group", "stepping together needs at least two ships")
    _check_out(game, d, at)         # scenarios too: a scenario's own save must load
    check_cities(game, d, at)
    _check_stack(game, d, at)


def _check_passed(d: PiratesData, n: int) -> None:
    """The draft's memory names, per seat, cards its left neighbour holds (in hand or set
    aside in the draft pass under way) [P-SETUP-DRAFT]."""
    if not d.passed:
        return
    per_seat(d.passed, "data.passed", n)
    draft = next((fr for fr in d.stack if isinstance(fr, Draft)), None)
    for giver, cards in enumerate(d.passed):
        taker = (giver + 1) % n
        held = Counter(d.hands[taker]) + Counter(draft.chosen[taker] if draft else ())
        if Counter(cards) - held:
            raise InvalidInput(f"data.passed[{giver}]", f"cards {seat_name(giver)} passed left must be held "
                                                        f"by {seat_name(taker)}")


def _check_cup_frame(d: PiratesData, fr: CupRoll, i: int, where: str) -> None:
    """A cup being rolled: on top, in the cups stage, a participant's cup not yet rolled,
    with some of its dice rolled, in order, each showing a face of its die [P-BET-ROLL]."""
    seat, faces = fr.seat, fr.faces
    names = dice_names(d.crew[seat], held_specials(d.specials, seat))
    if i != len(d.stack) - 1 or d.stage != "cups":
        raise InvalidInput(where, "a cup is rolled in the cups stage, on top of the stack")
    if not d.betting[seat] or d.cups[seat] is not None:
        raise InvalidInput(where, f"{seat_name(seat)} rolls a cup only as a participant whose cup is not rolled")
    if len(faces) >= len(names):
        raise InvalidInput(where, f"{seat_name(seat)} has {len(names)} dice: fewer faces than that are rolled so far")
    for name, face in zip(names, faces):
        if face not in CREW_DICE[name].faces:
            raise InvalidInput(where, f"the {name} die has no face {face!r}")


def _check_stack(game: "PiratesGame", d: PiratesData, at: str) -> None:
    n = game.players
    for i, fr in enumerate(d.stack):
        seats: list[int] = []
        if isinstance(fr, Task):
            seats = [fr.actor] + ([fr.target] if fr.target >= 0 else [])
        elif isinstance(fr, DieRoll):
            seats = [fr.owner]
        elif isinstance(fr, (BattleRoll, Window, Asking)):
            seats = list(fr.seats)
        elif isinstance(fr, Draft):
            seats = []
        elif isinstance(fr, (Build, Towns)):
            seats = [fr.turn]
        else:
            seats = [fr.seat]
        for s in seats:
            seat_of(s, f"{at}stack[{i}]", n)
        top_frame = i == len(d.stack) - 1
        if isinstance(fr, Reroll) and not any(isinstance(f, (DieRoll, BattleRoll)) for f in d.stack[:i]):
            raise InvalidInput(f"{at}stack[{i}]", "a re-roll needs a die or a battle under it")
        if isinstance(fr, Reroll) and not top_frame:
            raise InvalidInput(f"{at}stack[{i}]", "a re-roll is rolled at once (top frame)")
        if isinstance(fr, Draw) and fr.kind == "free draw" and top_frame:
            raise InvalidInput(f"{at}stack[{i}]", "a free draw is told and drawn at once (top frame)")
        if isinstance(fr, Draw) and fr.kind == "draw" and top_frame and not d.deck.needs_luck:
            raise InvalidInput(f"{at}stack[{i}]", "a draw waits only for an unseen card")
        if isinstance(fr, HandLoss) and top_frame and not d.hands[fr.seat]:
            raise InvalidInput(f"{at}stack[{i}]", "a random discard needs a card in hand")
        if (isinstance(fr, (Asking, Towns, InfluenceDraw)) or isinstance(fr, Pick) and fr.deck == "influence") \
                and d.cities is None:
            raise InvalidInput(f"{at}stack[{i}]", "a Cities of Greed frame, but the expansion is off")
        if isinstance(fr, Pick) and not game.params[fr.seat]["draw_two"]:
            raise InvalidInput(f"{at}stack[{i}]", "a draw-two choice, but the variant 'draw two' is "
                                                  "not in play (P-COG-VAR-DRAW2)")
        if isinstance(fr, InfluenceDraw) and top_frame and not d.cities.deck.needs_luck:
            raise InvalidInput(f"{at}stack[{i}]", "an influence draw waits only for an unseen card")
        if isinstance(fr, Pick) and top_frame and len(fr.drawn) != 2:
            raise InvalidInput(f"{at}stack[{i}]", "a draw-two choice on top holds the two cards drawn")
        if isinstance(fr, Asking) and fr.kind == "keep" and top_frame \
                and len(d.cities.influence[fr.seats[0]]) <= 2:
            raise InvalidInput(f"{at}stack[{i}]", "the seat asked to return a card holds more than 2")
        if isinstance(fr, Towns) and top_frame and not (
                "" not in d.route and any(d.cities.town_hands) and can_place(game, d.cities, fr.turn)
                and any(i and t is None for i, t in enumerate(d.cities.towns))):
            raise InvalidInput(f"{at}stack[{i}]", "the placing waits for a seat that can place a town card")
        if isinstance(fr, CupRoll):
            _check_cup_frame(d, fr, i, f"{at}stack[{i}]")
        if isinstance(fr, DieRoll) and fr.face is not None and fr.face not in (
                (1, 2) if fr.name == "sail" else ("X", "O") if fr.name == "pirate" else ("X", "coin")):
            raise InvalidInput(f"{at}stack[{i}]", f"{fr.face!r} is not a face of the {fr.name} die")
    if d.stack:
        top = d.stack[-1]
        if isinstance(top, BattleRoll) and None not in top.faces:
            raise InvalidInput(f"{at}stack", "a battle on top waits for a roll")
        if isinstance(top, DieRoll) and top.face is not None:
            raise InvalidInput(f"{at}stack", "a die on top waits for its roll")
        if isinstance(top, Task):
            w = Work(game, d)
            effect = top.effect
            victim = top.actor if top.target == -1 else top.target
            if aims(effect) and top.target == -1:
                ok = bool(w.candidates(top.actor, effect, top.source))
            elif isinstance(effect, cat_module.Cargo):
                ok = bool(w.cargo_options(victim))
            elif isinstance(effect, cat_module.DiscardCards) and not effect.random and effect.n == 1:
                ok = bool(d.hands[victim])
            else:
                ok = False
            if not ok:
                raise InvalidInput(f"{at}stack", "the effect on top must wait for a decision")
    elif d.stage not in ("bid", "act", "step alone", "over"):
        raise InvalidInput(f"{at}stage", f"stage {d.stage!r} waits for nothing: it cannot be saved")
    if d.stage in ("step alone",) and not d.stack:
        if not Work(game, d).can_step(d.turn):
            raise InvalidInput(f"{at}turn", "the last-placed player cannot pay a step (P-CREW-PAY)")


PHASE_STAGES: dict[str, tuple[str, ...]] = {
    "betting": ("cups", "bid"),
    "sail": ("sail", "sailing", "tile", "cards", "round end"),
    "action": ("act", "round end"),
    "steps": ("steps", "step alone", "together", "round end"),
    "final": ("final", "fighting"),
    "over": ("over",),
}
"""The stages of each phase of a round [P-ROUND-1] (the final battle [P-FINAL-1])."""

PHASE_FRAMES: dict[str, frozenset[str]] = {
    "betting": frozenset({"cup", "draft", "build", "designate", "towns", "keep"}),
    "sail": frozenset({"die", "battle", "window", "reroll", "task", "draw", "free draw", "hand", "pick"}),
    "action": frozenset({"die", "battle", "window", "reroll", "task", "draw", "free draw", "hand", "pick",
                         "idraw"}),
    "steps": frozenset({"die", "battle", "window", "reroll", "task", "draw", "free draw", "hand", "pick"}),
    "final": frozenset({"die", "battle", "window", "reroll", "task", "draw", "free draw", "hand", "pick"}),
    "over": frozenset(),
}
"""The frames that may stand on the stack in each phase: the setup's draft, map building
and towns and the cups are rolled before the first bid [P-SETUP-DRAFT] [P-SETUP-BUILD]
[P-COG-TOWNS] [P-BET-ROLL]; dice, battles, windows, effects and card draws come from the
sail [P-SAIL-1], the cards played [P-EFFECTS] and the final battle [P-FINAL-2]; influence
cards are drawn on a turn of the action phase [P-COG-INF-BUY-WHEN]; a finished game waits
for nothing."""


def _check_flow(game: "PiratesGame", d: PiratesData, at: str) -> None:
    """What a saved file must hold for the round to go on from it, beyond `check` (which
    scenarios share): the stage and the frames belong to the phase, the call judged the
    last bid, a player out of the game takes part in nothing, and every frame's seats
    are the seats the frame below it asks (a re-roll rolls a die of the battle or the
    die below it, a window asks only the battle's fighters)."""
    n = game.players
    if d.stage not in PHASE_STAGES[d.phase]:
        raise InvalidInput(f"{at}stage", f"stage {d.stage!r} is not a stage of the {d.phase} phase "
                                         f"(P-ROUND-1)")
    for i, fr in enumerate(d.stack):
        if fr.kind not in PHASE_FRAMES[d.phase]:
            raise InvalidInput(f"{at}stack[{i}]", f"a {fr.kind} frame does not stand in the "
                                                  f"{d.phase} phase (P-ROUND-1)")
    _check_call(d, n, at)
    _check_frames_below(game, d, at)
    for i, fr in enumerate(d.stack):
        if isinstance(fr, Asking) and fr.kind == "designate" and d.cities is not None and (
                len(set(fr.seats)) != len(fr.seats)
                or set(fr.seats) != {p for p in range(n) if not d.cities.designated[p]}):
            raise InvalidInput(f"{at}stack[{i}]", "the designating asks each player without a "
                                                  "designated town, once (P-COG-DESIGNATE)")


def _check_call(d: PiratesData, n: int, at: str) -> None:
    """The call that ended the betting [P-LIAR] [P-EXACT-1]: a participant judged the
    last bid (quantity, face 2-6, bidder), and counted at most the dice in the cups."""
    if d.call is None:
        return
    caller, quantity, face, judged = d.call.caller, d.call.quantity, d.call.face, d.call.judged
    seat_of(caller, f"{at}call[1]", n, "P-LIAR")
    seat_of(judged, f"{at}call[4]", n, "P-LIAR")
    if d.phase == "betting":
        raise InvalidInput(f"{at}call", "a call ends the betting: none is made while it goes on (P-LIAR)")
    if face not in FACE_WORDS or quantity < 1:
        raise InvalidInput(f"{at}call[3]", "a call judges a bid of at least 1 of a face 2-6 (P-BID-1)")
    if not d.bids or d.bids[-1] != Bid(quantity=quantity, face=face, seat=judged):
        raise InvalidInput(f"{at}call", "a call judges the last bid of the ladder (P-LIAR, P-EXACT-1)")
    if not d.betting[caller] or not d.betting[judged]:
        raise InvalidInput(f"{at}call", "the caller and the bidder take part in the betting (P-LIAR)")
    dice = sum(len(cup) for p, cup in enumerate(d.cups) if cup is not None and d.betting[p])
    if d.call.counted > dice:
        raise InvalidInput(f"{at}call[5]", f"the count is at most the {dice} dice in the cups (P-BID-COUNT)")


def _check_out(game: "PiratesGame", d: PiratesData, at: str) -> None:
    """A player out of the game [P-VAR-DEATH] lost every die under Instant Death and
    takes no part in the betting (no cup). (The engine lets a player eliminated during
    their own action turn finish it, so `turn` may name them.)"""
    for p in range(game.players):
        if not d.out[p]:
            continue
        where = f"{at}out[{p}]"
        if not game.params[p]["instant_death"]:
            raise InvalidInput(where, "only Instant Death puts a player out (P-VAR-DEATH)")
        if d.crew[p] or p in d.specials:
            raise InvalidInput(where, "a player out of the game holds no dice (P-VAR-DEATH)")
        if d.phase == "betting" and (d.betting[p] or d.cups[p] is not None):
            raise InvalidInput(where, "a player out of the game takes no part in the betting (P-VAR-DEATH)")


def _check_frames_below(game: "PiratesGame", d: PiratesData, at: str) -> None:
    """Frames that act on the die or battle below them name its seats [P-REROLL]
    [P-REROLL-WINDOW] [P-FINAL-3]: a battle's fighters are different seats, a final
    battle stands only in the final phase, a re-roll is the die's owner's or a
    fighter's, and a re-roll or final window asks only those who rolled."""
    for i, fr in enumerate(d.stack):
        where = f"{at}stack[{i}]"
        if isinstance(fr, BattleRoll):
            if len(set(fr.seats)) != len(fr.seats):
                raise InvalidInput(where, "a battle's fighters are different seats (P-BATTLE-1)")
            if (fr.battle == "final") != (d.phase == "final"):
                raise InvalidInput(where, "the final battle is fought in the final phase, and only "
                                          "there (P-FINAL-2)")
        if isinstance(fr, Reroll):
            asked: tuple[int, ...] = (fr.seat,)
        elif isinstance(fr, Window) and fr.window in ("reroll", "final"):
            asked = fr.seats
        else:
            continue
        under = [f for f in d.stack[:i] if isinstance(f, (DieRoll, BattleRoll))]
        if not under:
            raise InvalidInput(where, f"a {fr.kind} frame needs a die or a battle under it (P-REROLL)")
        low = under[-1]
        if (low.face is None if isinstance(low, DieRoll) else None in low.faces) or not low.asked:
            raise InvalidInput(where, f"a {fr.kind} frame stands on a die or battle already rolled "
                                      f"(P-REROLL)")
        rollers = (low.owner,) if isinstance(low, DieRoll) else low.seats
        if any(s not in rollers for s in asked):
            raise InvalidInput(where, "only the die's owner or the battle's fighters re-roll (P-REROLL)")
        if isinstance(fr, Window) and fr.window == "final" and (
                not isinstance(low, BattleRoll) or low.battle != "final"):
            raise InvalidInput(where, "a final window stands on the final battle (P-FINAL-3)")

