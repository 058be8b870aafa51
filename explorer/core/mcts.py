"""Monte Carlo tree search that plays from determinizations, so it never peeks.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012). A decision
draws a few *worlds*: full states consistent with the searcher's view
(`obs.sample(rng)`, which is `State.determinize`), each with its own luck. Iteration `i`
walks the tree in world `i mod worlds`: its edges are decision moves, chance is resolved
in the world as the walk first crosses it and kept for that world (each node remembers
the world's state there, so a walk replays nothing it has played before). A move that is
illegal in some world is simply not offered there; UCB counts a child's trials only over
the iterations in which it was available (its "availability"), as ISMCTS prescribes.

At the new leaf the search plays `rollout_limit` random decisions and then *evaluates*
the position: a finished game by its win shares, an unfinished one by the game's
heuristic (`explorer/games/<game>/heuristic.py`, a `value(state)` giving each player's
expected win share) or, for a game without one, by playing on at random to the end. The
heuristic reads the sampled state, which holds only what the searcher knows plus
guesses; so it never sees the true hidden cards either. Each move on the path is credited
with the value of the player who made it; the most visited move is played.

A game opts in to fixed decisions by a `policy(state)` in the same module: a move for
the decisions the search should not branch on (None elsewhere). Lying Pirates uses it for
its bets: inside one world the search would see every cup and "know" whether a bid is
true, so a bet is taken by the exact odds of the mover's own view instead, at the root
and in the tree, while the search explores the other decisions.
"""
from __future__ import annotations

import importlib
import math
import random
from typing import TYPE_CHECKING, Callable, Optional

from .errors import InvalidInput
from .move import Move
from .state import CHANCE, State, resolve_chance

if TYPE_CHECKING:
    from .agents import Observation
    from .game import Game

Evaluation = Callable[[State], tuple[float, ...]]
"""Each player's expected win share in an unfinished position (values in [0, 1])."""

Policy = Callable[[State], Optional[Move]]
"""The move to make at a decision the search does not branch on, or None to search it."""

DEFAULT_WORLDS = 16
"""Worlds drawn per decision: enough to average over what the searcher cannot see,
few enough that a world's states are reused by many iterations."""

DEFAULT_EXPLORATION = 0.15
"""The UCB constant: small, as values from a heuristic differ by little between moves."""

DEFAULT_MINIMAX_WEIGHT = 0.5
"""How much the implicit minimax value counts beside the mean result (see MCTSAgent)."""


class _Node:
    """Statistics of one move in the tree (visits, win share, availability, implicit
    minimax value per player), and the state each world reached here (after its
    chance) with its moves there, so walks neither replay nor look up what they did."""

    __slots__ = ("children", "visits", "wins", "avail", "states", "walks", "minimax")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.states: dict[int, State] = {}
        self.walks: dict[int, _Walk] = {}
        self.minimax: tuple[float, ...] = ()


class _Walk:
    """A node's moves in one world: those not yet tried (in a random order), then,
    once all are, each move with its child, so a walk looks nothing up."""

    __slots__ = ("moves", "untried", "choices")

    def __init__(self, moves: tuple[Move, ...], rng: random.Random) -> None:
        self.moves = moves
        self.untried = list(moves)
        rng.shuffle(self.untried)
        self.choices: list[tuple[Move, _Node]] | None = None


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


def shares_from_points(points: tuple[float, ...] | list[float], scale: float) -> tuple[float, ...]:
    """Expected win shares from estimated final points: a softmax with `scale` points
    per factor e (a lead of `scale` points makes a 2-player game about 73% won).

    Heuristics use it to turn their point estimates into the values search backs up."""
    top = max(points)
    weights = [math.exp((p - top) / scale) for p in points]
    total = sum(weights)
    return tuple(w / total for w in weights)


_HEURISTICS: dict[type, Optional[object]] = {}


