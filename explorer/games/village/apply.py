"""Playing a legal move of Please Don't Burn My Village!: the next position and its events.

Every function takes the position and returns the next one; a turn ends in
`_turn_passes`. A Bribe deals the refill cards whose order is known at once and leaves
the others to chance steps (`reveal`), which half the steps of a game are.
"""
from __future__ import annotations

from ...core import chance
from ...core.chance import Deck
from ...core.events import Event
from ...core.move import Move
from ...core.pending import seat_name
from ...core.tuples import put
from . import rules
from .cards import A_NAME, EMPTY, WILD, describe_cards, minus, plus, traded
from .data import VillageData, village_data
from .moves import Bribe, Buy, Curse, Draw, Reveal
from .narration import bribe_events, buy_event, curse_event, deal_event, draw_event
from .rules import ACT, CURSE, DRAW, OVER, REFILL


def apply(d: VillageData, move: Move) -> tuple[VillageData, tuple[Event, ...]]:
    """The position after the legal `move`, and what it did."""
    events: list[Event] = []
    if isinstance(move, Reveal):
        d = reveal(d, move.card, events)
    elif isinstance(move, Bribe):
        d = bribe(d, move, events)
    elif isinstance(move, Buy):
        d = buy(d, move, events)
    elif isinstance(move, Curse):
        d = curse(d, move, events)
    else:
        assert isinstance(move, Draw), move
        d = draw(d, move.player, events)
    return d, tuple(events)


def _turn_passes(d: VillageData, *, track: tuple[int, ...], hands: tuple[tuple[int, ...], ...],
                 known: tuple[tuple[int, ...], ...], stalls: tuple[tuple[int, ...], ...],
                 deck: Deck) -> VillageData:
    """The turn passes to the next seat (V-SETUP-5): no refill, curse or draw is open."""
    return village_data(phase=ACT, active=(d.active + 1) % len(hands), turn=d.turn + 1,
                        track=track, hands=hands, known=known, bribes=d.bribes,
                        bribe_wilds=d.bribe_wilds, stalls=stalls, deck=deck, discard=d.discard,
                        refill_type=-1, next_stall=3, paid=EMPTY, ended_by=0)


def bribe(d: VillageData, move: Bribe, events: list[Event]) -> VillageData:
    """The cards join the player's bribe (V-BRIBE-1..3), the token moves right one space
    per card (V-BRIBE-4..6), then the Dragon's refill starts with stall 3 (V-REFILL-1)."""
    p, t, cards = move.player, move.treasure, move.cards
    n, w = cards[t], cards[WILD]
    known = d.known[p]
    if known[t] or known[WILD]:
        known = put(put(known, t, max(0, known[t] - n)), WILD, max(0, known[WILD] - w))
    row = d.bribes[p]
    bribe_wilds = d.bribe_wilds
    if w:
        bribe_wilds = put(bribe_wilds, p, put(bribe_wilds[p], t, bribe_wilds[p][t] + w))
    track, moved = rules.raise_token(d.track, t, n + w)
    events += bribe_events(p, t, cards, row[t] == 0, moved)
    d = village_data(phase=REFILL, active=p, turn=d.turn, track=track,
                     hands=put(d.hands, p, minus(d.hands[p], cards)), known=put(d.known, p, known),
                     bribes=put(d.bribes, p, put(row, t, row[t] + n)), bribe_wilds=bribe_wilds,
                     stalls=d.stalls, deck=d.deck, discard=d.discard, refill_type=t,
                     next_stall=3, paid=EMPTY, ended_by=0)
    return _refill_known(d, events)


def _refill_known(d: VillageData, events: list[Event]) -> VillageData:
    """Deal the deck's known cards until the refill stops, the deck empties (V-REFILL-5)
    or chance must decide."""
    while d.deck.top:
        card = d.deck.top[0]
        d = deal(d, chance.draw(d.deck, card), card, events)
        if d.phase != REFILL:
            return d
    if not d.deck.unseen:
        events.append(Event("game-end", "V-REFILL-5",
                            "the deck runs out before the refill turns up "
                            f"{A_NAME[d.refill_type]} or a Wild: the game ends", d.active))
        return end_game(d, 1, events)
    return d


def deal(d: VillageData, deck: Deck, card: int, events: list[Event]) -> VillageData:
    """The refill deals `card` (taken from the deck, leaving `deck`) into the next stall
    (V-REFILL-1, V-REFILL-2); the bribed type or a Wild ends the refill and the turn
    (V-REFILL-3)."""
    stall = d.next_stall
    stalls = put(d.stalls, stall, put(d.stalls[stall], card, d.stalls[stall][card] + 1))
    if card == WILD or card == d.refill_type:
        events.append(deal_event(card, stall, True, d.active))
        return _turn_passes(d, track=d.track, hands=d.hands, known=d.known, stalls=stalls,
                            deck=deck)
    events.append(deal_event(card, stall, False, d.active))
    return village_data(phase=REFILL, active=d.active, turn=d.turn, track=d.track, hands=d.hands,
                        known=d.known, bribes=d.bribes, bribe_wilds=d.bribe_wilds, stalls=stalls,
                        deck=deck, discard=d.discard, refill_type=d.refill_type,
                        next_stall=rules.next_stall(stall), paid=EMPTY, ended_by=0)


