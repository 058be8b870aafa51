"""Whose decision it is, the legal moves, one move's legality and the chances of Momiji.

A turn is a sequence of small decisions, each its own pending step (`rules.STEPS`; the
steps are described in `state`). Moves, chance-outcome pairs and prompts are made once
and shared (the tables here), so listing a step's moves mostly looks values up
(`tests/momiji/test_fast_matches_plain.py` checks the shared values against the plain
ones).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast

from ...core.chance import CardOdds
from ...core.move import Move
from ...core.pending import OVER as GAME_OVER
from ...core.pending import Pending, decision, luck, seat_name
from . import draft as DR
from . import moves as M
from . import rules as R
from .cards import Card, type_of
from .data import MomijiData
from .moves import DEALS, Deal, Play, Stop
from .rules import (
    ACT,
    AFTER,
    COLLECT,
    DEAL,
    DRAFT,
    F_BRIDGE,
    F_COLLECTED,
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
    TRADE,
)

if TYPE_CHECKING:
    from .state import MomijiState

# interned moves: generation reuses the same few objects instead of building new ones
Activate, End, Place, Power, Reveal = (
    lru_cache(maxsize=None)(k) for k in (M.Activate, M.End, M.Place, M.Power, M.Reveal))
_stop = lru_cache(maxsize=None)(Stop)
_pick = lru_cache(maxsize=None)(M.Pick)
_swap = lru_cache(maxsize=4096)(M.Swap)


def _per_card(kind: type) -> tuple[tuple[Move, ...], ...]:
    """Every move of `kind` (seat, card), made once: [seat][card code]."""
    return tuple(tuple(kind(p, c) for c in range(96)) for p in range(4))


_TRADES, _TAKES, _DISCARDS = map(_per_card, (M.Trade, M.Take, M.Discard))
_PLAYS = tuple(tuple((Play(p, c, False), Play(p, c, True)) for c in range(96)) for p in range(4))
"""[seat][card][starts a pile]: the shared Play moves."""
_COLLECTS = tuple(tuple(M.Collect(p, t) for t in range(6)) for p in range(4))


def _card_moves(table: tuple[Move, ...], cards: tuple[Card, ...]) -> list[Move]:
    """One shared move per distinct card, from a seat's row of a `_per_card` table."""
    return [table[c] for c in dict.fromkeys(cards)]


def _collects(p: int, garden: tuple[Card, ...]) -> list[Move]:
    """A Collect per type in the (sorted) Garden."""
    row = _COLLECTS[p]
    return [row[t] for t in {type_of(c): None for c in garden}]


@lru_cache(maxsize=256)
def _deal_moves(unseen: tuple[Card, ...]) -> tuple[Move, ...]:
    return tuple(DEALS[c] for c in dict.fromkeys(unseen))


_DEAL_ODDS: Final = CardOdds(tuple(DEALS[c] for c in range(96)))
"""Each distinct unseen card with its chance of being dealt next (M-DECK-1), as shared
pairs."""


_PROMPTS = {
    ACT: "{s} chooses a main action (collect, play or activate) or an extra",
    COLLECT: "{s} collects one type from the Garden",
    PLAY: "{s} plays another card or stops",
    PLACE: "{s} chooses where the new pile goes in the row",
    AFTER: "{s} uses an extra or ends the turn",
    TRADE: "{s} discards a second card for the acorn",
    GUST: "{s} takes one more Garden card (Gust)",
    GIVE: "{s} swaps a hand card for a Garden card (Lantern)",
    LTAKE: "{s} takes a Garden card in exchange (Lantern)",
    POND: "{s} takes one of the cards looked at (Koi Pond)",
    LIMIT: "{s} discards down to 8 cards",
    DRAFT: "{s} keeps one landscape of the draft hand and passes the rest on",
}
_STEP_RULE = {ACT: "M-TURN-1", COLLECT: "M-COLLECT-2", PLAY: "M-PLAY-1", PLACE: "M-PLAY-6",
              AFTER: "M-EXTRA-1", TRADE: "M-EXTRA-2", GUST: "M-POWER-A", GIVE: "M-POWER-F",
              LTAKE: "M-POWER-F", POND: "M-POWER-E", LIMIT: "M-LIMIT-1", DRAFT: "M-DRAFT-1"}
