"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. The true state never reaches an agent, so an agent cannot peek.
"""
from __future__ import annotations

import importlib
import inspect
import random
from typing import Any, Protocol

from .errors import InvalidInput
from .game import Game, game_class
from .mcts import MCTSAgent
from .move import Move
from .state import State


class Observation:
    """What one seat may know of a state. The view is built only if an agent reads it."""

    __slots__ = ("player", "legal", "_state", "_view")

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self.legal: tuple[Move, ...] = state.legal_moves()
        self._state = state
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view: the same dict a board shows that player."""
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with the view (hidden parts resampled), for search."""
        return self._state.determinize(self.player, rng)


def observe(state: State, player: int | None = None) -> Observation:
    """What the player to move (or `player`) may know of `state`, for an agent."""
    return Observation(state, state.to_move if player is None else player)


class Agent(Protocol):
    name: str

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        """One of `obs.legal`."""
        ...


class RandomAgent:
    """Picks a legal move uniformly at random: the baseline every other agent must beat."""

    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        return obs.legal[int(rng.random() * len(obs.legal))]


AGENT_NAMES = ("random", "greedy", "mcts")
"""The agent names `make_agent` knows ("mcts:400" sets MCTS iterations)."""


def make_agent(name: str, game: Game | str) -> Agent:
    """An agent by name for `game` (a Game or a game name).

    "random" is `RandomAgent`; "mcts" is `MCTSAgent` ("mcts:400" for 400 iterations);
    "greedy" is the game's own rule-aware agent: the class in `explorer.games.<game>.agent`
    whose `name` is "greedy".
    """
    if not isinstance(name, str):
        raise InvalidInput("agent", f"expected an agent name, got {name!r}")
    game_name = game if isinstance(game, str) else game.name
    kind, _, arg = name.strip().partition(":")
    if kind == "random" and not arg:
        return RandomAgent()
    if kind == "mcts":
        if not arg:
            return MCTSAgent()
        if not arg.isdigit() or int(arg) < 1:
            raise InvalidInput("agent", f"{name!r}: MCTS iterations must be a whole number >= 1")
        return MCTSAgent(iterations=int(arg))
    if kind == "greedy" and not arg:
        return greedy_agent_class(game_name)()
    raise InvalidInput("agent", f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")


def greedy_agent_class(game_name: str) -> type:
    """The rule-aware agent class of a game (its `name` is "greedy")."""
    game_class(game_name)  # refuses unknown games with the list of known ones
    try:
        module = importlib.import_module(f"explorer.games.{game_name}.agent")
    except ModuleNotFoundError as exc:
        if exc.name != f"explorer.games.{game_name}.agent":
            raise
        raise InvalidInput("agent", f"{game_name} has no greedy agent (no agent module)") from exc
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ == module.__name__ and getattr(cls, "name", None) == "greedy":
            return cls
    raise InvalidInput("agent", f"{game_name} has no agent class named 'greedy'")
