"""What clicks on the Summoners board mean: the move a player has in mind, legal or not.

The board narrows the legal moves by the elements clicked so far. When a click leaves no
legal move, it asks `SummonersState.move_for_targets` what the player meant, then
`why_not` of that move, so the refusal names the rule and the neighbour ("red 8 is
weaker than the blue 9 to its left and not higher", S-PLACE-4).

Board elements (see `scene`): "hand:<seat>:<card>", "spirit:<seat>:<card>",
"cell:<x>,<y>" (a placed card or an empty candidate cell), "market:<slot>" and "deck".
The clicks read, in any order:

- a hand card and a cell: a Play there (an Ace clicked onto a card: on top of it);
- a hand card and the deck: a Cycle of that card;
- the deck alone: a Draw; a market slot alone: a Buy of its card;
- a Spirit card and cells: a Summon on the first cell, using the others.

The seat acting is the owner of the clicked card, else the player whose turn it is.
Anything else means nothing coherent: None, and the board gives its generic answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Move

from .cards import is_ace
from .grid import Cell
from .moves import Buy, Cycle, Draw, Play, Summon

if TYPE_CHECKING:
    from .state import SummonersState


def _cell(target: str) -> Cell | None:
    try:
        x, y = target[len("cell:"):].split(",")
        return int(x), int(y)
    except ValueError:
        return None


def meant_move(state: "SummonersState", targets: tuple[str, ...]) -> Move | None:
    """The move that clicking `targets` asks for in `state`, or None."""
    d = state.data
    hand: list[tuple[int, str]] = []           # (seat, card) of each hand card clicked
    spirit: list[tuple[int, str]] = []         # likewise, Spirit cards
    cells: list[Cell] = []
    slots: list[int] = []
    deck = 0
    for target in targets:
        kind, _, rest = target.partition(":")
        if kind in ("hand", "spirit"):
            digits, _, card = rest.partition(":")
            if not digits.isdigit():
                return None
            (hand if kind == "hand" else spirit).append((int(digits), card))
        elif kind == "cell":
            cell = _cell(target)
            if cell is None:
                return None
            cells.append(cell)
        elif kind == "market" and rest.isdigit() and int(rest) < len(d.market):
            slots.append(int(rest))
        elif target == "deck":
            deck += 1
        else:
            return None
    if len(hand) + len(spirit) > 1 or len(slots) > 1 or deck > 1:
        return None
    if spirit:
        seat, card = spirit[0]
        if slots or deck or not cells:
            return None
        return Summon(seat, card, cells[0], tuple(sorted(cells[1:])))
    if hand:
        seat, card = hand[0]
        if slots:
            return None
        if deck and not cells:
            return Cycle(seat, card)
        if len(cells) == 1 and not deck:
            return Play(seat, card, cells[0], is_ace(card) and cells[0] in state.cells)
        return None
    if cells:
        return None
    if slots and not deck:
        card = d.market[slots[0]]
        return Buy(d.current, slots[0], card) if card else None
    if deck and not slots:
        return Draw(d.current)
    return None

