"""The landscape draft (option landscapes="draft", M-SETUP-9, M-DRAFT-1, M-DRAFT-2).

The procedure, our reading of "in later games you can draft them": every player starts
with a hand of the six landscape powers (each player has their own set, as the preset
gives everyone A, B, C). Each round every player keeps one landscape of the hand in
front of them face down, one they do not hold yet, and passes the rest to the next seat;
after three rounds everyone holds three and the rest go back to the box. The engine asks
the seats one after the other, in seat order from the first player, and the passing
happens when the round is complete.

The hand seat q picks from in round r started at seat q - r and lost one landscape at
each seat it passed, so it is not stored: `MomijiData.lands[q]` holds q's picks in
round order and the hands follow from them (`hand_of`). A hand holds 6 - r different
landscapes and its picker holds r < 3 of them, so there is always a pick.

Hidden (M-DRAFT-2): a seat knows its own picks and the hands it has held, nothing else
of the others' picks until the draft ends. `sample_picks` deals the others' picks again
for `determinize`, from what the viewer knows only.
"""
from __future__ import annotations

import random
from typing import Sequence

ROUNDS = 3
"""Picks per player: three landscapes each (M-SETUP-7)."""

Lands = tuple[tuple[str, ...], ...]


def hand_of(lands: Lands, q: int, r: int, letters: Sequence[str], passing: bool = True) -> tuple[str, ...]:
    """The hand seat `q` picks from in round `r`: the full set, less the picks made from
    it at the seats it passed (rounds 0..r-1), in letter order. Without `passing`
    (draft="choose") every seat keeps its own set, less its own picks."""
    if not passing:
        return tuple(x for x in letters if x not in lands[q][:r])
    n = len(lands)
    gone = {lands[(q - r + j) % n][j] for j in range(r)}
    return tuple(x for x in letters if x not in gone)


def current_round(lands: Lands, active: int) -> int:
    """The round being drafted: as many picks as the seat to pick has made."""
    return len(lands[active])


def in_front_of(lands: Lands, q: int, active: int, letters: Sequence[str],
                passing: bool = True) -> tuple[str, ...]:
    """The landscapes in front of seat `q` now: the hand to pick from, or, once `q` has
    picked this round, what it will pass on."""
    r = current_round(lands, active)
    hand = hand_of(lands, q, r, letters, passing)
    if len(lands[q]) > r:
        return tuple(x for x in hand if x != lands[q][r])
    return hand


def choices(lands: Lands, q: int, letters: Sequence[str], passing: bool = True) -> tuple[str, ...]:
    """What seat `q` may keep now: a landscape of its hand it does not hold yet."""
    held = lands[q]
    return tuple(x for x in hand_of(lands, q, len(held), letters, passing) if x not in held)


def _reaches(start: int, j: int, viewer: int, n: int) -> int:
    """The first round after `j` at which the hand that started at seat `start` lies in
    front of `viewer`."""
    k = (viewer - start) % n
    while k <= j:
        k += n
    return k


def sample_picks(rng: random.Random, lands: Lands, viewer: int, active: int, first: int,
                 letters: Sequence[str], passing: bool = True) -> Lands:
    """The picks of every seat but `viewer` dealt again, from what `viewer` knows alone:
    how many each seat has made (public), its own picks, and the hands it has held
    (each tells which landscapes the seats before it kept from that hand, as a set).
    A randomized search over the picks in the order they were made: a pick from a hand
    that later reached the viewer keeps to what the viewer saw missing from it, so the
    search always finds picks that show the viewer exactly what it saw."""
    n = len(lands)
    r_now = current_round(lands, active)
    if not passing:         # no hand reaches the viewer: any picks of the right number
        return tuple(lands[q] if q == viewer else tuple(rng.sample(list(letters), len(lands[q])))
                     for q in range(n))
    seen = {k: set(lands[(viewer - k + j) % n][j] for j in range(k)) for k in range(1, r_now + 1)}
    order = [(j, (first + i) % n) for j in range(r_now + 1) for i in range(n)]
    order = [(j, q) for j, q in order if j < len(lands[q])]
    picks: list[list[str]] = [[] for _ in range(n)]

    def search(at: int) -> bool:
        if at == len(order):
            return True
        j, q = order[at]
        if q == viewer:
            options = [lands[q][j]]
        else:
            start = (q - j) % n
            gone = {picks[(start + i) % n][i] for i in range(j)}
            options = [x for x in letters if x not in gone and x not in picks[q]]
            k = _reaches(start, j, viewer, n)
            if k <= r_now:
                options = [x for x in options if x in seen[k]]
            rng.shuffle(options)
        for x in options:
            picks[q].append(x)
            if search(at + 1):
                return True
            picks[q].pop()
        return False

    if not search(0):       # cannot happen: the real picks are one answer
        raise AssertionError("no draft agrees with what the viewer saw")
    return tuple(tuple(p) for p in picks)
