"""What the Momiji search heuristic (explorer/games/momiji/heuristic.py) values: the score
now, open piles at the top they are expected to reach, hand cards that can still grow a
pile above those that cannot, and hopes that fade as the deck runs down."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent
from explorer.games.momiji import heuristic

GAME = explorer.load("momiji", players=2)


def worth(state, seat: int = 0) -> float:
    return heuristic.points(state)[seat]


@pytest.mark.rules("M-SCORE-1", "M-PLAY-2")
def test_a_pile_of_zeros_is_worth_its_hopes_while_the_deck_lasts() -> None:
    pile = GAME.scenario(rows=[["Maple-0L Maple-0R"], []])
    none = GAME.scenario(discard="Maple-0L Maple-0R")
    assert heuristic.hopes(pile) == 1.0
    assert pile.scores()[0] == none.scores()[0]          # 0 × 2 scores nothing now
    assert worth(pile) - worth(none) == pytest.approx(2 * heuristic.EXPECTED_TOP)
    assert heuristic.value(pile)[0] > heuristic.value(none)[0]


@pytest.mark.rules("M-PLAY-3", "M-PLAY-4")
def test_a_card_that_can_grow_its_pile_beats_one_that_cannot() -> None:
    live = GAME.scenario(rows=[["Maple-0L Maple-1"], []], hands=["Maple-2", ""])
    dead = GAME.scenario(rows=[["Maple-0L Maple-1 Maple-2"], []], hands=["Maple-1", ""])
    closed = GAME.scenario(rows=[["Maple-0L Maple-1 Maple-2 Maple-3"], []], hands=["Maple-2R", ""])
    starts = GAME.scenario(hands=["Oak-0", ""])
    lone = GAME.scenario(hands=["Oak-2", ""])
    base = {s: s.scores()[0] for s in (live, dead, closed, starts, lone)}
    assert worth(live) - base[live] == pytest.approx(2 * (heuristic.EXPECTED_TOP - 1) + heuristic.LIVE_CARD)
    assert worth(dead) - base[dead] == pytest.approx(heuristic.DEAD_CARD)   # the 2 tops the pile
    assert worth(closed) - base[closed] == pytest.approx(heuristic.DEAD_CARD)
    assert worth(starts) - base[starts] == pytest.approx(heuristic.LIVE_CARD)
    assert worth(lone) - base[lone] == pytest.approx(heuristic.DEAD_CARD)
    assert heuristic.LIVE_CARD > heuristic.DEAD_CARD


@pytest.mark.rules("M-END-1", "M-SCORE-2")
def test_with_the_deck_empty_only_the_score_and_the_hand_count() -> None:
    spec = dict(rows=[["Maple-0L Maple-0R"], ["Oak-0 Oak-1"]], hands=["Maple-1", "Oak-0L"],
                acorns=[3, 1])
    empty = GAME.scenario(**spec, deck="")
    assert heuristic.hopes(empty) == 0.0
    assert heuristic.points(empty) == pytest.approx(
        (empty.scores()[0] + heuristic.LATE_LIVE_CARD, empty.scores()[1] + heuristic.DEAD_CARD))
    half = GAME.scenario(**spec, deck="Birch-0L Birch-0L Birch-0R Birch-0R Birch-0 Ginkgo-0L "
                                      "Ginkgo-0L Ginkgo-0R Ginkgo-0R Ginkgo-0 Birch-1 Birch-1 "
                                      "Birch-1L Birch-1R Ginkgo-1")
    assert heuristic.hopes(half) == pytest.approx(15 / heuristic.HORIZON)
    assert worth(empty) < worth(half)


@pytest.mark.rules("M-SCORE-3")
def test_once_the_game_is_over_the_points_are_the_score() -> None:
    state = GAME.new(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.play(state.sample_chance(rng) if state.is_chance
                           else rng.choice(state.legal_moves()))
    assert heuristic.points(state) == state.scores()
    shares = heuristic.value(state)
    assert sum(shares) == pytest.approx(1.0)


@pytest.mark.rules("M-HIDDEN-1")
def test_the_unseen_deck_counts_only_by_its_size() -> None:
    """Nobody sees the deck: positions alike but for which cards it holds (as many) get
    the same values."""
    spec = dict(rows=[["Maple-0"], []], hands=["Maple-1 Oak-0", "Birch-0"])
    one = GAME.scenario(**spec, deck="Oak-1 Oak-2 Oak-3 Birch-3")
    other = GAME.scenario(**spec, deck="Ginkgo-0 Ginkgo-1 Ginkgo-2 Ginkgo-3")
    assert heuristic.value(one) == heuristic.value(other)


@pytest.mark.rules("M-COLLECT-1", "M-PLAY-1")
def test_the_search_starts_a_pile_rather_than_only_trading() -> None:
    """Early in the game, with 0s in hand and nothing on the table, the search plays a
    card (before, it collected and traded cards for acorns all game long)."""
    state = GAME.scenario(hands=["Maple-0L Maple-0R Oak-0 Oak-1", "Birch-1"], garden="Ginkgo-2 Birch-2")
    move = MCTSAgent(iterations=200).choose(observe(state), random.Random(0))
    assert str(move).startswith("P0 play")
