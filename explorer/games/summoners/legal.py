"""Whose decision it is, the legal moves, one move's legality and the chances of Piri
Piri Summoners.

A turn runs in phases: "action" (choose cycle, draw, buy or pass), a chance phase when
the deck gives a card ("draw", "cycle-draw", "refill": all from the "deck" stream),
"play" (place a hand card after a draw or a buy), "summon" (the summon window, open
after every action) and "over". Placements are read from the frontier's limits kept in
the data (`grid`); the shared moves come from `fast`.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any, Final

from explorer.core import OVER, Pending, decision, luck, seat_name

from . import fast
from . import grid as g
from .cards import SPIRIT_DECK
from .data import SummonersData
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon

if TYPE_CHECKING:
    from .state import SummonersState

CHANCE_PHASES: Final = ("draw", "cycle-draw", "refill")
MAX_SEATS: Final = 4


# What a position waits for, made once per seat (the hot path builds no strings).
# The action prompt names no choice: which of cycle, draw, buy and pass a seat has
# depends on its mana, hand and the deck, and the move list names exactly those.
_ACTION: Final = tuple(decision(p, "action", "S-TURN-1", f"{seat_name(p)} chooses this turn's action")
                       for p in range(MAX_SEATS))
_PLAY: Final = tuple(decision(p, "play", "S-DRAW-1", f"{seat_name(p)} plays a hand card")
                     for p in range(MAX_SEATS))
_ASKED: Final = tuple(decision(p, "summon", "S-WINDOW-1",
                               f"{seat_name(p)} may summon a Spirit card or summon nothing")
                      for p in range(MAX_SEATS))
"""The summon window's decision of its asked seat [S-WINDOW-1] (the seats still to be
asked are `SummonersData.window`)."""
_LUCK: Final = {
    "draw": tuple(luck("deck", "S-DECK-2", f"the deck turns up a card for {seat_name(p)}'s draw")
                  for p in range(MAX_SEATS)),
    "cycle-draw": tuple(luck("deck", "S-DECK-2", f"the deck turns up a card for {seat_name(p)}'s cycle")
                        for p in range(MAX_SEATS)),
    "refill": (luck("deck", "S-DECK-2", "the deck turns up a card for the market refill"),)
    * MAX_SEATS,
}

SPIRIT_CARDS: Final = frozenset(SPIRIT_DECK)

CYCLE: Final = 0
REVEAL: Final = 1
PLAY: Final = 2
BUY: Final = 3
DECLINE: Final = 4
DRAW: Final = 5
SUMMON: Final = 6
PASS: Final = 7
KIND_OF: Final = {Cycle: CYCLE, Reveal: REVEAL, Play: PLAY, Buy: BUY, Decline: DECLINE,
                  Draw: DRAW, Summon: SUMMON, Pass: PASS}
"""Each move class's number: compiled, one lookup by type, where testing `kind is Cycle`
looks the class up among the module's names each time."""


def _actions(p: int, hand: tuple[str, ...], can_draw: bool, market: tuple[str, ...],
             pass_any_time: bool) -> tuple:
    """The turn's actions [S-TURN-1]: cycle each hand card [S-CYCLE-1], draw when allowed
    [S-DRAW-1] [S-DRAW-2], buy from each filled slot of the `market` (given only when
    the player has the mana) [S-BUY-1], and pass [S-PASS-1]; the moves are shared ones."""
    moves: list = fast.cycles(p, hand)
    if can_draw:
        moves.append(fast.draw(p))
    for slot, card in enumerate(market):
        if card:
            moves.append(fast.buy(p, slot, card))
    if pass_any_time or not moves:
        moves.append(fast.pass_(p))
    return tuple(moves)


def pending(state: "SummonersState") -> Pending:
    d: SummonersData = state.data
    phase = d.phase
    if phase == "action":                       # the commonest first
        return _ACTION[d.current]
    if phase == "play":
        return _PLAY[d.current]
    if phase == "summon":
        return _ASKED[d.window.seats[0]]
    if phase == "over":
        return OVER
    return _LUCK[phase][d.current]


def legal_moves(state: "SummonersState") -> tuple:
    d: SummonersData = state.data
    phase = d.phase
    if phase in CHANCE_PHASES:
        return tuple(fast.reveal(c) for c in dict.fromkeys(d.deck.unseen))
    if phase == "action":
        return _action_moves(state)
    if phase == "play":
        return _play_moves(state)
    return _summon_moves(state, d.window.seats[0])


def _action_moves(state: "SummonersState") -> tuple:
    d: SummonersData = state.data
    p = d.current
    return _actions(p, d.hands[p], _draw_allowed(state), d.market if d.mana[p] >= 1 else (),
                    state.game.options.pass_any_time)


def _draw_allowed(state: "SummonersState") -> bool:
    d: SummonersData = state.data
    if not d.deck.empty:
        return True
    return not state.game.options.draw_needs_deck and bool(d.hands[d.current])