_PENDING = {(p, s): decision(p, R.STEPS[s], _STEP_RULE[s], text.format(s=seat_name(p)))
            for p in range(4) for s, text in _PROMPTS.items()}
_DEALING = (luck("deck", "M-COLLECT-2", "the deck turns up a card into the Garden (reveal)"),
            luck("deck", "M-REFILL-1", "the deck turns up a card to refill the Garden"),
            luck("deck", "M-POWER-E", "the deck turns up a card for a Koi Pond look"))


def pending(state: "MomijiState") -> Pending:
    d: MomijiData = state.data
    if d.step == OVER:
        return GAME_OVER
    if d.step == DEAL:
        return _DEALING[d.deal_to]
    return _PENDING[d.active, d.step]


def _top(state: "MomijiState", card: Card) -> Card | None:
    """The top card of `card`'s pile in the active row, None when there is none."""
    row = state.data.rows[state.data.active]
    i = R.pile_of(row, type_of(card))
    return row[i][-1] if i >= 0 else None


def _fits(state: "MomijiState", card: Card, top: Card | None) -> bool:
    """`card` may go onto the active pile whose top card is `top` (None: start one)."""
    d: MomijiData = state.data
    return R.fits(card, top, bool(d.flags & F_BRIDGE), d.supply > 0 or state.game.options.three_without_torii)


def _playable(state: "MomijiState", cards: tuple[Card, ...]) -> list[Move]:
    """A Play per distinct card of `cards` that fits its pile in the active row."""
    d: MomijiData = state.data
    p = d.active
    tops = {type_of(pile[0]): pile[-1] for pile in d.rows[p]}
    bridge = bool(d.flags & F_BRIDGE)
    three_ok = d.supply > 0 or state.game.options.three_without_torii
    plays = _PLAYS[p]
    fits = R.fits
    out: list[Move] = []
    for c in dict.fromkeys(cards):
        top = tops.get(type_of(c))
        if fits(c, top, bridge, three_ok):
            out.append(plays[c][top is None])
    return out


def _may_follow(state: "MomijiState", card: Card) -> bool:
    """In the "play" step: `card` keeps the play one type (up to 2, 3 with Steps) or
    all different types (M-PLAY-1), and fits its pile."""
    d: MomijiData = state.data
    play = d.play
    t = type_of(card)
    if t == play[0]:
        limit = 3 if d.flags & F_STEPS else 2
        if len(play) >= limit or (len(play) > 1 and play[1] != t):
            return False
    elif t in play or (len(play) > 1 and play[1] == play[0]):
        return False
    return _fits(state, card, _top(state, card))


def _can_reveal(state: "MomijiState") -> bool:
    d: MomijiData = state.data
    return (d.acorns[d.active] >= 1 and not d.deck.empty
            and d.reveals < state.game.options.max_reveals)


def _main_possible(state: "MomijiState") -> bool:
    d: MomijiData = state.data
    if d.garden or _can_reveal(state):
        return True
    if _playable(state, d.hands[d.active]):
        return True
    return d.acorns[d.active] >= R.ACORNS_FOR_OBJECTIVE and -1 in d.owners


def _power_ok(state: "MomijiState", letter: str) -> bool:
    d: MomijiData = state.data
    p = d.active
    if (d.flags & F_POWER or d.acorns[p] < state.game.options.power_cost or letter not in d.lands[p]
            or letter in d.used[p]):
        return False
    effect = state.game.effects[letter]
    if effect == "gust":
        return d.step == AFTER and bool(d.flags & F_COLLECTED) and bool(d.garden)
    if effect == "steps" or effect == "bridge":
        return d.step == ACT
    if effect == "koi":
        return not d.deck.empty
    if effect == "lantern":     # a hand card for a different Garden card
        return any(c != g for c in d.hands[p] for g in d.garden)
    return True


