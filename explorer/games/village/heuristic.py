"""How a Village position stands for each player, for the search agent (`core.mcts`).

Each player's estimated final points, read from the state the search sampled (the
searcher's own view with the hidden cards guessed): bribe cards at their token's value
(V-SCORE-1); hand treasures of a type the player has bribed will join that bribe at the
end (V-END-2); other hand treasures and wilds cost points at the end (V-SCORE-2,
V-SCORE-3) but are still worth something while the deck lasts: the weights of
`GreedyVillageAgent`'s estimate (agent.py, `ENDGAME_DECK`), applied to every seat.

The player to move has one more thing: the move they are about to make. A single
bribe or a full stall swings the lead by many points (a bribe moves its token several
spaces, V-BRIBE-4; a long refill leaves a stall full of cards, V-REFILL-2), so a leaf
judged without it is judged as if its mover passed, and the search, which rarely
looks two moves deep, walks into positions that hand the other player a big move. The
mover is credited with `TEMPO` of the best lead gain among: bribing all hand cards of
one type, with or without all wilds (V-BRIBE-1, V-BRIBE-2, V-BRIBE-4); taking a stall,
paying with the hand cards worth least to them and cursing the paid type that helps
them most (V-MARKET-3, V-MARKET-4, V-MARKET-6, V-CURSE-1, V-CURSE-2); at a curse step,
the best curse. The estimates become win shares with `shares_from_points`.

An estimate is linear in the token values: a player's `Holding` is the points each
value point of each type is worth to them, so the lead after a move that only moves
tokens is a few dot products.
"""
from __future__ import annotations

from operator import add, mul

from ...core.mcts import shares_from_points
from ...core.state import State
from . import rules
from .agent import ENDGAME_DECK
from .cards import WILD, traded
from .rules import lower_token, raise_token

SCALE = 3.0
"""Points per factor e in the win-share softmax: a 3-point lead wins about 73% of the time."""

TEMPO = 0.7
"""Share of the mover's best one-move lead gain credited to them: the move is theirs to
make, but it is estimated roughly (the refill after a bribe is not played out)."""

TREASURE_KINDS = range(WILD)
"""The six treasure types (card kinds 0-5; kind 6 is the Wild)."""

_VALUES: dict[tuple[int, ...], dict[tuple[int, ...], tuple[int, ...]]] = {}
"""Per printed track values, the token values of each track met (one of 720 orders)."""


def token_values(track: tuple[int, ...], printed: tuple[int, ...]) -> tuple[int, ...]:
    """`rules.values`, remembered (a leaf asks for the values of a dozen tracks)."""
    known = _VALUES.setdefault(printed, {})
    found = known.get(track)
    if found is None:
        found = known[track] = rules.values(track, printed)
    return found


Holding = tuple[tuple[float, ...], float]
"""A player's estimated final points as a linear function of the token values: the
points per value point of each treasure type, and the points of the hand wilds."""


def worth(held: Holding, value: tuple[int, ...]) -> float:
    """The points of a `Holding` at token values `value`."""
    return sum(map(mul, held[0], value)) + held[1]


def loose_weight(end: float) -> float:
    """Value points per card of an unbribed hand treasure: a little early, minus its
    value at the end (V-SCORE-2)."""
    return 0.3 * (1 - end) - end


def wild_weight(end: float) -> float:
    """Points per hand wild: 1 early (it helps any bribe), -2 at the end (V-SCORE-3)."""
    return 1.0 * (1 - end) - 2 * end


def holding(hand: tuple[int, ...], mine: tuple[int, ...], end: float) -> Holding:
    """The `Holding` of a hand and bribe cards `mine` (wilds included), `end` of the way
    into the endgame: a bribe card scores its token's value (V-SCORE-1), a hand treasure
    of a bribed type joins its bribe at the end (V-END-2), any other by `loose_weight`."""
    loose = loose_weight(end)
    return (tuple([m + h if m else h * loose for h, m in zip(hand, mine)]),
            hand[WILD] * wild_weight(end))


def endgame(state: State) -> float:
    """How far into the endgame the position is: 0 with `ENDGAME_DECK` or more deck
    cards, 1 with none (and once the game is over)."""
    if state.is_over:
        return 1.0
    return max(0.0, min(1.0, 1 - state.data.deck.size / ENDGAME_DECK))


