"""Positions from descriptions (`Game.scenario`): read by msgspec against `ScenarioSpec`,
completed with the defaults, then checked like a saved file (`encoding.check`) and for
what a description may set, every error naming its field."""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, Literal, Mapping

import msgspec

from explorer.core import InvalidInput
from explorer.core.checks import per_seat
from explorer.core.checks import seat as seat_of
from explorer.core.pending import seat_name
from explorer.core.typed import convert

from .cities import scenario_cities
from .data import (
    Bid,
    PiratesData,
)
from .deck_spec import DeckSpec, deck_from_spec
from .dice import CREW_DICE, SPECIAL
from .moves import _WORDS
from .round import Work, cup_of, dice_names, held_specials

if TYPE_CHECKING:
    from .game import PiratesGame

from .encoding import Count, Face, Seat, check

FIELDS_DOC = """\
Fields (all optional; n = number of players; seats are 0..n-1):

    route       tile ids in route order, start/end tile first (default: the preset map)
    progress    tiles each ship has sailed from the start, 0..len(route) (len(route):
                back on the start/end tile, home) (default 0 each)
    coins       coins per player (default 2 each)
    supply      coins left in the supply (default: option coin_supply less the
                players' coins)
    crew        normal crew dice per player (default 5 each)
    bag         normal dice left in the bag (default: option crew_bag less the
                players' dice)
    specials    {die: seat} for special dice held ("mermaid", "pirate king", "ghost",
                "cursed"; "mayor" with Cities of Greed); the others lie on the board
    cups        per player None (not rolled) or the faces under the cup, aligned with the
                player's dice (normal dice first, then specials in the order mermaid,
                pirate king, ghost, cursed, mayor), e.g. [[1, 2, 2, 5, 6], None]; a blank is
                "-"; text "1 2 2 5 6"
    hands       per player a list of card ids (default: none)
    deck        a list: the deck in a known order, top first; or {"unseen": [...],
                "top": [...], "bottom": [...]} (default: every card not elsewhere, unseen)
    discard     the face-up discard pile, oldest first
    captain     the holder of the starting-captain token (default option start_seat)
    direction   "clockwise" (default) or "counter-clockwise"
    round       the round number (default 1)
    phase       "betting" (the default: cups still to roll are rolled, then the bidding),
                "sail" (the betting is decided: give `roles`; the winner takes the token
                and rolls the sail die), "action" (the action phase, `turn` to act),
                "steps" (the last steps), "final" (the final battle of the ships home)
    turn        the bidder or the actor (default: the captain, or the next participant)
    bids        the bid ladder of this round, oldest first: [[quantity, face, seat], ...]
                or texts "7 fives by P1"
    betting     per player whether they take part in this betting (default: every
                player not excluded)
    excluded    per player whether they sit out the NEXT betting (a wrong exact)
    roles       per player "winner" / "loser" / "survivor" (phase "sail")
    used        per player what they used this round: "g" gold card, "s" silver card,
                "r" re-roll, "b" bought a card (e.g. ["gs", "", "r"])
    passes      passes in a row so far (phase "action")
    out         per player whether they are out of the game (Instant Death)

Cities of Greed (option cities_of_greed; the mayor die is then one of `specials`):

    towns       per place of the route a town or None, e.g. [None, "Eastport", ...]
                (default: the towns in catalogue order round the route from tile 1);
                the k-th tile of a town holds seat k's card, the other cards are in the box
    designated  per player their designated town (default: seat p the p-th town)
    influence   per player the influence cards in hand, e.g. [["I1"], [], ["I7", "I9"]]
    influence_deck     as `deck`, for the influence cards: a list in a known order, top
                first, or {"unseen": [...], "top": [...], "bottom": [...]} (default:
                every influence card not elsewhere, unseen)
    influence_discard  the influence cards played, oldest first
    influence_played   per player the influence cards played this round (default 0)
"""

Phase = Literal["betting", "sail", "action", "steps", "final"]


class ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    route: list[str] | None = None
    progress: list[Count] | None = None
    coins: list[Count] | None = None
    supply: Count | None = None
    crew: list[Count] | None = None
    bag: Count | None = None
    specials: dict[str, Seat] = {}
    cups: list[list[Face] | str | None] | None = None
    hands: list[list[str]] | None = None
    deck: list[str] | DeckSpec | None = None
    discard: list[str] = []
    captain: Seat | None = None
    direction: Literal["clockwise", "counter-clockwise"] = "clockwise"
    round: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 1
    phase: Phase = "betting"
    turn: Seat | None = None
    bids: list[tuple[Count, Count, Seat] | str] = []
    betting: list[bool] | None = None
    excluded: list[bool] | None = None
    roles: list[Literal["winner", "loser", "survivor", ""]] | None = None
    used: list[str] | None = None
    passes: Count = 0
    out: list[bool] | None = None
    towns: list[str | None] | None = None
    designated: list[str] | None = None
    influence: list[list[str]] | None = None
    influence_deck: list[str] | DeckSpec | None = None
    influence_discard: list[str] = []
    influence_played: list[Annotated[int, msgspec.Meta(ge=0, le=20)]] | None = None


CITIES_FIELDS = ("towns", "designated", "influence", "influence_deck", "influence_discard",
                 "influence_played")


SCENARIO_FIELDS = tuple(ScenarioSpec.__struct_fields__)
_BID_TEXT = re.compile(r"(?P<q>[0-9]{1,3}) (?P<face>[a-z0-9]{1,6}) by [pP](?P<seat>[0-9])", re.I)
_FACES = {str(f): f for d in CREW_DICE.values() for f in d.faces}

# ------------------------------------------------------------------ scenarios
def _cup(value: Any, field: str) -> tuple | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split()
    out = []
    for i, f in enumerate(value):
        key = str(f).lower() if not isinstance(f, bool) else None
        if key not in _FACES:
            raise InvalidInput(f"{field}[{i}]", f"{f!r} is not a face of a crew die")
        out.append(_FACES[key])
    return tuple(out)


def _bids(values: list, n: int) -> tuple[Bid, ...]:
    out = []
    for i, b in enumerate(values):
        if isinstance(b, str):
            m = _BID_TEXT.fullmatch(b.strip())
            if m is None or m["face"].lower() not in _WORDS:
                raise InvalidInput(f"bids[{i}]", f"expected '7 fives by P1', got {b[:40]!r}")
            b = (int(m["q"]), _WORDS[m["face"].lower()], int(m["seat"]))
        out.append(Bid._make(b))
    return tuple(out)


