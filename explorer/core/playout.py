"""One simulated game played to its end by its agents: the loop of `simulate`.

It runs at every step of every simulated game, so it is a module of its own, typed
for mypyc (tools/compile.py compiles it: the loop becomes C, the games' states and
agents are called as they are). `simulate` keeps everything around it (seeds, chunks,
frames); this module only plays.

Per step: a chance node is sampled from its own named stream of luck; a player's only
legal move is played without asking (forced); otherwise the seat's agent chooses from
an `Observation` of what the seat may know, and the move must be one of the listed
legal moves: found by identity first (a plain C loop here; agents return listed
moves), else by equality.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Final

from .agents import Observation
from .move import Move
from .state import CHANCE, State

MAX_STEPS: Final = 100_000
"""A game still going after this many plays is reported as a bug in the game, not looped."""

Chooser = Callable[[Observation, random.Random], Move]
"""An agent's `choose`."""

class TurnLog:
    """The turns of some games as columns (game_id, ply, seat, move, forced), one entry
    per player move: what `simulate` writes out as its `turns` frame. Columns, so that
    logging a turn is five appends and the frame needs no pass to split rows."""

    __slots__ = ("game_ids", "plies", "seats", "moves", "forced")

    def __init__(self) -> None:
        self.game_ids: list[int] = []
        self.plies: list[int] = []
        self.seats: list[int] = []
        self.moves: list[Move] = []
        self.forced: list[bool] = []

    def add(self, game_id: int, ply: int, seat: int, move: Move, forced: bool) -> None:
        self.game_ids.append(game_id)
        self.plies.append(ply)
        self.seats.append(seat)
        self.moves.append(move)
        self.forced.append(forced)

    def texts(self) -> tuple[list[str], list[str]]:
        """Each logged move's text (`str(move)`) and rule. A game plays the same moves
        again and again (often the very same objects), so each distinct move object is
        written out once and its texts shared by its rows; the moves stay alive in the
        log meanwhile, so their ids name them."""
        known: dict[int, tuple[str, str]] = {}
        texts: list[str] = []
        rules: list[str] = []
        for move in self.moves:
            key = id(move)
            pair = known.get(key)
            if pair is None:
                pair = known[key] = (str(move), move.rule)
            texts.append(pair[0])
            rules.append(pair[1])
        return texts, rules


class Played:
    """How one game went: its last state and how many plays of each kind it took."""

    __slots__ = ("state", "decisions", "forced_steps", "chance_steps")

    def __init__(self, state: State, decisions: int, forced_steps: int, chance_steps: int) -> None:
        self.state = state
        self.decisions = decisions
        self.forced_steps = forced_steps
        self.chance_steps = chance_steps


def listed(move: object, legal: tuple[Move, ...]) -> bool:
    """Whether `move` is one of `legal` itself (by identity: agents return listed moves)."""
    for x in legal:
        if x is move:
            return True
    return False


def play_out(state: State, agents: tuple[Any, ...], seed: int, game_id: int,
             log: TurnLog | None) -> Played:
    """Play `state` to the end with one agent per seat, from the game's `seed`: chance
    from the stream `f"{seed}:chance:{name}"` of each named stream of luck, seat `p`'s
    agent from `f"{seed}:seat:{p}"`. Each player move (forced ones included) is added
    to `log` when one is given. Raises RuntimeError when an agent picks an illegal move
    or the game does not end within MAX_STEPS plays."""
    streams: dict[str, random.Random] = {}
    seat_rngs = [random.Random(f"{seed}:seat:{p}") for p in range(state.game.players)]
    wants: list[tuple[str, ...]] = [tuple(getattr(agent, "observes", ("view", "sample")))
                                    for agent in agents]
    choosers: list[Chooser] = [agent.choose for agent in agents]
    decisions = chance_steps = forced_steps = 0
    while True:
        who = state.to_move
        if who is None:
            break
        if decisions + chance_steps + forced_steps >= MAX_STEPS:
            raise RuntimeError(f"{state.game!r} game with seed {seed} did not end after "
                               f"{MAX_STEPS} plays: the game engine never ends it")
        if who == CHANCE:
            stream = state.pending.step
            rng = streams.get(stream)
            if rng is None:   # one stream of luck per name: common random numbers per stream
                rng = streams[stream] = random.Random(f"{seed}:chance:{stream}")
            state = state.play(state.sample_chance(rng), check=False)
            chance_steps += 1
            continue
        move = state.forced_move
        forced = move is not None
        if move is not None:
            forced_steps += 1
        else:
            obs = Observation(state, who, wants[who])
            move = choosers[who](obs, seat_rngs[who])
            if not listed(move, obs.legal) and move not in obs.legal:   # or one equal to it
                raise RuntimeError(f"agent {agents[who].name!r} in seat {who} chose {move}, "
                                   f"which is not a legal move (game seed {seed})")
            decisions += 1
        if log is not None:
            log.add(game_id, decisions + forced_steps - 1, who, move, forced)
        state = state.play(move, check=False)
    return Played(state, decisions, forced_steps, chance_steps)
