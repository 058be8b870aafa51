"""Applying one Lying Pirates move: a handler per kind of move works on a `Work` copy of
the position, then the round runs on until somebody must decide or luck must speak.

The handlers are looked up by the move's type (one dict look-up per play, instead of a
chain of tests: this runs at every step of every simulated game).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Final, cast

from explorer.core import Event
from explorer.core.chance import canonical
from explorer.core.pending import seat_name
from explorer.core.tuples import put
from explorer.core.words import counted

from . import moves as m
from .data import (
    BOUGHT,
    FINAL_CARD,
    FINAL_REROLLED,
    REROLLED,
    BattleRoll,
    CupRoll,
    DieRoll,
    Draw,
    Frame,
    Pick,
    PiratesData,
    Reroll,
    Task,
    Window,
    new_bid,
    new_cup_roll,
    new_reroll,
    rolled_battle,
    rolled_die,
)
from .dice import CREW_DICE, bid_text
from .influence import buy_influence, influence_deal, keep_card, play_influence
from .moves import CupDie
from .round import CURSED, Work, cup_of, held_count
from .setup_steps import draft_pass, place_tile
from .towns import designate, move_town, place_town, return_influence

if TYPE_CHECKING:
    from .state import PiratesState


def below(stack: tuple[Frame, ...], kinds: tuple[type, ...]) -> int:
    """The index of the highest frame of one of the classes `kinds`."""
    for i in range(len(stack) - 1, -1, -1):
        if isinstance(stack[i], kinds):
            return i
    raise ValueError("no such frame")


def apply(state: "PiratesState", move: Any) -> tuple[PiratesData, tuple[Event, ...]]:
    """The data after a legal `move`, and the events it caused."""
    if type(move) is CupDie:
        return cup_die(state, move)
    w = Work(state.game, state.data)
    HANDLERS[type(move)](w, move)
    w.settle()
    return w.freeze()


# ---------------------------------------------------------------------- luck
def _die_rolled_event(p: int, die: str, face: Any) -> tuple[Event, ...]:
    return (Event("cup", "P-BET-ROLL", f"{seat_name(p)} rolls a {face} ({die} die) under their cup", p, (p,),
                  f"{seat_name(p)} rolls a die under their cup (hidden)"),)


_DIE_ROLLED: Final = {(p, name, face): _die_rolled_event(p, name, face)
                      for p in m.SEATS for name, die in CREW_DICE.items() for face in die.faces}
"""The event of one die rolled under P`p`'s cup, by (seat, die, face), made once
(events are values)."""


def cup_die(state: "PiratesState", move: m.CupDie) -> tuple[PiratesData, tuple[Event, ...]]:
    """One die under a cup [P-BET-ROLL], seen by its owner only. The cup's frame keeps
    the faces rolled so far; with its last die the cup is rolled, its normal
    dice in face order (equal rolls compare equal), and the round goes on."""
    d: PiratesData = state.data
    p, face = move.player, move.face
    top = d.stack[-1]
    assert isinstance(top, CupRoll)
    faces = top.faces + (face,)
    crew = d.crew[p]
    w = Work(state.game, state.data)
    if len(faces) < crew + held_count(d.specials, p):
        w.stack = d.stack[:-1] + (new_cup_roll(seat=p, faces=faces),)
        return w.freeze()[0], _DIE_ROLLED[p, move.die, face]
    names = w.names(p)
    faces = canonical(cup_of(names), faces)
    w.stack = w.stack[:-1]
    w.cups = put(w.cups, p, tuple(zip(names, faces)))
    w.say("cup", "P-BET-ROLL", f"{seat_name(p)} rolls their cup: {faces_text(faces)} (the last "
                               f"die, {move.die}, shows {face})", p,
          (p,), f"{seat_name(p)} has rolled their cup (hidden)")
    w.settle()
    return w.freeze()


_FACES_TEXT: Final[dict[tuple, str]] = {}
"""A rolled cup's faces as text, by faces (a few thousand cups at most: multisets of the
normal dice, then the specials)."""


def faces_text(faces: tuple) -> str:
    """"1 2 2 5 X": the faces of a rolled cup, as its event tells them."""
    text = _FACES_TEXT.get(faces)
    if text is None:
        text = _FACES_TEXT[faces] = " ".join(map(str, faces))
    return text


def roll(w: Work, move: m.Roll) -> None:
    """A die of the sail or action phase, a battle die, or a paid re-roll."""
    top = w.stack[-1]
    face = move.face
    if isinstance(top, DieRoll):
        w.stack = w.stack[:-1] + (rolled_die(top, face),)
        if top.name == "sail":
            w.sail = int(face)
            w.say("sail", "P-SAIL-1", f"{seat_name(top.owner)} rolls the sail die: {face}", top.owner)
        else:                                     # told as it falls, like the other dice
            w.say("die", "P-TILE-1", f"{seat_name(top.owner)} rolls the {top.name} die: {face}", top.owner)
        return
    if isinstance(top, BattleRoll):
        seats, faces = top.seats, top.faces
        i = faces.index(None)
        w.stack = w.stack[:-1] + (rolled_battle(top, put(faces, i, face)),)
        w.say("battle", "P-BATTLE-1", f"{seat_name(seats[i])} rolls {face}", seats[i])
        return
    assert isinstance(top, Reroll)
    p = top.seat
    w.stack = w.stack[:-1]
    i = below(w.stack, (DieRoll, BattleRoll))
    fr = w.stack[i]
    if isinstance(fr, DieRoll):
        w.stack = put(w.stack, i, rolled_die(fr, face))
        if fr.name == "sail":
            w.sail = int(face)
    else:
        assert isinstance(fr, BattleRoll)
        j = fr.seats.index(p)
        w.stack = put(w.stack, i, rolled_battle(fr, put(fr.faces, j, face)))
    w.say("reroll", "P-REROLL", f"{seat_name(p)}'s re-roll: {face}", p)


def deal(w: Work, move: m.Deal) -> None:
    p = cast(Draw, w.stack[-1]).seat
    w.deck = w.deck.draw(move.card)
    w.stack = w.stack[:-1]
    w.give_card(p, move.card)


def snatch(w: Work, move: m.Snatch) -> None:
    w.stack = w.stack[:-1]
    w.drop_card(move.player, move.card)
    w.say("discard", "P-EFFECTS", f"{seat_name(move.player)} discards {w.card_name(move.card)} at random", move.player)


# ---------------------------------------------------------------------- betting
def bid(w: Work, move: m.Bid) -> None:
    p = move.player
    before = w.bids[-1].seat if w.bids else p
    w.bids += (new_bid(quantity=move.quantity, face=move.face, seat=p),)
    what = bid_text(move.quantity, move.face)
    if move.exact:
        w.say("bid", "P-EXACT-1", f"{seat_name(p)} bids {what} and locks it as exact", p)
        w.judge("exact", p, move.quantity, move.face, p, before)
    else:
        w.say("bid", "P-BID-RAISE" if len(w.bids) > 1 else "P-BID-OPEN", f"{seat_name(p)} bids {what}", p)
        w.turn = w.next_after(p, w.betting)


def liar(w: Work, move: m.Liar) -> None:
    last = w.bids[-1]
    q, f, b = last.quantity, last.face, last.seat
    w.say("liar", "P-LIAR", f"{seat_name(move.player)} calls Liar on {seat_name(b)}'s {bid_text(q, f)}", move.player)
    w.judge("liar", move.player, q, f, b, b)


def exact(w: Work, move: m.Exact) -> None:
    last = w.bids[-1]
    q, f, b = last.quantity, last.face, last.seat
    w.say("exact", "P-EXACT-1", f"{seat_name(move.player)} locks {seat_name(b)}'s {bid_text(q, f)} as exact", move.player)
    w.judge("exact", move.player, q, f, b, b)


# ---------------------------------------------------------------------- windows and turns
def reroll(w: Work, move: m.Reroll) -> None:
    p = move.player
    top = w.stack[-1]
    assert isinstance(top, Window)
    w.pay(p, w.param(p, "reroll_cost"))
    if top.window == "final":
        i = below(w.stack, (BattleRoll,))
        b = w.stack[i]
        assert isinstance(b, BattleRoll)
        k = b.seats.index(p)
        flags = put(b.flags, k, b.flags[k] + FINAL_REROLLED)
        w.stack = put(w.stack, i, b._replace(flags=flags))
    else:
        w.flag(p, REROLLED)
        w.decline()
    fr = w.stack[below(w.stack, (DieRoll, BattleRoll))]
    die = f"{fr.name} die" if isinstance(fr, DieRoll) else "battle die"
    cost = w.param(p, "reroll_cost")
    w.say("reroll", "P-REROLL" if top.window != "final" else "P-FINAL-3",
          f"{seat_name(p)} pays {counted(cost, 'coin')} to re-roll their {die}" if cost else
          f"{seat_name(p)} re-rolls their {die} for free", p)
    w.stack += (new_reroll(seat=p),)


def keep(w: Work, move: m.Keep) -> None:
    w.decline()


def play_card(w: Work, move: m.PlayCard) -> None:
    p = move.player
    top = w.stack[-1] if w.stack else None
    if isinstance(top, Window):
        if top.window == "final":
            i = below(w.stack, (BattleRoll,))
            b = w.stack[i]
            assert isinstance(b, BattleRoll)
            k = b.seats.index(p)
            flags = put(b.flags, k, b.flags[k] + FINAL_CARD)
            w.stack = put(w.stack, i, b._replace(flags=flags))
            w.play_card(p, move.card, final=True)
        else:
            w.decline()
            w.play_card(p, move.card)
    else:
        w.end_turn(False)
        w.play_card(p, move.card)


def target(w: Work, move: m.Target) -> None:
    top = w.stack[-1]
    assert isinstance(top, Task)
    w.say("target", "P-TARGET", f"{seat_name(move.player)} aims at {seat_name(move.seat)}", move.player)
    w.stack = w.stack[:-1] + (top._replace(target=move.seat),)


def buy(w: Work, move: m.Buy) -> None:
    p = move.player
    cost = w.param(p, "card_cost" if BOUGHT in w.used[p] else "first_card_cost")
    w.pay(p, cost)
    w.flag(p, BOUGHT)
    w.say("buy", "P-BUY", f"{seat_name(p)} pays {cost} coins for a card", p)
    if not (w.stack and isinstance(w.stack[-1], Window)):   # in a sail window the seat is asked again
        w.end_turn(False)
    if w.param(p, "draw_two"):                          # draw two, keep one [P-COG-VAR-DRAW2]
        w.stack += (Pick(kind="pick", seat=p, deck="action", drawn=()),)
        w.draw_frame(p)
    w.draw_frame(p)


def pass_curse(w: Work, move: m.PassCurse) -> None:
    p = move.player
    w.say("curse", "P-CURSE-PASS", f"{seat_name(p)} sacrifices 2 crew dice and passes the cursed "
                                   f"die to {seat_name(move.seat)}", p)
    w.pay_crew(p, 2, "P-CURSE-PASS")
    w.take_special(move.seat, CURSED, "P-CURSE-PASS", told=True)   # the 10-dice limit [P-CREW-MAX]
    if not (w.stack and isinstance(w.stack[-1], Window)):   # in a sail window the seat is asked again
        w.end_turn(False)


def pass_(w: Work, move: m.Pass) -> None:
    if w.stack and isinstance(w.stack[-1], Window):
        w.decline()
    else:
        w.say("pass", "P-ACT-ORDER", f"{seat_name(move.player)} passes", move.player)
        w.end_turn(True)


def cargo(w: Work, move: m.Cargo) -> None:
    p = move.player
    w.stack = w.stack[:-1]
    if move.what == "coin":
        w.lose_coins(p, 1, "P-CARGO")
    elif move.what == "crew":
        w.lose_crew(p, 1, "P-CARGO")
    else:
        discard_card(w, p, move.what, "P-CARGO")


def discard(w: Work, move: m.Discard) -> None:
    w.stack = w.stack[:-1]
    discard_card(w, move.player, move.card, "P-EFFECTS")


def discard_card(w: Work, p: int, card: str, rule: str) -> None:
    w.drop_card(p, card)
    w.say("discard", rule, f"{seat_name(p)} discards {w.card_name(card)}", p)


# ---------------------------------------------------------------------- last steps
def step(w: Work, move: m.Step) -> None:
    p = move.player
    if w.stage == "step alone":
        w.sacrifice_step(p, "P-STEPS-1")
        w.stage = "steps"
    else:
        w.say("agree", "P-STEPS-2", f"{seat_name(p)} agrees to step together", p)
        w.decline()


def stop(w: Work, move: m.Stop) -> None:
    p = move.player
    if w.stage == "together":
        w.stack = w.stack[:-1]
        w.group = ()
        w.say("stop", "P-STEPS-2", f"{seat_name(p)} will not step: nobody tied for last steps", p)
    else:
        w.say("stop", "P-STEPS-1", f"{seat_name(p)} takes no more steps", p)
    w.stage = "round end"


HANDLERS: Final[dict[type, Callable[[Work, Any], None]]] = {
    m.Roll: roll, m.Deal: deal, m.Snatch: snatch, m.Bid: bid,
    m.Liar: liar, m.Exact: exact, m.Reroll: reroll, m.Keep: keep, m.PlayCard: play_card,
    m.Target: target, m.Buy: buy, m.PassCurse: pass_curse, m.Pass: pass_, m.Cargo: cargo,
    m.Discard: discard, m.Step: step, m.Stop: stop, m.DraftPass: draft_pass,
    m.PlaceTile: place_tile, m.PlaceTown: place_town, m.MoveTown: move_town,
    m.Designate: designate, m.ReturnInfluence: return_influence, m.KeepCard: keep_card,
    m.PlayInfluence: play_influence, m.BuyInfluence: buy_influence, m.InfluenceDeal: influence_deal,
}
"""One handler per move type (`moves.MOVE_TYPES`)."""
