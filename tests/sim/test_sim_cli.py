"""The `explorer` command, run in-process: simulate, replay, rules, lab, app."""
from __future__ import annotations

import random
import sys

import polars as pl
import pytest

import explorer
from explorer import cli
from explorer.core import CHANCE, Explorer
from explorer.core.rulebook import rulebook


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_prints_a_summary_and_saves_parquet(capsys, tmp_path) -> None:
    out_file = tmp_path / "runs.parquet"
    code, out, _ = run(capsys, "simulate", "village", "--players", "3", "--agents",
                       "random,greedy,random", "--n", "12", "--seed", "3", "--workers", "1",
                       "--out", str(out_file))
    assert code == 0
    assert "explorer.load('village', players=3): 12 games, seed 3" in out
    lines = out.splitlines()
    assert any(line.split()[:3] == ["1", "greedy", "12"] for line in lines)
    assert "decisions per game" in out and f"saved {out_file}" in out
    table = pl.read_parquet(out_file)
    assert table.height == 36
    assert {"game_id", "seat", "agent", "score", "won", "rank", "winners", "turns",
            "opt_track_values"} <= set(table.columns)
    assert table.filter(pl.col("seat") == 1)["agent"].unique().to_list() == ["greedy"]


def test_simulate_with_a_rule_option_to_csv(capsys, tmp_path) -> None:
    out_file = tmp_path / "runs.csv"
    code, _, _ = run(capsys, "simulate", "village", "--n", "4", "--workers", "1",
                     "--option", "track_values=[1,2,3,4,5,6]", "--out", str(out_file))
    assert code == 0
    table = pl.read_csv(out_file)
    assert table["opt_track_values"].unique().to_list() == ["1,2,3,4,5,6"]


@pytest.mark.parametrize("argv, problem", [
    (["simulate", "village", "--agents", "wizard", "--n", "2"], "unknown agent 'wizard'"),
    (["simulate", "village", "--players", "9", "--n", "2"], "players:"),
    (["simulate", "village", "--option", "colour=red", "--n", "2"], "options.colour"),
    (["simulate", "village", "--n", "2", "--out", "x.xlsx"], "out: expected a .parquet"),
    (["simulate", "village", "--n", "0"], "n: expected a number of games of at least 1, got 0"),
    (["simulate", "village", "--n", "-3"], "n: expected a number of games of at least 1"),
])
def test_bad_input_exits_2_with_the_reason(capsys, argv, problem) -> None:
    code, _, err = run(capsys, *argv, "--workers", "1")
    assert code == 2 and problem in err


