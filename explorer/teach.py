"""Teaching helpers for notebooks: positions, moves and refusals shown with their rules.

Every helper returns a small value that a notebook displays as formatted HTML (inline
styles only, so an exported notebook looks the same) and that prints as readable text
(`str`, `repr`); none returns a raw dict or tuple. Rule ids appear as chips with their
source tag (seed, public, assumed, stand-in) and the rule's text from
`seeds/<game>.md`. Boards are the game's own scene (`explorer.core.scene.scene_html`),
drawn for a viewer, so a player's view never holds what that player may not see.

    >>> import explorer
    >>> from explorer import teach
    >>> game = explorer.load("village", players=3)
    >>> state = game.scenario(hands=["Crown*2 Wild", "Axe", ""], deck_top="Sword Wild", deck={})
    >>> print(teach.try_move(state, "P1 draw"))
    ✗ P1 draw — refused by V-TURN-1 [seed]: it is P0's turn, not P1's
    >>> print(teach.rules(game, "V-BRIBE-2"))  # doctest: +ELLIPSIS
    V-BRIBE-2 [seed] Wilds cannot make a new bribe on their own ...

The helpers: `rules`, `show` (a scenario on the board with the rules that decide it),
`narrate` (play moves and tell what happened), `try_move` (legal, or refused with the
rule), `moves` (the legal moves, or the chance outcomes with their odds), `options`
(the rule options), `outcome` (winners and score lines), `perspectives` (what each
viewer sees), `history` and `changes` (an explorer tree and what differs between two
positions), `games`, `try_load`, `why_click` and `history_label` (for live boards), and
`table` (a frame of simulated games as a table with its headers in words); and for
analysis, `odds` (the coming luck, exact), `analysis` (the value of every move),
`play_out` (a game played by agents, as a tree) and `record` (its mistakes marked).
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .core.errors import CORE_RULES, InvalidInput, Reason
from .core.game import Game, list_games, load
from .core.move import Move
from .core.pending import CHANCE, seat_name
from .core.scene import item_words, scene_diff, scene_html
from .core.state import State
from .core.tree import Explorer
from .core.words import counted

if TYPE_CHECKING:
    from .widgets import Board

__all__ = ["Shown", "analysis", "changes", "zone_words", "games", "history", "history_label", "moves", "narrate",
           "odds", "options", "outcome", "perspectives", "play_out", "record", "rules", "show", "table", "try_load",
           "try_move", "why_click"]

# ------------------------------------------------------------------------- styles
FONT = "font:13px/1.45 system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;color:#222"
BOX = FONT + ";margin:4px 0;padding:6px 10px;border-radius:6px;background:#fbfaf7;border:1px solid #e2ded6"
TAG_COLOURS = {"seed": "#2f6f4f", "public": "#2f5a8f", "assumed": "#b8641a", "stand-in": "#7a3f8f",
               "core": "#555555"}
CHIP = ("display:inline-block;font:11px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;background:#444;"
        "color:#fff;border-radius:3px;padding:0 5px;margin:0 2px;white-space:nowrap")
TAG = ("display:inline-block;font-size:10px;line-height:1.5;color:#fff;border-radius:8px;padding:0 6px;"
       "margin:0 4px 0 1px;white-space:nowrap;background:")
TABLE = "border-collapse:collapse;margin:4px 0;font-size:13px"
CELL = "border-bottom:1px solid #e6e2da;padding:3px 8px;text-align:left;vertical-align:top"
HEAD = CELL + ";font-weight:600;background:#f1eee8"
YES = "color:#2f6f4f;font-weight:700"
NO = "color:#b03a2e;font-weight:700"


def _esc(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _name(seat: int | None) -> str:
    """P0, P1...; "the teacher" for None."""
    return "the teacher" if seat is None else seat_name(seat)


def zone_words(scene: Mapping[str, Any]) -> dict[str, str]:
    """What a board scene shows, zone by zone, in words: "Villages › P1" -> "face down ×7;
    7 in hand". Grid zones list their filled cells ("1,0 R8, 2,0 B9"). Built from the
    scene alone, so it holds only what the scene's viewer may see."""
    out: dict[str, str] = {}

    def walk(zone: Mapping[str, Any], path: str) -> None:
        if zone.get("bare"):                 # it only arranges its sub-zones (`core.scene`)
            for sub in zone.get("zones", ()):
                walk(sub, path)
            return
        name = str(zone.get("label") or zone.get("id") or "?").removesuffix(" (you)")
        key = f"{path} › {name}" if path else name
        if zone.get("layout") == "grid":
            shown = ", ".join(f"{i.get('x')},{i.get('y')} {item_words(i)}" for i in zone.get("items", ())
                              if i.get("text") or i.get("face") == "down")
        else:
            shown = ", ".join(w for w in (item_words(i) for i in zone.get("items", ())) if w)
        note = str(zone.get("note") or "")
        if shown or note:
            out[key] = "; ".join(part for part in (shown, note) if part)
        for sub in zone.get("zones", ()):
            walk(sub, key)

    for zone in scene.get("zones", ()):
        walk(zone, "")
    return out


