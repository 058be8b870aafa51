"""Named luck: decks of cards and dice with uneven faces, shared by every game.

Every chance node of every game names its *stream* (`Pending.stream`: "deck", "sail
die", "battle P3", "cup P1"), and draws its outcomes from one of the values here:

- `Deck`: the cards nobody has seen (a multiset: their order is unknown, so a draw is a
  chance outcome over them) plus the cards whose place is known, on top (a scenario set
  them) or at the bottom (a card put back face up). Drawing a known card needs no luck.
- `Die`: one die, named, with any faces; faces may repeat (Lying Pirates' pirate die has
  two X and four O) and a blank is a face like any other (`BLANK`).
- `Cup`: several dice rolled together and hidden. Its outcomes are multisets per kind of
  die, so ten normal dice have 3,003 outcomes instead of 60 million, and a sample costs
  one random number per die.

All three are immutable values (NamedTuples of tuples): they sit inside a game's state
data, hash, compare equal and round-trip through JSON.

    >>> deck = Deck.of(["Axe", "Axe", "Crown"])
    >>> deck.outcomes()
    (('Axe', 0.6666666666666666), ('Crown', 0.3333333333333333))
    >>> deck.draw("Axe")
    Deck(unseen=('Axe', 'Crown'), top=(), bottom=())
    >>> Die("pirate", ("X", "X", "O", "O", "O", "O")).outcomes()
    (('X', 0.3333333333333333), ('O', 0.6666666666666666))
"""
from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any, Callable, Hashable, Iterable, Iterator, NamedTuple, Sequence, cast

from .errors import InvalidInput
from .tuples import new_tuple

BLANK = "-"
"""The face of a die that shows nothing (it counts for nothing, but it is rolled)."""


class Deck(NamedTuple):
    """A pile of cards: `unseen` (sorted, order unknown) between `top` and `bottom`.

    A draw takes `top[0]` if any card is known on top, else a chance outcome over the
    unseen cards, else `bottom[0]`. Cards of known place are listed top first.
    """

    unseen: tuple = ()
    top: tuple = ()
    bottom: tuple = ()

    @classmethod
    def of(cls, unseen: Iterable[Hashable] = (), top: Iterable[Hashable] = (),
           bottom: Iterable[Hashable] = ()) -> "Deck":
        """A deck from any iterables (the unseen cards are sorted: their order is unknown)."""
        return cls(tuple(sorted(unseen)), tuple(top), tuple(bottom))

    @property
    def size(self) -> int:
        return len(self.unseen) + len(self.top) + len(self.bottom)

    @property
    def empty(self) -> bool:
        return not (self.unseen or self.top or self.bottom)

    @property
    def needs_luck(self) -> bool:
        """True when the next draw is a chance outcome (no card known on top)."""
        return needs_luck(self)

    @property
    def known_next(self) -> Hashable | None:
        """The next card when its identity is known (on top, or the deck is all bottom)."""
        return known_next(self)

    def outcomes(self, as_move: Callable[[Any], Any] | None = None) -> tuple[tuple[Any, float], ...]:
        """Each distinct unseen card with its probability of being drawn next, in card
        order; `as_move(card)` in place of the card when given (a game's chance move).

        Runs of equal cards are found in one pass over the sorted `unseen` (the deck's
        invariant, which `draw` relies on too), comparing neighbours: a chance node of
        every simulated game lists these, so no Counter is built, and a deck of mostly
        distinct cards costs one comparison per card, not a binary search.
        """
        unseen = self.unseen
        total = len(unseen)
        out = []
        start = 0
        for i in range(1, total + 1):
            if i < total:
                card = unseen[i]
                first = unseen[start]
                if card is first or card == first:
                    continue
            card = unseen[start]
            out.append((card if as_move is None else as_move(card), (i - start) / total))
            start = i
        return tuple(out)

    def sample(self, rng: random.Random) -> Hashable:
        """One unseen card drawn uniformly (one random number)."""
        unseen = self.unseen
        return unseen[int(rng.random() * len(unseen))]

    def draw(self, card: Hashable | None = None) -> "Deck":
        """The deck after its next card is drawn (`draw`)."""
        return draw(self, card)

    def take(self, card: Hashable) -> "Deck":
        """The deck without one unseen `card` (a card dealt out of it by a redeal)."""
        return new_tuple(Deck, (_without(self.unseen, card), self.top, self.bottom))

    def put_bottom(self, *cards: Hashable) -> "Deck":
        """The deck with `cards` put face up under it, in order (their place is known)."""
        return put_bottom(self, cards)

    def counts(self) -> Counter:
        """How many of each card the whole deck holds, known or not."""
        return Counter(self.unseen + self.top + self.bottom)

    def hidden(self) -> "Deck":
        """The deck as a player knows it: the same cards, none of them known on top.

        A card known on top is known to the teacher of a scenario, not to the players,
        so `determinize` folds the top into the unseen cards."""
        if not self.top:
            return self
        return self._replace(unseen=tuple(sorted(self.unseen + self.top)), top=())

    def to_jsonable(self, name: Callable[[Any], Any] = lambda card: card) -> dict[str, list]:
        return {"unseen": [name(c) for c in self.unseen], "top": [name(c) for c in self.top],
                "bottom": [name(c) for c in self.bottom]}


