"""Times OpenSpiel games for `openspiel_ratio.py`; runs in OpenSpiel's own environment.

It imports only `pyspiel` and the standard library, reads one JSON request per line on
stdin and answers one JSON line on stdout, so the caller can interleave OpenSpiel's
measurements with its own (both then see the same machine load):

    {"game": "liars_dice", "params": {"numdice": 5}, "seconds": 1.0, "seed": 3}
    -> {"steps": 123456, "games": 20000, "seconds": 1.0002}

The loop is the one the explorer's games are timed with: a random legal action at a
decision (`rng.choice(state.legal_actions())`), a chance outcome drawn from
`state.chance_outcomes()` by its probability (`rng.choices`), `apply_action` each step.
"""
from __future__ import annotations

import json
import random
import sys
import time

import pyspiel


def time_random_play(name: str, params: dict, seconds: float, seed: int) -> dict:
    """Whole random games of `name` for about `seconds`: steps, games and the time."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                action = choices(actions, probs)[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        games += 1
    return {"steps": steps, "games": games, "seconds": time.process_time() - start}


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        answer = time_random_play(request["game"], request.get("params", {}),
                                  request["seconds"], request.get("seed", 0))
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
