"""One seat's view of a Piri Piri Summoners position, typed, for agents.

`state.view(seat)` is the dict a board shows; `SummonersSeat` is the part of it a
player weighs, in the engine's own values (cells as (x, y) tuples, the layout as the
sorted (x, y, card) tuple), so an agent need not build the dict to read it back.
`seat_view` reads it from the state for speed; `seat_from_view` reads the same from the
view dict, and a test checks that the two agree, so the typed view holds nothing the
seat may not see [S-HIDDEN-1].
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.agents import register_seat_view
from .grid import Cell
from .moves import read_cell

if TYPE_CHECKING:
    from .state import SummonersState



class SummonersSeat(NamedTuple):
    seat: int
    phase: str                               # see `state.PHASES`
    grid: tuple[tuple[int, int, str], ...]   # the layout: (x, y, card), sorted by cell
    mana: tuple[int, ...]                    # per seat
    spirits: tuple[str, ...]                 # the seat's own Spirit cards in hand
    sculptures: tuple[Cell | None, ...]      # per seat: where its sculpture stands


def seat_view(state: "SummonersState", seat: int) -> SummonersSeat:
    """`seat`'s `SummonersSeat`, straight from the state (see `seat_from_view`)."""
    d = state.data
    return SummonersSeat(seat, d.phase, d.grid, d.mana, d.spirits[seat], d.sculptures)


def seat_from_view(view: dict[str, Any], seat: int) -> SummonersSeat:
    """The same `SummonersSeat` read from `seat`'s view dict: the reference `seat_view`
    is tested against, and what an observation holding only the
    view gives its agent."""
    seats = view["seats"]
    return SummonersSeat(
        seat, view["phase"], tuple((*read_cell(where, "grid"), card) for where, card in view["grid"].items()),
        tuple(s["mana"] for s in seats), tuple(seats[seat]["spirits"]),
        tuple(None if s["sculpture"] is None else tuple(s["sculpture"]) for s in seats))


register_seat_view("summoners", seat_view, seat_from_view)
