"""`NimGame`: Chance Nim for 2-4 players, the template game (not registered).

The `Game` hooks: identity and player counts, the options, the move types and the
state class, `new` (the setup, dealt from the seed), `scenario`, `_decode` and `scene`.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import InvalidInput
from ...core.game import Game
from .data import NOBODY, NimData
from .encoding import decode
from .moves import MOVE_TYPES
from .options import NimOptions
from .rules import FIRST_SEAT
from .scenario import build
from .scene import scene
from .state import NimState


class NimGame(Game):
    name = "nim"                  # the key of REGISTRY and the name of seeds/nim.md
    title = "Chance Nim"
    min_players = 2               # N-SETUP-2
    max_players = 4
    default_players = 2
    Options = NimOptions
    move_types = MOVE_TYPES
    state_class = NimState

    def __init__(self, players: int, **options: Any) -> None:
        """Optional hook: refuse options that cannot make a game (after `super()`,
        which checks the player count and each option's type)."""
        super().__init__(players, **options)
        if self.options.pile < 1:
            raise InvalidInput("options.pile", f"the pile needs at least 1 counter, not {self.options.pile} "
                                               "(N-SETUP-1)")

    def new(self, seed: int | None = None) -> NimState:
        """The setup (N-SETUP-1, N-SETUP-2). A game with a shuffle or a deal draws it
        from `random.Random(seed)` here; Chance Nim's setup has no luck."""
        return NimState(self, NimData(self.options.pile, FIRST_SEAT, False, NOBODY))

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> NimState:
        """A position from a short description (see `scenario.py`)."""
        return NimState(self, build(self, spec, fields))

    def _decode(self, raw: Any) -> NimData:
        """A saved position back to data, every invariant checked (see `encoding.py`)."""
        return decode(raw, self.players, "data")

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The board for a view (see `scene.py`)."""
        return scene(view)