# -------------------------------------------------------------------------- rules
class RuleRef:
    """One rule: its id, source tag and text (looked up in the game's rules reference)."""

    __slots__ = ("id", "tag", "text")

    def __init__(self, rule_id: str, tag: str, text: str) -> None:
        self.id, self.tag, self.text = rule_id, tag, text

    @classmethod
    def of(cls, game: Game, rule_id: str) -> "RuleRef":
        """The rule `rule_id` of `game`; the engine's own ids get the tag "core"."""
        if rule_id in CORE_RULES:
            return cls(rule_id, "core", CORE_RULES[rule_id])
        try:
            book = game.rules()
        except (OSError, ValueError):
            return cls(rule_id, "", "")
        if rule_id in book:
            rule = book[rule_id]
            return cls(rule.id, rule.source, rule.text)
        return cls(rule_id, "", "")

    def chip(self) -> str:
        """The rule id as a chip with its tag, the rule's text as a tooltip."""
        if not self.id:
            return ""
        tag = (f'<span class="rx-tag" data-tag="{_esc(self.tag)}" style="{TAG}'
               f'{TAG_COLOURS.get(self.tag, "#777")}">{_esc(self.tag)}</span>') if self.tag else ""
        return (f'<span style="white-space:nowrap"><span class="rx-chip" data-rule="{_esc(self.id)}" '
                f'title="{_esc(self.text)}" style="{CHIP}">{_esc(self.id)}</span>{tag}</span>')

    def short(self) -> str:
        """'V-TURN-1 [seed]' (or the bare id when the tag is unknown)."""
        return f"{self.id} [{self.tag}]" if self.tag else self.id

    def __str__(self) -> str:
        return f"{self.short()} {self.text}".rstrip()

    __repr__ = __str__


def _chip(game: Game, rule_id: str) -> str:
    return RuleRef.of(game, rule_id).chip() if rule_id else ""


def _short(game: Game, rule_id: str) -> str:
    return RuleRef.of(game, rule_id).short() if rule_id else ""


# ------------------------------------------------------------------------ display
class Shown:
    """What every helper returns: HTML for a notebook, text for a terminal.

    Two results add up (`a + b`) to one output that shows both, one after the other.
    """

    def _html(self) -> str:
        raise NotImplementedError

    def _text(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self._html()

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        return self._text()

    def __add__(self, other: "Shown") -> "Shown":
        if not isinstance(other, Shown):
            return NotImplemented
        return _Together([*_parts(self), *_parts(other)])


def _parts(shown: Shown) -> list[Shown]:
    return list(shown.parts) if isinstance(shown, _Together) else [shown]


class _Together(Shown):
    """Several results shown one after the other."""

    def __init__(self, parts: list[Shown]) -> None:
        self.parts = parts

    def _html(self) -> str:
        return "".join(p._html() for p in self.parts)

    def _text(self) -> str:
        return "\n\n".join(p._text() for p in self.parts)


class RuleList(Shown):
    """Rules with their ids, tags and texts: the rules that decide a lesson."""

    def __init__(self, game: Game, ids: Iterable[str]) -> None:
        self.game = game
        self.rules = [_known_rule(game, i) for i in ids]

    @property
    def ids(self) -> list[str]:
        return [r.id for r in self.rules]

    def _html(self) -> str:
        if not self.rules:
            return ""
        rows = "".join(f'<li style="margin:2px 0">{r.chip()} {_esc(r.text)}</li>' for r in self.rules)
        return (f'<ul class="rx-rules" style="{FONT};list-style:none;padding:6px 10px;margin:4px 0;'
                f'border-left:3px solid #8a7f6a;background:#f7f5f0">{rows}</ul>')

    def _text(self) -> str:
        return "\n".join(str(r) for r in self.rules)


def _known_rule(game: Game, rule_id: str) -> RuleRef:
    ref = RuleRef.of(game, rule_id)
    if not ref.tag:
        raise InvalidInput("rules", f"{rule_id!r} is not a rule of {game.name} (see seeds/{game.name}.md)")
    return ref


def _game_of(source: Game | State) -> Game:
    return source.game if isinstance(source, State) else source


def rules(source: Game | State, *ids: str) -> RuleList:
    """The rules `ids` of a game (or a state's game): id, source tag and text.

    An unknown id is refused (InvalidInput), so a lesson cannot cite a rule that does
    not exist.

    >>> import explorer
    >>> print(rules(explorer.load("summoners"), "S-SUIT-1"))  # doctest: +ELLIPSIS
    S-SUIT-1 [seed] ...
    """
    return RuleList(_game_of(source), ids)


def _check_viewer(state: State, viewer: int | None) -> int | None:
    players = state.game.players
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < players):
        raise InvalidInput("viewer", f"expected None (teacher) or a seat 0..{players - 1}, got {viewer!r}")
    return viewer


def _board_html(state: State, viewer: int | None, events: list[dict[str, Any]] | None = None) -> str:
    scene = state.scene(viewer)
    if events is not None:
        scene = {**scene, "events": events}
    return scene_html(scene)


def _board_text(state: State, viewer: int | None) -> str:
    scene = state.scene(viewer)
    who = "teacher view" if viewer is None else f"{seat_name(viewer)}'s view"
    lines = [f"{scene.get('title', state.game.name)} ({who}): {scene.get('status', '')}"]
    lines += [f"  {zone}: {what}" for zone, what in zone_words(scene).items()]
    return "\n".join(lines)


class Scenario(Shown):
    """A position on the board, with the rules that decide it (see `show`)."""

    def __init__(self, state: State, rules: Sequence[str] = (), viewer: int | None = None,
                 title: str = "") -> None:
        self.state = state
        self.viewer = _check_viewer(state, viewer)
        self.rules = RuleList(state.game, rules)
        self.title = title

    def _html(self) -> str:
        title = (f'<div style="{FONT};font-weight:600;margin:4px 0">{_esc(self.title)}</div>'
                 if self.title else "")
        return (f'<div class="rx-teach" data-kind="scenario">{title}{self.rules._html()}'
                f'{_board_html(self.state, self.viewer)}</div>')

    def _text(self) -> str:
        parts = [self.title, self.rules._text(), _board_text(self.state, self.viewer)]
        return "\n".join(p for p in parts if p)


def show(state: State, rules: Sequence[str] = (), viewer: int | None = None, title: str = "") -> Scenario:
    """A scenario on the board (`viewer`'s view; None = the teacher's, showing everything),
    with the rules that decide it listed above it: rule id, tag and text.

    >>> import explorer
    >>> game = explorer.load("village", players=3)
    >>> print(show(game.scenario(hands=["Axe", "Crown", ""]), rules=["V-HAND-1"], viewer=0))
    ... # doctest: +ELLIPSIS
    V-HAND-1 [seed] There is no limit to the number of cards in a hand.
    Please Don't Burn My Village! (P0's view): P0 to move (turn 1)
    ...
      Villages › P1: face down ×1; 1 in hand, bribes worth 0
    ...
    """
    return Scenario(state, rules, viewer, title)


