"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. The true state never reaches an agent, so an agent cannot peek.
"""
from __future__ import annotations

import random
from typing import Any, Callable, NamedTuple, Protocol

from .move import Move
from .state import State


class Observation(NamedTuple):
    player: int
    view: dict[str, Any]
    legal: tuple[Move, ...]
    sample: Callable[[random.Random], State]


def observe(state: State, player: int | None = None) -> Observation:
    """What the player to move (or `player`) may know of `state`, for an agent."""
    seat = state.to_move if player is None else player
    return Observation(seat, state.view(seat), state.legal_moves(),
                       lambda rng: state.determinize(seat, rng))


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
