"""What a click on the village board means: the move a player has in mind, legal or not.

The board narrows the legal moves by the elements clicked so far. When a click leaves no
legal move, it asks `VillageState.move_for_targets` what the player meant, then
`why_not` of that move, so the refusal cites the village rule (a Bribe of wilds only:
V-BRIBE-2; two cards at stall 3: V-MARKET-3; ...).

Board elements (see `scene`): "hand:<seat>:<Card>" (one card of a hand; clicked twice,
two cards), "track:<Treasure>" (a token), "stall:<cost>" and "deck". The clicks read as:

- hand cards, then a token: a Bribe of those cards onto that type;
- a token alone: a Curse of that type;
- hand cards (or none), then a stall: a Black Market visit paying those cards;
- the deck: a Draw (any hand cards clicked first only say whose: a draw uses no cards);
- hand cards alone (a selection no legal move can complete): a Bribe onto the first
  treasure type clicked, the one action that takes any number of cards; wilds alone
  say too little.

The seat acting is the owner of the clicked hand cards, else the seat whose turn it is.
Anything else (cards of two hands, two tokens, a token and a stall, ...) means nothing
coherent: None, and the board gives its generic answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.move import Move
from .cards import INDEX, KINDS, TREASURES, WILD
from .moves import Bribe, Buy, Curse, Draw

if TYPE_CHECKING:
    from .data import VillageData

_TOKEN = {name.lower(): t for t, name in enumerate(TREASURES)}


def meant_move(d: "VillageData", targets: tuple[str, ...]) -> Move | None:
    """The move that clicking `targets` (in order) asks for in position `d`, or None."""
    seats: set[int] = set()
    cards = [0] * KINDS
    order: list[int] = []
    places: list[tuple[str, int]] = []
    for target in targets:
        kind, _, rest = target.partition(":")
        if kind == "hand":
            seat, _, name = rest.partition(":")
            card = INDEX.get(name.lower())
            if not seat.isdigit() or card is None:
                return None
            seats.add(int(seat))
            cards[card] += 1
            order.append(card)
        elif kind == "track" and rest.lower() in _TOKEN:
            places.append(("track", _TOKEN[rest.lower()]))
        elif kind == "stall" and rest in ("0", "1", "2", "3"):
            places.append(("stall", int(rest)))
        elif target == "deck":
            places.append(("deck", 0))
        else:
            return None
    if len(seats) > 1 or len(places) > 1:
        return None
    player = seats.pop() if seats else d.active
    paid = tuple(cards)
    if not places:
        first = next((card for card in order if card != WILD), None)
        return None if first is None else Bribe(player, first, paid)
    where, which = places[0]
    if where == "track":
        return Bribe(player, which, paid) if any(paid) else Curse(player, which)
    if where == "stall":
        return Buy(player, which, paid)
    return Draw(player)
