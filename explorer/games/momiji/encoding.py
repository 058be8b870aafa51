"""The JSON form of a Momiji position and its validating reader (files and scenarios).

    {"catalogue": {"name": "stand-in", "digest": "…"}, "step": "act", "active": 0, "turn": 0,
     "types": ["Maple", "Oak", ...], "hands": [["Maple-0R", ...], ...],
     "known": [["Maple-0R"], []],                      # per seat: hand cards taken from the Garden
     "rows": [[["Maple-0", "Maple-1"], ...], ...],      # per seat: piles left to right, bottom first
     "torii": [0, 1], "supply": 3, "garden": [...], "deck": {"unseen": [...], "top": [...], "bottom": []},
     "discard": [...], "acorns": [2, 2], "objectives": ["zeros", "type-oak", ...], "owners": [-1, 0, ...],
     "lands": [["A", "B", "C"], ...], "used": [[], ...], "flags": ["main", ...], "reveals": 0,
     "play": ["Maple"], "deal": 0, "deal_to": "refill", "pond": [], "peek": 0, "peek_seat": -1,
     "ending": ""}

`decode` converts the data into `Saved` (msgspec: errors name the field path), then
refuses what no game reaches: every card of the types in play in exactly one place
(M-COMP-1), known cards that are not in their hand (M-HIDDEN-5), piles that break
M-PLAY-2/3, torii that do not add up (M-SETUP-6), an
objective or landscape the catalogue does not know, a step without what it needs. A
state saved with another catalogue is refused (M-CAT-1).
"""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal, Optional

import msgspec

from ...core.chance import Deck
from ...core.checks import TurnCounter, seat
from ...core.errors import InvalidInput
from ...core.typed import convert
from .cards import TYPES, Card, code, name, parse_card, type_index, type_of, value_of
from .data import MomijiData
from .rules import (
    DEAL,
    DEAL_TO,
    ENDINGS,
    FLAG_NAMES,
    PLACE,
    PLAY,
    POND,
    STEPS,
    TO_POND,
    DealTo,
    Ending,
    FlagName,
    StepName,
)

