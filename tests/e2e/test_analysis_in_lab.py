"""The analysis pane in a real JupyterLab (analysis issue): switched on, it shows a figure
for every legal move that narrows while the teacher watches, and a move played while it
thinks is answered as fast as without it (it thinks in slices on the kernel's loop)."""
from __future__ import annotations

import re
import statistics
import uuid
from typing import Any

import nbformat
from playwright.sync_api import Page, expect
from test_tour_in_lab import run_notebook

SOURCE = """\
import explorer
panel = explorer.widgets.Panel(explorer.Explorer(explorer.load("village", players=3).new(seed=2), seed=2))
panel"""

CLICK = """
async () => {
  const board = document.querySelector(".rx-panel .rx-board");
  const button = document.querySelector(".rx-panel .rx-movelist .rx-move-button");
  const before = board.dataset.node;
  const start = performance.now();
  button.click();
  await new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (board.dataset.node !== before) { seen.disconnect(); resolve(); }
    });
    seen.observe(board, { attributes: true, attributeFilter: ["data-node"] });
  });
  return performance.now() - start;
}
"""


def samples(pane: Any) -> int:
    match = re.search(r"([\d,]+) samples", pane.inner_text())
    assert match, pane.inner_text()
    return int(match.group(1).replace(",", ""))


def clicks(page: Page, count: int) -> list[float]:
    times = []
    for _ in range(count):
        times.append(page.evaluate(CLICK))
        page.wait_for_timeout(150)
    return times


def open_panel(page: Page, lab: Any, stem: str, source: str, texts: tuple[str, ...]) -> Any:
    """A notebook of the markdown cells `texts` and one code cell `source` (showing a
    panel), run in Lab at 1280x900; returns the panel once its board is drawn."""
    page.set_viewport_size({"width": 1280, "height": 900})
    name = f"{stem}-{uuid.uuid4().hex[:8]}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in texts] + [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / name)
    run_notebook(page, lab, name)
    panel = page.locator(".rx-panel")
    expect(panel.locator(".rx-board .rx-scene")).to_be_visible()
    return panel


def test_the_pane_thinks_beside_the_board_and_a_click_stays_quick(page: Page, lab: Any) -> None:
    panel = open_panel(page, lab, "analysis", SOURCE, ("# The analysis pane", "Switched on beside the board.",
                                                       "Moves played while it thinks.", "Below:"))
    quick = clicks(page, 4)                                    # the pane off: today's latency

    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Analysis").click()
    panel.locator(".rx-analysis-switch").click()
    pane = panel.locator(".rx-analysis")
    expect(pane).to_contain_text("as the teacher sees it", timeout=10_000)
    expect(pane.locator("tr")).not_to_have_count(0)
    expect(pane).to_contain_text("★")
    first = samples(pane)
    page.wait_for_timeout(1500)
    assert samples(pane) > first                               # it narrows while we watch
    rows = pane.locator("tr").count()
    assert rows >= panel.locator(".rx-movelist .rx-move-button").count() > 0   # every legal move

    thinking = clicks(page, 4)                                 # the pane on, thinking
    expect(pane).to_contain_text("samples")
    assert statistics.median(thinking) <= max(2 * statistics.median(quick), statistics.median(quick) + 60), (
        f"clicks while it thinks {thinking} ms, without {quick} ms")


RECORD = """\
import explorer
from explorer.widgets import Panel
game = explorer.load("village", players=2)
tree = explorer.teach.play_out(game.new(seed=2), ["greedy", "random"], seed=2)
tree.goto(0)
panel = Panel(tree)
panel.record.seconds = 0.02
panel"""


def test_the_record_marks_the_game_and_a_click_on_its_chart_goes_there(page: Page, lab: Any) -> None:
    panel = open_panel(page, lab, "record", RECORD, ("# The game record", "A game played out.",
                                                     "Judged in the panel.", "Below:"))
    status = panel.locator(".rx-board .rx-status")
    at_start = status.inner_text()
    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Analysis").click()
    panel.get_by_role("button", name="judge this game").click()
    expect(panel.locator(".rx-record-status")).to_contain_text("decisions judged", timeout=60_000)
    points = panel.locator(".rx-record-chart svg .mark-symbol path")
    expect(points.first).to_be_visible(timeout=20_000)
    assert points.count() > 4
    points.nth(points.count() // 4).click()          # a decision in the middle of the game
    expect(status).not_to_have_text(at_start, timeout=10_000)
    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Play").click()
    current = panel.locator(".rx-current")
    expect(current.first).to_be_visible()
