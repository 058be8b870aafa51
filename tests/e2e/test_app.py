"""`explorer app` in headless Chromium: a teacher picks a game and plays; the server is locked down.

Two servers per module, both started with the real command on a free loopback port:
one as on a teacher's computer (no token), one with `--token` (what `--classroom`
requires; it listens on 127.0.0.1 here so that no test opens a port to the network).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TOKEN = "classroom-e2e-" + uuid.uuid4().hex[:12]
PAGE_TIMEOUT = 120_000      # each page load runs the notebook in a new kernel


class App:
    def __init__(self, port: int, token: str | None, server: subprocess.Popen, log: Path) -> None:
        self.port = port
        self.token = token
        self.base = f"http://127.0.0.1:{port}"
        self.server = server
        self.log = log

    def kernels(self) -> set[str]:
        """The ids of the kernels the server runs now (one per page load, until shut down),
        from the kernel processes' command lines (`-f .../kernel-<id>.json`)."""
        import psutil
        ids = set()
        for child in psutil.Process(self.server.pid).children():
            try:
                if child.status() == psutil.STATUS_ZOMBIE:
                    continue
                match = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(child.cmdline()))
            except psutil.NoSuchProcess:
                continue
            if match:
                ids.add(match.group(1))
        return ids

    def url(self, path: str = "/", token: bool = True) -> str:
        if token and self.token:
            return f"{self.base}{path}{'&' if '?' in path else '?'}token={self.token}"
        return f"{self.base}{path}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def explorer_command() -> list[str]:
    script = Path(sys.executable).with_name("explorer")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "explorer.cli"]


@pytest.fixture(scope="module")
def start_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., App]]:
    servers: list[tuple[subprocess.Popen, Path, object]] = []

    def start(*flags: str, token: str | None = None) -> App:
        base = tmp_path_factory.mktemp("app")
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(base / "config"),
               "JUPYTER_DATA_DIR": str(base / "data"), "JUPYTER_RUNTIME_DIR": str(base / "runtime")}
        env.pop("JUPYTER_PLATFORM_DIRS", None)
        port = free_port()
        log_path = base / "app.log"
        log = log_path.open("w")
        argv = [*explorer_command(), "app", "--port", str(port), "--no-browser", *flags]
        if token:
            argv += ["--token", token]
        server = subprocess.Popen(argv, cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT)
        servers.append((server, log_path, log))
        deadline = time.monotonic() + 90
        while True:      # ready when the port accepts (a GET / would already run the notebook)
            if server.poll() is not None:
                pytest.fail(f"explorer app exited with {server.returncode}: {log_path.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"explorer app did not listen within 90 s; see {log_path}")
            time.sleep(0.3)
        return App(port, token, server, log_path)

    yield start
    for server, log_path, log in servers:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()  # type: ignore[attr-defined]
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copy(log_path, ARTIFACTS / f"explorer-app-{log_path.parent.name}.log")


@pytest.fixture(scope="module")
def app(start_app: Callable[..., App]) -> App:
    return start_app()


@pytest.fixture(scope="module")
def app_with_token(start_app: Callable[..., App]) -> App:
    return start_app(token=TOKEN)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def fetch(url: str, follow: bool = True, headers: dict[str, str] | None = None,
          method: str = "GET") -> tuple[int, dict[str, str], str]:
    """Status, headers and body of a request (errors and redirects included, not raised)."""
    opener = urllib.request.build_opener() if follow else urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with opener.open(request, timeout=120) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode("utf-8", "replace")


def kernel_id(html: str) -> str:
    match = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert match, "no kernel id in the page"
    return match.group(1)


def message(kind: str, content: object) -> str:
    """A message for the kernel's websocket, as a browser sends it."""
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "student",
                                  "session": uuid.uuid4().hex, "date": "2026-01-01T00:00:00Z",
                                  "version": "5.3"},
                       "parent_header": {}, "metadata": {}, "content": content,
                       "channel": "shell", "buffers": []})


