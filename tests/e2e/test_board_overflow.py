"""Boards a class reads at a glance (classroom issue, items 4 and 6): at 1280x800 in
JupyterLab with the file browser open, no text of any game's board overflows its box,
early in a game and later (a grown Summoners grid, dice under cups, captains' hands);
and the Lying Pirates board is a few screens at most, not the 4,000 px it was, with the
route, the cups, the bids and the captains first."""
from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import explorer
import test_panel_fit as fit

OVERFLOW = """
(board) => [...board.querySelectorAll('.rx-item, .rx-item *, .rx-zone-head')]
  .filter((el) => el.clientWidth > 0 && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
  .map((el) => `'${el.textContent.trim().slice(0, 40)}' ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`)
"""
ZONES = "(board) => [...board.querySelectorAll(':scope .rx-scene > .rx-zone, .rx-zone[data-zone]')].map(z => z.dataset.zone)"
GAMES = [(name, "") for name in explorer.list_games()] + [("pirates", ", cities_of_greed=True")]


def _board(page: Page, lab: Any, name: str, options: str, plays: int) -> Any:
    cell = fit.CELL.replace("explorer.load({name!r})", f"explorer.load({name!r}{options})") \
                   .replace("range(6)", f"range({plays})")
    original, fit.CELL = fit.CELL, cell
    try:
        return fit._open(page, lab, name).locator(".rx-board")
    finally:
        fit.CELL = original


@pytest.mark.parametrize("plays", [6, 40])
@pytest.mark.parametrize(("name", "options"), GAMES, ids=[n + o.replace(", cities_of_greed=True", "+cities")
                                                          for n, o in GAMES])
def test_no_text_overflows_its_box(page: Page, lab: Any, name: str, options: str, plays: int) -> None:
    board = _board(page, lab, name, options, plays)
    over = board.evaluate(OVERFLOW)
    assert over == [], f"{name}{options}, after {plays} plays: text overflowing its box: {over}"


@pytest.mark.parametrize(("options", "most"), [("", 1600), (", cities_of_greed=True", 2400)])
def test_the_pirates_board_puts_the_table_first_and_stays_short(page: Page, lab: Any, options: str,
                                                                most: int) -> None:
    board = _board(page, lab, "pirates", options, 6)
    height = board.bounding_box()["height"]
    assert height <= most, f"the Pirates board is {height:.0f} px tall at 1280x800"
    order = [z for z in board.evaluate(ZONES) if z in ("route", "cups", "picker", "players", "actions")]
    assert order == ["route", "cups", "picker", "players", "actions"], order
