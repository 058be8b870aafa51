"""`SummonersState`: the `State` hooks of Piri Piri Summoners, each calling the file of
its role (docs/architecture.md, "The layout of a game"): `legal`, `apply`, `explain`,
`view`, `encoding`; the scores and the outcome are here.

`SummonersData` holds everything as tuples, ints and strings, plus parts derived from
the grid and kept incrementally: the frontier (where cards may go), its cells' placement
limits per suit, and the summon sites (where each Spirit card's pattern is on the
table). A turn runs in phases: "action" (choose cycle, draw, buy or pass), a chance
phase when the deck gives a card ("draw", "cycle-draw", "refill": all from the "deck"
stream), "play" (place a hand card after a draw or a buy), "summon" (the summon window,
open after every action) and "over".
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from mypy_extensions import mypyc_attr

from explorer.core import (
    Event,
    Move,
    Outcome,
    Pending,
    Reason,
    ScoreLine,
    State,
)

from . import fast, legal
from . import grid as g
from .apply import apply
from .cards import SPIRIT_POINTS, card_name
from .clicks import meant_move
from .data import SummonersData
from .encoding import encode
from .explain import explain
from .grid import Cell
from .moves import Reveal
from .odds import coming_luck
from .view import build_view, redeal_unseen

if TYPE_CHECKING:
    from .game import SummonersGame


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class SummonersState(State):
    """A Piri Piri Summoners position (see `SummonersData`)."""

    __slots__ = ("_cells",)
    _cells: dict[Cell, str]

    @property
    def game(self) -> "SummonersGame":
        """The game, typed as the Summoners game it is (the core types it `Game`)."""
        return cast("SummonersGame", self._game)

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is SummonersState:
            return SummonersState(self._game, data, events)
        return type(self)(self._game, data, events)

    @property
    def cells(self) -> dict[Cell, str]:
        """The grid as a dict {(x, y): card} (built on first use, once per state: the
        slot stays unset until then, which spares every new state an __init__)."""
        try:
            return self._cells
        except AttributeError:
            data: SummonersData = self.data
            cells = fast.cells_of(data.grid)
            self._cells = cells
            return cells

    @property
    def frontier(self) -> frozenset[Cell]:
        """The empty cells where a card may go [S-PLACE-1] [S-PLACE-5], read from the
        frontier's codes in `SummonersData.limits` (kept there once, not twice)."""
        return g.frontier_cells(self.data.limits)

    def _find_pending(self) -> Pending:
        return legal.pending(self)

    def _generate_moves(self) -> tuple:
        return legal.legal_moves(self)

    def _is_legal(self, move: Any) -> bool:
        return legal.is_legal(self, move)

    def chance_outcomes(self) -> tuple:
        return legal.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Reveal:
        return legal.sample_chance(self, rng)

    def _explain(self, move: Move) -> Reason:
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move clicking `targets` means, legal or not (see `clicks`), or None."""
        return meant_move(self, tuple(targets))

    def _apply(self, move: Any) -> tuple[SummonersData, tuple[Event, ...]]:
        return apply(self, move)

    # ------------------------------------------------------------------ scoring
    def _scoring(self, p: int) -> tuple[str, ...]:
        """The Spirit cards that score for `p` [S-SCORE-1]: all they summoned, or those
        not consumed since (option `consumed_spirits_count`) [S-SUMMON-3]."""
        d: SummonersData = self.data
        if self.game.options.consumed_spirits_count or not d.gone:
            return d.summoned[p]
        return tuple(s for s in d.summoned[p] if s not in d.gone)

    def scores(self) -> tuple[float, ...]:
        d: SummonersData = self.data
        return tuple(float(d.mana[p] + sum(SPIRIT_POINTS[s[1:]] for s in self._scoring(p)))
                     for p in range(self.game.players))

    def outcome(self) -> Outcome | None:
        d: SummonersData = self.data
        if d.phase != "over":
            return None
        scores = self.scores()
        lines = []
        for p in range(self.game.players):
            lines.append(ScoreLine(p, float(d.mana[p]), f"{d.mana[p]} mana", "S-SCORE-1"))
            for s in self._scoring(p):
                lines.append(ScoreLine(p, float(SPIRIT_POINTS[s[1:]]),
                                       f"summoned the {card_name(s)}", "S-SCORE-1"))
        if d.ended == "spirits":
            return Outcome((d.winner,), scores, tuple(lines),
                           "a player summoned all three of their Spirit cards", "S-END-1")
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        tie = "tied players share the win (S-SCORE-2)" if len(winners) > 1 else ""
        if d.ended == "passes":
            return Outcome(winners, scores, tuple(lines),
                           "every player passed in succession", "S-END-2", tie)
        return Outcome(winners, scores, tuple(lines),
                       f"the turn limit of {self.game.options.max_turns} turns was reached",
                       "S-END-3", tie)

    # ------------------------------------------------------------------ views
    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        return build_view(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> SummonersData:
        return redeal_unseen(self, viewer, rng)

    def _encode(self) -> dict[str, Any]:
        return encode(self.data)