def test_teacher_picks_village_for_3_and_plays_a_move(
        page: Page, app: App, shot: Callable[[Locator, str], None]) -> None:
    page.goto(app.url())
    root = page.locator(".rx-app")
    expect(root).to_be_visible(timeout=PAGE_TIMEOUT)
    # Voila shows the outputs only: no code cell, no source
    expect(page.locator(".jp-InputArea, .jp-InputPrompt")).to_have_count(0)
    assert "ClassroomApp" not in page.locator("body").inner_text()

    root.locator(".rx-app-game select").select_option(label="Please Don't Burn My Village!")
    players = root.locator(".rx-app-players select")
    expect(players.locator("option")).to_have_count(4)            # Village: 2-5 players
    players.select_option(label="3")
    root.locator(".rx-app-start").click()

    panel = root.locator(".rx-panel")
    board = panel.locator(".rx-board")
    expect(board).to_be_visible(timeout=60_000)
    expect(board).to_have_attribute("data-node", "0")
    expect(root.locator(".rx-app-message")).to_contain_text("3 players")
    for seat in ("P0", "P1", "P2"):                                 # a perspective per player
        expect(panel.get_by_role("button", name=seat, exact=True)).to_have_count(1)
    expect(panel.get_by_role("button", name="P3", exact=True)).to_have_count(0)
    expect(panel.get_by_role("button", name="save tree")).to_have_count(0)   # no writing on the server
    shot(root, "app-village-start.png")
    # the history's rows, by role (the panel's history widget is a listbox of options)
    history = panel.get_by_role("listbox", name="history").get_by_role("option")
    expect(history.first).to_have_text(re.compile("start"))
    before = history.count()

    panel.locator(".rx-move-button").first.click()
    expect(board).not_to_have_attribute("data-node", "0")        # the kernel played it
    expect(board.locator(".rx-message")).to_have_attribute("data-kind", "played")
    expect(history.nth(before)).to_be_attached()                 # the history grew
    shot(root, "app-village-after-move.png")


def test_without_the_token_nothing_is_served(page: Page, app_with_token: App) -> None:
    app = app_with_token
    status, headers, _ = fetch(app.url("/", token=False), follow=False)
    assert status == 302 and headers["Location"].startswith("/login")
    status, _, body = fetch(app.url("/?token=wrong-" + TOKEN, token=False), follow=False)
    assert status == 302 and "classroom" not in body and "kernelId" not in body
    for path in ("/api/kernels", "/api/contents", "/voila/api/shutdown/x"):
        status, _, body = fetch(app.url(path, token=False), follow=False)
        assert status in (302, 403), (path, status)
    # a browser without the token gets the login page, not the app
    page.goto(app.url("/", token=False))
    expect(page).to_have_url(re.compile(r"/login"))
    expect(page.locator(".rx-app")).to_have_count(0)
    # with it, the app
    status, _, body = fetch(app.url("/"))
    assert status == 200 and "Rules Explorer: classroom" in body and "kernelId" in body
    assert "from explorer.app" not in body                          # no source in the page


@pytest.mark.parametrize("which", ["app", "app_with_token"])
def test_no_jupyter_api_is_usable(request: pytest.FixtureRequest, which: str) -> None:
    """Even with the token: no kernel list or start, no contents, no terminals, no files."""
    app: App = request.getfixturevalue(which)
    for path in ("/api/kernels", "/api/contents", "/api/contents/classroom.ipynb", "/api/sessions",
                 "/api/terminals", "/api/kernelspecs", "/voila/tree", "/voila/api/contents",
                 "/voila/render/classroom.ipynb", "/voila/files/classroom.ipynb",
                 "/voila/files/../classroom.ipynb", "/tree", "/lab"):
        status, _, body = fetch(app.url(path))
        assert status in (403, 404), (path, status, body[:200])
        assert not body.lstrip().startswith(("[", "{")), (path, body[:200])
    status, _, _ = fetch(app.url("/api/kernels"), method="POST")
    assert status in (403, 404, 405)


def test_a_foreign_host_name_is_refused_on_this_computer(app: App) -> None:
    """DNS rebinding: a page of another site that resolves to 127.0.0.1 gets nothing."""
    status, _, _ = fetch(app.url("/"), headers={"Host": f"evil.example:{app.port}"})
    assert status == 403


