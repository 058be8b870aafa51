"""The analysis pane: figures for every legal move, narrowing, whose knowledge, and a
position change dropping the old analysis at once."""
from __future__ import annotations

import asyncio

from gameplay import in_own_thread

import explorer
from explorer.widgets.analysis import AnalysisPane


def test_the_pane_shows_every_move_and_narrows_as_it_thinks():
    state = explorer.load("village", players=3).new(seed=2)
    pane = AnalysisPane()
    pane.show(state)
    assert pane.table.value == ""                      # off until switched on
    pane.switch.value = True
    first = pane.analysis.samples
    assert first > 0 and len(pane.rows()) == len(state.legal_moves())
    assert "as the teacher sees it" in pane.table.value and "★" in pane.table.value
    pane.think_for(0.2)
    assert pane.analysis.samples > first
    widths = [r["high"] - r["low"] for r in pane.rows()]
    assert max(widths) < 1.0
    pane.close()


def test_a_new_position_drops_the_old_analysis_and_a_player_sees_only_their_own_decision():
    game = explorer.load("village", players=3)
    state = game.new(seed=2)
    pane = AnalysisPane()
    pane.switch.value = True
    pane.show(state, viewer=state.to_move)
    old = pane.analysis
    assert f"as P{state.to_move} knows it" in pane.table.value
    after = state.play(state.legal_moves()[0])
    while after.is_chance:
        after = after.play(after.chance_outcomes()[0][0])
    pane.show(after, viewer=state.to_move)
    assert pane.analysis is not old
    if after.to_move != state.to_move:
        assert pane.analysis is None and "cannot see" in pane.table.value
    pane.switch.value = False
    assert pane.table.value == "" and pane.analysis is None
    pane.close()


def test_on_a_running_loop_the_pane_thinks_in_slices_and_lets_other_work_run():
    state = explorer.load("momiji", players=3).new(seed=1)
    pane = AnalysisPane()

    async def watch() -> tuple[int, int]:
        pane.show(state)
        pane.switch.value = True
        start = pane.analysis.samples
        ticks = 0
        for _ in range(20):            # other work gets the loop between slices
            await asyncio.sleep(0.01)
            ticks += 1
        return start, ticks

    start, ticks = in_own_thread(watch)
    assert ticks == 20 and pane.analysis.samples > start
    pane.close()


def test_the_panel_analyses_the_position_on_show_and_follows_each_move():
    from explorer.widgets import Panel
    tree = explorer.Explorer(explorer.load("village", players=2).new(seed=4), seed=4)
    panel = Panel(tree)
    assert panel.analysis.analysis is None                  # off by default
    panel.analysis.switch.value = True
    first = panel.analysis.analysis
    assert first is not None and first.state is tree.state
    panel.board.play(tree.state.legal_moves()[0].__str__())
    assert panel.analysis.analysis is not first
    assert panel.analysis._state is tree.state
    panel.close()


def _played_tree(seed: int = 2) -> explorer.Explorer:
    """A short 2-player Village game played to its end by greedy and random agents."""
    game = explorer.load("village", players=2)
    return explorer.teach.play_out(game.new(seed=seed), ["greedy", "random"], seed=seed)


def test_the_record_judges_the_game_in_slices_marks_it_and_charts_it():
    from explorer.widgets import Panel
    tree = _played_tree()
    panel = Panel(tree)
    record = panel.record
    record.start(tree, seconds=0.01)
    assert record.busy and record.bar.layout.display == "flex"
    slices = 0
    while record.step(0.005):
        slices += 1
    judged = record.frame
    assert judged is not None and judged.height == len(explorer.core.analysis.decisions(tree))
    assert slices >= judged.height                       # a slice never judges two decisions
    assert not record.busy and record.bar.layout.display == "none"
    marks = {row["node"]: row["mark"] for row in judged.iter_rows(named=True)}
    assert all(tree.nodes[node].mark == mark for node, mark in marks.items())
    assert f"{judged.height} decisions judged" in record.status.value
    assert record.picker is not None                     # the interactive chart, clickable
    panel.close()


def _judged_panel():
    """A panel of a played-out game whose record is judged (quickly)."""
    from explorer.widgets import Panel
    tree = _played_tree()
    panel = Panel(tree)
    panel.record.start(tree, seconds=0.005)
    while panel.record.step(0.005):
        pass
    return tree, panel


def test_a_click_on_a_point_of_the_record_goes_to_its_position():
    tree, panel = _judged_panel()
    node = int(panel.record.frame["node"][3])
    panel.record.picker._vl_selections = {"pick": {"value": {"vlPoint": {"or": [{"node": node}]}},
                                                   "store": []}}
    assert tree.current == node
    assert panel.board.scene["status"] == tree.state.scene(None)["status"]    # the board followed
    panel.close()


def test_the_record_is_the_teachers_only():
    _, panel = _judged_panel()
    panel.perspective.value = 1
    assert panel.record.button.disabled and panel.record.chart.layout.display == "none"
    assert panel.record.status.layout.display == "none"
    panel.close()


def test_a_record_of_no_decision_says_so():
    from explorer.widgets import Panel
    tree = explorer.Explorer(explorer.load("village", players=2).new(seed=1), seed=1)
    panel = Panel(tree)
    panel.record.start(tree)
    assert not panel.record.busy and "No decision to judge yet" in panel.record.status.value
    panel.close()