def test_replay_a_saved_tree_prints_the_line_and_the_outcome(capsys, tmp_path) -> None:
    game = explorer.load("village", players=3)
    tree = Explorer(game.new(seed=2), seed=2)
    rng = random.Random(0)
    while not tree.state.is_over:
        moves = tree.state.legal_moves()
        tree.play(moves[int(rng.random() * len(moves))])
    tree.annotate("the end")
    path = tmp_path / "tree.json"
    path.write_text(tree.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    line = tree.line()
    assert f"the line to the current one has {len(line) - 1} moves" in out
    assert " lines;" not in out.splitlines()[0]                  # one line, no branch
    assert not any(row.startswith(("+", " ")) for row in out.splitlines()[1:len(line)])
    assert str(line[1].move) in out and "# the end" in out
    assert "chance" in out  # the draws are part of the line
    outcome = tree.state.outcome()
    assert f"over: {outcome.ended_by} ({outcome.rule})" in out
    assert "winner: " + " and ".join(f"P{p}" for p in outcome.winners) in out


def test_replay_a_saved_state(capsys, tmp_path) -> None:
    state = explorer.load("summoners").new(seed=1)
    while state.to_move == CHANCE:
        state = state.play(state.legal_moves()[0])
    path = tmp_path / "state.json"
    path.write_text(state.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "a saved position" in out and f"not over: P{state.to_move} to move" in out


def test_replay_refuses_a_broken_file(capsys, tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "json:" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    path.write_text('{"format": "something else"}')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "format:" in err and "something else" in err


def test_rules_prints_every_rule_with_its_id_and_tag(capsys) -> None:
    code, out, _ = run(capsys, "rules", "village")
    assert code == 0
    book = rulebook("village")
    assert out.splitlines()[0] == book.title
    for rule in book:
        assert f"{rule.id} [{rule.source}] {rule.text}" in out


def test_lab_opens_jupyterlab_on_the_tour(monkeypatch, capsys, tmp_path) -> None:
    calls = []
    monkeypatch.setattr(cli.subprocess, "call", lambda cmd, cwd: calls.append((cmd, cwd)) or 0)
    assert cli.TOUR.is_file()
    assert cli.main(["lab", "--no-browser"]) == 0
    (cmd, cwd), = calls
    assert cmd[1:4] == ["-m", "jupyter", "lab"] and cmd[4] == "notebooks/00_tour.ipynb"
    assert cmd[5:] == ["--no-browser"] and cwd == cli.TOUR.parent.parent
    monkeypatch.setattr(cli, "TOUR", tmp_path / "missing.ipynb")
    assert cli.main(["lab"]) == 2 and "not found" in capsys.readouterr().err
    assert len(calls) == 1


def test_unknown_arguments_are_refused_outside_lab(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["rules", "village", "--colour"])


SHAPE = "expected NAME=VALUE with VALUE in JSON, e.g. --option track_values=[1,2,3,4,5,6]"


@pytest.mark.parametrize("option", ["track_values=[1,2,", "track_values=1,2,3", "track_values",
                                    "track_values=", "=[1]", "track_values={1: 2}"])
def test_a_malformed_option_says_what_shape_it_wants(capsys, option) -> None:
    code, _, err = run(capsys, "simulate", "village", "--n", "2", "--workers", "1", "--option", option)
    assert code == 2 and SHAPE in err, err
    assert "Traceback" not in err


def test_an_option_of_the_wrong_type_also_shows_the_shape(capsys) -> None:
    code, _, err = run(capsys, "simulate", "village", "--n", "2", "--workers", "1",
                       "--option", "track_values=abc")
    assert code == 2 and "options.track_values" in err and "e.g. --option track_values=[1,2,3,4,5,6]" in err


def test_a_zero_game_run_is_refused_before_anything_runs(capsys, monkeypatch) -> None:
    import explorer.core.simulate as sim_module
    monkeypatch.setattr(sim_module, "simulate", lambda *a, **k: pytest.fail("simulated"))
    code, out, err = run(capsys, "simulate", "village", "--n", "0")
    assert code == 2 and out == ""
    assert err.strip() == ("explorer simulate: n: expected a number of games of at least 1, got 0 "
                           "(e.g. --n 1000)")


def branched_tree() -> Explorer:
    """Village: 3 moves on the main line, then a branch from the position after move 1,
    with notes on both lines and on the start."""
    game = explorer.load("village", players=3)
    tree = Explorer(game.new(seed=2), seed=2, auto_chance=False)
    tree.annotate("deal of seed 2")
    tree.play(tree.state.legal_moves()[0])
    fork = tree.current
    tree.play(tree.state.legal_moves()[0])
    tree.play(tree.state.legal_moves()[0])
    tree.annotate("main line")
    tree.goto(fork)
    tree.branch()
    tree.play(tree.state.legal_moves()[-1])
    tree.annotate("what if")
    return tree


def test_replay_shows_every_branch_and_note_indented_at_the_fork(capsys, tmp_path) -> None:
    tree = branched_tree()
    path = tmp_path / "tree.json"
    path.write_text(tree.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = out.splitlines()
    assert f"{len(tree.nodes)} positions saved in 2 lines" in lines[0]
    assert "the line to the current one has 2 moves" in lines[0]
    assert lines[1] == "start   # deal of seed 2"
    body = lines[2:2 + len(tree.nodes) - 1]
    main = [line for line in body if not line.startswith(("+", " "))]
    side = [line for line in body if line.startswith(("+", " "))]
    assert [line.split(".")[0].strip() for line in main] == ["1", "2", "3"]
    assert main[-1].endswith("# main line")
    (branch,) = side                         # the branch: one move, marked at the fork, indented
    assert branch.startswith("+ 2.    ") and "# what if" in branch and branch.endswith("<- current")
    other = tree.nodes[tree.current]
    assert str(other.move) in branch and other.label in branch
    for node in tree.nodes.values():          # every move of the tree is printed, not only one line
        if node.move is not None:
            assert str(node.move) in out


def test_replay_says_1_move_not_1_moves(capsys, tmp_path) -> None:
    game = explorer.load("village", players=3)
    tree = Explorer(game.new(seed=2), seed=2, auto_chance=False)
    tree.play(tree.state.legal_moves()[0])
    path = tmp_path / "one.json"
    path.write_text(tree.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "2 positions saved; the line to the current one has 1 move\n" in out
    assert "1 moves" not in out and "1 positions" not in out


# ----------------------------------------------------------------------------- explorer app
def test_app_serves_on_this_computer_by_default(monkeypatch) -> None:
    import explorer.app as app
    calls = []
    monkeypatch.setattr(app, "serve", lambda **kw: calls.append(kw) or 0)
    assert cli.main(["app", "--no-browser"]) == 0
    assert calls == [{"ip": "127.0.0.1", "port": 8866, "token": None, "open_browser": False,
                      "max_kernels": app.MAX_KERNELS}]
    assert cli.main(["app", "--classroom", "--port", "9000", "--max-games", "5"]) == 0
    assert calls[-1] == {"ip": "0.0.0.0", "port": 9000, "token": None, "open_browser": True,
                         "max_kernels": 5}
    assert cli.main(["app", "--ip", "192.0.2.7", "--token", "abc"]) == 0
    assert calls[-1]["ip"] == "192.0.2.7" and calls[-1]["token"] == "abc"
    with pytest.raises(SystemExit):               # one or the other
        cli.main(["app", "--classroom", "--ip", "127.0.0.1"])


class FakeVoila:
    """Records what `serve` hands to Voila instead of starting a server."""

    made: list["FakeVoila"] = []

    @classmethod
    def instance(cls, config):
        app = cls()
        app.config = config
        cls.made.append(app)
        return app

    def initialize(self, argv):
        self.argv = argv

    def start(self):
        self.started = True


@pytest.fixture
def fake_voila(monkeypatch):
    import explorer.app as app
    FakeVoila.made = []
    monkeypatch.setattr(app, "app_class", lambda: FakeVoila)
    monkeypatch.setattr(app, "check_port_free", lambda ip, port: None)
    monkeypatch.setattr(app, "lan_address", lambda: "192.0.2.5")
    return FakeVoila.made


def test_app_for_the_classroom_generates_a_token_and_prints_the_url_with_it(capsys, fake_voila) -> None:
    from explorer import app
    code, out, _ = run(capsys, "app", "--classroom", "--no-browser")
    assert code == 0
    (server,) = fake_voila
    c = server.config
    token = c.Voila.token
    assert len(token) >= 16 and token.replace("-", "").replace("_", "").isalnum()
    assert f"http://192.0.2.5:8866/?token={token}" in out
    assert server.url_with_token == f"http://192.0.2.5:8866/?token={token}"
    assert c.Voila.ip == "0.0.0.0" and c.Voila.open_browser is False
    assert server.argv == [str(app.PAGE)] and app.PAGE.is_file()
    assert c.Voila.tornado_settings["allow_remote_access"] is True
    run(capsys, "app", "--classroom", "--no-browser")
    assert fake_voila[1].config.Voila.token != token          # a new token every start


def test_app_on_this_computer_needs_no_token_and_refuses_foreign_hosts(capsys, fake_voila) -> None:
    code, out, _ = run(capsys, "app", "--no-browser")
    assert code == 0 and "http://127.0.0.1:8866/\n" in out and "token" not in out
    c = fake_voila[0].config
    assert c.Voila.ip == "127.0.0.1" and c.Voila.token == ""
    assert c.Voila.tornado_settings["allow_remote_access"] is False    # DNS rebinding: Host checked


def test_app_config_locks_the_server_down() -> None:
    from explorer import app
    c = app.voila_config("0.0.0.0", 8866, "tok")
    assert c.Voila.token == "tok" and c.Voila.auto_token is False
    assert c.VoilaConfiguration.strip_sources is True            # no code in the page
    assert c.VoilaConfiguration.show_tracebacks is False
    assert c.VoilaConfiguration.file_allowlist == []              # /voila/files serves nothing
    assert c.VoilaConfiguration.preheat_kernel is False
    assert c.VoilaConfiguration.allow_template_override == "NO"    # no ?template= from a URL
    assert c.VoilaConfiguration.allow_theme_override == "NO"
    assert c.IdentityProvider.logout_handler_class.__name__ == "ClassroomLogout"
    assert c.Voila.root_dir == str(app.PAGE.parent)
    assert sorted(p.name for p in app.PAGE.parent.iterdir()) == ["classroom.ipynb"]
    headers = c.Voila.tornado_settings["headers"]
    assert "frame-ancestors 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert c.MappingKernelManager.cull_idle_timeout == 15 * 60        # no tab connected: culled
    assert c.MappingKernelManager.cull_interval == 60
    assert c.MappingKernelManager.cull_connected is False            # an open tab keeps its game
    assert c.CappedKernelManager.max_kernels == app.MAX_KERNELS
    assert app.voila_config(max_kernels=3).CappedKernelManager.max_kernels == 3
    for wrong in (0, -1, True, 2.5):
        with pytest.raises(explorer.InvalidInput, match="at least 1 game"):
            app.voila_config(max_kernels=wrong)
    assert app.app_class()().config_file_paths == []              # no voila.json/.py from anywhere
    kernels = c.VoilaConfiguration.kernel_spec_manager_class()
    assert list(kernels.find_kernel_specs()) == ["python3"]      # this Python's kernel only
    assert kernels.get_kernel_spec("python3").argv[:3] == [sys.executable, "-m", "explorer.app.kernel"]
    with pytest.raises(explorer.InvalidInput, match="needs a token"):
        app.voila_config("0.0.0.0", 8866, None)
    with pytest.raises(explorer.InvalidInput, match="expected an IP address"):
        app.voila_config("my laptop", 8866, None)


def test_app_kernel_limit_counts_kernels_still_starting(monkeypatch) -> None:
    """Page loads arriving together cannot overshoot the limit (a kernel takes seconds
    to start and is listed only at the end), and no kernel is counted twice."""
    import asyncio

    from gameplay import in_own_thread
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    from explorer.app.server import CappedKernelManager, ClassroomFull

    gates: dict[str, asyncio.Event] = {}

    async def start(self, *, kernel_id=None, **kwargs):   # a while, listed, a while more
        kernel_id = kernel_id or self.new_kernel_id()
        await gates["listed"].wait()
        self._kernels[kernel_id] = object()
        await gates["ready"].wait()
        return kernel_id

    monkeypatch.setattr(MappingKernelManager, "start_kernel", start)

    async def scenario() -> None:
        gates.update(listed=asyncio.Event(), ready=asyncio.Event())
        manager = CappedKernelManager(max_kernels=2)
        load = lambda: asyncio.create_task(manager.start_kernel(kernel_name="python3"))  # noqa: E731
        first = load()
        await asyncio.sleep(0.01)
        gates["listed"].set()                                  # listed, not ready yet
        await asyncio.sleep(0.01)
        assert len(manager.list_kernel_ids()) == 1
        second = load()                                        # counted once: a seat is free
        await asyncio.sleep(0.01)
        with pytest.raises(ClassroomFull) as full:
            await manager.start_kernel(kernel_name="python3")
        assert full.value.status_code == 503 and full.value.running == 2
        gates["ready"].set()
        ids = {await first, await second}
        assert ids == set(manager.list_kernel_ids())
        del manager._kernels[ids.pop()]                        # one shut down: a seat again
        assert await manager.start_kernel(kernel_name="python3") in manager.list_kernel_ids()

        gates.update(listed=asyncio.Event(), ready=asyncio.Event())
        manager = CappedKernelManager(max_kernels=2)
        starting = [load(), load()]                            # together, none listed yet
        await asyncio.sleep(0.01)
        assert manager.list_kernel_ids() == []
        with pytest.raises(ClassroomFull):
            await manager.start_kernel(kernel_name="python3")
        gates["listed"].set()
        gates["ready"].set()
        assert len({await task for task in starting}) == 2

    in_own_thread(scenario)


def test_app_refuses_no_games_at_once(capsys) -> None:
    code, _, err = run(capsys, "app", "--max-games", "0", "--no-browser")
    assert code == 2 and "at least 1 game" in err


def test_app_refuses_a_port_in_use_with_the_fix(capsys) -> None:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, _, err = run(capsys, "app", "--port", str(port), "--no-browser")
    assert code == 2 and f"127.0.0.1:{port}" in err and "--port" in err


def test_classroom_app_deals_the_picked_game() -> None:
    from explorer.app.classroom import ClassroomApp
    page = ClassroomApp()
    assert [name for _, name in page.game.options] == list(explorer.list_games())
    page.game.value = "village"
    assert [p for _, p in page.players.options] == [2, 3, 4, 5]
    page.players.value = 3
    page.seed.value = 4
    panel = page.new_game()
    assert page.area.children == (panel,)
    assert panel.explorer.game == explorer.load("village", players=3)
    assert panel.explorer.root.state.to_json() == explorer.load("village", players=3).new(4).to_json()
    page.game.value = "summoners"                         # 3 is still allowed: kept
    assert page.players.value == 3


def test_classroom_panel_cannot_write_files_on_the_server(tmp_path, monkeypatch) -> None:
    """The panel's save box takes a file name from the browser: in the app it writes nothing,
    even when the click comes as a raw widget message for the hidden button."""
    from explorer.app.classroom import SAVE_CONTROLS, ClassroomApp
    monkeypatch.chdir(tmp_path)
    page = ClassroomApp(game="village", players=3)
    panel = page.new_game()
    panel.save_name.value = str(tmp_path / "stolen.json")
    panel.save_button._handle_button_msg(None, {"event": "click"}, [])   # what a browser sends
    panel.save_view_button._handle_button_msg(None, {"event": "click"}, [])
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(PermissionError):
        panel.save(str(tmp_path / "x.json"))
    for name in SAVE_CONTROLS:
        assert getattr(panel, name).layout.display == "none"