# A deck's hot operations as functions: a compiled caller calls one directly, where a
# method of a NamedTuple is looked up and called through Python (the methods above are
# these, for everyone else).

def needs_luck(deck: Deck) -> bool:
    """`Deck.needs_luck`: the next draw is a chance outcome (no card known on top)."""
    return not deck.top and bool(deck.unseen)


def known_next(deck: Deck) -> Hashable | None:
    """`Deck.known_next`: the next card when its identity is known (on top, or the
    deck is all bottom)."""
    if deck.top:
        return deck.top[0]
    if not deck.unseen and deck.bottom:
        return deck.bottom[0]
    return None


def draw(deck: Deck, card: Hashable | None = None) -> Deck:
    """`Deck.draw`: the deck after its next card is drawn: `card` must be the known next
    card or, when luck decides, one of the unseen cards (the chance outcome). Fast: this
    runs at every draw of every simulated game."""
    unseen, top, bottom = deck
    if top:
        if card is not None and card != top[0]:
            raise ValueError(f"the next card is the known {top[0]!r}, not {card!r}")
        return new_tuple(Deck, (unseen, top[1:], bottom))
    if unseen:
        i = bisect_left(unseen, card)       # `_without`, inlined: the hot path
        if i == len(unseen) or unseen[i] != card:
            raise ValueError(f"{card!r} is not among the unseen cards")
        return new_tuple(Deck, (unseen[:i] + unseen[i + 1:], top, bottom))
    if bottom:
        if card is not None and card != bottom[0]:
            raise ValueError(f"the next card is the known {bottom[0]!r}, not {card!r}")
        return new_tuple(Deck, (unseen, top, bottom[1:]))
    raise ValueError("the deck is empty")


def put_bottom(deck: Deck, cards: tuple) -> Deck:
    """`Deck.put_bottom`: `cards` put face up under the deck, in order."""
    return new_tuple(Deck, (deck.unseen, deck.top, deck.bottom + cards))


def _without(cards: tuple, card: Hashable) -> tuple:
    """A sorted tuple less one `card` (a binary search: decks are kept sorted)."""
    i = bisect_left(cards, card)
    if i == len(cards) or cards[i] != card:
        raise ValueError(f"{card!r} is not among the unseen cards")
    return cards[:i] + cards[i + 1:]


class CardOdds:
    """The chance outcomes of decks whose cards are small ints (each card `c` an index
    `0 <= c < len(moves)`), as a game's chance moves: `CardOdds(moves).outcomes(
    deck.unseen)` equals `deck.outcomes(moves.__getitem__)` (tests/core/test_fast_paths.py
    checks it), with each pair `(moves[card], n / total)` made once and shared. A game
    whose every chance node is a draw from such a deck lists its outcomes with one pass
    over the sorted cards and no division or call per card.
    """

    def __init__(self, moves: Sequence[Any]) -> None:
        self.moves: tuple[Any, ...] = tuple(moves)
        self._rows: dict[int, list[tuple[tuple[Any, float], ...] | None]] = {}

    def outcomes(self, unseen: tuple[int, ...]) -> tuple[tuple[Any, float], ...]:
        """Each distinct card of `unseen` (sorted, as a `Deck` keeps it) with its
        probability of being drawn next, in card order."""
        total = len(unseen)
        if total == 0:
            return ()
        rows = self._rows.get(total)
        if rows is None:
            rows = self._rows[total] = [None] * (total + 1)
        out = []
        start = 0
        first = unseen[0]
        for i in range(1, total + 1):
            card = unseen[i] if i < total else -1
            if card != first:
                n = i - start
                row = rows[n]
                if row is None:
                    row = rows[n] = tuple([(move, n / total) for move in self.moves])
                out.append(row[first])
                start = i
                first = card
        return tuple(out)


def redeal(rng: random.Random, pool: Iterable[Any],
           sizes: Sequence[int]) -> tuple[list[tuple], tuple]:
    """Shuffle the cards a viewer cannot place and deal them out again.

    `pool` holds every card hidden from the viewer (the unseen deck and the secret parts
    of other hands); `sizes` is how many of them each hidden place holds. Returns one
    tuple per size (sorted) and the sorted rest (the new unseen deck). The pool is
    sorted before the shuffle, so the result depends only on which cards are hidden,
    never on where they really are: a sample reveals nothing (`determinize`).
    """
    cards = sorted(pool)
    rng.shuffle(cards)
    parts = []
    at = 0
    for size in sizes:
        parts.append(tuple(sorted(cards[at:at + size])))
        at += size
    if at > len(cards):
        raise ValueError("more hidden places than hidden cards")
    return parts, tuple(sorted(cards[at:]))


