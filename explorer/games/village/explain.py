"""Why a move is refused: a precise sentence and the rule it breaks, for every illegal move."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import Reason
from ...core.move import Move
from ...core.pending import seat_name
from ...core.words import counted
from .cards import A_NAME, KINDS, NAMES, TREASURES, WILD, describe_cards
from .moves import Bribe, Buy, Curse, Draw, Reveal
from .rules import CURSE, DRAW, REFILL

if TYPE_CHECKING:
    from .data import VillageData
    from .state import VillageState


def explain(state: "VillageState", move: Move) -> Reason:
    """The precise reason an illegal `move` is refused, citing its rule."""
    d = state.data
    if not isinstance(move, (Bribe, Buy, Curse, Draw, Reveal)):
        return Reason("CORE-MOVE", f"{move!r} is not a move of Please Don't Burn My Village!")
    if isinstance(move, Reveal):
        if d.phase not in (REFILL, DRAW):
            return Reason("V-DECK-1", "a card is turned from the deck only during a refill or a draw")
        return Reason("V-DECK-1", f"no {NAMES[move.card]} is left among the unseen deck cards")
    if d.phase in (REFILL, DRAW):
        rule = "V-REFILL-1" if d.phase == REFILL else "V-DRAW-1"
        return Reason(rule, "the next card must be turned from the deck first (a chance step)")
    p = move.player
    if not 0 <= p < len(d.hands):
        return Reason("V-SETUP-6", f"there is no seat {seat_name(p)} in a {len(d.hands)}-player game")
    if p != d.active:
        return Reason("V-TURN-1", f"it is {seat_name(d.active)}'s turn, not {seat_name(p)}'s")
    if d.phase == CURSE:
        if not isinstance(move, Curse):
            return Reason("V-CURSE-1", f"{seat_name(p)} must first curse one treasure type they discarded")
        return Reason("V-CURSE-1", f"{seat_name(p)} did not discard {A_NAME[move.treasure]} "
                                   f"(discarded {describe_cards(d.paid)}); curse a discarded treasure")
    if isinstance(move, Curse):
        return Reason("V-CURSE-1", "a curse follows a paid Black Market visit, not a turn of its own")
    hand = d.hands[p]
    if isinstance(move, Bribe):
        return _explain_bribe(d, move, hand)
    if isinstance(move, Buy):
        return _explain_buy(state, move, hand)
    return Reason("CORE-LEGAL", f"{move} is not a legal move in this position")


def _lacking(hand: tuple[int, ...], cards: tuple[int, ...]) -> str | None:
    for k, n in enumerate(cards):
        if n < 0:
            return f"a card count cannot be negative ({NAMES[k]})"
        if n > hand[k]:
            return f"you hold {hand[k]} {NAMES[k]}, not {n}"
    return None


def _explain_bribe(d: "VillageData", move: Bribe, hand: tuple[int, ...]) -> Reason:
    t, cards = move.treasure, move.cards
    if len(cards) != KINDS or not 0 <= t < 6:
        return Reason("CORE-MOVE", f"{move!r} is malformed")
    others = [NAMES[k] for k in range(6) if k != t and cards[k]]
    if others:
        return Reason("V-BRIBE-1", f"a bribe uses one treasure type (plus wilds): "
                                   f"{TREASURES[t]} and {', '.join(others)} cannot go together")
    if not any(cards):
        return Reason("V-BRIBE-1", "a bribe needs at least one card")
    if cards[t] == 0 and d.bribes[move.player][t] == 0:
        return Reason("V-BRIBE-2", f"wilds alone cannot start a new bribe: play at least one "
                                   f"{TREASURES[t]} with them, or add them to a bribe you have")
    lack = _lacking(hand, cards)
    return Reason("V-BRIBE-1", f"not enough cards: {lack}" if lack else f"{move} is not legal here")


def _explain_buy(state: "VillageState", move: Buy, hand: tuple[int, ...]) -> Reason:
    d = state.data
    stall, pay = move.stall, move.payment
    if not 0 <= stall <= 3 or len(pay) != KINDS:
        return Reason("CORE-MOVE", f"{move!r} is malformed")
    if not any(d.stalls[stall]) and not state.game.options.buy_from_empty_stall:
        return Reason("V-MARKET-2", f"stall {stall} holds no cards")
    if stall == 0 and any(pay):
        return Reason("V-MARKET-6", "stall 0 is free: nothing is discarded")
    if sum(pay) != stall:
        return Reason("V-MARKET-3", f"stall {stall} costs exactly {counted(stall, 'card')}, "
                                    f"not {sum(pay)}")
    if pay[WILD] == sum(pay):
        return Reason("V-MARKET-4", "a payment of only wilds is not allowed: discard at "
                                    "least one treasure card")
    lack = _lacking(hand, pay)
    return Reason("V-MARKET-3", f"cannot pay: {lack}" if lack else f"{move} is not legal here")
