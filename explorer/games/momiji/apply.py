"""Playing a legal move of Momiji: one handler per kind of move, (state, data, move,
events so far) -> the data after the move, then the dealing, the end of a turn and the
next turn. Each step rebuilds the position once (`data.changed`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import chance
from ...core.events import Event
from ...core.move import Move
from ...core.pending import seat_name
from ...core.tuples import put
from . import draft as DR
from . import moves as M
from . import narration as N
from . import rules as R
from .cards import TYPES, Card, describe, left, name, right, type_of, value_of, with_cards, without
from .data import MomijiData, changed
from .legal import passing
from .moves import Deal, Play, Stop
from .rules import (
    ACT,
    AFTER,
    COLLECT,
    DEAL,
    F_BRIDGE,
    F_COLLECTED,
    F_MAIN,
    F_POWER,
    F_STEPS,
    F_TRADED,
    GIVE,
    GUST,
    LIMIT,
    LTAKE,
    OVER,
    PLACE,
    PLAY,
    POND,
    TO_POND,
    TO_REFILL,
    TO_REVEAL,
    TRADE,
)

if TYPE_CHECKING:
    from .state import MomijiState


def _forget(known: tuple[tuple[Card, ...], ...], p: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    """The known cards once `card` leaves seat `p`'s hand (M-HIDDEN-5): one known copy
    goes, if any. Copies of a card are identical, so whichever copy was really played,
    the hand left is the known rest plus the unknown rest: leaving reveals nothing more."""
    mine = known[p]
    return put(known, p, without(mine, card)) if card in mine else known


def _back(d: MomijiData) -> int:
    """The step an extra returns to once done: the Play it interrupted (only with
    extras_timing="anytime", M-EXTRA-4), "after" once the main action is done, the
    Collect a paid reveal began (again only "anytime"), else "act"."""
    if d.play:
        return PLAY
    if d.flags & F_MAIN:
        return AFTER
    if d.reveals:
        return COLLECT
    return ACT


def apply(state: "MomijiState", move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
    ev: list[Event] = []
    return _HANDLERS[type(move)](state, state.data, move, ev), tuple(ev)


# one handler per kind of move: (state, data, move, events so far) -> data after the move
def _on_deal(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    d = _dealt(state, d, move.card, ev)
    if d.deal > 0 and chance.needs_luck(d.deck):     # the next card is luck again
        return d
    return _run_deals(state, d, ev)


def _on_collect(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    t = move.type
    got = tuple(c for c in d.garden if type_of(c) == t)
    ev.append(N.collected(p, got))
    return changed(d, garden=tuple(c for c in d.garden if type_of(c) != t),
                   hands=put(d.hands, p, with_cards(d.hands[p], *got)),
                   known=put(d.known, p, with_cards(d.known[p], *got)),
                   flags=d.flags | F_MAIN | F_COLLECTED, step=AFTER)


def _on_reveal(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    cards = min(4, d.deck.size)
    ev.append(N.revealed(p, cards))
    d = changed(d, acorns=put(d.acorns, p, d.acorns[p] - 1), reveals=d.reveals + 1,
                deal=cards, deal_to=TO_REVEAL)
    return _run_deals(state, d, ev)


def _on_place(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    row = list(d.rows[p])
    pile = row.pop()
    row.insert(move.index, pile)
    ev.append(Event("place", "M-PLAY-6", f"{seat_name(p)} puts the new {TYPES[move.type]} pile at "
                                         f"place {move.index + 1} of the row", p))
    return changed(d, rows=put(d.rows, p, tuple(row)), step=PLAY)


def _on_activate(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    i = d.objectives.index(move.key)
    ev.append(Event("activate", "M-OBJ-1", f"{seat_name(p)} pays 3 acorns and activates the objective "
                                           f"{state.game.objective_name(move.key, d.types)}", p))
    return changed(d, acorns=put(d.acorns, p, d.acorns[p] - R.ACORNS_FOR_OBJECTIVE),
                   owners=put(d.owners, i, p), flags=d.flags | F_MAIN, step=AFTER)


def _on_trade(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    card = move.card
    hands = put(d.hands, p, without(d.hands[p], card))
    known = _forget(d.known, p, card)
    discard = with_cards(d.discard, card)
    if d.step == TRADE:
        ev.append(N.traded(p, card, True))
        return changed(d, hands=hands, known=known, discard=discard, acorns=_gained(state, d, p, 1),
                       step=_back(d))
    ev.append(N.traded(p, card, False))
    return changed(d, hands=hands, known=known, discard=discard, step=TRADE, flags=d.flags | F_TRADED)


def _on_give(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    card = move.card
    ev.append(Event("give", "M-POWER-F", f"{seat_name(p)} puts {name(card)} into the Garden", p))
    return changed(d, hands=put(d.hands, p, without(d.hands[p], card)), known=_forget(d.known, p, card),
                   garden=with_cards(d.garden, card), step=LTAKE)


def _on_swap(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    """Lantern (M-POWER-F): the hand card goes into the Garden face up, the Garden
    card into the hand, where everybody knows it (M-HIDDEN-5)."""
    p = d.active
    give, take = move.give, move.take
    ev.append(Event("swap", "M-POWER-F", f"{seat_name(p)} puts {name(give)} into the Garden and takes "
                                         f"{name(take)} (Lantern)", p))
    known = _forget(d.known, p, give)
    return changed(d, hands=put(d.hands, p, with_cards(without(d.hands[p], give), take)),
                   known=put(known, p, with_cards(known[p], take)),
                   garden=with_cards(without(d.garden, take), give), step=_back(d))


def _on_discard(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    card = move.card
    ev.append(N.discarded(p, card))
    d = changed(d, hands=put(d.hands, p, without(d.hands[p], card)), known=_forget(d.known, p, card),
                discard=with_cards(d.discard, card))
    if len(d.hands[p]) <= R.HAND_LIMIT:
        return _finish_turn(state, d, ev)
    return d


def _on_pick(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    """Seat `p` keeps a landscape face down (M-DRAFT-1); when the round is complete
    the hands pass on, and after three rounds every seat's landscapes are shown and
    the first turn begins (M-DRAFT-2)."""
    p = d.active
    n = len(d.hands)
    cat = state.game.catalogue
    mark = " (stand-in)" if cat.stand_in else ""
    letter = move.letter
    who = seat_name(p)
    lands = put(d.lands, p, d.lands[p] + (letter,))
    ev.append(Event("draft", "M-DRAFT-1", f"{who} keeps {letter} {cat.powers[letter].name}{mark} face down",
                    p, (p,), f"{who} keeps a landscape face down"))
    first = state.game.options.first_player
    nxt = (p + 1) % n
    if nxt != first:
        return changed(d, lands=lands, active=nxt)
    done = len(lands[p])
    if done < DR.ROUNDS:
        what = ("every player passes the rest of their hand to the next seat; " if passing(state) else "")
        ev.append(Event("draft", "M-DRAFT-1", f"{what}round {done + 1} of {DR.ROUNDS} of the draft", None))
        return changed(d, lands=lands, active=nxt)
    lands = tuple(tuple(sorted(x)) for x in lands)
    shown = "; ".join(f"{seat_name(q)} " + ", ".join(f"{x} {cat.powers[x].name}" for x in lands[q])
                      for q in range(n))
    ev.append(Event("draft", "M-DRAFT-2", f"the draft is over and the landscapes are shown{mark}: {shown}",
                    None))
    return changed(d, lands=lands, active=first, step=ACT)


def _on_end(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    ev.append(N.ended(d.active))
    return _end_turn(state, d, ev)


def _gained(state: "MomijiState", d: MomijiData, p: int, n: int) -> tuple[int, ...]:
    """The acorns after seat `p` gains `n` from the supply, as many as it holds (M-COMP-3)."""
    cap = state.game.options.acorn_supply
    if cap is not None:
        n = max(0, min(n, cap - sum(d.acorns)))
    return put(d.acorns, p, d.acorns[p] + n)


def _on_play(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    card = move.card
    p = d.active
    who = seat_name(p)
    t = type_of(card)
    row = d.rows[p]
    i = R.pile_of(row, t)
    flags = d.flags | F_MAIN
    new_pile = i < 0
    if new_pile:
        row = row + ((card,),)
    else:
        old = R.top(row[i])
        if value_of(card) == old + 2:
            flags &= ~F_BRIDGE
            ev.append(Event("power", "M-POWER-C", f"{who} bridges from {old} to {value_of(card)}", p))
        row = put(row, i, row[i] + (card,))
    ev.append(N.played(p, card, new_pile))
    supply, torii, ending = d.supply, d.torii, d.ending
    if value_of(card) == 3:
        if supply > 0:
            supply -= 1
            torii = put(torii, p, torii[p] + 1)
            ev.append(Event("torii", "M-PLAY-4", f"{who} closes the {TYPES[t]} pile with a torii "
                                                 f"({supply} left)", p))
            if supply == 0 and not ending:
                ending = 2
                ev.append(Event("end-trigger", "M-END-1", "the last torii is taken: the game is ending", p))
        else:
            ev.append(Event("torii", "M-PLAY-5", f"{who} closes the {TYPES[t]} pile; no torii is left", p))
    step = PLACE if new_pile and state.game.options.new_piles == "any" and len(row) > 1 else PLAY
    return changed(d, hands=put(d.hands, p, without(d.hands[p], card)), known=_forget(d.known, p, card),
                   rows=put(d.rows, p, row), flags=flags, play=d.play + (t,), supply=supply,
                   torii=torii, ending=ending, step=step)


def _on_stop(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    p = d.active
    acorns = d.acorns
    if len(set(d.play)) >= 2:
        row = d.rows[p]
        pairs = [(a[-1], b[-1]) for a, b in zip(row, row[1:]) if right(a[-1]) and left(b[-1])]
        if pairs:
            acorns = _gained(state, d, p, 2 * len(pairs))
            got = N.counted(acorns[p] - d.acorns[p], "acorn")
            where = "; ".join(f"{name(a)} and {name(b)}" for a, b in pairs)
            ev.append(Event("harvest", "M-PLAY-7", f"{seat_name(p)} harvests {got} from facing acorns "
                                                   f"on the tops of {where}", p))
    return changed(d, acorns=acorns, play=(), step=AFTER)


def _on_power(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    letter = move.letter
    p = d.active
    entry = state.game.catalogue.powers[letter]
    effect = entry.effect
    cost = state.game.options.power_cost
    d = changed(d, acorns=put(d.acorns, p, d.acorns[p] - cost),
                used=put(d.used, p, tuple(sorted(d.used[p] + (letter,)))), flags=d.flags | F_POWER)
    price = "nothing" if cost == 0 else N.counted(cost, "acorn")
    mark = " (stand-in)" if state.game.catalogue.stand_in else ""
    ev.append(Event("power", entry.rule, f"{seat_name(p)} pays {price} for {letter} {entry.name}{mark}: "
                                         f"{entry.text}", p))
    back = _back(d)
    if effect == "gust":
        return changed(d, step=GUST)
    if effect == "steps":
        return changed(d, flags=d.flags | F_STEPS, step=back)
    if effect == "bridge":
        return changed(d, flags=d.flags | F_BRIDGE, step=back)
    if effect == "tea":
        return changed(d, acorns=_gained(state, d, p, 2), step=back)
    if effect == "koi":
        return _run_deals(state, changed(d, deal=min(3, d.deck.size), deal_to=TO_POND), ev)
    return changed(d, step=GIVE)


def _on_take(state: "MomijiState", d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
    card = move.card
    p = d.active
    who = seat_name(p)
    back = _back(d)
    hands = put(d.hands, p, with_cards(d.hands[p], card))
    if d.step != POND:     # from the Garden, face up: everybody knows it is in the hand
        rule = "M-POWER-A" if d.step == GUST else "M-POWER-F"
        ev.append(Event("take", rule, f"{who} takes {name(card)} from the Garden", p))
        return changed(d, hands=hands, known=put(d.known, p, with_cards(d.known[p], card)),
                       garden=without(d.garden, card), step=back)
    rest = without(d.pond, card)
    ev.append(Event("take", "M-POWER-E", f"{who} takes {name(card)} and puts {describe(rest)} back on top",
                    p, (p,), f"{who} takes one card into hand and puts {N.counted(len(rest), 'card')} back on top "
                       "of the deck"))
    peek = len(rest) + (d.peek if d.peek_seat == p else 0)
    deck = d.deck._replace(top=rest + d.deck.top)
    d = changed(d, hands=hands, pond=(), deck=deck, peek=peek if peek else 0,
                peek_seat=p if peek else -1, step=back)
    return _deck_check(state, d, ev)


def _dealt(state: "MomijiState", d: MomijiData, card: Card, ev: list[Event]) -> MomijiData:
    """The next deck card, `card`, goes where the deal goes (M-DECK-1)."""
    peek, peek_seat = d.peek, d.peek_seat
    if d.deck.top and peek:
        peek -= 1
        if not peek:
            peek_seat = -1
    deck = chance.draw(d.deck, card)
    if d.deal_to == TO_POND:
        p = d.active
        ev.append(Event("look", "M-POWER-E", f"{seat_name(p)} looks at {name(card)}", p, (p,),
                        f"{seat_name(p)} looks at a card of the deck"))
        return changed(d, deck=deck, deal=d.deal - 1, peek=peek, peek_seat=peek_seat, pond=d.pond + (card,))
    ev.append(N.dealt("M-COLLECT-2" if d.deal_to == TO_REVEAL else "M-REFILL-1", card, d.active))
    return changed(d, deck=deck, deal=d.deal - 1, peek=peek, peek_seat=peek_seat, garden=with_cards(d.garden, card))


def _run_deals(state: "MomijiState", d: MomijiData, ev: list[Event]) -> MomijiData:
    """Deal known cards until the deal is done or luck must decide."""
    while d.deal > 0:
        deck = d.deck
        if deck.empty:
            d = changed(d, deal=0)
            break
        if chance.needs_luck(deck):
            return d if d.step == DEAL else changed(d, step=DEAL)
        card = chance.known_next(deck)
        if not isinstance(card, int):
            raise AssertionError("a known card was asked of a deck that needs luck")
        d = _dealt(state, d, card, ev)
    if d.deal_to == TO_POND:
        return changed(d, step=POND)
    d = _deck_check(state, d, ev)
    if d.deal_to == TO_REVEAL:
        return changed(d, step=COLLECT)
    return _next_turn(state, d, ev)


def _deck_check(state: "MomijiState", d: MomijiData, ev: list[Event]) -> MomijiData:
    if d.deck.empty and not d.ending:
        ev.append(Event("end-trigger", "M-END-1", "the deck is empty: the game is ending", d.active))
        return changed(d, ending=1)
    return d


def _end_turn(state: "MomijiState", d: MomijiData, ev: list[Event]) -> MomijiData:
    if len(d.hands[d.active]) > R.HAND_LIMIT:
        return changed(d, step=LIMIT)
    return _finish_turn(state, d, ev)


def _finish_turn(state: "MomijiState", d: MomijiData, ev: list[Event]) -> MomijiData:
    """After the hand limit: refill the Garden (M-REFILL-1), then the next turn."""
    if d.ending and state.game.options.end == "immediate":
        return _next_turn(state, d, ev)
    need = max(0, state.game.options.garden_size - len(d.garden))
    deal = min(need, d.deck.size)
    if deal and chance.needs_luck(d.deck):      # the first card of the refill is luck
        return changed(d, deal=deal, deal_to=TO_REFILL, step=DEAL)
    return _run_deals(state, changed(d, deal=deal, deal_to=TO_REFILL), ev)


def _next_turn(state: "MomijiState", d: MomijiData, ev: list[Event]) -> MomijiData:
    n = len(d.hands)
    nxt = (d.active + 1) % n
    opts = state.game.options
    if d.ending and (opts.end == "immediate" or nxt == opts.first_player):
        why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
        rule = "M-END-2"
        how = ("every player has had as many turns, so the game ends" if opts.end == "finish_round"
               else "the game ends with this turn")
        ev.append(Event("game-end", rule, f"{why}: {how}", None))
        return changed(d, step=OVER, deal=0, play=(), flags=0)
    return changed(d, step=ACT, active=nxt, turn=d.turn + 1, flags=0, reveals=0, play=(), deal=0)


_HANDLERS = {Deal: _on_deal, M.Collect: _on_collect, M.Reveal: _on_reveal,
             Play: _on_play, Stop: _on_stop, M.Place: _on_place,
             M.Activate: _on_activate, M.Trade: _on_trade, M.Power: _on_power,
             M.Take: _on_take, M.Give: _on_give, M.Discard: _on_discard,
             M.End: _on_end, M.Pick: _on_pick, M.Swap: _on_swap}
"""The handler of each kind of move (`MomijiState._apply`)."""
