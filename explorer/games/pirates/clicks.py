"""What clicks on the Lying Pirates board mean: the move a player has in mind, legal or
not, so that a refused click is answered with the rule (`why_not`).

Board elements (see `scene`): "bid:<q>:<f>" (a bid picker cell), "liar", "exact" (the
call), "lock" (raise and lock as exact: then a bid cell),
"hand:<seat>:<card>", "ship:<seat>", "special:cursed", "coin:<seat>", "crew:<seat>",
"deck", "pass", "keep", "reroll", "step", "stop", and those of Cities of Greed (see
`scene_cities`). The seat acting is the seat that decides now.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from explorer.core import CHANCE, Move

from . import moves as m

if TYPE_CHECKING:
    from .state import PiratesState

_BID = re.compile(r"bid:([0-9]{1,3}):([2-6])")
_SIMPLE = {"liar": m.Liar, "pass": m.Pass, "keep": m.Keep, "reroll": m.Reroll, "step": m.Step,
           "stop": m.Stop, "deck": m.Buy}


def meant_move(state: "PiratesState", targets: tuple[str, ...]) -> Move | None:
    pend = state.pending
    p = pend.seat
    if p is None or p == CHANCE or not targets:
        return None
    bids = [t for t in targets if t.startswith("bid:")]
    rest = [t for t in targets if not t.startswith("bid:")]
    if bids:
        match = _BID.fullmatch(bids[0])
        # a locked raise is "lock" + a cell; the Exact circle + a cell means the same
        if len(bids) > 1 or match is None or len(rest) > 1 or any(t not in ("lock", "exact") for t in rest):
            return None
        return m.Bid(p, int(match[1]), int(match[2]), bool(rest))
    cities = cities_move(state, p, rest)
    if cities is not None:
        return cities
    tiles = [t for t in rest if t.startswith("tiles:")]
    if tiles:
        slots = [t for t in rest if re.fullmatch(r"tile:[0-9]{1,2}", t)]
        if len(tiles) != 1 or len(slots) != 1 or len(rest) != 2:
            return None
        return m.PlaceTile(p, tiles[0].split(":", 2)[2], int(slots[0][5:]))
    if len(rest) == 1 and rest[0] == "exact":
        return m.Exact(p)
    if len(rest) == 1 and rest[0] in _SIMPLE:
        return _SIMPLE[rest[0]](p)
    ships = [int(t[5:]) for t in rest if re.fullmatch(r"ship:[0-5]", t)]
    if "special:cursed" in rest and len(ships) == 1 and len(rest) == 2:
        return m.PassCurse(p, ships[0])
    if len(rest) == 1 and ships:
        return m.Target(p, ships[0])
    if len(rest) == 1 and re.fullmatch(r"(coin|crew):[0-5]", rest[0]):
        return m.Cargo(p, rest[0].split(":")[0])
    if len(rest) == 1 and rest[0].startswith("hand:"):
        card = rest[0].split(":")[-1]
        if pend.step == "cargo":
            return m.Cargo(p, card)
        if pend.step == "discard":
            return m.Discard(p, card)
        if pend.step == "draft":
            return m.DraftPass(p, card)
        return m.PlayCard(p, card)
    return None


_TILE = re.compile(r"tile:([0-9]{1,2})")


def cities_move(state: "PiratesState", p: int, rest: list[str]) -> Move | None:
    """The Cities of Greed move the clicks `rest` mean (None: not one of its moves)."""
    if state.data.cities is None:
        return None
    slots = [int(match[1]) for t in rest if (match := _TILE.fullmatch(t))]
    cards = [t.split(":", 2)[2] for t in rest if t.startswith("towncard:")]
    placed = [int(t[5:]) for t in rest if re.fullmatch(r"town:[0-9]{1,2}", t)]
    if (cards or placed) and len(slots) == 1 and len(rest) == 2:
        return m.PlaceTown(p, cards[0], slots[0]) if cards else m.MoveTown(p, placed[0], slots[0])
    banners = [t[7:] for t in rest if t.startswith("banner:")]
    influence = [t.split(":", 2)[2] for t in rest if t.startswith("influence:")]
    modes = [t for t in rest if t in ("attack", "bonus")]
    if influence and banners and modes and len(rest) == 3:
        return m.PlayInfluence(p, influence[0], banners[0], modes[0])
    if len(rest) == 1 and banners:
        return m.Designate(p, banners[0])
    if len(rest) == 1 and influence and state.pending.step == "keep":
        return m.ReturnInfluence(p, influence[0])
    if len(rest) == 1 and rest[0].startswith("drawn:"):
        return m.KeepCard(p, rest[0].split(":", 2)[2])
    if rest == ["influence deck"]:
        return m.BuyInfluence(p)
    return None
