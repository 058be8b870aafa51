"""What each position waits for (`state.pending`): the seat, the step, its rule, a prompt."""
from __future__ import annotations

import pytest

from explorer.core import CHANCE
from explorer.core.pending import OVER

from .helpers import load, play


@pytest.mark.rules("V-TURN-1", "V-CURSE-1", "V-REFILL-1", "V-DRAW-1", "V-DECK-1")
def test_every_step_names_its_seat_rule_and_prompt() -> None:
    game = load(2)
    state = game.scenario(hands=["Crown*2 Axe", "Sword"], stalls={2: "Egg"},
                          deck="Sword*3 Crown Wild")
    act = state.pending
    assert (act.seat, act.step, act.rule) == (0, "act", "V-TURN-1")
    assert act.prompt == ("P0 chooses an action: bribe the Dragon, visit the Black Market "
                          "or draw a card")
    assert state.to_move == 0 and act.stream is None
    # the pay-then-curse visit: the curse is the same player's own pending decision
    cursing = play(state, "P0 buy stall 2 paying Crown Axe")
    curse = cursing.pending
    assert (curse.seat, curse.step, curse.rule) == (0, "curse", "V-CURSE-1")
    assert curse.prompt == "P0 curses one treasure type they paid with"
    # a refill: chance from the stream "deck"
    refill = play(state, "P0 bribe Crown").pending
    assert (refill.seat, refill.stream, refill.rule) == (CHANCE, "deck", "V-REFILL-1")
    assert refill.prompt == "the deck turns up a card into stall 3 (refill)"
    after = play(state, "P0 bribe Crown", "reveal Sword")
    assert after.pending.prompt == "the deck turns up a card into stall 2 (refill)"
    # a draw: chance too, the drawer named
    passed = play(cursing, "P0 curse Crown")
    drawing = play(passed, "P1 draw").pending
    assert (drawing.seat, drawing.stream, drawing.rule) == (CHANCE, "deck", "V-DRAW-1")
    assert drawing.prompt == "P1 draws the top card of the deck"
    # the end
    over = play(load(2).scenario(deck={}), "P0 draw")
    assert over.pending == OVER and over.to_move is None


@pytest.mark.rules("V-TURN-1")
def test_pending_values_are_shared_not_rebuilt() -> None:
    game = load(3)
    a = game.new(seed=1)
    b = game.new(seed=2)
    assert a.pending is b.pending
