"""The explorer panel: the board with every control a teacher needs, as ipywidgets.

``Panel(state_or_explorer)`` shows, beside the live `Board`: the legal moves with their
rule ids (click to play), a why-not box, the history tree (click a row to go there), a
perspective switch (teacher or one player), the chance control (auto with a seed, or
pick an outcome), undo / redo / branch buttons, an annotation box and a game-over
banner. Every action goes through the shared `Explorer` and ends in `Board.refresh()`;
the board's redraw then redraws the panel, so the two never disagree.

Layout, for one projector screen (1280x800 with JupyterLab's file browser open): the
board, the perspective and the legal moves come first; the rest is one click away in
tabs: Play (why-not, undo / redo / branch, notes, history), Analysis (the value of
every move; the game record, its mistakes marked, its chart a way back), Changes
(compare, what-if outcomes), Luck (the chance control) and Files.
Presentation mode hides the controls and draws the board bigger.

In a player's perspective the panel shows only what that player may see: no moves
unless it is their turn, the history as the events they read, and no chance control.
"""
from __future__ import annotations

import difflib
import html
import textwrap
from typing import Any, Callable

import ipywidgets as w
from ipywidgets.widgets.widget import _instances as _LIVE  # every live widget, by model id

from ..core.errors import IllegalMove, InvalidInput, Reason
from ..core.state import CHANCE, State
from ..core.tree import Explorer
from .analysis import AnalysisPane, RecordPane
from .board import Board, cite, may_act, player_name
from .history import NO_NODE, History, row_label
from .movelist import MoveList

TEACHER = -1
"""The perspective switch's value for the teacher view (viewer None)."""

MAX_MOVE_BUTTONS = 120
"""Beyond this many legal moves the list shows the first ones and says how many more."""


def reason_html(state: State, reason: Reason) -> str:
    title = html.escape(cite(state, reason.rule), quote=True)
    return (f'<div class="rx-why" style="background:#fdecea;border:1px solid #d9534f;border-radius:4px;'
            f'padding:3px 6px"><code title="{title}">{html.escape(reason.rule)}</code> '
            f'{html.escape(reason.text)}</div>')


def outcome_html(state: State) -> str:
    """The game-over banner: winners, score lines with rule ids, and why it ended."""
    outcome = state.outcome()
    if outcome is None:
        return ""
    winners = ", ".join(player_name(p) for p in outcome.winners) or "nobody"
    scores = " · ".join(f"{player_name(p)}: {s:g}" for p, s in enumerate(outcome.scores))
    lines = "".join(f"<li>{html.escape(player_name(line.player))}: {line.points:+g} {html.escape(line.what)} "
                    f"<code>{html.escape(line.rule)}</code></li>" for line in outcome.lines)
    tiebreak = f"<div>Tie broken: {html.escape(outcome.tiebreak)}</div>" if outcome.tiebreak else ""
    return (f'<div class="rx-over" style="background:#fff4d6;border:2px solid #e8a33d;border-radius:8px;'
            f'padding:6px 10px;font-size:13px"><b>Game over — winner: {html.escape(winners)}</b> '
            f'({scores})<div>{html.escape(outcome.ended_by)} <code>{html.escape(outcome.rule)}</code></div>'
            f'{tiebreak}<ul style="margin:2px 0;padding-left:18px">{lines}</ul></div>')


WHATIF_WIDTH = 190
"""Pixels for the what-if chart's plots: with their axes and the legend below, about
250 px, and 290 px as the interactive chart (its menu takes 38 px at the right), inside
the controls' column (292 px for a tab's content at 1280x800 with JupyterLab's file
browser open; at 300 the chart was 416 px and lost seat 2 and the legend)."""
WHATIF_LABEL = 60
"""At most this many characters of a position's history row name it in the what-if
chart's legend (the legend wraps them on lines; a longer row ends in "…")."""


