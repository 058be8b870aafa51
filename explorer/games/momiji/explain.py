"""Why a Momiji move is refused: the rule id and a sentence (`MomijiState._explain`)."""
from __future__ import annotations

from typing import Any

from ...core.errors import Reason
from ...core.pending import seat_name
from . import rules as R
from .cards import TYPES, Card, name, type_of, value_of
from .legal import extra_step
from .moves import (
    Activate,
    Collect,
    Deal,
    Discard,
    End,
    Give,
    Pick,
    Place,
    Play,
    Power,
    Reveal,
    Stop,
    Swap,
    Take,
    Trade,
)
from .narration import counted
from .rules import (
    ACT,
    AFTER,
    COLLECT,
    DEAL,
    DRAFT,
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
    PLACE,
    PLAY,
    POND,
    TRADE,
)

_STEP_WORDS = {COLLECT: "must collect a type after the paid reveal", PLAY: "is playing cards: play another or stop",
               PLACE: "must place the new pile", TRADE: "must discard the second card of the trade",
               GUST: "must take a Garden card (Gust)", GIVE: "must swap a hand card for a Garden card (Lantern)",
               LTAKE: "must take a Garden card (Lantern)", POND: "must take one of the cards looked at",
               LIMIT: "must discard down to 8 cards"}


