"""`MomijiGame.scenario(spec=None, **fields)`: any start-of-turn position from a short description.

Validated like a saved file: the shape by msgspec (`Scenario`; errors name the field
path such as ``rows[1][0]``), then what it means (every card of the types in play in
exactly one place, piles that follow the rules, torii that add up), naming the field.

Names (any letter case): leaf types Maple, Ginkgo, Oak, Birch, Sumac, Beech; cards are
written type-value-corners: "Maple-0" (no acorn), "Maple-0L" / "Maple-0R" (an acorn in
the lower-left / lower-right corner), "Maple-1LR" (both); which corners exist is the
catalogue's acorn-corner table (stand-in, M-COMP-2). *Cards* are written as one string
"Maple-0 Oak-1R" or a list ["Maple-0", "Oak-1R"]. Seats are numbers 0..players-1
(written P0, P1 in texts). Objective keys are the catalogue's ids ("zeros", "tops",
"torii", "piles", "acorns", "longest") and "type-<type>" ("type-maple"). Landscape
powers are letters A-F.

Fields (all optional):

    types       the leaf types in play, players + 2 of them (default: the first ones,
                Maple, Ginkgo, Oak, ...)
    hands       one *cards* per seat (default: empty hands)
    known       per seat, the *cards* of that hand everybody knows, because they were
                taken from the Garden (default none; each must be in the hand, M-HIDDEN-5)
    rows        per seat, the piles left to right, each *cards* bottom first:
                [["Maple-0 Maple-1", "Oak-0R"], []]; a pile with a 3 on top is closed
    garden      *cards* in the Garden (default none)
    deck_top    *cards* of known order on top of the deck, top first (dealt without luck)
    deck        the unseen part of the deck as *cards* (default: every card of the types
                in play not placed elsewhere)
    discard     *cards* out of the game (default none, or, when `deck` is given, every
                card left over)
    acorns      acorns per seat (default: option start_acorns)
    torii       torii per seat (default: one per closed pile); the supply holds the rest
                of players + 2
    objectives  the revealed objective keys (default: the first players + 2 of the pool)
    owners      a mapping objective key -> owner seat (default: nobody owns any)
    landscapes  per seat, three letters "ABC" or ["A", "B", "C"] (default: the preset)
    used        per seat, the letters already used ("" = none)
    to_move     the seat whose turn it is (default: option first_player); its turn starts
                (phase "act")
    turn        turns played so far (default 0)
    ending      "" (default), "deck" or "torii": the end was already triggered

Example: ``game.scenario(hands=["Maple-0 Maple-1", ""], rows=[["Oak-0R"], []], garden="Oak-1")``.
"""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal, Mapping, Optional, Union

import msgspec

from ...core.checks import TurnCounter, per_seat
from ...core.errors import InvalidInput
from ...core.typed import convert
from .cards import TYPES, name, parse_cards, type_index, value_of
from .encoding import box, decode

