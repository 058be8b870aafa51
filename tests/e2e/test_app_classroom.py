"""The classroom app under a class (trust issue): twenty games started one after the
other in one page keep the page's widgets flat, and a tree uploaded from the browser
may not name a file of the server as its catalogue.

The real app, started with the real command (`start_app` of test_app.py).
"""
from __future__ import annotations

import json
from typing import Callable

import pytest
from playwright.sync_api import Page, expect
import test_app
from test_app import PAGE_TIMEOUT, App

import explorer

start_app = test_app.start_app
"""The fixture that starts the real `explorer app` on a free port (one server for this module)."""

GAMES = ("Please Don't Burn My Village!", "Lying Pirates", "Momiji", "Piri Piri Summoners")
WIDGET_VIEWS = "() => document.querySelectorAll('.jupyter-widgets, .lm-Widget').length"
HEAP_MB = "() => performance.memory ? performance.memory.usedJSHeapSize / 1e6 : 0"


@pytest.fixture(scope="module")
def app(start_app: Callable[..., App]) -> App:
    return start_app()


def _start(page: Page, game: str, round_: int) -> None:
    root = page.locator(".rx-app")
    option = root.locator(".rx-app-game select option", has_text=game).first
    root.locator(".rx-app-game select").select_option(label=option.inner_text())
    root.locator(".rx-app-seed input").fill(str(round_))
    root.locator(".rx-app-seed input").press("Enter")
    root.locator(".rx-app-start").click()
    expect(root.locator(".rx-app-message")).to_contain_text(f"seed {round_}", timeout=60_000)
    expect(root.locator(".rx-panel .rx-board")).to_have_attribute("data-node", "0", timeout=60_000)


def test_twenty_games_in_one_page_keep_its_widgets_flat(page: Page, app: App) -> None:
    page.goto(app.url())
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    counts, heaps = [], []
    for round_ in range(20):
        _start(page, GAMES[round_ % len(GAMES)], round_)
        counts.append(page.evaluate(WIDGET_VIEWS))
        heaps.append(page.evaluate(HEAP_MB))
    expect(page.locator(".rx-panel")).to_have_count(1)              # the old panel is gone
    # the same game in rounds 4, 8, ... 16: the same page, not one more widget
    same_game = counts[4::4]
    assert max(same_game) - min(same_game) <= 2, f"widget views per round: {counts}"
    assert heaps[-1] <= heaps[3] + 40, f"page heap (MB) per round: {[round(h) for h in heaps]}"


def test_an_uploaded_tree_may_not_name_a_server_file_as_its_catalogue(page: Page, app: App, tmp_path) -> None:
    page.goto(app.url())
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    _start(page, "Lying Pirates", 1)
    panel = page.locator(".rx-panel")
    game = explorer.load("pirates", players=explorer.load("pirates").default_players)
    doc = json.loads(explorer.Explorer(game.new(seed=3)).to_json())
    for path in ("/dev/zero", "/etc/passwd", "/no/such/file.json"):
        doc["root"]["options"]["catalogue"] = path
        upload = tmp_path / "tree.json"
        upload.write_text(json.dumps(doc))
        panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Files").click()
        with page.expect_file_chooser() as chooser:
            page.locator(".widget-upload", has_text="load tree").first.click()
        chooser.value.set_files(str(upload))
        message = panel.locator(".rx-board .rx-message")
        expect(message).to_have_attribute("data-kind", "error", timeout=30_000)
        text = message.inner_text()
        assert "catalogue" in text and "No such file" not in text and "Is a directory" not in text, text
        assert "Traceback" not in text
    expect(panel.locator(".rx-board")).to_have_attribute("data-node", "0")   # the game on show stays
