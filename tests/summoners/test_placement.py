"""Placement: the seed's examples, then the rules as a table of cases."""
from __future__ import annotations

import pytest

from explorer import IllegalMove
from explorer.games.summoners.moves import Play

from .helpers import at_play


@pytest.mark.rules("S-PLACE-4", "S-PLACE-3", "S-SUIT-1")
def test_red_8_not_beside_blue_9_but_beside_blue_2(game):
    s = at_play(game, {(0, 0): "B9", (0, 2): "B2"})
    reason = s.why_not(Play(0, "R8", (1, 0)))
    assert reason.rule == "S-PLACE-4"
    assert reason.text == "red 8 is weaker than the blue 9 to its left and not higher"
    assert s.why_not(Play(0, "R8", (1, 2))) is None
    with pytest.raises(IllegalMove) as err:
        s.play("p0 play R8 at 1,0")
    assert err.value.reason.rule == "S-PLACE-4"


@pytest.mark.rules("S-PLACE-4", "S-PLACE-3")
def test_red_8_beats_green_10_but_not_the_blue_9_beside_it(game):
    s = at_play(game, {(0, 0): "G10", (2, 0): "B9"})
    reason = s.why_not(Play(0, "R8", (1, 0)))
    assert reason.rule == "S-PLACE-4" and "blue 9 to its right" in reason.text


@pytest.mark.rules("S-PLACE-4")
def test_yellow_6_does_not_beat_green_10(game):
    s = at_play(game, {(0, 0): "G10"}, card="Y6")
    assert s.why_not(Play(0, "Y6", (0, 1))).text == \
        "yellow 6 is weaker than the green 10 above it and not higher"


@pytest.mark.rules("S-PLACE-4", "S-ACE-1")
def test_no_red_number_beside_blue_ace_or_blue_spirit(game):
    for blocker, summoned in (("BA", [[], []]), ("BJ", [["BJ"], []])):
        s = at_play(game, {(0, 0): blocker}, card="R10", summoned=summoned)
        for cell in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            assert s.why_not(Play(0, "R10", cell)).rule == "S-PLACE-4"
        assert s.why_not(Play(0, "R10", (1, 1))) is None


@pytest.mark.rules("S-PLACE-3", "S-SUIT-1")
def test_blue_beside_green_neutral_and_beside_blue(game):
    s = at_play(game, {(0, 0): "G10", (0, 2): "B10"}, card="B2")
    assert s.why_not(Play(0, "B2", (1, 0))) is None
    assert s.why_not(Play(0, "B2", (1, 2))) is None
    assert s.why_not(Play(0, "B2", (0, 1))) is None


@pytest.mark.rules("S-PLACE-1", "S-PLACE-2")
def test_must_touch_but_diagonal_is_free(game):
    s = at_play(game, {(0, 0): "B10"}, card="R2")
    assert s.why_not(Play(0, "R2", (1, 1))) is None
    assert s.why_not(Play(0, "R2", (2, 0))).rule == "S-PLACE-1"
    legal_cells = {m.cell for m in s.legal_moves()}
    assert legal_cells == {(-1, -1), (1, -1), (-1, 1), (1, 1)}


@pytest.mark.rules("S-PLACE-5")
def test_first_card_of_an_empty_layout_goes_on_origin(game):
    s = at_play(game, {}, card="R2")
    assert [str(m) for m in s.legal_moves()] == ["p0 play R2 at 0,0"]
    assert s.why_not(Play(0, "R2", (3, 3))).rule == "S-PLACE-5"


@pytest.mark.rules("S-ACE-1")
def test_ace_beside_anything_but_a_stronger_spirit(game):
    s = at_play(game, {(0, 0): "BA", (0, 2): "BJ", (0, 4): "B10"}, card="RA",
                summoned=[["BJ"], []])
    assert s.why_not(Play(0, "RA", (1, 0))) is None          # beside the stronger Ace
    assert s.why_not(Play(0, "RA", (1, 4))) is None          # beside a stronger number
    reason = s.why_not(Play(0, "RA", (1, 2)))
    assert reason.rule == "S-ACE-1" and "blue Jack to its left" in reason.text


