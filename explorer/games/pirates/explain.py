"""Why a move is refused: the rule that forbids it, in words, for every illegal move of
the base game (`explain`) and of Cities of Greed (`explain_cities`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Union, cast

from explorer.core import Move, Reason
from explorer.core.pending import CHANCE, seat_name
from explorer.core.words import counted

from . import moves as m
from .data import played_flag
from .dice import bid_text
from .legal import bid_bounds, card_cost
from .round import card_can_act
from .words import card_name

if TYPE_CHECKING:
    from .state import PiratesState

CITIES_MOVES = (m.PlaceTown, m.MoveTown, m.Designate, m.ReturnInfluence, m.KeepCard,
                m.PlayInfluence, m.BuyInfluence)


CitiesMove = Union[m.PlaceTown, m.MoveTown, m.Designate, m.ReturnInfluence, m.KeepCard,
                   m.PlayInfluence, m.BuyInfluence]
"""The expansion's moves (`CITIES_MOVES`), as a type."""


def explain_cities(state: "PiratesState", move: CitiesMove) -> Reason:
    """The reason a legal-looking expansion move of the seat that decides is refused."""
    d = state.data
    game = state.game
    pend = state.pending
    c = d.cities
    p = move.player
    if c is None:
        return Reason("P-COG-1", "Cities of Greed is not played in this game (rule option \"Cities of Greed expansion\")")
    if isinstance(move, (m.PlaceTown, m.MoveTown)):
        if pend.step != "towns":
            return Reason("P-COG-TOWN-PLACE", "town cards are placed at setup only, after the map")
        if isinstance(move, m.MoveTown) and c.moved[p] >= game.options.town_moves:
            return Reason("P-COG-TOWN-MOVE", f"you have moved {counted(c.moved[p], 'placed town card')}: "
                                             f"at most {game.options.town_moves} (rule option \"Town cards "
                                             f"each player may move\")")
        if isinstance(move, m.PlaceTown) and move.town not in c.town_hands[p]:
            return Reason("P-COG-TOWN-PLACE", f"you hold no {move.town} town card")
        return Reason("P-COG-TOWN-PLACE", "a town card goes under a tile without one (never the "
                                          "start/end tile); a moved card must be a placed one")
    if isinstance(move, m.Designate):
        if pend.step != "designate":
            return Reason("P-COG-DESIGNATE", "designated towns are chosen at setup, after the towns are placed")
        if move.town in c.designated and game.options.distinct_towns:
            return Reason("P-COG-DESIGNATE-DISTINCT", f"{move.town} is already another player's town")
        return Reason("P-COG-DESIGNATE", f"{move.town} is not one of the towns: {', '.join(game.town_names)}")
    if isinstance(move, m.ReturnInfluence):
        return Reason("P-COG-INF-DEAL", "at setup you return one of the 3 influence cards dealt to "
                                        "you, and only one of those")
    if isinstance(move, m.KeepCard):
        return Reason("P-COG-VAR-DRAW2", "you keep one of the two cards you just drew")
    if pend.step != "act":
        return Reason("P-COG-INF-PLAY", "influence cards are played and bought on your turn in the "
                                        "action phase")
    if isinstance(move, m.BuyInfluence):
        return Reason("P-COG-INF-BUY", f"an influence card costs 1 coin and you have {d.coins[p]}, "
                                       f"or the influence deck is empty")
    if move.card not in c.influence[p]:
        return Reason("P-COG-INF-PLAY", f"{card_name(game, move.card)} is not in your influence hand")
    if c.played[p] >= game.options.influence_per_round:
        return Reason("P-COG-INF-ONCE", f"you played {counted(c.played[p], 'influence card')} this "
                                        f"round: at most {game.options.influence_per_round} (rule option "
                                        f"\"Influence cards a player may play per round\")")
    card = game.influence[move.card]
    return Reason("P-COG-INF-PLAY", f"{card_name(game, move.card)} names {', '.join(card.towns)}; play it for one of "
                                    f"them, to attack or for the bonus")


