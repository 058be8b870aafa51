"""Clicks at laptop size (1280 x 800): one click plays a Lying Pirates bid, a call of
Liar or Exact; where a click leaves a choice (Summoners' deck: draw, or cycle a card),
the chooser is drawn next to the element clicked, not under the board.

The real `Board` widget and the real board.js in a real page, without a kernel
(`live_board.py`).
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest
from live_board import cell, live_board
from playwright.sync_api import Locator, Page, expect

import explorer
from explorer.core import State, narrow
from explorer.core.move import exact

LAPTOP = (1280, 800)
NEAR = 300
"""How far (px) the chooser may be from the element clicked: on screen, beside it."""


def click_plays(root: Locator, element: str) -> None:
    """Click a lit element once; the move is played (the position changes), no chooser
    and no refusal left behind."""
    target = cell(root, element)
    expect(target).to_have_attribute("data-legal", "true")
    node = root.get_attribute("data-node")
    target.click()
    expect(root).not_to_have_attribute("data-node", node)
    expect(root.locator(".rx-chooser")).to_have_count(0)
    expect(root.locator(".rx-message")).not_to_have_attribute("data-kind", "why")


def gap(page: Page, a: Locator, b: Locator) -> float:
    """The distance in px between two elements' boxes (0 when they touch or overlap)."""
    box_a, box_b = a.bounding_box(), b.bounding_box()
    assert box_a and box_b
    dx = max(0.0, box_b["x"] - (box_a["x"] + box_a["width"]), box_a["x"] - (box_b["x"] + box_b["width"]))
    dy = max(0.0, box_b["y"] - (box_a["y"] + box_a["height"]), box_a["y"] - (box_b["y"] + box_b["height"]))
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.rules("P-BID-RAISE", "P-LIAR", "P-EXACT-1")
def test_a_pirates_betting_round_by_single_clicks(browser: Any) -> None:
    game = explorer.load("pirates", players=3)
    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6], [2, 2, 4, 5, 6]])
    with live_board(browser, state, size=LAPTOP) as (page, board):
        root = page.locator(".rx-board")
        click_plays(root, "bid:2:3")            # the opening bid
        click_plays(root, "bid:3:3")            # a raise: one click, not a choice
        click_plays(root, "bid:4:2")
        click_plays(root, "liar")               # the call ends the round
        expect(root.locator('[data-zone="reveal"]')).to_contain_text("liar by P0")

    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6], [2, 2, 4, 5, 6]],
                          bids=["2 threes by P0"], turn=1)
    with live_board(browser, state, size=LAPTOP) as (page, board):
        root = page.locator(".rx-board")
        click_plays(root, "bid:3:2")
        click_plays(root, "exact")              # the Exact circle alone: the call
        expect(root.locator('[data-zone="reveal"]')).to_contain_text("exact by P2")

    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6], [2, 2, 4, 5, 6]],
                          bids=["2 threes by P0"], turn=1)
    with live_board(browser, state, size=LAPTOP) as (page, board):
        root = page.locator(".rx-board")
        cell(root, "lock").click()              # raise and lock as exact: its own control
        expect(root).to_have_attribute("data-selected", "1")
        click_plays(root, "bid:4:3")
        expect(root.locator('[data-zone="reveal"]')).to_contain_text("exact by P1")


def deck_choice() -> State:
    """A Summoners position whose deck click leaves a choice: draw, or cycle a card."""
    game = explorer.load("summoners", players=2)
    rng = random.Random(0)
    state = game.new(seed=0)
    while not state.is_over:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        if exact(moves, ["deck"]) and len(narrow(moves, ["deck"])) > 1:
            return state
        state = state.play(rng.choice(moves))
    raise AssertionError("no deck choice in the seeded game")


def test_a_choice_left_by_a_click_is_offered_beside_it(browser: Any) -> None:
    with live_board(browser, deck_choice(), size=LAPTOP) as (page, _):
        root = page.locator(".rx-board")
        deck = cell(root, "deck")
        deck.scroll_into_view_if_needed()
        deck.click()
        chooser = root.locator(".rx-chooser")
        expect(chooser).to_have_count(1)
        expect(chooser.locator(".rx-move", has_text="Draw")).to_have_count(1)
        expect(chooser).to_have_class(re.compile(r"\brx-float\b"))   # drawn beside the click
        assert gap(page, deck, chooser) <= NEAR
        box = chooser.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= LAPTOP[1]   # on screen
        node = root.get_attribute("data-node")
        chooser.locator(".rx-move", has_text="Draw").click()
        expect(root).not_to_have_attribute("data-node", node)
        expect(root.locator(".rx-chooser")).to_have_count(0)


@pytest.mark.rules("P-BID-RAISE")
def test_a_refused_click_is_answered_beside_it_in_words(browser: Any) -> None:
    game = explorer.load("pirates", players=4)
    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6], [2, 2, 4, 5, 6], [2, 3, 4, 5, 6]],
                          bids=["4 threes by P0"], turn=1)
    with live_board(browser, state, size=LAPTOP) as (page, _):
        root = page.locator(".rx-board")
        low = cell(root, "bid:4:2")                    # under the standing bid: refused
        expect(low).to_have_attribute("data-legal", "false")
        low.scroll_into_view_if_needed()
        low.click()
        answer = root.locator(".rx-message")
        expect(answer).to_have_attribute("data-rule", "P-BID-RAISE")
        expect(answer).to_have_class(re.compile(r"\brx-float\b"))
        assert gap(page, low, answer) <= NEAR
        text = answer.inner_text()
        assert "bid:" not in text and "P(" not in text and len(text) < 200
        cell(root, "lock").click()                     # a new selection: the old answer goes
        expect(answer).to_have_attribute("data-kind", "none")
        expect(root.locator(".rx-message.rx-float")).to_have_count(0)