# ------------------------------------------------------------------------ narrate
class Step:
    """One move of a narration: the move as the viewer may read it, and its events."""

    __slots__ = ("before", "move", "after", "said", "events")

    def __init__(self, before: State, move: Move, after: State, viewer: int | None) -> None:
        self.before, self.move, self.after = before, move, after
        seen = after.visible_events(viewer)
        readable = viewer is None or all(e.visible_to is None or viewer in e.visible_to
                                         for e in after.events)
        if before.to_move == CHANCE:
            said = f"luck: {move.label}" if readable else f"luck: {before.pending.prompt}"
        else:
            said = str(move) if readable else before.pending.prompt
        self.said = said
        self.events = [(str(e["text"]), str(e.get("rule") or "")) for e in seen]


class Narration(Shown):
    """Moves played from a position, each told with its events and their rules, then
    what changed on the board and the board after (see `narrate`)."""

    def __init__(self, state: State, moves: Sequence[Move | str], viewer: int | None = None,
                 board: bool = True) -> None:
        self.start = state
        self.board = board
        self.viewer = _check_viewer(state, viewer)
        self.steps: list[Step] = []
        for move in moves:
            if isinstance(move, str):
                move = state.game.parse_move(move)
            before, state = state, state.play(move)
            self.steps.append(Step(before, move, state, self.viewer))
        self.state = state
        """The position after the last move (play on from here)."""
        self.changes = scene_diff(self.start.scene(self.viewer), state.scene(self.viewer))
        """What differs on the board, in the board's words ("zone: before → after")."""

    @property
    def outcome(self) -> Any:
        """The final state's `Outcome` when the game is over, else None."""
        return self.state.outcome()

    def _html(self) -> str:
        game = self.state.game
        steps = []
        for step in self.steps:
            rule = "" if step.before.to_move == CHANCE else getattr(step.move, "rule", "")
            events = "".join(f'<li style="margin:1px 0">{_esc(text)} {_chip(game, r)}</li>'
                             for text, r in step.events)
            steps.append(f'<li style="margin:3px 0"><b>▶ {_esc(step.said)}</b> {_chip(game, rule)}'
                         f'<ul style="margin:1px 0;padding-left:18px">{events}</ul></li>')
        changes = "".join(f"<li>{_esc(c)}</li>" for c in self.changes if not c.startswith("status:"))
        changed = (f'<div style="margin-top:4px"><i>On the board:</i><ul style="margin:1px 0;'
                   f'padding-left:18px;font-size:12px;color:#444">{changes}</ul></div>') if changes else ""
        over = _Outcome(self.state)._html() if self.state.is_over else ""
        board = _board_html(self.state, self.viewer) if self.board else ""
        return (f'<div class="rx-teach" data-kind="narration"><div style="{BOX}">'
                f'<ul style="list-style:none;padding:0;margin:0">{"".join(steps)}</ul>{changed}</div>'
                f'{over}{board}</div>')

    def _text(self) -> str:
        game = self.state.game
        lines = []
        for step in self.steps:
            lines.append(f"▶ {step.said}")
            lines += [f"    {text}" + (f"  [{_short(game, r)}]" if r else "") for text, r in step.events]
        shown = [c for c in self.changes if not c.startswith("status:")]
        if shown:
            lines.append("On the board:")
            lines += [f"    {c}" for c in shown]
        if self.state.is_over:
            lines.append(_Outcome(self.state)._text())
        if self.board:
            lines.append(_board_text(self.state, self.viewer))
        return "\n".join(lines)


def narrate(state: State, *moves: Move | str, viewer: int | None = None, board: bool = True) -> Narration:
    """Play `moves` (Moves or move texts; chance outcomes too, e.g. "reveal Crown") from
    `state` and tell what happened: each event as a sentence with its rule, what changed
    on the board, and the board after. `.state` is the position reached.

    With `viewer` a player, the narration is what that player reads: a secret (the card
    another player drew) is told only as the others hear it. An illegal move raises
    `IllegalMove` with its Reason (use `try_move` to show a refusal). `board=False`
    leaves the board out.

    >>> import explorer
    >>> game = explorer.load("village", players=3)
    >>> told = narrate(game.scenario(hands=["Axe", "", ""], deck="Crown"), "P0 draw", "reveal Crown",
    ...                viewer=1)
    >>> print(told.steps[1].said, "|", told.steps[1].events[0][0])
    luck: P0 draws the top card of the deck | P0 draws a card
    """
    return Narration(state, moves, viewer, board)


# ------------------------------------------------------------------------ try_move
class Verdict:
    """Whether one move is legal in a position: `reason` is None, or why it is refused."""

    __slots__ = ("text", "move", "reason", "rule")

    def __init__(self, state: State, move: Move | str) -> None:
        self.text = str(move)
        self.move: Move | None = None
        try:
            self.move = state.game.parse_move(move) if isinstance(move, str) else move
            self.reason = state.why_not(self.move)
        except InvalidInput as exc:
            self.reason = Reason("CORE-MOVE", str(exc))
        rule = self.reason.rule if self.reason else getattr(self.move, "rule", "")
        self.rule = RuleRef.of(state.game, rule)

    @property
    def legal(self) -> bool:
        return self.reason is None

    def html(self) -> str:
        if self.reason is None:
            label = getattr(self.move, "label", "")
            return (f'<li class="rx-verdict" data-legal="true" style="margin:3px 0"><span style="{YES}">✓</span>'
                    f' <code>{_esc(self.text)}</code> is legal'
                    f'{": " + _esc(label) if label and label != self.text else ""} {self.rule.chip()}</li>')
        return (f'<li class="rx-verdict" data-legal="false" data-rule="{_esc(self.reason.rule)}" '
                f'style="margin:3px 0"><span style="{NO}">✗</span> <code>{_esc(self.text)}</code> — refused by '
                f'{self.rule.chip()} {_esc(self.reason.text)}'
                + (f'<div style="font-size:11px;color:#666;margin-left:18px">{_esc(self.rule.id)}: '
                   f'{_esc(self.rule.text)}</div>' if self.rule.text else "") + "</li>")

    def __str__(self) -> str:
        if self.reason is None:
            return f"✓ {self.text} — legal" + (f" ({self.rule.short()})" if self.rule.id else "")
        return f"✗ {self.text} — refused by {self.rule.short()}: {self.reason.text}"

    __repr__ = __str__


