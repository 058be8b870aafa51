"""The Lying Pirates board in headless Chromium: bid through the picker, call Liar, see
the reveal with the count.

The real `Board` widget and the real board.js in a real page, without a kernel
(`live_board.py`).
"""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from live_board import cell, live_board
from playwright.sync_api import Locator, expect

import explorer


def bid(root: Locator, quantity: int, face: int) -> None:
    """Click a lit picker cell: one click plays the bid, the opening bid and a raise
    alike (a raise locked as exact is its own control, "Raise + lock", clicked first)."""
    target = cell(root, f"bid:{quantity}:{face}")
    expect(target).to_have_attribute("data-legal", "true")
    node = root.get_attribute("data-node")
    target.click()
    expect(root).not_to_have_attribute("data-node", node)


@pytest.mark.rules("P-BID-RAISE", "P-LIAR", "P-BID-COUNT", "P-HIDDEN-1")
def test_bid_through_the_picker_call_liar_and_see_the_reveal(
        browser: Any, shot: Callable[[Locator, str], None]) -> None:
    game = explorer.load("pirates", players=2)
    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6]])
    with live_board(browser, state) as (page, board):
        root = page.locator(".rx-board")
        expect(root).to_have_attribute("data-game", "pirates")
        # the opening bid: quantity at most the number of players, so 3 x anything is unlit
        expect(cell(root, "bid:2:3")).to_have_attribute("data-legal", "true")
        expect(cell(root, "bid:3:2")).to_have_attribute("data-legal", "false")
        expect(root.locator('[data-zone="odds"]')).to_contain_text("no bid yet")
        expect(cell(root, "bid:2:3")).to_have_attribute(
            "title", re.compile(r"^bid 2 threes: as P0 knows: P\(at least 2 threes\) = 0\.\d\d, "))
        bid(root, 2, 3)
        expect(root.locator('[data-zone="bids"]')).to_contain_text("2 threes by P0")
        # beside the standing bid: the odds as P1 (to move) knows them, and the truth
        odds = root.locator('[data-zone="odds"]')
        expect(odds).to_contain_text("P(at least 2 threes) = ")
        expect(odds).to_contain_text("P(at least 2 threes) = 1.00, P(exactly 2) = 0.00")   # truth: 3 threes
        # a raise below the standing bid is unlit and refused with the rule
        expect(cell(root, "bid:2:2")).to_have_attribute("data-legal", "false")
        cell(root, "bid:2:2").click()
        expect(root.locator(".rx-message")).to_have_attribute("data-rule", "P-BID-RAISE")
        bid(root, 3, 3)
        expect(root.locator('[data-zone="bids"]')).to_contain_text("3 threes by P1")
        expect(root.locator('[data-zone="cups"]')).to_contain_text("each player sees their own cup only")
        shot(root, "pirates-board-before-the-call.png")

        liar = cell(root, "liar")
        expect(liar).to_have_attribute("data-legal", "true")
        node = root.get_attribute("data-node")
        liar.click()
        expect(root).not_to_have_attribute("data-node", node)
        expect(root.locator(".rx-message")).to_have_attribute("data-rule", "P-LIAR")

        # the reveal: every cup open, the count highlighted, the dice that count marked
        reveal = root.locator('.rx-zone.rx-highlight[data-zone="reveal"]')
        expect(reveal).to_contain_text("3 threes")
        expect(reveal).to_contain_text("liar by P0")
        expect(reveal).to_contain_text("the bid stands")
        cups = root.locator('[data-zone="cups"]')
        expect(cups.locator(".rx-die.rx-down")).to_have_count(0)
        expect(cups.locator(".rx-die")).to_have_count(10)
        expect(root.locator('[data-zone="cup:0"] .rx-text')).to_have_text(["1", "2", "2", "5", "6"])
        expect(root.locator('[data-zone="cup:1"] .rx-text')).to_have_text(["2", "3", "3", "4", "6"])
        marked = cups.locator(".rx-die", has=page.locator(".rx-badge", has_text="✓"))
        expect(marked).to_have_count(3)
        expect(marked.locator(".rx-text")).to_have_text(["1", "3", "3"])
        expect(root.locator(".rx-events")).to_contain_text("there are 3 threes for P1's bid of 3 threes")
        shot(root, "pirates-board-reveal.png")
        shot(root.locator('[data-zone="cups"]'), "pirates-cups-revealed.png")
    assert board.state.data.roles == ("loser", "winner")


def test_a_players_board_shows_their_own_odds_and_hides_the_other_cup(browser: Any) -> None:
    game = explorer.load("pirates", players=2)
    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6]], bids=["2 threes by P0"], turn=1)
    with live_board(browser, state, viewer=1) as (page, _):
        root = page.locator(".rx-board")
        expect(root).to_have_attribute("data-viewer", "1")
        expect(root.locator('[data-zone="cup:0"] .rx-die.rx-down')).to_have_count(5)
        odds = root.locator('[data-zone="odds"]')
        expect(odds).to_contain_text("as P1 knows")
        expect(odds).not_to_contain_text("truth")
        expect(root.locator('[data-id^="bid:"][title*="truth"]')).to_have_count(0)
        expect(cell(root, "bid:3:3")).to_have_attribute("data-legal", "true")


@pytest.mark.rules("P-EXACT-1", "P-EXACT-2")
def test_a_raise_locked_exact_with_the_picker_and_the_exact_button(browser: Any) -> None:
    game = explorer.load("pirates", players=2)
    state = game.scenario(cups=[[1, 2, 2, 5, 6], [2, 3, 3, 4, 6]], bids=["2 threes by P0"], turn=1)
    with live_board(browser, state) as (page, board):
        root = page.locator(".rx-board")
        node = root.get_attribute("data-node")
        cell(root, "lock").click()                      # the lock first, then the raise
        expect(cell(root, "bid:3:3")).to_have_attribute("data-legal", "true")
        cell(root, "bid:3:3").click()
        expect(root).not_to_have_attribute("data-node", node)
        expect(root.locator(".rx-message")).to_have_attribute("data-rule", "P-EXACT-1")
        reveal = root.locator('.rx-zone.rx-highlight[data-zone="reveal"]')
        expect(reveal).to_contain_text("3 threes")
        expect(reveal).to_contain_text("exact by P1")
        expect(reveal).to_contain_text("exact!")
    assert board.state.data.roles == ("loser", "winner")
