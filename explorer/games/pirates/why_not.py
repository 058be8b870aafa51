"""Why a Cities of Greed move is refused: the rule that forbids it, in words
(`PiratesState.why_not` asks here for the expansion's moves)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Reason
from explorer.core.words import counted

from . import moves as m
from .words import card_name

if TYPE_CHECKING:
    from .state import PiratesState

CITIES_MOVES = (m.PlaceTown, m.MoveTown, m.Designate, m.ReturnInfluence, m.KeepCard,
                m.PlayInfluence, m.BuyInfluence)


def explain_cities(state: "PiratesState", move: m.PlayerMove) -> Reason:
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
