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
from test_tour_in_lab import run_notebook

import explorer
import explorer.charts

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
TABS = {"Play": ("why not?", "◀ undo", "redo ▶", "branch: same luck", "branch: resample", "annotate"),
        "Analysis": ("Analyse", "judge this game"), "Changes": ("what-if outcomes",), "Luck": ("play outcome", "roll (seeded)"),
        "Files": ("save tree", "save this view only")}
"""Each tab and the buttons it shows."""
CONTROLS = {"Play": ('input[placeholder="type a move, e.g. one from the list"]',
                     'input[placeholder="a note on this position"]', ".rx-study", ".rx-compare-select"),
            "Analysis": (".rx-analysis-switch",), "Changes": ('input[type="number"]',),
            "Luck": (".widget-dropdown select", 'input[type="number"]'),
            "Files": (".widget-upload", 'input[type="text"]')}
"""Each tab's other controls: text boxes, the history, the lists."""


def _open(page: Page, lab: Any, name: str, before: str = "") -> Any:
    """A notebook whose last cell shows a panel of `name` (after the code `before`), run
    in Lab at 1280x800 with the file browser open; returns the panel."""
    page.set_viewport_size({"width": 1280, "height": 800})
    notebook = f"fit-{name}-{uuid.uuid4().hex[:8]}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in (f"# {name}", "One screen.", "Below.", "The panel:")]
    nb.cells.append(nbformat.v4.new_code_cell(before + CELL.format(name=name)))
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
    for what in (".rx-board .rx-status", ".rx-movelist .rx-move-button"):     # the prompt, the first move
        box = panel.locator(what).first.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, (
            f"{name}: {what} is not inside the first screen: {box}")
    expect(panel.locator(".rx-board .rx-status")).not_to_be_empty()
    tabs = panel.locator(".rx-tabs .lm-TabBar-tab")
    assert sorted(tabs.all_inner_texts()) == sorted(TABS), "a tab came or went: update TABS"
    rows = {round(box["y"]) for box in (tab.bounding_box() for tab in tabs.all()) if box}
    assert len(rows) <= 2, f"{name}: the tab bar takes {len(rows)} rows (board.css .rx-tabs lost to ipywidgets')"
    for tab, buttons in TABS.items():
        tabs.filter(has_text=tab).click()
        expect(panel.locator(".rx-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text(tab)
        for button in buttons:
            expect(panel.get_by_role("button", name=button)).to_be_visible()
        for control in CONTROLS[tab]:
            expect(panel.locator(f".rx-tabs {control} >> visible=true").first).to_be_visible()
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


WHATIF = """
(panel) => {
  const chart = panel.querySelector(".rx-tabs .widget-output .vega-embed, .rx-tabs .widget-output img");
  const out = chart.closest(".widget-output");
  const box = chart.getBoundingClientRect(), room = out.getBoundingClientRect();
  return {tag: chart.tagName, natural: chart.naturalWidth || chart.scrollWidth, left: box.left, right: box.right,
          outLeft: room.left, outRight: room.right, scrolls: out.scrollWidth > out.clientWidth + 1,
          svg: chart.tagName === "IMG" ? decodeURIComponent(chart.src.slice(chart.src.indexOf(",") + 1))
                                       : chart.innerHTML};
}
"""


@pytest.mark.parametrize("drawn", ["picture", "interactive"])
def test_the_what_if_chart_fits_the_column_whole(page: Page, lab: Any, shot: Any, drawn: str) -> None:
    """The what-if chart sits in the controls' column (292 px): whole, with its title,
    every seat and the legend naming both positions (at 300 px of plot it was 416 px
    wide, and the column cut off seat 2 and the legend), as the static picture and as
    the interactive chart a notebook gets after `charts.enable_offline()` (whose menu
    button takes 38 px more)."""
    before = "import explorer.charts\nexplorer.charts.enable_offline()\n" if drawn == "interactive" else ""
    panel = _open(page, lab, "village", before)
    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Play").click()
    compare = panel.locator(".rx-compare-select")
    compare.focus()                                  # the list of positions is made when it is used
    compare.select_option(label="start")
    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Changes").click()
    panel.get_by_label("games").fill("20")
    panel.get_by_label("games").press("Enter")
    panel.get_by_role("button", name="what-if outcomes").click()
    chart = panel.locator(".rx-tabs .widget-output " + (".vega-embed svg.marks" if drawn == "interactive" else "img"))
    expect(chart).to_be_visible(timeout=60_000)
    shot(panel.locator(".rx-tabs .widget-output"), f"what-if-in-the-column-{drawn}.png")
    found = panel.evaluate(WHATIF)
    assert found["tag"] == ("DIV" if drawn == "interactive" else "IMG"), found["tag"]
    assert found["left"] >= found["outLeft"] - 1 and found["right"] <= found["outRight"] + 1, found
    assert found["natural"] <= found["outRight"] - found["outLeft"] and not found["scrolls"], found
    svg = found["svg"]
    for text in ("Win rate by seat and agent", "Mean score by variant", "seat 2", "variant", "here:", "compared:"):
        assert f">{text}" in svg, f"the what-if chart lost {text!r}"
    assert "…<" not in svg.replace(" …<", ""), "a label of the what-if chart is cut short"


def test_a_notebook_gives_charts_their_width(page: Page, lab: Any) -> None:
    """`explorer.charts.FITS`, the width every chart keeps within (tests/sim/test_sim_charts.py),
    is what a notebook's output gets at 1280x800 with the file browser open."""
    _open(page, lab, "village")
    widths = page.evaluate("() => [...document.querySelectorAll('.jp-NotebookPanel .jp-OutputArea-output')]"
                           ".map((e) => e.getBoundingClientRect().width)")
    assert widths and min(widths) >= explorer.charts.FITS + 38, widths     # 38: the interactive chart's menu