def reveal(d: VillageData, card: int, events: list[Event]) -> VillageData:
    """The card luck turned up: dealt into the next stall (`deal`) or, after a Draw,
    taken into hand (V-DRAW-1)."""
    deck = chance.draw(d.deck, card)
    if d.phase == DRAW:
        return _take_top(d, deck, card, events)
    d = deal(d, deck, card, events)
    return d if d.phase != REFILL or deck.unseen else _refill_known(d, events)


def _take_top(d: VillageData, deck: Deck, card: int, events: list[Event]) -> VillageData:
    """The active player puts the drawn `card` in hand (V-DRAW-1); the turn passes."""
    p = d.active
    events.append(draw_event(p, card))
    hand = d.hands[p]
    return _turn_passes(d, track=d.track, hands=put(d.hands, p, put(hand, card, hand[card] + 1)),
                        known=d.known, stalls=d.stalls, deck=deck)


def draw(d: VillageData, p: int, events: list[Event]) -> VillageData:
    """Draw the top card (V-DRAW-1): known at once, else a chance step; from an empty
    deck the game ends (V-DRAW-3)."""
    deck = d.deck
    if deck.top:
        return _take_top(d, chance.draw(deck), deck.top[0], events)
    if deck.unseen:
        return d._replace(phase=DRAW)
    events.append(Event("game-end", "V-DRAW-3",
                        f"{seat_name(p)} chooses to draw from an empty deck: the game ends", p))
    return end_game(d, 2, events)


def buy(d: VillageData, move: Buy, events: list[Event]) -> VillageData:
    """Pay the stall's cost (V-MARKET-3, V-MARKET-4) and take all its cards (V-MARKET-5);
    the payment is discarded face up, and a paid visit is followed by a curse (V-CURSE-1).
    Stall 0 is free and ends the turn (V-MARKET-6)."""
    p, stall, pay = move.player, move.stall, move.payment
    got = d.stalls[stall]
    known = d.known[p]
    # paid cards leave the known ones first, then the stall's cards join them
    # (V-MARKET-5): per kind, max(known - paid, 0) + got
    known = traded(known, pay, got, floor=True) if any(known) else got
    hands, knowns = put(d.hands, p, traded(d.hands[p], pay, got)), put(d.known, p, known)
    stalls = put(d.stalls, stall, EMPTY)
    events.append(buy_event(p, stall, pay, got))
    if stall == 0:
        return _turn_passes(d, track=d.track, hands=hands, known=knowns, stalls=stalls,
                            deck=d.deck)
    return village_data(phase=CURSE, active=p, turn=d.turn, track=d.track, hands=hands,
                        known=knowns, bribes=d.bribes, bribe_wilds=d.bribe_wilds, stalls=stalls,
                        deck=d.deck, discard=plus(d.discard, pay), refill_type=-1, next_stall=3,
                        paid=pay, ended_by=0)


def curse(d: VillageData, move: Curse, events: list[Event]) -> VillageData:
    """The cursed token moves left one space per card paid (V-CURSE-2, V-CURSE-3); the
    turn passes."""
    t, spaces = move.treasure, sum(d.paid)
    track, moved = rules.lower_token(d.track, t, spaces)
    events.append(curse_event(move.player, t, moved, spaces))
    return _turn_passes(d, track=track, hands=d.hands, known=d.known, stalls=d.stalls,
                        deck=d.deck)


def end_game(d: VillageData, how: int, events: list[Event]) -> VillageData:
    """Stop at once (V-END-1) and add hand treasures to matching bribes (V-END-2)."""
    hands, known, bribes = list(d.hands), list(d.known), list(d.bribes)
    for p in range(len(hands)):
        moved = tuple(hands[p][t] if bribes[p][t] else 0 for t in range(6)) + (0,)
        if any(moved):
            hands[p] = tuple(h - m for h, m in zip(hands[p], moved))
            known[p] = tuple(min(k, h) for k, h in zip(known[p], hands[p]))
            bribes[p] = tuple(b + m for b, m in zip(bribes[p], moved))
            events.append(Event("transfer", "V-END-2",
                                f"{seat_name(p)} adds {describe_cards(moved)} from hand to "
                                "their bribes", p))
    return d._replace(hands=tuple(hands), known=tuple(known), bribes=tuple(bribes), phase=OVER,
                      refill_type=-1, next_stall=3, ended_by=how)
