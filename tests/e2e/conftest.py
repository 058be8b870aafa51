"""Real-browser fixtures: one JupyterLab server and one headless Chromium per session.

Everything under tests/e2e is marked `browser` (`pytest -m "not browser"` is the fast
loop). A missing Chromium fails the run: a browser test that silently skips proves
nothing. Each test opens its own copy of a notebook in its own Lab workspace, and a
failing test leaves a screenshot in test-artifacts/.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Callable, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
TOKEN = "rules-explorer-e2e"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LAB_SETTINGS = {
    # without this a "get notified about Jupyter news?" toast covers the bottom right
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    # no cell virtualisation: every cell of the notebook is in the DOM
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A running JupyterLab: `open_url(notebook)` gives a URL in a workspace of its own."""

    def __init__(self, root: Path, port: int) -> None:
        self.root = root
        self.base = f"http://127.0.0.1:{port}"

    def open_url(self, notebook: str) -> str:
        workspace = Path(notebook).stem
        return f"{self.base}/lab/workspaces/{workspace}/tree/{notebook}?token={TOKEN}"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    shutil.copytree(NOTEBOOKS, root)          # Lab autosaves: never serve the repo's notebooks
    settings = base / "settings"
    for name, value in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(base / "config"),
           "JUPYTER_DATA_DIR": str(base / "data"), "JUPYTER_RUNTIME_DIR": str(base / "runtime")}
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    port = free_port()
    log_path = base / "lab.log"
    log = log_path.open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
         "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", "--ServerApp.allow_root=True",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
         "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
         f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={base / 'workspaces'}"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                pytest.fail(f"JupyterLab exited with {server.returncode}; see {log_path}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer within 60 s; see {log_path}")
            time.sleep(0.3)
        yield Lab(root, port)
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copy(log_path, ARTIFACTS / "jupyterlab.log")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not chromium:
        pytest.fail("Chromium is not installed (apt-get install chromium, or set CHROMIUM=/path); "
                    "browser tests must run, not skip")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    context.set_default_timeout(30_000)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / f"{request.node.name}-FAILED.png"))
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def notebook(lab: Lab) -> Callable[[str], str]:
    """Copy a notebook of notebooks/ to a unique name in the server root; returns the copy's name."""
    def copy(name: str) -> str:
        target = f"{Path(name).stem}-{uuid.uuid4().hex[:8]}.ipynb"
        shutil.copy(NOTEBOOKS / name, lab.root / target)
        return target
    return copy


@pytest.fixture
def shot() -> Callable[[object, str], None]:
    """Save a screenshot of a page element to test-artifacts/<name> (to look at the board)."""
    def save(locator: object, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        locator.screenshot(path=str(ARTIFACTS / name))  # type: ignore[attr-defined]
    return save
