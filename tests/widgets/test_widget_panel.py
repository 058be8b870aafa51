"""The explorer panel: every control acts on the shared explorer and redraws (no browser)."""
from __future__ import annotations

import json

import ipywidgets
import pytest
from widget_toy import toy_game

import explorer
from explorer.core.game import REGISTRY
from explorer.core.tree import Explorer
from explorer.widgets import Panel
from explorer.widgets.panel import TEACHER


@pytest.fixture
def panel() -> Panel:
    return Panel(toy_game().new(seed=1), seed=0)


class MoveButton:
    """One entry of the panel's move list, clicked as the browser would."""

    def __init__(self, panel: Panel, entry: dict) -> None:
        self.panel, self.entry = panel, entry
        self.description = f"{entry['label']}  [{entry['rule']}]" if entry["rule"] else entry["label"]

    def click(self) -> None:
        self.panel.move_list._on_custom_msg(self.panel.move_list, {"event": "play", "text": self.entry["text"]}, [])


def move_buttons(panel: Panel) -> dict[str, MoveButton]:
    return {m["text"]: MoveButton(panel, m) for m in panel.move_list.moves}


def test_the_move_list_shows_labels_and_rules_and_plays_on_click(panel: Panel) -> None:
    buttons = move_buttons(panel)
    assert list(buttons) == [str(m) for m in panel.state.legal_moves()]
    button = buttons["place p0 3 c1"]
    assert button.description == "P0 places a 3 on cell 1  [T-PLACE]"
    button.click()
    assert panel.state.data.cells[1] == (0, 3)
    assert panel.board.message["kind"] == "played"
    assert "place p1" in " ".join(move_buttons(panel))      # now player 1's moves
    rows = panel.history.rows
    assert len(rows) == 2 and rows[1]["number"] == 1 and rows[1]["by"] == "P0"
    assert "places a 3" in rows[1]["text"] and rows[1]["current"]
    assert rows[1]["then"] == ["draw a 3"]          # the draw it caused, folded in


def test_undo_redo_and_history_clicks_move_through_the_tree(panel: Panel) -> None:
    panel.play("place p0 3 c1")
    after = panel.explorer.current
    panel.undo_button.click()
    assert panel.explorer.current == 0 and panel.board.node == 0
    assert panel.undo_button.disabled and not panel.redo_button.disabled
    panel.redo_button.click()
    assert panel.explorer.current == after
    panel.history.click(0)                           # a click on the root row
    assert panel.explorer.current == 0 and panel.board.node == 0
    panel.history.step(+1)                           # the right arrow
    assert panel.explorer.current == after
    panel.history.step(-1)                           # the left arrow
    assert panel.explorer.current == 0


def test_branches_show_in_the_tree_and_keep_or_change_the_luck(panel: Panel) -> None:
    panel.play("pass")
    first_draw = panel.explorer.node.move
    panel.undo_button.click()
    panel.branch_same.click()
    assert panel.board.message["text"].startswith("branch started")
    panel.play("place p0 1 c0")                       # a different move, same luck below
    assert panel.explorer.node.move == first_draw
    rows = panel.history.rows
    assert rows[0]["fork"] == 1                      # two lines leave the start
    branch = next(r for r in rows if "places a 1 on cell 0" in r["text"])
    assert branch["branch"] and branch["depth"] == 1  # the what-if is indented, the main line not
    assert all(r["depth"] == 0 for r in rows if not r["branch"] and r["start"] != branch["start"])
    assert rows.index(branch) == 1, "a branch shows where it forks, before the main line goes on"
    labels = [label for label, _ in panel.history.choices()]
    assert any(label.strip().startswith("1. P0: ") for label in labels)
    panel.history.click(0)
    panel.branch_fresh.click()
    assert "fresh" in panel.board.message["text"]


def test_notes_show_in_the_history(panel: Panel) -> None:
    panel.note_text.value = "a quiet start"
    panel.note_button.click()
    assert panel.explorer.root.comment == "a quiet start"
    assert panel.history.rows[0]["comment"] == "a quiet start"