def test_what_a_browser_sends_cannot_run_code(app_with_token: App, tmp_path: Path) -> None:
    """The page's own kernel answers widget and info messages, and drops execute_request.
    Each page load gets its own kernel (another student's game is not reachable)."""
    from websockets.sync.client import connect

    app = app_with_token
    _, _, first = fetch(app.url("/"))
    _, _, second = fetch(app.url("/"))
    kernel = kernel_id(first)
    assert kernel != kernel_id(second)
    marker = tmp_path / "ran.txt"
    ws_url = app.url(f"/api/kernels/{kernel}/channels").replace("http://", "ws://")
    seen: list[str] = []
    with connect(ws_url, open_timeout=30) as ws:
        ws.send(message("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False, "store_history": False,
            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}))
        ws.send(message("kernel_info_request", {}))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "kernel_info_reply" not in seen:
            try:
                seen.append(json.loads(ws.recv(timeout=5))["header"]["msg_type"])
            except TimeoutError:
                break
        assert "kernel_info_reply" in seen        # the channel works: the kernel answers
        time.sleep(1)
    assert "execute_reply" not in seen and "execute_input" not in seen
    assert not marker.exists()


def wait_for(condition: Callable[[], bool], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.3)
    return True


FULL = "The classroom is full: 2 games are running. Close a tab or try again in a few minutes."


def test_a_full_classroom_gets_a_page_saying_so_and_no_kernel(
        page: Page, start_app: Callable[..., App]) -> None:
    """`--max-games 2`: two games run; a third page load gets a 503 page in words and starts
    no kernel; closing a tab (its kernel shut down) lets the next one in."""
    app = start_app("--max-games", "2")
    page.goto(app.url())                                         # a student's tab: game 1
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    status, _, body = fetch(app.url("/"))                       # game 2
    assert status == 200 and "kernelId" in body
    assert len(app.kernels()) == 2

    status, headers, body = fetch(app.url("/"))
    assert status == 503, body[:500]
    assert FULL in body and "kernelId" not in body
    assert "Traceback" not in body and "site-packages" not in body
    assert headers["Content-Type"].startswith("text/html") and int(headers["Retry-After"]) > 0
    another = page.context.new_page()                            # what a third student sees
    response = another.goto(app.url())
    assert response is not None and response.status == 503
    expect(another.locator("h1")).to_have_text("The classroom is full")
    expect(another.locator("body")).to_contain_text(FULL)
    time.sleep(2)
    assert len(app.kernels()) == 2                              # the refused loads started nothing

    page.goto("about:blank")                                     # the tab closes: its kernel stops
    assert wait_for(lambda: len(app.kernels()) == 1), "the closed tab's kernel still runs"
    # the process ends a moment before the server forgets the kernel: then a seat is free
    assert wait_for(lambda: fetch(app.url("/"))[0] == 200, 10), "no seat after a tab closed"
    assert len(app.kernels()) == 2


@pytest.mark.parametrize("which", ["app", "app_with_token"])
def test_closing_a_tab_stops_its_kernel(page: Page, request: pytest.FixtureRequest, which: str) -> None:
    """The page's last act is asking the server to shut its kernel down (with the _xsrf
    cookie's value, which the page load must have set)."""
    app: App = request.getfixturevalue(which)
    page.goto(app.url())
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    kernel = kernel_id(page.content())
    assert kernel in app.kernels()
    assert any(cookie["name"] == "_xsrf" for cookie in page.context.cookies())
    page.goto("about:blank")
    assert wait_for(lambda: kernel not in app.kernels()), "the closed tab's kernel still runs"


def test_kernels_without_a_tab_are_culled_after_15_idle_minutes(app: App) -> None:
    """The running server's kernel manager says so when it starts culling (at its first
    kernel): kernels idle 15 minutes, checked every minute, connected ones spared."""
    fetch(app.url("/"))
    log = app.log.read_text()
    assert "Culling kernels with idle durations > 900 seconds at 60 second intervals" in log
    assert "Culling kernels even with connected clients" not in log