def section(title: str, *children: w.Widget) -> w.VBox:
    head = w.HTML(f'<b style="font-size:12px">{html.escape(title)}</b>')
    return w.VBox([head, *children], layout=w.Layout(margin="0 0 8px 0"))


def _descendants(widget: Any) -> list[Any]:
    """`widget` and every widget inside it (children, and the panel's own attributes)."""
    found: list[Any] = []
    stack = [widget]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen or not isinstance(item, w.Widget):
            continue
        seen.add(id(item))
        found.append(item)
        stack.extend(getattr(item, "children", ()))
        stack.extend(v for v in vars(item).values() if isinstance(v, w.Widget))
    return found


class Panel(w.VBox):
    """Board + move list + why-not + history + perspective + chance + undo/redo/branch."""

    def __init__(self, source: State | Explorer, viewer: int | None = None, seed: int | None = 0,
                 server_files: bool = True) -> None:
        """`server_files=False` (a served app): the panel never writes a file on the
        computer running the kernel; saving is refused and its controls hidden, loading
        an upload (data, validated) stays."""
        made_before = set(_LIVE)          # what the panel makes is closed with it
        explorer = Explorer(source, seed=seed) if isinstance(source, State) else source
        if not isinstance(explorer, Explorer):
            raise InvalidInput("source", f"expected a State or an Explorer, got {type(source).__name__}")
        self.explorer = explorer
        self.board = Board(explorer, viewer=viewer)
        players = explorer.game.players
        small = w.Layout(width="auto")

        self.banner = w.HTML()
        self.perspective = w.ToggleButtons(
            options=[("Teacher", TEACHER)] + [(player_name(p), p) for p in range(players)],
            value=TEACHER if viewer is None else viewer, style={"button_width": "auto"})
        self.undo_button = w.Button(description="◀ undo", layout=small)
        self.redo_button = w.Button(description="redo ▶", layout=small)
        self.branch_same = w.Button(description="branch: same luck", layout=small,
                                    tooltip="Play a what-if from here; chance replays the outcomes recorded below")
        self.branch_fresh = w.Button(description="branch: resample", layout=small,
                                     tooltip="Play a what-if from here; chance draws fresh outcomes")
        self.chance_mode = w.ToggleButtons(options=[("auto", "auto"), ("pick", "pick")],
                                           value="auto" if explorer.auto_chance else "pick",
                                           style={"button_width": "auto"},
                                           tooltips=["resolve chance with the seeded luck",
                                                     "stop at every chance node and pick the outcome"])
        self.seed = w.IntText(value=explorer.seed if isinstance(explorer.seed, int) else 0,
                              description="seed", layout=w.Layout(width="150px"))
        self.outcomes = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="340px"))
        self.pick_button = w.Button(description="play outcome", layout=small)
        self.roll_button = w.Button(description="roll (seeded)", layout=small)
        self.chance_box = section("Chance", w.HBox([self.chance_mode, self.seed],
                                                   layout=w.Layout(flex_flow="row wrap")),
                                  w.HBox([self.outcomes, self.pick_button, self.roll_button],
                                         layout=w.Layout(flex_flow="row wrap", align_items="center")))
        self.move_list = MoveList()
        self.move_list.on_play(self._play_text)
        self.why_text = w.Text(placeholder="type a move, e.g. one from the list", continuous_update=False,
                               layout=w.Layout(width="220px"))
        self.why_button = w.Button(description="why not?", layout=small)
        self.why_result = w.HTML()
        self.why_play = w.Button(description="play it", layout=w.Layout(width="auto", display="none"))
        self._why_move: Any = None
        self.history = History()
        self.history.on_goto(lambda node_id: self._act(lambda: self.explorer.goto(node_id)))
        self.history.on_step(lambda step: self._act(self.explorer.undo if step < 0 else self.explorer.redo))
        self.history.on_compare(self._on_compare)
        self.note_text = w.Text(placeholder="a note on this position", layout=w.Layout(width="220px"))
        self.note_button = w.Button(description="annotate", layout=small)
        self.compare_result = w.HTML()
        self.whatif_button = w.Button(description="what-if outcomes", layout=small,
                                      tooltip="play on from this position and the compared one, "
                                              "same agents and seeds, and chart both")
        self.whatif_games = w.BoundedIntText(value=200, min=10, max=5000, step=10, description="games",
                                             layout=w.Layout(width="140px"))
        self.whatif_out = w.Output(layout=w.Layout(overflow="auto"))   # a wider chart scrolls, never clips
        self.whatif_bar = w.IntProgress(value=0, min=0, max=1, description="playing",
                                        layout=w.Layout(display="none"))
        self.present = w.ToggleButton(description="present", layout=small,
                                      tooltip="a big board for the class; the controls hidden")
        self.save_name = w.Text(value="lesson.json", layout=w.Layout(width="150px"))
        self.save_button = w.Button(description="save tree", layout=small,
                                    tooltip="the whole tree, every move, for the teacher")
        self.save_view_button = w.Button(description="save this view only", layout=small,
                                         tooltip="only what the chosen player may know")
        self.load_button = w.FileUpload(accept=".json", multiple=False, description="load tree",
                                        layout=small)
        self.analysis = AnalysisPane()
        self.record = RecordPane(lambda: self.explorer,
                                 lambda node_id: self._act(lambda: self.explorer.goto(node_id)),
                                 self._redraw)
        self.handover_text = w.HTML()
        self.handover_button = w.Button(description="I am ready: show my view",
                                        button_style="primary", layout=small)
        self.handover = w.VBox([self.handover_text, self.handover_button],
                               layout=w.Layout(display="none", padding="40px", align_items="center",
                                               border="2px dashed #4a5a7a"))

        wrap = w.Layout(flex_flow="row wrap", align_items="center")     # buttons wrap, never clip
        self.tabs = w.Tab(children=[
            w.VBox([section("Why not?", w.HBox([self.why_text, self.why_button, self.why_play], layout=wrap),
                            self.why_result),
                    section("History", w.HBox([self.undo_button, self.redo_button, self.branch_same,
                                               self.branch_fresh], layout=wrap),
                            w.HBox([self.note_text, self.note_button], layout=wrap), self.history)]),
            w.VBox([section("This position", self.analysis), section("The game record", self.record)]),
            w.VBox([self.compare_result, w.HBox([self.whatif_button, self.whatif_games], layout=wrap),
                    self.whatif_bar, self.whatif_out]),
            self.chance_box,
            w.VBox([w.HBox([self.save_name, self.load_button], layout=wrap),
                    w.HBox([self.save_button, self.save_view_button], layout=wrap)]),
        ], layout=w.Layout(min_width="0"))
        self.tabs.titles = ("Play", "Analysis", "Changes", "Luck", "Files")
        self.tabs.add_class("rx-tabs")
        controls = w.VBox([
            section("Perspective", self.perspective),
            section("Legal moves", self.move_list),
            self.tabs,
        ], layout=w.Layout(flex="1 1 300px", min_width="0", max_width="380px"))
        self.controls = controls
        self.board.layout = w.Layout(flex="3 1 420px", min_width="0")
        self.table = w.HBox([self.board, controls],
                            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([w.HBox([self.present], layout=w.Layout(justify_content="flex-end")),
                          self.banner, self.handover, self.table])
        self.add_class("rx-panel")

        self._syncing = False
        self._analysed: tuple[int, int | None] | None = None
        self._shown_at: tuple[int, int | None] = (explorer.current, viewer)   # what the why-not box and compare are for
        self._made = set(_LIVE) - made_before
        self.perspective.observe(self._on_perspective, "value")
        self.chance_mode.observe(self._on_chance_mode, "value")
        self.seed.observe(self._on_seed, "value")
        self.undo_button.on_click(lambda _: self._act(self.explorer.undo))
        self.redo_button.on_click(lambda _: self._act(self.explorer.redo))
        self.branch_same.on_click(lambda _: self._act(lambda: self.explorer.branch(luck="same", viewer=self.viewer),
                                                      "branch started: chance replays the recorded luck"))
        self.branch_fresh.on_click(lambda _: self._act(lambda: self.explorer.branch(luck="resample", viewer=self.viewer),
                                                       "branch started: chance draws fresh outcomes"))
        self.pick_button.on_click(lambda _: self._resolve(self.outcomes.value))
        self.roll_button.on_click(lambda _: self._resolve(None))
        self.why_button.on_click(lambda _: self.ask_why(self.why_text.value))
        self.why_play.on_click(lambda _: self._play_explained())
        self.why_text.observe(lambda change: self.ask_why(change["new"]), "value")
        self.present.observe(self._on_present, "value")
        self.whatif_button.on_click(lambda _: self._act(self.what_if))
        self.handover_button.on_click(lambda _: self._show_handover(False))
        self.save_button.on_click(lambda _: self._act(lambda: self.save(self.save_name.value),
                                                      f"saved the whole tree to {self.save_name.value}"))
        self.save_view_button.on_click(lambda _: self._act(
            lambda: self.save(self.save_name.value, viewer=self.viewer),
            f"saved {'the whole tree' if self.viewer is None else player_name(self.viewer) + chr(39) + 's view'}"
            f" to {self.save_name.value}"))
        self.load_button.observe(self._on_upload, "value")
        self.server_files = server_files
        if not server_files:
            for control in (self.save_name, self.save_button, self.save_view_button):
                control.layout = w.Layout(display="none")   # its own: the buttons share one layout
        self.note_button.on_click(lambda _: self._act(lambda: self.explorer.annotate(self.note_text.value),
                                                      "note saved"))
        self.board.on_update(self._redraw)
        self._redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live panel, and beside it a static picture (the board, the moves, the
        history), so an exported notebook shows the panel without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        return {**bundle, "text/html": self.static_html()}

    def static_html(self) -> str:
        """The panel as it stands, in HTML with inline styles only."""
        return (f'<div class="rx-panel-static" style="display:flex;flex-wrap:wrap;gap:12px;'
                f'align-items:flex-start">{self.banner.value}<div style="flex:3 1 480px;min-width:0">'
                f'{self.board.html}</div><div style="flex:2 1 300px;font-size:12px">'
                f'<b>Legal moves</b>{self.move_list._repr_html_()}'
                f'<b>History</b>{self.history._repr_html_()}</div></div>')

    def close(self) -> None:
        """Close the panel and every widget it made (board, history, move list, buttons,
        their layouts and styles): a classroom app that starts game after game must not keep them."""
        made = [_LIVE[key] for key in getattr(self, "_made", ()) if key in _LIVE]
        for widget in [*_descendants(self), *made]:
            parts = [getattr(widget, "layout", None), getattr(widget, "style", None)]
            if widget is not self:
                widget.close()
            for part in parts:
                if isinstance(part, w.Widget):
                    part.close()
        super().close()

    # ------------------------------------------------------------------ actions
    @property
    def state(self) -> State:
        return self.explorer.state

    @property
    def viewer(self) -> int | None:
        return self.board.viewer

    def play(self, move: Any) -> Reason | None:
        """Play a move (or its text) as the current perspective, like a click on the board."""
        return self.board.play(move)

    def ask_why(self, text: str) -> Reason | None:
        """Show why the typed move is refused (None and a 'legal' note if it is legal).

        The box reads a move's text form or its label as the move list shows it; for a
        typo it suggests the nearest legal moves; a legal move can then be played from
        the box ("play it").
        """
        state = self.state
        self._why_move = None
        self.why_play.layout.display = "none"
        text = text.strip()
        if not text:
            self.why_result.value = ""
            return None
        move = self._read_move(state, text, may_act(state, self.viewer))
        if move is None:
            try:
                state.game.parse_move(text)
            except InvalidInput as exc:
                problem = str(exc)
            else:
                problem = f"cannot read {text!r}"
            near = self._nearest(state, text)
            hint = ("<div>did you mean: " + "; ".join(f"<code>{html.escape(t)}</code>" for t in near)
                    + "</div>") if near else ""
            self.why_result.value = f'<div class="rx-why">{html.escape(problem)}{hint}</div>'
            return Reason("CORE-MOVE", problem)
        reason = state.why_not(move) if may_act(state, self.viewer) else self.board.not_yours(state)
        if reason is None:
            self._why_move = move
            self.why_play.layout.display = ""
            self.why_result.value = (f'<div class="rx-why" style="background:#e9f6ec;border:1px solid #2e9e4f;'
                                     f'border-radius:4px;padding:3px 6px">legal: {html.escape(move.label)} '
                                     f'<code>{html.escape(move.rule)}</code></div>')
        else:
            self.why_result.value = reason_html(state, reason)
        return reason

    @staticmethod
    def _read_move(state: State, text: str, own_turn: bool) -> Any:
        """The move `text` names: its text form, or the label of a legal move.

        Labels are matched only on the viewer's own turn (or the teacher's): the legal
        moves of another player depend on their hidden hand, so matching their labels
        would answer differently for hands that look the same to the viewer."""
        try:
            return state.game.parse_move(text)
        except InvalidInput:
            if not own_turn:
                return None
        folded = text.casefold()
        for move in state.legal_moves():
            if move.label.casefold() == folded:
                return move
        return None

    def _nearest(self, state: State, text: str) -> list[str]:
        """The legal moves (text forms) closest to a typo."""
        if not may_act(state, self.viewer):
            return []
        forms = [str(m) for m in state.legal_moves()]
        return difflib.get_close_matches(text, forms, n=3, cutoff=0.5)

    def _play_explained(self) -> None:
        move = self._why_move
        if move is not None:
            self.why_text.value = ""
            self.why_result.value = ""
            self.why_play.layout.display = "none"
            self._play_text(str(move))

    def _act(self, action: Callable[[], Any], note: str = "") -> None:
        """Run an explorer action, then redraw; any failure becomes a message, not a traceback."""
        message: tuple[str, str, str]
        try:
            action()
        except IllegalMove as exc:
            message = ("why", exc.reason.text, exc.reason.rule)
        except Exception as exc:  # noqa: BLE001 - a button must never raise into the kernel
            message = ("error", f"{type(exc).__name__}: {exc}", "")
        else:
            message = ("info", note, "")     # an empty note clears the last answer
        self.board.refresh(message)

    def _resolve(self, outcome: str | None) -> None:
        """Resolve the chance node: the picked outcome, or the explorer's seeded luck."""
        if self.viewer is not None:
            self.board.say("error", "only the teacher view resolves chance")
            return
        self._act(lambda: self._resolve_chain(outcome))

    def _resolve_chain(self, outcome: str | None) -> None:
        self.explorer.resolve_chance(outcome)
        while self.explorer.auto_chance and self.state.to_move == CHANCE:
            self.explorer.resolve_chance()

    def _play_text(self, text: str) -> None:
        try:
            self.board.play(text)
        except Exception as exc:  # noqa: BLE001 - a button must never raise into the kernel
            self.board.say("error", f"{type(exc).__name__}: {exc}")

    # ------------------------------------------------------------------ observers
    def _on_perspective(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            viewer = None if change["new"] == TEACHER else change["new"]
            self.board.viewer = viewer
            self._show_handover(viewer is not None)

    def _show_handover(self, on: bool) -> None:
        """Before a player's view shows, a "pass the device" screen hides the board, so
        the player before does not see the next one's hand."""
        if on:
            self.handover_text.value = (f'<div style="font-size:20px;text-align:center">Pass the device to '
                                        f'<b>{html.escape(player_name(self.viewer))}</b></div>')
        self.handover.layout.display = "" if on else "none"
        self.table.layout.display = "none" if on else ""

    def _on_present(self, change: dict[str, Any]) -> None:
        """Presentation mode: the board alone, big, for a projector."""
        on = bool(change["new"])
        self.controls.layout.display = "none" if on else ""
        self.board.layout.flex = "1 1 100%" if on else "3 1 420px"
        if on:           # on the box around the board: an anywidget's own element keeps no classes
            self.table.add_class("rx-present")
        else:
            self.table.remove_class("rx-present")

    def what_if(self, n: int | None = None) -> Any:
        """Outcomes from here and from the compared position, side by side: the same
        agents (greedy where the game has one) and seeds play on from both; the chart
        shows the win share per seat with intervals and the mean score. In a player's
        perspective each game first redraws what that player cannot see."""
        from ..core.simulate import compare_positions
        other = self.history.compared
        if other not in self.explorer.nodes or other == self.explorer.current:
            raise InvalidInput("compare with", "pick another position to compare with first")
        rows = {r["id"]: r for r in self.history.rows}
        label = {node: textwrap.shorten(row_label(rows[node]) if node in rows else f"position {node}",
                                        WHATIF_LABEL, placeholder=" …")
                 for node in (self.explorer.current, other)}
        states = {f"here: {label[self.explorer.current]}": self.state,
                  f"compared: {label[other]}": self.explorer.nodes[other].state}
        if any(s.is_over for s in states.values()):
            raise InvalidInput("compare with", "both positions must be games still going on")
        agents = "greedy" if "greedy" in self.explorer.game.agents else "random"
        viewer = self.viewer
        self.whatif_bar.value, self.whatif_bar.layout.display = 0, ""
        try:
            sim = compare_positions(states, agents, n or self.whatif_games.value, seed=0,
                                    viewer=viewer, progress=self._whatif_progress)
        finally:
            self.whatif_bar.layout.display = "none"
        from .. import charts
        chart = charts.variant_comparison(sim, width=WHATIF_WIDTH)   # the tab is a narrow column
        self.whatif_out.clear_output()
        with self.whatif_out:
            from IPython.display import display
            display(chart)
        return sim

    def _whatif_progress(self, done: int, total: int) -> None:
        """The what-if's games so far, on the panel's own bar (not the log console)."""
        self.whatif_bar.max = max(total, 1)
        self.whatif_bar.value = done
        self.whatif_bar.description = f"{done:,} of {total:,}"

    def save(self, path: str, viewer: int | None = None) -> str:
        """Write the tree to `path` as JSON (`viewer`: only what that player may know)."""
        from pathlib import Path
        if not self.server_files:   # a browser can send a hidden button's click: refuse here
            raise PermissionError("this panel does not write files on the server")
        text = self.explorer.to_json(indent=1, viewer=viewer)
        Path(path).write_text(text, encoding="utf-8")
        return text

    def load(self, text: str | bytes, local_files: bool = True) -> None:
        """Show a saved tree instead of the current one (a malformed file is refused
        with the reason, and the current tree stays). `local_files=False` for an upload:
        the file may name no file of the computer running the kernel."""
        tree = Explorer.from_json(text, local_files=local_files)
        if tree.game.name != self.explorer.game.name:
            raise InvalidInput("game", f"this panel plays {self.explorer.game.title}; the file is a game of "
                                       f"{tree.game.title}")
        if tree.game.players != self.explorer.game.players:
            raise InvalidInput("players", f"this panel is for {self.explorer.game.players} players; "
                                          f"the file has {tree.game.players}")
        self.explorer = tree
        self.board.explorer = tree
        self.board.compare_to = None
        self.history.compared = NO_NODE
        self.board.viewer = tree.viewer

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        content = upload["content"] if isinstance(upload, dict) else upload.content
        self._act(lambda: self.load(bytes(content), local_files=False), f"loaded {upload['name'] if isinstance(upload, dict) else upload.name}")

    def compare(self, node_id: int) -> None:
        """Compare the current position with `node_id` (NO_NODE: stop comparing), as a
        choice in the history's "compare with" list does."""
        self.history.compare(node_id)

    def _on_compare(self, node_id: int) -> None:
        self.board.compare_to = node_id if node_id in self.explorer.nodes else None
        self.board.refresh()      # the board highlights what changed; its redraw redraws us

    def _on_chance_mode(self, change: dict[str, Any]) -> None:
        self.explorer.auto_chance = change["new"] == "auto"
        self._redraw()

    def _on_seed(self, change: dict[str, Any]) -> None:
        self.explorer.reseed(change["new"])

    # ------------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        state, viewer, ex = self.state, self.viewer, self.explorer
        self._syncing = True
        try:
            if (ex.current, viewer) != self._shown_at:
                self._forget_answers(moved=ex.current != self._shown_at[0])
                self._shown_at = (ex.current, viewer)
            self.banner.value = outcome_html(state)
            self.perspective.value = TEACHER if viewer is None else viewer
            self.undo_button.disabled = not ex.can_undo
            self.redo_button.disabled = not ex.can_redo
            self._draw_moves(state, viewer)
            self.history.show(ex, viewer, f"position {ex.current} of {len(ex.nodes)} explored · "
                                          f"{state.pending.prompt}")
            self._draw_compare(viewer)
            self._draw_chance(state, viewer)
            if self._analysed != (ex.current, viewer):        # a new position: the old analysis stops
                self._analysed = (ex.current, viewer)
                self.analysis.show(state, viewer)
            self.record.show_to(viewer)
        finally:
            self._syncing = False

    def _forget_answers(self, moved: bool) -> None:
        """The position or the perspective changed: the why-not answer was about the old
        one (and, for another viewer, must not stay on screen). When the position
        `moved`, a comparison chosen for the old one would outline every zone of the new
        one, so it ends too (a perspective switch keeps it: the same two positions, now
        through another player's eyes)."""
        self._why_move = None
        self.why_text.value = ""
        self.why_result.value = ""
        self.why_play.layout.display = "none"
        if moved:
            self.board.compare_to = None
            self.history.compared = NO_NODE

    def _draw_moves(self, state: State, viewer: int | None) -> None:
        moves = state.legal_moves() if may_act(state, viewer) else ()
        if state.is_over:
            title = "the game is over"
        elif not moves:
            title = self.board.not_yours(state).text
        else:
            who = "chance outcomes" if state.to_move == CHANCE else f"{player_name(state.to_move)} to move"
            title = f"{len(moves)} legal ({who})"
        self.move_list.show(moves, MAX_MOVE_BUTTONS, title, self.explorer.current)

    def _draw_compare(self, viewer: int | None) -> None:
        """The differences between the chosen position and the current one, as `viewer` sees them."""
        other = self.history.compared
        if other not in self.explorer.nodes:
            self.compare_result.value = ""
            return
        changes = self.explorer.diff(other, self.explorer.current, viewer)
        items = "".join(f"<li>{html.escape(change)}</li>" for change in changes)
        self.compare_result.value = (f'<ul class="rx-diff" style="font-size:12px;margin:2px 0;'
                                     f'padding-left:16px">{items}</ul>' if changes
                                     else "<small>the same position</small>")

    def _draw_chance(self, state: State, viewer: int | None) -> None:
        teacher = viewer is None
        self.chance_box.layout.display = "" if teacher else "none"
        at_chance = teacher and state.to_move == CHANCE
        self.outcomes.options = ([(f"{m.label} — {p:.1%}", str(m)) for m, p in state.chance_outcomes()]
                                 if at_chance else [])
        self.outcomes.disabled = self.pick_button.disabled = self.roll_button.disabled = not at_chance
