"""Cities of Greed on the Lying Pirates board in headless Chromium: an influence card is
played by clicks (the card, a town's banner, attack or bonus), the victims' choice and the
mayor die follow, and a player's board hides the others' influence cards.

The real `Board` widget and the real board.js in a real page, without a kernel
(`live_board.py`); the positions are the seed's examples (`pirates.examples`).
"""
from __future__ import annotations

from typing import Any, Callable

import pytest
from live_board import cell, live_board
from playwright.sync_api import Locator, expect

import explorer
from explorer.games.pirates.examples import ATTACK_ON_THE_LIGHTHOUSE, MAYOR_OF_EASTPORT

GAME = explorer.load("pirates", players=4, cities_of_greed=True)


def click_and_wait(root: Locator, *elements: str) -> None:
    """Click board elements in turn; the last click plays the move they build."""
    node = root.get_attribute("data-node")
    for element in elements:
        target = cell(root, element)
        expect(target).to_have_attribute("data-legal", "true")
        target.click()
    expect(root).not_to_have_attribute("data-node", node)


@pytest.mark.rules("P-COG-INF-PLAY", "P-COG-ATTACK")
def test_an_attack_on_the_lighthouse_played_by_clicks(
        browser: Any, shot: Callable[[Locator, str], None]) -> None:
    state = GAME.scenario(**ATTACK_ON_THE_LIGHTHOUSE)
    with live_board(browser, state) as (page, board):
        root = page.locator(".rx-board")
        expect(cell(root, "banner:Abandoned Lighthouse")).to_be_visible()
        click_and_wait(root, "influence:0:I1", "banner:Abandoned Lighthouse", "attack")
        expect(root.locator(".rx-message")).to_have_attribute("data-rule", "P-COG-INF-PLAY")
        expect(root.locator(".rx-events")).to_contain_text("Ships in Abandoned Lighthouse: P3")
        shot(root, "pirates-cities-attack.png")
        # yellow (P3) now chooses the cargo to lose
        assert board.state.pending.seat == 3 and board.state.pending.step == "cargo"
    assert "I1" not in board.state.data.cities.influence[0]


@pytest.mark.rules("P-COG-MAYOR-TAKE")
def test_the_mayor_die_changes_hands_on_the_board(browser: Any) -> None:
    state = GAME.scenario(**MAYOR_OF_EASTPORT)
    coins = state.data.coins
    with live_board(browser, state) as (page, board):
        root = page.locator(".rx-board")
        click_and_wait(root, "influence:0:I1", "banner:Eastport", "bonus")
        expect(root.locator(".rx-events")).to_contain_text("P0 takes the mayor die from P3")
    after = board.state.data
    assert after.coins[0] == coins[0] + 2 and after.coins[2] == coins[2] + 1


def test_a_players_board_shows_their_own_influence_cards_only(browser: Any) -> None:
    state = GAME.scenario(**ATTACK_ON_THE_LIGHTHOUSE)
    with live_board(browser, state, viewer=3) as (page, _):
        root = page.locator(".rx-board")
        expect(root.locator('[data-id^="influence:0:"]')).to_have_count(0)
        expect(root).not_to_contain_text("I1")
