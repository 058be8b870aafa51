"""The core's fast paths answer what the plain forms answer: deck outcomes listed by
binary search against a `Counter`, a deck's shared outcome pairs (`CardOdds`) against
`Deck.outcomes`, a listed move found by identity against the game's legality hook, and
the successor that `play` builds without `__init__` against a state built the ordinary
way."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luck_toy import LuckGame, LuckState

import explorer
from explorer.core import CHANCE, Deck, IllegalMove, State
from explorer.core.chance import CardOdds


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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=60), st.lists(st.integers(0, 9), max_size=30))
def test_card_odds_are_the_decks_outcomes_as_shared_pairs(cards, drawn) -> None:
    moves = tuple(f"move {c}" for c in range(10))
    odds = CardOdds(moves)
    deck = Deck.of(cards)
    for card in drawn:                    # the same table over a shrinking deck
        expected = deck.outcomes(moves.__getitem__)
        assert odds.outcomes(deck.unseen) == expected
        assert odds.outcomes(deck.unseen) == expected       # remembered pairs, same answer
        if card in deck.unseen:
            deck = deck.draw(card)
    assert odds.outcomes(()) == ()


def test_a_listed_move_is_found_by_identity_and_any_other_asks_the_game(monkeypatch) -> None:
    asked = []

    def hook(self: State, move) -> bool:
        asked.append(move)
        return State._is_legal(self, move)

    monkeypatch.setattr(LuckState, "_is_legal", hook, raising=False)
    state = LuckGame(2).new()
    listed = state.legal_moves()[0]
    assert state.play(listed) == state.play(listed, check=False) and asked == []
    copy = dataclasses.replace(listed)                  # equal, but not the listed object
    assert copy is not listed and state.is_legal(copy) and asked == [copy]
    assert state.play(copy) == state.play(listed)
    other = dataclasses.replace(listed, player=1)       # not P0's turn
    with pytest.raises(IllegalMove):
        state.play(other)
    assert not state.is_legal(other) and state.legal_moves()[0] is listed


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
