"""The card draft's memory [P-SETUP-DRAFT]: a player knows which cards they passed left,
so a sample of the hidden cards for them (`determinize`) keeps those cards in the left
neighbour's hand, until they are played or discarded in sight of all. With more than two
players only the last pass is sure (the neighbour may pass earlier cards on, unseen);
with two, what came back is seen, so the rest of what was passed is sure too. The
memory is the passer's alone, and it survives a save."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from explorer.core import InvalidInput

from .helpers import load


def after_draft(players: int, seed: int):
    """A draft game played at random until the draft is over, and the cards each seat
    passed left in each pass (from its own moves)."""
    game = load(players, draft=True)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    passes: list[list[list[str]]] = [[] for _ in range(players)]
    size = None
    while state.data.stack and state.data.stack[-1][0] == "draft":
        frame = state.data.stack[-1]
        if frame[1] != size:
            size = frame[1]
            for p in range(players):
                passes[p].append([])
        move = rng.choice(state.legal_moves())
        passes[move.player][-1].append(move.card)
        state = state.play(move)
    return state, passes


def surely_held(passes: list[list[list[str]]], players: int) -> list[Counter]:
    """What each giver surely knows their left neighbour holds after the draft."""
    if players > 2:
        return [Counter(passes[g][-1]) for g in range(players)]
    known = []
    for g in range(2):
        mine: Counter = Counter()
        for k, cards in enumerate(passes[g]):
            mine = (mine - Counter(passes[1 - g][k])) + Counter(cards)
        known.append(mine)
    return known


@pytest.mark.rules("P-SETUP-DRAFT", "P-HIDDEN-1")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_sample_keeps_the_cards_i_passed_in_my_neighbours_hand(players):
    for seed in range(4):
        state, passes = after_draft(players, seed)
        known = surely_held(passes, players)
        for giver in range(players):
            assert sum(known[giver].values()) >= 1
            taker = (giver + 1) % players
            for k in range(12):
                sample = state.determinize(giver, random.Random(k))
                assert not known[giver] - Counter(sample.data.hands[taker]), (seed, giver, k)
                assert sample.view(giver) == state.view(giver)


@pytest.mark.rules("P-SETUP-DRAFT")
def test_the_neighbours_other_cards_are_still_dealt_again():
    state, _ = after_draft(4, 1)
    hands = {state.determinize(0, random.Random(k)).data.hands[1] for k in range(20)}
    assert len(hands) > 1


@pytest.mark.rules("P-SETUP-DRAFT", "P-HIDDEN-1")
def test_only_the_passer_sees_what_they_passed():
    state, passes = after_draft(3, 2)
    shown = state.view(0)["passed"]
    assert shown[0] == sorted(passes[0][-1]) and shown[1] is None and shown[2] is None
    assert state.view(None)["passed"] == [sorted(passes[p][-1]) for p in range(3)]
    for viewer in (1, 2):
        assert state.view(viewer)["passed"][0] is None


@pytest.mark.rules("P-SETUP-DRAFT", "P-ACT-1")
def test_a_passed_card_played_in_sight_of_all_is_forgotten():
    for seed in range(30):
        state, passes = after_draft(3, seed)
        card = passes[0][-1][0]
        rng = random.Random(seed)
        while not state.is_over and card in state.data.hands[1]:
            if state.is_chance:
                state = state.play(state.sample_chance(rng))
                continue
            plays = [m for m in state.legal_moves() if getattr(m, "card", None) == card and m.player == 1]
            state = state.play(plays[0] if plays else rng.choice(state.legal_moves()))
        if card in state.data.discard and card not in state.data.hands[1]:
            assert card not in state.view(0)["passed"][0]
            sample = state.determinize(0, random.Random(0))
            assert sample.view(0) == state.view(0)
            return
    pytest.fail("P1 never played the card P0 passed")


@pytest.mark.rules("P-SETUP-DRAFT")
def test_the_memory_is_saved_and_a_wrong_one_refused():
    state, _ = after_draft(3, 3)
    game = state.game
    assert game.state_from_json(state.to_json()) == state
    doc = json.loads(state.to_json())
    doc["data"]["passed"][0] = list(state.data.hands[1]) + list(state.data.hands[2])  # more than P1 holds
    with pytest.raises(InvalidInput, match=r"passed\[0\]"):
        game.state_from_json(json.dumps(doc))


@pytest.mark.rules("P-SETUP-DRAFT", "P-HIDDEN-1")
@pytest.mark.parametrize("players", [2, 4])
def test_during_the_draft_a_sample_keeps_what_i_passed_with_my_neighbour(players):
    # while a later pass is under way the neighbour may have set my cards aside again:
    # they stay in the neighbour's hand or among the cards they set aside
    game = load(players, draft=True)
    rng = random.Random(5)
    state = game.new(seed=5)
    checked = 0
    while state.data.stack and state.data.stack[-1][0] == "draft":
        for giver, cards in enumerate(state.data.passed):
            taker = (giver + 1) % players
            for k in range(3):
                sample = state.determinize(giver, random.Random(k))
                held = Counter(sample.data.hands[taker]) + Counter(sample.data.stack[-1][2][taker])
                assert not Counter(cards) - held
                assert sample.view(giver) == state.view(giver)
                checked += bool(cards)
        state = state.play(rng.choice(state.legal_moves()))
    assert checked > 0
