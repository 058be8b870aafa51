"""The explorer tree: every position a user visits, with branches, notes and luck.

Modelled on python-chess's game tree: nodes hold a state and the move that led there;
the current node moves by play, undo, redo and goto. Chance nodes (a draw, a roll) are
nodes like any other, so a what-if can replay or change the luck:

- normal play reuses a chance outcome already explored below a node (undo then replay
  shows the same card) and samples with the explorer's seeded RNG otherwise;
- `branch(node, luck="same")` replays the chance outcomes recorded on the line below
  `node`, in order, while they are still possible; `luck="resample"` draws fresh ones.
"""
from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal

from .errors import IllegalMove, InvalidInput, Reason
from .game import Game
from .jsonio import read_object
from .move import Move
from .scene import scene_diff
from .state import CHANCE, State

TREE_FORMAT = "rules-explorer/tree"
Luck = Literal["same", "resample"]


@dataclass(eq=False)
class Node:
    """One position in the tree. `move` is None only at the root."""

    id: int
    parent: int | None
    move: Move | None
    state: State
    children: list[int] = field(default_factory=list)
    comment: str = ""

    @property
    def chance(self) -> bool:
        """True when the move into this node was a chance outcome."""
        return self.move is not None and self.move_by == CHANCE

    move_by: int | None = None  # who made `move`: a player, CHANCE, or None at the root

    @property
    def label(self) -> str:
        return "start" if self.move is None else self.move.label


