"""Exact bid odds of Lying Pirates: from what one viewer knows, the probability that a bid
is true (the count reaches its quantity) and that it is exact (the count equals it).

What a viewer knows: the faces of some cups (their own during the betting, every cup
after the call) and, for every other cup, only which dice lie under it (the specials each
captain holds are public). The count of a bid is THE rule of `dice.judged_count`: every
participant's dice showing the face or a wild 1, except that the bidder's whole cup
counts nothing when their cursed die shows the bid's face [P-BID-COUNT] [P-CURSED]. This
module never restates that rule: it asks `dice.contribution` how each printed face of each
kind of die behaves for a given bid face (`face_roles`), and builds the distribution from
those answers; the tests check it against `judged_count` over every roll of small cups.

Method (exact, no sampling):

- Per kind of die and bid face, each printed face either counts (one die), curses (its
  owner's cup counts 0 when the owner is the bidder), or counts nothing. The success
  probability of one hidden die is a count of printed faces over six.
- Hidden dice of one kind are independent, so together they count a binomial; cups that
  are not the bidder's only add up, so all their hidden dice are pooled by kind, one
  binomial per kind, and the binomials are convolved (small polynomials).
- The bidder's own hidden cup, when it holds a die that may curse, is a mixture: with
  P(no die curses) the count of its dice given that none cursed (each die's success
  probability conditioned on not cursing), otherwise 0.
- Known cups add a fixed count (their `contribution`), a shift of the distribution.

The full raise table of a 6-player, 60-dice round is five such distributions (one per
face) and a sixth for the standing bid: well under 10 ms (benchmarks/pirates_odds.py).
Floats by default; `exact=True` computes in `fractions.Fraction` (tests compare it with
exhaustive enumeration, equality not tolerance).

    >>> known = {0: (("normal", 5), ("normal", 1))}
    >>> unknown = {1: ("normal", "normal")}
    >>> [round(p, 4) for p in count_distribution(5, known, unknown, bidder=0)]
    [0.0, 0.0, 0.4444, 0.4444, 0.1111]
    >>> bid_chances(3, 5, known, unknown, bidder=0)
    BidChances(at_least=0.5555555555555556, exactly=0.4444444444444445)
    >>> bid_text(3, 5, bid_chances(3, 5, known, unknown, bidder=0))
    'P(at least 3 fives) = 0.56, P(exactly 3) = 0.44'
"""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import fsum
from typing import Any, Final, Hashable, Iterable, Mapping, NamedTuple, Sequence, TypedDict, Union, cast

from ...core.errors import InvalidInput
from ...core.pending import CHANCE, seat_name
from ...core.tuples import new_tuple
from ...core.words import counted
from .catalogue import Roll
from .dice import (
    BATTLE_DIE,
    BATTLE_RANK,
    BID_FACES,
    CREW_DICE,
    NORMAL,
    PIRATE_DIE,
    TREASURE_DIE,
    WILD,
    Cup,
    contribution,
)
from .dice import bid_text as bid_words
from .round import Work

Number = Union[float, Fraction]
Seat = Hashable

FACE_NAMES = {2: ("two", "twos"), 3: ("three", "threes"), 4: ("four", "fours"),
              5: ("five", "fives"), 6: ("six", "sixes")}
"""Singular and plural name of each bid face, for the texts."""


class BidChances(NamedTuple):
    """P(count >= quantity) (the bid is true: a Liar call loses) and P(count == quantity)
    (an Exact call wins): floats, or Fractions when computed with `exact=True`."""

    at_least: Number
    exactly: Number


class OddsRow(TypedDict):
    """One bid with its chances, plain data (JSON-able)."""

    quantity: int
    face: int
    at_least: float
    exactly: float
    text: str


class Odds(TypedDict):
    """The odds a viewer sees (`odds_from_view`), plain data (JSON-able).

    `standing`: the standing bid judged for the seat that made it (`standing_by`), or None
    before the opening bid. `raises`: every legal next bid up to `total_dice`, in bid order,
    each judged as `bidder`'s own bid (the viewer; for the teacher, the seat to move).
    """

    viewer: Seat | None
    bidder: Seat | None
    total_dice: int
    standing: OddsRow | None
    standing_by: Seat | None
    raises: list[OddsRow]


# --------------------------------------------------------------------------- one die

