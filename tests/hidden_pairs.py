"""Pairs of positions and of explorer trees that look the same to one player, and every
channel by which a product shows that player anything.

A pair is (a, b, p): `b` differs from `a` only in what player p may not know. For a
single position `b = a.determinize(p, rng)` (determinize redeals exactly what p cannot
see). For a tree, `b` starts from such a twin of `a`'s root and replays `a`'s moves and
luck; the pair is kept only when every position of the line still looks the same to p
(a card p later sees played legitimately tells the two apart, and is no leak).

`channels(...)` renders everything that p can be shown: the view, the scene, the board's
synced traits and its static HTML, the panel's why-not answers, history rows, marks and
narration, the legal-move texts, an Observation, an agent's choice, determinize samples,
the player's saved file, the lesson helpers and Lying Pirates' odds. A leak is any
channel whose text differs between the two sides of a pair.

The test (`test_hidden_pairs.py`) uses a few hundred pairs a game; `HIDDEN_PAIRS=heavy`
checks ten times as many (a manual run).
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from typing import Any

import explorer
from explorer import teach
from explorer.core.agents import Observation, make_agent
from explorer.core.errors import IllegalMove, InvalidInput
from explorer.core.game import Game
from explorer.core.scene import items
from explorer.core.state import CHANCE, State
from explorer.core.tree import Explorer
from explorer.widgets import Board, Panel
from explorer.widgets.history import study_rows

HEAVY = os.environ.get("HIDDEN_PAIRS") == "heavy"
SCALE = 10 if HEAVY else 1


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every game at every player count, Lying Pirates with Cities of Greed, and Momiji
    with the landscape draft."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in explorer.list_games():
        game = explorer.load(name)
        for players in range(game.min_players, game.max_players + 1):
            found.append((name, {"players": players}))
            if name == "pirates" and players <= 4:
                found.append((name, {"players": players, "cities_of_greed": True}))
            if name == "momiji":        # the landscape draft is hidden too (M-DRAFT-2)
                found.append((name, {"players": players, "landscapes": "draft"}))
    return found


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    extra = "+cities" if options.get("cities_of_greed") else ""
    extra += "+draft" if options.get("landscapes") == "draft" else ""
    return f"{name}-{options['players']}p{extra}"


def random_line(state: State, rng: random.Random, plies: int) -> list[State]:
    """The positions of a random line from `state`, chance nodes included."""
    line = [state]
    for _ in range(plies):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng), check=False)
        else:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))], check=False)
        line.append(state)
    return line


# ------------------------------------------------------------------------ channels
def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _board_payload(board: Board) -> dict[str, Any]:
    """Every trait a board syncs to the browser, its static HTML and its click answers."""
    sent = {k: v for k, v in board.get_state().items()
            if not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}
    answers = []
    for element in sorted({i["id"] for i in items(board.scene) if i.get("id")})[:8]:
        board._on_custom_msg(board, {"event": "why", "selected": [], "clicked": element}, [])
        answers.append(dict(board.message))
    return {"traits": sent, "static": board._repr_mimebundle_().get("text/html"), "answers": answers}


def _panel_payload(panel: Panel, asked: list[str]) -> dict[str, Any]:
    """The panel's synced widget values (every child widget) and its why-not answers to
    the mover's own move labels (from both sides of the pair)."""
    answers = []
    for text in asked:
        panel.ask_why(text)
        answers.append(panel.why_result.value)
    panel.ask_why("")
    values = {}
    for widget in _descendants(panel):
        state = widget.get_state()
        values[type(widget).__name__ + ":" + str(len(values))] = {
            k: v for k, v in state.items()
            if k in ("value", "description", "options", "_options_labels", "disabled", "rows", "html")
        }
    return {"answers": answers, "widgets": values}


def _descendants(widget: Any) -> list[Any]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found


def labels(state: State) -> list[str]:
    """The first labels of the mover's legal moves (what the why-not box is asked)."""
    if state.to_move is None or state.to_move == CHANCE:
        return []
    return [m.label for m in state.legal_moves()][:6]


def position_channels(state: State, viewer: int, asked: list[str]) -> dict[str, str]:
    """Everything `viewer` can be shown of one position, as text."""
    game = state.game
    out: dict[str, str] = {
        "view": _text(state.view(viewer)),
        "scene": _text(state.scene(viewer)),
        "events": _text(state.visible_events(viewer)),
    }
    if state.to_move == viewer:
        out["legal"] = _text([(str(m), m.label, m.rule) for m in state.legal_moves()])
        obs = Observation(state, viewer)
        out["observation"] = _text({"legal": [str(m) for m in obs.legal], "view": obs.view})
        sample = obs.sample(random.Random(7))
        out["observation sample"] = sample.to_json()
        for name in ("random", "greedy"):
            try:
                agent = make_agent(name, game)
            except InvalidInput:
                continue
            out[f"agent {name}"] = str(agent.choose(Observation(state, viewer), random.Random(3)))
    for k in range(2):
        out[f"determinize {k}"] = state.determinize(viewer, random.Random(k)).to_json()
    out["board"] = _text(_board_payload(Board(state, viewer=viewer)))
    out["panel"] = _text(_panel_payload(Panel(state, viewer=viewer), asked))
    out["file"] = Explorer(state).to_json(viewer=viewer)
    out["teach show"] = teach.show(state, viewer=viewer)._repr_html_()
    out["teach perspectives"] = teach.perspectives(state, viewer)._repr_html_()
    if game.name == "pirates":
        from explorer.games.pirates.odds import face_table, odds_from_view
        view = state.view(viewer)
        try:
            out["odds"] = _text(odds_from_view(view, viewer))
            out["face table"] = _text(face_table(view, viewer))
        except InvalidInput as exc:        # no cups to judge in this phase
            out["odds"] = str(exc)
    return out


