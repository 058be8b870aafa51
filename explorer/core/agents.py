"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. The true state never reaches an agent, so an agent cannot peek.
"""
from __future__ import annotations

import random
from typing import Any, Protocol

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