def _heuristic_module(game: "Game") -> Optional[object]:
    """The `heuristic` module beside the game's module
    (explorer/games/<game>/heuristic.py), or None when it has none.

    Found by that convention, so the core imports no game by name."""
    cls = type(game)
    if cls not in _HEURISTICS:
        package = cls.__module__.rpartition(".")[0]
        found = None
        if package:
            try:
                found = importlib.import_module(f"{package}.heuristic")
            except ModuleNotFoundError as exc:
                if exc.name != f"{package}.heuristic":
                    raise
        _HEURISTICS[cls] = found
    return _HEURISTICS[cls]


def evaluation_for(game: "Game") -> Optional[Evaluation]:
    """The game's heuristic `value(state)` (see `_heuristic_module`), or None."""
    return getattr(_heuristic_module(game), "value", None)


def policy_for(game: "Game") -> Optional[Policy]:
    """The game's fixed decisions `policy(state)` (see the module docstring), or None:
    a game without one has every decision searched."""
    return getattr(_heuristic_module(game), "policy", None)


class MCTSAgent:
    """Information-set MCTS over a few sampled worlds, with a heuristic cut-off.

    `iterations` walks per decision; `exploration` is the UCB constant (values lie in
    [0, 1]); `worlds` how many determinizations the walks share (each with its own
    luck); `rollout_limit` the random decisions after the leaf before it is judged:
    None means 0 for a game with a heuristic, and to the end for one without. With a
    limit and no heuristic, the current leaders count as winners (`win_shares`).
    `evaluate` replaces the game's heuristic (a function of a state giving each
    player's expected win share). `minimax_weight` mixes, in the choice of a walk, a
    move's mean result with its implicit minimax value (Lanctot, Winands, Pepels and
    Sturtevant, 2014): the heuristic value of the best line found below it, so a move
    whose follow-ups are still mostly untried is not judged by its poor ones. It
    applies only where there is a heuristic.
    """

    observes: tuple[str, ...] = ("sample",)

    def __init__(self, iterations: int = 100, exploration: float = DEFAULT_EXPLORATION,
                 rollout_limit: int | None = None, name: str = "mcts",
                 worlds: int = DEFAULT_WORLDS, evaluate: Evaluation | None = None,
                 minimax_weight: float = DEFAULT_MINIMAX_WEIGHT) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise InvalidInput("iterations", f"expected a whole number >= 1, got {iterations!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise InvalidInput("exploration", f"expected a number >= 0, got {exploration!r}")
        if rollout_limit is not None and (isinstance(rollout_limit, bool)
                                          or not isinstance(rollout_limit, int) or rollout_limit < 0):
            raise InvalidInput("rollout_limit", f"expected None or a whole number >= 0, "
                                                f"got {rollout_limit!r}")
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise InvalidInput("worlds", f"expected a whole number >= 1, got {worlds!r}")
        if evaluate is not None and not callable(evaluate):
            raise InvalidInput("evaluate", f"expected None or a function of a state, got {evaluate!r}")
        if (isinstance(minimax_weight, bool) or not isinstance(minimax_weight, (int, float))
                or not 0 <= minimax_weight <= 1):
            raise InvalidInput("minimax_weight", f"expected a number from 0 to 1, got {minimax_weight!r}")
        self.iterations = iterations
        self.exploration = float(exploration)
        self.rollout_limit = rollout_limit
        self.worlds = worlds
        self.evaluate = evaluate
        self.minimax_weight = float(minimax_weight)
        self.name = name

    def __repr__(self) -> str:
        return (f"MCTSAgent(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_limit={self.rollout_limit}, name={self.name!r}, worlds={self.worlds}, "
                f"minimax_weight={self.minimax_weight})")

    def choose(self, obs: "Observation", rng: random.Random) -> Move:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        worlds = min(self.worlds, self.iterations)
        for w in range(worlds):
            root.states[w] = resolve_chance(obs.sample(rng), rng)
        game = root.states[0].game
        policy = policy_for(game)
        if policy is not None:   # the sample shows the mover's view, the observation's own
            fixed = policy(root.states[0])
            if fixed is not None and fixed in legal:
                return fixed
        evaluate = self.evaluate or evaluation_for(game)
        limit = self.rollout_limit
        if limit is None:
            limit = -1 if evaluate is None else 0
        judge = _Judge(evaluate, limit)
        alpha = self.minimax_weight if evaluate is not None else 0.0
        for i in range(self.iterations):
            self._iterate(root, i % worlds, judge, alpha, policy, rng)
        visits = root.children
        return max(legal, key=lambda m: visits[m].visits if m in visits else -1)

    def _iterate(self, root: _Node, world: int, judge: "_Judge", alpha: float,
                 policy: Optional[Policy], rng: random.Random) -> None:
        """One walk in one world: select, expand, judge the leaf, back up. Where the
        game's `policy` fixes the move, that move is the only one offered."""
        path: list[tuple[_Node, int]] = []
        node = root
        state = root.states[world]
        c = self.exploration
        mean_weight = 1.0 - alpha
        while True:
            who = state.to_move
            if who is None:
                break
            children = node.children
            walk = node.walks.get(world)
            if walk is None:   # this world's first visit here: its moves, in a random order
                moves = state.legal_moves()
                fixed = policy(state) if policy is not None else None
                walk = node.walks[world] = _Walk(moves if fixed is None else (fixed,), rng)
            if walk.choices is None:
                untried = walk.untried
                while untried and untried[-1] in children:   # expanded in another world
                    untried.pop()
                if untried:
                    move = untried.pop()
                    node = children[move] = _Node()
                    state = node.states[world] = resolve_chance(state.play(move, check=False), rng)
                    path.append((node, who))
                    break
                walk.choices = [(move, children[move]) for move in walk.moves]
            best_move, best_child, best_value = None, None, -1.0
            for move, child in walk.choices:
                child.avail += 1
                value = (mean_weight * child.wins / child.visits + alpha * child.minimax[who]
                         + c * math.sqrt(math.log(child.avail) / child.visits))
                if value > best_value:
                    best_move, best_child, best_value = move, child, value
            assert best_child is not None and best_move is not None   # walk.choices is never empty
            parent_state = state
            node = best_child
            known = node.states.get(world)
            if known is None:
                known = node.states[world] = resolve_chance(
                    parent_state.play(best_move, check=False), rng)
            state = known
            path.append((node, who))
        shares = judge(state, rng)
        leaf = path[-1][0]
        if not leaf.children:
            leaf.minimax = shares
        for node, who in path:
            node.visits += 1
            node.wins += shares[who]
        # each node's minimax value: that of its child best for the player who moves there
        for k in range(len(path) - 2 if alpha else -1, -1, -1):
            node, mover = path[k][0], path[k + 1][1]
            node.minimax = max((child.minimax for child in node.children.values()),
                               key=lambda values: values[mover])


class _Judge:
    """The value of a leaf: random decisions up to `limit` (-1: to the end), then the
    win shares of a finished game, or the evaluation of an unfinished one (without
    one: the leaders win)."""

    __slots__ = ("evaluate", "limit")

    def __init__(self, evaluate: Evaluation | None, limit: int) -> None:
        self.evaluate = evaluate
        self.limit = limit

    def __call__(self, state: State, rng: random.Random) -> tuple[float, ...]:
        limit = self.limit
        decisions = 0
        while True:
            who = state.to_move
            if who is None:
                return win_shares(state)
            if who == CHANCE:
                state = state.play(state.sample_chance(rng), check=False)
                continue
            if decisions == limit:
                break
            moves = state.legal_moves()
            state = state.play(moves[int(rng.random() * len(moves))], check=False)
            decisions += 1
        if self.evaluate is not None:
            return self.evaluate(state)
        return win_shares(state)
