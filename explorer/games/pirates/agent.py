"""`GreedyPiratesAgent`: plays from its own view only (`observes = ("view",)`).

Betting: from the exact odds of `odds.py` (imported lazily; a simple expectation if it
is missing): call Liar when the standing bid is more likely false than the best raise is
true, lock Exact when the standing bid is very likely exact, else make the raise most
likely true (the smallest such). Elsewhere: plays its cards, buys with spare coins,
re-rolls a poor sail die or battle die, aims at the leader, loses coins before cards
before crew, takes last steps while it has crew to spare.
"""
from __future__ import annotations

import random
from typing import Any

from explorer.core.agents import Observation

from . import moves as m
from .dice import BID_FACES, CREW_DICE, counts_for

_ODDS: Any = None


def _odds_module() -> Any:
    global _ODDS
    if _ODDS is None:
        try:
            from . import odds
            _ODDS = odds
        except ImportError:          # the odds helper is not there: expectations instead
            _ODDS = False
    return _ODDS


def _expected(view: dict[str, Any], me: int, face: int) -> float:
    """The expected count of `face`: my dice exactly, 1/3 of each hidden normal die."""
    total = 0.0
    for p, cup in enumerate(view["cups"]):
        if not cup["betting"]:
            continue
        if cup["faces"] is not None:
            total += sum(counts_for(face, f) for f in cup["faces"])
        else:
            total += sum(sum(counts_for(face, f) for f in CREW_DICE[n].faces) / 6 for n in cup["dice"])
    return total


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
        kinds = {type(x) for x in legal}
        if m.Bid in kinds or m.Liar in kinds:
            return self._bet(view, me, legal)
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
        odds = _odds_module()
        raises = {(x.quantity, x.face) for x in legal if isinstance(x, m.Bid) and not x.exact}
        if odds:
            table = odds.odds_from_view(view, me)
            standing = table["standing"]
            rows = [(r["at_least"], -r["quantity"], r["face"]) for r in table["raises"]
                    if (r["quantity"], r["face"]) in raises]
        else:
            standing = None
            if view["bid"] is not None:
                b = view["bid"]
                e = _expected(view, me, b["face"])
                standing = {"at_least": 1.0 if e >= b["quantity"] else max(0.0, 1 - (b["quantity"] - e) / 3),
                            "exactly": 0.0}
            rows = []
            for q, f in raises:
                e = _expected(view, me, f)
                rows.append((1.0 if e >= q else max(0.0, 1 - (q - e) / 3), -q, f))
        best = max(rows) if rows else None
        if standing is not None:
            if m.Exact(me) in legal and standing["exactly"] > 0.6:
                return m.Exact(me)
            if best is None or 1 - standing["at_least"] > best[0]:
                return m.Liar(me)
        if best is None:
            return m.Liar(me) if m.Liar(me) in legal else legal[0]
        return m.Bid(me, -best[1], best[2])


__all__ = ["GreedyPiratesAgent", "BID_FACES"]