@pytest.mark.rules("S-ACE-2", "S-ACE-3", "S-DECK-1")
def test_ace_on_top_of_a_card_but_not_a_spirit(game):
    s = at_play(game, {(0, 0): "G5", (1, 0): "RJ", (0, 1): "B10"}, card="YA",
                summoned=[[], ["RJ"]])
    # G5's neighbour B10 below would not matter: no neighbour test on top [S-ACE-3]
    after = s.play(Play(0, "YA", (0, 0)))
    assert after.cells[(0, 0)] == "YA"
    assert after.data.bottom[-1] == "G5"
    reason = s.why_not(Play(0, "YA", (1, 0)))
    assert reason.rule == "S-ACE-2" and "Spirit" in reason.text
    s2 = at_play(game, {(0, 0): "G5"}, card="B9")
    assert s2.why_not(Play(0, "B9", (0, 0))).rule == "S-ACE-2"


@pytest.mark.rules("S-JOKER-1", "S-JOKER-2")
def test_joker_declares_a_suit_and_is_wild_on_the_table(game):
    s = at_play(game, {(0, 0): "B9"}, card="X1")
    suits = {m.declared for m in s.legal_moves() if m.cell == (1, 0)}
    assert suits == {"B", "G", "Y"}                          # red is weaker than blue
    reason = s.why_not(Play(0, "X1", (1, 0), "R"))
    assert reason.rule == "S-JOKER-1" and "blue 9 to its left" in reason.text
    wild = at_play(game, {(0, 0): "X2"}, card="R2")
    assert len(wild.legal_moves()) == 8                      # a Joker never blocks


# (grid, card, cell, declared, expected rule or None)
CASES = [
    ({(0, 0): "R5"}, "B2", (1, 0), "", None),                 # stronger suit
    ({(0, 0): "B5"}, "R6", (1, 0), "", None),                 # weaker but higher
    ({(0, 0): "B5"}, "R5", (1, 0), "", "S-PLACE-4"),          # weaker and equal
    ({(0, 0): "B5"}, "R4", (0, 1), "", "S-PLACE-4"),          # weaker and lower
    ({(0, 0): "Y5"}, "B4", (1, 0), "", "S-PLACE-4"),          # yellow beats blue
    ({(0, 0): "Y5"}, "B10", (1, 0), "", None),
    ({(0, 0): "G5"}, "Y9", (-1, 0), "", None),
    ({(0, 0): "G5"}, "G2", (1, 0), "", None),                 # own suit is neutral
    ({(0, 0): "R9"}, "Y2", (1, 0), "", None),                 # red-yellow neutral
    ({(0, 0): "B9"}, "G2", (1, 0), "", None),                 # blue-green neutral
    ({(0, 0): "RA"}, "G10", (1, 0), "", "S-PLACE-4"),         # Ace above numbers
    ({(0, 0): "B2", (2, 0): "G2"}, "R5", (1, 0), "", None),   # passes both
    ({(0, 0): "B2", (2, 0): "R9"}, "G5", (1, 0), "", "S-PLACE-4"),  # fails one of two
    ({(0, 0): "B9"}, "R2", (1, 1), "", None),                 # diagonal only
    ({(0, 0): "B9"}, "R2", (3, 3), "", "S-PLACE-1"),
    ({(0, 0): "GQ"}, "YA", (1, 0), "", "S-ACE-1"),
    ({(0, 0): "GQ"}, "RA", (1, 0), "", None),
    ({(0, 0): "B9"}, "X1", (0, 1), "Y", None),
    ({(0, 0): "B9", (2, 0): "R3"}, "X1", (1, 0), "G", "S-JOKER-1"),
    ({(0, 0): "B9"}, "BA", (0, 0), "", None),                 # Ace on top
    ({(0, 0): "B9"}, "B8", (0, 0), "", "S-ACE-2"),
]


@pytest.mark.rules("S-PLACE-1", "S-PLACE-2", "S-PLACE-3", "S-PLACE-4", "S-ACE-1", "S-ACE-2",
                   "S-JOKER-1", "S-SUIT-1")
@pytest.mark.parametrize("grid,card,cell,declared,expected", CASES)
def test_placement_table(game, grid, card, cell, declared, expected):
    summoned = [[c for c in grid.values() if c[1:] in ("J", "Q", "K")], []]
    s = at_play(game, grid, card=card, summoned=summoned)
    reason = s.why_not(Play(0, card, cell, declared))
    assert (reason and reason.rule) == expected
    assert (Play(0, card, cell, declared) in s.legal_moves()) == (expected is None)
