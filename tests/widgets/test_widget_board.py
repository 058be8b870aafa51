"""The board's Python side: what it sends, and how it answers clicks (no browser).

The browser's requests are fed to `Board._on_custom_msg` directly, as the kernel would.
"""
from __future__ import annotations

import pytest
from widget_toy import Place, toy_game

import explorer
from explorer.core.scene import items
from explorer.core.tree import Explorer
from explorer.widgets import Board


@pytest.fixture
def board() -> Board:
    return Board(toy_game().new(seed=1))


def click(board: Board, content: object) -> None:
    board._on_custom_msg(board, content, [])


def test_teacher_gets_the_scene_and_every_legal_move(board: Board) -> None:
    state = board.state
    assert board.scene["zones"] == state.scene(None)["zones"]
    assert [m["text"] for m in board.moves] == [str(m) for m in state.legal_moves()]
    first = board.moves[0]
    assert first == {"text": "place p0 1 c0", "label": "P0 places a 1 on cell 0",
                     "rule": "T-PLACE", "targets": ["hand:0:1", "cell:0"], "confirm": False,
                     "ordered": False}


@pytest.mark.rules("CORE-LEGAL")
def test_a_legal_click_plays_into_the_history(board: Board) -> None:
    before, revision = board.state, board.revision
    click(board, {"event": "play", "text": "place p0 3 c2"})
    assert board.state != before
    assert board.state.data.cells[2] == (0, 3)
    line = board.explorer.line()
    assert [str(n.move) for n in line[1:2]] == ["place p0 3 c2"]
    assert board.node == board.explorer.current and board.node > 0
    assert board.revision > revision
    assert board.message["kind"] == "played" and board.message["rule"] == "T-PLACE"
    # the move and the draw it triggered are narrated together
    assert [e["rule"] for e in board.scene["events"]] == ["T-PLACE", "T-DRAW"]


def test_an_illegal_click_explains_with_the_game_rule_and_changes_nothing(board: Board) -> None:
    click(board, {"event": "play", "text": "place p0 3 c2"})
    click(board, {"event": "play", "text": "place p1 2 c0"})
    state, nodes = board.state, len(board.explorer.nodes)
    click(board, {"event": "why", "selected": ["hand:0:1"], "clicked": "cell:0"})
    assert board.message["kind"] == "why"
    assert board.message["rule"] == "T-FULL"
    assert "cell 0 is taken" in board.message["text"]
    assert board.state == state and len(board.explorer.nodes) == nodes


@pytest.mark.rules("CORE-LEGAL")
def test_without_a_game_hook_the_answer_names_the_element(board: Board) -> None:
    click(board, {"event": "why", "selected": [], "clicked": "deck"})
    assert board.message["rule"] == "CORE-LEGAL"
    assert "No legal move uses deck" in board.message["text"]
    click(board, {"event": "why", "selected": ["hand:0:1", "cell:0"], "clicked": "cell:1"})
    assert "together with" in board.message["text"]


def test_an_illegal_play_request_is_refused_with_its_reason(board: Board) -> None:
    state = board.state
    click(board, {"event": "play", "text": "place p0 2 c0"})
    assert board.message == {"kind": "why", "text": "P0 holds no 2", "rule": "T-HAND",
                             "cite": "T-HAND", "seq": board.message["seq"]}
    assert board.state == state


@pytest.mark.parametrize("content", [
    None, "play", 42, [], {}, {"event": None}, {"event": "dance"},
    {"event": "play"}, {"event": "play", "text": 7}, {"event": "play", "text": "castle kingside"},
    {"event": "play", "text": "place p0 x c0"},
    {"event": "why"}, {"event": "why", "clicked": 3}, {"event": "why", "clicked": "cell:0", "selected": "cell:1"},
    {"event": "why", "clicked": "cell:0", "selected": [1, 2]},
])
def test_malformed_requests_are_answered_with_a_message(board: Board, content: object) -> None:
    state, nodes = board.state, len(board.explorer.nodes)
    seq = board.message.get("seq", 0)
    click(board, content)
    assert board.message["seq"] == seq + 1
    assert board.message["kind"] in ("error", "why")
    assert board.message["text"]
    assert board.state == state and len(board.explorer.nodes) == nodes


