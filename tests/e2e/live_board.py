"""The real `Board` widget and the real board.js in a real page, without a kernel.

The page's stand-in model hands every message board.js sends to `Board`'s own message
handler (the one a kernel's comm calls) and applies the traits that changed (html,
moves, message, revision ...), as a kernel's comm would. No JupyterLab: a few seconds a
test. Used by the board tests of each game.
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Iterator

from playwright.sync_api import Locator, Page

from explorer.widgets import Board
from explorer.widgets import board as board_module

HERE = Path(board_module.__file__).parent
BOARD_JS = (HERE / "board.js").read_text(encoding="utf-8")
BOARD_CSS = (HERE / "board.css").read_text(encoding="utf-8")
TRAITS = ("html", "marks", "moves", "message", "node", "revision")
"""The synced traits of `Board` (what a kernel would send to the page)."""

BRIDGE = """
async ([code, traits]) => {
  window.traits = traits;
  window.sent = [];
  const handlers = {};
  const fire = (key) => { for (const f of handlers["change:" + key] || []) f(); };
  const model = {
    get: (key) => window.traits[key],
    on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
    off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
    send: async (msg) => {
      window.sent.push(msg);
      const changed = await window.boardRequest(msg);      // the Python Board answers
      Object.assign(window.traits, changed);
      for (const key of Object.keys(changed)) fire(key);
    },
  };
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  const el = document.createElement("div");
  document.body.appendChild(el);
  widget.render({ model, el });
}
"""


def traits(board: Board) -> dict[str, Any]:
    return {key: getattr(board, key) for key in TRAITS}


@contextlib.contextmanager
def live_board(browser: Any, source: Any, viewer: int | None = None,
               size: tuple[int, int] = (1300, 1000)) -> Iterator[tuple[Page, Board]]:
    """A page showing `Board(source, viewer)` through the real board.js, every request
    answered by the Board's own handler (the one a kernel's comm calls)."""
    board = Board(source, viewer=viewer)

    def answer(msg: Any) -> dict[str, Any]:
        before = traits(board)
        board._on_custom_msg(board, msg, [])
        return {k: v for k, v in traits(board).items() if v != before[k]}

    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.expose_function("boardRequest", answer)
    page.set_content(f"<html><head><style>{BOARD_CSS}</style></head><body></body></html>")
    page.evaluate(BRIDGE, [BOARD_JS, traits(board)])
    try:
        yield page, board
    finally:
        context.close()
    assert not errors, f"board.js raised: {errors}"


def cell(root: Locator, element: str) -> Locator:
    return root.locator(f'[data-id="{element}"]')
