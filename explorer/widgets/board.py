"""The live board: one anywidget for every game, with click-to-play and why-not answers.

Python holds the position (an `Explorer`, so every click lands in the history tree) and
the viewer (None = teacher, or a player index). The browser receives only:

- ``html``: the markup of ``state.scene(viewer)`` (built from ``view(viewer)``, so no
  hidden data), drawn by `core.scene.scene_html`: the one renderer, also the static
  picture of exported notebooks;
- ``moves``: ``{text, label, rule, targets}`` of the legal moves, and only when the
  viewer may act: the teacher always, a player only on their own turn, chance
  outcomes only to the teacher;
- ``message``: the answer to the last request (a played move, a why-not with its rule,
  an error), never a traceback.

The front end (board.js) shows that markup, marks the legal and selected elements and
narrows the moves by the clicked element ids (multiset containment, the `core.move.narrow` rule). It sends ``{"event": "play",
"text": ...}`` for a move and ``{"event": "why", "selected": [...], "clicked": id}`` for
a click that no legal move allows; `Board` answers by setting ``message``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import anywidget
import traitlets

from ..core.errors import IllegalMove, InvalidInput, Reason
from ..core.move import Move, narrow
from ..core.pending import seat_name
from ..core.scene import changed_zones, scene_html
from ..core.scene import items as scene_items
from ..core.state import CHANCE, State
from ..core.tree import Explorer

HERE = Path(__file__).parent


def player_name(index: int | None) -> str:
    """How the explorer names a seat: P0, P1, ... as the games' move texts do ("nobody"
    when no seat is asked, the game being over)."""
    return "nobody" if index is None else seat_name(index)


def viewer_name(viewer: int | None) -> str:
    return "the teacher" if viewer is None else player_name(viewer)


def may_act(state: State, viewer: int | None) -> bool:
    """Whether `viewer` may see and play the legal moves of `state`.

    The teacher may act for anyone, chance included. A player may act only on their own
    turn: the moves of another player would reveal that player's hand.
    """
    if state.is_over:
        return False
    if viewer is None:
        return True
    return state.to_move == viewer


def cite(state: State, rule: str) -> str:
    """'V-BRIBE-2 [assumed] text' from the game's rules reference, or the bare id."""
    if not rule:
        return ""
    try:
        return state.game.rules().cite(rule)
    except (OSError, ValueError, KeyError):
        return rule


def move_payload(move: Move) -> dict[str, Any]:
    """What the browser learns about one legal move."""
    return {"text": str(move), "label": move.label, "rule": move.rule,
            "targets": list(move.targets), "confirm": move.confirm, "ordered": move.ordered}


