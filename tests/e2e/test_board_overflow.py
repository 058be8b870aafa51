"""Boards a class reads at a glance (classroom issue #30, items 4 and 6), in a real
JupyterLab at 1280x800 with the file browser open (the board is then about 516 px wide,
beside the panel's controls).

- No text of any game's board overflows its box, no word is broken in two ("Graveyar d",
  "yello w"), and no part of a card (its coordinates, its text, its badges) lies over
  another: early in a game and later (dice under the cups and in battles, captains'
  hands, a Summoners grid grown past twelve columns).
- The Lying Pirates board in the betting phase is one screen: the route, the cups, the
  bid picker with the calls, the bids and the odds, and the captains' areas all end
  within the board's first 800 px, with and without Cities of Greed; outside the
  betting the picker is folded to one line.
"""
from __future__ import annotations

import uuid
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect
from test_tour_in_lab import run_notebook

import explorer

SCREEN = 800
"""The height of the screen (1280x800): the Pirates betting table must fit in it."""

PLAY = """\
import random
import explorer
tree = explorer.Explorer(explorer.load({name!r}{options}).new(seed={seed}), seed={seed})
luck = random.Random({seed})
for _ in range({plays}):
    if tree.state.is_over:
        break
    tree.play(luck.choice(tree.state.legal_moves()))
explorer.widgets.Panel(tree)"""
"""A game of seed `seed` after `plays` random moves (chance included), in the panel."""

BETTING = """\
import random
import explorer
tree = explorer.Explorer(explorer.load("pirates"{options}).new(seed=2), seed=2)
luck = random.Random(2)

def betting(view):
    return (view["phase"] == "betting" and view["stage"] == "bid" and view["call"] is None
            and isinstance(view["to_move"], int) and len(view["bids"]) >= 2)

while not betting(tree.state.view(None)):
    tree.play(luck.choice(tree.state.legal_moves()))
explorer.widgets.Panel(tree)"""
"""Lying Pirates in the betting phase, a raise to make over two bids (the panel shows the
teacher's board: every cup, every hand, the odds and the truth)."""

BATTLE = """\
import random
import explorer
tree = explorer.Explorer(explorer.load("pirates"{options}).new(seed=2), seed=2)
luck = random.Random(2)

def dice(view):
    return (any(fr["kind"] == "battle" and any(fr["faces"]) for fr in view["stack"])
            and any(seat["specials"] for seat in view["seats"]))

while not dice(tree.state.view(None)):
    tree.play(luck.choice(tree.state.legal_moves()))
explorer.widgets.Panel(tree)"""
"""Lying Pirates in a battle, a battle die rolled, a captain holding a special die."""

# Every element of the board with text of its own: the nearest box around that text
# (an inline element's is its parent's) must hold it, each word on one line.
TEXT_PROBLEMS = """
(board) => {
  const problems = [];
  const box = (el) => { while (el && el !== board && el.clientWidth === 0) el = el.parentElement; return el; };
  const seen = new Set();
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue;
    if (!text.trim() || !node.parentElement || node.parentElement.offsetParent === null) continue;
    const holder = box(node.parentElement);
    if (holder && !seen.has(holder)) {
      seen.add(holder);
      if (holder.scrollWidth > holder.clientWidth + 1 || holder.scrollHeight > holder.clientHeight + 1) {
        problems.push(`overflows: '${holder.textContent.trim().slice(0, 40)}' ` +
                      `${holder.scrollWidth}x${holder.scrollHeight} in ${holder.clientWidth}x${holder.clientHeight}`);
      }
    }
    for (const match of text.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`a word broken over ${tops.size} lines: '${match[0]}'`);
    }
  }
  for (const item of board.querySelectorAll(".rx-item")) {
    const parts = [...item.querySelectorAll(".rx-corner, .rx-text, .rx-sub, .rx-badge")]
      .filter((p) => p.textContent.trim()).map((p) => [p, p.getBoundingClientRect()]);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const [[a, r], [b, s]] = [parts[i], parts[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const wide = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const high = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (wide > 1 && high > 1) problems.push(`'${a.textContent.trim()}' over '${b.textContent.trim()}'`);
      }
    }
  }
  return problems;
}
"""

ZONE_BOXES = """
(board) => {
  const top = board.getBoundingClientRect().top;
  return Object.fromEntries([...board.querySelectorAll('[data-zone]')].map((z) => {
    const r = z.getBoundingClientRect();
    return [z.dataset.zone, {top: r.top - top, bottom: r.bottom - top}];
  }));
}
"""
ORDER = "(board) => [...board.querySelectorAll('[data-zone]')].map((z) => z.dataset.zone)"


