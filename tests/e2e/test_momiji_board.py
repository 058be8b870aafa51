"""The Momiji board in headless Chromium: a mixed play built by clicking cards in hand
(each starting a new pile), then "stop", and the acorn harvest it brings.

The real `Board` and the real board.js, joined without a kernel (`live_board`, see
test_pirates_board.py).
"""
from __future__ import annotations

from typing import Any, Callable

import pytest
from live_board import cell, live_board
from playwright.sync_api import Locator, expect

import explorer


def play_card(root: Locator, card: str) -> None:
    """Click a card in P0's hand, then the "+ new pile" cell of P0's row."""
    node = root.get_attribute("data-node")
    hand = cell(root, f"hand:0:{card}")
    expect(hand).to_have_attribute("data-legal", "true")
    hand.click()
    expect(hand).to_have_attribute("data-selected", "1")
    new_pile = cell(root, "row:0")
    expect(new_pile).to_have_attribute("data-legal", "true")
    new_pile.click()
    expect(root).not_to_have_attribute("data-node", node)
    expect(cell(root, "pile:0:" + card.split("-")[0])).to_be_visible()


@pytest.mark.rules("M-PLAY-1", "M-PLAY-6", "M-PLAY-7")
def test_a_mixed_play_clicked_in_the_hand_harvests_the_facing_acorns(
        browser: Any, shot: Callable[[Locator, str], None]) -> None:
    """Maple-0R then Oak-0L start two piles side by side (new piles join the right end):
    the Maple's right acorn faces the Oak's left acorn, so the play gives 2 acorns."""
    game = explorer.load("momiji", players=2)
    state = game.scenario(hands=["Maple-0R Oak-0L Ginkgo-0 Birch-2", "Oak-1"], acorns=[0, 0])
    with live_board(browser, state) as (page, board):
        root = page.locator(".rx-board")
        me = root.locator('[data-zone="player:0"]')
        expect(root).to_have_attribute("data-game", "momiji")
        expect(me).to_contain_text("0 acorns")
        play_card(root, "Maple-0R")
        expect(cell(root, "stop:0")).to_have_attribute("data-legal", "true")
        expect(cell(root, "hand:0:Birch-2")).to_have_attribute("data-legal", "false")   # no 0 to start it
        play_card(root, "Oak-0L")
        expect(me).to_contain_text("0 acorns")                    # the harvest waits for the end of the play
        expect(me.locator('[data-id^="pile:0:"] .rx-text')).to_have_text(["Maple-0R", "Oak-0L"])
        shot(root, "momiji-board-mixed-play.png")

        node = root.get_attribute("data-node")
        cell(root, "stop:0").click()
        expect(root).not_to_have_attribute("data-node", node)
        expect(me).to_contain_text("2 acorns")
        expect(root.locator('[data-zone="player:1"]')).to_contain_text("0 acorns")
        expect(root.locator(".rx-events")).to_contain_text("P0 harvests 2 acorns from facing acorns on the tops of")
        expect(root.locator(".rx-events .rx-rule", has_text="M-PLAY-7")).to_have_count(1)
        expect(cell(root, "end:0")).to_have_attribute("data-legal", "true")     # the turn goes on: extras, end
        shot(root, "momiji-board-harvest.png")
    assert board.state.data.acorns == (2, 0)
    assert [[board.state.game.parse_move(f"P0 play {c}").card] for c in ("Maple-0R", "Oak-0L")] == \
        [list(pile) for pile in board.state.data.rows[0]]
