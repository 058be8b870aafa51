"""The history as a study board: the explorer tree as a numbered move list.

Lichess studies are the model. One row per decision, numbered along its line, saying
who moved; the luck it caused and the forced moves after it are folded into its row
("P0 bribes the Dragon · the deck turns up a Crown"). A branch is shown inline where it
forks, indented under the row it leaves, before the main line goes on. A click on a row
goes to the position after it; the arrow keys step back and forth.

`study_rows` builds the rows (plain data, also the "compare with" labels of the panel);
`History` is one anywidget that draws them, however long the game, and sends the
browser only the rows that changed.
"""
from __future__ import annotations

from itertools import groupby
from pathlib import Path
from typing import Any, Callable

import anywidget

from ..core.pending import CHANCE, seat_name
from ..core.tree import Explorer, Node

HERE = Path(__file__).parent


def _mover(node: Node) -> str:
    if node.parent is None:
        return ""
    return "luck" if node.move_by == CHANCE else seat_name(node.move_by) if node.move_by is not None else ""


def _text(node: Node, viewer: int | None) -> str:
    """A step as `viewer` may read it: its label if they could read the move, else the
    events they saw (never a hidden card)."""
    if node.parent is None:
        return "start"
    if node.seen_by(viewer):
        return node.label
    seen = [e["text"] for e in node.state.visible_events(viewer)]
    return "; ".join(seen) if seen else "a move you could not see"


def _unprefixed(text: str, by: str) -> str:
    """A row's text without the mover's name in front: the row names the mover in its
    own column, so "P0: bribe …" would read "P0 P0: bribe …"."""
    for head in (f"{by}: ", f"{by} "):
        if by and text.startswith(head):
            return text[len(head):]
    return text


def _told(chain: list[Node], viewer: int | None) -> list[str]:
    """The folded steps in words. The steps of a roll made in several steps
    (`Move.part_of`: the dice of a cup) read as one once the roll is whole: the events
    of its last step, which tell the roll whole (or that it was hidden)."""
    out = []
    for part, steps in groupby(chain, lambda node: node.move.part_of if node.move is not None else None):
        run = list(steps)
        last = run[-1]
        if part is None or len(run) == 1 or last.state.pending.step == part:   # not a whole roll
            out += [_text(node, viewer) for node in run]
        else:
            seen = [e["text"] for e in last.state.visible_events(viewer)]
            out.append("; ".join(seen) if seen else _text(last, viewer))
    return out


def _folds(ex: Explorer, node: Node, viewer: int | None) -> list[Node]:
    """The steps that follow `node` with no choice made: its only child while that child
    is luck or a move `viewer` may know was forced (another player's forced move is a
    row of its own: that it was forced could tell their hand)."""
    chain = []
    tail = node
    while len(tail.children) == 1:
        child = ex.nodes[tail.children[0]]
        if not (child.chance or child.forced_for(viewer)):
            break
        chain.append(child)
        tail = child
    return chain


def study_rows(ex: Explorer, viewer: int | None = None) -> list[dict[str, Any]]:
    """The tree in reading order: one row per decision (or per luck that starts a
    branch), with its number on its line, who moved, what happened, and where it goes.

    Row keys: `id` (the position the row leads to, after its folded steps), `start`
    (the node of the row's own move), `number`, `depth` (0 for the main line), `by`,
    `text`, `then` (the folded steps), `fork` (alternatives branching after it),
    `branch` (the row starts a branch), `current`, `comment`, `mark` (the analysis's
    "?!", "?" or "??", for the teacher and the mover only: `Node.mark_for`).
    """
    rows: list[dict[str, Any]] = []
    current = ex.current

    def visit(node: Node, number: int, depth: int, branch: bool) -> None:
        while True:
            chain = _folds(ex, node, viewer)
            tail = chain[-1] if chain else node
            ids = [node.id] + [n.id for n in chain]
            rows.append({
                "id": tail.id, "start": node.id, "number": number, "depth": depth,
                "by": _mover(node), "text": _unprefixed(_text(node, viewer), _mover(node)),
                "then": _told(chain, viewer),
                "fork": max(0, len(tail.children) - 1), "branch": branch,
                "current": current in ids,
                "comment": " ".join(n.comment for n in (node, *chain) if n.comment),
                "mark": node.mark_for(viewer),
            })
            if not tail.children:
                return
            first, *others = (ex.nodes[c] for c in tail.children)
            for other in others:     # a branch shows where it forks, before the main line goes on
                visit(other, number + 1, depth + 1, True)
            node, number, branch = first, number + 1, False

    visit(ex.root, 0, 0, False)
    return rows


def row_label(row: dict[str, Any]) -> str:
    """A row in words, as the "compare with" list names it: "12. P1 bribes …"."""
    if row["start"] == 0:
        return "start"
    then = f" · {' · '.join(row['then'])}" if row["then"] else ""
    return f"{row['number']}. {row['by']}: {row['text']}{then}"


NO_NODE = -1
"""The "compare with" choice that picks no position."""