def extra_step(state: "MomijiState", step: int) -> bool:
    """Whether extras may be taken in `step`: before or after the main action
    ("act", "after"), and with extras_timing="anytime" also in the middle of it
    (a Collect after a paid reveal, a Play between its cards) (M-EXTRA-4)."""
    if step == ACT or step == AFTER:
        return True
    return (step == PLAY or step == COLLECT) and state.game.options.extras_timing == "anytime"


def _power_move(state: "MomijiState", p: int, letter: str) -> Move:
    """The shared Power move of seat `p`, carrying the power's name, text and price
    for its label (M-EXTRA-3, M-EXTRA-5)."""
    entry = state.game.catalogue.powers[letter]
    return Power(p, letter, entry.name, entry.text, state.game.options.power_cost,
                 state.game.catalogue.stand_in)


def _extras(state: "MomijiState", d: MomijiData) -> list[Move]:
    """The extras the active seat may take now: a trade card (M-EXTRA-2) and the
    powers it may use (M-EXTRA-3), each once per turn (M-EXTRA-1)."""
    p = d.active
    hand = d.hands[p]
    out: list[Move] = []
    if not d.flags & F_TRADED and len(hand) >= 2:
        out += _card_moves(_TRADES[p], hand)
    if not d.flags & F_POWER and d.acorns[p] >= state.game.options.power_cost:
        used = d.used[p]
        out += [_power_move(state, p, letter) for letter in d.lands[p]
                if letter not in used and _power_ok(state, letter)]
    return out


def letters(state: "MomijiState") -> tuple[str, ...]:
    """The six landscape letters of the catalogue, in order: a draft hand's start."""
    return tuple(state.game.catalogue.powers)


def passing(state: "MomijiState") -> bool:
    """Whether the draft passes hands on (draft="pass") or each keeps its own (M-DRAFT-1)."""
    return state.game.options.draft == "pass"


def _pick_move(state: "MomijiState", p: int, letter: str) -> Move:
    """The Pick of seat `p`, carrying the power's name and text for its label."""
    cat = state.game.catalogue
    entry = cat.powers[letter]
    return _pick(p, letter, entry.name, entry.text, cat.stand_in, entry.effect)


def legal_moves(state: "MomijiState") -> tuple[Move, ...]:
    d: MomijiData = state.data
    step = d.step
    if step == DRAFT:
        p = d.active
        return tuple(_pick_move(state, p, x) for x in DR.choices(d.lands, p, letters(state), passing(state)))
    if step == ACT or step == AFTER:
        return _turn_moves(state, d, step)
    if step == DEAL:
        return _deal_moves(d.deck.unseen)
    p = d.active
    hand = d.hands[p]
    if step == TRADE:
        return tuple(_card_moves(_TRADES[p], hand))
    if step == PLAY:
        more = tuple(_play_move(state, c) for c in dict.fromkeys(hand) if _may_follow(state, c)) + (_stop(p),)
        return more + tuple(_extras(state, d)) if extra_step(state, step) else more
    if step == PLACE:
        t = d.play[-1]
        return tuple(Place(p, t, i) for i in range(len(d.rows[p])))
    if step == COLLECT:
        out: list[Move] = _collects(p, d.garden)
        if _can_reveal(state):
            out.append(Reveal(p, min(4, d.deck.size)))
        if extra_step(state, step):
            out += _extras(state, d)
        return tuple(out)
    if step == GUST or step == LTAKE:
        return tuple(_card_moves(_TAKES[p], d.garden))
    if step == POND:
        return tuple(_card_moves(_TAKES[p], tuple(sorted(d.pond))))
    if step == GIVE:
        garden = tuple(dict.fromkeys(d.garden))
        return tuple(_swap(p, c, g) for c in dict.fromkeys(hand) for g in garden if c != g)
    return tuple(_card_moves(_DISCARDS[p], hand))       # LIMIT


