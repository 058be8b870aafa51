"""The chance outcomes of a cup [P-BET-ROLL], listed fast and once.

A cup is normal dice then special dice (`engine.dice_names`), each kind rolled
independently, so its outcomes are the product of the outcomes of its groups: the
normal dice together (core `Cup`, multisets: 3,003 rolls for ten dice) and each special
die alone. Listing each group once (core caches them) and multiplying here costs a
fraction of listing every cup afresh: a game meets hundreds of distinct cups (crew
counts times special dice held) but only a dozen distinct groups. The result is the
very tuple core `Cup(dice).outcomes()` lists, roll for roll and probability for
probability; `tests/pirates/test_cups.py` proves it.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import repeat

from .dice import CREW_DICE
from .engine import cup_of
from .moves import CupRoll


def _split(names: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """(number of normal dice, the special dice) of a cup in canonical order."""
    k = names.count("normal")
    return k, names[k:]


@lru_cache(maxsize=512)
def cup_outcomes(names: tuple[str, ...]) -> tuple[tuple[tuple, float], ...]:
    """Every roll of a cup of dice `names` with its probability, in core `Cup` order
    (the normal dice vary slowest, then each special die in turn)."""
    k, specials = _split(names)
    rolls: list[tuple[tuple, float]] = [(roll, 1.0 * q) for roll, q in cup_of(("normal",) * k).outcomes()] \
        if k else [((), 1.0)]
    for name in specials:
        faces = CREW_DICE[name].outcomes()
        rolls = [(roll + (face,), p * q) for roll, p in rolls for face, q in faces]
    return tuple(rolls)


_new = object.__new__
_SET_PLAYER = CupRoll.__dict__["player"].__set__
_SET_FACES = CupRoll.__dict__["faces"].__set__
"""The slots of a `CupRoll`, filled directly by `cup_rolls`."""


@lru_cache(maxsize=512)
def cup_rolls(p: int, names: tuple[str, ...]) -> tuple[tuple[CupRoll, float], ...]:
    """The chance outcomes of P`p`'s cup of dice `names` as moves, listed once: a game
    rolls the same few cups round after round.

    The moves are made in bulk, their slots filled by C-level loops: they are the very
    values `CupRoll(p, faces)` makes (a frozen dataclass has no other state), about
    seven times faster. A cup of ten dice and two special dice has 30,030 rolls and a
    game meets hundreds of cups, so a rollout spent a fifth of its time here."""
    faces, probs = zip(*cup_outcomes(names))
    k = len(faces)
    rolls = list(map(_new, repeat(CupRoll, k)))
    deque(map(_SET_PLAYER, rolls, repeat(p, k)), maxlen=0)
    deque(map(_SET_FACES, rolls, faces), maxlen=0)
    return tuple(zip(rolls, probs))


@lru_cache(maxsize=16)
def _normal_rolls(k: int) -> frozenset:
    return frozenset(roll for roll, _ in cup_of(("normal",) * k).outcomes())


def cup_legal(names: tuple[str, ...], faces: tuple) -> bool:
    """Whether `faces` is a roll of a cup of dice `names` in canonical form (the normal
    dice in face order, each special die showing one of its faces)."""
    if type(faces) is not tuple or len(faces) != len(names):
        return False
    k, specials = _split(names)
    if k and faces[:k] not in _normal_rolls(k):
        return False
    return all(f in CREW_DICE[name].faces for name, f in zip(specials, faces[k:]))
