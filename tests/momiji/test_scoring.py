"""Objectives, scoring and the end (M-OBJ, M-SCORE, M-END)."""
from __future__ import annotations

import random

import pytest

from explorer.core import resolve_chance

from .helpers import load, play


@pytest.mark.rules("M-OBJ-1")
def test_activate_an_objective_for_three_acorns() -> None:
    state = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], acorns=[3, 3])
    done = play(state, "P0 activate zeros")
    assert done.data.owners[0] == 0 and done.data.acorns[0] == 0
    assert done.why_not(done.game.parse_move("P0 activate tops")).rule == "M-TURN-1"
    poor = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], acorns=[2, 3])
    assert poor.why_not(poor.game.parse_move("P0 activate zeros")).rule == "M-OBJ-1"
    assert done.why_not(done.game.parse_move("P1 activate zeros")).rule == "M-TURN-1"


@pytest.mark.rules("M-OBJ-2", "M-OBJ-ZEROS")
def test_owner_10_and_a_tied_best_player_3() -> None:
    state = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], owners={"zeros": 0},
                             rows=[["Maple-0 Maple-0L"], ["Oak-0 Oak-0L"]], acorns=[0, 0])
    assert state.scores() == (10.0, 3.0)


@pytest.mark.rules("M-OBJ-2", "M-OBJ-TOPS")
def test_owned_by_one_player_met_best_by_another() -> None:
    state = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], owners={"tops": 0},
                             rows=[["Maple-0"], ["Oak-0 Oak-1"]], acorns=[0, 0])
    assert state.scores() == (0.0, 2.0 + 3.0)      # the owner is not best: nothing for them


@pytest.mark.rules("M-OBJ-2")
def test_unowned_objectives_score_nothing() -> None:
    state = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], rows=[["Maple-0"], []], acorns=[0, 0])
    assert state.scores() == (0.0, 0.0)


@pytest.mark.rules("M-OBJ-3")
def test_a_zero_zero_tie_scores_nothing() -> None:
    spec = dict(objectives=["zeros", "tops", "torii", "piles"], owners={"torii": 1}, acorns=[0, 0])
    assert load(2).scenario(**spec).scores() == (0.0, 0.0)
    assert load(2, objective_needs_one=False).scenario(**spec).scores() == (3.0, 10.0)


@pytest.mark.rules("M-OBJ-TYPE", "M-OBJ-TORII", "M-OBJ-PILES", "M-OBJ-ACORNS", "M-OBJ-LONGEST")
@pytest.mark.parametrize("key,expected", [("type-maple", (10.0, 0.0)), ("torii", (10.0, 0.0)),
                                          ("piles", (0.0, 3.0)), ("acorns", (0.0, 3.0)),
                                          ("longest", (10.0, 0.0))])
def test_the_stand_in_measures(key: str, expected) -> None:
    rows = [["Maple-0 Maple-1 Maple-2 Maple-3"], ["Oak-0", "Ginkgo-0"]]
    state = load(2).scenario(objectives=["zeros", key, "tops", "piles" if key != "piles" else "torii"],
                             owners={key: 0}, rows=rows, acorns=[0, 1])
    base = (12.0, 1.0)
    assert state.scores() == tuple(b + e for b, e in zip(base, expected))


@pytest.mark.rules("M-END-1", "M-END-2")
def test_the_last_torii_ends_the_game_after_the_round() -> None:
    rows = [["Maple-0 Maple-1 Maple-2 Maple-3", "Oak-0 Oak-1 Oak-2 Oak-3"],
            ["Ginkgo-0 Ginkgo-1 Ginkgo-2 Ginkgo-3", "Birch-0 Birch-1 Birch-2"]]
    spec = dict(rows=rows, hands=["", "Birch-3"], to_move=1, torii=[2, 1], garden="Maple-0L",
                types=["Maple", "Oak", "Ginkgo", "Birch"])
    state = load(2).scenario(**spec)
    ended = resolve_chance(play(state, "P1 play Birch-3", "P1 stop", "P1 end"), random.Random(0))
    assert ended.is_over and ended.data.ending == 2          # P1 was the last seat of the round
    state0 = load(2).scenario(**{**spec, "to_move": 0, "hands": ["Birch-3", ""],
                                 "rows": [rows[1], rows[0]], "torii": [1, 2]})
    later = resolve_chance(play(state0, "P0 play Birch-3", "P0 stop", "P0 end"), random.Random(0))
    assert not later.is_over and later.data.active == 1       # finish the round
    assert resolve_chance(play(later, "P1 collect Maple", "P1 end"), random.Random(0)).is_over
    quick = load(2, end="immediate").scenario(**{**spec, "to_move": 0, "hands": ["Birch-3", ""],
                                                "rows": [rows[1], rows[0]], "torii": [1, 2]})
    assert play(quick, "P0 play Birch-3", "P0 stop", "P0 end").is_over


@pytest.mark.rules("M-END-1", "M-END-2")
def test_an_empty_deck_ends_the_game() -> None:
    state = load(2).scenario(garden="Maple-0", deck_top="Oak-0", deck="", to_move=1)
    done = play(state, "P1 collect Maple", "P1 end")
    assert done.is_over and done.outcome().ended_by == "the deck ran out"


@pytest.mark.rules("M-SCORE-3")
def test_tied_players_share_the_win() -> None:
    state = load(2).scenario(garden="Maple-0", deck="", to_move=1)
    done = play(state, "P1 collect Maple", "P1 end")
    assert done.outcome().winners == (0, 1)
    strict = load(2, full_tie_shared=False).scenario(garden="Maple-0", deck="", to_move=1)
    assert play(strict, "P1 collect Maple", "P1 end").outcome().winners == ()


@pytest.mark.rules("M-COMP-3")
def test_a_capped_acorn_supply() -> None:
    state = load(2, acorn_supply=5).scenario(hands=["Oak-0L Maple-0R", ""], acorns=[2, 2])
    done = play(state, "P0 play Maple-0R", "P0 play Oak-0L", "P0 stop")
    assert done.data.acorns == (3, 2)
    free = load(2).scenario(hands=["Oak-0L Maple-0R", ""], acorns=[2, 2])
    assert play(free, "P0 play Maple-0R", "P0 play Oak-0L", "P0 stop").data.acorns == (4, 2)


@pytest.mark.rules("M-OBJ-TOPS")
def test_visible_tops_do_not_count_a_three_under_a_torii() -> None:
    """The seed's objective counts visible cards: a 3 closing a pile is covered by its
    torii (M-PLAY-4) and counts nothing; a pile closed with no torii left shows its 3."""
    rows = [["Maple-0 Maple-1 Maple-2 Maple-3", "Oak-0 Oak-1"], ["Ginkgo-0 Ginkgo-1 Ginkgo-2"]]
    state = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], owners={"tops": 0},
                             rows=rows, acorns=[0, 0])
    # P0 shows 1 (the Maple 3 is covered), P1 shows 2: P1 is best, P0 the owner scores nothing
    assert state.scores() == (12.0 + 2.0, 6.0 + 3.0)
    bare = load(2).scenario(objectives=["zeros", "tops", "torii", "piles"], owners={"tops": 0},
                            rows=rows, torii=[0, 0], acorns=[0, 0])
    assert bare.scores() == (12.0 + 2.0 + 10.0, 6.0)        # no torii on the Maple 3: 3 + 1 = 4
    assert "visible" in state.view()["objectives"][1]["name"]
