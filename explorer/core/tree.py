"""The explorer tree: every position a user visits, with branches, notes and luck.

Modelled on python-chess's game tree: nodes hold a state and the move that led there;
the current node moves by play, undo, redo and goto. Chance nodes (a draw, a roll) are
nodes like any other, so a what-if can replay or change the luck:

- normal play reuses a chance outcome already explored below a node (undo then replay
  shows the same card) and samples with the explorer's seeded RNG otherwise;
- `branch(node, luck="same")` replays the chance outcomes recorded on the line below
  `node` *per named stream* ("deck", "battle P3"), each stream in its own order, while
  they are still possible, so a branch that rolls one more die does not shift every
  later card; `luck="resample"` draws fresh ones. A branch made from a player's point of
  view (`viewer=p`) replays only the outcomes that player saw: a card another player
  drew in secret is never dealt face up in the what-if.

Forced moves (a player's only legal move, such as "summon nothing now") are played at
once after every move, like automatic chance; the tree records them (`Node.forced`),
undo and redo step over them, and `tree_rows` folds them into the move before.

Whether a move was forced can depend on the mover's hidden cards (Summoners' "no
summon" with no summonable Spirit card in hand; a Pirates pass with no gold card), so
it is itself hidden information: `Node.forced_for(viewer)` tells it only to the teacher
and to the mover. Every other viewer is shown a forced move exactly as a chosen one
(its own history row, the last-move marks, its own narration, `forced: false` in their
file). Under a player's perspective (`Explorer.perspective`, set by the panel's switch)
the tree plays only that player's own forced moves itself: another player's waits for
them like any decision, so the flow of the game tells the viewer nothing either. That is
sound without asking which forced moves were forced by public facts: showing a public
forced move as a choice hides nothing true.

A tree saves as JSON in two ways: the teacher's file (every move, replayed and checked
when loaded) and one player's file (`to_json(viewer=p)`): each position as that player
may know it (a `determinize` sample), moves they could not see written only as they saw
them, so the file holds nothing hidden from them.
"""
from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator, Literal

import msgspec

from .errors import IllegalMove, InvalidInput, Reason
from .game import Game
from .jsonio import read_object
from .move import Move
from .scene import scene_diff
from .state import CHANCE, State
from .typed import convert

TREE_FORMAT = "rules-explorer/tree"
TREE_VERSION = 2
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
    move_by: int | None = None  # who made `move`: a player, CHANCE, or None at the root
    forced: bool = False        # `move` was the mover's only legal move, played at once
    stream: str | None = None   # at a chance outcome: the stream of luck it came from
    hidden: str = ""            # in a player's saved tree: how they saw a move they could not read
    mark: str = ""              # the analysis's mark of the move ("?!", "?", "??": core.analysis)

    def mark_for(self, viewer: int | None) -> str:
        """The mark as `viewer` may read it: it was judged from the mover's own view, so it
        is the teacher's and the mover's only (it could tell another player the mover's hand)."""
        return self.mark if viewer is None or viewer == self.move_by else ""

    @property
    def chance(self) -> bool:
        """True when the move into this node was a chance outcome."""
        return self.move_by == CHANCE and self.parent is not None

    @property
    def label(self) -> str:
        if self.parent is None:
            return "start"
        return self.hidden if self.move is None else self.move.label

    def forced_for(self, viewer: int | None) -> bool:
        """Whether `viewer` may know that the move into this node was forced: the teacher
        and the mover only (see the module docstring: forcedness can reveal a hand)."""
        return self.forced and (viewer is None or viewer == self.move_by)

    def seen_by(self, viewer: int | None) -> bool:
        """Whether `viewer` could read everything the move into this node did."""
        if viewer is None:
            return True
        return self.move is not None and all(
            e.visible_to is None or viewer in e.visible_to for e in self.state.events)


