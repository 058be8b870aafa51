"""Clicks on the Lying Pirates board: one click, one move (a bid cell, Liar, Exact), the
locked raise behind its own control, and a short refusal in words when clicks make no
move (`clicks.meant_move`, `Board.explain`)."""
from __future__ import annotations

import pytest

from explorer.core import narrow
from explorer.core.move import exact
from explorer.games.pirates.moves import Bid, Exact, Liar
from explorer.widgets import Board

from .helpers import SEED_CUPS, load

GAME = load()


def raised():
    """P1 to move over P0's "4 threes": every raise, Liar and Exact are legal."""
    return GAME.scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1)


def click_why(board: Board, selected: list[str], clicked: str) -> dict:
    board._on_custom_msg(board, {"event": "why", "selected": selected, "clicked": clicked}, [])
    return board.message


def plays_alone(moves, element: str):
    """The move one click on `element` plays, as board.js decides: the one move whose
    targets are exactly that element, with no longer candidate (None: a choice)."""
    done, candidates = exact(moves, [element]), narrow(moves, [element])
    return done[0] if len(done) == 1 and len(candidates) == 1 else None


@pytest.mark.rules("P-BID-RAISE", "P-LIAR", "P-EXACT-1")
def test_every_lit_cell_and_each_call_plays_on_one_click():
    state = raised()
    moves = state.legal_moves()
    for move in moves:
        if isinstance(move, Bid) and not move.exact:
            assert plays_alone(moves, move.targets[0]) == move
    assert plays_alone(moves, "liar") == Liar(1)
    assert plays_alone(moves, "exact") == Exact(1)
    assert plays_alone(moves, "lock") is None                  # a mode: a cell comes next


@pytest.mark.rules("P-EXACT-1")
def test_the_locked_raise_is_lock_then_a_cell():
    state = raised()
    locked = Bid(1, 5, 3, True)
    assert locked in state.legal_moves()
    assert locked.targets == ("lock", "bid:5:3") and locked.ordered
    assert narrow(state.legal_moves(), ["lock", "bid:5:3"]) == [locked]
    assert narrow(state.legal_moves(), ["bid:5:3", "lock"]) == []   # the lock comes first
    assert state.move_for_targets(("lock", "bid:5:3")) == locked
    assert state.move_for_targets(("lock", "liar")) is None
    assert state.move_for_targets(("lock", "exact", "bid:5:3")) is None


def test_no_lock_before_the_opening_bid():
    state = GAME.scenario(cups=SEED_CUPS)
    assert not narrow(state.legal_moves(), ["lock"])
    assert plays_alone(state.legal_moves(), "bid:2:3") == Bid(0, 2, 3)


@pytest.mark.rules("CORE-LEGAL", "P-BID-RAISE")
def test_a_refusal_names_the_elements_in_a_short_sentence():
    board = Board(raised())
    text = click_why(board, ["bid:6:6"], "bid:4:4")["text"]
    assert text == ("No legal move uses bid 4 fours together with bid 6 sixes; "
                    "cancel to use bid 4 fours alone.")
    assert "P(" not in text and "bid:" not in text
    text = click_why(board, ["lock"], "liar")["text"]
    assert text == "No legal move uses Liar together with Raise + lock; cancel to use Liar alone."
    low = click_why(board, ["lock"], "bid:3:3")               # a lower locked raise: the rule
    assert low["rule"] == "P-BID-RAISE"
    assert len(low["text"]) < 160