def scenario_data(game: "PiratesGame", spec: Mapping[str, Any], checked: bool = True) -> PiratesData:
    """State data from a scenario (see `FIELDS_DOC`); the round then runs on to the first
    decision or roll. `checked=False` skips the checks of a saved position
    (`check_scenario`), for the set-up's own spec (`PiratesGame.new`), which holds the
    whole deck dealt and the starting coins and crew by construction."""
    for key in spec:
        if key not in SCENARIO_FIELDS:
            raise InvalidInput(str(key)[:40], f"unknown field; known: {', '.join(SCENARIO_FIELDS)}")
    s = convert(dict(spec), ScenarioSpec, "")
    n = game.players
    o = game.options

    def per(name: str, default: Any) -> tuple:
        value = getattr(s, name)
        return tuple(default) if value is None else tuple(per_seat(value, name, n))

    route = tuple(s.route) if s.route is not None else game.preset_route()
    given = [f for f in CITIES_FIELDS if f in spec]
    if given and not o.cities_of_greed:
        raise InvalidInput(given[0], "a Cities of Greed field, but the expansion is off (option cities_of_greed)")
    cities = scenario_cities(game, s, len(route)) if o.cities_of_greed else None
    coins = per("coins", [game.params[p]["start_coins"] for p in range(n)])
    crew = per("crew", [game.params[p]["start_crew"] for p in range(n)])
    specials = [-1] * len(SPECIAL)
    for name, seat in s.specials.items():
        if name not in SPECIAL or (name == "mayor" and not o.cities_of_greed):
            raise InvalidInput(f"specials.{name[:20]}", "a special die is mermaid, pirate king, ghost or cursed"
                               + (", or mayor (Cities of Greed)" if o.cities_of_greed else ""))
        seat_of(seat, f"specials.{name}", n)
        specials[SPECIAL.index(name)] = seat
    hands = tuple(tuple(sorted(_card(c, f"hands[{p}][{i}]", game) for i, c in enumerate(h)))
                  for p, h in enumerate(per("hands", [[]] * n)))
    discard = tuple(_card(c, f"discard[{i}]", game) for i, c in enumerate(s.discard))
    used_cards = Counter(c for h in hands for c in h) + Counter(discard)
    deck = deck_from_spec(s.deck, game.deck_cards, used_cards,
                          lambda c, field: _card(c, field, game), "deck")
    out = per("out", [False] * n)
    excluded = per("excluded", [False] * n)
    betting = per("betting", [not out[p] for p in range(n)])
    cups_raw = s.cups if s.cups is not None else [None] * n
    per_seat(cups_raw, "cups", n)
    cups: list[tuple[tuple[str, Any], ...] | None] = []
    for p, value in enumerate(cups_raw):
        faces = _cup(value, f"cups[{p}]")
        if faces is None:
            cups.append(None)
            continue
        names = dice_names(crew[p], held_specials(tuple(specials), p))
        if len(faces) != len(names):
            raise InvalidInput(f"cups[{p}]", f"{seat_name(p)} has {len(names)} dice ({', '.join(names)}), "
                                             f"got {len(faces)} faces")
        for i, (name, f) in enumerate(zip(names, faces)):
            if f not in CREW_DICE[name].faces:
                raise InvalidInput(f"cups[{p}][{i}]", f"the {name} die has no face {f!r}")
        cups.append(tuple(zip(names, cup_of(names).canonical(faces))))
    captain = o.start_seat % n if s.captain is None else s.captain
    seat_of(captain, "captain", n)
    roles = per("roles", [""] * n)
    used = per("used", [""] * n)
    progress = per("progress", [0] * n)
    phase = s.phase
    stage = {"betting": "cups", "sail": "sail", "action": "act", "steps": "steps",
             "final": "final"}[phase]
    home = tuple(p for p in range(n) if progress[p] >= len(route) and not out[p])
    bids = _bids(s.bids, n)
    data = PiratesData(
        route=route, progress=progress, coins=coins,
        supply=o.coin_supply - sum(coins) if s.supply is None else s.supply, crew=crew,
        specials=tuple(specials), bag=o.crew_bag - sum(crew) if s.bag is None else s.bag,
        cups=tuple(cups), hands=hands, deck=deck, discard=discard, captain=captain,
        direction=1 if s.direction == "clockwise" else -1, round=s.round, phase=phase,
        stage=stage, turn=captain if s.turn is None else s.turn, bids=bids, betting=betting,
        excluded=excluded, call=None, roles=roles, used=used, passes=s.passes, out=out,
        group=home if phase == "final" else (), stack=(), sail=0, winner=-1, ended="",
        cities=cities)
    if s.turn is not None:
        seat_of(s.turn, "turn", n)
    if checked:
        check_scenario(game, data)
    w = Work(game, data)
    if phase == "betting" and s.turn is None:
        w.begin_betting()
    elif phase == "betting":
        w.stage = "cups" if any(betting[p] and cups[p] is None for p in range(n)) else "bid"
    if phase == "final":
        w.start_final(home)
    w.settle()
    d, _ = w.freeze()
    if phase == "betting" and s.turn is not None and not w.betting[s.turn]:
        raise InvalidInput("turn", f"{seat_name(s.turn)} does not take part in this betting")
    return d


def _card(value: Any, field: str, game: "PiratesGame") -> str:
    card = value.upper() if isinstance(value, str) else value
    if card not in game.card_ids:
        raise InvalidInput(field, f"{value!r} is not a card of the catalogue")
    return card


def check_scenario(game: "PiratesGame", d: PiratesData) -> None:
    n = game.players
    # the checks of saved files that apply before the round runs on
    for p in range(n):
        if d.cups[p] is not None and not d.betting[p]:
            raise InvalidInput(f"cups[{p}]", "only a participant rolls a cup")
    if d.phase == "sail" and d.roles.count("winner") != 1:
        raise InvalidInput("roles", "a sail phase needs exactly one betting winner")
    if d.phase == "final" and len(d.group) < 2:
        raise InvalidInput("progress", "the final battle needs at least two ships home")
    if d.phase == "betting" and sum(d.betting) < 1:
        raise InvalidInput("betting", "nobody takes part in the betting")
    for i, b in enumerate(d.bids):
        if b.seat >= n or not d.betting[b.seat]:
            raise InvalidInput(f"bids[{i}]", f"{seat_name(b.seat)} does not take part in this betting")
    if d.phase == "betting" and d.bids and any(d.betting[p] and d.cups[p] is None for p in range(n)):
        raise InvalidInput("bids", "bids are made once every cup is rolled")
    check(game, d._replace(stage="act", stack=()), "")
