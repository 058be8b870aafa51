"""board.js alone in Chromium, with a stand-in model: click narrowing, chooser, why
requests, and odd messages that must never break the board. No Jupyter: about a second.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Page, expect

from explorer.core.scene import scene_html
from explorer.widgets import board as board_module

BOARD_JS = (Path(board_module.__file__).parent / "board.js").read_text(encoding="utf-8")
BOARD_CSS = (Path(board_module.__file__).parent / "board.css").read_text(encoding="utf-8")

# A stand-in for the anywidget model: traits in `window.traits`, sent messages in `window.sent`.
HARNESS = """
async ([code, traits]) => {
  window.traits = traits;
  window.sent = [];
  const handlers = {};
  const model = {
    get: (key) => window.traits[key],
    on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
    off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
    send: (msg) => window.sent.push(msg),
  };
  window.setTrait = (key, value) => {
    window.traits[key] = value;
    for (const f of handlers["change:" + key] || []) f();
  };
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  const el = document.createElement("div");
  document.body.appendChild(el);
  widget.render({ model, el });
}
"""

SCENE = {
    "game": "demo", "title": "Demo", "viewer": None, "status": "P0 to move",
    "zones": [
        {"id": "grid", "label": "Grid", "layout": "grid", "items": [
            {"id": f"cell:{i}", "kind": "cell", "x": i % 3, "y": i // 3} for i in range(6)]},
        {"id": "hand", "label": "Hand", "layout": "row", "items": [
            {"id": "hand:A", "kind": "card", "text": "A", "color": "#c33"},
            {"id": "hand:A", "kind": "card", "text": "A", "color": "#c33"},
            {"id": "hand:B", "kind": "card", "text": "B", "color": "#36c"},
            {"id": "", "kind": "card", "face": "down", "sub": "×2"}]},
    ],
    "events": [{"text": "P1 passed", "rule": "D-PASS"}],
}


def move(text: str, *targets: str) -> dict[str, Any]:
    return {"text": text, "label": f"label of {text}", "rule": "D-1", "targets": list(targets)}


MOVES = [
    move("A to 0", "hand:A", "cell:0"), move("A to 1", "hand:A", "cell:1"),
    move("AA to 1", "hand:A", "hand:A", "cell:1"),
    move("B to 2", "hand:B", "cell:2"), move("B to 2 again", "hand:B", "cell:2"),
    move("pass"),
]


@pytest.fixture
def board(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 900, "height": 700})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_content(f"<html><head><style>{BOARD_CSS}</style></head><body></body></html>")
    page.evaluate(HARNESS, [BOARD_JS, {"html": scene_html(SCENE), "moves": MOVES, "message": {},
                                       "node": 0, "revision": 1}])
    yield page
    context.close()
    assert not errors, f"board.js raised: {errors}"


def sent(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("window.sent")


def test_clicks_narrow_the_moves_and_play_the_only_match(board: Page) -> None:
    root = board.locator(".rx-board")
    expect(root).to_have_attribute("data-moves", "6")
    expect(board.locator('[data-id="cell:5"]')).to_have_attribute("data-legal", "false")
    board.locator('[data-id="hand:A"]').first.click()
    expect(root).to_have_attribute("data-selected", "1")
    expect(board.locator('[data-id="cell:0"]')).to_have_attribute("data-legal", "true")
    expect(board.locator('[data-id="cell:2"]')).to_have_attribute("data-legal", "false")
    expect(board.locator('[data-id="hand:A"]').nth(1)).to_have_attribute("data-legal", "true")
    board.locator('[data-id="cell:0"]').click()
    assert sent(board) == [{"event": "play", "text": "A to 0"}]
    expect(root).to_have_attribute("data-pending", "true")


def test_an_exact_match_with_longer_candidates_offers_a_chooser(board: Page) -> None:
    board.locator('[data-id="hand:A"]').first.click()
    board.locator('[data-id="cell:1"]').click()            # "A to 1", or add an A: "AA to 1"
    chooser = board.locator(".rx-chooser")
    expect(chooser).to_contain_text("play, or keep clicking")
    expect(chooser.locator(".rx-move")).to_have_count(1)
    board.locator('[data-id="hand:A"]').nth(1).click()      # the second A completes "AA to 1"
    assert sent(board) == [{"event": "play", "text": "AA to 1"}]


def test_two_moves_with_the_same_targets_ask_which(board: Page) -> None:
    board.locator('[data-id="hand:B"]').click()
    board.locator('[data-id="cell:2"]').click()
    chooser = board.locator(".rx-chooser")
    expect(chooser).to_contain_text("which move?")
    chooser.locator('.rx-move[data-move="B to 2 again"]').click()
    assert sent(board) == [{"event": "play", "text": "B to 2 again"}]


def test_moves_without_targets_are_buttons(board: Page) -> None:
    board.locator('.rx-plain-moves .rx-move[data-move="pass"]').click()
    assert sent(board) == [{"event": "play", "text": "pass"}]


def test_a_click_no_move_allows_asks_python_why(board: Page) -> None:
    board.locator('[data-id="hand:B"]').click()
    board.locator('[data-id="cell:0"]').click()
    assert sent(board) == [{"event": "why", "selected": ["hand:B"], "clicked": "cell:0"}]
    board.evaluate("setTrait('message', {kind: 'why', text: 'B may not go there', rule: 'D-7', seq: 1})")
    message = board.locator(".rx-message")
    expect(message).to_have_attribute("data-kind", "why")
    expect(message).to_have_attribute("data-rule", "D-7")
    expect(message).to_contain_text("B may not go there")
    board.locator('[data-id="hand:B"]').click()            # a second click on a chosen card drops it
    expect(board.locator(".rx-board")).to_have_attribute("data-selected", "0")


def test_a_new_position_clears_the_selection(board: Page) -> None:
    board.locator('[data-id="hand:A"]').first.click()
    board.evaluate("setTrait('node', 3); setTrait('revision', 2)")
    root = board.locator(".rx-board")
    expect(root).to_have_attribute("data-selected", "0")
    expect(root).to_have_attribute("data-node", "3")


def test_the_board_shows_pythons_markup_and_names_the_selection(board: Page) -> None:
    """One renderer: the board shows the markup of `scene_html` (the static picture too)."""
    expect(board.locator(".rx-scene .rx-status")).to_have_text("P0 to move")
    expect(board.locator(".rx-grid")).to_have_attribute("data-cols", "3")
    board.locator('[data-id="hand:A"]').first.click()
    board.locator('[data-id="hand:A"]').nth(1).focus()
    board.keyboard.press("Enter")                          # cards are reached by keyboard
    expect(board.locator(".rx-selection")).to_have_text("selected: A ×2 (2/3 chosen)")
    expect(board.locator('[data-id="hand:A"]').first).to_have_attribute("data-selected", "2")


@pytest.mark.parametrize("key,value", [
    ("html", "garbage"), ("html", None), ("html", 5), ("html", "<div class='rx-zones'><b>unclosed"),
    ("html", '<div data-id="x" class="rx-item">a lone item</div>'),
    ("moves", None), ("moves", [None, {"text": 5}, "x", {"text": "ok", "targets": "abc"}]),
    ("message", 7), ("message", {"kind": None, "text": ["a"], "rule": {}}),
])
def test_odd_messages_never_break_the_board(board: Page, key: str, value: Any) -> None:
    board.evaluate(f"setTrait({json.dumps(key)}, {json.dumps(value)}); setTrait('revision', 9)")
    root = board.locator(".rx-board")
    expect(root).to_have_attribute("data-node", "0")          # drawn again, not crashed
    for item in board.locator(".rx-item[data-id]").all()[:3]:
        item.click()                                           # and still clickable
    expect(root.locator(".rx-message")).to_be_attached()


def test_a_payment_shows_its_progress_and_asks_to_confirm(browser: Any) -> None:
    """A move marked `confirm` (a payment) is not played on the last click: the board
    counts the chosen cards, then offers Confirm and Cancel."""
    context = browser.new_context(viewport={"width": 900, "height": 700})
    page = context.new_page()
    page.set_content(f"<html><head><style>{BOARD_CSS}</style></head><body></body></html>")
    pay = {**move("pay AA for 1", "hand:A", "hand:A", "cell:1"), "confirm": True}
    page.evaluate(HARNESS, [BOARD_JS, {"html": scene_html(SCENE), "moves": [pay], "message": {},
                                       "node": 0, "revision": 1}])
    page.locator('[data-id="cell:1"]').click()
    expect(page.locator(".rx-selection")).to_contain_text("(1/3 chosen)")
    page.locator('[data-id="hand:A"]').first.click()
    page.locator('[data-id="hand:A"]').nth(1).click()
    assert page.evaluate("window.sent") == []              # not yet: it asks first
    confirm = page.locator(".rx-chooser .rx-confirm")
    expect(confirm).to_contain_text("Confirm: label of pay AA for 1")
    confirm.click()
    assert page.evaluate("window.sent") == [{"event": "play", "text": "pay AA for 1"}]
    context.close()


def test_a_message_clears_when_the_selection_changes_and_rule_chips_open(board: Page) -> None:
    board.evaluate("setTrait('message', {kind: 'why', text: 'not there', rule: 'D-7', "
                   "cite: 'D-7 [assumed]: a demo rule', seq: 1})")
    chip = board.locator(".rx-message .rx-rule-chip")
    chip.click()
    expect(board.locator(".rx-cite")).to_have_text("D-7 [assumed]: a demo rule")
    board.locator('[data-id="hand:A"]').first.click()
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "none")
