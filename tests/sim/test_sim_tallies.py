"""`State.tallies`: a game's end-of-game counts (Lying Pirates' coins, a toy's last taker)
become columns of `Simulation.players`, and `charts.winner_tally` charts the winners'."""
from __future__ import annotations

import polars as pl
import pytest

from explorer import charts
from explorer.core.simulate import simulate
from explorer.games._template import NimGame


def test_tallies_are_recorded_per_seat_at_the_end() -> None:
    sim = simulate(NimGame(players=3), "random", 40, seed=3, workers=1)
    players = sim.players
    assert players.columns[-1] == "took_last"
    assert players["took_last"].dtype == pl.Int64
    # without the shared option the last taker is the one winner of each game
    assert players["took_last"].to_list() == [int(w) for w in players["winner"].to_list()]


def test_a_game_without_tallies_keeps_the_standard_columns() -> None:
    import explorer
    sim = simulate(explorer.load("village", players=2), "random", 2, seed=1, workers=1)
    assert sim.players.columns == ["game_id", "seat", "agent", "score", "won", "winner", "rank"]


def test_winner_tally_charts_the_winning_seats_only() -> None:
    sim = simulate(NimGame(players=2), "random", 30, seed=5, workers=1)
    spec = charts.winner_tally(sim, "took_last").to_dict()
    rows = next(iter(spec["datasets"].values()))
    # every winner took the last counter: one bin, holding all 30 winners
    assert [(r["took_last_bin"], r["games"]) for r in rows] == [(1.0, 30)]
    assert spec["encoding"]["y"]["title"] == "winners"


def test_winner_tally_names_what_the_frames_hold() -> None:
    sim = simulate(NimGame(players=2), "random", 4, seed=5, workers=1)
    with pytest.raises(ValueError, match=r"no tally 'coins'.*\['took_last'\]"):
        charts.winner_tally(sim, "coins")


def test_lying_pirates_records_each_captains_coins_and_crew() -> None:
    import random

    import explorer
    state = explorer.load("pirates", players=3).new(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    d = state.data
    sim = simulate(state, "random", 1, seed=0, workers=1)      # a finished game ends at once
    assert sim.players["coins"].to_list() == list(d.coins)
    assert sim.players["crew"].to_list() == [d.crew[p] + d.specials.count(p) for p in range(3)]
