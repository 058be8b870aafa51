"""Pure rule helpers of Momiji: steps, piles, harvests, objectives and scores."""
from __future__ import annotations

from typing import Final, Literal, get_args

from .cards import Card, left, right, type_of, value_of

# the steps of a turn (`MomijiData.step`); Final: compiled code inlines them (tools/compile.py)
ACT: Final = 0
COLLECT: Final = 1
PLAY: Final = 2
PLACE: Final = 3
AFTER: Final = 4
TRADE: Final = 5
GUST: Final = 6
GIVE: Final = 7
LTAKE: Final = 8
POND: Final = 9
LIMIT: Final = 10
DEAL: Final = 11
OVER: Final = 12
DRAFT: Final = 13
StepName = Literal["act", "collect", "play", "place", "after", "trade", "gust", "give",
                   "lantern", "pond", "limit", "deal", "over", "draft"]
STEPS: Final = get_args(StepName)
"""The steps' names, by code: the saved form and the view name a step."""
# where the cards being dealt go (`MomijiData.deal_to`)
TO_REVEAL: Final = 0
TO_REFILL: Final = 1
TO_POND: Final = 2
DealTo = Literal["reveal", "refill", "pond"]
DEAL_TO: Final = get_args(DealTo)
# turn flags (`MomijiData.flags`)
F_MAIN: Final = 1
F_TRADED: Final = 2
F_POWER: Final = 4
F_STEPS: Final = 8
F_BRIDGE: Final = 16
F_COLLECTED: Final = 32
FlagName = Literal["main", "traded", "power", "steps", "bridge", "collected"]
FLAG_NAMES: Final = get_args(FlagName)
"""The flags' names, by bit: F_MAIN is bit 0."""
Ending = Literal["", "deck", "torii"]
ENDINGS: Final = get_args(Ending)
"""How the game ended, by code (`MomijiData.ending`): not yet, the deck ran out, the
last torii gate was taken."""
HAND_LIMIT: Final = 8
ACORNS_FOR_OBJECTIVE: Final = 3
OWNER_POINTS: Final = 10
OTHER_POINTS: Final = 3


def top(pile: tuple[Card, ...]) -> int:
    return value_of(pile[-1])


def closed(pile: tuple[Card, ...]) -> bool:
    """A 3 on top closes the pile (M-PLAY-4)."""
    return value_of(pile[-1]) == 3


def fits(card: Card, top: Card | None, bridge: bool, three_ok: bool = True) -> bool:
    """Whether `card` may go onto the pile whose top card is `top` (None: no pile of its
    type yet): a pile starts with a 0 (M-PLAY-2); a card equals the top or is one higher
    (M-PLAY-3), or two higher with Bridge (M-POWER-C); nothing goes onto a closed pile
    (M-PLAY-4); a 3 only while it may close its pile (`three_ok`, M-PLAY-5)."""
    v = value_of(card)
    if v == 3 and not three_ok:
        return False
    if top is None:
        return v == 0
    t = value_of(top)
    if t == 3:
        return False
    return v == t or v == t + 1 or (bridge and v == t + 2)


def pile_of(row: tuple[tuple[Card, ...], ...], t: int) -> int:
    """Index of the pile of type `t` in a row, or -1."""
    for i, pile in enumerate(row):
        if type_of(pile[0]) == t:
            return i
    return -1


def harvest(row: tuple[tuple[Card, ...], ...]) -> int:
    """Adjacent pairs whose top cards show acorns on facing corners (M-PLAY-7)."""
    return sum(1 for a, b in zip(row, row[1:]) if right(a[-1]) and left(b[-1]))


def pile_points(row: tuple[tuple[Card, ...], ...]) -> int:
    """Each pile scores its top card times its size (M-SCORE-1)."""
    return sum(value_of(p[-1]) * len(p) for p in row)


def measure(kind: str, arg: int, row: tuple[tuple[Card, ...], ...], acorns: int, torii: int = -1) -> int:
    """A player's count for an objective (the stand-in measures, M-OBJ-ZEROS ...).

    "tops" sums the visible top cards (M-OBJ-TOPS): the seed's example objective counts
    visible cards, and a 3 that closes a pile is covered by a torii (M-PLAY-4), so it
    counts nothing. `torii` is how many torii the player took (-1: every closed pile is
    covered); a pile closed when the supply was empty (M-PLAY-5) shows its 3."""
    if kind == "value":
        return sum(1 for p in row for c in p if value_of(c) == arg)
    if kind == "type":
        return sum(len(p) for p in row if type_of(p[0]) == arg)
    if kind == "tops":
        shut = sum(1 for p in row if value_of(p[-1]) == 3)
        bare = 0 if torii < 0 else max(0, shut - torii)
        return sum(value_of(p[-1]) for p in row if value_of(p[-1]) < 3) + 3 * bare
    if kind == "closed":
        return sum(1 for p in row if value_of(p[-1]) == 3)
    if kind == "piles":
        return len(row)
    if kind == "acorns":
        return acorns
    return max((len(p) for p in row), default=0)      # "longest"


def objective_points(counts: list[int], owner: int, needs_one: bool) -> list[int]:
    """Points per seat for one owned objective (M-OBJ-2): the best count scores, the
    owner 10, every other best player 3; ties all score; with `needs_one`, a count of 0
    meets nothing (M-OBJ-3)."""
    best = max(counts)
    out = [0] * len(counts)
    if needs_one and best < 1:
        return out
    for p, n in enumerate(counts):
        if n == best:
            out[p] = OWNER_POINTS if p == owner else OTHER_POINTS
    return out
