"""Play: piles, torii, the harvest, new piles' places (M-PLAY)."""
from __future__ import annotations

import pytest

from .helpers import load, play, texts


@pytest.mark.rules("M-PLAY-1", "M-PLAY-2", "M-PLAY-3")
def test_one_type_play_of_two_cards() -> None:
    state = load(2).scenario(hands=["Maple-0 Maple-1 Maple-2 Oak-0", ""])
    first = play(state, "P0 play Maple-0")
    assert first.pending.step == "play"
    assert texts(first) == ["P0 play Maple-0", "P0 play Maple-1", "P0 play Oak-0", "P0 stop"] or \
        set(texts(first)) == {"P0 play Maple-1", "P0 play Oak-0", "P0 stop"}
    second = play(first, "P0 play Maple-1")
    assert texts(second) == ["P0 stop"]          # two of one type at most; no other type now
    why = second.why_not(second.game.parse_move("P0 play Maple-2"))
    assert why.rule == "M-PLAY-1"
    assert second.why_not(second.game.parse_move("P0 play Oak-0")).rule == "M-PLAY-1"
    assert state.why_not(state.game.parse_move("P0 play Maple-1")).rule == "M-PLAY-2"
    done = play(second, "P0 stop")
    assert done.data.rows[0] == ((done.game.parse_move("P0 play Maple-0").card,
                                  done.game.parse_move("P0 play Maple-1").card),)
    assert done.pending.step == "after"


@pytest.mark.rules("M-PLAY-3")
def test_a_card_must_equal_the_top_or_one_higher() -> None:
    state = load(2).scenario(hands=["Maple-2 Maple-0R", ""], rows=[["Maple-0 Maple-0L"], []])
    assert state.why_not(state.game.parse_move("P0 play Maple-2")).rule == "M-PLAY-3"
    assert state.is_legal(state.game.parse_move("P0 play Maple-0R"))


@pytest.mark.rules("M-PLAY-1", "M-PLAY-4", "M-SCORE-1")
def test_a_pile_0_0_1_1_2_3_closed_by_a_torii() -> None:
    state = load(2).scenario(hands=["Maple-3", ""], rows=[["Maple-0 Maple-0L Maple-1 Maple-1R Maple-2"], []])
    closed = play(state, "P0 play Maple-3")
    assert closed.data.supply == 3 and closed.data.torii == (1, 0)
    assert any(e.rule == "M-PLAY-4" for e in closed.events)
    done = play(closed, "P0 stop")
    assert done.scores()[0] == 3 * 6 + 2
    again = load(2).scenario(hands=["Maple-3", ""], rows=[["Maple-0 Maple-1 Maple-2 Maple-3"], []])
    assert again.why_not(again.game.parse_move("P0 play Maple-3")).rule == "M-PLAY-4"


@pytest.mark.rules("M-SCORE-1", "M-SCORE-2")
def test_seven_cards_under_a_3_score_21() -> None:
    state = load(2).scenario(rows=[["Maple-0 Maple-0L Maple-0R Maple-1 Maple-1L Maple-2 Maple-3"], []],
                             acorns=[0, 4], hands=["Oak-2", ""])
    assert state.scores() == (21.0, 4.0)


@pytest.mark.rules("M-PLAY-7", "M-PLAY-1")
def test_harvest_between_piles_of_different_types() -> None:
    state = load(2).scenario(hands=["Oak-0L Maple-1R", ""], rows=[["Maple-0"], []], acorns=[0, 0])
    built = play(state, "P0 play Maple-1R", "P0 play Oak-0L")
    assert built.pending.step == "play"
    done = play(built, "P0 stop")
    assert done.data.acorns[0] == 2
    assert any(e.rule == "M-PLAY-7" for e in done.events)
    # one type only: no harvest even with facing acorns
    single = load(2).scenario(hands=["Maple-1R", ""], rows=[["Maple-0", "Oak-0L"], []], acorns=[0, 0])
    assert play(single, "P0 play Maple-1R", "P0 stop").data.acorns[0] == 0


@pytest.mark.rules("M-PLAY-7")
def test_different_types_one_card_each() -> None:
    state = load(2).scenario(hands=["Oak-0 Oak-0L Maple-0 Ginkgo-0", ""])
    after = play(state, "P0 play Oak-0", "P0 play Maple-0")
    assert "P0 play Oak-0L" not in texts(after) and "P0 play Ginkgo-0" in texts(after)


@pytest.mark.rules("M-PLAY-6")
def test_new_piles_join_the_right_end_or_any_place() -> None:
    state = load(2).scenario(hands=["Oak-0", ""], rows=[["Maple-0", "Ginkgo-0"], []])
    right = play(state, "P0 play Oak-0")
    assert [p[0] >> 4 for p in right.data.rows[0]] == [0, 1, 2]
    anywhere = load(2, new_piles="any").scenario(hands=["Oak-0", ""], rows=[["Maple-0", "Ginkgo-0"], []])
    placing = play(anywhere, "P0 play Oak-0")
    assert placing.pending.step == "place" and texts(placing) == [f"P0 place Oak at {i}" for i in (1, 2, 3)]
    assert placing.legal_moves()[0].label == "P0: put the new Oak pile at place 1 of the row"
    placed = play(placing, "P0 place Oak at 1")      # places count from 1 for people
    assert [p[0] >> 4 for p in placed.data.rows[0]] == [2, 0, 1] and placed.pending.step == "play"


@pytest.mark.rules("M-PLAY-5")
def test_a_3_with_no_torii_left() -> None:
    rows = [["Maple-0 Maple-1 Maple-2 Maple-3", "Oak-0 Oak-1 Oak-2 Oak-3", "Ginkgo-0L Ginkgo-1L Ginkgo-2L Ginkgo-3"],
            ["Ginkgo-0 Ginkgo-1 Ginkgo-2 Ginkgo-3", "Birch-0 Birch-1 Birch-2"]]
    spec = dict(rows=rows, hands=["", "Birch-3"], to_move=1, types=["Maple", "Oak", "Ginkgo", "Birch"],
                ending="torii")
    strict = load(2, three_without_torii=False)
    s2 = strict.scenario(**spec)
    assert s2.data.supply == 0
    assert s2.why_not(strict.parse_move("P1 play Birch-3")).rule == "M-PLAY-5"
    done = play(load(2).scenario(**spec), "P1 play Birch-3")
    assert done.data.torii == (3, 1) and any(e.rule == "M-PLAY-5" for e in done.events)