class Verdicts(Shown):
    """Several moves tried in one position (see `try_move`)."""

    def __init__(self, verdicts: list[Verdict]) -> None:
        self.verdicts = verdicts

    def __iter__(self):
        return iter(self.verdicts)

    def __len__(self) -> int:
        return len(self.verdicts)

    def __getitem__(self, index: int) -> Verdict:
        return self.verdicts[index]

    @property
    def reasons(self) -> list[Reason | None]:
        return [v.reason for v in self.verdicts]

    def _html(self) -> str:
        items = "".join(v.html() for v in self.verdicts)
        return (f'<ul class="rx-teach" data-kind="verdicts" style="{BOX};list-style:none">{items}</ul>')

    def _text(self) -> str:
        return "\n".join(str(v) for v in self.verdicts)


def try_move(state: State, *moves: Move | str) -> Verdicts:
    """Try each move (a Move or its text) in `state`: legal, or refused with the rule.

    Nothing is played. A text that does not read as a move of the game is refused
    with the engine's rule CORE-MOVE and the parser's explanation.

    >>> import explorer
    >>> game = explorer.load("summoners", players=2)
    >>> red8 = game.scenario(grid={(0, 0): "B9", (2, 0): "B2"}, hands=[["R8"], []], phase="play")
    >>> tried = try_move(red8, "P0 play R8 at -1,0", "P0 play R8 at 3,0")
    >>> [v.legal for v in tried], tried[0].reason.rule
    ([False, True], 'S-PLACE-4')
    """
    return Verdicts([Verdict(state, m) for m in moves])


def why_click(board: "Board", selected: Sequence[str], clicked: str) -> Verdicts:
    """Why clicking `clicked` on a live board after selecting `selected` plays no move:
    the move the clicks mean and the rule that refuses it (`Board.explain`)."""
    reason = board.explain(list(selected), clicked)
    verdict = Verdict.__new__(Verdict)
    verdict.text = " + ".join(_element_words(board.scene, e) for e in [*selected, clicked])
    verdict.move = None
    verdict.reason = reason
    verdict.rule = RuleRef.of(board.state.game, reason.rule)
    return Verdicts([verdict])


def _element_words(scene: Mapping[str, Any], element: str) -> str:
    """A clicked element of a board in the board's words: an item's title (or its text)
    and a zone's label, not its id ("hand:0:R8" is "P0's red 8")."""
    def walk(zone: Mapping[str, Any]) -> str | None:
        if zone.get("id") == element:
            return str(zone.get("label") or element)
        for item in zone.get("items", ()):
            if item.get("id") == element:
                words = str(item.get("title") or item_words(item) or element)
                return words.split(": as ", 1)[0]
        for sub in zone.get("zones", ()):
            found = walk(sub)
            if found:
                return found
        return None

    for zone in scene.get("zones", ()):
        found = walk(zone)
        if found:
            return found
    return element


# -------------------------------------------------------------------------- tables
class Table(Shown):
    """A polars frame as a lesson shows it: headers in words ("mean_score" is "mean
    score"), numbers rounded, every string whole, no dtype row."""

    def __init__(self, frame: Any, title: str = "", digits: int = 3) -> None:
        self.frame = frame
        self.title = title
        self.digits = digits

    def _cell(self, value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.{self.digits}f}".rstrip("0").rstrip(".") if value == value else "–"
        if isinstance(value, (list, tuple)):
            return ", ".join(self._cell(v) for v in value)
        return "–" if value is None else str(value)

    def _headers(self) -> list[str]:
        return [str(c).replace("_", " ") for c in self.frame.columns]

    def _html(self) -> str:
        head = "".join(f'<th style="{HEAD}">{_esc(h)}</th>' for h in self._headers())
        rows = "".join("<tr>" + "".join(f'<td style="{CELL}">{_esc(self._cell(v))}</td>' for v in row) + "</tr>"
                       for row in self.frame.iter_rows())
        title = f"<b>{_esc(self.title)}</b>" if self.title else ""
        return f'<div style="{BOX}">{title}<table style="{TABLE}"><tr>{head}</tr>{rows}</table></div>'

    def _text(self) -> str:
        lines = [self.title] if self.title else []
        lines.append(" | ".join(self._headers()))
        lines += [" | ".join(self._cell(v) for v in row) for row in self.frame.iter_rows()]
        return "\n".join(lines)


def table(frame: Any, title: str = "", digits: int = 3) -> Table:
    """A polars frame (a simulation's `summary()`, a count of endings) as a formatted
    table for a lesson."""
    if not hasattr(frame, "iter_rows") or not hasattr(frame, "columns"):
        raise InvalidInput("frame", f"expected a polars DataFrame, got {type(frame).__name__}")
    return Table(frame, title, digits)


