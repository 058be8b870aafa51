"""The core's fast paths answer what the plain forms answer: deck outcomes listed by
binary search against a `Counter`, and the successor that `play` builds without
`__init__` against a state built the ordinary way."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import CHANCE, Deck, IllegalMove, State


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from("ABCDEFG"), max_size=60),
       top=st.lists(st.sampled_from("AB"), max_size=2))
def test_deck_outcomes_are_the_counted_probabilities(cards, top) -> None:
    deck = Deck.of(cards, top)
    total = len(cards)
    expected = tuple((card, n / total) for card, n in sorted(Counter(cards).items()))
    assert deck.outcomes() == expected
    assert deck.outcomes(str.lower) == tuple((c.lower(), p) for c, p in expected)
    if cards:
        assert abs(sum(p for _, p in deck.outcomes()) - 1) < 1e-9


def test_a_state_subclass_may_not_replace_init() -> None:
    with pytest.raises(TypeError, match="keeps State.__init__"):
        class Broken(State):       # noqa: F841 - defining it is the test
            __slots__ = ()

            def __init__(self, game, data, events=()) -> None:
                super().__init__(game, data, events)


@pytest.mark.parametrize("name", ["village", "summoners"])
def test_played_states_equal_states_built_from_their_data(name) -> None:
    game = explorer.load(name, 3)
    rng = random.Random(4)
    state = game.new(4)
    for _ in range(120):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            moves, probs = zip(*state.chance_outcomes())
            move = rng.choices(moves, probs)[0]
        else:
            move = rng.choice(state.legal_moves())
        after = state.play(move)
        plain = type(after)(after.game, after.data, after.events)
        assert after == plain and after.events == plain.events
        assert after.pending == plain.pending
        assert after.legal_moves() == plain.legal_moves()
        assert after.chance_outcomes() == plain.chance_outcomes()
        state = after


def test_an_illegal_move_raises_and_leaves_the_state() -> None:
    game = explorer.load("village", 3)
    state = game.new(1)
    while state.to_move == CHANCE:
        state = state.play(state.legal_moves()[0])
    before = state.data
    with pytest.raises(IllegalMove):
        state.play(game.parse_move("P2 draw") if state.to_move != 2 else game.parse_move("P0 draw"))
    with pytest.raises(IllegalMove):
        state.play(game.parse_move("reveal Crown"))
    assert state.data == before
