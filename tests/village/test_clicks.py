"""Clicks on the board: the move they mean (`move_for_targets`) and the village rule that
refuses it, directly and through the live board's why-not answer."""
from __future__ import annotations

import random

import pytest

from explorer.core import CHANCE
from explorer.widgets import Board

from .helpers import load, play

STALLS = {3: "Egg*2", 2: "Sword", 1: "", 0: "Feather"}


def shop(hand_text: str = "Crown*2 Axe Wild*3", **fields):
    fields.setdefault("stalls", STALLS)
    return load(2).scenario(hands=[hand_text, "Axe Scroll"], **fields)


def refusal(state, *targets: str):
    """The rule and sentence refusing what the clicks mean (None if the move is legal)."""
    meant = state.move_for_targets(targets)
    assert meant is not None, f"{targets} should mean a move"
    return state.why_not(meant)


@pytest.mark.rules("V-BRIBE-2")
def test_wilds_then_the_token_of_an_unbribed_type_is_a_wild_only_new_bribe() -> None:
    state = shop()
    meant = state.move_for_targets(("hand:0:Wild", "hand:0:Wild", "track:Sword"))
    assert str(meant) == "P0 bribe Wild*2 on Sword"
    reason = state.why_not(meant)
    assert reason.rule == "V-BRIBE-2" and "wilds alone cannot start a new bribe" in reason.text
    bribed = shop(bribes=[{"Sword": 1}, {}])
    assert refusal(bribed, "hand:0:Wild", "hand:0:Wild", "track:Sword") is None


@pytest.mark.rules("V-BRIBE-1")
def test_cards_of_two_types_then_a_token_break_the_one_type_rule() -> None:
    state = shop()
    reason = refusal(state, "hand:0:Crown", "hand:0:Axe", "track:Crown")
    assert reason.rule == "V-BRIBE-1" and "cannot go together" in reason.text
    # more cards than any payment holds, of two types: only a bribe could take them
    reason = refusal(state, "hand:0:Crown", "hand:0:Crown", "hand:0:Axe", "hand:0:Wild")
    assert reason.rule == "V-BRIBE-1" and "Crown and Axe" in reason.text
    too_many = refusal(state, "hand:0:Crown", "hand:0:Crown", "hand:0:Crown", "track:Crown")
    assert too_many.rule == "V-BRIBE-1" and "you hold 2 Crown, not 3" in too_many.text


@pytest.mark.rules("V-MARKET-3", "V-MARKET-4", "V-MARKET-2", "V-MARKET-6")
def test_market_clicks_cite_the_payment_rules() -> None:
    state = shop()
    short = refusal(state, "hand:0:Crown", "hand:0:Axe", "stall:3")
    assert short.rule == "V-MARKET-3" and "exactly 3" in short.text
    wilds = refusal(state, "hand:0:Wild", "hand:0:Wild", "hand:0:Wild", "stall:3")
    assert wilds.rule == "V-MARKET-4" and "only wilds" in wilds.text
    empty = refusal(state, "hand:0:Crown", "stall:1")
    assert empty.rule == "V-MARKET-2" and "stall 1 holds no cards" in empty.text
    free = refusal(state, "hand:0:Crown", "stall:0")
    assert free.rule == "V-MARKET-6"


@pytest.mark.rules("V-TURN-1")
def test_clicks_for_a_seat_whose_turn_it_is_not() -> None:
    state = shop()
    reason = refusal(state, "hand:1:Axe", "deck")
    assert reason.rule == "V-TURN-1" and "P0's turn, not P1's" in reason.text
    assert refusal(state, "hand:1:Axe", "track:Axe").rule == "V-TURN-1"
    assert refusal(state, "hand:1:Scroll", "stall:2").rule == "V-TURN-1"


@pytest.mark.rules("V-CURSE-1")
def test_clicks_during_the_curse_and_a_curse_out_of_turn() -> None:
    state = shop()
    assert refusal(state, "track:Crown").rule == "V-CURSE-1"  # no payment to curse from
    cursing = play(state, "P0 buy stall 3 paying Axe Crown Wild")
    reason = refusal(cursing, "track:Egg")
    assert reason.rule == "V-CURSE-1" and "did not discard an Egg" in reason.text
    assert refusal(cursing, "hand:0:Crown", "stall:2").rule == "V-CURSE-1"
    assert refusal(cursing, "deck").rule == "V-CURSE-1"


@pytest.mark.rules("V-REFILL-1")
def test_a_click_while_the_deck_must_turn_a_card() -> None:
    state = play(shop(deck="Sword*5 Egg*5"), "P0 bribe Crown*2")
    assert state.to_move == CHANCE
    reason = refusal(state, "deck")
    assert reason.rule == "V-REFILL-1" and "chance step" in reason.text


def test_clicks_that_mean_nothing_coherent() -> None:
    state = shop()
    for targets in [(), ("hand:0:Wild",), ("hand:0:Wild", "hand:0:Wild"),
                    ("track:Crown", "track:Axe"), ("hand:0:Crown", "track:Crown", "stall:3"),
                    ("hand:0:Crown", "hand:1:Axe", "track:Crown"), ("board",), ("stall:7",),
                    ("hand:x:Crown",), ("hand:0:Gold", "stall:2"), ("track:Wild",)]:
        assert state.move_for_targets(targets) is None, targets


def test_the_targets_of_every_legal_move_mean_that_move() -> None:
    game = load(3)
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state = game.new(seed=seed)
        while not state.is_over:
            if state.is_chance:
                state = state.play(state.sample_chance(rng), check=False)
                continue
            for move in state.legal_moves():
                shuffled = list(move.targets)
                rng.shuffle(shuffled)
                place = [t for t in shuffled if not t.startswith("hand:")]
                cards = [t for t in shuffled if t.startswith("hand:")]
                assert state.move_for_targets(tuple(cards + place)) == move
                checked += 1
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))], check=False)
    assert checked > 1000


def click_why(board: Board, selected: list[str], clicked: str) -> dict:
    board._on_custom_msg(board, {"event": "why", "selected": selected, "clicked": clicked}, [])
    return board.message


@pytest.mark.rules("V-BRIBE-2", "V-MARKET-3", "V-MARKET-4", "V-TURN-1")
def test_the_board_answers_a_refused_click_with_the_village_rule() -> None:
    state = shop()
    teacher = Board(state)
    message = click_why(teacher, ["hand:0:Wild", "hand:0:Wild"], "track:Sword")
    assert message["kind"] == "why" and message["rule"] == "V-BRIBE-2"
    assert "wilds alone cannot start a new bribe" in message["text"]
    assert click_why(teacher, ["hand:0:Crown", "hand:0:Axe"], "stall:3")["rule"] == "V-MARKET-3"
    assert click_why(teacher, ["hand:1:Axe"], "deck")["rule"] == "V-TURN-1"
    player = Board(state, viewer=0)
    message = click_why(player, ["hand:0:Wild", "hand:0:Wild", "hand:0:Wild"], "stall:3")
    assert message["rule"] == "V-MARKET-4" and "only wilds" in message["text"]
    assert teacher.state == state and len(teacher.explorer.nodes) == 1
    # clicks that mean nothing coherent get the board's own answer
    assert click_why(teacher, ["track:Crown"], "track:Axe")["rule"] == "CORE-LEGAL"