class Board(anywidget.AnyWidget):
    """The game board for one position of an `Explorer` (or a bare `State`), as seen by `viewer`.

    ``Board(state)`` wraps the state in a new `Explorer`; ``Board(explorer)`` shares
    the explorer, e.g. with a `Panel`. Clicks play moves into the explorer; call
    `refresh()` after changing the explorer from elsewhere.
    """

    # Text, not a path: anywidget ties every instance of a file-based _esm or _css to a
    # file-change signal through a lambda that holds it, so a closed widget is never freed.
    _esm = (HERE / "board.js").read_text(encoding="utf-8")
    _css = (HERE / "board.css").read_text(encoding="utf-8")

    html = traitlets.Unicode("").tag(sync=True)
    """The scene's markup (`core.scene.scene_html`), drawn once in Python for the live
    board and the static picture alike."""
    marks = traitlets.Dict().tag(sync=True)
    """{"last": element ids of the last move (when the viewer could see it), "changed":
    ids of the zones that differ from the position being compared}: highlights."""
    moves: traitlets.List[Any] = traitlets.List().tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    node = traitlets.Int(0).tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)
    """Bumped at every redraw; the front end clears its selection."""

    def __init__(self, source: State | Explorer, viewer: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(source, State):
            source = Explorer(source)
        if not isinstance(source, Explorer):
            raise InvalidInput("source", f"expected a State or an Explorer, got {type(source).__name__}")
        self.explorer = source
        self._viewer = self._checked_viewer(viewer)
        source.perspective = self._viewer    # the tree plays only this viewer's forced moves
        self._seq = 0
        self._listeners: list[Callable[[], None]] = []
        self.compare_to: int | None = None   # a node whose differences the board highlights
        self.on_msg(self._on_custom_msg)
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and beside it the board as static HTML: an exported notebook
        (nbconvert, a notebook viewer) shows the board without a kernel."""
        bundle: Any = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        return {**bundle, "text/html": self.html}

    # ------------------------------------------------------------------ python API
    @property
    def state(self) -> State:
        return self.explorer.state

    @property
    def viewer(self) -> int | None:
        return self._viewer

    @viewer.setter
    def viewer(self, viewer: int | None) -> None:
        self._viewer = self._checked_viewer(viewer)
        self.explorer.perspective = self._viewer
        # the last answer was for the previous viewer (a teacher's drawn card): replace it
        self.refresh(("info", f"now viewing as {viewer_name(self._viewer)}"))

    def _checked_viewer(self, viewer: int | None) -> int | None:
        players = self.state.game.players
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                                   or not 0 <= viewer < players):
            raise InvalidInput("viewer", f"expected None (teacher) or a seat 0..{players - 1}, got {viewer!r}")
        return viewer

    def refresh(self, message: tuple[str, str, str] | tuple[str, str] | None = None) -> None:
        """Send the current position to the browser (after any change of the explorer).

        Everything the board shows goes in one message (the scene, the marks, the moves
        and, when given, the `message` as for `say`), and it goes first: the panel's
        lists (`on_update`) follow it, so a click is drawn before the lists are redone.
        """
        state = self.state
        self.scene: dict[str, Any] = {**state.scene(self._viewer), "events": self.narration()}
        with self.hold_sync():
            self.html = scene_html(self.scene)
            self.marks = self._marks()
            self.moves = ([move_payload(m) for m in state.legal_moves()]
                          if may_act(state, self._viewer) else [])
            self.node = self.explorer.node.id
            self.revision += 1
            if message is not None:
                self.say(*message)
        for callback in self._listeners:
            callback()

    def _marks(self) -> dict[str, list[str]]:
        last: list[str] = []
        for node in reversed(self.explorer.line()):
            if node.parent is None:
                break
            if node.move_by != CHANCE and not node.forced_for(self._viewer):   # the last decision
                if node.move is not None and node.seen_by(self._viewer):
                    last = list(node.move.targets)
                break
        changed: list[str] = []
        other = self.compare_to
        if other is not None and other in self.explorer.nodes and other != self.explorer.current:
            before = self.explorer.nodes[other].state.scene(self._viewer)
            changed = sorted(changed_zones(before, self.scene))
        return {"last": last, "changed": changed}

    def narration(self) -> list[dict[str, Any]]:
        """The events since the last decision, as the viewer may read them.

        A move and what followed it without a decision (the chance it triggered, a
        forced move) are told together; each event passes through
        `State.visible_events`, so a secret stays secret.
        """
        told: list[dict[str, Any]] = []
        for node in reversed(self.explorer.line()):
            told[:0] = node.state.visible_events(self._viewer)
            if node.parent is None or (node.move_by != CHANCE and not node.forced_for(self._viewer)):
                break
        return told

    def play(self, move: Move | str) -> Reason | None:
        """Play `move` (a Move or its text) as the viewer; the Reason if it is refused."""
        state = self.state
        if not may_act(state, self._viewer):
            reason = self.not_yours(state)
            self.say("why", reason.text, reason.rule)
            return reason
        try:
            if isinstance(move, str):
                move = state.game.parse_move(move)
            self.explorer.play(move)
        except IllegalMove as exc:
            self.say("why", exc.reason.text, exc.reason.rule)
            return exc.reason
        except InvalidInput as exc:
            self.say("error", str(exc))
            return Reason("CORE-MOVE", str(exc))
        self.refresh(("played", move.label, move.rule))
        return None

    def explain(self, selected: Sequence[str], clicked: str) -> Reason:
        """Why clicking `clicked` after `selected` makes no legal move (rule id and sentence).

        The game's `move_for_targets` hook names the move the clicks mean, and its
        `why_not` gives the rule. Without one, the answer says which element no legal
        move uses.
        """
        state = self.state
        if not may_act(state, self._viewer):
            return self.not_yours(state)
        targets = tuple(selected) + (clicked,)
        meant = state.move_for_targets(targets)
        if meant is not None:
            reason = state.why_not(meant)
            if reason is not None:
                return reason
        moves = state.legal_moves()
        name = self._element_name(clicked)
        if not narrow(moves, [clicked]):
            return Reason("CORE-LEGAL", f"No legal move uses {name} now.")
        chosen = " and ".join(dict.fromkeys(self._element_name(t) for t in selected))
        return Reason("CORE-LEGAL", f"No legal move uses {name} together with {chosen}; "
                                    f"cancel to use {name} alone.")

    def not_yours(self, state: State) -> Reason:
        """The reason a viewer without moves gets for any click."""
        if state.is_over:
            return Reason("CORE-OVER", "The game is over: no more moves.")
        if state.to_move == CHANCE:
            return Reason("CORE-LEGAL", "A chance event (a shuffle, draw or roll) comes next; "
                                        "only the teacher view may resolve it.")
        return Reason("CORE-LEGAL", f"It is {player_name(state.to_move)}'s turn; "
                                    f"you are viewing as {viewer_name(self._viewer)}.")

    def say(self, kind: str, text: str, rule: str = "") -> None:
        """Show a message under the board: kind is played, why, error or info. A rule id
        comes with its text and tag (`cite`), shown when its chip is clicked."""
        self._seq += 1
        self.message = {"kind": kind, "text": text, "rule": rule, "cite": cite(self.state, rule),
                        "seq": self._seq}

    def on_update(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every redraw, once the board's own message is sent
        (a Panel keeps its lists in step)."""
        self._listeners.append(callback)

    # --------------------------------------------------------------- browser side
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """Answer one message from the browser; never raise (a bad click must not kill anything)."""
        try:
            self._answer(content)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a message
            self.say("error", f"{type(exc).__name__}: {exc}")

    def _answer(self, content: Any) -> None:
        if not isinstance(content, dict):
            self.say("error", f"unreadable request {content!r}")
            return
        event = content.get("event")
        if event == "play":
            text = content.get("text")
            if not isinstance(text, str):
                self.say("error", f"a play request needs the move text, got {text!r}")
                return
            self.play(text)
        elif event == "why":
            selected = content.get("selected", [])
            clicked = content.get("clicked")
            if (not isinstance(clicked, str) or not isinstance(selected, list)
                    or not all(isinstance(s, str) for s in selected)):
                self.say("error", "a why request needs 'clicked' (an element id) and "
                                  "'selected' (a list of element ids)")
                return
            reason = self.explain(selected, clicked)
            self.say("why", reason.text, reason.rule)
        else:
            self.say("error", f"unknown request {event!r}: expected 'play' or 'why'")

    def _element_name(self, element_id: str) -> str:
        """What a person calls a board element, in a few words: the item's `name`, else
        its tooltip up to the first ":" or " (" (a Pirates bid cell's tooltip goes on
        with its odds), else its text; never its id when the scene has it. A refusal
        that names two elements stays one short sentence."""
        for item in scene_items(self.scene):
            if item.get("id") == element_id:
                if item.get("face") == "down":
                    return "a face-down card"
                return short_name(item) or element_id.replace(":", " ")
        return element_id.replace(":", " ")


def short_name(item: Mapping[str, Any]) -> str:
    """An element's name in a few words (see `Board._element_name`); "" when it has none."""
    if item.get("name"):
        return str(item["name"])
    title = str(item.get("title") or "")
    for cut in (": ", " ("):
        title = title.split(cut, 1)[0]
    title = title.strip()
    text = " ".join(str(item[k]) for k in ("text",) if item.get(k))
    if title and len(title) <= 40:
        return title
    return text or title[:40]
