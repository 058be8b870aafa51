"""The tour notebook in a real JupyterLab in headless Chromium: click to play, why-not.

The tests find a live board by the heading of the lesson that shows it: the first code
cell after that markdown heading in notebooks/00_tour.ipynb, holding one board of the game.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from playwright.sync_api import Locator, Page, expect

PROMPT_DONE = re.compile(r"\[\d+\]:")


def run_notebook(page: Page, lab: Any, notebook: str) -> None:
    """Open a notebook in its own workspace, run all cells, wait until every cell ran."""
    page.goto(lab.open_url(notebook))
    page.locator(".jp-NotebookPanel .jp-Cell").nth(4).wait_for()
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=60_000)
    page.locator(".lm-MenuBar-item", has_text="Run").click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    prompts = page.locator(".jp-NotebookPanel .jp-CodeCell .jp-InputArea-prompt")
    for i in range(prompts.count()):
        expect(prompts.nth(i)).to_have_text(PROMPT_DONE, timeout=90_000)


CODE_CELL = "contains(concat(' ', normalize-space(@class), ' '), ' jp-CodeCell ')"


def board_after_heading(page: Page, heading: str, game: str) -> Locator:
    """The live board of `game` shown by the first code cell after the markdown cell
    whose heading starts with `heading`."""
    title = re.compile(rf"^\s*{re.escape(heading)}")
    lesson = page.locator(".jp-NotebookPanel .jp-MarkdownCell").filter(
        has=page.get_by_role("heading", name=title))
    expect(lesson).to_have_count(1)
    cell = lesson.locator(f"xpath=following-sibling::div[{CODE_CELL}][1]")
    board = cell.locator(f'.rx-board[data-game="{game}"]')
    expect(board).to_have_count(1)
    return board


@pytest.mark.rules("CORE-LEGAL")
def test_village_board_plays_a_click_and_explains_a_refusal(
        page: Page, lab: Any, notebook: Callable[[str], str], shot: Callable[[Locator, str], None]) -> None:
    run_notebook(page, lab, notebook("00_tour.ipynb"))
    board = board_after_heading(page, "5. The live board", "village")
    echo = page.locator(".rx-echo")
    expect(board).to_have_attribute("data-node", "0")
    expect(board).to_have_attribute("data-moves", "60")
    expect(echo).to_contain_text("node 0: 1 position explored")
    status = board.locator(".rx-status").inner_text()
    shot(board, "village-board-start.png")

    # a hand card, then a stall: the card narrows the moves, the stall completes one
    board.locator('[data-id="hand:0:Feather"]').click()
    expect(board.locator('[data-id="hand:0:Feather"]')).to_have_attribute("data-selected", "1")
    expect(board.locator('[data-id="stall:1"]')).to_have_attribute("data-legal", "true")
    expect(board.locator('[data-id="hand:1:Axe"]')).to_have_attribute("data-legal", "false")
    shot(board, "village-board-selected.png")
    board.locator('[data-id="stall:1"]').click()
    confirm = board.locator(".rx-confirm")                          # paying cards asks first
    expect(confirm).to_contain_text("buy stall 1, paying 1 Feather")
    confirm.click()

    expect(board).not_to_have_attribute("data-node", "0")          # the kernel played it
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "played")
    expect(board.locator(".rx-message")).to_contain_text("buy stall 1, paying 1 Feather")
    expect(echo).to_contain_text(re.compile(r"node [1-9]\d*: [2-9]\d* positions explored"))
    expect(board.locator(".rx-status")).not_to_have_text(status)
    expect(board.locator(".rx-events li").first).to_be_visible()   # narration under the board
    node = board.get_attribute("data-node")

    # the curse had one treasure to choose (forced, played at once): P1 is to move now.
    # A card of P0, who is not to move: refused, with the rule, and nothing changes
    expect(board.locator(".rx-status")).to_contain_text("P1 to move")
    mine = board.locator('[data-id^="hand:0:"]').first
    expect(mine).to_have_attribute("data-legal", "false")
    mine.click()
    message = board.locator(".rx-message")
    expect(message).to_have_attribute("data-kind", "why")
    expect(message).to_have_attribute("data-rule", re.compile(r"\S"))
    expect(message.locator(".rx-rule")).to_be_visible()
    expect(board).to_have_attribute("data-node", node)
    shot(board, "village-board-why-not.png")


@pytest.mark.rules("CORE-LEGAL")
def test_summoners_hand_card_highlights_cells_and_plays_one(
        page: Page, lab: Any, notebook: Callable[[str], str], shot: Callable[[Locator, str], None]) -> None:
    run_notebook(page, lab, notebook("00_tour.ipynb"))
    board = board_after_heading(page, "Piri Piri Summoners", "summoners")
    expect(board).to_have_attribute("data-node", "0")

    # the action step: the deck makes several moves (draw, cycle a card): a chooser asks which
    board.locator('[data-id="deck"]').click()
    chooser = board.locator(".rx-chooser")
    expect(chooser).to_be_visible()
    chooser.locator(".rx-move", has_text="Draw the top card").click()
    expect(board).not_to_have_attribute("data-node", "0")
    node = board.get_attribute("data-node")

    # the play step: a hand card lights up the cells where it may go
    card_id = board.locator('.rx-item[data-id^="hand:0:"][data-legal="true"]').first.get_attribute("data-id")
    card = board.locator(f'[data-id="{card_id}"]')
    card.click()
    expect(card).to_have_attribute("data-selected", "1")
    cells = board.locator('.rx-grid .rx-item[data-legal="true"]')
    expect(cells.first).to_be_visible()
    assert cells.count() >= 1
    shot(board, "summoners-card-selected.png")
    cells.first.click()
    expect(board).not_to_have_attribute("data-node", node)
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "played")
    shot(board, "summoners-card-played.png")


def test_panel_move_list_plays_on_its_board(page: Page, lab: Any, notebook: Callable[[str], str],
                                            shot: Callable[[Locator, str], None]) -> None:
    run_notebook(page, lab, notebook("00_tour.ipynb"))
    panel = page.locator(".rx-panel")
    board = panel.locator(".rx-board")
    expect(board).to_have_attribute("data-node", "0")
    panel.scroll_into_view_if_needed()
    shot(panel, "panel-start.png")
    panel.locator(".rx-move-button").first.click()
    expect(board).not_to_have_attribute("data-node", "0")
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "played")
    expect(panel.locator(".rx-history .rx-study-row").nth(1)).to_be_attached()  # the history grew
    shot(panel, "panel-after-move.png")
    # the outcome charts render offline (Vega bundled, no CDN)
    charts = page.locator(".jp-OutputArea-output .vega-embed")
    expect(charts.first.locator("canvas, svg").first).to_be_visible()
    expect(charts).to_have_count(3)


def test_boards_come_back_after_a_page_reload_and_still_play(
        page: Page, lab: Any, notebook: Callable[[str], str], shot: Callable[[Locator, str], None]) -> None:
    """A teacher reloads the page mid-lesson: the live board is drawn again from the
    kernel (not "Loading widget…"), where it was, and the next click plays."""
    run_notebook(page, lab, notebook("00_tour.ipynb"))
    board = board_after_heading(page, "5. The live board", "village")
    board.locator('[data-id="deck"]').click()                   # P0 draws a card
    expect(board).not_to_have_attribute("data-node", "0")
    node = board.get_attribute("data-node")
    page.locator(".jp-NotebookPanel").first.click()
    page.keyboard.press("Control+s")                             # saved, outputs and all
    expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=15_000)
    page.reload()
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=60_000)
    board = board_after_heading(page, "5. The live board", "village")
    expect(board).to_have_attribute("data-node", node, timeout=30_000)
    expect(page.locator(".jp-NotebookPanel")).not_to_contain_text("model not found")
    shot(board, "village-board-after-reload.png")
    board.locator('[data-id="deck"]').click()                   # P1 draws
    expect(board).not_to_have_attribute("data-node", node)
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "played")
