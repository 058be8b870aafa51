"""The explorer tree: stepping, branching with chosen luck, notes, diffs and files."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import CHANCE, IllegalMove, InvalidInput


@pytest.fixture
def tree() -> explorer.Explorer:
    return explorer.Explorer(explorer.load("village", players=3).new(seed=4), seed=9)


def play_first(tree: explorer.Explorer, n: int) -> None:
    for _ in range(n):
        tree.play(tree.state.legal_moves()[0])


def test_play_undo_redo(tree: explorer.Explorer) -> None:
    start = tree.state
    play_first(tree, 3)
    after = tree.state
    assert after != start and tree.state.to_move != CHANCE
    tree.undo(); tree.undo(); tree.undo()
    assert tree.state == start and not tree.can_undo
    tree.redo(); tree.redo(); tree.redo()
    assert tree.state == after and not tree.can_redo


def test_illegal_move_leaves_the_tree_as_it_was(tree: explorer.Explorer) -> None:
    play_first(tree, 2)
    before = (tree.current, len(tree.nodes), tree.to_json())
    other = explorer.load("village", players=3).new(seed=99)
    illegal = next(m for m in other.legal_moves() if not tree.state.is_legal(m))
    with pytest.raises(IllegalMove) as err:
        tree.play(illegal)
    assert err.value.reason.rule
    assert (tree.current, len(tree.nodes), tree.to_json()) == before


def test_replaying_a_move_reuses_the_node_and_its_luck(tree: explorer.Explorer) -> None:
    play_first(tree, 4)
    end, count = tree.current, len(tree.nodes)
    for _ in range(4):
        tree.undo()
    play_first(tree, 4)
    assert (tree.current, len(tree.nodes)) == (end, count)


def lines_after_branch(luck: str) -> tuple[list[str], list[str]]:
    tree = explorer.Explorer(explorer.load("village", players=3).new(seed=4), seed=9)
    play_first(tree, 6)
    original = [str(n.move) for n in tree.line() if n.chance]
    tree.branch(0, luck=luck)
    for _ in range(6):
        moves = tree.state.legal_moves()
        tree.play(moves[-1] if len(moves) > 1 else moves[0])
    branched = [str(n.move) for n in tree.line() if n.chance]
    assert len(tree.root.children) == 2, "the what-if is a second branch from the root"
    return original, branched


def test_branch_with_same_luck_replays_the_recorded_outcomes() -> None:
    original, branched = lines_after_branch("same")
    n = min(len(original), len(branched))
    assert n > 0 and branched[:n] == original[:n]


def test_branch_with_resampled_luck_draws_afresh() -> None:
    resampled = [lines_after_branch("resample")[1] for _ in range(1)]
    original, _ = lines_after_branch("same")
    assert resampled[0] != original


def test_goto_annotate_rows_and_diff(tree: explorer.Explorer) -> None:
    play_first(tree, 2)
    tree.annotate("after two moves")
    here = tree.current
    tree.goto(0)
    assert tree.state == tree.root.state
    rows = tree.tree_rows()
    assert rows[0]["id"] == 0 and rows[0]["current"]
    assert any(r["comment"] == "after two moves" for r in rows)
    changes = tree.diff(0, here)
    assert changes and all("→" in c or "+ " in c or "− " in c for c in changes)
    assert tree.diff(here, here) == []
    with pytest.raises(InvalidInput, match="node"):
        tree.goto(10_000)


def test_save_and_load_round_trip(tree: explorer.Explorer) -> None:
    play_first(tree, 5)
    tree.annotate("note")
    tree.branch(1, luck="resample")
    play_first(tree, 2)
    loaded = explorer.Explorer.from_json(tree.to_json())
    assert loaded.current == tree.current
    assert {i: (n.parent, n.move, n.state, n.comment) for i, n in loaded.nodes.items()} == \
           {i: (n.parent, n.move, n.state, n.comment) for i, n in tree.nodes.items()}


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(nodes=[]), "nodes"),
    (lambda d: d["nodes"].append({"id": 99, "parent": 77, "move": "draw"}), "nodes"),
    (lambda d: d["nodes"][1].update(move="no such move"), "nodes[1].move"),
    (lambda d: d["root"].update(game="chess"), "game"),
])
def test_malformed_tree_files_are_refused_with_the_field(tree, mutate, field) -> None:
    play_first(tree, 2)
    doc = json.loads(tree.to_json())
    mutate(doc)
    with pytest.raises(InvalidInput) as err:
        explorer.Explorer.from_json(json.dumps(doc))
    assert err.value.field.startswith(field)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(junk=JSON, key=st.sampled_from(["format", "root", "nodes", "current", "seed", "version"]))
def test_fuzzed_tree_files_are_refused_cleanly(junk, key) -> None:
    tree = explorer.Explorer(explorer.load("village", players=2).new(seed=1))
    tree.play(tree.state.legal_moves()[0])
    doc = json.loads(tree.to_json())
    doc[key] = junk
    try:
        loaded = explorer.Explorer.from_json(json.dumps(doc))
    except InvalidInput:
        return
    assert loaded.root.state == tree.root.state


@settings(max_examples=150, deadline=None)
@given(junk=JSON, key=st.sampled_from(["id", "parent", "move", "comment"]))
def test_fuzzed_tree_nodes_are_refused_cleanly(junk, key) -> None:
    tree = explorer.Explorer(explorer.load("village", players=2).new(seed=1))
    tree.play(tree.state.legal_moves()[0])
    doc = json.loads(tree.to_json())
    doc["nodes"][1][key] = junk
    try:
        explorer.Explorer.from_json(json.dumps(doc))
    except InvalidInput:
        pass


def test_diff_speaks_the_board_and_hides_what_the_viewer_cannot_see(tree: explorer.Explorer) -> None:
    tree.play("P0 draw")
    teacher = "\n".join(tree.diff(0, tree.current))
    player1 = "\n".join(tree.diff(0, tree.current, viewer=1))
    assert "status:" in teacher and "→" in teacher
    drawn = tree.state.view(None)["hands"][0]["cards"]
    assert "face down ×7 → ×8" in player1, "player 1 sees only that P0's hand grew"
    assert not any(f"{card} ×{n}" in line for line in player1.splitlines() if "P0" in line
                   for card, n in drawn.items())
