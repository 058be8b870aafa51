"""`MomijiState`: the `State` hooks of Momiji, each calling the file of its role, and the
scores.

A turn is a sequence of small decisions, each its own pending step (`rules.STEPS`):

- "act": the player chooses the main action (M-TURN-1) or an extra (M-EXTRA-1): collect
  a type, pay for a reveal, play a first card, activate an objective, trade a card,
  use a power; "end" only when no main action is possible (M-TURN-2).
- "collect": after a paid reveal the player collects (or reveals again, M-COLLECT-3).
- "play": a Play is built one card at a time (M-PLAY-1): each card is its own move, the
  cards that may follow are those that keep the play one type (up to 2, or 3 with
  Steps) or all different types; "stop" completes it and pays the acorn harvest.
- "place": with new_piles="any", where a new pile goes in the row (M-PLAY-6).
- "after": extras and "end" after the main action.
- "trade", "gust", "give", "pond": the second step of an extra (the second card of a
  trade, the card Gust or Koi Pond takes, the Lantern swap as one move); "lantern" is
  the take step of the older two-move Lantern, kept so saved states still load.
- "limit": discard down to 8 cards, one card at a time (M-LIMIT-1).
- "draft": with landscapes="draft", before the first turn, each seat in turn keeps one
  landscape of its draft hand (M-DRAFT-1, `draft`).
- extras (trade, power) come in "act" and "after", and with extras_timing="anytime" also
  in "collect" and "play" (M-EXTRA-4); the step they return to is `apply._back`.
- "deal": chance, stream "deck": the next card of a reveal, a Garden refill or a Koi
  Pond look (M-DECK-1). Cards of known order on top of the deck deal without luck.

The position is one NamedTuple of ints and sorted tuples (`data.MomijiData`); cards are
codes (`cards`), piles are tuples of codes, bottom first. Whose decision it is, the moves
and the chances are `legal`'s; a move is applied by `apply`, one handler per kind of
move, and a step rebuilds the position once (`data.changed`). Moves, chance-outcome pairs
and the commonest events are made once and shared (`legal`'s tables, `narration`), so a
step of a simulated game mostly looks values up; `tests/momiji/test_fast_matches_plain.py`
checks the shared values against the plain ones.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from mypy_extensions import mypyc_attr

from ...core.errors import Reason
from ...core.events import Event, Outcome, ScoreLine
from ...core.move import Move
from ...core.pending import Pending, seat_name
from ...core.state import State
from . import legal
from . import rules as R
from .apply import apply
from .clicks import meant_move
from .data import MomijiData
from .encoding import encode
from .explain import explain
from .odds import coming_luck
from .rules import (
    OVER,
)
from .view import build_view, redeal_unseen

if TYPE_CHECKING:
    from .game import MomijiGame


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class MomijiState(State):
    """A Momiji position; see the module docstring for the steps of a turn."""

    __slots__ = ()

    @property
    def game(self) -> "MomijiGame":
        """The game, typed as the Momiji game it is (the core types it `Game`)."""
        return cast("MomijiGame", self._game)

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is MomijiState:
            return MomijiState(self._game, data, events)
        return type(self)(self._game, data, events)

    def _find_pending(self) -> Pending:
        return legal.pending(self)

    def _generate_moves(self) -> tuple[Move, ...]:
        return legal.legal_moves(self)

    def _is_legal(self, move: Move) -> bool:
        return legal.is_legal(self, move)

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return legal.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Move:
        return legal.sample_chance(self, rng)

    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        return apply(self, move)

    def _explain(self, move: Move) -> Reason:
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        return meant_move(self, tuple(targets))

    # ------------------------------------------------------------------ results
    def score_lines(self) -> list[ScoreLine]:
        d = self.data
        n = len(d.hands)
        lines = []
        for p in range(n):
            lines.append(ScoreLine(p, float(R.pile_points(d.rows[p])), "piles: top card × cards", "M-SCORE-1"))
            lines.append(ScoreLine(p, float(d.acorns[p]), "acorns", "M-SCORE-2"))
        needs_one = self.game.options.objective_needs_one
        for key, owner in zip(d.objectives, d.owners):
            if owner < 0:
                continue
            obj = self.game.catalogue.objective(key, d.types)
            assert obj is not None, key          # a revealed objective is in the pool
            counts = [R.measure(obj.measure, obj.arg, d.rows[p], d.acorns[p], d.torii[p]) for p in range(n)]
            for p, pts in enumerate(R.objective_points(counts, owner, needs_one)):
                if pts:
                    role = "owner" if p == owner else "also best"
                    lines.append(ScoreLine(p, float(pts), f"objective {obj.name} ({role}, stand-in)", "M-OBJ-2"))
        return lines

    def scores(self) -> tuple[float, ...]:
        total = [0.0] * len(self.data.hands)
        for line in self.score_lines():
            total[line.player] += line.points
        return tuple(total)

    def outcome(self) -> Outcome | None:
        d = self.data
        if d.step != OVER:
            return None
        lines = self.score_lines()
        scores = self.scores()
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        tiebreak = ""
        if len(winners) > 1:
            if self.game.options.full_tie_shared:
                tiebreak = (f"{', '.join(map(seat_name, winners))} tie on {best:g} point{'s' if best != 1 else ''} "
                            "and share the win (M-SCORE-3)")
            else:
                tiebreak = (f"{', '.join(map(seat_name, winners))} tie on {best:g} point{'s' if best != 1 else ''}: "
                            "nobody wins (M-SCORE-3)")
                winners = ()
        why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
        return Outcome(winners, scores, tuple(lines), why, "M-END-1", tiebreak)

    # ------------------------------------------------------------------ views
    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        self.check_viewer(viewer)
        return build_view(self, viewer)

    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> MomijiData:
        return redeal_unseen(self, viewer, rng)

    def _encode(self) -> Any:
        return encode(self)


