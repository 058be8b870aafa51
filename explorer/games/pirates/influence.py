"""Cities of Greed in play: influence cards (bought, drawn, played for a town's attack or
bonus), the "draw two, keep one" variant, and the mayor die revealed after betting.

Frames (see `data`):

    ("idraw", seat)                 the influence deck gives the seat a card (stream
                                    "influence deck")
    ("pick", seat, deck, drawn)     "draw two, keep one": the cards drawn so far (deck
                                    "action" or "influence"), seen by the seat only
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.pending import seat_name
from explorer.core.tuples import put

from . import moves as m
from .catalogue import Cargo, Target
from .cities import MAYOR, in_town
from .data import Draw, Frame, InfluenceDraw, Pick, Task
from .words import cards_named

if TYPE_CHECKING:
    from .game import PiratesGame
    from .round import Work

MODES = ("attack", "bonus")
BOMB = Cargo(target=Target("any"))
"""The mayor die's bomb: another player of the owner's choice loses one cargo."""
LOSE_CARGO = Cargo()
"""An attack's loss: the victim loses one cargo, their choice [P-COG-ATTACK]."""


# ---------------------------------------------------------------------- moves
def may_buy_influence(game: "PiratesGame", d: Any, p: int) -> bool:
    """1 coin and a card in the influence deck (or played cards to make one)
    [P-COG-INF-BUY] [P-COG-INF-EMPTY]."""
    c = d.cities
    return d.coins[p] >= 1 and (not c.deck.empty or (bool(c.discard) and game.options.influence_reshuffle))


def influence_moves(game: "PiratesGame", d: Any, p: int) -> list[m.Move]:
    """P`p`'s influence moves on their action turn: each card in hand for each of its
    towns, to attack or for the bonus, while they may play one this round; and buying
    one [P-COG-INF-PLAY] [P-COG-INF-ONCE] [P-COG-INF-BUY-WHEN]."""
    c = d.cities
    out: list[m.Move] = []
    if c.played[p] < game.options.influence_per_round:
        out += [m.PlayInfluence(p, card, town, mode) for card in dict.fromkeys(c.influence[p])
                for town in game.influence[card].towns for mode in MODES]
    if may_buy_influence(game, d, p):
        out.append(m.BuyInfluence(p))
    return out


def pick_moves(frame: Pick) -> tuple[m.KeepCard, ...]:
    """The cards of a "draw two" choice the buyer may keep [P-COG-VAR-DRAW2]."""
    return tuple(m.KeepCard(frame.seat, card) for card in dict.fromkeys(frame.drawn))


# ---------------------------------------------------------------------- plays
def play_influence(w: Work, move: m.PlayInfluence) -> None:
    """Play an influence card for one of its towns [P-COG-INF-PLAY]: attack, every ship
    there loses one cargo [P-COG-ATTACK]; or bonus, every ship there gains 1 coin
    [P-COG-BONUS], the player 2 coins and the mayor die if it is their own town and they
    are there [P-COG-MAYOR-TAKE]."""
    p, card, town = move.player, move.card, move.town
    w.end_turn(False)
    c = w.cities
    hand = list(c.influence[p])
    hand.remove(card)
    w.cities = c._replace(influence=put(c.influence, p, tuple(hand)), discard=c.discard + (card,),
                          played=put(c.played, p, c.played[p] + 1))
    there = [s for s in w.order_from(p) if s in in_town(w.cities, w.progress, w.out, town, w.length)]
    names = ", ".join(seat_name(s) for s in there) or "nobody"
    if move.mode == "attack":
        w.say("influence", "P-COG-ATTACK", f"{seat_name(p)} plays {w.card_name(card)} for {town}: attack! Ships in "
                                           f"{town}: {names}; each loses one cargo", p)
        w.stack += tuple(Task(kind="task", actor=s, source="card", effect=LOSE_CARGO, target=-1) for s in reversed(there))
        return
    mayor = p in there and w.cities.designated[p] == town
    w.say("influence", "P-COG-BONUS", f"{seat_name(p)} plays {w.card_name(card)} for {town}: bonus! Ships in {town}: "
                                      f"{names}; each gains 1 coin" + (f", {seat_name(p)} in their own town "
                                                                     f"2 coins and the mayor die" if mayor else ""), p)
    for s in there:
        if s == p and mayor:
            w.say("mayor", "P-COG-MAYOR-TAKE", f"{town} is {seat_name(p)}'s own town and their ship is there: "
                                               f"2 coins instead of 1, and the mayor die", p)
            w.gain_coins(p, 2, "P-COG-MAYOR-TAKE")
            w.take_special(p, MAYOR, "P-COG-MAYOR-TAKE")
        else:
            w.gain_coins(s, 1, "P-COG-BONUS")


def buy_influence(w: Work, move: m.BuyInfluence) -> None:
    """Pay 1 coin for an influence card, ending the turn [P-COG-INF-BUY]
    [P-COG-INF-BUY-WHEN]; with "draw two" two are drawn and one kept [P-COG-VAR-DRAW2]."""
    p = move.player
    w.pay(p, 1)
    w.say("buy", "P-COG-INF-BUY", f"{seat_name(p)} pays 1 coin for an influence card", p)
    w.end_turn(False)
    if w.param(p, "draw_two"):
        w.stack += (Pick(kind="pick", seat=p, deck="influence", drawn=()),
                    InfluenceDraw(kind="idraw", seat=p), InfluenceDraw(kind="idraw", seat=p))
    else:
        w.stack += (InfluenceDraw(kind="idraw", seat=p),)