class Explorer:
    """A tree of states to step through, branch and annotate; saved and loaded as JSON."""

    def __init__(self, state: State, seed: int | None = 0, auto_chance: bool = True) -> None:
        self.nodes: dict[int, Node] = {0: Node(0, None, None, state)}
        self.current = 0
        self.seed = seed
        self.auto_chance = auto_chance
        self._rng = random.Random(seed)
        self._last_child: dict[int, int] = {}
        self._luck: deque[Move] | None = None      # outcomes to replay ("same" luck)
        self._fresh_luck = False                    # True after branch(..., "resample")

    # -------------------------------------------------------------- where we are
    @property
    def node(self) -> Node:
        return self.nodes[self.current]

    @property
    def root(self) -> Node:
        return self.nodes[0]

    @property
    def state(self) -> State:
        return self.node.state

    @property
    def game(self) -> Game:
        return self.root.state.game

    def line(self, node_id: int | None = None) -> list[Node]:
        """The nodes from the root to `node_id` (default: the current node)."""
        node = self.nodes[self.current if node_id is None else node_id]
        path = [node]
        while node.parent is not None:
            node = self.nodes[node.parent]
            path.append(node)
        return path[::-1]

    def reseed(self, seed: int | None) -> None:
        """Restart the chance sampler from `seed`; outcomes already in the tree stay."""
        self.seed = seed
        self._rng = random.Random(seed)

    # -------------------------------------------------------------- moving
    def play(self, move: Move | str) -> Node:
        """Play `move` at the current node; then resolve chance if `auto_chance`.

        An illegal move raises `IllegalMove` and leaves the tree exactly as it was.
        """
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(move)
        reason = state.why_not(move)
        if reason is not None:
            raise IllegalMove(reason, move)
        self._step(move)
        if self.auto_chance:
            while self.state.to_move == CHANCE:
                self.resolve_chance()
        return self.node

    def resolve_chance(self, move: Move | str | None = None) -> Node:
        """At a chance node: play outcome `move`, or choose one by the luck policy."""
        state = self.state
        if state.to_move != CHANCE:
            raise IllegalMove(_not_chance(), move)
        if move is None:
            move = self._choose_luck(state)
        elif isinstance(move, str):
            move = self.game.parse_move(move)
        reason = state.why_not(move)
        if reason is not None:
            raise IllegalMove(reason, move)
        return self._step(move)

    def _choose_luck(self, state: State) -> Move:
        while self._luck:
            recorded = self._luck.popleft()
            if state.is_legal(recorded):
                return recorded
        if not self._fresh_luck and self.current in self._last_child:
            return self.nodes[self._last_child[self.current]].move  # type: ignore[return-value]
        return state.sample_chance(self._rng)

    def _step(self, move: Move) -> Node:
        here = self.node
        for child_id in here.children:
            if self.nodes[child_id].move == move:
                return self._enter(child_id)
        new_id = max(self.nodes) + 1
        self.nodes[new_id] = Node(new_id, here.id, move, here.state.play(move, check=False),
                                  move_by=here.state.to_move)
        here.children.append(new_id)
        return self._enter(new_id)

    def _enter(self, node_id: int) -> Node:
        parent = self.nodes[node_id].parent
        if parent is not None:
            self._last_child[parent] = node_id
        self.current = node_id
        return self.node

    @property
    def can_undo(self) -> bool:
        return self.node.parent is not None

    @property
    def can_redo(self) -> bool:
        return self.current in self._last_child

    def undo(self) -> Node:
        """Back to the previous decision (over chance nodes resolved automatically)."""
        if not self.can_undo:
            return self.node
        self.current = self.node.parent  # type: ignore[assignment]
        while self.auto_chance and self.node.parent is not None and self.state.to_move == CHANCE:
            self.current = self.node.parent  # type: ignore[assignment]
        return self.node

    def redo(self) -> Node:
        """Forward along the line last visited (and over its chance nodes)."""
        if not self.can_redo:
            return self.node
        self.current = self._last_child[self.current]
        while self.auto_chance and self.state.to_move == CHANCE and self.can_redo:
            self.current = self._last_child[self.current]
        return self.node

    def goto(self, node_id: int) -> Node:
        if node_id not in self.nodes:
            raise InvalidInput("node", f"no node {node_id}; nodes are 0..{max(self.nodes)}")
        for node in self.line(node_id)[1:]:
            self._last_child[node.parent] = node.id  # type: ignore[index]
        self.current = node_id
        self._luck, self._fresh_luck = None, False
        return self.node

    def branch(self, node_id: int | None = None, luck: Luck = "same") -> Node:
        """Go to `node_id` to start a what-if; its chance keeps the same luck or resamples.

        With "same", the chance outcomes recorded on the line that continued from the
        node are replayed in order while possible (a card already gone is resampled).
        """
        if luck not in ("same", "resample"):
            raise InvalidInput("luck", f"expected 'same' or 'resample', got {luck!r}")
        start = self.current if node_id is None else node_id
        recorded = [n.move for n in self._continuation(start) if n.chance]
        self.goto(start)
        if luck == "same":
            self._luck = deque(recorded)  # type: ignore[arg-type]
        else:
            self._fresh_luck = True
        return self.node

    def _continuation(self, node_id: int) -> Iterator[Node]:
        while node_id in self._last_child:
            node_id = self._last_child[node_id]
            yield self.nodes[node_id]

    # -------------------------------------------------------------- notes and views
    def annotate(self, text: str, node_id: int | None = None) -> None:
        self.nodes[self.current if node_id is None else node_id].comment = str(text)

    def tree_rows(self) -> list[dict[str, Any]]:
        """The tree in display order: one row per node with its depth and label."""
        rows: list[dict[str, Any]] = []
        stack = [(0, 0)]
        while stack:
            node_id, depth = stack.pop()
            node = self.nodes[node_id]
            rows.append({"id": node.id, "depth": depth, "label": node.label,
                         "current": node.id == self.current, "comment": node.comment,
                         "chance": node.chance, "branches": len(node.children)})
            stack.extend((c, depth + 1) for c in reversed(node.children))
        return rows

    def diff(self, a: int, b: int, viewer: int | None = None) -> list[str]:
        """What differs between two nodes' positions, in the board's words, as `viewer`
        sees them (None = teacher): e.g. "Black Market › Stall 3: Scroll ×1 → Egg ×1"."""
        return scene_diff(self.nodes[a].state.scene(viewer), self.nodes[b].state.scene(viewer))

    # -------------------------------------------------------------- files
    def to_json(self, indent: int | None = None) -> str:
        nodes = [{"id": n.id, "parent": n.parent, "move": None if n.move is None else str(n.move),
                  "comment": n.comment} for n in self.nodes.values()]
        return json.dumps({"format": TREE_FORMAT, "version": 1, "seed": self.seed,
                           "root": json.loads(self.root.state.to_json()), "nodes": nodes,
                           "current": self.current}, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> "Explorer":
        """Load a saved tree, replaying every move; refuse a malformed file with the reason."""
        doc = read_object(text)
        if doc.get("format") != TREE_FORMAT:
            raise InvalidInput("format", f"expected a {TREE_FORMAT!r} file")
        if doc.get("version") != 1:
            raise InvalidInput("version", f"expected 1, got {doc.get('version')!r}")
        seed = doc.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidInput("seed", f"expected a whole number or null, got {seed!r}")
        root_doc = doc.get("root")
        if not isinstance(root_doc, dict):
            raise InvalidInput("root", "expected the saved root state (an object)")
        root = Game.from_json(root_doc)
        tree = cls(root, seed=seed)
        raw_nodes = doc.get("nodes")
        if not isinstance(raw_nodes, list) or not raw_nodes:
            raise InvalidInput("nodes", "expected a non-empty list")
        for i, raw in enumerate(raw_nodes):
            where = f"nodes[{i}]"
            if not isinstance(raw, dict):
                raise InvalidInput(where, "expected an object")
            node_id, parent, move_text = raw.get("id"), raw.get("parent"), raw.get("move")
            if node_id == 0 and parent is None and i == 0:
                tree.root.comment = str(raw.get("comment", ""))
                continue
            if not _is_id(node_id) or node_id in tree.nodes:
                raise InvalidInput(f"{where}.id", f"bad or repeated node id {node_id!r}")
            if not _is_id(parent) or parent not in tree.nodes:
                raise InvalidInput(f"{where}.parent", f"unknown parent {parent!r} (parents come first)")
            try:
                move = tree.game.parse_move(move_text)
            except InvalidInput as exc:
                raise InvalidInput(f"{where}.move", exc.problem) from exc
            before = tree.nodes[parent].state
            reason = before.why_not(move)
            if reason is not None:
                raise InvalidInput(f"{where}.move", f"illegal there: {reason}")
            tree.nodes[node_id] = Node(node_id, parent, move, before.play(move, check=False),
                                       comment=str(raw.get("comment", "")), move_by=before.to_move)
            tree.nodes[parent].children.append(node_id)
        current = doc.get("current", 0)
        if not _is_id(current) or current not in tree.nodes:
            raise InvalidInput("current", f"expected the id of a node, got {current!r}")
        tree.goto(current)
        return tree

    def __repr__(self) -> str:
        return f"<Explorer {self.game!r}: {len(self.nodes)} nodes, at node {self.current}>"


def _not_chance() -> Reason:
    return Reason("CORE-LEGAL", "this position is not a chance node: a player decides here")


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