Count = Annotated[int, msgspec.Meta(ge=0, le=999)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Letter = Literal["A", "B", "C", "D", "E", "F"]
CardName = Annotated[str, msgspec.Meta(max_length=24)]


class CatalogueRef(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    digest: str


class SavedDeck(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[CardName]
    top: list[CardName] = []
    bottom: list[CardName] = []


class Saved(msgspec.Struct, forbid_unknown_fields=True):
    catalogue: CatalogueRef
    step: StepName
    active: Seat
    turn: TurnCounter
    types: list[str]
    hands: list[list[CardName]]
    rows: list[list[list[CardName]]]
    torii: list[Count]
    supply: Count
    garden: list[CardName]
    deck: SavedDeck
    discard: list[CardName]
    acorns: list[Count]
    objectives: list[Annotated[str, msgspec.Meta(max_length=40)]]
    owners: list[Annotated[int, msgspec.Meta(ge=-1, le=3)]]
    lands: list[list[Letter]]
    used: list[list[Letter]]
    flags: list[FlagName]
    reveals: Annotated[int, msgspec.Meta(ge=0, le=9)]
    play: list[str]
    deal: Annotated[int, msgspec.Meta(ge=0, le=12)]
    deal_to: DealTo
    pond: list[CardName]
    peek: Annotated[int, msgspec.Meta(ge=0, le=3)]
    peek_seat: Annotated[int, msgspec.Meta(ge=-1, le=3)]
    ending: Ending
    known: Optional[list[list[CardName]]] = None    # per seat; absent in files saved before it: none known


def box(game: Any, types: tuple[int, ...]) -> Counter:
    """Every card of the types in play (M-COMP-1, corners from the catalogue M-COMP-2)."""
    corners = game.catalogue.corners
    return Counter(code(t, v, c) for t in types for v in range(4) for c in corners[v])


def encode(state: Any) -> dict[str, Any]:
    d = state.data
    cat = state.game.catalogue
    names = lambda cards: [name(c) for c in cards]  # noqa: E731
    return {
        "catalogue": {"name": cat.name, "digest": cat.digest},
        "step": STEPS[d.step], "active": d.active, "turn": d.turn,
        "types": [TYPES[t] for t in d.types],
        "hands": [names(h) for h in d.hands],
        "known": [names(k) for k in d.known],
        "rows": [[names(pile) for pile in row] for row in d.rows],
        "torii": list(d.torii), "supply": d.supply, "garden": names(d.garden),
        "deck": {"unseen": names(d.deck.unseen), "top": names(d.deck.top), "bottom": names(d.deck.bottom)},
        "discard": names(d.discard), "acorns": list(d.acorns),
        "objectives": list(d.objectives), "owners": list(d.owners),
        "lands": [list(x) for x in d.lands], "used": [list(x) for x in d.used],
        "flags": [f for i, f in enumerate(FLAG_NAMES) if d.flags & (1 << i)],
        "reveals": d.reveals, "play": [TYPES[t] for t in d.play], "deal": d.deal,
        "deal_to": DEAL_TO[d.deal_to], "pond": names(d.pond), "peek": d.peek,
        "peek_seat": d.peek_seat, "ending": ENDINGS[d.ending],
    }


def _seats(raw: list, field: str, n: int) -> list:
    if len(raw) != n:
        raise InvalidInput(field, f"expected one entry per seat ({n}), got {len(raw)}")
    return raw


def _cards(raw: list[str], field: str, types: tuple[int, ...]) -> list[Card]:
    out = []
    for i, text in enumerate(raw):
        c = parse_card(text, f"{field}[{i}]")
        if type_of(c) not in types:
            raise InvalidInput(f"{field}[{i}]", f"{TYPES[type_of(c)]} is not a leaf type in play (M-SETUP-1)")
        out.append(c)
    return out


def decode(raw: Any, game: Any, where: str = "data") -> Any:
    s = convert(raw, Saved, where)
    cat = game.catalogue
    if (s.catalogue.name, s.catalogue.digest) != (cat.name, cat.digest):
        raise InvalidInput("catalogue", f"saved with catalogue {s.catalogue.name!r} ({s.catalogue.digest[:12]}), "
                                        f"not the game's {cat.name!r} ({cat.digest}) (M-CAT-1)")
    n = game.players
    seat(s.active, "active", n, "M-SETUP-8")    # the seat whose turn it is: one of this table's
    types = tuple(sorted(type_index(t, f"types[{i}]") for i, t in enumerate(s.types)))
    if len(set(types)) != len(types) or len(types) != n + 2:
        raise InvalidInput("types", f"expected {n + 2} different leaf types (players + 2, M-SETUP-1)")
    hands = tuple(tuple(sorted(_cards(h, f"hands[{p}]", types))) for p, h in enumerate(_seats(s.hands, "hands", n)))
    saved_known = [[] for _ in range(n)] if s.known is None else _seats(s.known, "known", n)
    known = tuple(tuple(sorted(_cards(k, f"known[{p}]", types))) for p, k in enumerate(saved_known))
    for p in range(n):
        if Counter(known[p]) - Counter(hands[p]):
            raise InvalidInput(f"known[{p}]", "a known card must be in that seat's hand (M-HIDDEN-5)")
    rows = []
    closed_count = []
    for p, row in enumerate(_seats(s.rows, "rows", n)):
        piles = []
        seen: set[int] = set()
        for i, pile in enumerate(row):
            where_pile = f"rows[{p}][{i}]"
            cards = tuple(_cards(pile, where_pile, types))
            if not cards:
                raise InvalidInput(where_pile, "a pile holds at least one card")
            t = type_of(cards[0])
            if t in seen or any(type_of(c) != t for c in cards):
                raise InvalidInput(where_pile, "one pile per type, of one type (M-PLAY-2)")
            seen.add(t)
            values = [value_of(c) for c in cards]
            if values[0] != 0 or any(b - a not in (0, 1, 2) for a, b in zip(values, values[1:])):
                raise InvalidInput(where_pile, "a pile starts with a 0 and rises by 0 or 1 (2 with Bridge) "
                                               "(M-PLAY-2, M-PLAY-3)")
            if 3 in values[:-1]:
                raise InvalidInput(where_pile, "a 3 closes the pile (M-PLAY-4)")
            piles.append(cards)
        rows.append(tuple(piles))
        closed_count.append(sum(1 for pile in piles if value_of(pile[-1]) == 3))
    torii = tuple(_seats(s.torii, "torii", n))
    for p in range(n):
        if torii[p] > closed_count[p]:
            raise InvalidInput(f"torii[{p}]", "more torii than closed piles (M-PLAY-4)")
    if s.supply + sum(torii) != n + 2:
        raise InvalidInput("supply", f"torii in the supply and on piles must add up to {n + 2} (M-SETUP-6)")
    garden = tuple(sorted(_cards(s.garden, "garden", types)))
    unseen = _cards(s.deck.unseen, "deck.unseen", types)
    top = tuple(_cards(s.deck.top, "deck.top", types))
    bottom = tuple(_cards(s.deck.bottom, "deck.bottom", types))
    discard = tuple(sorted(_cards(s.discard, "discard", types)))
    pond = tuple(_cards(s.pond, "pond", types))
    total = Counter(garden) + Counter(unseen) + Counter(top) + Counter(bottom) + Counter(discard) + Counter(pond)
    for h in hands:
        total += Counter(h)
    for row in rows:
        for pile in row:
            total += Counter(pile)
    expected = box(game, types)
    if total != expected:
        extra = sorted((expected - total).elements()) or sorted((total - expected).elements())
        what = "missing" if expected - total else "one too many"
        raise InvalidInput("cards", f"the cards do not add up to the box: {what} {name(extra[0])} (M-COMP-1)")
    acorns = tuple(_seats(s.acorns, "acorns", n))
    pool = {o.key for o in cat.pool(types)}
    objectives = tuple(s.objectives)
    for i, key in enumerate(objectives):
        if key not in pool:
            raise InvalidInput(f"objectives[{i}]", f"{key[:20]!r} is not an objective of the catalogue (M-OBJ-1)")
    if len(set(objectives)) != len(objectives):
        raise InvalidInput("objectives", "each objective appears once")
    owners = tuple(s.owners)
    if len(owners) != len(objectives) or any(o >= n for o in owners):
        raise InvalidInput("owners", "one owner seat (or -1) per objective")
    lands = tuple(tuple(x) for x in _seats(s.lands, "lands", n))
    used = tuple(tuple(sorted(x)) for x in _seats(s.used, "used", n))
    drafting = s.step == "draft"        # the picks so far, in round order (M-DRAFT-1)
    for p in range(n):
        if (len(lands[p]) != 3 and not drafting) or len(lands[p]) > 3 or len(set(lands[p])) != len(lands[p]):
            raise InvalidInput(f"lands[{p}]", "three different landscapes (M-SETUP-7; fewer while drafting)")
        if not set(used[p]) <= set(lands[p]) or len(set(used[p])) != len(used[p]):
            raise InvalidInput(f"used[{p}]", "only the player's own landscapes, each once (M-EXTRA-3)")
    flags = sum(1 << FLAG_NAMES.index(f) for f in set(s.flags))
    step = STEPS.index(s.step)
    play = tuple(type_index(t, f"play[{i}]") for i, t in enumerate(s.play))
    if (step in (PLAY, PLACE)) != bool(play):
        raise InvalidInput("play", "the types of the current Play are given exactly in the steps play and place")
    deal_to = DEAL_TO.index(s.deal_to)
    if step == DEAL and (s.deal < 1 or not unseen or top):
        raise InvalidInput("deal", "a deal step needs cards to deal and luck to deal them (M-DECK-1)")
    if step != DEAL and s.deal:
        raise InvalidInput("deal", "cards are dealt only in the deal step")
    if pond and not (step == POND or (step == DEAL and deal_to == TO_POND)):
        raise InvalidInput("pond", "Koi Pond cards wait only in the pond step (M-POWER-E)")
    if step == POND and not pond:
        raise InvalidInput("pond", "the pond step needs the cards looked at (M-POWER-E)")
    if s.peek > len(top) or (s.peek > 0) != (s.peek_seat >= 0) or s.peek_seat >= n:
        raise InvalidInput("peek", "a seat knows at most the deck's known top cards")
    ending = ENDINGS.index(s.ending)
    return MomijiData(step=step, active=s.active, turn=s.turn, types=types, hands=hands,
                      known=known, rows=tuple(rows), torii=torii, supply=s.supply, garden=garden,
                      deck=Deck(tuple(sorted(unseen)), top, bottom), discard=discard,
                      acorns=acorns, objectives=objectives, owners=owners, lands=lands, used=used,
                      flags=flags, reveals=s.reveals, play=play, deal=s.deal, deal_to=deal_to,
                      pond=pond, peek=s.peek, peek_seat=s.peek_seat, ending=ending)