def influence_draw(w: Work, p: int) -> bool:
    """The top "idraw" frame: True when luck must give the card [P-COG-INF-EMPTY]."""
    c = w.cities
    deck, discard, card = w.draw_from(p, c.deck, c.discard, w.game.options.influence_reshuffle,
                                      "P-COG-INF-EMPTY",
                                      "the played influence cards are shuffled into a new deck",
                                      "the influence deck")
    w.cities = c._replace(deck=deck, discard=discard)
    if card is None:
        return True
    if card:
        receive_influence(w, p, card)
    return False


def influence_deal(w: Work, move: m.InfluenceDeal) -> None:
    top = w.stack[-1]
    assert isinstance(top, InfluenceDraw)
    p = top.seat
    w.stack = w.stack[:-1]
    w.cities = w.cities._replace(deck=w.cities.deck.draw(move.card))
    receive_influence(w, p, move.card)


def receive_influence(w: Work, p: int, card: str) -> None:
    """A drawn influence card goes to the hand, or to the "draw two" choice under it."""
    if into_pick(w, p, card, "influence"):
        return
    c = w.cities
    w.cities = c._replace(influence=put(c.influence, p, tuple(sorted(c.influence[p] + (card,)))))
    w.say("draw", "P-COG-INF-BUY", f"{seat_name(p)} draws {w.card_name(card)}",
          p, (p,), f"{seat_name(p)} draws an influence card")


def into_pick(w: Work, p: int, card: str, deck: str) -> bool:
    """Put a drawn card into the "draw two" choice under the draws still to come, if
    there is one for this seat and deck [P-COG-VAR-DRAW2]."""
    i = len(w.stack) - 1
    while i >= 0 and _drawing(w.stack[i], p):
        i -= 1
    fr = w.stack[i] if i >= 0 else None
    if not isinstance(fr, Pick) or fr.seat != p or fr.deck != deck:
        return False
    w.stack = put(w.stack, i, Pick(kind="pick", seat=p, deck=deck,
                                       drawn=tuple(sorted(fr.drawn + (card,)))))
    w.say("draw", "P-COG-VAR-DRAW2", f"{seat_name(p)} draws {w.card_name(card)}, one of two to choose from", p, (p,),
          f"{seat_name(p)} draws a card, one of two to choose from")
    return True


def _drawing(fr: Frame, p: int) -> bool:
    """A "draw" or "idraw" frame for seat `p`."""
    if isinstance(fr, Draw):
        return fr.kind == "draw" and fr.seat == p
    return isinstance(fr, InfluenceDraw) and fr.seat == p


def settle_pick(w: Work) -> bool:
    """The top "pick" frame once its draws are done: with two cards the buyer chooses
    (True); one card is simply kept; none, nothing happens."""
    top = w.stack[-1]
    assert isinstance(top, Pick)
    p, deck, drawn = top.seat, top.deck, top.drawn
    if len(drawn) >= 2:
        return True
    w.stack = w.stack[:-1]
    if drawn:
        give(w, p, deck, drawn[0])
    return False


def keep_card(w: Work, move: m.KeepCard) -> None:
    """Keep one of the two cards drawn; the other goes face up onto its discard pile
    [P-COG-VAR-DRAW2] [P-COG-DRAW2-REST]."""
    top = w.stack[-1]
    assert isinstance(top, Pick)
    p, deck, drawn = top.seat, top.deck, top.drawn
    w.stack = w.stack[:-1]
    rest = list(drawn)
    rest.remove(move.card)
    give(w, p, deck, move.card)
    if deck == "action":
        w.discard += tuple(rest)
    else:
        w.cities = w.cities._replace(discard=w.cities.discard + tuple(rest))
    w.say("discard", "P-COG-DRAW2-REST", f"{seat_name(p)} keeps one card and puts {cards_named(w.game, rest)} face up "
                                         f"on the {deck} discard pile", p)


def give(w: Work, p: int, deck: str, card: str) -> None:
    if deck == "action":
        w.give_card(p, card)
    else:
        receive_influence(w, p, card)


# ---------------------------------------------------------------------- the mayor die
def reveal_mayor(w: Work) -> None:
    """The mayor die at the reveal of the cups: coin, its owner gains 1 coin
    [P-COG-MAYOR-COIN]; bomb, its owner chooses another player who loses one cargo
    [P-COG-MAYOR-BOMB]."""
    owner = w.specials[MAYOR]
    if owner < 0 or not w.betting[owner] or w.cups[owner] is None:
        return
    face = next(f for name, f in w.cups[owner] if name == "mayor")
    if face == "coin":
        w.say("mayor", "P-COG-MAYOR-COIN", f"{seat_name(owner)}'s mayor die shows a coin: they gain 1 coin", owner)
        w.gain_coins(owner, 1, "P-COG-MAYOR-COIN")
    elif face == "bomb":
        w.say("mayor", "P-COG-MAYOR-BOMB", f"{seat_name(owner)}'s mayor die shows a bomb: they choose another "
                                           f"player, who loses one cargo", owner)
        w.stack += (Task(kind="task", actor=owner, source="mayor", effect=BOMB, target=-1),)
