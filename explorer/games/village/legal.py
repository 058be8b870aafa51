"""Whose decision it is and what is legal, by the plain rules (no caches).

A player's actions depend only on their seat, hand, which types they have bribed and
which stalls hold cards. These functions are the one source of truth for what is legal:
`fast` memoizes the move lists for play (tests/village/test_fast_matches_plain.py proves
it answers the same), `explain` words the refusals of what `is_legal` refuses.
"""
from __future__ import annotations

from operator import le
from typing import Final

from ...core import chance
from ...core.move import Move
from ...core.pending import OVER as GAME_OVER
from ...core.pending import Pending, decision, luck, seat_name
from . import rules
from .cards import KINDS, WILD
from .data import VillageData
from .moves import REVEALS, Bribe, Buy, Curse, Draw, Reveal, buy_move, curse_move, draw_move, simple_bribe
from .rules import ACT, CURSE, DRAW, REFILL

_ACT = tuple(decision(p, "act", "V-TURN-1", f"{seat_name(p)} chooses an action: bribe the "
                       "Dragon, visit the Black Market or draw a card") for p in range(5))
_CURSE = tuple(decision(p, "curse", "V-CURSE-1",
                        f"{seat_name(p)} curses one treasure type they paid with")
               for p in range(5))
_REFILL = tuple(luck("deck", "V-REFILL-1", f"the deck turns up a card into stall {c} (refill)")
                for c in range(4))
_DRAW = tuple(luck("deck", "V-DRAW-1", f"{seat_name(p)} draws the top card of the deck")
              for p in range(5))
"""The pending decisions, built once: by seat (act, curse, draw) or by stall (refill)."""

_REVEAL_ODDS: Final = chance.CardOdds(REVEALS)
"""The refill and draw outcomes (V-REFILL-1, V-DRAW-1): the deck's, as shared pairs."""
_TREASURE_SET: Final = frozenset(range(6))
_STALL_SET: Final = frozenset(range(4))


def pending(d: VillageData) -> Pending:
    """Who decides now: the active seat's action (V-TURN-1) or curse (V-CURSE-1), or the
    deck during a refill (V-REFILL-1) or a draw (V-DRAW-1)."""
    phase = d.phase
    if phase == ACT:
        return _ACT[d.active]
    if phase == CURSE:
        return _CURSE[d.active]
    if phase == REFILL:
        return _REFILL[d.next_stall]
    if phase == DRAW:
        return _DRAW[d.active]
    return GAME_OVER


def chance_outcomes(d: VillageData) -> tuple[tuple[Move, float], ...]:
    """During a refill or a draw, each card kind left unseen, with its share of the deck."""
    if d.phase != REFILL and d.phase != DRAW:
        return ()
    return _REVEAL_ODDS.outcomes(d.deck.unseen)


def reveal_moves(d: VillageData) -> tuple[Move, ...]:
    """The card kinds the deck may turn up (V-DECK-1), each once."""
    return tuple(map(REVEALS.__getitem__, dict.fromkeys(d.deck.unseen)))


def legal_moves(d: VillageData, empty_stalls_open: bool) -> tuple[Move, ...]:
    """Every legal move of the position, in a fixed order."""
    if d.phase == ACT:
        p = d.active
        return act_moves(p, d.hands[p], d.bribes[p], d.stalls, empty_stalls_open)
    if d.phase == CURSE:
        return curse_moves(d.active, d.paid)
    return reveal_moves(d)


def is_legal(d: VillageData, move: Move, empty_stalls_open: bool) -> bool:
    """Whether `move` is legal, read straight from the position (agrees with
    `legal_moves`, without listing them)."""
    phase = d.phase
    if isinstance(move, Reveal):
        return (phase == REFILL or phase == DRAW) and move.card in d.deck.unseen
    if phase == ACT:
        if isinstance(move, Draw):
            return move.player == d.active
        if isinstance(move, Bribe):
            return move.player == d.active and bribe_ok(move, d.hands[d.active], d.bribes[d.active])
        if isinstance(move, Buy):
            return (move.player == d.active
                    and buy_ok(move, d.hands[d.active], d.stalls, empty_stalls_open))
        return False
    if phase == CURSE:
        return (isinstance(move, Curse) and move.player == d.active
                and move.treasure in _TREASURE_SET and d.paid[move.treasure] > 0)
    return False


