"""The `explorer` command, run in-process: simulate, replay, rules, lab."""
from __future__ import annotations

import random

import polars as pl
import pytest

import explorer
from explorer import cli
from explorer.core import CHANCE, Explorer
from explorer.core.rulebook import rulebook


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_prints_a_summary_and_saves_parquet(capsys, tmp_path) -> None:
    out_file = tmp_path / "runs.parquet"
    code, out, _ = run(capsys, "simulate", "village", "--players", "3", "--agents",
                       "random,greedy,random", "--n", "12", "--seed", "3", "--workers", "1",
                       "--out", str(out_file))
    assert code == 0
    assert "explorer.load('village', players=3): 12 games, seed 3" in out
    lines = out.splitlines()
    assert any(line.split()[:3] == ["1", "greedy", "12"] for line in lines)
    assert "decisions per game" in out and f"saved {out_file}" in out
    table = pl.read_parquet(out_file)
    assert table.height == 36
    assert {"game_id", "seat", "agent", "score", "won", "rank", "winners", "turns",
            "opt_track_values"} <= set(table.columns)
    assert table.filter(pl.col("seat") == 1)["agent"].unique().to_list() == ["greedy"]


def test_simulate_with_a_rule_option_to_csv(capsys, tmp_path) -> None:
    out_file = tmp_path / "runs.csv"
    code, _, _ = run(capsys, "simulate", "village", "--n", "4", "--workers", "1",
                     "--option", "track_values=[1,2,3,4,5,6]", "--out", str(out_file))
    assert code == 0
    table = pl.read_csv(out_file)
    assert table["opt_track_values"].unique().to_list() == ["1,2,3,4,5,6"]


@pytest.mark.parametrize("argv, problem", [
    (["simulate", "village", "--agents", "wizard", "--n", "2"], "unknown agent 'wizard'"),
    (["simulate", "village", "--players", "9", "--n", "2"], "players:"),
    (["simulate", "village", "--option", "colour=red", "--n", "2"], "options.colour"),
    (["simulate", "village", "--n", "2", "--out", "x.xlsx"], "out: expected a .parquet"),
])
def test_bad_input_exits_2_with_the_reason(capsys, argv, problem) -> None:
    code, _, err = run(capsys, *argv, "--workers", "1")
    assert code == 2 and problem in err


def test_replay_a_saved_tree_prints_the_line_and_the_outcome(capsys, tmp_path) -> None:
    game = explorer.load("village", players=3)
    tree = Explorer(game.new(seed=2), seed=2)
    rng = random.Random(0)
    while not tree.state.is_over:
        moves = tree.state.legal_moves()
        tree.play(moves[int(rng.random() * len(moves))])
    tree.annotate("the end")
    path = tmp_path / "tree.json"
    path.write_text(tree.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    line = tree.line()
    assert f"the line to the current one has {len(line) - 1} moves" in out
    assert str(line[1].move) in out and "# the end" in out
    assert "chance" in out  # the draws are part of the line
    outcome = tree.state.outcome()
    assert f"over: {outcome.ended_by} [{outcome.rule}]" in out
    assert "winner: " + " and ".join(f"P{p}" for p in outcome.winners) in out


def test_replay_a_saved_state(capsys, tmp_path) -> None:
    state = explorer.load("summoners").new(seed=1)
    while state.to_move == CHANCE:
        state = state.play(state.legal_moves()[0])
    path = tmp_path / "state.json"
    path.write_text(state.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "a saved position" in out and f"not over: P{state.to_move} to move" in out


def test_replay_refuses_a_broken_file(capsys, tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "json:" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    path.write_text('{"format": "something else"}')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "format:" in err and "something else" in err


def test_rules_prints_every_rule_with_its_id_and_tag(capsys) -> None:
    code, out, _ = run(capsys, "rules", "village")
    assert code == 0
    book = rulebook("village")
    assert out.splitlines()[0] == book.title
    for rule in book:
        assert f"{rule.id} [{rule.source}] {rule.text}" in out


def test_lab_opens_jupyterlab_on_the_tour(monkeypatch, capsys, tmp_path) -> None:
    calls = []
    monkeypatch.setattr(cli.subprocess, "call", lambda cmd, cwd: calls.append((cmd, cwd)) or 0)
    assert cli.TOUR.is_file()
    assert cli.main(["lab", "--no-browser"]) == 0
    (cmd, cwd), = calls
    assert cmd[1:4] == ["-m", "jupyter", "lab"] and cmd[4] == "notebooks/00_tour.ipynb"
    assert cmd[5:] == ["--no-browser"] and cwd == cli.TOUR.parent.parent
    monkeypatch.setattr(cli, "TOUR", tmp_path / "missing.ipynb")
    assert cli.main(["lab"]) == 2 and "not found" in capsys.readouterr().err
    assert len(calls) == 1


def test_unknown_arguments_are_refused_outside_lab(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["rules", "village", "--colour"])
