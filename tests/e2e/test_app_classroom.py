"""The classroom app under a class (trust issue): twenty games started one after the
other in one page keep the page's widgets flat, and a tree uploaded from the browser
may not name a file of the server as its catalogue.

The real app, started with the real command (`start_app` of test_app.py).
"""
from __future__ import annotations

import json
from typing import Callable

import pytest
import test_app
from playwright.sync_api import Page, expect
from test_app import PAGE_TIMEOUT, App

import explorer

start_app = test_app.start_app
"""The fixture that starts the real `explorer app` on a free port (one server for this module)."""

GAMES = ("Please Don't Burn My Village!", "Lying Pirates", "Momiji", "Piri Piri Summoners")
WIDGET_VIEWS = "() => document.querySelectorAll('.jupyter-widgets, .lm-Widget').length"
HEAP_MB = "() => performance.memory ? performance.memory.usedJSHeapSize / 1e6 : 0"


def _retained_heap_mb(page: Page) -> float:
    """The page's JavaScript heap after a full garbage collection (Chromium's DevTools
    protocol): what the page keeps, not what the collector has not reached yet, which
    swings by tens of MB from one reading to the next."""
    session = page.context.new_cdp_session(page)
    session.send("HeapProfiler.collectGarbage")
    session.detach()
    return float(page.evaluate(HEAP_MB))


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
        heaps.append(_retained_heap_mb(page))
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


PANEL_BUTTONS = {
    "Play": ("why not?", "◀ undo", "redo ▶", "branch: same luck", "branch: resample", "annotate"),
    "Analysis": ("Analyse",),
    "Changes": ("what-if outcomes",),
    "Luck": ("play outcome", "roll (seeded)"),
    "Files": ("load tree",),
}
"""The panel's controls the app must show, by tab (all but writing files on the server)."""


def test_every_control_of_the_panel_is_shown_in_the_app_and_answers(page: Page, app: App) -> None:
    page.goto(app.url())
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    _start(page, "Please Don't Burn My Village!", 3)
    panel = page.locator(".rx-panel")
    board = panel.locator(".rx-board")
    panel.locator(".rx-move-button").first.click()                   # a move, so undo has work
    expect(board).not_to_have_attribute("data-node", "0")
    for tab, names in PANEL_BUTTONS.items():
        panel.locator(".rx-tabs .lm-TabBar-tab", has_text=tab).click()
        for name in names:
            expect(panel.locator(".widget-button, .widget-toggle-button, .widget-upload",
                                 has_text=name).first).to_be_visible()
    expect(panel.get_by_role("button", name="save tree")).to_have_count(0)     # the one thing hidden
    expect(panel.get_by_role("button", name="present")).to_be_visible()

    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Play").click()
    panel.get_by_role("button", name="◀ undo").click()
    expect(board).to_have_attribute("data-node", "0")
    panel.get_by_role("button", name="redo ▶").click()
    expect(board).not_to_have_attribute("data-node", "0")
    panel.get_by_placeholder("type a move, e.g. one from the list").fill("P2 draw")
    panel.get_by_role("button", name="why not?").click()
    expect(panel.locator(".rx-tabs")).to_contain_text("V-TURN-1")
    panel.get_by_placeholder("a note on this position").fill("a lesson note")
    panel.get_by_role("button", name="annotate").click()
    expect(panel.locator(".rx-study")).to_contain_text("a lesson note")
    panel.get_by_role("button", name="branch: same luck").click()
    expect(board.locator(".rx-message")).to_contain_text("branch started")

    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Analysis").click()
    panel.get_by_role("button", name="Analyse").click()
    expect(panel.locator(".rx-analysis")).to_contain_text("samples", timeout=10_000)
    panel.get_by_role("button", name="Analyse").click()                  # off again

    panel.locator(".rx-tabs .lm-TabBar-tab", has_text="Luck").click()
    roll = panel.get_by_role("button", name="roll (seeded)")
    expect(roll).to_be_disabled()                                        # no luck pending yet
    panel.get_by_role("button", name="pick", exact=True).click()         # chance waits to be picked
    panel.locator(".rx-move-button", has_text="draw a card").first.click()
    expect(roll).to_be_enabled()
    node = board.get_attribute("data-node")
    roll.click()
    expect(board).not_to_have_attribute("data-node", node)               # the seeded luck fell

    panel.get_by_role("button", name="present").click()
    expect(panel.locator(".rx-present .rx-scene")).to_have_count(1)
    panel.get_by_role("button", name="present").click()
    expect(panel.locator(".rx-present")).to_have_count(0)

    for seat in ("P1", "Teacher"):                                       # the perspective round trip
        panel.get_by_role("button", name=seat, exact=True).click()
        if seat == "P1":
            panel.get_by_role("button", name="I am ready: show my view").click()
            expect(board).to_have_attribute("data-viewer", "1")
    expect(board).to_have_attribute("data-viewer", "teacher")