class FaceRoles(NamedTuple):
    """How the printed faces of one kind of die behave for one bid face, as counts of
    printed faces (out of `sides`), asked of `dice.contribution` itself.

    `counts`: faces that count when the cup is not the bidder's. For the bidder's own cup,
    `curses`: faces that make the whole cup count 0; `counts_own`: faces that count
    (and do not curse)."""

    sides: int
    counts: int
    curses: int
    counts_own: int


@lru_cache(maxsize=None)
def face_roles(name: str, face: int) -> FaceRoles:
    """The roles of the printed faces of the die `name` for a bid on `face`.

    A face curses when a cup of that die and a wild normal die contributes 0 to its
    owner's bid (the wild die would otherwise count). The odds assume what the rule of
    dice.py does: each die counts 0 or 1, and a curse zeroes its owner's cup.

    >>> face_roles("cursed", 3)
    FaceRoles(sides=6, counts=1, curses=1, counts_own=0)
    >>> face_roles("mermaid", 6)
    FaceRoles(sides=6, counts=4, curses=0, counts_own=4)
    """
    die = CREW_DICE[name]
    counts = curses = counts_own = 0
    for shown in die.faces:
        one = ((name, shown),)
        counts += contribution(face, one, False)
        if contribution(face, one + ((NORMAL.name, WILD),), True) == 0:
            curses += 1
        else:
            counts_own += contribution(face, one, True)
    return FaceRoles(len(die.faces), counts, curses, counts_own)


@lru_cache(maxsize=None)
def binomial_pmf(n: int, hits: int, sides: int, exact: bool = False) -> tuple[Number, ...]:
    """P(k successes) for k = 0..n, of n dice each succeeding with hits/sides; exact zeros
    at the top are dropped (a die that never succeeds gives (1,)). Cached: the same few
    (n, hits, sides) recur for every bid of a round.

    >>> binomial_pmf(2, 1, 2)
    (0.25, 0.5, 0.25)
    >>> binomial_pmf(3, 0, 6, exact=True)
    (Fraction(1, 1),)
    """
    if hits == 0 or n == 0:
        return (Fraction(1) if exact else 1.0,)
    # Any, not Number: mypy infers `1 - p` and the products as float, and compiled code
    # would turn the Fractions into floats (tests/pirates/test_odds.py checks exact mode)
    p: Any = Fraction(hits, sides) if exact else hits / sides
    q: Any = 1 - p
    return tuple(math.comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1))


def convolve(a: Sequence[Number], b: Sequence[Number]) -> tuple[Number, ...]:
    """The distribution of the sum of two independent counts (polynomial product).

    >>> convolve((0.5, 0.5), (0.5, 0.5))
    (0.25, 0.5, 0.25)
    """
    if len(a) < len(b):
        a, b = b, a
    out = [a[0] * 0] * (len(a) + len(b) - 1)
    for j, y in enumerate(b):
        if y:
            for i, x in enumerate(a):
                out[i + j] += x * y
    return tuple(out)


# --------------------------------------------------------------------------- cups

def _die_name(name: str, where: str) -> str:
    if name not in CREW_DICE:
        raise InvalidInput(where, f"{name!r} is not a crew die ({', '.join(CREW_DICE)})")
    return name


@lru_cache(maxsize=1024)
def _bidders_hidden_cup(face: int, names: tuple[str, ...], exact: bool) -> tuple[Number, ...] | None:
    """The count distribution of the bidder's own hidden cup when one of its dice may
    curse: a mixture of 0 (a die cursed) and, given no die cursed, the sum of the dice
    conditioned on not cursing. None when none may curse (the cup counts as any other).
    Cached: the same few cups of dice recur round after round."""
    if not any(face_roles(name, face).curses for name in names):
        return None
    one: Number = Fraction(1) if exact else 1.0
    survive = one
    dist: tuple[Number, ...] = (one,)
    for name, n in Counter(names).items():
        roles = face_roles(name, face)
        alive = roles.sides - roles.curses
        if alive == 0:
            return (one,)                  # this die always curses: the cup counts 0
        survive *= (Fraction(alive, roles.sides) if exact else alive / roles.sides) ** n
        dist = convolve(dist, binomial_pmf(n, roles.counts_own, alive, exact))
    if survive == one:
        return dist
    mixed = [survive * p for p in dist]
    mixed[0] += one - survive
    return tuple(mixed)


