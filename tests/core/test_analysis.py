"""The analysis board (`core.analysis`): the value of every move, its interval, whose
knowledge it uses, and the game record with its marks."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hidden_pairs import position_pairs
from luck_toy import LuckGame

import explorer
from explorer.core import CHANCE, InvalidInput
from explorer.core.analysis import Analysis, analyse, game_record, mark_for
from explorer.core.mcts import win_shares


def exact_value(state, mover: int) -> Fraction:
    """The mover's win share under random play to the end, by enumerating every chance
    outcome and averaging over every legal decision (what the toy's playouts estimate)."""
    if state.is_over:
        return Fraction(win_shares(state)[mover]).limit_denominator(12)
    if state.to_move == CHANCE:
        return sum((Fraction(p).limit_denominator(64) * exact_value(state.play(m), mover)
                    for m, p in state.chance_outcomes()), Fraction(0))
    moves = state.legal_moves()
    return sum((exact_value(state.play(m), mover) for m in moves), Fraction(0)) / len(moves)


def test_the_estimates_agree_with_enumeration_on_a_small_game():
    """Draw or Roll with two turns left (no heuristic: played out at random): each move's
    exact win share lies in its interval, and the better move is found."""
    game = LuckGame(2, turns=2)
    state = game.new(seed=4)
    analysis = Analysis(state, seed=1)
    analysis.think(samples=4000)
    for value in analysis.values:
        exact = float(exact_value(state.play(value.move), state.to_move))
        assert value.low - 0.01 <= exact <= value.high + 0.01, (value.move, exact, value.win_share)
    exacts = {str(v.move): float(exact_value(state.play(v.move), state.to_move)) for v in analysis.values}
    if abs(exacts["P0 draw"] - exacts["P0 roll"]) > 0.05:
        assert str(analysis.best().move) == max(exacts, key=exacts.get)


def test_analyse_gives_one_row_per_legal_move_with_an_interval():
    state = explorer.load("village", players=3).new(seed=2)
    frame = analyse(state, seconds=0.2)
    assert frame.columns == ["move", "label", "win_share", "low", "high", "samples", "best"]
    assert sorted(frame["move"]) == sorted(str(m) for m in state.legal_moves())
    assert frame["best"].sum() == 1
    assert (frame["low"] <= frame["win_share"]).all() and (frame["win_share"] <= frame["high"]).all()
    assert frame["samples"].min() >= 2
    best = frame.filter(frame["best"])["win_share"][0]
    assert best == frame["win_share"].max()


@pytest.mark.parametrize("name", ["village", "summoners", "momiji", "pirates"])
def test_a_players_analysis_is_the_same_for_every_hidden_state_that_fits_their_view(name):
    game = explorer.load(name, players=3)
    pairs = [p for p in position_pairs(game, 30, seed=8)
             if p.a.to_move == p.viewer and len(p.a.legal_moves()) > 1][:4]
    assert pairs, "no decision of the viewer's own among the pairs"
    for pair in pairs:
        left = Analysis(pair.a, viewer=pair.viewer, seed=5)
        right = Analysis(pair.b, viewer=pair.viewer, seed=5)
        left.think(samples=60)
        right.think(samples=60)
        assert left.rows() == right.rows(), pair.where
        assert left.whose == f"as P{pair.viewer} knows it"


def test_analysis_refuses_what_it_cannot_answer():
    game = explorer.load("village", players=3)
    state = game.new(seed=1)
    other = (state.to_move + 1) % 3
    with pytest.raises(InvalidInput, match="cannot see"):
        Analysis(state, viewer=other)
    with pytest.raises(InvalidInput, match="viewer"):
        Analysis(state, viewer=7)
    with pytest.raises(InvalidInput, match="seconds"):
        analyse(state, seconds=0)
    chance = next(s for s in _line(state) if s.to_move == CHANCE)
    with pytest.raises(InvalidInput, match="luck speaks now"):
        Analysis(chance)


def _line(state, seed: int = 3):
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state = state.play(state.sample_chance(rng) if state.to_move == CHANCE
                           else rng.choice(state.legal_moves()))


def test_marks_follow_the_annotators_thresholds():
    assert [mark_for(x) for x in (0.0, 0.049, 0.05, 0.1, 0.19, 0.2, 0.5)] == ["", "", "?!", "?", "?", "??", "??"]


def test_a_game_record_judges_each_decision_and_marks_the_tree_for_its_mover_only():
    game = explorer.load("village", players=2)
    tree = explorer.Explorer(game.new(seed=3), seed=3)
    rng = random.Random(2)
    for _ in range(8):
        if tree.state.is_over:
            break
        moves = tree.state.legal_moves()
        tree.play(moves[-1] if rng.random() < 0.5 else moves[0])
    seen = []
    record = game_record(tree, seconds=0.05, progress=lambda done, total: seen.append((done, total)))
    assert len(record) == seen[-1][1] == seen[-1][0] and len(record) > 0
    assert set(record.columns) >= {"ply", "node", "mover", "move", "win_share", "best", "loss", "mark", "P0", "P1"}
    assert (record["loss"] >= 0).all()
    for row in record.iter_rows(named=True):
        node = tree.nodes[row["node"]]
        assert node.mark == row["mark"] == mark_for(row["loss"]) or (row["mark"] == "" and node.mark == "")
        mover = int(row["mover"][1:])
        assert node.mark_for(None) == node.mark and node.mark_for(mover) == node.mark
        assert node.mark_for(1 - mover) == ""
    marked = record["node"][0]
    tree.nodes[marked].mark = "??"
    mover = int(record["mover"][0][1:])

    def saved_mark(viewer):
        node = next(n for n in json.loads(tree.to_json(viewer=viewer))["nodes"] if n["id"] == marked)
        return node.get("mark", "")
    assert saved_mark(None) == saved_mark(mover) == "??" and saved_mark(1 - mover) == ""
    again = explorer.Explorer.from_json(tree.to_json())
    assert again.nodes[record["node"][0]].mark == "??"

