"""Whose decision it is, the legal moves and the chances, by the rules of Lying Pirates.

`pending` reads the position: the frame on top of the stack (a die, a battle, a window,
an effect waiting for a target) or, with nothing in flight, the stage (a bid, an action
turn, a last step). `legal_moves` lists each decision's moves; `is_legal` checks one
without listing (a bid from its bounds, a chance outcome from its die, cup or deck).
`explain` words the refusals.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast

from explorer.core import (
    CHANCE,
    OVER,
    Deck,
    Move,
    Pending,
    decision,
    luck,
)
from explorer.core.chance import roll_die
from explorer.core.pending import seat_name

from . import moves as m
from .catalogue import Cargo as CargoEffect
from .catalogue import DiscardCards
from .data import (
    BOUGHT,
    FINAL_CARD,
    FINAL_REROLLED,
    PLAYED_GOLD,
    PLAYED_SILVER,
    Asking,
    BattleRoll,
    Build,
    CupRoll,
    DieRoll,
    Draft,
    Draw,
    Frame,
    HandLoss,
    InfluenceDraw,
    Pick,
    PiratesData,
    Reroll,
    Task,
    Towns,
    Window,
    played_flag,
)
from .dice import BATTLE_DIE, BID_FACES, CREW_DICE, PIRATE_DIE, SAIL_DIE, TREASURE_DIE
from .influence import influence_moves, pick_moves
from .round import (
    CURSED,
    DIE_STREAM,
    Work,
    aims,
    candidates,
    card_can_act,
    dice_names,
    held_count,
    held_specials,
    may_buy,
    next_cup_die,
)
from .setup_steps import build_moves, draft_moves, draft_seat
from .towns import designate_moves, keep_moves, town_moves

if TYPE_CHECKING:
    from .state import PiratesState

DIE_OF: Final = {"sail die": SAIL_DIE, "pirate die": PIRATE_DIE, "treasure die": TREASURE_DIE}


def _prompt(seat: int, step: str) -> str:
    return {
        "bid": "{} raises the bid, calls Liar or locks Exact",
        "step": "{} may sacrifice a crew die to advance 1 tile (last steps)",
        "target": "{} chooses the target of the effect",
        "cargo": "{} chooses the cargo to lose: a coin, a card or a crew die",
        "discard": "{} chooses a card to discard",
        "reroll": "{} may pay to re-roll the die they just rolled, or keep it",
        "final": "{} may re-roll or play a final-battle card in this sub-battle",
        "together": "{} agrees or refuses to step together with the others tied for last",
        "draft": "{} chooses a card to pass to the player on their left (card draft)",
        "build": "{} places one of their tiles on an empty place of the map",
        "keep": "{} keeps 2 of their 3 influence cards and returns one to the box",
        "towns": "{} slots a town card under a tile (or moves a placed one)",
        "designate": "{} chooses their designated town",
        "pick": "{} keeps one of the two cards drawn",
    }[step].format(seat_name(seat))


RULE_OF: Final = {"bid": "P-BID-ORDER", "act": "P-ACT-ORDER", "step": "P-STEPS-1", "target": "P-TARGET",
                  "cargo": "P-CARGO", "discard": "P-EFFECTS", "reroll": "P-REROLL-WINDOW",
                  "cards": "P-SAIL-WINDOW", "final": "P-FINAL-3", "together": "P-STEPS-2",
                  "draft": "P-SETUP-DRAFT", "build": "P-SETUP-BUILD", "keep": "P-COG-INF-DEAL",
                  "towns": "P-COG-TOWN-PLACE", "designate": "P-COG-DESIGNATE", "pick": "P-COG-VAR-DRAW2"}
_DECIDE: Final = {(p, step): decision(p, step, RULE_OF[step], _prompt(p, step))
                  for p in range(6) for step in RULE_OF if step not in ("act", "cards")}
"""The decisions whose prompt is the same every time (an action turn's and a sail
window's name the choices of the moment: `PiratesState._choices_pending`)."""
_CUP: Final = tuple(luck(f"cup {seat_name(p)}", "P-BET-ROLL", f"{seat_name(p)} rolls their cup") for p in range(6))
BATTLE_RULE: Final = {"sail": "P-BATTLE-2", "duel": "P-DUEL", "loser": "P-BATTLE-LOSER", "final": "P-FINAL-2"}
"""The rule a battle's rolls apply, by the battle's kind: the top roll wins the battle of
the ships that sailed and a duel; the lowest loses the others."""
_BATTLE_OF: Final = {"sail": "the battle", "duel": "the duel", "loser": "the battle",
                     "final": "the final battle"}
_BATTLE: Final = {kind: tuple(luck(f"battle {seat_name(p)}", rule, f"{seat_name(p)} rolls their battle die for {_BATTLE_OF[kind]}")
                              for p in range(6)) for kind, rule in BATTLE_RULE.items()}
_HAND: Final = tuple(luck(f"hand {seat_name(p)}", "P-EFFECTS", f"a card leaves {seat_name(p)}'s hand at random") for p in range(6))
_DIE: Final = {"sail": luck("sail die", "P-SAIL-1", "the betting winner rolls the sail die"),
               "pirate": luck("pirate die", "P-TILE-1", "the pirate die is rolled"),
               "treasure": luck("treasure die", "P-TILE-1", "the treasure die is rolled")}
_OPENING: Final = tuple(decision(p, "bid", "P-BID-ORDER", f"{seat_name(p)} opens the bidding") for p in range(6))
_NO_EXACT: Final = tuple(decision(p, "bid", "P-BID-ORDER", f"{seat_name(p)} raises the bid or calls Liar") for p in range(6))
"""The bidding prompts with nothing to raise yet, and with exact locks barred [P-VAR-NOEXACT]."""
_DECK: Final = luck("deck", "P-BUY", "the deck gives a card")
_INFLUENCE_DECK: Final = luck("influence deck", "P-COG-INF-BUY", "the influence deck gives a card")

CUP_STREAM: Final = 0
HAND_STREAM: Final = 1
DECK_STREAM: Final = 2
INFLUENCE_STREAM: Final = 3
DIE_STREAM_KIND: Final = 4
_STREAMS: Final = {**{f"cup {seat_name(p)}": (CUP_STREAM, p) for p in range(6)},
                   **{f"hand {seat_name(p)}": (HAND_STREAM, p) for p in range(6)},
                   "deck": (DECK_STREAM, -1), "influence deck": (INFLUENCE_STREAM, -1)}
"""Each stream of luck but the dice's (sail, pirate, treasure, battle: `DIE_STREAM_KIND`):
its kind and seat, found by one look-up (a chance node at every die under a cup)."""
_A_DIE: Final = (DIE_STREAM_KIND, -1)


_NAMING_STEPS: Final = frozenset({"cargo", "discard", "draft", "keep", "pick", "build"})
"""The decisions whose moves name a card or a tile: their labels get the names
(`words.named`). An action turn and a sail window name their card plays as they make
them (`_play`, the influence plays); the others (bids, re-rolls, steps) name none."""
_WINDOW_STEP: Final = {"reroll": "reroll", "cards": "cards", "final": "final", "together": "together"}
"""The decision a window frame asks for, by the window's kind."""
_STAGE_STEP: Final = {"bid": "bid", "step alone": "step"}
"""The decision of a stage that waits with nothing in flight."""


def pending(state: "PiratesState") -> Pending:
    d: PiratesData = state.data
    if d.stage == "over":
        return OVER
    if d.stack:
        top = d.stack[-1]
        if isinstance(top, CupRoll):
            return _CUP[top.seat]
        if isinstance(top, Task):
            actor, effect, target = top.actor, top.effect, top.target
            if aims(effect) and target == -1:
                return _DECIDE[actor, "target"]
            victim = actor if target == -1 else target
            return _DECIDE[victim, "cargo" if isinstance(effect, CargoEffect) else "discard"]
        if isinstance(top, BattleRoll):
            return _BATTLE[top.battle][top.seats[top.faces.index(None)]]
        if isinstance(top, DieRoll):
            return _DIE[top.name]
        if isinstance(top, Window):
            if top.window == "cards":
                return _choices_pending(state, top.seats[0], "cards")
            return _DECIDE[top.seats[0], _WINDOW_STEP[top.window]]
        if isinstance(top, Draw) and top.kind == "draw":
            return _DECK
        if isinstance(top, HandLoss):
            return _HAND[top.seat]
        if isinstance(top, Draft):
            return _DECIDE[draft_seat(d, top), "draft"]
        if isinstance(top, Build):
            return _DECIDE[top.turn, "build"]
        if isinstance(top, InfluenceDraw):
            return _INFLUENCE_DECK
        if isinstance(top, Asking):
            return _DECIDE[top.seats[0], top.kind]
        if isinstance(top, Towns):
            return _DECIDE[top.turn, "towns"]
        if isinstance(top, Pick):
            return _DECIDE[top.seat, "pick"]
        assert isinstance(top, Reroll)
        fr = _below(d.stack)
        return _DIE[fr.name] if isinstance(fr, DieRoll) else _BATTLE[fr.battle][top.seat]
    if d.stage == "act":
        return _choices_pending(state, d.turn, "act")
    if d.stage == "bid" and not d.bids:
        return _OPENING[d.turn]
    if d.stage == "bid" and not state.game.params[d.turn]["exact"]:
        return _NO_EXACT[d.turn]
    return _DECIDE[d.turn, _STAGE_STEP[d.stage]]


def _choices_pending(state: "PiratesState", p: int, step: str) -> Pending:
    """An action turn or a sail card window, its prompt naming only the choices the
    player may have, as the table sees them (a hand's size, never its cards): a card
    to play, a card to buy, the curse to pass [P-ACT-ORDER] [P-SAIL-WINDOW]."""
    d: PiratesData = state.data
    sailing = step == "cards"
    used = d.used[p]
    key = (p, sailing,
           bool(d.hands[p]) and (PLAYED_GOLD not in used if sailing
                                   else (PLAYED_GOLD not in used or PLAYED_SILVER not in used)),
           _may_buy(state, p) and (not sailing or state.game.options.buy_when == "sail and action"),
           d.cities is not None and not sailing,
           _may_pass_curse(state, p))
    found = _CHOICES.get(key)
    if found is None:
        found = _CHOICES[key] = _choices_decision(*key)
    return found


def legal_moves(state: "PiratesState") -> tuple[Move, ...]:
    pend = state.pending
    if pend.seat == CHANCE:
        return tuple(mv for mv, _ in chance_outcomes(state))
    seat = pend.seat
    if seat is None:                 # the game is over
        return ()
    moves = tuple(_decisions(state, seat, pend.step))
    if pend.step in _NAMING_STEPS:
        game = state.game
        return tuple(game.named(mv) for mv in moves)
    return moves


def _decisions(state: "PiratesState", p: int, step: str) -> tuple[Move, ...]:
    d: PiratesData = state.data
    if step == "bid":
        return _bids(state, p)
    if step == "act":
        used = d.used[p]
        out: list[Move] = [_play(state, p, c) for c in _distinct(d.hands[p])
                           if played_flag(state.game.cards[c].tier) not in used
                           and card_can_act(d, state.game, c, p)]
        if _may_buy(state, p):
            out.append(m.BUY[p])
        if _may_pass_curse(state, p):
            out += [m.PASS_CURSE[p][s] for s in range(state.game.players) if s != p and not d.out[s]]
        if d.cities is not None:
            named = state.game.named
            out += [named(mv) for mv in influence_moves(cast(Any, state.game), d, p)]
        out.append(m.PASS[p])
        return tuple(out)
    if step == "towns":
        return town_moves(cast(Any, state.game), d, p)
    if step == "designate":
        return designate_moves(cast(Any, state.game), d, p)
    if step == "keep":
        return keep_moves(d, p)
    if step == "pick":
        return pick_moves(cast(Pick, d.stack[-1]))
    if step == "step":
        return m.STEP_OR_STOP[p]
    if step == "together":
        return m.TOGETHER[p]
    if step == "draft":
        return draft_moves(d.hands[p], p)
    if step == "build":
        return build_moves(d.route, cast(Build, d.stack[-1]), state.game.tiles)
    if step == "reroll":
        fr = _below(d.stack)
        die = f"{fr.name} die" if isinstance(fr, DieRoll) else "battle die"
        return _reroll_or_keep(p, die, state.game.params[p]["reroll_cost"])
    if step == "cards":
        cards = state.game.cards
        out = [_play(state, p, c) for c in _distinct(d.hands[p])
               if cards[c].tier == "gold" and PLAYED_GOLD not in d.used[p] and card_can_act(d, state.game, c, p)]
        if state.game.options.buy_when == "sail and action" and _may_buy(state, p):
            out.append(m.BUY[p])
        if _may_pass_curse(state, p):
            out += [m.PASS_CURSE[p][s] for s in range(state.game.players) if s != p and not d.out[s]]
        return tuple(out + [m.PASS[p]])
    if step == "final":
        b = _battle(d.stack)
        flags = b.flags[b.seats.index(p)]
        out = []
        cost = state.game.params[p]["reroll_cost"]
        if FINAL_REROLLED not in flags and state.game.options.reroll_window and d.coins[p] >= cost:
            out.append(_reroll_or_keep(p, "battle die", cost)[0])
        if FINAL_CARD not in flags:
            out += [_play(state, p, c) for c in _distinct(d.hands[p]) if state.game.cards[c].final_battle
                    and card_can_act(d, state.game, c, p)]
        return tuple(out + [_FINAL_DONE[p]])
    top = d.stack[-1]
    assert isinstance(top, Task)
    actor, source, effect = top.actor, top.source, top.effect
    if step == "target":
        return tuple(m.TARGET[p][s] for s in candidates(d, actor, effect, source))
    if step == "cargo":
        return tuple(m.Cargo(p, what) for what in Work(state.game, state.data).cargo_options(p))
    return tuple(m.Discard(p, c) for c in _distinct(d.hands[p]))


def _play(state: "PiratesState", p: int, card: str) -> m.PlayCard:
    """The move playing `card`, labelled with the card's name and effect."""
    spec = state.game.cards[card]
    return _named_play(p, card, spec.name, spec.text)


def card_cost(state: "PiratesState", p: int) -> int:
    return state.game.params[p]["card_cost" if BOUGHT in state.data.used[p] else "first_card_cost"]


def _may_buy(state: "PiratesState", p: int) -> bool:
    return may_buy(state.game, state.data, p)


def _may_pass_curse(state: "PiratesState", p: int) -> bool:
    return state.data.specials[CURSED] == p and Work(state.game, state.data).may_pass_curse(p)

# bids: the standing bid, the cap and the limit [P-BID-OPEN] [P-BID-RAISE] [P-BID-MAX]
def bid_bounds(state: "PiratesState") -> tuple[tuple[int, int] | None, int, int]:
    """(standing (quantity, face) or None, opening cap, most dice in play)."""
    d: PiratesData = state.data
    g = state.game
    specials = d.specials
    total = 0
    for p in range(g.players):
        if d.betting[p]:
            total += d.crew[p] + held_count(specials, p)
    standing = (d.bids[-1].quantity, d.bids[-1].face) if d.bids else None
    if not g.params[0]["open_cap"]:
        cap = total
    elif g.options.open_cap == "participants":
        cap = sum(d.betting)
    else:
        cap = g.players
    return standing, min(cap, total), total


def _bids(state: "PiratesState", p: int) -> tuple[Move, ...]:
    standing, cap, total = bid_bounds(state)
    return bid_moves(p, standing, cap, total, bool(state.game.params[p]["exact"]))


def bid_ok(state: "PiratesState", move: Move) -> bool:
    standing, cap, total = bid_bounds(state)
    if isinstance(move, m.Liar):
        return standing is not None
    if isinstance(move, m.Exact):
        return standing is not None and bool(state.game.params[move.player]["exact"])
    if not isinstance(move, m.Bid) or move.face not in BID_FACES:
        return False
    if move.exact and (standing is None or not state.game.params[move.player]["exact"]):
        return False
    if standing is None:
        return 1 <= move.quantity <= cap
    q0, f0 = standing
    return move.quantity <= total and (move.quantity > q0 or (move.quantity == q0 and move.face > f0))


def is_legal(state: "PiratesState", move: Move) -> bool:
    """Cheap legality: a bid from the bounds, a chance outcome from its die, cup or
    deck; other decisions are a handful of moves, looked up in their (cached) list."""
    pend = state.pending
    if pend.seat == CHANCE:
        return _outcome_ok(state, move, pend.step)
    if getattr(move, "player", None) != pend.seat:
        return False
    if pend.step == "bid":
        return bid_ok(state, move)
    legal = state.legal_moves()
    for x in legal:              # a listed move itself (moves are shared): no __eq__ calls
        if x is move:
            return True
    return move in legal


def _outcome_ok(state: "PiratesState", move: Move, stream: str) -> bool:
    d: PiratesData = state.data
    kind, p = _STREAMS.get(stream, _A_DIE)
    if kind == CUP_STREAM:
        if type(move) is not m.CupDie:
            return False
        return move.player == p and move.die == next_cup_die(d, p) and move.face in CREW_DICE[move.die].faces
    if kind == DECK_STREAM:
        return type(move) is m.Deal and move.card in d.deck.unseen and d.deck.needs_luck
    if kind == HAND_STREAM:
        return type(move) is m.Snatch and move.player == p and move.card in d.hands[move.player]
    if kind == INFLUENCE_STREAM:
        return type(move) is m.InfluenceDeal and move.card in d.cities.deck.unseen and d.cities.deck.needs_luck
    if type(move) is not m.Roll or move.stream != stream:
        return False
    die = DIE_OF.get(stream, BATTLE_DIE)
    return move.face in die.faces


def _names(state: "PiratesState", p: int) -> tuple[str, ...]:
    d: PiratesData = state.data
    return dice_names(d.crew[p], held_specials(d.specials, p))


def chance_outcomes(state: "PiratesState") -> tuple:
    pend = state.pending
    if pend.seat != CHANCE:
        return ()
    stream = pend.step
    d: PiratesData = state.data
    kind, p = _STREAMS.get(stream, _A_DIE)
    if kind == CUP_STREAM:
        return cup_die_rolls(p, next_cup_die(d, p))
    named = state.game.named
    if kind == DECK_STREAM:
        return tuple((named(mv), q) for mv, q in deck_draws(d.deck.unseen))
    if kind == INFLUENCE_STREAM:
        return tuple((named(m.InfluenceDeal(c)), q) for c, q in d.cities.deck.outcomes())
    if kind == HAND_STREAM:
        hand = d.hands[p]
        return tuple((named(m.Snatch(p, c)), k / len(hand)) for c, k in Counter(hand).items())
    return die_rolls(stream, pend.rule)


def sample_chance(state: "PiratesState", rng: random.Random) -> Move:
    stream = state.pending.step
    d: PiratesData = state.data
    kind, p = _STREAMS.get(stream, _A_DIE)
    if kind == CUP_STREAM:
        die = next_cup_die(d, p)
        return _CUP_DIE_MOVES[p, die][roll_die(CREW_DICE[die], rng)]
    named = state.game.named
    if kind == DECK_STREAM:
        return named(m.Deal(cast(str, d.deck.sample(rng))))
    if kind == INFLUENCE_STREAM:
        return named(m.InfluenceDeal(d.cities.deck.sample(rng)))
    if kind == HAND_STREAM:
        hand = d.hands[p]
        return named(m.Snatch(p, hand[int(rng.random() * len(hand))]))
    return _DIE_MOVES[stream, state.pending.rule][roll_die(DIE_OF.get(stream, BATTLE_DIE), rng)]


_CHOICES: Final[dict[tuple[int, bool, bool, bool, bool, bool], Pending]] = {}
"""The decisions of `_choices_pending`, by seat, window and the choices open: made once."""


def _choices_decision(p: int, sailing: bool, play: bool, buy: bool, influence: bool, curse: bool) -> Pending:
    """An action turn's or a sail window's decision, its prompt naming the open choices."""
    choices = [word for open_, word in ((play, "play a gold card" if sailing else "play a card"),
                                        (buy, "buy a card"), (influence, "play or buy an influence card"),
                                        (curse, "pass the curse")) if open_]
    said = ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + (choices[-1] if choices else "")
    if sailing:
        prompt = f"{seat_name(p)} may {said} while sailing, or pass" if said else f"{seat_name(p)} passes (sail phase)"
    else:
        prompt = f"{seat_name(p)} may {said}, or pass" if said else f"{seat_name(p)} passes (action phase)"
    step = "cards" if sailing else "act"
    return decision(p, step, RULE_OF[step], prompt)


@lru_cache(maxsize=256)
def _reroll_or_keep(p: int, die: str, cost: int) -> tuple[m.Reroll, m.Keep]:
    """A re-roll window's two moves, labelled with the die and the price."""
    return m.Reroll(p, die, cost), m.Keep(p, die)


_FINAL_DONE: Final = tuple(m.Keep(p, "final") for p in m.SEATS)
"""In the final battle "keep" means done with the sub-battle."""


@lru_cache(maxsize=1024)
def _named_play(p: int, card: str, name: str, text: str) -> m.PlayCard:
    return m.PlayCard(p, card, name, text)


def _distinct(hand: tuple[str, ...]) -> tuple[str, ...]:
    """The distinct cards of a sorted hand, in order."""
    out: list[str] = []
    last = ""
    for card in hand:
        if card != last:
            out.append(card)
            last = card
    return tuple(out)


@lru_cache(maxsize=4096)
def bid_moves(p: int, standing: tuple[int, int] | None, cap: int, total: int,
              exact: bool) -> tuple[Move, ...]:
    """P`p`'s legal bids, listed once per standing bid and bounds [P-BID-OPEN]
    [P-BID-RAISE] [P-BID-MAX] [P-EXACT-1]: Liar, Exact, the raises, the exact raises.

    Every bid in raising order is made once per seat (`_ladder`): the raises over a
    standing bid are a slice of that ladder up to `total` dice, and the openings its
    start, so a new standing bid costs two slices, not a new move per raise."""
    plain, locked = _ladder(p, total, exact)
    end = total * len(BID_FACES)
    if standing is None:
        return plain[:min(cap * len(BID_FACES), end)]
    q0, f0 = standing
    start = (q0 - 1) * len(BID_FACES) + BID_FACES.index(f0) + 1
    head: tuple[Move, ...] = (m.LIAR[p], m.EXACT[p]) if exact else (m.LIAR[p],)
    return head + plain[start:end] + locked[start:end]


_LADDERS: Final[dict[tuple[int, bool], tuple[tuple[m.Bid, ...], tuple[m.Bid, ...]]]] = {}
"""`_ladder`'s bids by seat and exact option, as far up as any game asked."""


def _ladder(p: int, total: int, exact: bool) -> tuple[tuple[m.Bid, ...], tuple[m.Bid, ...]]:
    """Every bid of P`p` up to at least `total` dice in raising order (quantity, then
    face), plain and, if the option allows it, locked exact (empty otherwise). Made once
    per seat and grown (doubled) when a game puts more dice in play: a game's dice
    change round by round, and its bids stay the same objects."""
    ladder = _LADDERS.get((p, exact))
    if ladder is None or len(ladder[0]) < total * len(BID_FACES):
        top = max(total, 2 * len(ladder[0]) // len(BID_FACES) if ladder is not None else 0)
        pairs = [(q, f) for q in range(1, top + 1) for f in BID_FACES]
        ladder = _LADDERS[p, exact] = (tuple(m.Bid(p, q, f) for q, f in pairs),
                                       tuple(m.Bid(p, q, f, True) for q, f in pairs) if exact else ())
    return ladder


def cup_die_rolls(p: int, die: str) -> tuple[tuple[m.CupDie, float], ...]:
    """The outcomes of P`p`'s next die under their cup, made once (moves are values)."""
    return _CUP_DIE_ROLLS[p, die]


def die_rolls(stream: str, rule: str) -> tuple[tuple[m.Roll, float], ...]:
    """The outcomes of the die of `stream` (sail, pirate, treasure or a battle die),
    rolled under `rule` (the pending decision's)."""
    return _DIE_ROLLS[stream, rule]


_CUP_DIE_ROLLS: Final = {(p, name): tuple((m.CupDie(p, name, cast(m.Face, f)), q) for f, q in die.outcomes())
                         for p in m.SEATS for name, die in CREW_DICE.items()}
_CUP_DIE_MOVES: Final[dict[tuple[int, str], dict[Any, m.CupDie]]] = {
    key: {move.face: move for move, _ in rolls} for key, rolls in _CUP_DIE_ROLLS.items()}
"""`cup_die_rolls` by face: the move of a face the die's own `sample` drew."""
_DIE_ROLLS: Final = {(stream, rule): tuple((m.Roll(stream, cast(m.Face, f), rule), q)
                                           for f, q in DIE_OF.get(stream, BATTLE_DIE).outcomes())
                     for stream, rule in (*((name, _DIE[name.split()[0]].rule) for name in DIE_OF),
                                          *((f"battle {seat_name(p)}", rule) for p in m.SEATS
                                            for rule in BATTLE_RULE.values()))}
"""The outcomes of each die, by stream and the rule of the roll (a battle die's rule
depends on the battle)."""
_DIE_MOVES: Final[dict[tuple[str, str], dict[Any, m.Roll]]] = {
    key: {move.face: move for move, _ in rolls} for key, rolls in _DIE_ROLLS.items()}
"""`die_rolls` by face."""


@lru_cache(maxsize=512)
def deck_draws(unseen: tuple[str, ...]) -> tuple[tuple[m.Deal, float], ...]:
    """The outcomes of a draw from the unseen cards (the same few decks recur)."""
    return Deck(unseen).outcomes(_deal)


@lru_cache(maxsize=1024)
def _deal(card: str) -> m.Deal:
    """The chance move giving `card`, made once (moves are values)."""
    return m.Deal(card)


def _below(stack: tuple[Frame, ...]) -> DieRoll | BattleRoll:
    """The die or battle a top "reroll" frame rolls again."""
    for i in range(len(stack) - 2, -1, -1):
        fr = stack[i]
        if isinstance(fr, (DieRoll, BattleRoll)):
            return fr
    raise ValueError("a re-roll with no die under it")


def _battle(stack: tuple[Frame, ...]) -> BattleRoll:
    """The highest battle in flight."""
    for i in range(len(stack) - 1, -1, -1):
        fr = stack[i]
        if isinstance(fr, BattleRoll):
            return fr
    raise ValueError("no battle in flight")


__all__ = ["PiratesState", "DIE_STREAM", "DiscardCards"]