def tree_channels(tree: Explorer, viewer: int) -> dict[str, str]:
    """Everything `viewer` can be shown of a whole tree: history rows, the board's marks
    and narration at every node of the line, and the player's saved file."""
    out: dict[str, str] = {"history": _text(study_rows(tree, viewer)),
                           "file": tree.to_json(viewer=viewer)}
    board = Board(tree, viewer=viewer)
    for node in tree.line():
        tree.goto(node.id)
        board.refresh()
        out[f"node {node.id}"] = _text({"marks": board.marks, "narration": board.narration(),
                                        "html": board.html})
    return out


# ------------------------------------------------------------------------ pairs
@dataclass
class Pair:
    a: Any
    b: Any
    viewer: int
    where: str


def position_pairs(game: Game, count: int, seed: int) -> list[Pair]:
    """`count` pairs of positions: random positions of seeded games and their twins for
    each viewer."""
    rng = random.Random(seed)
    pairs: list[Pair] = []
    game_seed = seed
    while len(pairs) < count:
        game_seed += 1
        line = random_line(game.new(seed=game_seed), rng, 200)
        for state in line[:: max(1, len(line) // 6)]:
            for viewer in range(game.players):
                twin = state.determinize(viewer, rng)
                pairs.append(Pair(state, twin, viewer, f"seed {game_seed}, viewer P{viewer}"))
    return pairs[:count]


def tree_pairs(game: Game, count: int, seed: int, plies: int = 16) -> list[Pair]:
    """`count` pairs of trees. Each starts at a random position and its twin for a
    viewer, and plays the same random line in both (the teacher's tree: forced moves
    are played by the tree, so a hand that forces a move in one tree and not in the
    other gives a forced node on one side only). Kept when every position of the line
    looks the same to the viewer."""
    rng = random.Random(seed)
    pairs: list[Pair] = []
    game_seed = seed
    tries = 0
    while len(pairs) < count and tries < count * 60:
        tries += 1
        game_seed += 1
        start = random_line(game.new(seed=game_seed), rng, rng.randrange(0, 60))[-1]
        viewer = rng.randrange(game.players)
        twin = start.determinize(viewer, rng)
        a = Explorer(start, seed=1, auto_chance=False)
        for _ in range(rng.randrange(2, plies)):
            state = a.state
            if state.is_over:
                break
            if state.to_move == CHANCE:
                a.resolve_chance(state.sample_chance(rng))
            else:
                moves = state.legal_moves()
                a.play(moves[rng.randrange(len(moves))])
        b = Explorer(twin, seed=1, auto_chance=False)
        if not _same_tree(a, b, viewer):
            continue
        pair = Pair(a, b, viewer, f"seed {game_seed}, viewer P{viewer}")
        if one_sided_forced(pair):
            pairs.insert(0, pair)
        elif len(pairs) < count:
            pairs.append(pair)
        if len(pairs) >= count and one_sided_forced(pairs[0]):
            break
    return pairs[:count]


def one_sided_forced(pair: Pair) -> bool:
    """Whether one tree of the pair has a forced node where the other has a choice."""
    return any(node.forced != pair.b.nodes[node.id].forced for node in pair.a.nodes.values())


def _same_tree(a: Explorer, b: Explorer, viewer: int) -> bool:
    """Replay `a`'s line into `b` (node by node: a node `b` made itself as a forced move
    must be the same move), then play in `a` any forced move `b` made beyond its end.
    True when both lines hold the same moves and look the same to `viewer` throughout."""
    line = a.line()[1:]
    for node in line:
        here = b.node
        if here.id == node.id:          # b played it by itself (forced)
            if here.move != node.move:
                return False
            continue
        try:
            if node.move_by == CHANCE:
                b.resolve_chance(node.move)
            else:
                b.play(node.move)
        except (IllegalMove, InvalidInput):
            return False
        if b.nodes.get(node.id) is None or b.nodes[node.id].move != node.move:
            return False
    while len(b.line()) > len(a.line()):
        extra = b.line()[len(a.line())]
        try:
            a.play(extra.move)
        except (IllegalMove, InvalidInput):
            return False
    if [n.move for n in a.line()] != [n.move for n in b.line()]:
        return False
    return all(x.state.view(viewer) == y.state.view(viewer) for x, y in zip(a.line(), b.line()))


def differences(left: dict[str, str], right: dict[str, str]) -> list[str]:
    return [key for key in sorted(set(left) | set(right)) if left.get(key) != right.get(key)]

