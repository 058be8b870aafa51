"""What a click on the Momiji board means: the move a player has in mind, legal or not.

The board narrows the legal moves by the elements clicked (see `moves` for the
targets). When a click leaves no legal move, `meant_move` names the move the clicks
mean, and `why_not` of it gives the rule: a hand card then a pile is a Play of that
card; a hand card then "trade" a Trade; a Garden type a Collect (or, while a power
takes a card, a Take); the deck a Reveal; an objective an Activate; a landscape a
Power; a landscape of the draft hand a Pick; "stop" and "end" their moves. A hand card alone is a Play (or, in the steps
that take one card, a Trade or Discard); a hand card then a Garden card, while a
Lantern swap is under way, a Swap. Anything else means nothing: None.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import InvalidInput
from ...core.move import Move
from .cards import parse_card, type_index
from .moves import Activate, Collect, Discard, End, Pick, Place, Play, Power, Reveal, Stop, Swap, Take, Trade
from .rules import GIVE, GUST, LIMIT, LTAKE, POND, TRADE


def meant_move(state: Any, targets: tuple[str, ...]) -> Move | None:
    d = state.data
    p = d.active
    card = None
    rest = []
    try:
        for target in targets:
            kind, _, arg = target.partition(":")
            if kind == "hand":
                seat, _, text = arg.partition(":")
                if not seat.isdigit() or card is not None:
                    return None
                p, card = int(seat), parse_card(text, "target")
            else:
                rest.append((kind, arg))
        if len(rest) > 1:
            return None
        if not rest:
            if card is None:
                return None
            step = d.step
            if step == TRADE:
                return Trade(p, card)
            if step == LIMIT:
                return Discard(p, card)
            return Play(p, card)
        kind, arg = rest[0]
        if kind in ("pile", "row"):
            return None if card is None else Play(p, card)
        if kind == "trade":
            return None if card is None else Trade(p, card)
        if kind == "garden" and card is not None and d.step == GIVE and "-" in arg:
            return Swap(p, card, parse_card(arg, "target"))       # Lantern: a hand card for a Garden card
        if card is not None:
            return None
        if kind == "garden":
            if d.step in (GUST, LTAKE, POND):
                return Take(p, parse_card(arg, "target")) if "-" in arg else None
            return Collect(p, type_index(arg, "target")) if "-" not in arg else None
        if kind == "deck":
            return Reveal(p, min(4, d.deck.size))
        if kind == "objective":
            return Activate(p, arg)
        if kind == "draft":
            return Pick(p, arg.rpartition(":")[2])
        if kind == "power":
            return Power(p, arg.rpartition(":")[2])
        if kind == "stop":
            return Stop(p)
        if kind == "end":
            return End(p)
        if kind == "slot":
            i = arg.rpartition(":")[2]
            return Place(p, d.play[-1], int(i)) if d.play and i.isdigit() and len(i) < 3 else None
    except InvalidInput:
        return None
    return None