def _play_moves(state: "SummonersState") -> tuple:
    """Every placement of every hand card, by card then cell.

    Only frontier cells are tried, each with its per-suit limit kept incrementally in
    the state (`SummonersData.limits`): a number must beat its suit's limit
    [S-PLACE-4], an Ace only needs no stronger Spirit [S-ACE-1], a Joker goes on any
    of them [S-JOKER-1]. An Ace may also go on top of any card but a Spirit [S-ACE-2].
    The moves are the shared ones of `fast.plays_on`, read by cell number in one
    loop over the cells' limits (four bytes a cell).
    """
    d: SummonersData = state.data
    p = d.current
    limits: bytes = d.limits[1]
    pick = fast.plays_on(d.limits[0])
    numbers = pick.numbers
    moves: list = []
    for card in d.hands[p]:
        table = pick.table(p, card)
        if card[0] == "X":
            for n in numbers:
                moves.append(table[n])
            continue
        k = g.SUIT_INDEX[card[0]]
        rank = g.PLACING_RANK[card]
        for n in numbers:
            if limits[k] < rank:
                moves.append(table[n])
            k += 4
        if card[1] == "A":
            moves.extend(_aces_over(state, p, card, pick))
    return tuple(moves)


def _aces_over(state: "SummonersState", p: int, card: str, pick: fast.Picker) -> list:
    """An Ace on top of each card but a Spirit [S-ACE-2] (beside no Spirit of its
    stronger suit, when option `ace_on_top_free` is off) [S-ACE-3]: the shared moves
    of `pick`'s numbering (every card lies on a cell once listed as frontier)."""
    free = state.game.options.ace_on_top_free
    numbering = pick.numbering
    numbers: list[int] = []
    row: tuple    # each (x, y, card) read by index: compiled, unpacking one into three
    for row in state.data.grid:             # names walks an iterator over it
        under: str = row[2]
        if under in SPIRIT_CARDS:
            continue
        x: int = row[0]
        y: int = row[1]
        if free or g.placement_problem(state.cells, (), card, (x, y), True, False) is None:
            numbers.append(numbering.number_of(g.cell_code(x, y)))
    table = pick.table(p, card, True)
    return [table[n] for n in numbers]


def summons(state: "SummonersState", player: int) -> list:
    d: SummonersData = state.data
    moves: list = []
    if d.mana[player] >= 2:
        kos = state.game.options.king_over_spirits
        mine = d.spirits[player]
        for cell, spirit in sorted(site for site in d.sites if site[1] in mine):
            moves.extend(Summon(player, spirit, cell, using)
                         for using in g.sites_at(state.cells, cell, spirit, kos))
    return moves


def _summon_moves(state: "SummonersState", player: int) -> tuple:
    return tuple(summons(state, player)) + (fast.decline(player),)


def is_legal(state: "SummonersState", move: Any) -> bool:   # Any: a Move of any kind, read by its type
    """Whether `move` is legal, answered from the move alone: a card in hand, a cell's
    limits, a site on the table; no list of every legal move is built. A move that is
    one of the legal moves already listed never gets here: `State` finds it among
    them by identity first."""
    d: SummonersData = state.data
    phase = d.phase
    kind = KIND_OF.get(type(move), -1)
    if phase in CHANCE_PHASES:
        if kind != REVEAL:
            return False
        unseen = d.deck.unseen
        i = bisect_left(unseen, move.card)
        return i < len(unseen) and unseen[i] == move.card
    seat = pending(state).seat
    if kind == REVEAL or seat is None or move.player != seat:
        return False
    if phase == "action":
        if kind == CYCLE:
            return move.card in d.hands[seat]
        if kind == DRAW:
            return _draw_allowed(state)
        if kind == BUY:
            return (d.mana[seat] >= 1 and 0 <= move.slot < len(d.market)
                    and d.market[move.slot] == move.card and move.card != "")
        if kind == PASS:
            return state.game.options.pass_any_time or (
                not d.hands[seat] and not _draw_allowed(state)
                and (d.mana[seat] < 1 or not any(d.market)))
        return False
    if phase == "play":
        return kind == PLAY and move.card in d.hands[seat] and _placeable(state, move)
    if kind == DECLINE:
        return True
    if kind != SUMMON or move.card not in d.spirits[seat] or d.mana[seat] < 2:
        return False
    if (move.cell, move.card) not in d.sites:
        return False
    kos = state.game.options.king_over_spirits
    return move.using in tuple(g.sites_at(state.cells, move.cell, move.card, kos))


def _placeable(state: "SummonersState", move: Play) -> bool:
    """A hand card's placement, checked against the cell's limits."""
    card, cell = move.card, move.cell
    if move.over:
        if card[1] != "A":
            return False
        under = state.cells.get(cell)
        if under is None or under in SPIRIT_CARDS:
            return False
        return state.game.options.ace_on_top_free or g.placement_problem(
            state.cells, (), card, cell, True, False) is None
    d: SummonersData = state.data
    codes = d.limits[0]
    code = g.cell_code(cell[0], cell[1])
    i = bisect_left(codes, code)
    if i == len(codes) or codes[i] != code:        # not a frontier cell
        return False
    limits: bytes = d.limits[1]
    if card[0] == "X":
        return True
    return limits[4 * i + g.SUIT_INDEX[card[0]]] < g.PLACING_RANK[card]


def chance_outcomes(state: "SummonersState") -> tuple:
    d: SummonersData = state.data
    if d.phase not in CHANCE_PHASES:
        return ()
    return d.deck.outcomes(fast.reveal)


def sample_chance(state: "SummonersState", rng: random.Random) -> Reveal:
    d: SummonersData = state.data
    card: Any = d.deck.sample(rng)      # a card: the deck holds strings
    return fast.reveal(card)
