"""The golden playthrough: one seeded game written out state by state as text."""
from __future__ import annotations

import json
import random

import explorer
from explorer.core.agents import RandomAgent, observe
from explorer.games.summoners import GreedySummonersAgent

SEED = 4
PLAYERS = 2


def playthrough(seed: int = SEED) -> str:
    """Every state of a greedy-versus-random game: each view, every legal move, the play."""
    game = explorer.load("summoners", players=PLAYERS)
    agents = (GreedySummonersAgent(), RandomAgent())
    rng = random.Random(seed)
    state = game.new(seed=seed)
    lines = []
    step = 0
    while True:
        lines.append(f"=== step {step} to_move={state.to_move}")
        for viewer in (None,) + tuple(range(PLAYERS)):
            lines.append(f"view {viewer}: " + json.dumps(state.view(viewer), sort_keys=True,
                                                         separators=(",", ":")))
        if state.is_over:
            lines.append("outcome: " + json.dumps(state.outcome().to_jsonable(), sort_keys=True))
            break
        if state.is_chance:
            move = state.sample_chance(rng)
            lines.append(f"chance: {len(state.legal_moves())} outcomes")
        else:
            lines.append("legal: " + " | ".join(str(m) for m in state.legal_moves()))
            move = agents[state.to_move].choose(observe(state), rng)
        lines.append(f"play: {move}")
        state = state.play(move)
        step += 1
    return "\n".join(lines) + "\n"