# -------------------------------------------------------------------------- moves
class MoveTable(Shown):
    """The legal moves of a position, or its chance outcomes with their odds (see `moves`)."""

    def __init__(self, state: State, limit: int | None = None, grouped: bool = False,
                 viewer: int | None = None) -> None:
        self.state = state
        self.viewer = _check_viewer(state, viewer)
        self.pending = state.pending
        self.limit = limit
        self.grouped = grouped
        hidden = viewer is not None and state.to_move != viewer
        self.chance = state.to_move == CHANCE
        if hidden:
            self.rows: list[tuple[str, str, str, float | None]] = []
        elif self.chance:
            self.rows = [(str(m), m.label, "", p) for m, p in state.chance_outcomes()]
        else:
            self.rows = [(str(m), m.label, m.rule, None) for m in state.legal_moves()]
        self.kinds: dict[str, list[Move]] = {}
        if not hidden and not self.chance:
            for move in state.legal_moves():
                self.kinds.setdefault(move.group, []).append(move)

    def __len__(self) -> int:
        return len(self.rows)

    def _heading(self) -> str:
        if self.state.is_over:
            return "The game is over: no moves."
        pend = self.pending
        who = "Chance" if self.chance else seat_name(pend.seat) if pend.seat is not None else ""
        count = len(self.rows)
        what = ("possible outcomes" if self.chance else "legal moves") if count != 1 else (
            "possible outcome" if self.chance else "legal move")
        if self.viewer is not None and pend.seat != self.viewer:
            return f"{who}: {pend.prompt} (as {seat_name(self.viewer)}, you have no move here)"
        return f"{who}: {pend.prompt} — {count} {what}"

    def _shown_rows(self) -> list[tuple[str, str, str, float | None]]:
        return self.rows if self.limit is None else self.rows[:self.limit]

    def _html(self) -> str:
        game = self.state.game
        pend = self.pending
        head = (f'<div style="font-weight:600;margin-bottom:3px">{_esc(self._heading())} '
                f'{_chip(game, pend.rule)}</div>')
        if self.grouped and self.kinds:
            body = "".join(
                f'<tr><td style="{CELL}"><b>{_esc(kind)}</b></td><td style="{CELL}">'
                f'{_esc(", ".join(str(m) for m in found))}</td><td style="{CELL}">'
                f'{"".join(_chip(game, r) for r in dict.fromkeys(m.rule for m in found))}</td></tr>'
                for kind, found in self.kinds.items())
            table = (f'<table style="{TABLE}"><tr><th style="{HEAD}">kind</th><th style="{HEAD}">moves</th>'
                     f'<th style="{HEAD}">rule</th></tr>{body}</table>')
        elif self.chance:
            body = "".join(f'<tr><td style="{CELL}"><code>{_esc(text)}</code></td>'
                           f'<td style="{CELL};text-align:right">{p:.1%}</td></tr>'
                           for text, _, _, p in self._shown_rows())
            table = (f'<table style="{TABLE}"><tr><th style="{HEAD}">outcome</th>'
                     f'<th style="{HEAD}">chance</th></tr>{body}</table>')
        elif self.rows:
            body = "".join(f'<tr><td style="{CELL}"><code>{_esc(text)}</code></td><td style="{CELL}">'
                           f'{_esc(label)}</td><td style="{CELL}">{_chip(game, rule)}</td></tr>'
                           for text, label, rule, _ in self._shown_rows())
            table = (f'<table style="{TABLE}"><tr><th style="{HEAD}">move</th><th style="{HEAD}">what it does'
                     f'</th><th style="{HEAD}">rule</th></tr>{body}</table>')
        else:
            table = ""
        more = len(self.rows) - len(self._shown_rows())
        tail = f'<div style="color:#666">… and {more} more</div>' if more > 0 and not self.grouped else ""
        return f'<div class="rx-teach" data-kind="moves" style="{BOX}">{head}{table}{tail}</div>'

    def _text(self) -> str:
        game = self.state.game
        lines = [self._heading() + (f"  [{_short(game, self.pending.rule)}]" if self.pending.rule else "")]
        if self.grouped and self.kinds:
            lines += [f"  {kind}: {', '.join(str(m) for m in found)}" for kind, found in self.kinds.items()]
            return "\n".join(lines)
        for text, label, rule, p in self._shown_rows():
            if p is not None:
                lines.append(f"  {text:28} {p:6.1%}")
            else:
                lines.append(f"  {text:34} {label}" + (f"  [{_short(game, rule)}]" if rule else ""))
        more = len(self.rows) - len(self._shown_rows())
        if more > 0:
            lines.append(f"  … and {more} more")
        return "\n".join(lines)


def moves(state: State, limit: int | None = None, grouped: bool = False,
          viewer: int | None = None) -> MoveTable:
    """The legal moves of `state` as a readable list: the move text, what it does and the
    rule that allows it, under the prompt of who decides; at a chance node, each outcome
    with its probability. `limit` shows only the first ones; `grouped` lists them by kind.
    With `viewer` a player who is not to move, no moves are listed (they would reveal
    the mover's hand).

    >>> import explorer
    >>> table = moves(explorer.load("village", players=3).new(seed=1), limit=2)
    >>> print(table)  # doctest: +ELLIPSIS
    P0: P0 chooses an action: ... — 60 legal moves  [V-TURN-1 [seed]]
      P0 bribe Axe  ...  P0: bribe the Dragon with 1 Axe (Axe bribe)  [V-BRIBE-1 [seed]]
      ...
      … and 58 more
    """
    return MoveTable(state, limit, grouped, viewer)


