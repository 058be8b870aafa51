"""The shapes of Village input, as msgspec types: scenarios and saved positions are
converted into them (`core.typed.convert`) before any rule reads them, so a wrong type
is refused with the path of the field ("hands[1]", "bribes[0].Crown").

A collection of cards (`Cards`) is written three ways, all read alike:
"Crown*2 Wild" (text), ["Crown", "Crown", "Wild"] (names) or {"Crown": 2, "Wild": 1}
(counts). Counts are whole numbers 0..999 (`cards.MAX_COUNT`).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

import msgspec

from ...core.checks import TurnCounter
from .cards import MAX_COUNT

Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
"""A number of cards."""
Turn = TurnCounter
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
StallCost = Annotated[int, msgspec.Meta(ge=0, le=3)]

Cards = Union[str, list[str], dict[str, Count]]
"""Cards as "Crown*2 Wild", ["Crown", "Crown", "Wild"] or {"Crown": 2, "Wild": 1}."""
Ordered = Union[str, list[str]]
"""Cards in order, top first: "Sword*2 Wild" or ["Sword", "Sword", "Wild"]."""
BribeCards = Union[Count, str, list[Union[str, Count]], dict[str, Count]]
"""One bribe: its treasure cards (3), [cards, wilds] ([3, 1]), the view's shape
{"cards": 3, "wilds": 1}, or a collection of one treasure plus wilds ("Crown*3 Wild")."""


class StallView(msgspec.Struct, forbid_unknown_fields=True):
    """A stall as the view writes it: {"cost": 3, "cards": {"Egg": 2}}."""

    cost: StallCost
    cards: Cards


StallItem = Union[str, list[str], dict[str, Any]]
"""One stall of a list: cards, or the view's {"cost": ..., "cards": ...} (a mapping is
converted to `StallView` or to counts by the scenario, with its path)."""
Track = Union[str, list[Union[str, dict[str, Union[str, int]]]]]
"""The six treasure names, lowest space first: a string, a list of names, or the view's
list of {"treasure": "Axe", "value": 1} (the values are ignored: they come from the
option `track_values`)."""



class BribeView(msgspec.Struct, forbid_unknown_fields=True):
    """A bribe as the view writes it: {"cards": 3, "wilds": 1}."""

    cards: Count = 0
    wilds: Count = 0


class TrackView(msgspec.Struct, forbid_unknown_fields=True):
    """A track space as the view writes it: {"treasure": "Axe", "value": 1}."""

    treasure: str
    value: int = 0


PhaseName = Literal["act", "refill", "curse", "draw", "over"]
ScenarioPhase = Literal["act", "refill", "curse", "draw"]


class Refill(msgspec.Struct, forbid_unknown_fields=True):
    """A refill under way: the bribed treasure and the stall dealt into next."""

    treasure: str
    next_stall: StallCost


class Scenario(msgspec.Struct, forbid_unknown_fields=True):
    """The fields of `VillageGame.scenario` (see the `scenario` module for their meaning)."""

    track: Optional[Track] = None
    hands: Optional[list[Cards]] = None
    known: Optional[list[Cards]] = None
    bribes: Optional[list[dict[str, BribeCards]]] = None
    stalls: Union[None, dict[Union[StallCost, str], Cards], list[StallItem]] = None
    deck_top: Ordered = ""
    deck: Optional[Cards] = None
    discard: Optional[Cards] = None
    to_move: Optional[Seat] = None
    turn: Turn = 0
    phase: ScenarioPhase = "act"
    paid: Cards = ""
    refill: Optional[Refill] = None


class Saved(msgspec.Struct, forbid_unknown_fields=True):
    """A saved position (`encoding.encode`): every field is required."""

    phase: PhaseName
    active: Seat
    turn: Turn
    track: list[str]
    hands: list[Cards]
    known: list[Cards]
    bribes: list[dict[str, tuple[Count, Count]]]
    stalls: dict[Literal["0", "1", "2", "3"], Cards]
    deck: Cards
    deck_top: list[str]
    discard: Cards
    refill: Optional[Refill]
    paid: Cards
    ended_by: Literal["", "refill", "draw"]