def bribe_cards(state: State) -> list[tuple[int, ...]]:
    """Each seat's bribe cards per type, wilds included (they score alike, V-SCORE-1)."""
    d = state.data
    return [tuple(map(add, cards, wilds)) for cards, wilds in zip(d.bribes, d.bribe_wilds)]


def mover_gain(state: State, end: float, holdings: list[Holding]) -> float:
    """The best lead gain the player to move can make with one move (see the module
    docstring), given every seat's `holding`; at least 0 in an action step, where a
    draw is always possible."""
    d = state.data
    me = d.active
    hand, track = d.hands[me], d.track
    mine = tuple(map(add, d.bribes[me], d.bribe_wilds[me]))
    printed = state.game.options.track_values
    known = _VALUES.setdefault(printed, {})
    others = holdings[:me] + holdings[me + 1:]

    def lead(track: tuple[int, ...], held: Holding) -> float:
        """My estimate less the best other seat's at `track`, my holding `held`."""
        value = known.get(track) or token_values(track, printed)
        if len(others) == 1:   # two players: no best to find
            best = sum(map(mul, others[0][0], value)) + others[0][1]
        else:
            best = max([sum(map(mul, per_value, value)) + wilds for per_value, wilds in others])
        return sum(map(mul, held[0], value)) + held[1] - best

    def best_curse(held: Holding, paid: tuple[int, ...]) -> float:
        """My best lead after cursing one paid treasure type by as many spaces as cards
        were paid (V-CURSE-1, V-CURSE-2, V-CURSE-3)."""
        spaces = sum(paid)
        return max(lead(lower_token(track, t, spaces)[0], held) for t in TREASURE_KINDS if paid[t])

    held = holdings[me]
    now = lead(track, held)
    if d.phase == rules.CURSE:
        return best_curse(held, d.paid) - now
    best = now
    wilds = hand[WILD]
    per_value = held[0]
    wild_points = wild_weight(end)
    for t in TREASURE_KINDS:
        held_t = hand[t]
        if held_t == 0 and not (mine[t] and wilds):   # V-BRIBE-1, V-BRIBE-2
            continue
        for w in {0, wilds}:
            spent = held_t + w
            if spent:
                after = lead(raise_token(track, t, spent)[0],
                             (per_value[:t] + (mine[t] + spent,) + per_value[t + 1:],
                              (wilds - w) * wild_points))
                if after > best:
                    best = after
    value = known[track]
    loose = loose_weight(end)
    per_card = tuple([v if m else v * loose for v, m in zip(value, mine)]) + (wild_points,)
    cheapest_first = sorted(range(len(hand)), key=per_card.__getitem__)
    for cost, stall in enumerate(d.stalls):
        if not any(stall):
            continue
        pay = cheapest_payment(hand, cheapest_first, cost)
        if pay is None:
            continue
        if cost == 0:   # V-MARKET-6: free, no curse, so the track and the others stay
            after = now + sum(map(mul, stall, per_card))
        else:
            after = best_curse(holding(traded(hand, pay, stall), mine, end), pay)
        if after > best:
            best = after
    return best - now


def cheapest_payment(hand: tuple[int, ...], cheapest_first: list[int],
                     cost: int) -> tuple[int, ...] | None:
    """`cost` hand cards of the kinds worth least (`cheapest_first`: the 7 card kinds,
    least worth first) with at least one treasure among them (V-MARKET-3, V-MARKET-4),
    as counts; None when the hand cannot pay. Cost 0 pays nothing (V-MARKET-6)."""
    pay = [0] * len(hand)
    left = cost
    for kind in cheapest_first:
        if not left:
            break
        take = min(left, hand[kind])
        pay[kind] = take
        left -= take
    if left:
        return None
    if cost and pay[WILD] == cost:   # only wilds: the cheapest treasure replaces one
        treasure = next((k for k in cheapest_first if k != WILD and hand[k]), None)
        if treasure is None:
            return None
        pay[WILD] -= 1
        pay[treasure] += 1
    return tuple(pay)


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated final points, the mover's with `TEMPO` of their best
    move (see the module docstring)."""
    d = state.data
    end = endgame(state)
    value = token_values(d.track, state.game.options.track_values)
    holdings = [holding(hand, mine, end) for hand, mine in zip(d.hands, bribe_cards(state))]
    out = [worth(held, value) for held in holdings]
    if not state.is_over:
        out[d.active] += TEMPO * mover_gain(state, end, holdings)
    return tuple(out)


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)