# ------------------------------------------------------------------------ options
def _value(value: Any) -> str:
    """An option value for people: a sequence as "1, 1, 2", an enum by its value."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return ", ".join(_value(v) for v in value)
    return str(getattr(value, "value", value))


class OptionTable(Shown):
    """A game's rule options: name, value (and default), rule id, tag, meaning."""

    def __init__(self, game: Game, source: str | None = None) -> None:
        self.game = game
        self.rows = [r for r in game.describe_options() if source is None or r["source"] == source]

    def __len__(self) -> int:
        return len(self.rows)

    def _html(self) -> str:
        def value(row: Mapping[str, Any]) -> str:
            shown = f"<code>{_esc(_value(row['value']))}</code>"
            if row["value"] != row["default"]:
                shown += f' <small style="color:#666">(default <code>{_esc(_value(row["default"]))}</code>)</small>'
            return shown

        body = "".join(
            f'<tr><td style="{CELL}"><code>{_esc(r["name"])}</code></td><td style="{CELL}">{value(r)}</td>'
            f'<td style="{CELL}">{RuleRef(r["rule"], r["source"], RuleRef.of(self.game, r["rule"]).text).chip()}'
            f'</td><td style="{CELL}">{_esc(r["doc"])}</td></tr>' for r in self.rows)
        return (f'<table class="rx-teach" data-kind="options" style="{FONT};{TABLE}"><tr>'
                f'<th style="{HEAD}">option</th><th style="{HEAD}">value</th><th style="{HEAD}">rule</th>'
                f'<th style="{HEAD}">meaning</th></tr>{body}</table>')

    def _text(self) -> str:
        lines = []
        for r in self.rows:
            changed = "" if r["value"] == r["default"] else f" (default {_value(r['default'])})"
            lines.append(f"{r['name']} = {_value(r['value'])}{changed}  {r['rule']} [{r['source']}]  {r['doc']}")
        return "\n".join(lines)


def options(game: Game | State, source: str | None = None) -> OptionTable:
    """The rule options of a game as a table: name, value, rule id with its tag, meaning.
    `source="assumed"` keeps only our own rulings (change one with
    ``explorer.load(name, players, option=value)``).

    >>> import explorer
    >>> print(options(explorer.load("village", players=3), source="assumed"))  # doctest: +ELLIPSIS
    cards_per_type = 14  V-COMP-2 [assumed]  Treasure cards of each of the six types ...
    ...
    """
    return OptionTable(_game_of(game), source)


# ------------------------------------------------------------------------ outcome
class _Outcome(Shown):
    """How a game ended (winners, score lines with rules), or the points so far."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.outcome = state.outcome()

    def _scores(self, scores: Sequence[float]) -> str:
        return " · ".join(f"{seat_name(p)} {s:g}" for p, s in enumerate(scores))

    def _html(self) -> str:
        game = self.state.game
        out = self.outcome
        if out is None:
            who = self.state.pending.prompt
            return (f'<div class="rx-teach" data-kind="outcome" style="{BOX}"><b>The game goes on</b> '
                    f'({_esc(who)}). Points if it were scored now: {_esc(self._scores(self.state.scores()))}</div>')
        winners = ", ".join(seat_name(p) for p in out.winners) or "nobody"
        lines = "".join(f'<tr><td style="{CELL}">{seat_name(line.player)}</td>'
                        f'<td style="{CELL};text-align:right">{line.points:+g}</td>'
                        f'<td style="{CELL}">{_esc(line.what)}</td><td style="{CELL}">{_chip(game, line.rule)}</td></tr>'
                        for line in out.lines)
        table = (f'<table style="{TABLE}"><tr><th style="{HEAD}">player</th><th style="{HEAD}">points</th>'
                 f'<th style="{HEAD}">for</th><th style="{HEAD}">rule</th></tr>{lines}</table>') if lines else ""
        tiebreak = f"<div>Tie-break: {_esc(out.tiebreak)}</div>" if out.tiebreak else ""
        return (f'<div class="rx-teach" data-kind="outcome" style="{BOX};background:#fff4d6;'
                f'border:2px solid #e8a33d"><b>Game over — {"winners" if len(out.winners) > 1 else "winner"}: '
                f'{_esc(winners)}</b> ({_esc(self._scores(out.scores))})<div>{_esc(out.ended_by)} '
                f'{_chip(game, out.rule)}</div>{tiebreak}{table}</div>')

    def _text(self) -> str:
        game = self.state.game
        out = self.outcome
        if out is None:
            return (f"The game goes on ({self.state.pending.prompt}). "
                    f"Points if it were scored now: {self._scores(self.state.scores())}")
        winners = ", ".join(seat_name(p) for p in out.winners) or "nobody"
        lines = [f"Game over — winner{'s' if len(out.winners) > 1 else ''}: {winners} "
                 f"({self._scores(out.scores)})", f"  {out.ended_by}  [{_short(game, out.rule)}]"]
        if out.tiebreak:
            lines.append(f"  Tie-break: {out.tiebreak}")
        lines += [f"  {seat_name(line.player)}: {line.points:+g} for {line.what}  [{_short(game, line.rule)}]"
                  for line in out.lines]
        return "\n".join(lines)


def outcome(state: State) -> Shown:
    """How the game ended: winners, why (with the rule), the tie-break, and every score
    line with its rule. While the game goes on: the points if it were scored now."""
    return _Outcome(state)


# ------------------------------------------------------------------ perspectives
class Perspectives(Shown):
    """What each viewer sees of one position, zone by zone (see `perspectives`)."""

    def __init__(self, state: State, viewers: Sequence[int | None]) -> None:
        self.state = state
        self.viewers = [_check_viewer(state, v) for v in viewers]
        self.seen = [zone_words(state.scene(v)) for v in self.viewers]
        keys: dict[str, None] = {}
        for seen in self.seen:
            keys.update(dict.fromkeys(seen))
        self.zones = list(keys)

    def _label(self, viewer: int | None) -> str:
        return "teacher" if viewer is None else seat_name(viewer)

    def _html(self) -> str:
        head = "".join(f'<th style="{HEAD}">{_esc(self._label(v))} sees</th>' for v in self.viewers)
        rows = []
        for zone in self.zones:
            values = [s.get(zone, "") for s in self.seen]
            differs = len(set(values)) > 1
            style = CELL + (";background:#fff8ec" if differs else "")
            rows.append(f'<tr><td style="{CELL}"><b>{_esc(zone)}</b></td>'
                        + "".join(f'<td style="{style}">{_esc(v)}</td>' for v in values) + "</tr>")
        return (f'<table class="rx-teach" data-kind="perspectives" style="{FONT};{TABLE}"><tr>'
                f'<th style="{HEAD}">zone</th>{head}</tr>{"".join(rows)}</table>')

    def _text(self) -> str:
        lines = []
        for zone in self.zones:
            values = [s.get(zone, "") for s in self.seen]
            if len(set(values)) == 1:
                lines.append(f"{zone}: {values[0]} (everyone)")
            else:
                lines.append(f"{zone}:")
                lines += [f"    {self._label(v):8} sees {value}" for v, value in zip(self.viewers, values)]
        return "\n".join(lines)


def perspectives(state: State, *viewers: int | None) -> Perspectives:
    """What each of `viewers` (None = the teacher, 0, 1... = P0, P1...) sees of `state`,
    zone by zone, the differences highlighted. Built from each viewer's own board, so a
    player's column never holds what that player may not see."""
    return Perspectives(state, viewers or (None, *range(state.game.players)))


