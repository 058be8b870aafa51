"""Draw a card; the end of the game and the hand transfer."""
from __future__ import annotations

import pytest

from explorer.core import CHANCE

from .helpers import hand, load, play, stall, track


@pytest.mark.rules("V-DRAW-1")
def test_draw_the_top_card_seen_only_by_the_drawer() -> None:
    state = play(load(2).scenario(hands=["Axe", "Axe"], deck_top="Egg", deck="Crown"), "P0 draw")
    assert hand(state, 0) == {"Axe": 1, "Egg": 1}
    assert state.view(0)["events"][0]["text"] == "P0 draws an Egg"
    assert state.view(1)["events"][0]["text"] == "P0 draws a card"
    assert "cards" not in state.view(1)["hands"][0]
    assert state.view(1)["hands"][0] == {"size": 2, "known": {}}


@pytest.mark.rules("V-DRAW-2")
def test_drawing_the_last_card_does_not_end_the_game() -> None:
    state = play(load(2).scenario(hands=["Axe", "Axe"], deck_top="Egg", deck={}), "P0 draw")
    assert not state.is_over and state.view(None)["deck"] == 0 and state.to_move == 1
    chance = play(load(2).scenario(hands=["Axe", "Axe"], deck="Egg"), "P0 draw")
    assert chance.to_move == CHANCE
    assert not play(chance, "reveal Egg").is_over


@pytest.mark.rules("V-DRAW-3", "V-END-1")
def test_choosing_to_draw_from_an_empty_deck_ends_the_game() -> None:
    state = load(2).scenario(hands=["Axe", "Axe"], deck={})
    assert "P0 draw" in [str(m) for m in state.legal_moves()]
    over = play(state, "P0 draw")
    assert over.is_over and over.to_move is None and over.legal_moves() == ()
    assert over.outcome().rule == "V-DRAW-3" and over.view(1)["over"]
    assert over.view(None)["turn"] == 0  # no final round: it stops at once


def transfer_position():
    """P1 bribes and the refill empties the deck: the game ends during P1's turn.

    Before the end P1 leads (14 to -4), but P0's three hand Eggs join their Egg bribe.
    """
    return load(2).scenario(
        hands=["Egg*3 Scroll", "Axe"], bribes=[{"Egg": 2}, {"Crown": 5}],
        to_move=1, deck_top="Sword", deck={})


@pytest.mark.rules("V-END-2", "V-REFILL-5")
def test_a_refill_emptying_the_deck_and_the_hand_transfer_change_the_winner() -> None:
    state = transfer_position()
    assert state.scores() == (8 - 12 - 2, 15 - 1)
    over = play(state, "P1 bribe Axe")
    assert over.is_over and over.outcome().rule == "V-REFILL-5"
    assert over.view(None)["bribes"][0]["Egg"] == {"cards": 5, "wilds": 0}
    assert over.scores() == (5 * 4 - 2, 15 + 1)
    assert over.outcome().winners == (0,)
    assert any(e.rule == "V-END-2" and e.player == 0 for e in over.events)


@pytest.mark.rules("V-END-3")
def test_wilds_and_unbribed_types_stay_in_hand_and_no_token_moves() -> None:
    state = load(2).scenario(hands=["Egg*3 Scroll Wild*2", "Sword"], bribes=[{"Egg": 1}, {}],
                             deck={})
    over = play(state, "P0 draw")
    assert hand(over, 0) == {"Scroll": 1, "Wild": 2} and hand(over, 1) == {"Sword": 1}
    assert track(over) == track(state) and stall(over, 3) == stall(state, 3)
    # at the end every hand is shown for scoring
    assert over.view(1)["hands"][0]["cards"] == {"Scroll": 1, "Wild": 2}