@pytest.mark.rules("CORE-MOVE")
def test_the_why_not_box_explains_with_the_rule(panel: Panel) -> None:
    assert panel.ask_why("place p0 2 c0").rule == "T-HAND"
    assert "T-HAND" in panel.why_result.value and "holds no 2" in panel.why_result.value
    assert panel.ask_why("place p0 1 c0") is None
    assert "legal" in panel.why_result.value
    assert panel.ask_why("fly away").rule == "CORE-MOVE"
    assert "cannot read" in panel.why_result.value
    panel.why_text.value = "place p0 2 c3"            # typing and pressing enter asks too
    assert "T-HAND" in panel.why_result.value


def test_the_perspective_switch_hides_moves_and_chance(panel: Panel) -> None:
    assert panel.chance_box.layout.display == ""
    panel.perspective.value = 1
    assert panel.board.viewer == 1
    assert panel.move_list.moves == []
    assert "It is P0's turn" in panel.move_list.title
    assert panel.chance_box.layout.display == "none"
    panel.perspective.value = 0
    assert len(panel.move_list.moves) == len(panel.state.legal_moves())


def test_pick_mode_stops_at_chance_and_offers_outcomes_with_odds(panel: Panel) -> None:
    panel.chance_mode.value = "pick"
    assert panel.explorer.auto_chance is False
    panel.play("pass")
    assert panel.state.is_chance
    options = dict(panel.outcomes.options)
    assert list(options.values()) == [str(m) for m, _ in panel.state.chance_outcomes()]
    assert any("%" in label for label in options)
    panel.outcomes.value = "draw 2"
    panel.pick_button.click()
    assert str(panel.explorer.node.move) == "draw 2" and not panel.state.is_chance
    assert panel.outcomes.disabled


def test_auto_mode_with_a_seed_resolves_chance_reproducibly() -> None:
    draws = []
    for _ in range(2):
        panel = Panel(toy_game().new(seed=1))
        panel.seed.value = 11
        panel.chance_mode.value = "pick"
        panel.play("pass")
        panel.roll_button.click()
        draws.append(panel.explorer.node.move)
    assert draws[0] == draws[1] and draws[0] is not None


def test_a_player_view_cannot_resolve_chance(panel: Panel) -> None:
    panel.chance_mode.value = "pick"
    panel.play("pass")
    panel.perspective.value = 0
    panel.roll_button.click()
    assert panel.state.is_chance and "teacher" in panel.board.message["text"]


@pytest.mark.rules("CORE-OVER")
def test_the_game_over_banner_names_winners_and_score_lines() -> None:
    game = toy_game()
    state = game.scenario(hands=[[1], [2]], cells=[(0, 1), (1, 2), (0, 3), None], mover=1)
    panel = Panel(Explorer(state))
    assert panel.banner.value == ""
    panel.play("place p1 2 c3")
    banner = panel.banner.value
    assert "Game over" in banner and "winner: P0, P1" in banner
    assert "T-SCORE" in banner and "T-END" in banner
    assert "over" in panel.move_list.title and panel.move_list.moves == []


def test_a_panel_shares_an_explorer_and_refuses_other_sources() -> None:
    explorer = Explorer(toy_game().new(seed=1))
    panel = Panel(explorer)
    assert panel.explorer is explorer and panel.board.explorer is explorer
    with pytest.raises(ValueError, match="source"):
        Panel(42)  # type: ignore[arg-type]


def test_what_changed_compares_a_chosen_position_with_the_current_one() -> None:
    panel = Panel(explorer.load("village", players=3).new(seed=1), seed=0)
    panel.play("P0 draw")
    assert panel.compare_result.value == ""
    panel.compare(0)
    teacher = panel.compare_result.value
    assert "rx-diff" in teacher and "status" in teacher and "→" in teacher
    panel.perspective.value = 1          # player 1 reads P0's hand face down only
    assert "face down ×7 → ×8" in panel.compare_result.value
    panel.compare(panel.explorer.current)
    assert "the same position" in panel.compare_result.value


