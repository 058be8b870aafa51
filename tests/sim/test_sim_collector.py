"""`simulate`'s own worker processes pause the cyclic garbage collector while they play
(`collector_paused`): safe because the engines and the built-in agents make no reference
cycles. Proved here game by game: with the collector off, whole games leave nothing for
it to find.

The games are played in a fresh interpreter of their own, so that no other test's
threads (a Dask cluster's event loop winding down) make garbage meanwhile."""
from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

import explorer
from explorer.core.simulate import collector_paused, simulate

CASES = {f"{name} {agent}": (name, {}, agent)
         for name in explorer.list_games() for agent in ("random", "greedy")}
CASES["pirates cities greedy"] = ("pirates", {"cities_of_greed": True}, "greedy")
CASES.update({f"{name} mcts": (name, {}, "mcts:30") for name in explorer.list_games()})

PROBE = '''
import gc, json, sys
import explorer
from explorer.core.agents import make_agent
from explorer.core.playout import TurnLog, play_out
from explorer.core.simulate import collector_paused

found = {}
for case, (name, options, agent) in json.loads(sys.argv[1]).items():
    game = explorer.load(name, 2 if agent.startswith("mcts") else 3, **options)
    agents = tuple(make_agent(agent, game) for _ in range(game.players))
    games = 1 if agent.startswith("mcts") else 4
    play_out(game.new(-1), agents, -1, -1, TurnLog())   # first uses: a library may leave a cycle once
    gc.collect()
    with collector_paused():
        for seed in range(games):
            play_out(game.new(seed), agents, seed, seed, TurnLog())
        found[case] = gc.collect()
print(json.dumps(found))
'''


@pytest.fixture(scope="module")
def unreachable() -> dict[str, int]:
    """Per case, how many objects the collector finds after whole games played with it
    off from a clean start (after a first game)."""
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(CASES)], check=True,
                          capture_output=True, text=True, timeout=600)
    return json.loads(done.stdout)


@pytest.mark.parametrize("case", list(CASES))
def test_games_make_no_reference_cycles(unreachable: dict[str, int], case: str) -> None:
    assert unreachable[case] == 0


class CollectorProbe:
    """A random player that fails a game unless the collector is as `paused` says."""

    name = "probe"
    observes = ()

    def __init__(self, paused: bool) -> None:
        self.paused = paused

    def choose(self, obs, rng):
        if gc.isenabled() == self.paused:
            raise RuntimeError(f"the collector is {'on' if gc.isenabled() else 'off'}")
        return obs.legal[int(rng.random() * len(obs.legal))]


def test_only_the_pools_own_workers_pause_the_collector() -> None:
    """The workers of `simulate`'s own pool play with the collector off; a run in the
    caller's process (one worker) leaves it on."""
    game = explorer.load("village", 2)
    simulate(game, CollectorProbe(paused=True), 8, workers=2, progress=False)
    simulate(game, CollectorProbe(paused=False), 2, workers=1, progress=False)
    with pytest.raises(RuntimeError, match="the collector is on"):
        simulate(game, CollectorProbe(paused=True), 2, workers=1, progress=False)


def test_the_collector_is_back_after_a_run_and_after_an_error() -> None:
    assert gc.isenabled()
    simulate(explorer.load("village", 2), "random", 3, workers=1, progress=False)
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with collector_paused():
            assert not gc.isenabled()
            raise RuntimeError("an agent failed")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()      # left as it was: off
    finally:
        gc.enable()
