"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. The true state never reaches an agent, so an agent cannot peek.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Protocol

from .errors import InvalidInput
from .game import Game, game_class
from .mcts import MCTSAgent
from .move import Move
from .state import State


class Observation:
    """What one seat may know of a state, and nothing more: the true state is not kept.

    `legal` (the seat's legal moves) always; `view` (the seat's view) and a `base`
    sample for `sample(rng)` only when the agent asks for them (its `observes`), so a
    random agent costs no view. The base sample is drawn from the view alone
    (`determinize` depends only on the view), so every later sample is as well.
    """

    __slots__ = ("player", "legal", "_view", "_base")

    def __init__(self, state: State, player: int,
                 observes: Iterable[str] = ("view", "sample")) -> None:
        wants = set(observes)
        self.player = player
        self.legal: tuple[Move, ...] = state.legal_moves()
        self._view: dict[str, Any] | None = state.view(player) if "view" in wants else None
        self._base: State | None = (state.determinize(player, random.Random(_BASE_SEED))
                                    if "sample" in wants else None)

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view: the same dict a board shows that player."""
        if self._view is None:
            raise InvalidInput("observes", "this agent did not ask for the view: "
                                           "add 'view' to its `observes`")
        return self._view

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with the view (hidden parts drawn again), for search."""
        if self._base is None:
            raise InvalidInput("observes", "this agent did not ask for samples: "
                                           "add 'sample' to its `observes`")
        return self._base.determinize(self.player, rng)


_BASE_SEED = 0x5EED
"""The base sample of an observation is drawn with a fixed seed: it depends on the view
only, so it tells an agent nothing, and the same view always gives the same base."""


def observe(state: State, player: int | None = None,
            observes: Iterable[str] = ("view", "sample")) -> Observation:
    """What the player to move (or `player`) may know of `state`, for an agent."""
    return Observation(state, state.to_move if player is None else player, observes)


class Agent(Protocol):
    name: str
    observes: tuple[str, ...]   # what its Observation holds: "view", "sample" (default both)

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
    best: list[Move] = []
    best_score = float("-inf")
    for move in moves:
        value = score(move)
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