def test_a_players_same_luck_branch_never_deals_a_card_they_did_not_see() -> None:
    """The reported leak: in P0's perspective, a branch with the same luck from the start
    must not turn up, in a public refill, the card P1 drew in secret."""
    game = explorer.load("village", players=3)
    start = game.scenario(hands=["Axe*2", "Sword", "Crown"], stalls={0: "Egg"}, to_move=0)
    tree, twin = Explorer(start, seed=5), Explorer(start, seed=5)   # twin: for comparison
    for t in (tree, twin):
        t.play("P0 buy stall 0")                     # no luck
        t.play("P1 draw")                            # P1's secret card
    secret = tree.line()[-1].move
    panel = Panel(tree, viewer=0)
    panel.history.click(0)                           # a click on the root row
    panel.branch_same.click()
    assert tree.recorded_luck(0, viewer=0) == {}
    assert tree.recorded_luck(0)["deck"] == [secret]
    panel.play("P0 bribe Axe")
    twin.branch(0, luck="resample")
    twin.play("P0 bribe Axe")
    dealt = [n.move for n in tree.line() if n.chance]
    assert dealt == [n.move for n in twin.line() if n.chance], "luck drawn afresh, as P0 knows it"
    assert dealt[0] != secret


def test_the_board_marks_the_last_move_and_what_changed() -> None:
    game = explorer.load("village", players=3)
    panel = Panel(explorer.Explorer(game.new(seed=4), seed=4))
    move = next(m for m in panel.state.legal_moves() if "bribe" in str(m))
    panel.play(move)
    assert panel.board.marks["last"] == list(move.targets)
    panel.compare(0)                      # what changed since the start
    changed = set(panel.board.marks["changed"])
    assert changed and changed <= {z["id"] for z in panel.board.scene["zones"]} | {
        s["id"] for z in panel.board.scene["zones"] for s in z.get("zones", ())}
    assert all("→" in line or "+ " in line or "− " in line
               for line in panel.explorer.diff(0, panel.explorer.current))


def test_the_why_not_box_reads_labels_suggests_and_plays(panel: Panel) -> None:
    label = panel.state.legal_moves()[0].label
    assert panel.ask_why(label) is None                        # a label from the move list
    assert panel.why_play.layout.display == ""
    panel.why_play.click()                                     # and play it from the box
    assert panel.explorer.current != 0
    reason = panel.ask_why("place p1 3 cq")                    # a typo
    assert reason.rule == "CORE-MOVE" and "did you mean" in panel.why_result.value


def test_pass_the_device_before_a_players_view(panel: Panel) -> None:
    panel.perspective.value = 1
    assert panel.handover.layout.display == "" and panel.table.layout.display == "none"
    assert "Pass the device to" in panel.handover_text.value and "P1" in panel.handover_text.value
    panel.handover_button.click()
    assert panel.handover.layout.display == "none" and panel.table.layout.display == ""
    assert panel.viewer == 1


def test_presentation_mode_hides_the_controls(panel: Panel) -> None:
    panel.present.value = True
    assert panel.controls.layout.display == "none" and "rx-present" in panel.table._dom_classes
    panel.present.value = False
    assert panel.controls.layout.display == ""


