"""The panel survives a lesson: a whole game played through it leaves the number of live
widgets flat (widgets are reused, never made anew at each redraw)."""
from __future__ import annotations

import random

import pytest
from ipywidgets.widgets.widget import _instances as live_widgets

import explorer
from explorer.widgets import Panel

MAX_GROWTH = 50


@pytest.mark.parametrize("name", explorer.list_games())
def test_a_whole_game_through_the_panel_leaves_the_widget_count_flat(name: str) -> None:
    game = explorer.load(name)
    panel = Panel(explorer.Explorer(game.new(seed=3), seed=3))
    before = len(live_widgets)
    rng = random.Random(3)
    plays = 0
    while not panel.state.is_over and plays < 400:
        moves = panel.state.legal_moves()
        assert panel.play(moves[int(rng.random() * len(moves))]) is None
        plays += 1
        if plays % 25 == 0:      # the teacher looks around on the way
            panel.undo_button.click()
            panel.redo_button.click()
            panel.perspective.value = plays % game.players
            panel.perspective.value = -1
    assert plays > 10
    assert len(live_widgets) - before <= MAX_GROWTH, f"{len(live_widgets) - before} widgets more after {plays} plays"


def test_twenty_games_in_the_classroom_app_leave_widgets_and_memory_flat() -> None:
    """Each "Start the game" replaces the panel; the old one, its board, history, move
    list and controls are closed and freed (not only gone from the widget registry)."""
    import gc
    import tracemalloc
    import weakref

    from explorer.app.classroom import ClassroomApp

    app = ClassroomApp("pirates", 4)
    for seed in range(100, 105):      # warm up: the engine's caches of texts and tables fill once
        app.seed.value = seed
        app.new_game()
    gc.collect()
    widgets = len(live_widgets)
    tracemalloc.start()
    first = tracemalloc.get_traced_memory()[0]
    freed = []
    for seed in range(20):
        old = app.panel
        freed.append((weakref.ref(old), weakref.ref(old.board), weakref.ref(old.history)))
        app.seed.value = seed
        app.new_game()
        del old
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - first
    tracemalloc.stop()
    assert len(live_widgets) <= widgets + 2, f"{len(live_widgets) - widgets} widgets left behind"
    assert all(ref() is None for refs in freed for ref in refs), "a closed panel is still alive"
    # Before the fix a replaced panel kept about 1.4 MB alive (143 MB per 100 panels), 28 MB
    # over 20 games. What still grows is the engine's bounded caches (event texts, tables)
    # filling with the new games' positions: about 16 MB when the whole suite runs first.
    assert grown < 24 * 1024 * 1024, f"memory grew by {grown / 1e6:.1f} MB over 20 games"


def test_switching_games_in_the_picker_closes_the_old_option_controls() -> None:
    """Each game choice makes that game's option controls (with their layouts and styles)
    and closes the previous game's: a teacher looking through the games, starting some,
    leaves the number of live widgets where it was."""
    import gc
    import weakref

    from explorer.app.classroom import ClassroomApp

    names = explorer.list_games()
    app = ClassroomApp(names[0])
    for name in (*names, names[0]):           # warm up: each game's first panel and controls
        app.game.value = name
        app.new_game()
    gc.collect()
    widgets = len(live_widgets)
    old_controls = []
    for step in range(1, 21):
        old_controls.extend(weakref.ref(c.widget) for c in app.option_controls)
        app.game.value = names[step % len(names)]
        assert app.option_controls and all(c.widget.comm is not None for c in app.option_controls)
        if step % 4 == 0:                      # start some of them
            app.new_game()
    gc.collect()
    assert app.game.value == names[0]
    assert len(live_widgets) <= widgets + 2, f"{len(live_widgets) - widgets} widgets left behind"
    assert all(ref() is None or ref().comm is None for ref in old_controls), "an old option control is open"
