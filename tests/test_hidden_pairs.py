"""No channel tells a player what they may not know (issue: trust).

For every game and player count (and Lying Pirates with Cities of Greed), pairs of
positions and of whole explorer trees that differ only in what one player cannot see
must show that player byte-identical texts on every channel (`hidden_pairs`): the view,
scene, board and panel (synced traits, static HTML, why-not answers to the mover's own
move labels), history rows, marks, narration, legal moves, Observation, agents,
determinize samples, the player's saved file, the lesson helpers and the odds. The trees
include forced moves: a hand that forces a move in one tree and not in its twin.
"""
from __future__ import annotations

import random

import pytest
from hidden_pairs import (
    SCALE,
    config_id,
    configurations,
    differences,
    labels,
    one_sided_forced,
    position_channels,
    position_pairs,
    tree_channels,
    tree_pairs,
)

import explorer
from explorer.core.state import CHANCE
from explorer.core.tree import Explorer
from explorer.widgets import Panel

CONFIGS = configurations()


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_positions_that_look_the_same_show_the_same(config) -> None:
    name, options = config
    game = explorer.load(name, **options)
    pairs = position_pairs(game, 24 * SCALE, seed=11)
    changed = 0
    for pair in pairs:
        changed += pair.a != pair.b
        asked = sorted(set(labels(pair.a)) | set(labels(pair.b)))
        left = position_channels(pair.a, pair.viewer, asked)
        right = position_channels(pair.b, pair.viewer, asked)
        assert not differences(left, right), (
            f"{config_id(config)} {pair.where}: {differences(left, right)} tell apart two positions "
            f"that differ only in what the viewer may not see")
    assert changed > len(pairs) // 4, "vacuous: the twins hardly differ"


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_trees_that_look_the_same_show_the_same(config) -> None:
    name, options = config
    game = explorer.load(name, **options)
    pairs = tree_pairs(game, 6 * SCALE, seed=5)
    assert pairs, "no tree pair could be built"
    for pair in pairs:
        left = tree_channels(pair.a, pair.viewer)
        right = tree_channels(pair.b, pair.viewer)
        assert not differences(left, right), (
            f"{config_id(config)} {pair.where}: {differences(left, right)} tell apart two trees "
            f"that differ only in what the viewer may not see")


@pytest.mark.parametrize("config", [("summoners", {"players": 3}), ("pirates", {"players": 5})],
                         ids=config_id)
def test_under_a_perspective_another_players_forced_move_waits(config) -> None:
    """A tree under player p's perspective plays only p's own forced moves itself:
    another player's waits like a decision, so the flow tells p nothing of that hand."""
    name, options = config
    game = explorer.load(name, **options)
    pair = next(p for seed in range(5, 25) for p in tree_pairs(game, 6, seed=seed) if one_sided_forced(p))
    forced = next(n for n in (*pair.a.nodes.values(), *pair.b.nodes.values())
                  if n.forced and n.move_by != pair.viewer)
    tree = pair.a if forced.id in pair.a.nodes and pair.a.nodes[forced.id] is forced else pair.b
    before = tree.nodes[forced.parent]
    for perspective, waits in ((pair.viewer, True), (None, False)):
        replay = Explorer(tree.nodes[before.parent].state, auto_chance=False)
        replay.perspective = perspective
        if before.move_by == CHANCE:
            replay.resolve_chance(before.move)
        else:
            replay.play(before.move)
        played = [node.move for node in replay.line()[2:]]      # after the root and `before`
        assert (forced.move in played) is not waits             # the tree played it by itself
        if waits:
            assert replay.state.to_move == forced.move_by


SCROLL_BRIBE = "P0: bribe the Dragon with 1 Scroll (Scroll bribe)"


def test_the_why_not_box_reads_no_label_of_another_players_hand() -> None:
    """Village, viewer P1: a label of P0's possible bribe answers alike whatever P0 holds."""
    village = explorer.load("village", players=3)
    answers = []
    for hands in (["Scroll", "Axe", "Crown"], ["Crown", "Axe", "Scroll"]):
        state = village.scenario(hands=hands)
        assert any(m.label == SCROLL_BRIBE for m in state.legal_moves()) == (hands[0] == "Scroll")
        panel = Panel(state, viewer=1)
        panel.ask_why(SCROLL_BRIBE)
        answers.append(panel.why_result.value)
    assert answers[0] == answers[1]


def test_momiji_samples_deal_the_covered_cards_of_others_piles_again() -> None:
    """M-HIDDEN-3: two positions whose piles differ only under their tops give P0 the
    same samples and the same file."""
    momiji = explorer.load("momiji", players=3)
    found = []
    for pair in position_pairs(momiji, 60, seed=11):
        rows_a, rows_b = pair.a.data.rows, pair.b.data.rows
        if pair.viewer == 0 and any(len(p) != len(q) for ra, rb in zip(rows_a[1:], rows_b[1:])
                                    for p, q in zip(ra, rb)):
            found.append(pair)
    assert found, "no pair with piles of other sizes"
    for pair in found:
        assert pair.a.view(0) == pair.b.view(0)
        assert (pair.a.determinize(0, random.Random(1)).to_json()
                == pair.b.determinize(0, random.Random(1)).to_json())
        assert Explorer(pair.a).to_json(viewer=0) == Explorer(pair.b).to_json(viewer=0)
