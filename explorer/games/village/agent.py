"""`GreedyVillageAgent`: a one-move-lookahead player that reads only its own view.

It scores the position after each legal move with a simple estimate of the final score
difference: bribe cards are worth their token's value; hand treasures of a type the
player has bribed will join that bribe at the end (V-END-2), so they count for it; other
hand treasures and wilds count against it more and more as the deck runs down (they
cost points at the end, V-SCORE-2, V-SCORE-3, but are still useful while the game goes
on). The best opponent's bribe points are subtracted. A Black Market visit is scored
with its best curse. With an empty deck a draw or a bribe (its refill finds no card)
ends the game, so such a move is chosen only when the player leads.

It reads its seat's typed view (`view.VillageSeat`, counts instead of names). The
estimate is a sum over the token values of the track a move leads to, each times what
the cards that count at that value add to the lead over a rival (`_Table.leads`); a
decision needs the values of only a few tracks (a token moved by so many spaces), and a
move then costs a few products. A stall's payments (up to 83 moves) are scored only
when a bound says one of them may be the best move.
"""
from __future__ import annotations

import random
from typing import ClassVar, cast

from ...core.agents import Observation, best_of
from ...core.move import Move
from . import rules
from .cards import KINDS, WILD
from .moves import Bribe, Buy, Curse, Draw
from .view import VillageSeat

ENDGAME_DECK = 24
"""Below this many deck cards the agent values hand cards more and more as at the end."""

_VALUES: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, tuple[int, ...]]] = {}
"""Per (track, printed values), the token values after a token moves, by `8 * treasure +
the space it ends on`, with a 1 for the Wild after them (see `_Table`): a pure function
of few arguments, remembered across decisions (a track lasts several turns); at most 36
entries for each of the 720 tracks of one set of printed values."""

MARGIN = 1e-6
"""A stall's payments are skipped only when their bound is below a scored move's score
by more than this (far more than `best_of`'s tolerance for equal scores)."""

_BEATEN = float("-inf")