def splice(old: list[Any], new: list[Any]) -> tuple[int, int, list[Any]]:
    """The one edit that turns `old` into `new`: (start, how many to delete, what to
    insert), keeping the longest common head and tail. A move at the end of a line
    appends one row; a branch inserts its rows where it forks."""
    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, len(old) - head - tail, new[head:len(new) - tail]


class History(anywidget.AnyWidget):
    """The study-board history of an explorer, drawn in the browser, and the "compare
    with" choice of a position.

    The rows go to the browser as edits, not as a whole list at every move: a custom
    message ``{"kind": "rows", "rev", "base", "start", "delete", "insert", "current",
    "compared", "summary"}`` says which rows to replace; a view that is new (a page
    reload) or missed an edit asks with ``{"event": "hello"}`` and gets every row
    (``base`` None). The "compare with" list is built in the browser from those rows,
    only when it is opened; a choice comes back as ``{"event": "compare", "id"}``.
    """

    # Text, not a path: anywidget ties every instance of a file-based _esm or _css to a
    # file-change signal through a lambda that holds it, so a closed widget is never freed.
    _esm = (HERE / "history.js").read_text(encoding="utf-8")
    _css = (HERE / "board.css").read_text(encoding="utf-8")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[dict[str, Any]] = []
        """The rows as `study_rows` gives them (with `current`)."""
        self.current = 0
        """The id of the row holding the current position."""
        self.compared = NO_NODE
        """The position chosen in "compare with" (NO_NODE: none)."""
        self.summary = ""
        """One line under the rows: where the explorer stands."""
        self._sent: list[dict[str, Any]] = []      # the rows as the browser holds them
        self._sent_marks: dict[str, Any] = {}
        self._rev = 0
        self._on_goto: list[Callable[[int], None]] = []
        self._on_step: list[Callable[[int], None]] = []
        self._on_compare: list[Callable[[int], None]] = []
        self.on_msg(self._on_custom_msg)
        self.add_class("rx-history")

    def show(self, ex: Explorer, viewer: int | None, summary: str = "") -> list[dict[str, Any]]:
        """Redraw from the explorer as `viewer` reads it; only the rows that changed are sent."""
        rows = study_rows(ex, viewer)
        sent = [{**{k: v for k, v in r.items() if k != "current"}, "label": row_label(r)} for r in rows]
        current = next((r["id"] for r in rows if r["current"]), ex.current)
        compared = self.compared if self.compared in ex.nodes else NO_NODE
        start, delete, insert = splice(self._sent, sent)
        self.rows, self._sent = rows, sent
        self.current, self.compared, self.summary = current, compared, summary
        marks = self._marks()
        if delete or insert or marks != self._sent_marks:
            self._rev += 1
            self._sent_marks = marks
            self.send({"kind": "rows", "rev": self._rev, "base": self._rev - 1, "start": start,
                       "delete": delete, "insert": insert, **marks})
        return rows

    def snapshot(self) -> dict[str, Any]:
        """Everything a new view of the history receives: every row, the marks."""
        return {"kind": "rows", "rev": self._rev, "base": None, "rows": self._sent, **self._marks()}

    def _marks(self) -> dict[str, Any]:
        return {"current": self.current, "compared": self.compared, "summary": self.summary}

    def choices(self) -> list[tuple[str, int]]:
        """The "compare with" list as the browser builds it: every row by number and move,
        indented by its branch depth."""
        return [("(pick a position)", NO_NODE)] + [(("  " * r["depth"]) + r["label"], r["id"])
                                                   for r in self._sent]

    def on_goto(self, callback: Callable[[int], None]) -> None:
        self._on_goto.append(callback)

    def on_step(self, callback: Callable[[int], None]) -> None:
        self._on_step.append(callback)

    def on_compare(self, callback: Callable[[int], None]) -> None:
        self._on_compare.append(callback)

    def click(self, node_id: int) -> None:
        """What a click on the row leading to `node_id` does."""
        for callback in self._on_goto:
            callback(node_id)

    def step(self, direction: int) -> None:
        """What an arrow key does: -1 back (undo), +1 forward (redo)."""
        for callback in self._on_step:
            callback(-1 if direction < 0 else 1)

    def compare(self, node_id: int) -> None:
        """What choosing a row in "compare with" does (NO_NODE, or an unknown id: none)."""
        self.compared = node_id if any(r["id"] == node_id for r in self._sent) else NO_NODE
        for callback in self._on_compare:
            callback(self.compared)

    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "hello":
            self.send(self.snapshot())
        elif event == "goto" and isinstance(content.get("id"), int):
            self.click(content["id"])
        elif event == "step" and content.get("dir") in (-1, 1):
            self.step(content["dir"])
        elif event == "compare" and isinstance(content.get("id"), int):
            self.compare(content["id"])

    def _repr_html_(self) -> str:
        import html
        lines = "".join(f'<li style="padding-left:{12 * r["depth"]}px">{html.escape(row_label(r))}</li>'
                        for r in self.rows)
        return f'<ol class="rx-history-static" style="list-style:none;padding:0">{lines}</ol>'
