"""Agents: players that choose moves from what their seat may see, never more.

An agent gets an `Observation`: its seat, its `view` (the same dict a board gets), the
legal moves (which only show what the mover may see: its own hand, the public board)
and `sample(rng)`, a full state consistent with the view drawn by `determinize`, for
search agents. A game may also give its seat's view typed (`seat`: counts and codes
instead of the names of the dict, read straight from the state, so a fast agent does
not build a dict only to read it back); a test per game proves it is a function of the
view dict (`register_seat_view`). The true state never reaches an agent, so an agent
cannot peek. `Observation` and the registry live in `observation` (compiled in the
compiled mode) and are re-exported here.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Protocol

from .errors import InvalidInput
from .game import Game, game_class
from .mcts import MCTSAgent
from .move import Move
from .observation import Observation, register_seat_view  # noqa: F401  (re-exported)
from .state import State


def observe(state: State, player: int | None = None,
            observes: Iterable[str] = ("view", "sample")) -> Observation:
    """What the player to move (or `player`) may know of `state`, for an agent."""
    seat = state.to_move if player is None else player
    if seat is None:
        raise InvalidInput("player", "the game is over: nobody is to move")
    return Observation(state, seat, observes)


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
    observes: tuple[str, ...] = ()

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
