"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. A game may also give its seat's view typed (`seat`: counts and codes
instead of the names of the dict, read straight from the state, so a fast agent does
not build a dict only to read it back); a test per game proves it is a function of the
view dict (`register_seat_view`). The true state never reaches an agent, so an agent
cannot peek.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Protocol

from .errors import InvalidInput
from .game import Game, game_class
from .mcts import MCTSAgent
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

    def __init__(self, state: State, player: int,
                 observes: Iterable[str] = ("view", "sample")) -> None:
        wants = set(observes)
        self.player = player
        self.legal: tuple[Move, ...] = state.legal_moves()
        self._view: dict[str, Any] | None = state.view(player) if "view" in wants else None
        self._seat: Any = None
        if "seat" in wants:
            readers = _SEAT_VIEWS.get(state.game.name)
            self._seat = None if readers is None else readers[0](state, player)
        self._game = state.game.name
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


_BASE_SEED = 0x5EED
"""The base sample of an observation is drawn with a fixed seed: it depends on the view
only, so it tells an agent nothing, and the same view always gives the same base."""


SeatView = Callable[[Any, int], Any]
"""A game's typed view of one seat (it takes the game's own State): `seat_view(state,
seat)` holds what `state.view(seat)` shows (or less), never more."""

SeatReader = Callable[[dict[str, Any], int], Any]
"""The same typed view read from the seat's view dict: `from_view(state.view(seat), seat)`."""

_SEAT_VIEWS: dict[str, tuple[SeatView, SeatReader]] = {}


def register_seat_view(game: str, seat_view: SeatView, from_view: SeatReader) -> None:
    """Make `seat_view` the typed view of `game`'s seats (an `Observation`'s `seat`), and
    `from_view` the way to read it from a view dict (for an observation that holds only
    the view).

    The game's view module registers them; its tests must prove that the two agree on
    every seat of every position, so an agent reading the typed view learns nothing its
    view does not show.
    """
    _SEAT_VIEWS[game] = (seat_view, from_view)


def observe(state: State, player: int | None = None,
            observes: Iterable[str] = ("view", "sample")) -> Observation:
    """What the player to move (or `player`) may know of `state`, for an agent."""
    return Observation(state, state.to_move if player is None else player, observes)


class Agent(Protocol):
    name: str
    observes: tuple[str, ...]   # what its Observation holds: "view", "seat", "sample"
                                # (default "view" and "sample")

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        """One of `obs.legal`."""
        ...


class RandomAgent:
    """Picks a legal move uniformly at random: the baseline every other agent must beat."""

    name = "random"
    observes = ()

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        return obs.legal[int(rng.random() * len(obs.legal))]


def best_by(moves: Iterable[Move], score: Any, rng: random.Random, tolerance: float = 1e-9) -> Move:
    """The move with the highest `score(move)`; equal scores (within `tolerance`) are
    broken at random with `rng`, so a greedy agent has no seat-order bias."""
    moves = tuple(moves)
    return best_of(moves, map(score, moves), rng, tolerance)


def best_of(moves: Iterable[Move], scores: Iterable[float], rng: random.Random,
            tolerance: float = 1e-9) -> Move:
    """`best_by` with the scores given, one per move in the same order (an agent that
    scores every move in one pass saves a call per move)."""
    best: list[Move] = []
    best_score = float("-inf")
    for move, value in zip(moves, scores):
        if value > best_score + tolerance:
            best, best_score = [move], value
        elif abs(value - best_score) <= tolerance:
            best.append(move)
    return best[int(rng.random() * len(best))]


BUILT_IN = ("random", "mcts")
"""Agents every game has; a game adds its own through `Game.agents` (e.g. "greedy")."""


def agent_names(game: Game | str) -> tuple[str, ...]:
    """The agent names `make_agent` knows for `game` ("mcts:400" sets MCTS iterations)."""
    cls = game_class(game) if isinstance(game, str) else type(game)
    return BUILT_IN + tuple(cls.agents)


def make_agent(name: str, game: Game | str) -> Agent:
    """An agent by name for `game` (a Game or a game name).

    "random" is `RandomAgent`; "mcts" is `MCTSAgent` ("mcts:400" for 400 iterations);
    any other name is looked up in the game's own `Game.agents` ("greedy").
    """
    if not isinstance(name, str):
        raise InvalidInput("agent", f"expected an agent name, got {name!r}")
    cls = game_class(game) if isinstance(game, str) else type(game)
    kind, _, arg = name.strip().partition(":")
    if kind == "random" and not arg:
        return RandomAgent()
    if kind == "mcts":
        if not arg:
            return MCTSAgent()
        if not arg.isdigit() or not 1 <= int(arg) <= 10**7:
            raise InvalidInput("agent", f"{name!r}: MCTS iterations must be a whole number >= 1")
        return MCTSAgent(iterations=int(arg))
    if kind in cls.agents and not arg:
        return cls.agents[kind]()
    raise InvalidInput("agent", f"unknown agent {name!r} for {cls.name}; "
                                f"known: {', '.join(agent_names(cls.name))}")