def explain(state: Any, move: Any) -> Reason:
    d = state.data
    kind = type(move)
    step = d.step
    if kind is Deal:
        if step != DEAL:
            return Reason("M-DECK-1", "no card is being dealt from the deck now")
        return Reason("M-DECK-1", f"no {name(move.card)} is among the unseen cards of the deck")
    if step == DEAL:
        return Reason("M-DECK-1", "the deck deals a card now (chance)")
    p = d.active
    if move.player != p:
        return Reason("M-TURN-1", f"it is {seat_name(p)}'s turn, not {seat_name(move.player)}'s")
    who = seat_name(p)
    hand = d.hands[p]
    main_kinds = (Collect, Reveal, Activate)
    if step == DRAFT:
        if kind is not Pick:
            return Reason("M-DRAFT-1", f"the landscapes are being drafted: {who} keeps one of the draft hand first")
        if move.letter in d.lands[p]:
            return Reason("M-DRAFT-1", f"{who} already keeps landscape {move.letter}: a player keeps three "
                                       "different ones")
        return Reason("M-DRAFT-1", f"the draft hand in front of {who} holds no landscape {move.letter}")
    if kind is Pick:
        drafted = state.game.options.landscapes == "draft"
        return Reason("M-DRAFT-1", "the landscapes are not being drafted now" if drafted
                      else "the landscapes are not drafted in this game (option landscapes)")
    if kind in (Trade, Power) and step in (COLLECT, PLAY) and not extra_step(state, step):
        middle = "between a paid reveal and its Collect" if step == COLLECT else "between the cards of a Play"
        return Reason("M-EXTRA-4", f"{who} is in the middle of the main action ({middle}): extras come "
                                   "before or after it")
    if step in _STEP_WORDS and not (step == COLLECT and kind in (Collect, Reveal)) \
            and not (step == PLAY and kind in (Play, Stop)) and not (step == PLACE and kind is Place) \
            and not (step == TRADE and kind is Trade) and not (step in (GUST, LTAKE, POND) and kind is Take) \
            and not (step == GIVE and kind in (Swap, Give)) and not (step == LIMIT and kind is Discard):
        rule = {COLLECT: "M-COLLECT-2", PLAY: "M-PLAY-1", PLACE: "M-PLAY-6", TRADE: "M-EXTRA-2",
                GUST: "M-POWER-A", GIVE: "M-POWER-F", LTAKE: "M-POWER-F", POND: "M-POWER-E",
                LIMIT: "M-LIMIT-1"}[step]
        return Reason(rule, f"{who} {_STEP_WORDS[step]}")
    if kind in main_kinds + (Play,) and step == AFTER:
        return Reason("M-TURN-1", f"{who} has had the one main action of this turn")
    if kind is Collect:
        return Reason("M-COLLECT-1", f"the Garden holds no {TYPES[move.type]} card")
    if kind is Reveal:
        if d.acorns[p] < 1:
            return Reason("M-COLLECT-2", f"{who} has no acorn to pay for a reveal")
        if d.deck.empty:
            return Reason("M-COLLECT-4", "the deck is empty: there is nothing to reveal")
        most = state.game.options.max_reveals
        times = "once" if most == 1 else "twice" if most == 2 else f"{most} times"
        return Reason("M-COLLECT-3", f"{who} may reveal at most {times} per Collect")
    if kind is Play:
        card = move.card
        if card not in hand:
            return Reason("M-PLAY-1", f"{who} holds no {name(card)}")
        t = type_of(card)
        if step == PLAY:
            play = d.play
            if t == play[0] and len(play) > 1 and play[1] != t:
                return Reason("M-PLAY-1", "a play of different types takes one card per type")
            if t == play[0]:
                limit = 3 if d.flags & F_STEPS else 2
                if len(play) >= limit:
                    return Reason("M-PLAY-1" if limit == 2 else "M-POWER-B",
                                  f"a one-type play places at most {limit} cards")
            elif t in play:
                return Reason("M-PLAY-1", "a play of different types takes one card per type")
            elif len(play) > 1 and play[1] == play[0]:
                return Reason("M-PLAY-1", "a play of one type takes no card of another type")
        row = d.rows[p]
        i = R.pile_of(row, t)
        v = value_of(card)
        if i < 0:
            return Reason("M-PLAY-2", f"a pile starts with a 0: {who} has no {TYPES[t]} pile yet")
        top = R.top(row[i])
        if top == 3:
            return Reason("M-PLAY-4", f"the {TYPES[t]} pile is closed by a 3")
        if v == 3 and d.supply == 0 and not state.game.options.three_without_torii:
            return Reason("M-PLAY-5", "no torii is left to close a pile")
        bridge = next((x for x in d.lands[p] if state.game.effects.get(x) == "bridge"), None)
        if v == top + 2 and bridge is not None and bridge in d.used[p] and not d.flags & F_BRIDGE:
            entry = state.game.catalogue.powers[bridge]
            return Reason(entry.rule, f"a card must equal the top card ({top}) or be one higher; {who}'s "
                                      f"{bridge} {entry.name} (stand-in), which lets one card be two higher, "
                                      "is already used")
        return Reason("M-PLAY-3", f"a card must equal the top card ({top}) or be one higher, not {v}")
    if kind is Stop:
        return Reason("M-PLAY-1", f"{who} is not playing cards")
    if kind is Place:
        if step != PLACE:
            return Reason("M-PLAY-6", "no new pile waits for its place")
        return Reason("M-PLAY-6", f"the new pile goes at a place 1 to {len(d.rows[p])} of the row")
    if kind is Activate:
        if move.key not in d.objectives:
            return Reason("M-OBJ-1", f"{move.key} is not a revealed objective")
        title = state.game.objective_name(move.key, d.types)
        if d.owners[d.objectives.index(move.key)] >= 0:
            return Reason("M-OBJ-1", f"the objective {title} is already activated")
        return Reason("M-OBJ-1", f"activating an objective costs 3 acorns; {who} has {counted(d.acorns[p], 'acorn')}")
    if kind is Trade:
        if step == TRADE or card_missing(move, hand):
            return Reason("M-EXTRA-2", f"{who} holds no {name(move.card)}")
        if d.flags & F_TRADED:
            return Reason("M-EXTRA-1", f"{who} has already traded cards for an acorn this turn")
        return Reason("M-EXTRA-2", f"a trade gives up 2 cards from hand; {who} holds {counted(len(hand), 'card')}")
    if kind is Power:
        letter = move.letter
        title = f"{letter} {state.game.catalogue.powers[letter].name}"
        if letter not in d.lands[p]:
            return Reason("M-EXTRA-3", f"{who} has no landscape {title}")
        if letter in d.used[p]:
            return Reason("M-EXTRA-3", f"{who} has already used landscape {title} (each power once per game)")
        if d.flags & F_POWER:
            return Reason("M-EXTRA-1", f"{who} has already used a landscape power this turn")
        cost = state.game.options.power_cost
        if d.acorns[p] < cost:
            return Reason("M-EXTRA-5", f"a landscape power costs {counted(cost, 'acorn')}; "
                                       f"{who} has {counted(d.acorns[p], 'acorn')}")
        entry = state.game.catalogue.powers[letter]
        effect = entry.effect
        if step in (PLAY, COLLECT):
            return Reason("M-EXTRA-4", f"{who} is in the middle of the main action")
        if effect == "koi" and d.deck.empty:
            why = "the deck is empty: there is nothing to look at"
        elif effect == "gust":
            why = ("it comes after a Collect this turn" if not d.flags & F_COLLECTED or step != AFTER
                   else "the Garden is empty")
        elif effect in ("steps", "bridge"):
            why = "it comes before the Play, before the main action of the turn"
        elif effect == "lantern":
            why = "it needs a hand card and a different card in the Garden"
        else:
            why = "not now"
        return Reason(entry.rule, f"{letter} {entry.name} (stand-in) cannot be used now: {why}")
    if kind is Take:
        where = "the cards looked at include" if step == POND else "the Garden holds"
        if step not in (GUST, LTAKE, POND):
            return Reason("M-EXTRA-3", "no power lets a card be taken now")
        return Reason({GUST: "M-POWER-A", LTAKE: "M-POWER-F", POND: "M-POWER-E"}[step],
                      f"{where} no {name(move.card)}")
    if kind is Give:
        return Reason("M-POWER-F", f"a Lantern swap is one move: '{seat_name(p)} swap <hand card> for <Garden card>'")
    if kind is Swap:
        if step != GIVE:
            return Reason("M-POWER-F", "no Lantern swap is under way")
        if move.give == move.take:
            return Reason("M-POWER-F", "the swap takes a different card: giving a card and taking it back "
                                       "changes nothing")
        if move.give not in hand:
            return Reason("M-POWER-F", f"{who} holds no {name(move.give)}")
        return Reason("M-POWER-F", f"the Garden holds no {name(move.take)}")
    if kind is Discard:
        if step != LIMIT:
            return Reason("M-LIMIT-1", "cards are discarded only down to the hand limit of 8 at the end of a turn")
        return Reason("M-LIMIT-1", f"{who} holds no {name(move.card)}")
    if kind is End:
        if step == ACT:
            return Reason("M-TURN-1", f"{who} must take a main action first (collect, play or activate)")
        return Reason("M-TURN-3", f"{who} cannot end the turn now")
    if step in (ACT, AFTER) and d.flags & F_MAIN:
        return Reason("M-TURN-1", f"{who} has had the one main action of this turn")
    return Reason("M-TURN-1", f"{move} is not a legal move now")


def card_missing(move: Any, hand: tuple[Card, ...]) -> bool:
    return move.card not in hand
