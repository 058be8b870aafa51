"""The coming luck, exact: the odds a decision depends on, from one viewer's knowledge.

Every game answers questions a teacher asks at the table ("how likely is the refill
after a Crown bribe to end the game?") as exact probabilities, counted by enumeration
or combinatorics, never sampled. A game's state lists them (`State.coming_luck`, one
`Chance` row per outcome of each question); `odds` gathers them into a polars frame.

What a viewer knows of a deck is a `DeckKnowledge`: the cards known on top (the teacher
of a scenario may know some), then draws without replacement from the pool of cards the
viewer cannot place (for a player: the unseen deck and the secret parts of other hands,
which a viewer cannot tell apart), for as many cards as the deck holds.

>>> deck = DeckKnowledge(top=(), pool=(("Axe", 2), ("Wild", 1), ("Crown", 1)), size=3)
>>> [(card, str(p)) for card, p in deck.next_card()]
[('Axe', '1/2'), ('Wild', '1/4'), ('Crown', '1/4')]
>>> runs = deck.until({"Wild", "Crown"})
>>> [(k, str(p)) for k, p in runs.stops], str(runs.runs_out)
([(1, '1/2'), (2, '1/3'), (3, '1/6')], '0')
>>> [(k, str(p)) for k, p in deck.count_among(2, lambda card: card == "Axe")]
[(0, '1/6'), (1, '2/3'), (2, '1/6')]
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any, Callable, Generic, Hashable, Iterable, NamedTuple, TypeVar

import polars as pl

from .errors import InvalidInput

C = TypeVar("C", bound=Hashable)
"""A game's card, as its deck holds it."""


class Chance(NamedTuple):
    """One outcome of one question about the coming luck, with its exact probability."""

    question: str       # a teacher's sentence: "the refill after a Crown bribe ends the game"
    outcome: str        # "yes", "a Crown", "3 cards: stall 3, 2 and 1"
    probability: float


class CountCurves(NamedTuple):
    """For each named kind of thing counted, P(the count is at least q) for q = 0, 1, ...,
    as one viewer knows it: what a chart of "how likely is a bid of q" draws
    (`explorer.charts.bid_odds`). A game offers it through `State.count_curves`."""

    counted: str                                  # what is counted: "dice showing the face"
    curves: tuple[tuple[str, tuple[float, ...]], ...]   # (name, P(count >= q) for each q)


class Stops(NamedTuple):
    """When a run of draws stops: P(the k-th card is the first that stops it), for each
    k, and P(the deck runs out first)."""

    stops: tuple[tuple[int, Fraction], ...]
    runs_out: Fraction


class DeckKnowledge(NamedTuple, Generic[C]):
    """A deck as one viewer knows it: `top` (cards known on top, in order), then draws
    without replacement from `pool` ((card, count) pairs: every card the viewer cannot
    place), then `bottom` (cards known at the bottom, in order); `size` cards in all.
    `C` is the game's card: a name, or an int code."""

    top: tuple[C, ...]
    pool: tuple[tuple[C, int], ...]
    size: int
    bottom: tuple[C, ...] = ()

    @classmethod
    def teachers(cls, deck: Any) -> "DeckKnowledge[Any]":
        """A `core.chance.Deck` as the teacher knows it: every card but the order of
        the unseen ones."""
        return cls(tuple(deck.top), tuple(sorted(Counter(deck.unseen).items())), deck.size, tuple(deck.bottom))

    @property
    def draws(self) -> int:
        """How many cards of the deck are drawn at random from the pool."""
        return self.size - len(self.top) - len(self.bottom)

    def next_card(self) -> list[tuple[C, Fraction]]:
        """The next card and its probability (empty when the deck is empty)."""
        if self.size <= 0:
            return []
        if self.top:
            return [(self.top[0], Fraction(1))]
        if self.draws <= 0:
            return [(self.bottom[0], Fraction(1))]
        total = sum(n for _, n in self.pool)
        return [(card, Fraction(n, total)) for card, n in self.pool if n]

    def count_among(self, first: int, wanted: Callable[[C], bool]) -> list[tuple[int, Fraction]]:
        """How many of the next `first` cards are `wanted`: each count with its chance
        (the known cards counted for sure, the drawn ones hypergeometric)."""
        first = min(first, self.size)
        known = [c for c in self.top[:first]]
        drawn = min(max(0, first - len(known)), self.draws)
        known += list(self.bottom[:max(0, first - len(self.top) - self.draws)])
        sure = sum(1 for c in known if wanted(c))
        total = sum(n for _, n in self.pool)
        good = sum(n for card, n in self.pool if wanted(card))
        ways = comb(total, drawn)
        return [(sure + k, Fraction(comb(good, k) * comb(total - good, drawn - k), ways))
                for k in range(drawn + 1) if comb(good, k) * comb(total - good, drawn - k)]

    def until(self, stoppers: Iterable[C]) -> Stops:
        """Draw until a card in `stoppers` turns up (it is drawn too): the chance that
        the k-th card is the first stopper, and that the deck runs out first."""
        stop = set(stoppers)
        found: list[tuple[int, Fraction]] = []
        for k, card in enumerate(self.top[:self.size], start=1):
            if card in stop:
                return Stops(((k, Fraction(1)),), Fraction(0))
        total = sum(n for _, n in self.pool)
        hits = sum(n for card, n in self.pool if card in stop)
        draws = self.draws
        if draws > total:
            raise InvalidInput("deck", f"a deck of {self.size} cards but only {total} cards unplaced")
        none_yet = Fraction(1)      # P(no stopper among the draws so far)
        for i in range(draws):
            left, misses = total - i, total - hits - i
            found.append((len(self.top) + i + 1, none_yet * Fraction(hits, left)))
            none_yet *= Fraction(misses, left) if misses > 0 else Fraction(0)
            if none_yet == 0:
                break
        after = len(self.top) + draws
        for k, card in enumerate(self.bottom, start=after + 1):
            if none_yet and card in stop:
                found.append((k, none_yet))
                none_yet = Fraction(0)
        return Stops(tuple((k, p) for k, p in found if p), none_yet)


def odds(state: Any, viewer: int | None = None) -> pl.DataFrame:
    """The coming luck of `state` as `viewer` knows it (None: the teacher), exact: one
    row per outcome of each question, with the columns `question`, `outcome` and
    `probability`; the probabilities of one question sum to 1."""
    from .state import State
    if not isinstance(state, State):
        raise InvalidInput("state", f"expected a State, got {type(state).__name__}")
    players = state.game.players
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < players):
        raise InvalidInput("viewer", f"expected None (teacher) or a seat 0-{players - 1}, got {viewer!r}")
    rows = state.coming_luck(viewer)
    return pl.DataFrame([r._asdict() for r in rows],
                        schema={"question": pl.String, "outcome": pl.String, "probability": pl.Float64})


def as_rows(question: str, outcomes: Iterable[tuple[str, Fraction | float]]) -> list[Chance]:
    """One question's outcomes as rows, the zero ones left out."""
    return [Chance(question, outcome, float(p)) for outcome, p in outcomes if p]
