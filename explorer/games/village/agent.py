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
estimate is a sum over the token values of the track a move leads to, each times the
cards that count at that value (`_Table.worth`); a decision needs the values of only a
few tracks (a token moved by so many spaces), and a move then costs a few products.
"""
from __future__ import annotations

import random
from itertools import compress
from operator import mul

from ...core.agents import Observation, best_of
from ...core.move import Move
from . import rules
from .cards import WILD
from .moves import Bribe, Buy, Curse, Draw
from .view import VillageSeat

ENDGAME_DECK = 24
"""Below this many deck cards the agent values hand cards more and more as at the end."""

_VALUES: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[tuple[int, int], tuple[int, ...]]] = {}
"""Per (track, printed values), the token values after a token moves, by (treasure, the
space it ends on), with a 1 for the Wild after them (see `_Table`): a pure function of
few arguments, remembered across decisions (a track lasts several turns); at most 36
entries for each of the 720 tracks of one set of printed values."""

_TREASURES = range(6)

MARGIN = 1e-6
"""A stall's payments are skipped only when their bound is below a listed move's score
by more than this (far more than `best_of`'s tolerance for equal scores)."""

_BEATEN = float("-inf")


class _Table:
    """The agent's reading of its seat's view, and what one decision works out once.

    The estimate of a position is `sum(v[k] * worth[k]) - best`: `v` the token values
    (a 1 for the Wild last), `worth` per card kind my bribe cards plus my hand cards
    times their weight (`factors`: 1 for a bribed type, `loose` for another, the wild's
    own weight; they depend on how near the end is), `best` the best opponent's bribe
    points. A decision needs the values of few tracks (a token moved to some space),
    and a move then costs a few products."""

    def __init__(self, seen: VillageSeat) -> None:
        me = seen.seat
        self.track = seen.track
        self.printed = seen.track_values
        self.hand = seen.hand
        self.mine = seen.bribes[me]
        self.stalls = seen.stalls
        self.deck = seen.deck
        self.curse_spaces = seen.curse_spaces
        end = max(0.0, min(1.0, 1 - self.deck / ENDGAME_DECK))   # 1.0 once the deck is out
        self.end = end
        loose = 0.3 * (1 - end) - end
        self.factors = [1 if m else loose for m in self.mine] + [1.0 * (1 - end) - 2 * end]
        self.rivals = [b for p, b in enumerate(seen.bribes) if p != me and any(b)]
        self.spaces = [self.track.index(t) for t in _TREASURES]   # where each token is
        self.top = len(self.track) - 1
        values = _VALUES.get((self.track, self.printed))
        if values is None:
            values = _VALUES[self.track, self.printed] = {}
        self._values = values
        self._tracks: dict[tuple[int, int], tuple[tuple[int, ...], float]] = {}
        self._bribed: dict[tuple[int, int], tuple[float, float]] = {}
        # a bribe's treasure cards count at the type's value in hand or in the bribe
        # alike, and the hand cards of its type now count as bribed: what that adds
        # per point of the type's value
        self._bribe_gain = [h * (1 - f) for h, f in zip(self.hand, self.factors)]
        self._bought: list[list[tuple[tuple[float, ...], float] | None]] = [
            [None] * 6 for _ in range(4)]
        self._worths: dict[int, list[float]] = {}

    def moved(self, treasure: int, spaces: int) -> tuple[tuple[int, ...], float]:
        """The token values after `treasure` moves `spaces` (< 0: left) and the best
        opponent's bribe points there (see `at`)."""
        i = self.spaces[treasure]
        return self.at(treasure, min(self.top, i + spaces) if spaces > 0 else max(0, i + spaces))

    def at(self, treasure: int, space: int) -> tuple[tuple[int, ...], float]:
        """The token values once `treasure`'s token is on `space` and the best opponent's
        bribe points there (rivals with no bribe have none), once per track."""
        key = (treasure, space)
        found = self._tracks.get(key)
        if found is None:
            i = self.spaces[treasure]
            v = self._values.get(key)
            if v is None:
                track = self.track
                if space > i:
                    track = rules.raise_token(track, treasure, space - i)[0]
                elif space < i:
                    track = rules.lower_token(track, treasure, i - space)[0]
                v = self._values[key] = rules.values(track, self.printed) + (1,)
            rivals = self.rivals
            if not rivals:
                best = 0
            elif len(rivals) == 1:
                best = sum(map(mul, rivals[0], v))
            else:
                best = max([sum(map(mul, b, v)) for b in rivals])
            found = self._tracks[key] = (v, best)
        return found

    def worth(self, extra: int) -> list[float]:
        """Per card kind what one point of token value is worth to me with my hand plus
        stall `extra` (-1: the hand alone), once per decision."""
        found = self._worths.get(extra)
        if found is None:
            hand = self.hand if extra < 0 else [h + c for h, c in zip(self.hand,
                                                                       self.stalls[extra])]
            found = self._worths[extra] = [m + x * h for m, x, h in
                                           zip(self.mine + (0,), self.factors, hand)]
        return found

    def estimate(self, treasure: int, spaces: int, extra: int) -> float:
        """The estimate after `treasure` moves `spaces`, with my hand plus stall `extra`."""
        v, best = self.moved(treasure, spaces)
        return sum(map(mul, v, self.worth(extra))) - best

    def bought(self, stall: int, treasure: int) -> tuple[tuple[float, ...], float]:
        """Per card kind the points a paid card is worth, and the estimate before paying,
        after taking `stall` and cursing `treasure` by as many spaces as cards paid (the
        stall's cost, its number), once per decision; stall 0 is free and curses nothing."""
        v, best = self.moved(treasure, -stall)
        found = self._bought[stall][treasure] = (tuple(map(mul, v, self.factors)),
                                                 sum(map(mul, v, self.worth(stall))) - best)
        return found

    def bound(self, stall: int) -> float:
        """No payment for `stall` scores more than this: each of its cards (as many as the
        stall's cost) costs at least the cheapest kind in hand, one of them the type
        cursed."""
        hand = self.hand
        best = float("-inf")
        for t in compress(_TREASURES, hand):
            per_card, whole = self._bought[stall][t] or self.bought(stall, t)
            cheapest = min(compress(per_card, hand))
            best = max(best, whole - per_card[t] - (stall - 1) * cheapest)
        return best

    def scores(self, moves: tuple[Move, ...]) -> list[float]:
        """The estimate after each of `moves`, in one pass: a decision may list a hundred
        Black Market payments. The payments of a stall that cannot beat a move listed
        before them (`bound`) score -inf: they would not be chosen either way."""
        out: list[float] = []
        append = out.append
        bought, bribed, spaces, top = self._bought, self._bribed, self.spaces, self.top
        tracks, gain, wild = self._tracks, self._bribe_gain, self.factors[WILD]
        ending = self.deck == 0
        group, beaten = -1, False
        for move in moves:
            kind = type(move)
            if kind is Buy:
                stall = move.stall  # type: ignore[attr-defined]
                if stall == 0:
                    append(self.estimate(0, 0, 0))
                    continue
                if stall != group:                  # the moves come stall by stall
                    group = stall
                    beaten = bool(out) and self.bound(stall) + MARGIN < max(out)
                if beaten:
                    append(_BEATEN)
                    continue
                pay = move.payment  # type: ignore[attr-defined]
                row = bought[stall]
                best = float("-inf")
                for t in compress(_TREASURES, pay):
                    per_card, whole = row[t] or self.bought(stall, t)
                    value = whole - sum(map(mul, per_card, pay))
                    if value > best:
                        best = value
                append(best)
            elif kind is Bribe:
                t, cards = move.treasure, move.cards  # type: ignore[attr-defined]
                wilds = cards[WILD]
                space = spaces[t] + cards[t] + wilds
                if space > top:
                    space = top                      # a token stops on the top space
                key = (t, space)
                found = bribed.get(key)
                if found is None:
                    # the estimate if the bribe took no wild (see `_bribe_gain`), and what
                    # each wild in it adds: it leaves the hand for the bribe
                    v, best = tracks.get(key) or self.at(t, space)
                    each = v[t]
                    found = bribed[key] = (sum(map(mul, v, self.worth(-1))) - best
                                           + each * gain[t], each - wild)
                whole, per_wild = found
                value = whole + per_wild * wilds
                append(_ending(value) if ending else value)
            elif kind is Curse:
                append(self.estimate(move.treasure, -self.curse_spaces, -1))  # type: ignore[attr-defined]
            elif kind is Draw:
                value = self.estimate(0, 0, -1)
                append(_ending(value) if ending else value + 0.5 * (1 - self.end))
            else:
                append(0.0)
        return out


class GreedyVillageAgent:
    """Bribes into high-value tokens, buys cheap big stalls, curses rivals' types."""

    name = "greedy"
    observes = ("seat",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        legal = obs.legal
        return best_of(legal, _Table(obs.seat).scores(legal), rng)


def _ending(lead: float) -> float:
    """A move that ends the game (the deck is empty): wanted only when the player leads."""
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


WIN_BONUS = 1000.0
