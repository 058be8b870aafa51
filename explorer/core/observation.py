"""`Observation`: what one seat may know of a state, the only thing an agent is given.

Its own module so that the compiled mode compiles it (tools/compile.py): every decision
of every simulated game builds one, and agents read it, so it is a native class there.
The typed seat views of the games register here (`register_seat_view`). `agents`
re-exports all of it.
"""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Final, Iterable

from .errors import InvalidInput
from .move import Move
from .state import State


class Observation:
    """What one seat may know of a state, and nothing more: the true state is not kept.

    `legal` (the seat's legal moves) always; `view` (the seat's view), `seat` (the same
    view typed, where the game registers one) and a `base` sample for `sample(rng)` only
    when the agent asks for them (its `observes`; the view and the sample by default,
    the typed view then read from the view dict when asked), so a random agent costs
    no view. The base sample is drawn from the view alone (`determinize`
    depends only on the view), so every later sample is as well. `_game` is only the
    game's name (to find its typed view readers).
    """

    __slots__ = ("player", "legal", "_view", "_seat", "_base", "_game")
    FIELDS: ClassVar[tuple[str, ...]] = ("player", "legal", "_view", "_seat", "_base", "_game")
    """Everything an observation holds (its `__slots__`; compiled, a native class has
    fields and no `__slots__`), for the tests that prove no field holds the true state."""

    def __init__(self, state: State, player: int,
                 observes: Iterable[str] = ("view", "sample")) -> None:
        wants = observes if isinstance(observes, tuple) else tuple(observes)
        self.player = player
        self.legal: tuple[Move, ...] = state.legal_moves()
        self._game = game = state.game.name
        self._view: dict[str, Any] | None = state.view(player) if "view" in wants else None
        self._seat: Any = None
        if "seat" in wants:
            readers = _SEAT_VIEWS.get(game)
            if readers is not None:
                self._seat = readers[0](state, player)
        self._base: State | None = (state.determinize(player, random.Random(_BASE_SEED))
                                    if "sample" in wants else None)

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view: the same dict a board shows that player."""
        if self._view is None:
            raise InvalidInput("observes", "this agent did not ask for the view: "
                                           "add 'view' to its `observes`")
        return self._view

    @property
    def seat(self) -> Any:
        """The seat's view typed (the game's `register_seat_view`): what `view` says, in
        the game's own counts and codes. Made from the state when the agent asked for
        it, else read from the view dict (the same value, more slowly)."""
        if self._seat is None:
            readers = _SEAT_VIEWS.get(self._game)
            if readers is None:
                raise InvalidInput("observes", f"{self._game} has no typed seat view: "
                                               "read `view` instead")
            if self._view is None:
                raise InvalidInput("observes", "this agent did not ask for the typed view: "
                                               "add 'seat' to its `observes`")
            self._seat = readers[1](self._view, self.player)
        return self._seat

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with the view (hidden parts drawn again), for search."""
        if self._base is None:
            raise InvalidInput("observes", "this agent did not ask for samples: "
                                           "add 'sample' to its `observes`")
        return self._base.determinize(self.player, rng)


_BASE_SEED: Final = 0x5EED
"""The base sample of an observation is drawn with a fixed seed: it depends on the view
only, so it tells an agent nothing, and the same view always gives the same base."""


SeatView = Callable[[Any, int], Any]
"""A game's typed view of one seat (it takes the game's own State): `seat_view(state,
seat)` holds what `state.view(seat)` shows (or less), never more."""

SeatReader = Callable[[dict[str, Any], int], Any]
"""The same typed view read from the seat's view dict: `from_view(state.view(seat), seat)`."""

_SEAT_VIEWS: Final[dict[str, tuple[SeatView, SeatReader]]] = {}


def register_seat_view(game: str, seat_view: SeatView, from_view: SeatReader) -> None:
    """Make `seat_view` the typed view of `game`'s seats (an `Observation`'s `seat`), and
    `from_view` the way to read it from a view dict (for an observation that holds only
    the view).

    The game's view module registers them; its tests must prove that the two agree on
    every seat of every position, so an agent reading the typed view learns nothing its
    view does not show.
    """
    _SEAT_VIEWS[game] = (seat_view, from_view)