def test_a_malformed_widget_message_gets_no_traceback(app: App) -> None:
    """Malformed comm_open and comm_msg: the browser gets a one-line error, no traceback
    and no installation path; the server's log keeps the traceback."""
    from websockets.sync.client import connect

    _, _, body = fetch(app.url("/"))
    ws_url = app.url(f"/api/kernels/{kernel_id(body)}/channels").replace("http://", "ws://")
    received: list[dict] = []

    def receive_until(kind: str) -> None:
        deadline, done = time.monotonic() + 30, None
        while time.monotonic() < (done or deadline):
            try:
                received.append(json.loads(ws.recv(timeout=1)))
            except TimeoutError:
                continue
            if received[-1]["header"]["msg_type"] == kind and done is None:
                done = time.monotonic() + 2      # the kernel's stderr comes a moment later
        assert done, f"no {kind}"

    with connect(ws_url, open_timeout=30, max_size=None) as ws:
        ws.send(message("comm_info_request", {}))
        receive_until("comm_info_reply")
        comms = next(m["content"]["comms"] for m in received if m["header"]["msg_type"] == "comm_info_reply")
        assert comms                                              # the page's widgets
        for content in ({}, {"comm_id": "x"}, {"comm_id": "y", "target_name": "nope", "data": {}},
                        {"comm_id": "z", "target_name": "jupyter.widget", "data": {}},
                        {"comm_id": "v", "target_name": "jupyter.widget", "data": 5}):
            ws.send(message("comm_open", content))
        for comm in comms:                                        # every widget, a bad update and call
            ws.send(message("comm_msg", {"comm_id": comm, "data": {"method": "update",
                                                                   "state": {"layout": 7}}}))
            ws.send(message("comm_msg", {"comm_id": comm, "data": {"method": "custom", "content": 5}}))
        ws.send(message("kernel_info_request", {}))
        receive_until("kernel_info_reply")

    text = json.dumps([m["content"] for m in received])
    assert "Exception opening comm with target: jupyter.widget (ValueError)" in text   # the short error
    assert any(m["header"]["msg_type"] == "error" for m in received)    # a widget's error, reported
    for leak in ("Traceback", "site-packages", 'File \\"', sys.prefix, str(Path(__file__).parents[2])):
        assert leak not in text, leak
    log = app.log.read_text()
    assert "Exception opening comm with target: jupyter.widget" in log and "Traceback" in log


ODD_PATHS = ("/voila/templates/../..", "/voila/templates/x", "/voila/templates/a/b", "/voila/templates/",
             "/voila/templates/lab/static/../../../../etc/passwd", "/voila/templates/../../x/static/y",
             "/voila/templates/lab/static/", "/voila/labextensions/x", "/voila/api/themes/x")


@pytest.mark.parametrize("which", ["app", "app_with_token"])
def test_odd_paths_get_a_404_page_never_a_500(request: pytest.FixtureRequest, which: str) -> None:
    """Voila's template files handler failed (500) on a path not shaped
    <template>/static/<file>, and jupyter_server's error pages failed to render."""
    app: App = request.getfixturevalue(which)
    for path in ODD_PATHS:
        status, headers, body = fetch(app.url(path))
        assert status == 404, (path, status)
        assert headers["Content-Type"].startswith("text/html") and "404" in body, (path, body[:200])
        assert "Traceback" not in body and "site-packages" not in body, path
    assert fetch(app.url("/voila/templates/lab/static/voila.js"))[0] == 200    # still served
    for query in ("template=../../x", "theme=../../x"):       # no template or theme from a URL
        status, _, body = fetch(app.url(f"/?{query}"))
        assert status == 200 and "Rules Explorer: classroom" in body, query
    status, headers, _ = fetch(app.url("/logout"), follow=False)
    assert status == 302 and headers["Location"].endswith("/login")
    log = app.log.read_text()
    assert "Uncaught exception" not in log and not re.search(r"^500 ", log, re.M)


def test_logging_out_forgets_the_token(page: Page, app_with_token: App) -> None:
    app = app_with_token
    page.goto(app.url("/"))
    expect(page.locator(".rx-app")).to_be_visible(timeout=PAGE_TIMEOUT)
    page.goto(app.url("/logout", token=False))
    expect(page).to_have_url(re.compile(r"/login"))
    page.goto(app.url("/", token=False))                         # the login cookie is gone
    expect(page).to_have_url(re.compile(r"/login"))
    expect(page.locator(".rx-app")).to_have_count(0)
