"""Why a move is refused: a precise sentence and the rule it breaks, for every illegal
move of Piri Piri Summoners (placements through `grid.placement_problem`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from explorer.core import CHANCE, Reason
from explorer.core.pending import seat_name

from . import grid as g
from .cards import card_name
from .data import SummonersData
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon, cell_text

if TYPE_CHECKING:
    from .state import SummonersState


def explain(state: "SummonersState", move) -> Reason:
    d = state.data
    who = state.to_move
    if isinstance(move, Reveal):
        if who != CHANCE:
            return Reason("S-DECK-2", "the deck gives a card only when one is drawn")
        return Reason("S-DECK-2", f"the {card_name(move.card)} is not among the unseen "
                                  f"cards of the deck")
    if who == CHANCE:
        return Reason("S-DECK-2", "the deck must give a card first")
    player = getattr(move, "player", None)
    if player != who:
        return Reason("S-TURN-1", f"it is {seat_name(cast(int, who))}'s decision, not "
                                  f"{'luck' if player is None else seat_name(player)}'s")
    phase = d.phase
    if phase == "summon":
        if not isinstance(move, (Summon, Decline)):
            return Reason("S-WINDOW-1", "the summon window is open: summon a Spirit "
                                        "card or summon nothing")
        return _explain_summon(state, move)
    if phase == "play":
        if not isinstance(move, Play):
            return Reason("S-DRAW-1", "after drawing or buying you must play a hand card")
        return _explain_play(state, move)
    if isinstance(move, Play) and move.card in d.hands[who]:
        problem = _problem(state, move)
        if problem is not None:
            return Reason(*problem)
        return Reason("S-TURN-1", "first draw or buy (the turn's action), then play "
                                  "a card")
    if isinstance(move, (Play, Summon, Decline)):
        return Reason("S-TURN-1", "first choose the turn's action: cycle, draw, buy or pass")
    if isinstance(move, Cycle):
        return Reason("S-CYCLE-1", f"the {card_name(move.card)} is not in your hand")
    if isinstance(move, Draw):
        return Reason("S-DRAW-2", "the deck is empty: you cannot draw")
    if isinstance(move, Pass):
        return Reason("S-PASS-1", "passing is allowed only when no other action is "
                                  "possible (rule option pass_any_time is off)")
    if isinstance(move, Buy):
        if d.mana[who] < 1:
            return Reason("S-BUY-1", "buying costs 1 mana and you have none")
        return Reason("S-BUY-1", f"market slot {move.slot} does not hold the "
                                 f"{card_name(move.card)}")
    return Reason("S-TURN-1", f"{move} is not an action of this turn")


def _problem(state: "SummonersState", move: Play) -> tuple[str, str] | None:
    return g.placement_problem(state.cells, state.frontier, move.card, move.cell,
                               move.over, state.game.options.ace_on_top_free)


def _explain_play(state: "SummonersState", move: Play) -> Reason:
    if move.card not in state.data.hands[move.player]:
        return Reason("S-DRAW-1", f"the {card_name(move.card)} is not in your hand")
    problem = _problem(state, move)
    if problem is None:
        return Reason("CORE-LEGAL", f"{move} is not a legal play here")
    return Reason(*problem)


def _explain_summon(state: "SummonersState", move: Summon | Decline) -> Reason:
    d: SummonersData = state.data
    if isinstance(move, Decline):
        return Reason("CORE-LEGAL", f"{move} is not legal here")
    if move.card not in d.spirits[move.player]:
        return Reason("S-SUMMON-2", f"the {card_name(move.card)} is not among your "
                                    f"unsummoned Spirit cards")
    if d.mana[move.player] < 2:
        return Reason("S-SUMMON-1", "summoning costs 2 mana and you have fewer")
    rule = {"J": "S-JACK-1", "Q": "S-QUEEN-1", "K": "S-KING-1"}[move.card[1:]]
    return Reason(rule, f"the cells {' '.join(cell_text(c) for c in move.using)} do not "
                        f"form the pattern of the {card_name(move.card)} around "
                        f"{cell_text(move.cell)}")