def bribe_ok(move: Bribe, hand: tuple[int, ...], bribes: tuple[int, ...]) -> bool:
    """One treasure type plus wilds, from hand; wilds alone only onto a bribe the player
    has (V-BRIBE-1, V-BRIBE-2)."""
    t, cards = move.treasure, move.cards
    if t not in _TREASURE_SET or type(cards) is not tuple or len(cards) != KINDS:
        return False
    n, w = cards[t], cards[WILD]
    if n < 0 or w < 0 or n > hand[t] or w > hand[WILD] or not (n or (w and bribes[t])):
        return False
    return min(cards) >= 0 and sum(cards) == n + w       # no card of another kind


def buy_ok(move: Buy, hand: tuple[int, ...], stalls: tuple[tuple[int, ...], ...],
           empty_stalls_open: bool) -> bool:
    """A stall with cards (V-MARKET-2), paid with exactly its cost from hand, not all
    wilds (V-MARKET-3, V-MARKET-4); stall 0 free (V-MARKET-6)."""
    stall, pay = move.stall, move.payment
    if stall not in _STALL_SET or type(pay) is not tuple or len(pay) != KINDS:
        return False
    if not (empty_stalls_open or any(stalls[stall])):
        return False
    if stall == 0:
        return not any(pay)
    return (sum(pay) == stall and pay[WILD] < stall and min(pay) >= 0
            and all(map(le, pay, hand)))


def bribe_moves(p: int, t: int, held: int, wilds: int, bribed: bool) -> tuple[Move, ...]:
    """The bribes of type `t` by seat `p` holding `held` such treasures and `wilds` wilds:
    one or more treasures plus any wilds, or wilds alone onto an existing bribe
    (V-BRIBE-1, V-BRIBE-2); by treasure count, then wild count."""
    return tuple(simple_bribe(p, t, n, w) for n in range(0 if bribed else 1, held + 1)
                 for w in range(0 if n else 1, wilds + 1))


def stall_moves(p: int, stall: int, hand: tuple[int, ...]) -> tuple[Move, ...]:
    """The visits of seat `p` to the stall costing `stall` (V-MARKET-3, V-MARKET-4,
    V-MARKET-6): stall 0 is free, the others take each payment `hand` can make."""
    if stall == 0:
        return (buy_move(p, 0),)
    return tuple(buy_move(p, stall, pay) for pay in rules.payments(hand, stall))


def act_moves(p: int, hand: tuple[int, ...], bribes: tuple[int, ...],
              stalls: tuple[tuple[int, ...], ...], empty_stalls_open: bool) -> tuple[Move, ...]:
    """Every action of seat `p`: bribes by type, market visits (stalls 3, 2, 1, 0), the draw
    (V-TURN-1).

    `bribes` holds the treasure cards of each of the player's bribes (0: no bribe); a stall
    without cards is visited only if `empty_stalls_open` (V-MARKET-2)."""
    moves: tuple[Move, ...] = ()
    for t in range(6):
        moves += bribe_moves(p, t, hand[t], hand[WILD], bribes[t] > 0)
    for stall in rules.STALL_ORDER:
        if empty_stalls_open or any(stalls[stall]):
            moves += stall_moves(p, stall, hand)
    return moves + (draw_move(p),)


def curse_moves(p: int, paid: tuple[int, ...]) -> tuple[Move, ...]:
    """The curses open after paying `paid`: one per discarded treasure type (V-CURSE-1)."""
    return tuple(curse_move(p, t) for t in range(6) if paid[t])