# ------------------------------------------------------------------------ history
class History(Shown):
    """An explorer tree as an indented list of moves, the current position marked."""

    def __init__(self, tree: Explorer) -> None:
        self.tree = tree
        self.rows = tree.tree_rows()

    def _row_text(self, row: Mapping[str, Any]) -> str:
        label = "start" if row["id"] == 0 else row["label"]
        if row["mark"]:
            label += f" {row['mark']}"
        if row["then"]:
            label += " → " + " → ".join(row["then"])
        return f"#{row['id']} {label}"

    def _html(self) -> str:
        items = []
        for row in self.rows:
            mark = " ◀ here" if row["current"] else ""
            note = (f' <i style="color:#6b5b95">// {_esc(row["comment"])}</i>' if row["comment"] else "")
            dim = "color:#777;" if row["chance"] else ""
            items.append(f'<li style="margin:1px 0;padding-left:{14 * row["depth"]}px;{dim}">'
                         f'{_esc(self._row_text(row))}{note}<b>{mark}</b></li>')
        return (f'<div class="rx-teach" data-kind="history" style="{BOX}"><div style="font-weight:600">'
                f'{counted(len(self.tree.nodes), "position")} explored</div><ul style="list-style:none;padding:0;'
                f'margin:2px 0;font-family:ui-monospace,monospace;font-size:12px">{"".join(items)}</ul></div>')

    def _text(self) -> str:
        lines = [f"{counted(len(self.tree.nodes), 'position')} explored"]
        for row in self.rows:
            lines.append("  " * row["depth"] + self._row_text(row)
                         + (f"   // {row['comment']}" if row["comment"] else "")
                         + ("   ◀ here" if row["current"] else ""))
        return "\n".join(lines)


def history(tree: Explorer) -> History:
    """The positions of an explorer tree, one per line, indented by depth: each move
    (cards turned shown greyed), comments, the current position marked."""
    return History(tree)


class Changes(Shown):
    """What differs between two positions, in the board's words (see `changes`)."""

    def __init__(self, before: State, after: State, viewer: int | None = None, title: str = "") -> None:
        self.viewer = _check_viewer(before, viewer)
        self.title = title or "What differs"
        self.lines = scene_diff(before.scene(viewer), after.scene(viewer))

    def __len__(self) -> int:
        return len(self.lines)

    def _html(self) -> str:
        if not self.lines:
            return (f'<div class="rx-teach" data-kind="changes" style="{BOX}"><b>{_esc(self.title)}</b>: '
                    f'the two positions look the same.</div>')
        items = "".join(f"<li>{_esc(line)}</li>" for line in self.lines)
        return (f'<div class="rx-teach" data-kind="changes" style="{BOX}"><b>{_esc(self.title)}</b>'
                f'<ul style="margin:2px 0;padding-left:18px">{items}</ul></div>')

    def _text(self) -> str:
        if not self.lines:
            return f"{self.title}: the two positions look the same."
        return "\n".join([f"{self.title}:", *(f"    {line}" for line in self.lines)])


def changes(before: State | Explorer, after: State | int, other: int | None = None,
            viewer: int | None = None, title: str = "") -> Changes:
    """What differs between two positions: ``changes(state_a, state_b)``, or between two
    nodes of a tree, ``changes(tree, node_a, node_b)``; as `viewer` sees them, in the
    board's words, under `title` (default "What differs")."""
    if isinstance(before, Explorer):
        if not isinstance(after, int) or other is None:
            raise InvalidInput("changes", "with a tree, give two node ids: changes(tree, a, b)")
        return Changes(before.nodes[after].state, before.nodes[other].state, viewer, title)
    if not isinstance(after, State):
        raise InvalidInput("changes", "expected two States, or a tree and two node ids")
    return Changes(before, after, viewer, title)


# ------------------------------------------------------------------------- games
class GameList(Shown):
    """The games this explorer plays: name, title, players, number of rules."""

    def __init__(self) -> None:
        self.rows = []
        for name in list_games():
            game = load(name)
            try:
                count = len(game.rules())
            except (OSError, ValueError):
                count = 0
            self.rows.append((name, game.title, f"{game.min_players}–{game.max_players}", count))

    def _html(self) -> str:
        body = "".join(f'<tr><td style="{CELL}"><code>{_esc(n)}</code></td><td style="{CELL}">{_esc(t)}</td>'
                       f'<td style="{CELL}">{_esc(p)}</td><td style="{CELL};text-align:right">{c}</td></tr>'
                       for n, t, p, c in self.rows)
        return (f'<table class="rx-teach" data-kind="games" style="{FONT};{TABLE}"><tr>'
                f'<th style="{HEAD}">name</th><th style="{HEAD}">game</th><th style="{HEAD}">players</th>'
                f'<th style="{HEAD}">rules</th></tr>{body}</table>')

    def _text(self) -> str:
        return "\n".join(f"{n:10} {t} ({p} players, {c} rules)" for n, t, p, c in self.rows)