def explain(state: "PiratesState", move: Move) -> Reason:
    """The precise reason an illegal `move` is refused, citing its rule."""
    pend = state.pending
    d = state.data
    if pend.seat == CHANCE:
        return Reason(pend.rule, f"luck speaks now ({pend.prompt}): \"{_said(state, move)}\" is not one of "
                                 f"its outcomes")
    who = getattr(move, "player", None)
    if who != pend.seat:
        return Reason(pend.rule, f"it is {seat_name(cast(int, pend.seat))}'s decision ({pend.prompt}), not "
                                 f"{'luck' if who is None else seat_name(who)}'s")
    if pend.step == "bid":
        return _explain_bid(state, move)
    if isinstance(move, m.PlayCard):
        spec = state.game.cards.get(move.card)
        if spec is None or move.card not in d.hands[who]:
            return Reason("P-ACT-1", f"{spec.name if spec else move.card} is not in your hand")
        if pend.step == "cards" and spec.tier != "gold":
            return Reason("P-SAIL-GOLD", f"only gold cards may be played while sailing; "
                                         f"{spec.name} is {spec.tier}")
        if pend.step == "final" and not spec.final_battle:
            return Reason("P-FINAL-3", f"{spec.name} is not a final-battle card")
        if pend.step in ("act", "cards") and played_flag(spec.tier) in d.used[who]:
            return Reason("P-ACT-1", f"you already played a {spec.tier} card this round")
        if not card_can_act(d, state.game, move.card, cast(int, who)):
            return Reason("P-IMMUNE", f"{spec.name} would do nothing now: no other ship it may "
                                      f"reach is in range, and a ship on the start/end tile is "
                                      f"immune to other players' cards")
        if pend.step == "final":
            return Reason("P-FINAL-3", "you already played a card in this sub-battle")
    if isinstance(move, m.Buy) and pend.step == "cards" and state.game.options.buy_when == "action turn":
        return Reason("P-BUY-WHEN", "in this game cards are bought on your turn in the action "
                                    "phase only (rule option \"Cards are bought\")")
    if isinstance(move, m.Buy) and pend.step in ("act", "cards"):
        return Reason("P-BUY", f"a card costs {card_cost(state, cast(int, who))} coins and you have "
                               f"{d.coins[who]}, or the deck is empty")
    if isinstance(move, m.PassCurse) and pend.step in ("act", "cards"):
        return Reason("P-CURSE-PASS", "passing the curse needs the cursed die, 2 crew dice "
                                      "to sacrifice (keeping a normal die) and another player")
    if isinstance(move, m.Reroll):
        return Reason("P-REROLL", "the re-roll costs a coin and is once per round (once per "
                                  "sub-battle in the final battle)")
    if isinstance(move, CITIES_MOVES):
        return explain_cities(state, move)
    if isinstance(move, m.Target):
        return Reason("P-TARGET", f"{seat_name(move.seat)} may not be aimed at by this effect (out of "
                                  f"range, immune on the start/end tile, or yourself)")
    return Reason(pend.rule, f"\"{_said(state, move)}\" is not possible now: {pend.prompt}")


def _said(state: "PiratesState", move: Move) -> str:
    """A move as a refusal names it: its label, with the card's or tile's name."""
    return state.game.named(move).label


def _explain_bid(state: "PiratesState", move: Move) -> Reason:
    standing, cap, total = bid_bounds(state)
    if isinstance(move, (m.Liar, m.Exact)) and standing is None:
        return Reason("P-LIAR" if isinstance(move, m.Liar) else "P-EXACT-1",
                      "there is no bid yet to call: open the bidding")
    if isinstance(move, m.Exact) or (isinstance(move, m.Bid) and move.exact):
        if not state.game.params[move.player]["exact"]:
            return Reason("P-VAR-NOEXACT", "exact locks are not allowed in this game")
    if not isinstance(move, m.Bid):
        return Reason("P-BID-ORDER", "it is your bid: raise, call Liar or lock Exact")
    if standing is None:
        if move.exact:
            return Reason("P-EXACT-1", "there is no bid yet to lock as exact: open the bidding "
                                       "with a plain bid")
        if move.quantity > cap:
            return Reason("P-BID-OPEN", f"the opening quantity is at most {cap}")
        return Reason("P-BID-1", "a bid names a quantity of at least 1 and a face 2-6")
    if move.quantity > total:
        return Reason("P-BID-MAX", f"only {total} dice are in play")
    return Reason("P-BID-RAISE", f"a raise over {bid_text(*standing)} needs a higher "
                                 f"quantity, or the same quantity and a higher face")
