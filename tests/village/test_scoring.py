"""Scoring and the tie-break."""
from __future__ import annotations

import pytest

from .helpers import load, play


def final(hands=("", ""), bribes=({}, {}), **options):
    """The game ended by P0 drawing from the empty deck (default track: values 1 1 2 2 3 4
    for Axe Feather Scroll Sword Crown Egg)."""
    state = load(2, **options).scenario(hands=list(hands), bribes=list(bribes), deck={})
    return play(state, "P0 draw")


@pytest.mark.rules("V-SCORE-1")
def test_bribe_cards_and_their_wilds_score_the_token_value() -> None:
    over = final(bribes=({"Crown": [2, 1]}, {"Axe": 1}))
    assert over.scores() == (3 * 3, 1)
    assert over.outcome().lines[0] == (0, 9.0, "cards in bribes x token value", "V-SCORE-1")


@pytest.mark.rules("V-SCORE-2")
def test_treasures_left_in_hand_cost_their_value() -> None:
    over = final(hands=("Egg Sword", ""), bribes=({"Crown": 1}, {}))
    assert over.scores() == (3 - 4 - 2, 0)


@pytest.mark.rules("V-SCORE-3")
def test_wilds_left_in_hand_cost_two() -> None:
    over = final(hands=("Wild*3", ""), bribes=({"Crown": 1}, {}))
    assert over.scores() == (3 - 6, 0)
    assert over.view(0)["wild_penalty"] == 2


@pytest.mark.rules("V-SCORE-4")
def test_the_highest_score_wins_and_lines_add_up() -> None:
    over = final(hands=("Axe", ""), bribes=({"Egg": 2}, {"Crown": 3}))
    outcome = over.outcome()
    assert outcome.scores == (8 - 1, 9) and outcome.winners == (1,) and outcome.tiebreak == ""
    for seat in (0, 1):
        assert sum(line.points for line in outcome.lines if line.player == seat) == outcome.scores[seat]
    clear = final(bribes=({"Egg": 3}, {"Crown": 3}))
    assert clear.outcome().winners == (0,) and clear.outcome().tiebreak == ""
    assert clear.view(1)["outcome"]["winners"] == [0]


@pytest.mark.rules("V-TIE-1")
def test_a_tie_goes_to_most_cards_of_the_top_type() -> None:
    over = final(bribes=({"Egg": 1, "Axe": 2}, {"Crown": 2}))
    assert over.scores() == (6, 6)
    assert over.outcome().winners == (0,) and "V-TIE-1" in over.outcome().tiebreak


@pytest.mark.rules("V-TIE-2")
def test_still_tied_compare_the_next_space_to_the_left() -> None:
    over = final(bribes=({"Egg": 1, "Crown": 1}, {"Egg": 1, "Feather": 3}))
    assert over.scores() == (7, 7)
    assert over.outcome().winners == (0,)


@pytest.mark.rules("V-TIE-3")
def test_a_full_tie_is_shared_or_by_option_nobody_wins() -> None:
    assert final(bribes=({"Crown": 1}, {"Crown": 1})).outcome().winners == (0, 1)
    none = final(bribes=({"Crown": 1}, {"Crown": 1}), full_tie_shared=False).outcome()
    assert none.winners == () and "nobody" in none.tiebreak


@pytest.mark.rules("V-TIE-4")
def test_wilds_in_a_bribe_count_in_the_tie_break_by_option() -> None:
    bribes = ({"Egg": [1, 1]}, {"Egg": 2})
    assert final(bribes=bribes).outcome().winners == (0, 1)
    assert final(bribes=bribes, tie_counts_wilds=False).outcome().winners == (1,)
