"""`GreedyPiratesAgent`: plays from its own seat's view only (`observes = ("seat",)`:
the typed `view.PiratesSeat`, which holds what `state.view(seat)` shows that it weighs).

Betting: from the exact odds of `odds.py`: call Liar when the standing bid is more likely
false than the best raise is true, lock Exact when the standing bid is very likely exact, else make the raise most
likely true (the smallest such). Elsewhere: plays its cards, buys with spare coins,
re-rolls a poor sail die or battle die, aims at the leader, loses coins before cards
before crew, takes last steps while it has crew to spare. Cities of Greed's decisions
are `agent_cities'`.
"""
from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from explorer.core.agents import Observation

from . import agent_cities as cities
from . import moves as m
from .dice import BID_FACES
from .moves import EXACT, LIAR, Bid
from .odds import seat_odds
from .view import PiratesSeat


class GreedyPiratesAgent:
    name: ClassVar[str] = "greedy"
    observes: ClassVar[tuple[str, ...]] = ("seat",)

    def choose(self, obs: Observation, rng: random.Random) -> Any:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        seen: PiratesSeat = obs.seat
        me = obs.player
        step = seen.step
        if step == "bid":
            return self._bet(seen, me, legal)
        if seen.towns is not None:
            chosen = cities.choose(seen, me, legal) if step in ("keep", "towns", "designate", "pick") else \
                cities.act(seen, me, legal) if step == "act" else None
            if chosen is not None:
                return chosen
        if step == "reroll":
            return _listed(legal, self._reroll(seen, me, legal))
        if step == "final":
            cards = [x for x in legal if isinstance(x, m.PlayCard)]
            if cards:
                return cards[0]
            return _listed(legal, self._reroll(seen, me, legal))
        if step in ("step", "together"):
            go, stop = m.STEP_OR_STOP[me]
            return _listed(legal, go if seen.crew[me] >= 4 and go in legal else stop)
        if step == "target":              # every legal move is a Target here
            targets = [x for x in legal if isinstance(x, m.Target)]
            return max(targets, key=lambda x: (seen.progress[x.seat], -x.seat))
        if step == "cargo":               # every legal move is a Cargo here
            order = {"coin": 0, "crew": 2}
            cargo = [x for x in legal if isinstance(x, m.Cargo)]
            return min(cargo, key=lambda x: (order.get(x.what, 1), x.what))
        if step == "discard":
            return legal[0]
        if step in ("act", "cards"):
            cards = [x for x in legal if isinstance(x, m.PlayCard) and x.card != "S11"]
            if cards:
                return cards[int(rng.random() * len(cards))]
            curse = [x for x in legal if isinstance(x, m.PassCurse)]
            if curse and seen.crew[me] >= 5:
                return max(curse, key=lambda x: seen.progress[x.seat])
            if m.BUY[me] in legal and seen.coins[me] >= 3:
                return m.BUY[me]
            return m.PASS[me]
        return legal[0]

    def _reroll(self, seen: PiratesSeat, me: int, legal: tuple) -> Any:
        reroll, keep = m.REROLL_OR_KEEP[me]
        if reroll not in legal or seen.roll is None:
            return keep
        if seen.roll[0] == "die":
            _, die, face = seen.roll
            bad = face in (1, "X") if die in ("sail", "pirate") else face == "coin"
        else:
            _, seats, faces = seen.roll
            bad = faces[seats.index(me)] == "skull"
        return reroll if bad else keep

    def _bet(self, seen: PiratesSeat, me: int, legal: tuple) -> Any:
        """Bid from the exact odds of what `me` sees (`odds`): the standing bid judged for
        its bidder, each raise as my own bid. The best raise is the most likely true, the
        smallest quantity on a tie: for each face that is its cheapest legal raise, since
        the chance of "at least q" only falls as q grows, so five candidates suffice."""
        cheapest: dict[int, Any] = {}
        for x in legal:                       # bids come in (quantity, face) order
            if type(x) is _BID and not x.exact:
                face: int = x.face
                if face not in cheapest:
                    cheapest[face] = x
                    if len(cheapest) == len(BID_FACES):
                        break
        chances = seat_odds(seen.known, seen.unknown)
        best: tuple[float, int, int] | None = None     # the first largest, as `max` gives it
        for f, x in cheapest.items():
            row = (chances.at_least(f, me, x.quantity), -x.quantity, f)
            if best is None or row > best:
                best = row
        liar = LIAR[me]
        if seen.bid is not None:
            q, face, by = seen.bid.quantity, seen.bid.face, seen.bid.seat
            if chances.exactly(face, by, q) > 0.6 and EXACT[me] in legal:
                return EXACT[me]
            if best is None or 1 - chances.at_least(face, by, q) > best[0]:
                return liar
        if best is None:
            return liar if liar in legal else legal[0]
        return cheapest[best[2]]


_BID: Final = Bid
"""The bid class as a C static in the compiled mode (an imported name is otherwise
looked up by name at every use: here once per listed move)."""

__all__ = ["GreedyPiratesAgent", "BID_FACES"]


def _listed(legal: tuple, move: Any) -> Any:
    """The legal move equal to `move`, as listed: it carries the words of its label (the
    die re-rolled, a final battle's "done"), which the shared move does not."""
    return legal[legal.index(move)]