def games() -> GameList:
    """The games this explorer plays, with their player counts and number of rules."""
    return GameList()


class LoadCheck(Shown):
    """A game made with some players and options, or the reason it is refused."""

    def __init__(self, name: str, players: int | None, options: Mapping[str, Any]) -> None:
        self.asked = f"explorer.load({name!r}" + (f", players={players}" if players is not None else "") + "".join(
            f", {k}={v!r}" for k, v in options.items()) + ")"
        self.game: Game | None = None
        self.error: InvalidInput | None = None
        try:
            self.game = load(name, players, **options)
        except InvalidInput as exc:
            self.error = exc

    def _text(self) -> str:
        if self.game is not None:
            return f"✓ {self.asked}: {self.game.title}, {self.game.players} players"
        assert self.error is not None             # no game: the reason it was refused
        return f"✗ {self.asked} — refused: {self.error.field}: {self.error.problem}"

    def _html(self) -> str:
        if self.game is not None:
            return (f'<div class="rx-teach" data-kind="load" style="{BOX}"><span style="{YES}">✓</span> '
                    f'<code>{_esc(self.asked)}</code>: {_esc(self.game.title)}, {self.game.players} players</div>')
        assert self.error is not None             # no game: the reason it was refused
        return (f'<div class="rx-teach" data-kind="load" style="{BOX}"><span style="{NO}">✗</span> '
                f'<code>{_esc(self.asked)}</code> — refused: <b>{_esc(self.error.field)}</b>: '
                f'{_esc(self.error.problem)}</div>')


def try_load(name: str, players: int | None = None, **options: Any) -> LoadCheck:
    """Make a game, or show why it is refused (the field and the problem).

    >>> print(try_load("village", players=6))
    ✗ explorer.load('village', players=6) — refused: players: Please Don't Burn My Village! is for 2-5 players, not 6
    """
    return LoadCheck(name, players, options)


# ------------------------------------------------------------------- live boards
def history_label(board: "Board") -> Any:
    """A one-line label under a live board that follows it: "node 3: 5 positions
    explored" (the board's node in its explorer tree, and the tree's size)."""
    from .widgets.label import PicturedLabel

    label = PicturedLabel()
    label.add_class("rx-echo")

    def follow(_: Any = None) -> None:
        label.value = f"node {board.node}: {counted(len(board.explorer.nodes), 'position')} explored"

    board.observe(follow, "revision")
    follow()
    return label


# -------------------------------------------------------------------------- odds and analysis
def odds(state: State, viewer: int | None = None) -> Table:
    """The coming luck of `state`, exact, as `viewer` knows it (`explorer.odds`), one row
    per outcome of each question."""
    from .core.odds import odds as exact_odds
    whose = "as the teacher sees it" if viewer is None else f"as {seat_name(viewer)} knows it"
    return Table(exact_odds(state, viewer), f"The coming luck, exact, {whose}", digits=3)


def analysis(state: State, viewer: int | None = None, seconds: float = 1.0, seed: int = 0) -> Table:
    """The value of every legal move of `state` for its mover (`explorer.analyse`), best
    first: its estimated win share and 95% interval, and the best marked ★."""
    import polars as pl

    from .core.analysis import Analysis
    study = Analysis(state, viewer, seed)
    study.think(seconds=seconds)
    rows = study.ranked()
    frame = pl.DataFrame({
        "move": [("★ " if r["best"] else "") + r["label"] for r in rows],
        "win share": [r["win_share"] for r in rows],
        "interval": [f"{r['low']:.2f}–{r['high']:.2f}" for r in rows],
        "samples": [r["samples"] for r in rows]})
    return Table(frame, f"{seat_name(study.mover)}'s moves, win share {study.whose} "
                        f"({seconds:g} s of thinking)", digits=2)


def play_out(state: State, agents: Sequence[str], seed: int = 0) -> Explorer:
    """A tree of the game from `state` to its end, each seat played by the agent named
    for it ("greedy", "mcts", "mcts:200", "random"; `explorer.core.agents.make_agent`)."""
    import random

    from .core.agents import make_agent, observe
    game = state.game
    if len(agents) != game.players:
        raise InvalidInput("agents", f"expected one agent per seat ({game.players}), got {len(agents)}")
    players = [make_agent(name, game) for name in agents]
    rng = random.Random(seed)
    tree = Explorer(state, seed=seed)
    while not tree.state.is_over:
        mover = tree.state.to_move
        assert mover is not None and mover != CHANCE
        agent = players[mover]
        tree.play(agent.choose(observe(tree.state, mover, agent.observes), rng))
    return tree


class Record(Shown):
    """A game judged move by move (`core.analysis.game_record`): its marked decisions as a
    table, the whole frame in `frame`, and the chart of the game in `chart()`."""

    def __init__(self, frame: Any) -> None:
        import polars as pl
        self.frame = frame
        marked = frame.filter(pl.col("mark") != "")
        self.table = Table(marked.select(
            pl.col("ply").alias("decision"), "mover", pl.concat_str(["move", pl.lit(" "), "mark"]).alias("move played"),
            pl.col("win_share").alias("its win share"), pl.col("best").alias("best move found"),
            pl.col("best_share").alias("its win share "), pl.col("loss").alias("loss")),
            f"{counted(marked.height, 'marked decision')} of {frame.height} "
            f"(?! lost 0.05 or more, ? 0.10, ?? 0.20), each judged from its mover's view", digits=2)

    def chart(self) -> Any:
        from .charts import game_record
        return game_record(self.frame)

    def _html(self) -> str:
        return self.table._html()

    def _text(self) -> str:
        return self.table._text()


def record(tree: Explorer, seconds: float = 0.2) -> Record:
    """Judge every decision of the tree's current line from its mover's view, mark the
    mistakes in the tree ("?!", "?", "??": the history shows them) and return the record."""
    from .core.analysis import game_record
    return Record(game_record(tree, seconds=seconds, show=True))
