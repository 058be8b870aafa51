"""`PiratesState`: the `State` hooks of Lying Pirates, each calling the file of its role
(docs/architecture.md, "The layout of a game"): `legal` (pending, moves, chance),
`apply`, `explain`, `view` (with the redeal of what a seat cannot see), `encoding`;
the scores and the outcome are here."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from mypy_extensions import mypyc_attr

from explorer.core import Event, Move, Outcome, Pending, Reason, ScoreLine, State

from . import legal
from .apply import apply
from .clicks import meant_move
from .data import PiratesData
from .encoding import encode
from .explain import explain
from .odds import bid_curves, coming_luck
from .view import redeal_unseen, view

if TYPE_CHECKING:
    from .game import PiratesGame


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class PiratesState(State):
    """A Lying Pirates position (see `data.PiratesData`)."""

    __slots__ = ()

    @property
    def game(self) -> "PiratesGame":
        """The game, typed as the Lying Pirates game it is (the core types it `Game`)."""
        return cast("PiratesGame", self._game)

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is PiratesState:
            return PiratesState(self._game, data, events)
        return type(self)(self._game, data, events)

    def _find_pending(self) -> Pending:
        return legal.pending(self)

    def _generate_moves(self) -> tuple[Move, ...]:
        return legal.legal_moves(self)

    def _is_legal(self, move: Move) -> bool:
        return legal.is_legal(self, move)

    def bid_bounds(self) -> tuple[tuple[int, int] | None, int, int]:
        """(standing (quantity, face) or None, opening cap, most dice in play)."""
        return legal.bid_bounds(self)

    def chance_outcomes(self) -> tuple:
        return legal.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Move:
        return legal.sample_chance(self, rng)

    # ------------------------------------------------------------------ apply / explain
    def _apply(self, move: Move):
        return apply(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        return meant_move(self, tuple(targets))

    def _explain(self, move: Move) -> Reason:
        return explain(self, move)

    # ------------------------------------------------------------------ scores
    def scores(self) -> tuple[float, ...]:
        d: PiratesData = self.data
        return tuple(float(d.progress[p]) for p in range(self.game.players))

    def tallies(self) -> dict[str, tuple[int, ...]]:
        """Each captain's coins and crew dice (normal and special), public on the table."""
        d: PiratesData = self.data
        n = self.game.players
        return {"coins": tuple(d.coins),
                "crew": tuple(d.crew[p] + d.specials.count(p) for p in range(n))}

    def outcome(self) -> Outcome | None:
        d: PiratesData = self.data
        if d.stage != "over":
            return None
        scores = self.scores()
        lines = tuple(ScoreLine(p, scores[p], f"sailed {d.progress[p]} of {len(d.route)} tiles",
                                "P-END-1") for p in range(self.game.players))
        if d.winner >= 0:
            winners: tuple[int, ...] = (d.winner,)
        else:
            alive = [p for p in range(self.game.players) if not d.out[p]]
            best = max((scores[p] for p in alive), default=0.0)
            winners = tuple(p for p in alive if scores[p] == best)
        why = {"home": ("a lone ship reached the start/end tile in a sail phase", "P-END-1"),
               "final": ("the final battle left one captain with crew", "P-FINAL-4"),
               "rounds": ("the round limit was reached", "P-END-LIMIT"),
               "last ship": ("only one ship is left", "P-VAR-DEATH")}[d.ended]
        tie = "the ships furthest along share the win (P-END-LIMIT)" if len(winners) > 1 else ""
        return Outcome(winners, scores, lines, why[0], why[1], tie)

    # ------------------------------------------------------------------ views
    def revealed(self) -> bool:
        """Whether the cups are open to everyone (after the call)."""
        d: PiratesData = self.data
        return d.call is not None or d.phase != "betting"

    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def count_curves(self, viewer: int | None) -> Any:
        """The bid odds of each face (`odds.bid_curves`)."""
        return bid_curves(self, viewer)

    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        self.check_viewer(viewer)
        return view(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> PiratesData:
        return redeal_unseen(self, viewer, rng)

    def _encode(self) -> dict[str, Any]:
        return encode(self.data)
