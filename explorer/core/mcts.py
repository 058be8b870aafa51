"""Monte Carlo tree search that plays from determinizations, so it never peeks.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012). Every
iteration draws one full state consistent with the searcher's view (`obs.sample(rng)`,
which is `State.determinize`), walks a tree whose edges are decision moves, finishes
with a random playout and credits each move on the path with the win share of the
player who made it. Chance outcomes are sampled, not branched on, so the hidden draws
of other players never split the tree. A move that is illegal in some determinization
is simply not offered there; UCB counts a child's trials only over the iterations in
which it was available (its "availability"), as ISMCTS prescribes.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from .errors import InvalidInput
from .move import Move
from .state import CHANCE, State

if TYPE_CHECKING:
    from .agents import Observation


class _Node:
    """Statistics of one move in the tree: visits, win share, availability."""

    __slots__ = ("children", "visits", "wins", "avail")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 1


def win_shares(state: State) -> tuple[float, ...]:
    """Each player's share of the win: 1/k for each of k winners, 0 for the others.

    A state cut short before the end (a bounded playout) counts the players with the
    highest current score as its winners.
    """
    players = state.game.players
    if state.is_over:
        outcome = state.outcome()
        winners: tuple[int, ...] = outcome.winners if outcome is not None else ()
    else:
        scores = state.scores()
        top = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == top)
    if not winners:
        return (0.0,) * players
    share = 1.0 / len(winners)
    return tuple(share if p in winners else 0.0 for p in range(players))


class MCTSAgent:
    """Information-set MCTS with random playouts; chooses the most visited move.

    `iterations` playouts per decision; `exploration` is the UCB constant (win shares
    lie in [0, 1]); `rollout_limit` caps the decisions of one playout, after which the
    current leaders count as winners (None plays every playout to the end).
    """

    def __init__(self, iterations: int = 100, exploration: float = 0.7,
                 rollout_limit: int | None = None, name: str = "mcts") -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise InvalidInput("iterations", f"expected a whole number >= 1, got {iterations!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise InvalidInput("exploration", f"expected a number >= 0, got {exploration!r}")
        if rollout_limit is not None and (not isinstance(rollout_limit, int) or rollout_limit < 0):
            raise InvalidInput("rollout_limit", f"expected None or a whole number >= 0, "
                                                f"got {rollout_limit!r}")
        self.iterations = iterations
        self.exploration = float(exploration)
        self.rollout_limit = rollout_limit
        self.name = name

    observes = ("sample",)

    def __repr__(self) -> str:
        return (f"MCTSAgent(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_limit={self.rollout_limit}, name={self.name!r})")

    def choose(self, obs: "Observation", rng: random.Random) -> Move:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(root, obs.sample(rng), rng)
        visits = root.children
        return max(legal, key=lambda m: visits[m].visits if m in visits else -1)

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        """One iteration on one determinization: select, expand, play out, back up."""
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        while True:
            who = state.to_move
            if who is None:
                break
            if who == CHANCE:
                state = state.play(state.sample_chance(rng), check=False)
                continue
            moves = state.legal_moves()
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:
                move = untried[int(rng.random() * len(untried))]
                node = children[move] = _Node()
                path.append((node, who))
                state = state.play(move, check=False)
                break
            best_move, best_value = moves[0], -1.0
            for move in moves:
                child = children[move]
                child.avail += 1
                value = (child.wins / child.visits
                         + c * math.sqrt(math.log(child.avail) / child.visits))
                if value > best_value:
                    best_move, best_value = move, value
            node = children[best_move]
            path.append((node, who))
            state = state.play(best_move, check=False)
        state = self._playout(state, rng)
        shares = win_shares(state)
        for node, who in path:
            node.visits += 1
            node.wins += shares[who]

    def _playout(self, state: State, rng: random.Random) -> State:
        """Random moves (and sampled chance) to the end, or to `rollout_limit` decisions."""
        limit = self.rollout_limit
        decisions = 0
        while True:
            who = state.to_move
            if who is None:
                return state
            if who == CHANCE:
                state = state.play(state.sample_chance(rng), check=False)
                continue
            if limit is not None and decisions >= limit:
                return state
            moves = state.legal_moves()
            state = state.play(moves[int(rng.random() * len(moves))], check=False)
            decisions += 1
