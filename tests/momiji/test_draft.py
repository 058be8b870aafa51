"""The landscape draft (M-SETUP-9, M-DRAFT-1, M-DRAFT-2) and the random variant (M-SETUP-10)."""
from __future__ import annotations

import json
import random

import pytest
from hidden_pairs import differences, labels, position_channels

from explorer.core.tree import Explorer

from .helpers import load, play, texts


def drafted(players: int, seed: int, **options):
    """The positions of a seeded draft with random picks, up to the first turn."""
    state = load(players, landscapes="draft", **options).new(seed=seed)
    rng = random.Random(seed)
    line = [state]
    while state.pending.step == "draft":
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
        line.append(state)
    return line


@pytest.mark.rules("M-SETUP-9", "M-DRAFT-1")
def test_pick_one_pass_the_rest_three_rounds() -> None:
    state = load(3, landscapes="draft").new(seed=1)
    assert state.pending.step == "draft" and state.pending.seat == 0 and state.pending.rule == "M-DRAFT-1"
    assert texts(state) == [f"P0 pick {x}" for x in "ABCDEF"]
    # round 1: everyone keeps one of their six; round 2: P1 picks from what P0 passed
    after = play(state, "P0 pick D", "P1 pick D", "P2 pick A")
    assert after.data.active == 0 and after.data.lands == (("D",), ("D",), ("A",))
    assert texts(after) == [f"P0 pick {x}" for x in "BCDEF" if x != "D"]      # P2's hand, A gone; D held
    after = play(after, "P0 pick E")
    assert texts(after) == [f"P1 pick {x}" for x in "ABCEF"]                  # P0's hand less D
    assert after.why_not(after.game.parse_move("P1 pick D")).rule == "M-DRAFT-1"
    line = drafted(4, 3)
    done = line[-1]
    assert done.pending.step == "act" and done.data.active == 0 and done.data.turn == 0
    assert all(len(set(x)) == 3 for x in done.data.lands)
    assert any(e.rule == "M-DRAFT-2" for e in done.events)
    assert len(line) == 1 + 3 * 4
    assert done.why_not(done.game.parse_move("P0 pick A")).rule == "M-DRAFT-1"


@pytest.mark.rules("M-DRAFT-1")
def test_choose_is_the_draft_without_passing() -> None:
    state = play(load(2, landscapes="draft", draft="choose").new(seed=1), "P0 pick A", "P1 pick A")
    assert texts(state) == [f"P0 pick {x}" for x in "BCDEF"]


@pytest.mark.rules("M-DRAFT-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_draft_hands_and_picks_are_hidden(players: int) -> None:
    """Every draft position and each viewer's determinize twin show that viewer the same
    texts on every channel (view, scene, events, moves, saved file ...), and the twins
    do differ: others' picks are dealt again."""
    changed = 0
    for seed in range(1):
        for a in drafted(players, seed)[:-1]:
            for viewer in range(players):
                b = a.determinize(viewer, random.Random(seed))
                changed += a.data.lands != b.data.lands
                asked = sorted(set(labels(a)) | set(labels(b)))
                left = position_channels(a, viewer, asked)
                right = position_channels(b, viewer, asked)
                assert not differences(left, right), (a.data.lands, b.data.lands, viewer)
                assert b.data.lands[viewer] == a.data.lands[viewer]
                assert [len(x) for x in b.data.lands] == [len(x) for x in a.data.lands]
                mine = a.view(viewer)
                for q, seat in enumerate(mine["seats"]):
                    assert seat["landscapes"] == [] or q == viewer
                assert list(mine["draft"]["hands"]) == [str(viewer)]
    assert changed > 0


@pytest.mark.rules("M-DRAFT-2")
def test_a_players_file_of_a_draft_holds_nothing_hidden() -> None:
    tree = Explorer(load(3, landscapes="draft").new(seed=5))
    for text in ("P0 pick D", "P1 pick E", "P2 pick A"):
        tree.play(tree.game.parse_move(text))
    text = tree.to_json(viewer=1)
    doc = json.loads(text)
    assert [n["move"] for n in doc["nodes"][1:]] == [None, "P1 pick E", None]     # only P1's own pick
    assert "keeps a landscape face down" in text and "keeps D" not in text and "keeps A" not in text
    assert Explorer.from_json(text).viewer == 1


@pytest.mark.rules("M-SETUP-10", "M-SETUP-7")
def test_the_random_variant_deals_from_each_players_own_set() -> None:
    for seed in range(20):
        lands = load(4, landscapes="random").new(seed=seed).data.lands
        assert all(len(set(x)) == 3 for x in lands)
    assert load(4).new(seed=0).data.lands == (("A", "B", "C"),) * 4
