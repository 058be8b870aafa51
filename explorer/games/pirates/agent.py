"""`GreedyPiratesAgent`: plays from its own view only (`observes = ("view",)`).

Betting: from the exact odds of `odds.py`: call Liar when the standing bid is more likely
false than the best raise is true, lock Exact when the standing bid is very likely exact, else make the raise most
likely true (the smallest such). Elsewhere: plays its cards, buys with spare coins,
re-rolls a poor sail die or battle die, aims at the leader, loses coins before cards
before crew, takes last steps while it has crew to spare. Cities of Greed's decisions
are `agent_cities`'.
"""
from __future__ import annotations

import random
from typing import Any

from explorer.core.agents import Observation

from . import agent_cities as cities
from . import moves as m
from . import odds
from .dice import BID_FACES


class GreedyPiratesAgent:
    name = "greedy"
    observes = ("view",)

    def choose(self, obs: Observation, rng: random.Random) -> Any:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        me = obs.player
        step = view["step"]
        if step == "bid":
            return self._bet(view, me, legal)
        if "cities" in view:
            chosen = cities.choose(view, me, legal) if step in ("keep", "towns", "designate", "pick") else \
                cities.act(view, me, legal) if step == "act" else None
            if chosen is not None:
                return chosen
        if step == "reroll":
            return self._reroll(view, me, legal)
        if step == "final":
            cards = [x for x in legal if isinstance(x, m.PlayCard)]
            if cards:
                return cards[0]
            return self._reroll(view, me, legal)
        if step in ("step", "together"):
            seat = view["seats"][me]
            return m.Step(me) if seat["crew"] >= 4 and m.Step(me) in legal else m.Stop(me)
        if step == "target":
            leader = max((x for x in legal), key=lambda x: (view["seats"][x.seat]["progress"], -x.seat))
            return leader
        if step == "cargo":
            order = {"coin": 0, "crew": 2}
            return min(legal, key=lambda x: (order.get(x.what, 1), x.what))
        if step == "discard":
            return legal[0]
        if step in ("act", "cards"):
            cards = [x for x in legal if isinstance(x, m.PlayCard) and x.card != "S11"]
            if cards:
                return cards[int(rng.random() * len(cards))]
            curse = [x for x in legal if isinstance(x, m.PassCurse)]
            if curse and view["seats"][me]["crew"] >= 5:
                return max(curse, key=lambda x: view["seats"][x.seat]["progress"])
            if m.Buy(me) in legal and view["seats"][me]["coins"] >= 3:
                return m.Buy(me)
            return m.Pass(me)
        return legal[0]

    def _reroll(self, view: dict[str, Any], me: int, legal: tuple) -> Any:
        if m.Reroll(me) not in legal:
            return m.Keep(me)
        for fr in reversed(view["stack"]):
            if fr["kind"] == "die":
                bad = fr["face"] in (1, "X") if fr["die"] in ("sail", "pirate") else fr["face"] == "coin"
                return m.Reroll(me) if bad else m.Keep(me)
            if fr["kind"] == "battle":
                face = fr["faces"][fr["seats"].index(me)]
                return m.Reroll(me) if face == "skull" else m.Keep(me)
        return m.Keep(me)

    def _bet(self, view: dict[str, Any], me: int, legal: tuple) -> Any:
        """Bid from the exact odds of what `me` sees (`odds`): the standing bid judged for
        its bidder, each raise as my own bid. The best raise is the most likely true, the
        smallest quantity on a tie: for each face that is its cheapest legal raise, since
        the chance of "at least q" only falls as q grows, so five candidates suffice."""
        known, unknown, _ = odds.knowledge(view)
        dists: dict[tuple[int, Any], tuple] = {}

        def dist(face: int, by: Any) -> tuple:
            if (face, by) not in dists:
                dists[face, by] = odds.count_distribution(face, known, unknown, by)
            return dists[face, by]

        cheapest: dict[int, int] = {}
        for x in legal:                       # bids come in (quantity, face) order
            if type(x) is m.Bid and not x.exact and x.face not in cheapest:
                cheapest[x.face] = x.quantity
                if len(cheapest) == len(BID_FACES):
                    break
        rows = [(float(odds.tail(dist(f, me), q)), -q, f) for f, q in cheapest.items()]
        best = max(rows) if rows else None
        bid = view["bid"]
        if bid is not None:
            d = dist(bid["face"], bid["by"])
            q = bid["quantity"]
            exactly = float(d[q]) if q < len(d) else 0.0
            if m.Exact(me) in legal and exactly > 0.6:
                return m.Exact(me)
            if best is None or 1 - float(odds.tail(d, q)) > best[0]:
                return m.Liar(me)
        if best is None:
            return m.Liar(me) if m.Liar(me) in legal else legal[0]
        return m.Bid(me, -best[1], best[2])


__all__ = ["GreedyPiratesAgent", "BID_FACES"]