def test_save_and_load_a_tree_and_one_players_view(panel: Panel, tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", "widget_toy:ToyGame")
    panel.play("pass")
    whole = tmp_path / "whole.json"
    panel.save_name.value = str(whole)
    panel.save_button.click()
    assert "saved the whole tree" in panel.board.message["text"]
    panel.perspective.value = 1
    panel.handover_button.click()
    mine = tmp_path / "p1.json"
    panel.save_name.value = str(mine)
    panel.save_view_button.click()
    assert "P1's view" in panel.board.message["text"]
    assert json.loads(mine.read_text())["viewer"] == 1
    fresh = Panel(toy_game().new(seed=1), seed=0)
    fresh.load(whole.read_text())
    assert fresh.explorer.to_json() == Explorer.from_json(whole.read_text()).to_json()
    fresh.load(mine.read_text())
    assert fresh.viewer == 1
    before = fresh.explorer
    fresh._act(lambda: fresh.load("{not json"))
    assert fresh.board.message["kind"] == "error" and fresh.explorer is before


def test_what_if_outcomes_compare_two_positions() -> None:
    game = explorer.load("village", players=2)
    panel = Panel(explorer.Explorer(game.new(seed=2), seed=2))
    panel.play(panel.state.legal_moves()[0])
    panel._act(lambda: panel.what_if(20))
    assert "pick another position" in panel.board.message["text"]
    panel.compare(0)
    sim = panel.what_if(20)
    assert sorted(sim.games["variant"].unique().to_list())[0].startswith("compared: start")
    assert sim.games.height == 40
    assert set(sim.players["agent"].unique()) == {"greedy"}


def test_the_history_sends_only_the_rows_that_changed_and_they_add_up() -> None:
    """The browser gets the history as edits; applied in order they give every row, as a
    new view gets them, through moves, undo, a branch, a note and a perspective switch."""
    panel = Panel(explorer.load("village", players=3).new(seed=1), seed=0)
    sent: list[dict] = []
    panel.history.send = sent.append            # what would go to the browser
    held = [dict(r) for r in panel.history.snapshot()["rows"]]

    def apply_all() -> None:
        for msg in sent:
            assert msg["kind"] == "rows" and msg["base"] == msg["rev"] - 1
            held[msg["start"]:msg["start"] + msg["delete"]] = msg["insert"]
        sent.clear()

    for _ in range(12):
        panel.play(panel.state.legal_moves()[0])
        assert len(sent) == 1 and len(sent[0]["insert"]) <= 2, "a move sends one edit, not every row"
        apply_all()
    panel.undo_button.click()
    panel.undo_button.click()
    panel.branch_fresh.click()
    panel.play(panel.state.legal_moves()[-1])
    panel.note_text.value = "a what-if"
    panel.note_button.click()
    panel.perspective.value = 1
    apply_all()
    snapshot = panel.history.snapshot()
    assert held == snapshot["rows"] and snapshot["base"] is None
    assert snapshot["current"] == next(r["id"] for r in panel.history.rows if r["current"])
    assert any(r["branch"] for r in held) and any(r["comment"] == "a what-if" for r in held)
    panel.history._on_custom_msg(panel.history, {"event": "hello"}, [])   # a new view asks
    assert sent == [snapshot]


def test_compare_with_is_chosen_in_the_browser_and_names_rows() -> None:
    panel = Panel(explorer.load("village", players=3).new(seed=1), seed=0)
    panel.play(panel.state.legal_moves()[0])
    panel.history._on_custom_msg(panel.history, {"event": "compare", "id": 0}, [])
    assert panel.history.compared == 0 and panel.board.compare_to == 0
    assert "rx-diff" in panel.compare_result.value
    assert [label for label, _ in panel.history.choices()][:2] == ["(pick a position)", "start"]
    panel.history._on_custom_msg(panel.history, {"event": "compare", "id": 9999}, [])   # no such row
    assert panel.history.compared == -1 and panel.board.compare_to is None
    assert panel.compare_result.value == ""


def test_answers_about_an_old_position_do_not_stay_on_screen() -> None:
    """The why-not answer belongs to its position and viewer; a comparison ends when the
    position moves on (it would outline every zone of the new one)."""
    panel = Panel(explorer.load("village", players=3).new(seed=1), seed=0)
    panel.ask_why("P1 draw")
    assert "V-TURN-1" in panel.why_result.value
    panel.perspective.value = 1
    assert panel.why_result.value == "" and panel.why_text.value == ""
    panel.perspective.value = TEACHER
    panel.ask_why("P1 draw")
    panel.compare(0)
    panel.play("P0 draw")
    assert panel.why_result.value == ""
    assert panel.board.compare_to is None and panel.compare_result.value == ""


def test_a_file_of_another_game_is_refused_by_its_name() -> None:
    panel = Panel(explorer.load("village", players=3).new(seed=1))
    other = explorer.Explorer(explorer.load("momiji", players=3).new(seed=1)).to_json()
    with pytest.raises(explorer.InvalidInput, match="plays Please Don't Burn My Village!; the file is a game of Momiji"):
        panel.load(other)


def test_the_app_panel_hides_only_the_save_controls() -> None:
    """With server_files=False (the classroom app) the save controls hide, and nothing
    else: they used to share one layout object with almost every other button."""
    panel = Panel(explorer.load("village", players=3).new(seed=1), server_files=False)
    hidden = {panel.save_name, panel.save_button, panel.save_view_button}
    for name, widget in vars(panel).items():
        if isinstance(widget, (ipywidgets.Button, ipywidgets.ToggleButtons, ipywidgets.FileUpload)):
            shown = widget.layout.display != "none"
            assert shown == (widget not in hidden) or name in ("why_play",), name
    assert panel.handover_button.layout.display != "none", "the pass-the-device screen can be left"
