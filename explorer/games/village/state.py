"""`VillageState`: the `State` hooks of Please Don't Burn My Village!, each calling the
file of its role (docs/architecture.md, "The layout of a game").

A turn may take more than one step: a Bribe is followed by CHANCE steps that turn refill
cards from the deck; a paid Black Market visit is followed by the same player's Curse
decision (its own pending step, "curse"); a Draw from the unseen deck is a CHANCE step.
Every chance step draws from the stream "deck" (a core `Deck`): cards whose order is
known (the deck's `top`, set by a scenario) are dealt without a chance step.
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from ...core.errors import Reason
from ...core.events import Event, Outcome
from ...core.move import Move
from ...core.pending import Pending
from ...core.state import State
from . import fast, legal, rules
from .apply import apply
from .clicks import meant_move
from .data import VillageData
from .encoding import encode
from .explain import explain
from .moves import REVEALS
from .odds import coming_luck
from .rules import OVER
from .view import build_view, redeal


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class VillageState(State):
    """A position; see the module docstring for how a turn is split into steps."""

    __slots__ = ()

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is VillageState:
            return VillageState(self._game, data, events)
        return type(self)(self._game, data, events)

    def _find_pending(self) -> Pending:
        return legal.pending(self.data)

    def values(self) -> tuple[int, ...]:
        """The current value of each treasure type (by its token's space)."""
        return rules.values(self.data.track, self.game.options.track_values)

    def _generate_moves(self) -> tuple[Move, ...]:
        return fast.legal_moves(self.data, self.game.options.buy_from_empty_stall)

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return legal.chance_outcomes(self.data)

    def sample_chance(self, rng: random.Random) -> Move:
        return REVEALS[self.data.deck.sample(rng)]

    def _is_legal(self, move: Move) -> bool:
        return legal.is_legal(self.data, move, self.game.options.buy_from_empty_stall)

    def _explain(self, move: Move) -> Reason:
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move clicking `targets` means, legal or not (see `clicks`), or None."""
        return meant_move(self.data, tuple(targets))

    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        return apply(self.data, move)

    def scores(self) -> tuple[float, ...]:
        """Points per seat by the scoring rules, as if the game ended now (hand cards count)."""
        value = self.values()
        d: VillageData = self.data
        return tuple(float(sum(rules.score_parts(d.hands[p], d.bribes[p], d.bribe_wilds[p], value)))
                     for p in range(len(d.hands)))

    def outcome(self) -> Outcome | None:
        d: VillageData = self.data
        if d.phase != OVER:
            return None
        opts = self.game.options
        return rules.outcome(d.hands, d.bribes, d.bribe_wilds, d.track, d.ended_by, self.values(),
                             opts.tie_counts_wilds, opts.full_tie_shared)

    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        self.check_viewer(viewer)
        return build_view(self, viewer)

    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> VillageData:
        return redeal(self.data, viewer, rng)

    def _encode(self) -> Any:
        return encode(self.data)
