"""An exported notebook shows its boards, its panel and its charts with no kernel and no
network: `jupyter nbconvert --execute --to html` as a teacher runs it, then the HTML
opened in Chromium with every request off this file refused."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import expect

CELLS = [
    "import explorer\nfrom explorer.widgets import Board, Panel",
    "Board(explorer.load('village', players=3).new(seed=1))",
    "Panel(explorer.Explorer(explorer.load('summoners', players=2).new(seed=2)))",
    "explorer.load('village', players=3).new(seed=3)",
    "import explorer.charts as charts\n"
    "charts.win_rates(explorer.simulate(explorer.load('village', players=3), 'random', 30, seed=1, workers=1))",
]


def test_an_exported_notebook_draws_boards_and_charts_offline(browser: Any, tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Export")] + [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    source = tmp_path / "lesson.ipynb"
    nbformat.write(nb, source)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", str(source)],
                   check=True, capture_output=True, timeout=600)
    page_file = tmp_path / "lesson.html"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    refused: list[str] = []

    def offline(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    page.goto(page_file.as_uri())
    boards = page.locator(".rx-scene")
    expect(boards).to_have_count(3)                       # the board, the panel's board, the state
    for i in range(3):
        expect(boards.nth(i)).to_be_visible()
        expect(boards.nth(i).locator(".rx-item").first).to_be_visible()
    expect(page.locator(".rx-panel-static")).to_be_visible()
    chart = page.locator(".jp-OutputArea-output svg, .jp-OutputArea-output img[src^='data:image/svg']")
    expect(chart.first).to_be_visible()
    page.screenshot(path=str(tmp_path / "export.png"), full_page=True)
    context.close()
