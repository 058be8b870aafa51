"""Simulations on a real Dask cluster (two worker processes on loopback) give the very
same frames as a run in this process, for every registered game, through the Python API
(`executor=client.get_executor()`) and the command line (`--scheduler ADDRESS`)."""
from __future__ import annotations

import random
import time
from typing import Iterator

import distributed  # in the dev group: this test runs everywhere, it never skips
import polars as pl
import pytest
from polars.testing import assert_frame_equal

import explorer
from explorer import cli
from explorer.core import resolve_chance
from explorer.core.simulate import Simulation, simulate


@pytest.fixture(scope="module")
def client() -> Iterator["distributed.Client"]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None,
                                       silence_logs=40)
    try:
        with distributed.Client(cluster) as dask_client:
            yield dask_client
    finally:
        cluster.close()


def assert_same_frames(local: Simulation, remote: Simulation) -> None:
    assert local.agents == remote.agents
    for frame in ("games", "players", "turns"):
        assert_frame_equal(getattr(local, frame), getattr(remote, frame))


def cluster_workers(client: "distributed.Client") -> set[str]:
    """The addresses of the cluster's two workers. On a loaded machine the scheduler
    may for a moment list a worker whose heartbeat is late as gone, so it is asked
    again for up to ten seconds until it lists both."""
    deadline = time.monotonic() + 10
    while True:
        workers = set(client.scheduler_info()["workers"])
        if len(workers) == 2 or time.monotonic() > deadline:
            return workers
        time.sleep(0.1)


def seat_agents(game: explorer.Game) -> list[str]:
    """The game's greedy agent in seat 0 (an agent object that must travel to the
    workers), random players elsewhere."""
    return ["greedy"] + ["random"] * (game.players - 1)


@pytest.mark.parametrize("name", explorer.list_games())
def test_a_dask_cluster_gives_the_same_frames_as_a_local_run(client, name: str) -> None:
    game = explorer.load(name)
    local = simulate(game, seat_agents(game), 8, seed=21, workers=1, progress=False)
    with distributed.get_task_stream(client) as tasks:
        remote = simulate(game, seat_agents(game), 8, seed=21, progress=False,
                          executor=client.get_executor())
    assert len(tasks.data) >= 2, "the games were not played on the cluster's workers"
    assert {task["worker"] for task in tasks.data} <= cluster_workers(client)
    assert local.turns.height > 0 and local.games["game_id"].to_list() == list(range(8))
    assert_same_frames(local, remote)


def test_a_what_if_for_one_seat_is_the_same_on_the_cluster(client) -> None:
    state = resolve_chance(explorer.load("village", players=3).new(seed=8), random.Random(0))
    local = simulate(state, "random", 6, seed=2, workers=1, viewer=state.to_move, progress=False)
    remote = simulate(state, "random", 6, seed=2, viewer=state.to_move, progress=False,
                      executor=client.get_executor())
    assert_same_frames(local, remote)


def test_the_command_line_runs_on_the_scheduler_it_is_given(client, capsys, tmp_path) -> None:
    here, there = tmp_path / "here.parquet", tmp_path / "there.parquet"
    common = ["simulate", "summoners", "--agents", "greedy,random", "--n", "6", "--seed", "4",
              "--no-progress"]
    assert cli.main([*common, "--workers", "1", "--out", str(here)]) == 0
    address = client.scheduler.address
    assert address.startswith("tcp://127.0.0.1:")
    with distributed.get_task_stream(client) as tasks:
        assert cli.main([*common, "--scheduler", address, "--out", str(there)]) == 0
    assert tasks.data
    printed = capsys.readouterr().out
    assert printed.count("explorer.load('summoners', players=2): 6 games, seed 4") == 2
    assert_frame_equal(pl.read_parquet(here), pl.read_parquet(there))


def test_an_unreachable_scheduler_is_refused_with_the_reason(capsys, monkeypatch) -> None:
    monkeypatch.setattr(cli, "CONNECT_SECONDS", 1)
    code = cli.main(["simulate", "village", "--n", "2", "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and "scheduler: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err
    assert cli.main(["simulate", "village", "--n", "2", "--scheduler", " "]) == 2
    assert "scheduler: expected a Dask scheduler address" in capsys.readouterr().err