def open_board(page: Page, lab: Any, code: str, name: str) -> Locator:
    """Run `code` (ending in a panel) in a new notebook at 1280x800 with the file browser
    open; the panel's board, scrolled to the top of the screen."""
    page.set_viewport_size({"width": 1280, "height": SCREEN})
    notebook = f"overflow-{name}-{uuid.uuid4().hex[:8]}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in (f"# {name}", "At 1280x800.", "The board:", "")]
    nb.cells.append(nbformat.v4.new_code_cell(code))          # the fifth cell: run_notebook waits for it
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / notebook)
    run_notebook(page, lab, notebook)
    files = page.locator("#filebrowser")
    if not files.is_visible():
        page.locator('.jp-SideBar [data-id="filebrowser"]').first.click()
    expect(files).to_be_visible()
    board = page.locator(".rx-panel .rx-board")
    expect(board.locator(".rx-scene")).to_be_visible()
    page.wait_for_timeout(300)                           # the file browser's width settles
    board.evaluate("(b) => b.scrollIntoView({block: 'start'})")
    return board


GAMES = [(name, "", plays, 2) for name in explorer.list_games() for plays in (6, 40)]
GAMES += [("pirates", ", cities_of_greed=True", plays, 2) for plays in (6, 40)]
GAMES += [("summoners", "", 90, 17)]                    # seed 17: a grid of fourteen columns


@pytest.mark.parametrize(("name", "options", "plays", "seed"), GAMES,
                         ids=[f"{n}{'+cities' if o else ''}-{p}" for n, o, p, _ in GAMES])
def test_no_text_overflows_its_box_or_breaks_a_word(page: Page, lab: Any, name: str, options: str,
                                                    plays: int, seed: int) -> None:
    board = open_board(page, lab, PLAY.format(name=name, options=options, plays=plays, seed=seed), name)
    if name == "summoners" and plays == 90:
        columns = int(board.locator(".rx-grid").get_attribute("data-cols") or 0)
        assert columns > 12, f"the grid has {columns} columns only"
    problems = board.evaluate(TEXT_PROBLEMS)
    assert problems == [], f"{name}{options}, after {plays} plays: {problems}"


@pytest.mark.parametrize("options", ["", ", cities_of_greed=True"], ids=["pirates", "pirates+cities"])
def test_the_pirates_betting_table_is_one_screen(page: Page, lab: Any, options: str) -> None:
    board = open_board(page, lab, BETTING.format(options=options), "pirates")
    expect(board.locator('[data-id^="bid:"]').first).to_be_visible()
    zones = board.evaluate(ZONE_BOXES)
    height = board.bounding_box()["height"]
    table = ("route", "cups", "picker", "calls", "bids", "odds", "players")
    assert all(z in zones for z in table), sorted(zones)
    below = {z: round(zones[z]["bottom"]) for z in table if zones[z]["bottom"] > SCREEN}
    assert below == {}, f"ends below the first {SCREEN} px of the board ({height:.0f} px tall): {below}"
    for p in range(4):                                   # every captain's area, every cup
        assert zones[f"player:{p}"]["bottom"] <= SCREEN and zones[f"cup:{p}"]["bottom"] <= SCREEN
    if not options:                                      # the whole board, its last move too
        assert height <= SCREEN, f"the Pirates board is {height:.0f} px tall at 1280x800"
    order = [z for z in board.evaluate(ORDER) if z in ("route", "cups", "picker", "players", "actions")]
    assert order == ["route", "cups", "picker", "players", "actions"], order
    # the picker: the standing bid's quantity and a few above it, faces across, the
    # odds in its cells and its legend
    cells = board.locator('[data-id^="bid:"]')
    assert 5 <= cells.count() <= 30
    expect(board.locator('[data-zone="picker"] .rx-zone-note')).to_contain_text("shade: P(true)")


def test_the_pirates_picker_folds_to_one_line_outside_the_betting(page: Page, lab: Any) -> None:
    code = PLAY.format(name="pirates", options="", plays=6, seed=2)   # the sail phase, after a call
    board = open_board(page, lab, code, "pirates")
    expect(board.locator(".rx-status")).not_to_contain_text("betting")
    picker = board.locator('[data-zone="picker"]')
    expect(picker).to_contain_text("folded until the next betting phase")
    expect(board.locator('[data-id^="bid:"]')).to_have_count(0)
    assert picker.bounding_box()["height"] < 40


@pytest.mark.parametrize("options", ["", ", cities_of_greed=True"], ids=["pirates", "pirates+cities"])
def test_the_pirates_dice_show_their_words_whole(page: Page, lab: Any, options: str) -> None:
    board = open_board(page, lab, BATTLE.format(options=options), "pirates")
    faces = board.locator('[data-zone="flight"] .rx-die .rx-text').all_inner_texts()
    assert set(faces) & {"skull", "sword", "double sword"}, faces      # "skul", "doub word" no more
    specials = board.locator('[data-zone="players"] .rx-die .rx-text').all_inner_texts()
    assert specials and set(specials) <= {"mermaid", "pirate king", "ghost", "cursed", "mayor"}, specials
    problems = board.evaluate(TEXT_PROBLEMS)
    assert problems == [], f"pirates{options} in a battle: {problems}"
