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
