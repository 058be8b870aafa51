"""`GreedyMomijiAgent`: a one-step-lookahead player that reads only its own view.

It values its position as: each pile worth max(top, 2) × its size (a pile of low
cards is worth growing, it will be topped later; near the end just top × size, M-SCORE-1), each acorn 1 point
(M-SCORE-2), each hand card that can still go onto its pile (or start one) a little
(0.2 × value + 0.2), a dead hand card nothing. Each legal move is scored by the change
it makes; an objective is worth activating when the agent's own count beats what it
can see of the others (M-OBJ-2); Tea House is a free acorn; the rest of the powers are
used only when they take a valuable card. It reads its seat's typed view
(`view.MomijiSeat`: card codes instead of names).
"""
from __future__ import annotations

import random

from ...core.agents import Observation, best_by
from ...core.move import Move
from . import rules as R
from .cards import TYPES, code, type_of, value_of
from .moves import Activate, Collect, Discard, Give, Place, Play, Power, Reveal, Stop, Take, Trade
from .view import MomijiSeat

_TYPE = {name: t for t, name in enumerate(TYPES)}


class _Table:
    def __init__(self, seen: MomijiSeat) -> None:
        self.seen = seen
        me = self.me = seen.seat
        self.hand = seen.hand
        self.row = list(seen.rows[me])
        self.acorns = seen.acorns[me]
        self.tops = {type_of(p[0]): value_of(p[-1]) for p in self.row}
        self.garden = seen.garden
        self.late = seen.deck < 12 or seen.ending

    def potential(self, card: int) -> float:
        top = self.tops.get(type_of(card))
        v = value_of(card)
        if top is None:
            return 0.2 * v + 0.2
        if top == 3 or v < top:
            return 0.0
        return 0.2 * v + 0.2

    def pile_value(self, pile: tuple[int, ...]) -> float:
        top = value_of(pile[-1])
        return (top if self.late else max(top, 2)) * len(pile)

    def play_gain(self, card: int) -> float:
        t = type_of(card)
        for pile in self.row:
            if type_of(pile[0]) == t:
                return self.pile_value(pile + (card,)) - self.pile_value(pile) - self.potential(card) + \
                    (1.0 if value_of(card) == 3 else 0.0)
        return self.pile_value((card,)) - self.potential(card)

    def objective_gain(self, key: str) -> float:
        seen = self.seen
        measure = next(rule for k, rule in seen.objectives if k == key)
        mine = _measure(measure, key, self.row, self.acorns)
        best_other = 0
        for p, piles in enumerate(seen.rows):
            if p == self.me:
                continue
            if seen.counted[p]:
                row = list(piles)
            else:   # sizes hidden: guess three cards under each top
                row = [(code(type_of(top), 0, 0),) * 3 + (top,) for (top,) in piles]
            best_other = max(best_other, _measure(measure, key, row, seen.acorns[p]))
        if mine < 1 or mine < best_other:
            return -3.0
        return 7.0 if mine > best_other else 5.0


def _measure(rule: str, key: str, row: list, acorns: int) -> int:
    kind = {"M-OBJ-ZEROS": ("value", 0), "M-OBJ-TOPS": ("tops", -1), "M-OBJ-TORII": ("closed", -1),
            "M-OBJ-PILES": ("piles", -1), "M-OBJ-ACORNS": ("acorns", -1), "M-OBJ-LONGEST": ("longest", -1)}
    if rule == "M-OBJ-TYPE":
        return R.measure("type", _TYPE.get(key.split("-", 1)[-1].capitalize(), -1), tuple(row), acorns)
    what, arg = kind.get(rule, ("piles", -1))
    return R.measure(what, arg, tuple(row), acorns)


class GreedyMomijiAgent:
    """Grows piles, closes them, collects what fits, claims objectives it leads."""

    name = "greedy"
    observes = ("seat",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        table = _Table(obs.seat)
        return best_by(obs.legal, lambda move: self._score(table, move), rng)

    def _score(self, table: _Table, move: Move) -> float:
        kind = type(move)
        seen = table.seen
        if kind is Play:
            return table.play_gain(move.card)  # type: ignore[attr-defined]
        if kind is Stop:
            if len(set(seen.play)) >= 2:
                return 2.0 * R.harvest(tuple(table.row))
            return 0.0
        if kind is Collect:
            got = [c for c in table.garden if type_of(c) == move.type]  # type: ignore[attr-defined]
            over = max(0, len(table.hand) + len(got) - 6)
            return sum(table.potential(c) for c in got) - 0.5 * over - 0.2
        if kind is Reveal:
            return -0.6
        if kind is Activate:
            return table.objective_gain(move.key)  # type: ignore[attr-defined]
        if kind is Trade:
            loss = table.potential(move.card)  # type: ignore[attr-defined]
            return -loss if seen.step == "trade" else 1.0 - 2 * loss - 0.3
        if kind is Power:
            effect = next(e for letter, e in seen.landscapes if letter == move.letter)  # type: ignore[attr-defined]
            if effect == "tea":
                return 1.0
            if effect == "gust":
                return max((table.potential(c) for c in table.garden), default=0) - 1.0
            return -1.5
        if kind is Take:
            return table.potential(move.card)  # type: ignore[attr-defined]
        if kind is Give or kind is Discard:
            return -table.potential(move.card)  # type: ignore[attr-defined]
        if kind is Place:
            row = list(table.row)
            pile = row.pop()
            row.insert(move.index, pile)  # type: ignore[attr-defined]
            return float(R.harvest(tuple(row)))
        return 0.0      # End
