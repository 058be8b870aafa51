"""The legal-move list of the panel: one widget for the whole game, however many moves.

A list of ipywidgets buttons made anew at every redraw leaks (thousands of live widget
models after one game, each redraw slower than the last). `MoveList` is one anywidget:
Python sends the moves as data ({text, label, rule}) and the browser draws them as
buttons (reachable by keyboard); a click sends the move's text back.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import anywidget
import traitlets

from ..core.move import Move

HERE = Path(__file__).parent


class MoveList(anywidget.AnyWidget):
    """Buttons for `moves`; `on_play(callback)` gets the text of a clicked move."""

    # Text, not a path: anywidget ties every instance of a file-based _esm or _css to a
    # file-change signal through a lambda that holds it, so a closed widget is never freed.
    _esm = (HERE / "movelist.js").read_text(encoding="utf-8")
    _css = (HERE / "board.css").read_text(encoding="utf-8")

    moves: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """[{text, label, rule}] of the moves shown, in legal-move order."""
    more = traitlets.Int(0).tag(sync=True)
    """How many further legal moves are not listed (too many for a list)."""
    title = traitlets.Unicode("").tag(sync=True)
    """One line above the list: how many moves and whose, or why there are none."""
    node = traitlets.Int(0).tag(sync=True)
    """The explorer position these moves are for (the board's `node` once both are drawn)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._on_custom_msg)

    def show(self, moves: Sequence[Move], limit: int, title: str = "", node: int = 0) -> None:
        """List the first `limit` of `moves` of position `node` under `title` (the same
        widget, new data, in one message)."""
        with self.hold_sync():
            self.moves = [{"text": str(m), "label": m.label, "rule": m.rule} for m in moves[:limit]]
            self.more = max(0, len(moves) - limit)
            self.title = title
            self.node = node

    def on_play(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def click(self, text: str) -> None:
        """What a click on the move with this text does (the browser sends the same)."""
        for callback in self._callbacks:
            callback(text)

    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "play" and isinstance(content.get("text"), str):
            self.click(content["text"])

    def _repr_html_(self) -> str:  # a static list, for exports
        import html
        items = "".join(f"<li>{html.escape(m['label'])} <code>{html.escape(m['rule'])}</code></li>"
                        for m in self.moves)
        return (f'<div><small>{html.escape(self.title)}</small></div>'
                f'<ol class="rx-movelist">{items}</ol>')