Cards = Union[str, list[str]]
Count = Annotated[int, msgspec.Meta(ge=0, le=999)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Letters = Union[Annotated[str, msgspec.Meta(max_length=6)], list[str]]


class Scenario(msgspec.Struct, forbid_unknown_fields=True):
    types: Optional[list[str]] = None
    hands: Optional[list[Cards]] = None
    known: Optional[list[Cards]] = None
    rows: Optional[list[list[Cards]]] = None
    garden: Cards = ""
    deck_top: Cards = ""
    deck: Optional[Cards] = None
    discard: Optional[Cards] = None
    acorns: Optional[list[Count]] = None
    torii: Optional[list[Count]] = None
    objectives: Optional[list[str]] = None
    owners: dict[str, Seat] = {}
    landscapes: Optional[list[Letters]] = None
    used: Optional[list[Letters]] = None
    to_move: Optional[Seat] = None
    turn: TurnCounter = 0
    ending: Literal["", "deck", "torii"] = ""


FIELDS = tuple(Scenario.__struct_fields__)


def _per_seat(raw: list | None, field: str, n: int, default: Any) -> list:
    return [default] * n if raw is None else list(per_seat(raw, field, n))


def _letters(raw: Any, field: str) -> list[str]:
    letters = list(raw.replace(" ", "").replace(",", "")) if isinstance(raw, str) else raw
    out = []
    for i, letter in enumerate(letters):
        if not isinstance(letter, str) or letter.upper() not in ("A", "B", "C", "D", "E", "F"):
            raise InvalidInput(f"{field}[{i}]", "landscape powers are the letters A-F")
        out.append(letter.upper())
    return out


def build(game: Any, spec: Mapping[str, Any] | None, fields: dict[str, Any]) -> Any:
    merged = {**convert(dict(spec) if isinstance(spec, Mapping) else spec or {}, dict[str, Any], "spec"),
              **fields}
    for key in merged:
        if key not in FIELDS:
            raise InvalidInput(str(key)[:30], f"unknown scenario field; known: {', '.join(FIELDS)}")
    s = convert(merged, Scenario)
    n = game.players
    if s.types is None:
        types = tuple(range(n + 2))
    else:
        types = tuple(sorted(type_index(t, f"types[{i}]") for i, t in enumerate(s.types)))
        if len(set(types)) != n + 2:
            raise InvalidInput("types", f"expected {n + 2} different leaf types (players + 2, M-SETUP-1)")
    hands = [parse_cards(h, f"hands[{p}]") for p, h in enumerate(_per_seat(s.hands, "hands", n, ""))]
    known = [parse_cards(k, f"known[{p}]") for p, k in enumerate(_per_seat(s.known, "known", n, ""))]
    rows = [[parse_cards(pile, f"rows[{p}][{i}]") for i, pile in enumerate(row)]
            for p, row in enumerate(_per_seat(s.rows, "rows", n, []))]
    garden = parse_cards(s.garden, "garden")
    top = parse_cards(s.deck_top, "deck_top")
    placed = [("garden", garden), ("deck_top", top)] + [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    placed += [(f"rows[{p}][{i}]", pile) for p, row in enumerate(rows) for i, pile in enumerate(row)]
    deck = None if s.deck is None else parse_cards(s.deck, "deck")
    discard = None if s.discard is None else parse_cards(s.discard, "discard")
    if deck is not None:
        placed.append(("deck", deck))
    if discard is not None:
        placed.append(("discard", discard))
    left = box(game, types)
    for field, cards in placed:
        for c in cards:
            if left[c] <= 0:
                raise InvalidInput(field, f"no {name(c)} is left: the box has "
                                          f"{box(game, types)[c]} with the types in play (M-COMP-1, M-COMP-2)")
            left[c] -= 1
    rest = sorted(Counter(left).elements())
    if deck is None:
        deck = rest
    elif discard is None:
        discard = rest
    discard = discard or []
    closed = [sum(1 for pile in row if pile and value_of(pile[-1]) == 3) for row in rows]
    torii = list(_per_seat(s.torii, "torii", n, None))
    torii = [closed[p] if t is None else t for p, t in enumerate(torii)]
    supply = n + 2 - sum(torii)
    if supply < 0:
        raise InvalidInput("torii", f"only {n + 2} torii are set out (M-SETUP-6)")
    pool = [o.key for o in game.catalogue.pool(types)]
    objectives = pool[:n + 2] if s.objectives is None else [o.lower() for o in s.objectives]
    owners = [-1] * len(objectives)
    for key, seat in s.owners.items():
        if key.lower() not in objectives:
            raise InvalidInput(f"owners.{key[:20]}", "not a revealed objective")
        if seat >= n:
            raise InvalidInput(f"owners.{key[:20]}", f"expected a seat 0..{n - 1}")
        owners[objectives.index(key.lower())] = seat
    preset = list(game.catalogue.preset)
    lands = [_letters(x, f"landscapes[{p}]") for p, x in enumerate(_per_seat(s.landscapes, "landscapes", n, preset))]
    used = [_letters(x, f"used[{p}]") for p, x in enumerate(_per_seat(s.used, "used", n, ""))]
    active = game.options.first_player if s.to_move is None else s.to_move
    if active >= n:
        raise InvalidInput("to_move", f"expected a seat 0..{n - 1}, got {active}")
    cat = game.catalogue
    acorns = _per_seat(s.acorns, "acorns", n, game.options.start_acorns)
    names = lambda cards: [name(c) for c in cards]  # noqa: E731
    raw = {
        "catalogue": {"name": cat.name, "digest": cat.digest}, "step": "act", "active": active,
        "turn": s.turn, "types": [TYPES[t] for t in types], "hands": [names(h) for h in hands],
        "known": [names(k) for k in known],
        "rows": [[names(pile) for pile in row] for row in rows], "torii": torii, "supply": supply,
        "garden": names(garden), "deck": {"unseen": names(deck), "top": names(top), "bottom": []},
        "discard": names(discard), "acorns": acorns, "objectives": objectives, "owners": owners,
        "lands": lands, "used": used, "flags": [], "reveals": 0, "play": [], "deal": 0,
        "deal_to": "refill", "pond": [], "peek": 0, "peek_seat": -1, "ending": s.ending,
    }
    return decode(raw, game, "")