class Die(NamedTuple):
    """A named die. `faces` lists every face, repeats allowed; `BLANK` is a face."""

    name: str
    faces: tuple

    def outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        """Each distinct face (in the order first listed) with its probability."""
        n = len(self.faces)
        return tuple((face, k / n) for face, k in Counter(self.faces).items())

    def sample(self, rng: random.Random) -> Hashable:
        return roll_die(self, rng)

    def chance(self, face: Hashable) -> float:
        return self.faces.count(face) / len(self.faces)


class Cup(NamedTuple):
    """Dice rolled together and seen only by their owner.

    A roll is a tuple of faces, one per die in `dice` order, with the results of
    identical dice sorted (by their face order), so that equal rolls compare equal.
    """

    dice: tuple[Die, ...]

    def groups(self) -> list[tuple[Die, list[int]]]:
        """Identical dice together: each distinct die with the positions it holds."""
        seen: dict[Die, list[int]] = {}
        for i, die in enumerate(self.dice):
            seen.setdefault(die, []).append(i)
        return list(seen.items())

    def canonical(self, roll: Sequence[Hashable]) -> tuple:
        """`roll` with the results of identical dice in face order."""
        return canonical(self, roll)

    def sample(self, rng: random.Random) -> tuple:
        """One roll (one random number per die), in canonical form."""
        return self.canonical([die.sample(rng) for die in self.dice])

    def outcomes(self) -> tuple[tuple[tuple, float], ...]:
        """Every distinct roll with its probability: multisets per kind of die.

        Cached per cup: a game rolls the same few cups again and again, and listing the
        outcomes of ten dice (thousands of rolls) would otherwise dominate a rollout.
        """
        return _cup_outcomes(self.dice)

    def count_outcomes(self) -> int:
        """How many distinct rolls `outcomes` lists (without listing them)."""
        total = 1
        for die, places in self.groups():
            k = len(set(die.faces))
            total *= factorial(k + len(places) - 1) // (factorial(len(places)) * factorial(k - 1))
        return total


def canonical(cup: Cup, roll: Sequence[Hashable]) -> tuple:
    """`Cup.canonical`: `roll` with the results of identical dice in face order (a
    function, so that compiled callers call it directly)."""
    if len(roll) != len(cup.dice):
        raise InvalidInput("roll", f"expected {len(cup.dice)} faces, got {len(roll)}")
    out = list(roll)
    for die, places, order, natural in _layout(cup.dice):
        faces = [roll[i] for i in places]
        for face in faces:
            if face not in order:
                raise InvalidInput("roll", f"{face!r} is not a face of the {die.name} die")
        if len(faces) > 1:
            ordered = sorted(cast(list[int], faces)) if natural else sorted(faces, key=order.__getitem__)
            for i, face in zip(places, ordered):
                out[i] = face
    return tuple(out)


def roll_die(die: Die, rng: random.Random) -> Hashable:
    """`Die.sample`: one face, from one random number."""
    faces = die.faces
    return faces[int(rng.random() * len(faces))]


@lru_cache(maxsize=1024)
def _layout(dice: tuple[Die, ...]) -> tuple[tuple[Die, tuple[int, ...], dict[Hashable, int], bool], ...]:
    """`Cup.groups` of these dice with each die's face order, made once per cup: what
    `canonical` sorts by (a game rolls the same few cups again and again), and whether
    that order is the numbers' own (faces all ints, listed rising: a plain sort, with no
    key function called per face)."""
    out = []
    for die, places in Cup(dice).groups():
        faces = list(dict.fromkeys(die.faces))
        natural = all(type(face) is int for face in faces) and faces == sorted(faces)
        out.append((die, tuple(places), {face: i for i, face in enumerate(faces)}, natural))
    return tuple(out)


@lru_cache(maxsize=4096)
def _cup_outcomes(dice: tuple[Die, ...]) -> tuple[tuple[tuple, float], ...]:
    groups = Cup(dice).groups()
    per_group = [list(_multisets(die, len(places))) for die, places in groups]
    rolls = []
    for choice in _product(per_group):
        roll: list[Hashable] = [None] * len(dice)
        p = 1.0
        for (_die, places), (faces, q) in zip(groups, choice):
            p *= q
            for i, face in zip(places, faces):
                roll[i] = face
        rolls.append((tuple(roll), p))
    return tuple(rolls)


def _multisets(die: Die, n: int) -> Iterator[tuple[tuple, float]]:
    """Every multiset of `n` rolls of `die`, in face order, with its probability."""
    faces = list(dict.fromkeys(die.faces))
    chance = {face: die.chance(face) for face in faces}
    for combo in combinations_with_replacement(faces, n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(k) for k in counts.values())
        p: float = prod(chance[f] ** k for f, k in counts.items())   # float: mypyc checks it
        yield combo, ways * p


def _product(lists: list[list]) -> Iterator[tuple]:
    if not lists:
        yield ()
        return
    for head in lists[0]:
        for rest in _product(lists[1:]):
            yield (head,) + rest
