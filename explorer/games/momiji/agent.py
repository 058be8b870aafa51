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
from typing import ClassVar

from ...core.agents import Observation, best_of
from ...core.move import Move
from . import rules as R
from .cards import TYPES, Card, code, type_of, value_of
from .moves import Activate, Collect, Discard, Give, Pick, Place, Play, Power, Reveal, Stop, Swap, Take, Trade
from .view import MomijiSeat

_TYPE = {name: t for t, name in enumerate(TYPES)}

_MEASURES = {"M-OBJ-ZEROS": ("value", 0), "M-OBJ-TOPS": ("tops", -1), "M-OBJ-TORII": ("closed", -1),
             "M-OBJ-PILES": ("piles", -1), "M-OBJ-ACORNS": ("acorns", -1),
             "M-OBJ-LONGEST": ("longest", -1)}
"""What each stand-in objective counts (`rules.measure`'s kind and argument); an
objective of a type (M-OBJ-TYPE) counts its type's cards, any other the piles."""

_PICK_WORTH = {"tea": 1.0, "gust": 0.8, "koi": 0.6, "lantern": 0.5, "bridge": 0.4, "steps": 0.3}
"""How much the agent likes to keep each power in the landscape draft (M-DRAFT-1)."""


class _Table:
    """The agent's reading of its seat's view, and what one decision works out once: the
    potential of each card met (a hand card, a garden card), the garden by type, the
    other seats' rows as the agent guesses them."""

    __slots__ = ("seen", "me", "hand", "row", "acorns", "tops", "garden", "late",
                 "_potential", "_by_type", "_rows")

    def __init__(self, seen: MomijiSeat) -> None:
        self.seen = seen
        me = self.me = seen.seat
        self.hand = seen.hand
        self.row = list(seen.rows[me])
        self.acorns = seen.acorns[me]
        self.tops = {type_of(p[0]): value_of(p[-1]) for p in self.row}
        self.garden = seen.garden
        self.late = seen.deck < 12 or seen.ending
        self._potential: dict[Card, float] = {}
        self._by_type: dict[int, list[Card]] | None = None
        self._rows: list[tuple[tuple[tuple[Card, ...], ...], int]] | None = None

    def potential(self, card: Card) -> float:
        """What `card` in hand is worth: a little if it can still go onto its pile (or
        start one), nothing if it cannot (once per card and decision)."""
        found = self._potential.get(card)
        if found is None:
            top = self.tops.get(type_of(card))
            v = value_of(card)
            if top is not None and (top == 3 or v < top):
                found = 0.0
            else:
                found = 0.2 * v + 0.2
            self._potential[card] = found
        return found

    def pile_value(self, pile: tuple[Card, ...]) -> float:
        top = value_of(pile[-1])
        return (top if self.late else max(top, 2)) * len(pile)

    def play_gain(self, card: Card) -> float:
        t = type_of(card)
        for pile in self.row:
            if type_of(pile[0]) == t:
                return self.pile_value(pile + (card,)) - self.pile_value(pile) - self.potential(card) + \
                    (1.0 if value_of(card) == 3 else 0.0)
        return self.pile_value((card,)) - self.potential(card)

    def collect_gain(self, leaf: int) -> float:
        """Taking every garden card of type `leaf`: their potential, less a penalty for
        the cards over a hand of 6."""
        by_type = self._by_type
        if by_type is None:
            by_type = self._by_type = {}
            for c in self.garden:
                by_type.setdefault(type_of(c), []).append(c)
        got = by_type.get(leaf, ())
        over = max(0, len(self.hand) + len(got) - 6)
        return sum(map(self.potential, got)) - 0.5 * over - 0.2

    def objective_gain(self, key: str) -> float:
        """Activating objective `key`: worth it when my count beats every count I can
        see (sizes I cannot see guessed), a loss when it does not (M-OBJ-2)."""
        seen = self.seen
        measure = next(rule for k, rule in seen.objectives if k == key)
        rows = self._rows
        if rows is None:        # every seat's row as the agent sees it, mine first
            rows = self._rows = [(tuple(self.row), self.acorns)]
            for p, piles in enumerate(seen.rows):
                if p == self.me:
                    continue
                if seen.counted[p]:
                    rows.append((piles, seen.acorns[p]))
                else:   # sizes hidden: guess three cards under each top
                    rows.append((tuple((code(type_of(top), 0, 0),) * 3 + (top,)
                                         for (top,) in piles), seen.acorns[p]))
        if measure == "M-OBJ-TYPE":
            what, arg = "type", _TYPE.get(key.split("-", 1)[-1].capitalize(), -1)
        else:
            what, arg = _MEASURES.get(measure, ("piles", -1))
        mine = R.measure(what, arg, *rows[0])
        best_other = 0
        for row, acorns in rows[1:]:
            best_other = max(best_other, R.measure(what, arg, row, acorns))
        if mine < 1 or mine < best_other:
            return -3.0
        return 7.0 if mine > best_other else 5.0

    def scores(self, moves: tuple[Move, ...]) -> list[float]:
        """The score of each of `moves`, in one pass (the most frequent kinds first)."""
        seen = self.seen
        potential = self.potential
        trading = seen.step == "trade"
        effects: dict[str, str] | None = None       # the seat's landscapes, by letter
        out: list[float] = []
        append = out.append
        for move in moves:
            if isinstance(move, Trade):
                loss = potential(move.card)
                append(-loss if trading else 1.0 - 2 * loss - 0.3)
            elif isinstance(move, Collect):
                append(self.collect_gain(move.type))
            elif isinstance(move, Power):
                if effects is None:
                    effects = dict(seen.landscapes)
                effect = effects[move.letter]
                if effect == "tea":
                    append(1.0)
                elif effect == "gust":
                    append(max(map(potential, self.garden), default=0) - 1.0)
                else:
                    append(-1.5)
            elif isinstance(move, Play):
                append(self.play_gain(move.card))
            elif isinstance(move, Stop):
                append(2.0 * R.harvest(tuple(self.row)) if len(set(seen.play)) >= 2 else 0.0)
            elif isinstance(move, Reveal):
                append(-0.6)
            elif isinstance(move, Activate):
                append(self.objective_gain(move.key))
            elif isinstance(move, Take):
                append(potential(move.card))
            elif isinstance(move, (Give, Discard)):
                append(-potential(move.card))
            elif isinstance(move, Swap):
                append(potential(move.take) - potential(move.give))
            elif isinstance(move, Pick):       # the draft: powers that pay back surely first
                append(_PICK_WORTH.get(move.effect, 0.0))
            elif isinstance(move, Place):
                row = list(self.row)
                pile = row.pop()
                row.insert(move.index, pile)
                append(float(R.harvest(tuple(row))))
            else:
                append(0.0)      # End
        return out


class GreedyMomijiAgent:
    """Grows piles, closes them, collects what fits, claims objectives it leads."""

    name: ClassVar[str] = "greedy"
    observes: ClassVar[tuple[str, ...]] = ("seat",)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        legal = obs.legal
        return best_of(legal, _Table(obs.seat).scores(legal), rng)
