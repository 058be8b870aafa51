"""`NimState`: the `State` hooks of Chance Nim, each calling the file of its role.

The core `State` does the rest: `pending`, `to_move` and `legal_moves` (cached), `play`
with its legality check, `why_not`, forced moves, `determinize`, JSON and HTML. A hook
that needs more than a line or two of wiring belongs in its role's file, not here.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...core.errors import Reason
from ...core.events import Event, Outcome, ScoreLine
from ...core.move import Move
from ...core.pending import Pending
from ...core.state import State
from . import rules
from .apply import apply
from .encoding import encode
from .explain import explain
from .legal import chance_outcomes, is_legal, legal_moves, pending
from .view import build_view


class NimState(State):
    """A Chance Nim position. Subclasses of `State` keep `State.__init__` (a play builds
    its successor from game, data and events alone) and add no fields (`__slots__`)."""

    __slots__ = ()

    # --- required hooks
    def _find_pending(self) -> Pending:
        """Who decides, at which step and under which rule (`legal.pending`)."""
        return pending(self.data)

    def _generate_moves(self) -> tuple[Move, ...]:
        """Every legal move (chance outcomes at a chance node), in a fixed order."""
        return legal_moves(self.data)

    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        """The position after a legal move, and what the play did (`apply.apply`)."""
        return apply(self.data, move, self.game.players, self.game.options.shared)

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node, each outcome with its exact probability (sum 1)."""
        return chance_outcomes(self.data)

    def scores(self) -> tuple[float, ...]:
        """Points per seat: 1 for a winner once the game is over, else 0."""
        won = self.winners()
        return tuple(1.0 if p in won else 0.0 for p in range(self.game.players))

    def outcome(self) -> Outcome | None:
        """Winners, the score lines behind the scores, and why the game ended."""
        if not self.is_over:
            return None
        won, last = self.winners(), self.data.last
        lines = tuple(ScoreLine(p, 1.0, "took the last counter", "N-END-1") if p == last
                      else ScoreLine(p, 1.0, "shares the win (option shared)", "N-END-2") for p in won)
        return Outcome(won, self.scores(), lines, "the last counter was taken", "N-END-1")

    def view(self, viewer: Any = None) -> dict[str, Any]:
        """What `viewer` may see (None: the teacher). Any: a wrong viewer reaches
        `check_viewer`, which refuses it in words."""
        self.check_viewer(viewer)
        return build_view(self, viewer)

    def _encode(self) -> Any:
        """The position as JSON-able values (`NimGame._decode` reads them back)."""
        return encode(self.data)

    # --- optional hooks (the core has a default)
    def _is_legal(self, move: Move) -> bool:
        """One move's legality without listing every legal move (default: the list)."""
        return is_legal(self.data, move)

    def _explain(self, move: Move) -> Reason:
        """Why an illegal move is refused, with its rule (default: a generic refusal)."""
        return explain(self.data, move)

    def tallies(self) -> dict[str, tuple[int, ...]]:
        """Public counts per seat that `simulate` records at the end of each game."""
        last = self.data.last if self.is_over else -1
        return {"took_last": tuple(int(p == last) for p in range(self.game.players))}

    # --- the game's own helpers
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over (N-END-1, N-END-2), else ()."""
        if self.data.pile:
            return ()
        return rules.winners(self.data.last, self.game.players, self.game.options.shared)
