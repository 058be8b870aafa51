"""The panel on one projector screen (classroom issue, item 5): at 1280x800 in JupyterLab
with the file browser open, every game's board, its prompt and the move list sit in the
first screen; the rest is one click away in tabs, whose every button shows its whole
text; and presentation mode makes the board bigger, not only wider."""
from __future__ import annotations

import uuid
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Page, expect

import explorer
from test_tour_in_lab import run_notebook

CELL = """\
import random
import explorer
tree = explorer.Explorer(explorer.load({name!r}).new(seed=2), seed=2)
luck = random.Random(2)
for _ in range(6):
    tree.play(luck.choice(tree.state.legal_moves()))
explorer.widgets.Panel(tree)"""

CLIPPED = """
(panel) => [...panel.querySelectorAll("button, .lm-TabBar-tabLabel, .widget-toggle-button")]
  .filter((b) => b.offsetParent !== null && b.clientWidth > 0 && b.scrollWidth > b.clientWidth + 1)
  .map((b) => `${b.textContent.trim()}: ${b.scrollWidth} > ${b.clientWidth}`)
"""
TABS = {"Play": "why not?", "Analysis": "Analyse", "Changes": "what-if outcomes", "Luck": "roll (seeded)",
        "Files": "save tree"}
"""Each tab and a button it shows."""


def _open(page: Page, lab: Any, name: str) -> Any:
    page.set_viewport_size({"width": 1280, "height": 800})
    notebook = f"fit-{name}-{uuid.uuid4().hex[:8]}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in (f"# {name}", "One screen.", "Below.", "The panel:")]
    nb.cells.append(nbformat.v4.new_code_cell(CELL.format(name=name)))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / notebook)
    run_notebook(page, lab, notebook)
    browser = page.locator("#filebrowser")
    if not browser.is_visible():
        page.locator('.jp-SideBar [data-id="filebrowser"]').first.click()
    expect(browser).to_be_visible()
    panel = page.locator(".rx-panel")
    expect(panel.locator(".rx-board .rx-scene")).to_be_visible()
    return panel


@pytest.mark.parametrize("name", explorer.list_games())
def test_the_board_prompt_and_moves_share_the_first_screen(page: Page, lab: Any, name: str) -> None:
    panel = _open(page, lab, name)
    panel.locator(".rx-board").scroll_into_view_if_needed()
    panel.evaluate("(p) => p.scrollIntoView({block: 'start'})")
    height = page.viewport_size["height"]
    for what in (".rx-board .rx-scene", ".rx-movelist"):
        box = panel.locator(what).first.bounding_box()
        assert box is not None and box["y"] < height, f"{name}: {what} starts below the first screen"
    move = panel.locator(".rx-movelist .rx-move-button").first.bounding_box()
    assert move is not None and move["y"] + move["height"] <= height, f"{name}: the first move is below the screen"
    for tab, button in TABS.items():
        panel.locator(".rx-tabs .lm-TabBar-tab", has_text=tab).click()
        expect(panel.locator(".rx-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text(tab)
        expect(panel.get_by_role("button", name=button)).to_be_visible()
        clipped = panel.evaluate(CLIPPED)
        assert clipped == [], f"{name}, tab {tab}: clipped button texts {clipped}"


def test_presentation_mode_makes_the_board_bigger(page: Page, lab: Any) -> None:
    panel = _open(page, lab, "village")
    board = panel.locator(".rx-board .rx-scene")
    item = panel.locator(".rx-board .rx-item").first
    before, item_before = board.bounding_box(), item.bounding_box()
    panel.get_by_role("button", name="present").click()
    expect(panel.locator(".rx-present .rx-scene")).to_have_count(1)
    page.wait_for_timeout(300)
    after, item_after = board.bounding_box(), item.bounding_box()
    assert after["width"] > before["width"] and item_after["height"] > item_before["height"] * 1.15, (
        before, after, item_before, item_after)
