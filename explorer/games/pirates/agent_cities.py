"""The greedy agent's Cities of Greed decisions, from its own view only.

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

MAYOR_WORTH = 1.0
"""The mayor die, in coins, to a player who does not hold it."""


def mentions(cities: dict[str, Any], me: int) -> Counter:
    """How often each town is named by my influence cards."""
    return Counter(t for c in cities["influence"][me] or () for t in cities["cards"][c])


def ships_in(view: dict[str, Any], town: str) -> list[int]:
    tiles = view["cities"]["tiles"]
    return [s["seat"] for s in view["seats"] if not s["out"] and tiles[s["tile"]] is not None
            and tiles[s["tile"]]["town"] == town]


def influence_worth(view: dict[str, Any], me: int, move: m.PlayInfluence) -> float:
    """What playing `move` is worth to me, in coins (see the module docstring)."""
    there = ships_in(view, move.town)
    rivals = sum(1 for s in there if s != me)
    if move.mode == "attack":
        return rivals - (me in there)
    mine = me in there
    if mine and view["cities"]["designated"][me] == move.town:
        gain = 2 + (MAYOR_WORTH if "mayor" not in view["seats"][me]["specials"] else 0)
    else:
        gain = float(mine)
    return gain - 0.5 * rivals


def choose(view: dict[str, Any], me: int, legal: Sequence[Any]) -> Any | None:
    """The agent's move at an expansion decision (None: not one of them)."""
    step = view["step"]
    cities = view["cities"]
    if step == "keep":
        hand = cities["influence"][me]
        overlap = {c: sum(len(set(cities["cards"][c]) & set(cities["cards"][o])) for o in hand if o != c)
                   for c in hand}
        return m.ReturnInfluence(me, min(hand, key=lambda c: (overlap[c], c)))
    if step == "towns":
        places = [x for x in legal if isinstance(x, m.PlaceTown)]
        if not places:
            return legal[0]
        liked = mentions(cities, me)
        return min(places, key=lambda x: (-liked[x.town], x.slot, x.town))
    if step == "designate":
        liked = mentions(cities, me)
        tiles = Counter(t["town"] for t in cities["tiles"] if t is not None)
        return max(legal, key=lambda x: (tiles[x.town] * (1 + liked[x.town]), x.town))
    if step == "pick":
        if isinstance(legal[0], m.KeepCard) and legal[0].card in cities["cards"]:
            mine = cities["designated"][me]
            liked = mentions(cities, me)
            return max(legal, key=lambda x: (mine in cities["cards"][x.card],
                                             sum(liked[t] for t in cities["cards"][x.card]), x.card))
        return max(legal, key=lambda x: (x.card.startswith("G"), x.card))
    return None


def act(view: dict[str, Any], me: int, legal: Sequence[Any]) -> Any | None:
    """On my action turn: the best influence play if it is worth a coin, else buy an
    influence card when I hold none and can spare the coin (None: neither)."""
    plays = [x for x in legal if isinstance(x, m.PlayInfluence)]
    if plays:
        best = max(plays, key=lambda x: (influence_worth(view, me, x), x.card, x.town, x.mode))
        if influence_worth(view, me, best) >= 1:
            return best
    if m.BuyInfluence(me) in legal and not view["cities"]["influence"][me] and view["seats"][me]["coins"] >= 2:
        return m.BuyInfluence(me)
    return None