def count_distribution(face: int, known: Mapping[Seat, Cup], unknown: Mapping[Seat, Sequence[str]],
                       bidder: Seat | None, *, exact: bool = False) -> tuple[Number, ...]:
    """P(judged count == k) for k = 0..total dice, for a bid on `face` made by `bidder`.

    `known`: the rolled cups whose faces the viewer knows, seat -> ((die name, face), ...).
    `unknown`: the cups the viewer cannot see, seat -> die names. Only the participants'
    cups belong in either (as for `judged_count`). `bidder` None: a bid of nobody at the
    table (the cursed rule applies to no cup). `exact`: Fractions instead of floats.

    >>> dist = count_distribution(2, {}, {0: ("cursed", "normal")}, bidder=0, exact=True)
    >>> [str(p) for p in dist]
    ['13/18', '5/18', '0']
    >>> [str(p) for p in count_distribution(2, {}, {0: ("cursed", "normal")}, bidder=1, exact=True)]
    ['5/9', '7/18', '1/18']
    """
    if face not in BID_FACES:
        raise InvalidInput("face", f"a bid names a face in {BID_FACES}, not {face!r}")
    for seat, cup in known.items():
        for name, _ in cup:
            _die_name(name, f"known[{seat!r}]")
    for seat, names in unknown.items():
        if seat in known:
            raise InvalidInput(f"unknown[{seat!r}]", "a cup is either known or unknown, not both")
        for name in names:
            _die_name(name, f"unknown[{seat!r}]")
    return _distribution(face, known, unknown, bidder, exact)


def _distribution(face: int, known: Mapping[Seat, Cup], unknown: Mapping[Seat, Sequence[str]],
                  bidder: Seat | None, exact: bool) -> tuple[Number, ...]:
    """`count_distribution` of knowledge already checked (a bid face, crew dice only)."""
    shift, size, dist = _parts(face, _cups(known.items(), unknown.items()), bidder, exact)
    zero: Number = Fraction(0) if exact else 0.0
    out = [zero] * (size + 1)
    out[shift:shift + len(dist)] = dist
    return tuple(out[:size + 1])


class _Cups(NamedTuple):
    """What a viewer knows of the cups, in the form every bid face and bidder asks of it:
    the known cups as (seat, cup) pairs, the hidden ones by seat, every hidden die pooled
    by kind (`_pool`), and how many dice there are in all."""

    known: tuple[tuple[Seat, tuple[tuple[str, Any], ...]], ...]
    unknown: dict[Seat, tuple[str, ...]]
    pool: tuple[tuple[str, int], ...]
    size: int


def _cups(known: Iterable[tuple[Seat, Cup]], unknown: Iterable[tuple[Seat, Sequence[str]]]) -> _Cups:
    """The `_Cups` of a viewer's knowledge, made once for all the faces and bidders asked:
    from (seat, cup) pairs (a mapping's items, or a seat view's pairs)."""
    size = 0
    cups: list[tuple[Seat, tuple[tuple[str, Any], ...]]] = []
    for seat, cup in known:
        rolled = tuple(cup)
        cups.append((seat, rolled))
        size += len(rolled)
    hidden: dict[Seat, tuple[str, ...]] = {}
    counts: dict[str, int] = {}
    normal = 0                              # most hidden dice: counted without a dict
    for seat, names in unknown:
        dice = hidden[seat] = tuple(names)
        size += len(dice)
        for name in dice:
            if name == "normal":
                normal += 1
            else:
                counts[name] = counts.get(name, 0) + 1
    counts["normal"] = normal
    return new_tuple(_Cups, (tuple(cups), hidden, _pool(counts), size))