def _turn_moves(state: "MomijiState", d: MomijiData, step: int) -> tuple[Move, ...]:
    """The moves of the "act" step (a main action or an extra, M-TURN-1) and of the
    "after" step (an extra or the end of the turn, M-EXTRA-1)."""
    p = d.active
    hand = d.hands[p]
    out: list[Move] = []
    main_possible = True
    if step == ACT:
        if d.garden:
            out += _collects(p, d.garden)
        if _can_reveal(state):
            out.append(Reveal(p, min(4, d.deck.size)))
        out += _playable(state, hand)
        if d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE:
            name_of = state.game.objective_name
            out += [Activate(p, k, name_of(k, d.types)) for k, o in zip(d.objectives, d.owners) if o < 0]
        main_possible = bool(out)
    out += _extras(state, d)
    if step == AFTER or not main_possible:
        out.append(End(p))
    return tuple(out)


def _play_move(state: "MomijiState", card: Card) -> Play:
    return _PLAYS[state.data.active][card][_top(state, card) is None]


def is_legal(state: "MomijiState", move: Move) -> bool:
    d: MomijiData = state.data
    step = d.step
    if isinstance(move, Deal):
        return step == DEAL and move.card in d.deck.unseen
    if step == DEAL or cast(Any, move).player != d.active:   # every other move names its seat
        return False
    p = d.active
    # the commonest kinds first
    if isinstance(move, M.Trade):
        if move.card not in d.hands[p]:
            return False
        return step == TRADE or (extra_step(state, step) and not d.flags & F_TRADED
                                 and len(d.hands[p]) >= 2)
    if isinstance(move, M.End):
        return step == AFTER or (step == ACT and not _main_possible(state))
    if isinstance(move, M.Collect):
        return (step == ACT or step == COLLECT) and any(
            type_of(c) == move.type for c in d.garden)
    if isinstance(move, Play):
        card = move.card
        if card not in d.hands[p]:
            return False
        if step == PLAY:
            return _may_follow(state, card)
        return step == ACT and _fits(state, card, _top(state, card))
    if isinstance(move, Stop):
        return step == PLAY
    if isinstance(move, M.Place):
        return (step == PLACE and move.type == d.play[-1]
                and 0 <= move.index < len(d.rows[p]))
    if isinstance(move, M.Reveal):
        return (step == ACT or step == COLLECT) and _can_reveal(state)
    if isinstance(move, M.Activate):
        return (step == ACT and d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE
                and move.key in d.objectives
                and d.owners[d.objectives.index(move.key)] < 0)
    if isinstance(move, M.Power):
        return extra_step(state, step) and _power_ok(state, move.letter)
    if isinstance(move, M.Take):
        card = move.card
        if step == GUST or step == LTAKE:
            return card in d.garden
        return step == POND and card in d.pond
    if isinstance(move, M.Swap):
        give, take = move.give, move.take
        return step == GIVE and give != take and give in d.hands[p] and take in d.garden
    if isinstance(move, M.Give):      # older files: a Lantern swap is one move now (Swap)
        return False
    if isinstance(move, M.Discard):
        return step == LIMIT and move.card in d.hands[p]
    if isinstance(move, M.Pick):
        return step == DRAFT and move.letter in DR.choices(
            d.lands, p, letters(state), passing(state))
    return False


def chance_outcomes(state: "MomijiState") -> tuple[tuple[Move, float], ...]:
    if state.data.step != DEAL:
        return ()
    return _DEAL_ODDS.outcomes(state.data.deck.unseen)


def sample_chance(state: "MomijiState", rng: random.Random) -> Move:
    return DEALS[state.data.deck.sample(rng)]
