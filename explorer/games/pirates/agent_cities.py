"""The greedy agent's Cities of Greed decisions, from its own seat's typed view only
(`view.PiratesSeat`).

Influence cards are worth more the more they name one's designated town (its bonus pays
2 coins and the mayor die) and the towns where ships stand. At setup the agent keeps
the two influence cards that share the most towns, slots its favourite town (the one
its cards name most) under the free tile nearest the start (every ship passes there),
never moves a placed card unless it must, and designates the town with the most tiles
weighted by its cards. In the action phase it plays the influence card, town and mode
worth most when that is at least a coin's worth: a bonus for the coins it gains less
half the rivals' gains, an attack for the rivals hit less its own loss.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from . import moves as m
from .view import PiratesSeat

MAYOR_WORTH = 1.0
"""The mayor die, in coins, to a player who does not hold it."""


def mentions(seen: PiratesSeat) -> Counter:
    """How often each town is named by my influence cards."""
    towns = dict(seen.card_towns)
    return Counter(t for c in seen.influence for t in towns[c])


def ships_in(seen: PiratesSeat, town: str) -> list[int]:
    tiles = seen.towns or ()
    return [p for p, tile in enumerate(seen.tiles) if not seen.out[p] and tiles[tile] == town]


def influence_worth(seen: PiratesSeat, me: int, move: m.PlayInfluence) -> float:
    """What playing `move` is worth to me, in coins (see the module docstring)."""
    there = ships_in(seen, move.town)
    rivals = sum(1 for s in there if s != me)
    if move.mode == "attack":
        return rivals - (me in there)
    mine = me in there
    if mine and seen.designated[me] == move.town:
        gain = 2 + (MAYOR_WORTH if "mayor" not in seen.held else 0)
    else:
        gain = float(mine)
    return gain - 0.5 * rivals


def choose(seen: PiratesSeat, me: int, legal: Sequence[Any]) -> Any | None:
    """The agent's move at an expansion decision (None: not one of them)."""
    step = seen.step
    towns = dict(seen.card_towns)
    if step == "keep":
        hand = seen.influence
        overlap = {c: sum(len(set(towns[c]) & set(towns[o])) for o in hand if o != c)
                   for c in hand}
        return m.ReturnInfluence(me, min(hand, key=lambda c: (overlap[c], c)))
    if step == "towns":
        places = [x for x in legal if isinstance(x, m.PlaceTown)]
        if not places:
            return legal[0]
        liked = mentions(seen)
        return min(places, key=lambda x: (-liked[x.town], x.slot, x.town))
    if step == "designate":
        liked = mentions(seen)
        tiles = Counter(t for t in seen.towns or () if t is not None)
        return max(legal, key=lambda x: (tiles[x.town] * (1 + liked[x.town]), x.town))
    if step == "pick":
        if isinstance(legal[0], m.KeepCard) and legal[0].card in towns:
            mine = seen.designated[me]
            liked = mentions(seen)
            return max(legal, key=lambda x: (mine in towns[x.card],
                                             sum(liked[t] for t in towns[x.card]), x.card))
        return max(legal, key=lambda x: (x.card.startswith("G"), x.card))
    return None


def act(seen: PiratesSeat, me: int, legal: Sequence[Any]) -> Any | None:
    """On my action turn: the best influence play if it is worth a coin, else buy an
    influence card when I hold none and can spare the coin (None: neither)."""
    plays = [x for x in legal if isinstance(x, m.PlayInfluence)]
    if plays:
        best = max(plays, key=lambda x: (influence_worth(seen, me, x), x.card, x.town, x.mode))
        if influence_worth(seen, me, best) >= 1:
            return best
    if m.BuyInfluence(me) in legal and not seen.influence and seen.coins[me] >= 2:
        return m.BuyInfluence(me)
    return None