def _pool(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """Dice counted by kind, as sorted (name, how many) pairs, kinds of none left out."""
    return tuple(sorted((name, n) for name, n in counts.items() if n > 0))


@lru_cache(maxsize=4096)
def _pool_without(pool: tuple[tuple[str, int], ...], names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """`pool` less the dice `names` (one cup taken out of the pool)."""
    return _pool(Counter(dict(pool)) - Counter(names))


def _shift(face: int, known: tuple[tuple[Seat, tuple[tuple[str, Any], ...]], ...],
           bidder: Seat | None) -> int:
    """The fixed count the known cups add to a bid on `face` by `bidder`."""
    shift = 0
    for seat, cup in known:
        shift += contribution(face, cup, seat == bidder)
    return shift


def _parts(face: int, cups: _Cups, bidder: Seat | None,
           exact: bool) -> tuple[int, int, tuple[Number, ...]]:
    """The count distribution in parts: (shift, size, dist), the fixed count of the known
    cups, the dice in all, and the distribution of the hidden dice's count; the judged
    count is `shift` plus a count drawn from `dist` (at most size - shift + 1 entries,
    since each hidden die counts 0 or 1, so the shifted `dist` always fits). The hidden
    dice are pooled by kind, but for the bidder's own hidden cup when one of its dice may
    curse: that cup is a mixture of its own (`_bidders_hidden_cup`)."""
    pool = cups.pool
    mixture = None
    names = cups.unknown.get(bidder)
    if names is not None:
        mixture = _bidders_hidden_cup(face, names, exact)
        if mixture is not None:
            pool = _pool_without(pool, names)
    dist = _pooled_distribution(face, pool, exact)
    if mixture is not None:
        dist = convolve(dist, mixture)
    return _shift(face, cups.known, bidder), cups.size, dist


@lru_cache(maxsize=4096)
def _pooled_distribution(face: int, pooled: tuple[tuple[str, int], ...],
                         exact: bool) -> tuple[Number, ...]:
    """The count distribution of hidden dice that are not the bidder's, pooled by kind
    (name, how many; sorted by name): one binomial per kind, convolved. Cached: the same
    few pools (mostly normal dice, a special or two) recur for every seat and round."""
    dist: tuple[Number, ...] = (Fraction(1) if exact else 1.0,)
    for name, n in pooled:
        roles = face_roles(name, face)
        dist = convolve(dist, binomial_pmf(n, roles.counts, roles.sides, exact))
    return dist


PoolOdds = tuple[Union[tuple[tuple[Number, ...], tuple[float, ...]], None], ...]
"""Per bid face (index = face; None below 2): a pool's float distribution and its tails."""


@lru_cache(maxsize=4096)
def _pool_odds(pooled: tuple[tuple[str, int], ...]) -> PoolOdds:
    """For each bid face, the float `_pooled_distribution` of `pooled` and the sums
    `SeatOdds.at_least` reads of it: entry k is min(1, fsum(dist[k:])), for k = 0 too
    (the floats may not sum to 1 exactly). One look-up per seat's knowledge for every
    face, summed once per pool: the agents ask the same few pools bid after bid."""
    table: list[tuple[tuple[Number, ...], tuple[float, ...]] | None] = [None] * (BID_FACES[-1] + 1)
    for face in BID_FACES:
        dist = _pooled_distribution(face, pooled, False)
        table[face] = (dist, tuple(min(1.0, fsum(dist[k:])) for k in range(len(dist))))
    return tuple(table)


def tail(dist: Sequence[Number], quantity: int) -> Number:
    """P(count >= quantity) of a count distribution (an exactly rounded float sum,
    clamped to [0, 1]; exact for Fractions)."""
    if quantity <= 0:
        return dist[0] * 0 + 1
    rest = dist[quantity:]
    if not rest:
        return dist[0] * 0
    if isinstance(rest[0], Fraction):
        return sum(rest, Fraction(0))
    return min(1.0, math.fsum(rest))


def bid_chances(quantity: int, face: int, known: Mapping[Seat, Cup],
                unknown: Mapping[Seat, Sequence[str]], bidder: Seat | None, *,
                exact: bool = False) -> BidChances:
    """P(the bid `quantity` x `face` by `bidder` is true) and P(it is exact), from the
    knowledge `known` / `unknown` (see `count_distribution`). A quantity above the dice
    in play is certainly false: (0, 0).

    >>> bid_chances(2, 6, {}, {0: ("pirate king",), 1: ("ghost",)}, bidder=0)
    BidChances(at_least=0.5, exactly=0.5)
    """
    if quantity < 1:
        raise InvalidInput("quantity", f"a bid is of at least one die, not {quantity!r}")
    dist = count_distribution(face, known, unknown, bidder, exact=exact)
    exactly = dist[quantity] if quantity < len(dist) else dist[0] * 0
    return BidChances(tail(dist, quantity), exactly)


KnownCups = tuple[tuple[Seat, tuple[tuple[str, Any], ...]], ...]
"""Rolled cups whose faces a seat sees, as (seat, ((die, face), ...)) pairs (`view.PiratesSeat`)."""
UnknownCups = tuple[tuple[Seat, tuple[str, ...]], ...]
"""Cups a seat cannot see, as (seat, die names) pairs."""


class _Part:
    """One face and bidder's distribution in parts (`_parts`: shift, size, dist), with
    its pool's tails (`_pool_odds`) when `dist` is a pool's (None for a bidder's mixture)."""

    __slots__ = ("shift", "size", "dist", "tails")

    def __init__(self, shift: int, size: int, dist: tuple[Number, ...],
                 tails: tuple[float, ...] | None) -> None:
        self.shift = shift
        self.size = size
        self.dist = dist
        self.tails = tails


class SeatOdds:
    """The odds one seat's knowledge gives (`seat_odds`): for each bid face and bidder
    asked, the count distribution in its parts (`_parts`), so a question is a slice of
    a remembered distribution, or one entry of its pool's tails. The values are those
    of `count_distribution` and `tail` to the last bit (a sum of the same entries; the
    zeros around them add nothing)."""

    __slots__ = ("_cups", "_pool", "_parts")

    def __init__(self, known: KnownCups, unknown: UnknownCups) -> None:
        self._cups = _cups(known, unknown)
        self._pool = _pool_odds(self._cups.pool)
        self._parts: dict[Seat | None, list[_Part | None]] = {}
        """By bidder, then by bid face (index = face)."""

    def _part(self, face: int, bidder: Seat | None) -> _Part:
        """`_parts` of `face` and `bidder`, remembered; from the pool's table unless the
        bidder's own hidden cup is a mixture."""
        if not BID_FACES[0] <= face <= BID_FACES[-1]:
            raise InvalidInput("face", f"a bid names a face in {BID_FACES}, not {face!r}")
        faces = self._parts.get(bidder)
        if faces is None:
            faces = self._parts[bidder] = [None] * (BID_FACES[-1] + 1)
        part = faces[face]
        if part is None:
            cups = self._cups
            names = cups.unknown.get(bidder)
            pooled = cast(tuple[tuple[Number, ...], tuple[float, ...]], self._pool[face])
            if names is not None and _bidders_hidden_cup(face, names, False) is not None:
                shift, size, dist = _parts(face, cups, bidder, False)
                part = _Part(shift, size, dist, None)
            else:
                part = _Part(_shift(face, cups.known, bidder), cups.size, pooled[0], pooled[1])
            faces[face] = part
        return part

    def at_least(self, face: int, bidder: Seat | None, quantity: int) -> float:
        """P(count >= `quantity`) of a bid on `face` by `bidder` (`tail`)."""
        if quantity <= 0:
            return 1.0
        part = self._part(face, bidder)
        if quantity > part.size:
            return 0.0
        k = max(0, quantity - part.shift)
        tails = part.tails
        if tails is None:
            return min(1.0, fsum(part.dist[k:]))
        return tails[k] if k < len(tails) else 0.0

    def exactly(self, face: int, bidder: Seat | None, quantity: int) -> float:
        """P(count == `quantity`) of a bid on `face` by `bidder`."""
        part = self._part(face, bidder)
        dist = part.dist
        k = quantity - part.shift
        return float(dist[k]) if 0 <= k < len(dist) else 0.0   # `dist` ends by the dice in all


def seat_odds(known: KnownCups, unknown: UnknownCups) -> SeatOdds:
    """The `SeatOdds` of a seat's knowledge in hashable form, remembered: an agent weighs
    the same cups bid after bid through a round, and a search asks again in every
    sample. The cups are a seat view's, read from a state, so they need no checking.

    The last few answers are found first by equality alone (`_RECENT`): the seats of a
    round bid in turn, so a handful of entries hold the whole round, and comparing
    tuples that share their cups is cheap where hashing them (a tuple's hash is not
    kept) is not; the rest are remembered by `_seat_odds`."""
    for entry in _RECENT:
        if entry[0] == known and entry[1] == unknown:
            return entry[2]
    odds = _seat_odds(known, unknown)
    _RECENT.insert(0, (known, unknown, odds))
    del _RECENT[_RECENT_SIZE:]
    return odds


_RECENT: Final[list[tuple[KnownCups, UnknownCups, SeatOdds]]] = []
"""The latest answers of `seat_odds`, the newest first."""
_RECENT_SIZE: Final = 8
"""More than the six seats of a round."""


@lru_cache(maxsize=1024)
def _seat_odds(known: KnownCups, unknown: UnknownCups) -> SeatOdds:
    return SeatOdds(known, unknown)


# --------------------------------------------------------------------------- bids

def _bid_pair(bid: Any) -> tuple[int, int] | None:
    if bid is None:
        return None
    if isinstance(bid, Mapping):
        return int(bid["quantity"]), int(bid["face"])
    quantity, face = bid
    return int(quantity), int(face)


def legal_raises(standing: Mapping[str, Any] | tuple[int, int] | None, players: int,
                 total_dice: int, *, open_cap: int | None = None) -> tuple[tuple[int, int], ...]:
    """Every legal next bid (quantity, face), in bid order (by quantity, then face).

    After a standing bid: the same quantity with a higher face, then every higher quantity
    with any face. The opening bid: quantity 1..`open_cap` (default: the number of
    `players` in the game), any face. Bids above `total_dice` are legal but certainly
    false, so they are left out: the list stops at `total_dice` (an empty list when even
    the standing bid has reached it with sixes).

    >>> legal_raises(None, 2, 10)[:6]
    ((1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2))
    >>> legal_raises({"quantity": 4, "face": 5, "by": 1}, 3, 5)
    ((4, 6), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6))
    >>> legal_raises((5, 6), 3, 5)
    ()
    """
    pair = _bid_pair(standing)
    if pair is None:
        top = min(players if open_cap is None else open_cap, total_dice)
        return tuple((q, f) for q in range(1, top + 1) for f in BID_FACES)
    quantity, face = pair
    same = tuple((quantity, f) for f in BID_FACES if f > face) if quantity <= total_dice else ()
    return same + tuple((q, f) for q in range(max(quantity + 1, 1), total_dice + 1) for f in BID_FACES)


def _number(p: float) -> str:
    """Two decimals, never rounding a possible event to 0 or a doubtful one to 1."""
    if 0 < p < 0.005:
        return "<0.01"
    if 0.995 <= p < 1:
        return ">0.99"
    return f"{p:.2f}"


def bid_text(quantity: int, face: int, chances: BidChances) -> str:
    """'P(at least 7 fives) = 0.41, P(exactly 7) = 0.17' ('1 five' for one die).

    >>> bid_text(1, 6, BidChances(1.0, 0.001))
    'P(at least 1 six) = 1.00, P(exactly 1) = <0.01'
    """
    singular, plural = FACE_NAMES[face]
    return (f"P(at least {quantity} {singular if quantity == 1 else plural}) = "
            f"{_number(float(chances.at_least))}, P(exactly {quantity}) = "
            f"{_number(float(chances.exactly))}")


# --------------------------------------------------------------------------- views

class _Knowledge(NamedTuple):
    known: dict[Seat, tuple[tuple[str, Any], ...]]
    unknown: dict[Seat, tuple[str, ...]]
    total: int


def knowledge(view: Mapping[str, Any]) -> _Knowledge:
    """The participants' cups of a view, split into those whose faces it shows (known)
    and those it hides (only die names). Cups with `betting` false take no part."""
    cups = view["cups"]
    entries = cups.items() if isinstance(cups, Mapping) else enumerate(cups)
    known: dict[Seat, tuple[tuple[str, Any], ...]] = {}
    unknown: dict[Seat, tuple[str, ...]] = {}
    total = 0
    for seat, cup in entries:
        if not cup.get("betting", True):
            continue
        names = tuple(cup["dice"])
        faces = cup.get("faces")
        total += len(names)
        if faces is None:
            unknown[seat] = names
        else:
            if len(faces) != len(names):
                raise InvalidInput(f"cups[{seat!r}].faces", "one face per die")
            known[seat] = tuple(zip(names, faces))
    return _Knowledge(known, unknown, total)


def _players(view: Mapping[str, Any]) -> int:
    players = view["players"]
    return players if isinstance(players, int) else len(players)


def _check_viewer(view: Mapping[str, Any], viewer: Seat | None) -> None:
    if "viewer" in view and view["viewer"] != viewer:
        raise InvalidInput("viewer", f"this view is {view['viewer']!r}'s, not {viewer!r}'s: "
                                     "the odds use exactly what the view shows")


_DEFAULT: Any = object()
"""`bidder` not given: the viewer, or for the teacher the seat to move."""


def _raiser(view: Mapping[str, Any], viewer: Seat | None, bidder: Any) -> Seat | None:
    if bidder is not _DEFAULT:
        return bidder
    if viewer is not None:
        return viewer
    to_move = view.get("to_move")
    return to_move if isinstance(to_move, int) else None


def odds_from_view(view: Mapping[str, Any], viewer: Seat | None, *, bidder: Any = _DEFAULT) -> Odds:
    """The odds `viewer` sees in `view` (= state.view(viewer)): the standing bid judged
    for the seat that made it, and every raise judged as the viewer's own bid.

    Knowledge is exactly what the view shows: faces of the cups it shows, die names of
    the others. `viewer` None is the teacher, whose view shows every cup, so every
    probability is 0 or 1 (the truth); the teacher's raises are judged as bids of
    `view["to_move"]` when the view names a seat to move. `bidder` overrides whose raises
    they are. A viewer whose cup is not betting has no raises.

    >>> view = {"players": 2, "bid": {"quantity": 1, "face": 6, "by": 1}, "viewer": 0,
    ...         "cups": [{"dice": ["normal"], "faces": [6], "betting": True},
    ...                  {"dice": ["normal"], "faces": None, "betting": True}]}
    >>> odds = odds_from_view(view, 0)
    >>> odds["standing"]["text"]
    'P(at least 1 six) = 1.00, P(exactly 1) = 0.67'
    >>> [row["text"] for row in odds["raises"][:2]]
    ['P(at least 2 twos) = 0.00, P(exactly 2) = 0.00', 'P(at least 2 threes) = 0.00, P(exactly 2) = 0.00']
    """
    _check_viewer(view, viewer)
    known, unknown, total = knowledge(view)
    raiser = _raiser(view, viewer, bidder)
    dists: dict[tuple[int, Seat | None], tuple[Number, ...]] = {}

    def row(quantity: int, face: int, by: Seat | None) -> OddsRow:
        key = (face, by)
        if key not in dists:
            dists[key] = count_distribution(face, known, unknown, by)
        dist = dists[key]
        at_least = float(tail(dist, quantity))
        exactly = float(dist[quantity]) if quantity < len(dist) else 0.0
        return {"quantity": quantity, "face": face, "at_least": at_least, "exactly": exactly,
                "text": bid_text(quantity, face, BidChances(at_least, exactly))}

    bid = view.get("bid")
    pair = _bid_pair(bid)
    standing_by = bid.get("by") if isinstance(bid, Mapping) else None
    standing = row(pair[0], pair[1], standing_by) if pair is not None else None
    can_raise = viewer is None or viewer in known or viewer in unknown
    raises = [row(q, f, raiser) for q, f in legal_raises(pair, _players(view), total)] if can_raise else []
    return {"viewer": viewer, "bidder": raiser, "total_dice": total, "standing": standing,
            "standing_by": standing_by, "raises": raises}


def face_table(view: Mapping[str, Any], viewer: Seat | None, *,
               bidder: Any = _DEFAULT) -> dict[int, tuple[float, ...]]:
    """For each bid face 2-6, P(count >= q) for q = 0..total dice, as `viewer` knows the
    cups (see `odds_from_view`; judged as the viewer's own bid, for the teacher as the
    seat to move's). The curve behind `explorer.charts.bid_odds`.

    >>> view = {"players": 2, "bid": None, "cups": [{"dice": ["ghost"], "faces": None}]}
    >>> face_table(view, None)[4]
    (1.0, 0.5)
    """
    _check_viewer(view, viewer)
    known, unknown, total = knowledge(view)
    raiser = _raiser(view, viewer, bidder)
    table = {}
    for face in BID_FACES:
        dist = count_distribution(face, known, unknown, raiser)
        table[face] = tuple(float(tail(dist, q)) for q in range(total + 1))
    return table


def bid_curves(state: Any, viewer: Seat | None) -> Any:
    """`face_table` as `core.odds.CountCurves`, each face by its name ("fives"): what
    `explorer.charts.bid_odds` draws."""
    from ...core.odds import CountCurves  # polars comes with it: not on a game's import
    table = face_table(state.view(viewer), viewer)
    return CountCurves("dice showing the face", tuple((FACE_NAMES[face][1], curve) for face, curve in table.items()))


# --------------------------------------------------------------------------- the coming luck

def _battle_wins(faces: Sequence[Sequence[int]]) -> list[Fraction]:
    """P(each fighter wins) when all roll their battle die and those tied for the top
    roll again until one is left (P-BATTLE-2): `faces` holds each fighter's face ranks.

    >>> [str(p) for p in _battle_wins([(0, 0, 1, 1, 2, 2)] * 3)]
    ['1/3', '1/3', '1/3']
    """
    n = len(faces)
    if n == 1:
        return [Fraction(1)]
    top_at: dict[frozenset[int], Fraction] = {}
    rolls = [[(rank, Fraction(count, len(f))) for rank, count in Counter(f).items()] for f in faces]

    def spread(i: int, best: int, tied: frozenset[int], p: Fraction) -> None:
        if i == n:
            top_at[tied] = top_at.get(tied, Fraction(0)) + p
            return
        for rank, q in rolls[i]:
            if rank > best:
                spread(i + 1, rank, frozenset((i,)), p * q)
            elif rank == best:
                spread(i + 1, best, tied | {i}, p * q)
            else:
                spread(i + 1, best, tied, p * q)

    spread(0, -1, frozenset(), Fraction(1))
    again = top_at.pop(frozenset(range(n)), Fraction(0))     # all tied: the same battle again
    wins = [Fraction(0)] * n
    for tied, p in top_at.items():
        members = sorted(tied)
        inner = _battle_wins([faces[i] for i in members])
        for i, w in zip(members, inner):
            wins[i] += p * w
    return [w / (1 - again) for w in wins]


def coming_luck(state: Any, viewer: Seat | None) -> list[Any]:
    """The coming luck of Lying Pirates as `viewer` knows it, exact: the standing bid's
    truth (P-BID-COUNT, from the cups the viewer sees), and at the sail die (P-SAIL-1)
    how far the ships sail, where each lands, who wins the battle of the ships that
    moved (P-BATTLE-2, ties rolled again) and what the die of an uncharted or
    treacherous tile they may land on shows (P-TILE-1)."""
    from ...core.odds import Chance, as_rows
    view = state.view(viewer)
    rows: list[Chance] = []
    if view["over"]:
        return rows
    bid = view.get("bid")
    pair = _bid_pair(bid)
    if pair is not None and view["phase"] == "betting":
        known, unknown, _ = knowledge(view)
        by = bid.get("by") if isinstance(bid, Mapping) else None
        dist = count_distribution(pair[1], known, unknown, by)
        true = float(tail(dist, pair[0]))
        exactly = float(dist[pair[0]]) if pair[0] < len(dist) else 0.0
        rows += as_rows(f"the standing bid of {bid_words(pair[0], pair[1])} is true",
                        [("yes", Fraction(true)), ("no", Fraction(1 - true))])
        rows += as_rows(f"the standing bid of {bid_words(pair[0], pair[1])} is exact",
                        [("yes", Fraction(exactly)), ("no", Fraction(1 - exactly))])
    if state.to_move != CHANCE or state.pending.step != "sail die":
        return rows
    landing: dict[int, dict[str, Fraction]] = {}
    dice_at: dict[str, str] = {}
    battle: dict[int, Fraction] = {}
    ranks = [BATTLE_RANK[str(face)] for face in BATTLE_DIE.faces]
    for move, p in state.chance_outcomes():
        sail = int(str(move).split()[-1])
        rows.append(Chance("the sail die", counted(sail, "tile"), p))
        work = Work(state.game, state.data)              # the engine's own move of the ships [P-SAIL-2]
        before = tuple(work.progress)
        work.sail_moves(sail)
        movers = [seat for seat, (old, new) in enumerate(zip(before, work.progress)) if new != old]
        if len(movers) > 1:         # the ships that moved battle, ties rolled again [P-BATTLE-2]
            for seat, w in zip(movers, _battle_wins([ranks] * len(movers))):
                battle[seat] = battle.get(seat, Fraction(0)) + Fraction(p) * w
        for seat in movers:
            tile = state.game.tiles[work.route[work.progress[seat] % work.length]]
            where = landing.setdefault(seat, {})
            where[tile.name] = where.get(tile.name, Fraction(0)) + Fraction(p)
            die = _tile_die(tile)
            if die:
                dice_at[tile.name] = die
    for seat in sorted(landing):
        rows += as_rows(f"where {seat_name(seat)}'s ship lands", sorted(landing[seat].items()))
    if battle:
        no_battle = 1 - sum(battle.values(), Fraction(0))
        rows += as_rows("who wins the battle of the ships that sail (ties roll again)",
                        [*((seat_name(seat), w) for seat, w in sorted(battle.items())),
                         ("no battle: fewer than two ships move", no_battle)])
    faces = {"pirate": PIRATE_DIE, "treasure": TREASURE_DIE}
    for name, die in sorted(dice_at.items()):
        counts = Counter(str(face) for face in faces[die].faces)
        rows += as_rows(f"the {die} die at {name}",
                        [(face, Fraction(n, len(faces[die].faces))) for face, n in counts.items()])
    return rows


def _tile_die(tile: Any) -> str:
    """The die a tile rolls ("pirate" or "treasure"), or ""."""
    for effect in tile.effects:
        if isinstance(effect, Roll):
            return str(effect.die)
    return ""
