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
        s.play("P0 play R8 at 1,0")
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
    assert [str(m) for m in s.legal_moves()] == ["P0 play R2 at 0,0"]
    assert s.why_not(Play(0, "R2", (3, 3))).rule == "S-PLACE-5"
    elsewhere = game.__class__(2, first_cell=(2, -1))
    s2 = elsewhere.scenario(hands=[["R2"], []], phase="play")
    assert [str(m) for m in s2.legal_moves()] == ["P0 play R2 at 2,-1"]
    assert "2,-1" in s2.why_not(Play(0, "R2", (0, 0))).text


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
    over = Play(0, "YA", (0, 0), over=True)
    assert str(over) == "P0 play YA over 0,0" and over in s.legal_moves()
    after = s.play(over)
    assert after.cells[(0, 0)] == "YA"
    assert after.data.deck.bottom[-1] == "G5"
    reason = s.why_not(Play(0, "YA", (1, 0), over=True))
    assert reason.rule == "S-ACE-2" and "Spirit" in reason.text
    assert s.why_not(Play(0, "YA", (0, 0))).rule == "S-ACE-2"      # "at" a card: use "over"
    s2 = at_play(game, {(0, 0): "G5"}, card="B9")
    assert s2.why_not(Play(0, "B9", (0, 0))).rule == "S-ACE-2"
    assert s2.why_not(Play(0, "B9", (0, 0), over=True)).rule == "S-ACE-2"


@pytest.mark.rules("S-ACE-2")
def test_the_ace_on_top_move_and_its_event_cite_the_same_rule(game):
    s = at_play(game, {(0, 0): "G5"}, card="YA")
    over = Play(0, "YA", (0, 0), over=True)
    [event] = [e for e in s.play(over).events if e.kind == "play"]
    assert over.rule == event.rule == "S-ACE-2"
    beside = Play(0, "YA", (1, 0))
    [event] = [e for e in s.play(beside).events if e.kind == "play"]
    assert beside.rule == event.rule == "S-ACE-1"


@pytest.mark.rules("S-ACE-3")
def test_an_ace_on_top_tested_against_its_neighbours_under_the_option(game):
    grid = {(0, 0): "G5", (1, 0): "RJ"}
    strict = game.__class__(2, ace_on_top_free=False)
    s = strict.scenario(grid=grid, hands=[["GA"], []], summoned=[[], ["RJ"]], phase="play")
    assert s.why_not(Play(0, "GA", (0, 0), over=True)).rule == "S-ACE-1"   # beside the red Jack
    assert Play(0, "GA", (0, 0), over=True) not in s.legal_moves()
    free = at_play(game, grid, card="GA", summoned=[[], ["RJ"]])
    assert free.why_not(Play(0, "GA", (0, 0), over=True)) is None


@pytest.mark.rules("S-JOKER-1", "S-JOKER-2")
def test_a_joker_goes_on_any_touching_cell_one_move_per_cell(game):
    s = at_play(game, {(0, 0): "B9"}, card="X1")
    assert [str(m) for m in s.legal_moves() if m.cell == (1, 0)] == ["P0 play X1 at 1,0"]
    assert len(s.legal_moves()) == 8                         # one move per frontier cell
    wild = at_play(game, {(0, 0): "X2"}, card="R2")
    assert len(wild.legal_moves()) == 8                      # a Joker never blocks
    assert game.parse_move("P0 play X1 at 1,0 as B") == Play(0, "X1", (1, 0))  # old texts


@pytest.mark.rules("S-JOKER-1")
def test_a_joker_goes_between_four_cards_of_four_suits(game):
    ring = {(1, 0): "B2", (0, 1): "R2", (2, 1): "G2", (1, 2): "Y2"}
    s = at_play(game, ring, card="X1")
    assert s.why_not(Play(0, "X1", (1, 1))) is None
    assert Play(0, "X1", (1, 1)) in s.legal_moves()
    assert s.why_not(Play(0, "X1", (5, 5))).rule == "S-PLACE-1"
    assert s.why_not(Play(0, "X1", (1, 0), over=True)).rule == "S-ACE-2"


# (grid, card, cell, over, expected rule or None)
CASES = [
    ({(0, 0): "R5"}, "B2", (1, 0), False, None),              # stronger suit
    ({(0, 0): "B5"}, "R6", (1, 0), False, None),                 # weaker but higher
    ({(0, 0): "B5"}, "R5", (1, 0), False, "S-PLACE-4"),          # weaker and equal
    ({(0, 0): "B5"}, "R4", (0, 1), False, "S-PLACE-4"),          # weaker and lower
    ({(0, 0): "Y5"}, "B4", (1, 0), False, "S-PLACE-4"),          # yellow beats blue
    ({(0, 0): "Y5"}, "B10", (1, 0), False, None),
    ({(0, 0): "G5"}, "Y9", (-1, 0), False, None),
    ({(0, 0): "G5"}, "G2", (1, 0), False, None),                 # own suit is neutral
    ({(0, 0): "R9"}, "Y2", (1, 0), False, None),                 # red-yellow neutral
    ({(0, 0): "B9"}, "G2", (1, 0), False, None),                 # blue-green neutral
    ({(0, 0): "RA"}, "G10", (1, 0), False, "S-PLACE-4"),         # Ace above numbers
    ({(0, 0): "B2", (2, 0): "G2"}, "R5", (1, 0), False, None),   # passes both
    ({(0, 0): "B2", (2, 0): "R9"}, "G5", (1, 0), False, "S-PLACE-4"),  # fails one of two
    ({(0, 0): "B9"}, "R2", (1, 1), False, None),                 # diagonal only
    ({(0, 0): "B9"}, "R2", (3, 3), False, "S-PLACE-1"),
    ({(0, 0): "GQ"}, "YA", (1, 0), False, "S-ACE-1"),
    ({(0, 0): "GQ"}, "RA", (1, 0), False, None),
    ({(0, 0): "B9"}, "X1", (0, 1), False, None),
    ({(0, 0): "B9", (2, 0): "R3"}, "X1", (1, 0), False, None),    # a Joker goes anywhere
    ({(0, 0): "B9"}, "BA", (0, 0), True, None),                  # Ace on top
    ({(0, 0): "B9"}, "BA", (0, 0), False, "S-ACE-2"),            # ... written "over"
    ({(0, 0): "B9"}, "BA", (1, 0), True, "S-ACE-2"),             # nothing to cover
    ({(0, 0): "B9"}, "B8", (0, 0), False, "S-ACE-2"),
]


@pytest.mark.rules("S-PLACE-1", "S-PLACE-2", "S-PLACE-3", "S-PLACE-4", "S-ACE-1", "S-ACE-2",
                   "S-JOKER-1", "S-SUIT-1")
@pytest.mark.parametrize("grid,card,cell,over,expected", CASES)
def test_placement_table(game, grid, card, cell, over, expected):
    summoned = [[c for c in grid.values() if c[1:] in ("J", "Q", "K")], []]
    s = at_play(game, grid, card=card, summoned=summoned)
    reason = s.why_not(Play(0, card, cell, over))
    assert (reason and reason.rule) == expected
    assert (Play(0, card, cell, over) in s.legal_moves()) == (expected is None)
