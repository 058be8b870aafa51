"""Feedback on long work: the progress bar shows when a run is expected to take over a
second (estimated by timing its first games), whatever the number of games."""
from __future__ import annotations

import time

import pytest

from explorer.core import simulate as sim_module
from explorer.core.simulate import evaluate_moves, simulate
from explorer.games._template import NimGame


class SlowAgent:
    """Takes one counter, slowly: a run of a few games that still lasts seconds."""

    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, obs, rng):
        time.sleep(self.seconds)
        return obs.legal[0]


def test_a_few_slow_games_show_the_bar(capsys) -> None:
    sim = simulate(NimGame(2), SlowAgent(0.03), 12, seed=0, workers=1)   # ~12 x 7 x 0.03 s
    assert "simulate" in capsys.readouterr().err
    assert sim.n == 12 and sim.games["game_id"].to_list() == list(range(12))


def test_many_fast_games_show_no_bar(monkeypatch, capsys) -> None:
    # over 500 games, well under a second: the threshold is raised so that a busy
    # machine (a CI neighbour) cannot push the estimate over it
    monkeypatch.setattr(sim_module, "AUTO_PROGRESS_SECONDS", 5.0)
    simulate(NimGame(2), "random", 600, seed=0, workers=1)
    assert "simulate" not in capsys.readouterr().err


def test_the_estimate_scales_with_the_games_left(monkeypatch, capsys) -> None:
    # the same fast games: a bar once the expected time passes the threshold
    monkeypatch.setattr(sim_module, "AUTO_PROGRESS_SECONDS", 1e-6)
    simulate(NimGame(2), "random", 50, seed=0, workers=1)
    assert "simulate" in capsys.readouterr().err
    assert sim_module.expected_seconds(0.01, 300, 1) == pytest.approx(3.0)
    assert sim_module.expected_seconds(0.01, 300, 4) == pytest.approx(0.75)


def test_probing_changes_no_result() -> None:
    """The timed first games are part of the run: the frames are those of any other run."""
    auto = simulate(NimGame(2), "random", 40, seed=5, workers=1)
    quiet = simulate(NimGame(2), "random", 40, seed=5, workers=1, progress=False)
    assert auto.games.equals(quiet.games) and auto.players.equals(quiet.players)
    assert auto.turns.equals(quiet.turns)


def test_explicit_choices_win_over_the_estimate(capsys) -> None:
    simulate(NimGame(2), SlowAgent(0.03), 6, seed=0, workers=1, progress=False)
    assert "simulate" not in capsys.readouterr().err
    simulate(NimGame(2), "random", 3, seed=0, workers=1, progress=True)
    assert "simulate" in capsys.readouterr().err


def test_a_slow_move_evaluation_shows_its_bar(capsys) -> None:
    state = NimGame(2).scenario(pile=6)
    evaluate_moves(state, SlowAgent(0.02), n=8, seed=0, workers=1)
    assert "evaluate" in capsys.readouterr().err
    evaluate_moves(state, "random", n=5, seed=0, workers=1)
    assert "evaluate" not in capsys.readouterr().err


class _Handle:
    """Stands in for IPython's display handle: records what the output became."""

    def __init__(self, shown: object) -> None:
        self.shown = [shown]

    def update(self, obj: object) -> None:
        self.shown.append(obj)


def test_in_a_notebook_a_finished_bar_leaves_one_honest_line(monkeypatch) -> None:
    """An exported notebook must not show a bar frozen part way: when the run ends the
    bar's output becomes one line, and its widgets are closed."""
    import IPython.display

    from explorer.core import progress

    handles: list[_Handle] = []
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, display_id=False: handles.append(_Handle(obj)) or handles[-1])
    simulate(NimGame(2), "random", 40, seed=0, workers=1, progress=True)
    (handle,) = handles
    bar, line = handle.shown
    assert repr(line).startswith("simulate: 40 games in ") and repr(line).endswith(" s")
    assert "40 games" in line._repr_html_()
    assert bar.comm is None, "the bar's widgets are closed, not left in the notebook's state"


def test_a_caller_can_take_the_progress_itself() -> None:
    told: list[tuple[int, int]] = []
    simulate(NimGame(2), "random", 30, seed=0, workers=1, progress=lambda done, total: told.append((done, total)))
    assert told and told[-1] == (30, 30) and all(total == 30 for _, total in told)