class _Table:
    """The agent's reading of its seat's view, and what one decision works out once.

    The estimate of a position is my points less the best opponent's bribe points,
    `min` over the rivals of `sum(v[k] * lead[k])`: `v` the token values (a 1 for the
    Wild last), `lead` per card kind my bribe cards plus my hand cards times their
    weight (`factors`: 1 for a bribed type, `loose` for another, the wild's own weight;
    they depend on how near the end is) less the rival's bribe cards (`leads`). A
    decision needs the values of few tracks (a token moved to some space), and a move
    then costs a few products. The products are plain loops: the compiled mode
    (tools/compile.py) makes them C loops."""

    def __init__(self, seen: VillageSeat) -> None:
        me = seen.seat
        track = self.track = seen.track
        printed = self.printed = seen.track_values
        self.hand = seen.hand
        self.mine = seen.bribes[me] + (0,)
        self.stalls = seen.stalls
        self.deck = seen.deck
        self.curse_spaces = seen.curse_spaces
        end = max(0.0, min(1.0, 1 - self.deck / ENDGAME_DECK))   # 1.0 once the deck is out
        self.end = end
        loose = 0.3 * (1 - end) - end
        factors = [1.0 if m else loose for m in self.mine[:WILD]]
        factors.append(1.0 * (1 - end) - 2 * end)
        self.factors = factors
        self.rivals = [b for p, b in enumerate(seen.bribes) if p != me and any(b)]
        spaces = [0] * WILD                                       # where each token is
        for space, treasure in enumerate(track):
            spaces[treasure] = space
        self.spaces = spaces
        self.top = len(track) - 1
        values = _VALUES.get((track, printed))
        if values is None:
            values = _VALUES[track, printed] = {}
        self._values = values
        self._leads: dict[int, list[list[float]]] = {}
        self._bought: dict[int, tuple[list[float], float]] = {}

    def values(self, treasure: int, space: int) -> tuple[int, ...]:
        """The token values (and a 1 for the Wild) once `treasure`'s token is on `space`."""
        key = 8 * treasure + space
        v = self._values.get(key)
        if v is None:
            i = self.spaces[treasure]
            track = self.track
            if space > i:
                track = rules.raise_token(track, treasure, space - i)[0]
            elif space < i:
                track = rules.lower_token(track, treasure, i - space)[0]
            v = self._values[key] = rules.values(track, self.printed) + (1,)
        return v

    def leads(self, extra: int) -> list[list[float]]:
        """Per rival with a bribe, per card kind what one point of token value adds to
        my lead over them, with my hand plus stall `extra` (-1: the hand alone); my
        points alone when no rival has a bribe. Once per decision."""
        found = self._leads.get(extra)
        if found is None:
            hand = self.hand
            if extra >= 0:
                stall = self.stalls[extra]
                hand = tuple([hand[k] + stall[k] for k in range(KINDS)])
            mine, factors = self.mine, self.factors
            worth = [mine[k] + factors[k] * hand[k] for k in range(KINDS)]
            found = [[worth[k] - rival[k] for k in range(WILD)] + [worth[WILD]]
                     for rival in self.rivals] or [worth]
            self._leads[extra] = found
        return found

    def estimate(self, v: tuple[int, ...], extra: int) -> float:
        """The estimate at token values `v` with my hand plus stall `extra`: my lead
        over the best rival."""
        best = float("inf")
        for lead in self._leads.get(extra) or self.leads(extra):
            x = 0.0
            for k in range(KINDS):
                x += v[k] * lead[k]
            if x < best:
                best = x
        return best

    def bought(self, stall: int, treasure: int) -> tuple[list[float], float]:
        """Per card kind the points a paid card is worth, and the estimate before paying,
        after taking `stall` and cursing `treasure` by as many spaces as cards paid (the
        stall's cost, its number), once per decision."""
        space = self.spaces[treasure] - stall
        v = self.values(treasure, space if space > 0 else 0)
        factors = self.factors
        found = self._bought[8 * stall + treasure] = (
            [v[k] * factors[k] for k in range(KINDS)], self.estimate(v, stall))
        return found

    def bound(self, stall: int, rival: int, cheapest_now: float) -> float:
        """No payment for `stall` scores more than this, found without valuing a track.

        A payment that curses `t` scores my lead over the best rival at the values `v`
        after the curse, less its cards' points at `v` (`bought`). That is at most my
        lead over `rival` (the index in `leads` of the one I lead least now), less the
        cursed card's points and `stall - 1` times the cheapest card in hand (at most
        `cheapest_now`, its points now); and the curse changes the values of few tokens
        (the cursed one and those it passes, one space up each), so the lead at `v` is
        the lead now plus their changes."""
        hand, factors, track = self.hand, self.factors, self.track
        now = self.values(0, self.spaces[0])
        lead = self.leads(stall)[rival]
        base = 0.0
        for k in range(KINDS):
            base += now[k] * lead[k]
        best = _BEATEN
        for t in range(WILD):
            if not hand[t]:
                continue
            i = self.spaces[t]
            j = i - stall if i > stall else 0
            v = self.values(t, j)
            cursed = v[t] * factors[t]
            value = base + (v[t] - now[t]) * lead[t] - cursed
            cheapest = cursed if cursed < cheapest_now else cheapest_now
            for space in range(j, i):
                u = track[space]
                value += (v[u] - now[u]) * lead[u]
                if hand[u] and v[u] * factors[u] < cheapest:
                    cheapest = v[u] * factors[u]
            value -= (stall - 1) * cheapest
            if value > best:
                best = value
        return best

    def scores(self, moves: tuple[Move, ...]) -> list[float]:
        """The estimate after each of `moves`: a decision may list a hundred Black Market
        payments, so every other move is scored first, in one pass, and a stall's
        payments only if their `bound` can beat the best score so far; the others score
        -inf (they would not be chosen either way)."""
        out: list[float] = []
        spaces, top = self.spaces, self.top
        ending = self.deck == 0
        groups: list[list[int]] = []       # [stall, first, end] of each stall's payments
        bribed: dict[int, tuple[float, float]] = {}
        for move in moves:
            if isinstance(move, Buy):
                stall: int = move.stall
                if stall == 0:
                    out.append(self.estimate(self.values(0, spaces[0]), 0))
                    continue
                if not groups or groups[-1][0] != stall:    # the moves come stall by stall
                    groups.append([stall, len(out), 0])
                groups[-1][2] = len(out) + 1
                out.append(_BEATEN)
            elif isinstance(move, Bribe):
                t: int = move.treasure
                cards: tuple[int, ...] = move.cards
                wilds = cards[WILD]
                space = spaces[t] + cards[t] + wilds
                if space > top:
                    space = top                      # a token stops on the top space
                key = 8 * t + space
                found = bribed.get(key)
                if found is None:
                    # the estimate if the bribe took no wild, and what each wild in it
                    # adds: it leaves the hand for the bribe; the hand cards of the type
                    # now count as bribed (factor 1)
                    v = self.values(t, space)
                    each = v[t]
                    factors = self.factors
                    found = bribed[key] = (self.estimate(v, -1)
                                           + each * self.hand[t] * (1 - factors[t]),
                                           each - factors[WILD])
                value = found[0] + found[1] * wilds
                out.append(_ending(value) if ending else value)
            elif isinstance(move, Curse):
                t = move.treasure
                space = spaces[t] - self.curse_spaces
                out.append(self.estimate(self.values(t, space if space > 0 else 0), -1))
            elif isinstance(move, Draw):
                value = self.estimate(self.values(0, spaces[0]), -1)
                out.append(_ending(value) if ending else value + 0.5 * (1 - self.end))
            else:
                out.append(0.0)
        if groups:
            self._payments(moves, out, groups)
        return out

    def present(self) -> tuple[int, float]:
        """What `bound` reads of the present position: the index in `leads` of the rival
        I lead least, and the points of the cheapest card in my hand."""
        now = self.values(0, self.spaces[0])
        hand, factors = self.hand, self.factors
        rival, least = 0, float("inf")
        leads = self.leads(-1)
        for r in range(len(leads)):
            lead = leads[r]
            x = 0.0
            for k in range(KINDS):
                x += now[k] * lead[k]
            if x < least:
                rival, least = r, x
        cheapest = float("inf")
        for k in range(KINDS):
            if hand[k] and now[k] * factors[k] < cheapest:
                cheapest = now[k] * factors[k]
        return rival, cheapest

    def _payments(self, moves: tuple[Move, ...], out: list[float],
                  groups: list[list[int]]) -> None:
        """Score the payments of each stall in `groups` ([stall, first, end] indexes of
        `moves` and `out`) whose bound can beat the best score in `out` so far."""
        best_so_far = max(out)
        bought = self._bought
        rival, cheapest_now = self.present()
        for stall, first, stop in groups:
            if self.bound(stall, rival, cheapest_now) + MARGIN < best_so_far:
                continue
            for i in range(first, stop):
                pay: tuple[int, ...] = cast(Buy, moves[i]).payment   # a group holds visits only
                best = _BEATEN
                for t in range(WILD):
                    if not pay[t]:
                        continue
                    per_card, whole = bought.get(8 * stall + t) or self.bought(stall, t)
                    value = whole
                    for k in range(KINDS):
                        value -= per_card[k] * pay[k]
                    if value > best:
                        best = value
                out[i] = best
                if best > best_so_far:
                    best_so_far = best


class GreedyVillageAgent:
    """Bribes into high-value tokens, buys cheap big stalls, curses rivals' types."""

    name: ClassVar[str] = "greedy"
    observes: ClassVar[tuple[str, ...]] = ("seat",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        legal = obs.legal
        return best_of(legal, _Table(obs.seat).scores(legal), rng)


def _ending(lead: float) -> float:
    """A move that ends the game (the deck is empty): wanted only when the player leads."""
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


WIN_BONUS = 1000.0