class Explorer:
    """A tree of states to step through, branch and annotate; saved and loaded as JSON."""

    def __init__(self, state: State, seed: int | None = 0, auto_chance: bool = True) -> None:
        self.nodes: dict[int, Node] = {0: Node(0, None, None, state)}
        self.current = 0
        self.seed = seed
        self.auto_chance = auto_chance
        self._rng = random.Random(seed)
        self._last_child: dict[int, int] = {}
        self._luck: dict[str, deque[Move]] = {}    # outcomes to replay per stream ("same" luck)
        self._fresh_luck = False                    # True after branch(..., "resample")
        self.viewer: int | None = None              # set for a tree loaded from a player's file
        self.perspective: int | None = None         # the seat whose eyes the views use (None: teacher)

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

    def line_end(self, node_id: int | None = None) -> int:
        """The last node of the line last visited through `node_id` (the current node by
        default): where redo, again and again, would end (the game's end, for a game
        played out and then rewound)."""
        node = self.current if node_id is None else node_id
        while node in self._last_child:
            node = self._last_child[node]
        return node

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
        self._settle()
        return self.node

    def _settle(self, chance: bool = True) -> None:
        """Play what needs no decision: forced moves always, chance when `auto_chance`
        (and `chance`)."""
        while True:
            state = self.state
            who = state.to_move
            if who == CHANCE and chance and self.auto_chance:
                self._step(self._choose_luck(state))
            elif (who is not None and who != CHANCE and state.forced_move is not None
                  and self._plays_forced(who)):
                self._step(state.forced_move, forced=True)
            else:
                return

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
        node = self._step(move)
        self._settle(chance=False)   # forced moves follow; the next chance waits its turn
        return node

    def _choose_luck(self, state: State) -> Move:
        queue = self._luck.get(state.pending.step)
        while queue:
            recorded = queue.popleft()
            if state.is_legal(recorded):
                return recorded
        if not self._fresh_luck and self.current in self._last_child:
            move = self.nodes[self._last_child[self.current]].move
            if move is not None:
                return move
        return state.sample_chance(self._rng)

    def _step(self, move: Move, forced: bool = False) -> Node:
        here = self.node
        for child_id in here.children:
            if self.nodes[child_id].move == move:
                return self._enter(child_id)
        new_id = max(self.nodes) + 1
        before = here.state
        self.nodes[new_id] = Node(new_id, here.id, move, before.play(move, check=False),
                                  move_by=before.to_move, forced=forced,
                                  stream=before.pending.stream)
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

    def _passes_over(self, node: Node) -> bool:
        """Whether undo and redo step over `node`'s position: one where no decision is
        asked (chance resolved automatically, or a forced move the tree plays itself)."""
        state = node.state
        who = state.to_move
        if who == CHANCE:
            return self.auto_chance
        return state.forced_move is not None and self._plays_forced(who)

    def _plays_forced(self, who: int | None) -> bool:
        """Whether the tree plays `who`'s forced moves itself: always for the teacher's
        perspective, only the viewer's own under a player's (see the module docstring)."""
        return self.perspective is None or self.perspective == who

    def undo(self) -> Node:
        """Back to the previous decision (over forced moves and automatic chance)."""
        parent = self.node.parent
        if parent is None:                  # at the root: nothing to undo (`can_undo`)
            return self.node
        self.current = parent
        while self.node.parent is not None and self._passes_over(self.node):
            self.current = self.node.parent
        return self.node

    def redo(self) -> Node:
        """Forward along the line last visited (and over forced moves and chance)."""
        if not self.can_redo:
            return self.node
        self.current = self._last_child[self.current]
        while self.can_redo and self._passes_over(self.node):
            self.current = self._last_child[self.current]
        return self.node

    def goto(self, node_id: int) -> Node:
        if node_id not in self.nodes:
            raise InvalidInput("node", f"no node {node_id}; nodes are 0..{max(self.nodes)}")
        line = self.line(node_id)
        for parent, node in zip(line, line[1:]):     # each node after the root, with its parent
            self._last_child[parent.id] = node.id
        self.current = node_id
        self._luck, self._fresh_luck = {}, False
        return self.node

    def branch(self, node_id: int | None = None, luck: Luck = "same",
               viewer: int | None = None) -> Node:
        """Go to `node_id` to start a what-if; its chance keeps the same luck or resamples.

        With "same", the chance outcomes recorded on the line that continued from the
        node are replayed per stream, in order, while possible (a card already gone is
        drawn afresh). With `viewer` (a player's point of view), only the outcomes that
        player saw are replayed; the others are drawn afresh.
        """
        if luck not in ("same", "resample"):
            raise InvalidInput("luck", f"expected 'same' or 'resample', got {luck!r}")
        start = self.current if node_id is None else node_id
        recorded = self.recorded_luck(start, viewer)
        self.goto(start)
        if luck == "same":
            self._luck = {stream: deque(moves) for stream, moves in recorded.items()}
        else:
            self._fresh_luck = True
        return self.node

    @classmethod
    def with_luck_of(cls, other: "Explorer", node_id: int = 0, viewer: int | None = None,
                     seed: int | None = 0) -> "Explorer":
        """A new tree from `other`'s position `node_id` whose chance replays the luck
        recorded below it, per stream (only what `viewer` saw): a what-if in a tree of
        its own."""
        tree = cls(other.nodes[node_id].state, seed=seed, auto_chance=other.auto_chance)
        tree._luck = {stream: deque(moves)
                      for stream, moves in other.recorded_luck(node_id, viewer).items()}
        return tree

    def recorded_luck(self, node_id: int, viewer: int | None = None) -> dict[str, list[Move]]:
        """The chance outcomes on the line that continued from `node_id`, per stream, in
        order: what a branch with the same luck replays (only those `viewer` saw)."""
        if node_id not in self.nodes:
            raise InvalidInput("node", f"no node {node_id}; nodes are 0..{max(self.nodes)}")
        streams: dict[str, list[Move]] = {}
        for node in self._continuation(node_id):
            if node.chance and node.move is not None and node.seen_by(viewer):
                streams.setdefault(node.stream or "", []).append(node.move)
        return streams

    def _continuation(self, node_id: int) -> Iterator[Node]:
        while node_id in self._last_child:
            node_id = self._last_child[node_id]
            yield self.nodes[node_id]

    # -------------------------------------------------------------- notes and views
    def annotate(self, text: str, node_id: int | None = None) -> None:
        self._known(self.current if node_id is None else node_id).comment = str(text)

    def _known(self, node_id: Any, field: str = "node") -> Node:
        """The node `node_id`; InvalidInput naming `field` for a node the tree lacks."""
        if isinstance(node_id, bool) or node_id not in self.nodes:
            raise InvalidInput(field, f"no node {node_id!r}; nodes are 0..{max(self.nodes)}")
        return self.nodes[node_id]

    def tree_rows(self) -> list[dict[str, Any]]:
        """The tree in display order for the teacher: one row per node with its depth
        and label (every move's label, so never for a player's eyes: the history widget
        builds a player's rows from what they saw).

        A forced move is folded into the row of the move before it: that row's `then`
        lists the labels of the forced moves that followed, and `folded` the node ids
        (the row's `current` is true when the current node is any of them)."""
        rows: list[dict[str, Any]] = []
        stack = [(0, 0)]
        while stack:
            node_id, depth = stack.pop()
            node = self.nodes[node_id]
            then: list[str] = []
            folded: list[int] = []
            tail = node
            while len(tail.children) == 1 and self.nodes[tail.children[0]].forced:
                tail = self.nodes[tail.children[0]]
                then.append(tail.label)
                folded.append(tail.id)
            rows.append({"id": node.id, "depth": depth, "label": node.label, "then": then,
                         "folded": folded,
                         "current": self.current == node.id or self.current in folded,
                         "comment": node.comment, "mark": node.mark, "chance": node.chance,
                         "by": node.move_by, "branches": len(tail.children)})
            stack.extend((c, depth + 1) for c in reversed(tail.children))
        return rows

    def diff(self, a: int, b: int, viewer: int | None = None) -> list[str]:
        """What differs between two nodes' positions, in the board's words, as `viewer`
        sees them (None = teacher): e.g. "Black Market › Stall 3: Scroll ×1 → Egg ×1"."""
        return scene_diff(self._known(a, "a").state.scene(viewer), self._known(b, "b").state.scene(viewer))

    # -------------------------------------------------------------- files
    def to_json(self, indent: int | None = None, viewer: int | None = None) -> str:
        """The tree as JSON. `viewer=None`: the teacher's file, every move (replayed and
        checked by `from_json`). `viewer=p`: player p's file, holding nothing hidden from
        p: each position is a sample of what p may know (`determinize`, whose events are
        p's narration), and a move p could not read is kept only as p saw it."""
        if viewer is not None and (isinstance(viewer, bool) or viewer not in range(self.game.players)):
            raise InvalidInput("viewer", f"expected None or a seat 0-{self.game.players - 1}, "
                                         f"got {viewer!r}")
        nodes = []
        for n in self.nodes.values():
            doc: dict[str, Any] = {"id": n.id, "parent": n.parent, "comment": n.comment,
                                   "forced": n.forced_for(viewer)}
            if n.mark_for(viewer):
                doc["mark"] = n.mark_for(viewer)
            if viewer is None:
                doc["move"] = None if n.move is None else str(n.move)
            else:
                seen = n.parent is not None and n.seen_by(viewer)
                doc["move"] = str(n.move) if seen else None
                if n.parent is not None and not seen:
                    doc["hidden"] = _as_seen(n, viewer)
                sample = n.state.determinize(viewer, random.Random(f"{self.seed}:{n.id}"))
                doc["state"] = json.loads(sample.to_json())
            nodes.append(doc)
        root = self.root.state if viewer is None else self.root.state.determinize(
            viewer, random.Random(f"{self.seed}:0"))
        return json.dumps({"format": TREE_FORMAT, "version": TREE_VERSION, "seed": self.seed,
                           "viewer": viewer, "root": json.loads(root.to_json()), "nodes": nodes,
                           "current": self.current}, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes | dict, local_files: bool = True) -> "Explorer":
        """Load a saved tree; refuse a malformed file with the field and the reason.

        A teacher's file is replayed move by move (each checked); a player's file holds
        its positions, each validated as a saved state. `local_files=False` for a file
        from a browser: its options may name no file of this computer (`Game.from_json`)."""
        doc = convert(read_object(text), _TreeFile, "")
        if doc.format != TREE_FORMAT:
            raise InvalidInput("format", f"expected a {TREE_FORMAT!r} file, got {doc.format!r}")
        if doc.version not in (1, TREE_VERSION):
            raise InvalidInput("version", f"expected {TREE_VERSION}, got {doc.version!r}")
        root = Game.from_json(doc.root, local_files=local_files)
        if doc.viewer is not None and doc.viewer not in range(root.game.players):
            raise InvalidInput("viewer", f"no seat {doc.viewer} in a {root.game.players}-player game")
        tree = cls(root, seed=doc.seed)
        tree.viewer = doc.viewer
        if not doc.nodes:
            raise InvalidInput("nodes", "expected a non-empty list")
        for i, raw in enumerate(doc.nodes):
            where = f"nodes[{i}]"
            if i == 0:
                if raw.id != 0 or raw.parent is not None:
                    raise InvalidInput(f"{where}.id", "the first node is the root: id 0, no parent")
                tree.root.comment = raw.comment
                continue
            if raw.id < 1 or raw.id in tree.nodes:
                raise InvalidInput(f"{where}.id", f"bad or repeated node id {raw.id!r}")
            if raw.parent is None or raw.parent not in tree.nodes:
                raise InvalidInput(f"{where}.parent", f"unknown parent {raw.parent!r} (parents come first)")
            before = tree.nodes[raw.parent].state
            move = None
            if raw.move is not None:
                try:
                    move = tree.game.parse_move(raw.move)
                except InvalidInput as exc:
                    raise InvalidInput(f"{where}.move", exc.problem) from exc
            if doc.viewer is None:
                if move is None:
                    raise InvalidInput(f"{where}.move", "a teacher's file names every move")
                reason = before.why_not(move)
                if reason is not None:
                    raise InvalidInput(f"{where}.move", f"illegal there: {reason}")
                state = before.play(move, check=False)
            else:
                if raw.state is None:
                    raise InvalidInput(f"{where}.state", "a player's file holds every position")
                try:
                    state = tree.game.state_from_json(raw.state)
                except InvalidInput as exc:
                    raise InvalidInput(f"{where}.state.{exc.field}", exc.problem) from exc
            tree.nodes[raw.id] = Node(raw.id, raw.parent, move, state, comment=raw.comment,
                                      move_by=before.to_move, forced=raw.forced,
                                      stream=before.pending.stream, hidden=raw.hidden, mark=raw.mark)
            tree.nodes[raw.parent].children.append(raw.id)
        if doc.current not in tree.nodes:
            raise InvalidInput("current", f"expected the id of a node, got {doc.current!r}")
        tree.goto(doc.current)
        return tree

    def __repr__(self) -> str:
        return f"<Explorer {self.game!r}: {len(self.nodes)} nodes, at node {self.current}>"


class _NodeFile(msgspec.Struct, forbid_unknown_fields=True):
    """One node of a saved tree."""

    id: int
    parent: int | None
    move: str | None = None
    comment: str = ""
    forced: bool = False
    hidden: str = ""
    mark: Literal["", "?!", "?", "??"] = ""
    state: dict[str, Any] | None = None


class _TreeFile(msgspec.Struct, forbid_unknown_fields=True):
    """A saved tree: the root state, its nodes (parents first) and where the user was."""

    format: str
    version: int
    root: dict[str, Any]
    nodes: list[_NodeFile]
    seed: int | None = None
    viewer: int | None = None
    current: int = 0


def _as_seen(node: Node, viewer: int) -> str:
    """A move `viewer` could not read, as they saw it: the public narration of its events."""
    texts = [e["text"] for e in node.state.visible_events(viewer)]
    return "; ".join(texts) if texts else "a move you could not see"


def _not_chance() -> Reason:
    return Reason("CORE-LEGAL", "this position is not a chance node: a player decides here")


