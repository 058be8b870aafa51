"""Layout in a real JupyterLab: at 1280 px wide, the panel of every game shows no
horizontal scrollbar, neither on the page nor on any of the panel's own boxes, and cuts
nothing off (classroom issue, layout: "no horizontal scrollbar at 1280 px").

Each game's panel is shown after a few seeded moves (hands, history rows, the board
filled in), with its "compare with" list opened: the longest labels are then in it.
"""
from __future__ import annotations

import uuid
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Page, expect
from test_tour_in_lab import run_notebook

import explorer

WIDTH = 1280
PLAYS = 12
CELL = """\
import random
import explorer
tree = explorer.Explorer(explorer.load({name!r}).new(seed=2), seed=2)
luck = random.Random(2)
for _ in range({plays}):
    if tree.state.is_over:
        break
    tree.play(luck.choice(tree.state.legal_moves()))
explorer.widgets.Panel(tree)"""

# Every box of the panel, and the page and the output area around it, whose content is
# wider than the box: a scrollbar (overflow auto or scroll) or content cut off (hidden).
TOO_WIDE = """
(panel) => {
  const boxes = [document.scrollingElement, panel.closest(".jp-OutputArea-output"), panel,
                 ...panel.querySelectorAll("div, ol, ul, select, label")];
  return boxes.filter((el) => el && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
    .filter((el) => el === document.scrollingElement || getComputedStyle(el).overflowX !== "visible"
                    || el === panel || el.classList.contains("jp-OutputArea-output"))
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ` +
                 `${el.scrollWidth} > ${el.clientWidth}`);
}
"""


@pytest.mark.parametrize("name", explorer.list_games())
def test_the_panel_fits_1280_px_without_a_horizontal_scrollbar(page: Page, lab: Any, name: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 900})
    notebook = f"layout-{name}-{uuid.uuid4().hex[:8]}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in (
        f"# Layout: {name}", "The panel at 1280 px.", "After a few moves.", "The panel:")]
    nb.cells.append(nbformat.v4.new_code_cell(CELL.format(name=name, plays=PLAYS)))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / notebook)
    run_notebook(page, lab, notebook)
    panel = page.locator(".rx-panel")
    expect(panel.locator(".rx-board .rx-scene")).to_be_visible()
    expect(panel.locator(".rx-study-row")).not_to_have_count(0)
    select = panel.locator(".rx-compare-select")
    select.focus()                                   # "compare with" builds its whole list
    expect(select.locator("option")).to_have_count(panel.locator(".rx-study-row").count() + 1)
    page.locator(".jp-NotebookPanel").first.click(position={"x": 5, "y": 5})   # closed again
    panel.scroll_into_view_if_needed()
    wide = panel.evaluate(TOO_WIDE)
    assert wide == [], f"{name}: wider than their box at {WIDTH} px: {wide}"
    overlaps = panel.evaluate(CHIP_OVER_LABEL)
    assert panel.locator(".rx-move-button .rx-rule").count() > 0
    assert panel.locator(".rx-move-button .rx-move-label").count() == panel.locator(".rx-move-button").count()
    assert overlaps == [], f"{name}: rule chips over their move's label: {overlaps}"


CHIP_OVER_LABEL = """
(panel) => [...panel.querySelectorAll(".rx-move-button")].filter((b) => {
  const label = b.querySelector(".rx-move-label"), chip = b.querySelector(".rx-rule");
  if (!label || !chip) return false;
  const [l, c] = [label.getBoundingClientRect(), chip.getBoundingClientRect()];
  return l.left < c.right && c.left < l.right && l.top < c.bottom && c.top < l.bottom;
}).map((b) => b.textContent)
"""
"""Move buttons whose rule chip covers part of the label (a label that wraps ran under a
floated chip: classroom issue, wording)."""