def test_a_crash_in_the_game_becomes_a_message(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(targets: tuple[str, ...]) -> Place:
        raise RuntimeError("the game hook failed")
    monkeypatch.setattr(type(board.state), "move_for_targets", lambda self, targets: broken(targets))
    click(board, {"event": "why", "selected": [], "clicked": "cell:0"})
    assert board.message["kind"] == "error"
    assert "RuntimeError: the game hook failed" in board.message["text"]


@pytest.mark.rules("CORE-LEGAL")
def test_a_player_sees_moves_only_on_their_own_turn() -> None:
    state = toy_game().new(seed=1)
    mover = Board(state, viewer=0)
    waiting = Board(state, viewer=1)
    assert mover.moves and not waiting.moves
    click(waiting, {"event": "play", "text": "place p0 1 c0"})
    assert waiting.message["rule"] == "CORE-LEGAL"
    assert "It is P0's turn; you are viewing as P1" in waiting.message["text"]
    assert waiting.state == state
    click(waiting, {"event": "why", "selected": [], "clicked": "cell:0"})
    assert "It is P0's turn" in waiting.message["text"]


def test_chance_outcomes_go_only_to_the_teacher() -> None:
    state = toy_game().new(seed=1).play("pass")
    assert state.is_chance
    explorer = Explorer(state, auto_chance=False)
    teacher, player = Board(explorer), Board(explorer, viewer=0)
    assert [m["text"] for m in teacher.moves] == [str(m) for m, _ in state.chance_outcomes()]
    assert player.moves == []
    click(player, {"event": "play", "text": teacher.moves[0]["text"]})
    assert "chance" in player.message["text"] and player.state == state
    click(teacher, {"event": "play", "text": teacher.moves[0]["text"]})
    assert teacher.message["kind"] == "played" and not teacher.state.is_chance
    drawn = teacher.message["text"]
    teacher.viewer = 1                     # the drawn card must not linger for player 1
    assert drawn not in str(teacher.get_state())
    assert teacher.message["text"] == "now viewing as P1"


@pytest.mark.rules("CORE-OVER")
def test_after_the_game_no_moves_and_clicks_cite_the_end() -> None:
    game = toy_game()
    state = game.scenario(hands=[[1], [2]], cells=[(0, 1), (1, 2), (0, 3), None], mover=1)
    state = state.play("place p1 2 c3")
    board = Board(state)
    assert state.is_over and board.moves == []
    click(board, {"event": "why", "selected": [], "clicked": "cell:0"})
    assert board.message["rule"] == "CORE-OVER"


def test_viewer_changes_redraw_and_bad_viewers_are_refused(board: Board) -> None:
    board.viewer = 1
    assert board.scene["viewer"] == 1 and board.moves == []
    with pytest.raises(ValueError, match="viewer"):
        board.viewer = 2
    with pytest.raises(ValueError, match="source"):
        Board("not a state")  # type: ignore[arg-type]


def test_the_board_follows_the_shared_explorer(board: Board) -> None:
    click(board, {"event": "play", "text": "pass"})
    board.explorer.undo()
    board.refresh()
    assert board.node == 0 and board.scene["events"] == []
    assert [m["text"] for m in board.moves] == [str(m) for m in board.state.legal_moves()]


def test_front_end_files_are_shipped() -> None:
    esm = Board._esm if isinstance(Board._esm, str) else str(Board._esm)
    assert "export default" in esm and "model.send" in esm
    css = Board._css if isinstance(Board._css, str) else str(Board._css)
    assert ".rx-item" in css


REAL_GAMES = [name for name in explorer.list_games() if name in ("village", "summoners")]


@pytest.mark.parametrize("name", REAL_GAMES)
def test_the_one_board_plays_and_refuses_in_every_game(name: str) -> None:
    board = Board(explorer.load(name).new(seed=4))
    move = board.moves[0]
    click(board, {"event": "play", "text": move["text"]})
    assert board.message["kind"] == "played", board.message
    assert str(board.explorer.line()[1].move) == move["text"] and board.node > 0
    state, nodes = board.state, len(board.explorer.nodes)
    used = {t for m in board.moves for t in m["targets"]}
    unused = next(i["id"] for i in items(board.scene) if i.get("id") and i["id"] not in used)
    click(board, {"event": "why", "selected": [], "clicked": unused})
    assert board.message["kind"] == "why" and board.message["rule"] and board.message["text"]
    assert board.state == state and len(board.explorer.nodes) == nodes
