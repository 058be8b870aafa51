"""The app's kernels get the compiled engine when its build is current, and a first
start is never kept waiting for a build (tools/compile.py --current / --background)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from explorer.app.engine_mode import prefer_compiled

ROOT = Path(__file__).resolve().parents[2]

FAKE_TOOL = """import sys, pathlib
root = pathlib.Path(__file__).resolve().parent.parent
if "--current" in sys.argv:
    sys.exit(0 if (root / "current").exists() else 1)
if "--background" in sys.argv:
    (root / "built").write_text("yes")
"""


def _checkout(tmp_path: Path, current: bool) -> Path:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "compile.py").write_text(FAKE_TOOL)
    if current:
        (tmp_path / "current").write_text("")
    return tmp_path


def test_a_current_build_is_used_by_the_kernels_to_come(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.delenv("EXPLORER_ENGINE", raising=False)
    root = _checkout(tmp_path, current=True)
    assert prefer_compiled(root) == "the compiled engine"
    assert os.environ["PYTHONPATH"].split(os.pathsep)[0] == str(root / "build" / "compiled")
    assert prefer_compiled(root) == "the compiled engine (already chosen)"
    assert not (root / "built").exists()


def test_a_stale_build_is_started_in_the_background_and_this_start_stays_pure(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.delenv("EXPLORER_ENGINE", raising=False)
    root = _checkout(tmp_path, current=False)
    said = prefer_compiled(root)
    assert said.startswith("pure Python this time") and "PYTHONPATH" not in os.environ
    for _ in range(100):
        if (root / "built").exists():
            break
        time.sleep(0.05)
    assert (root / "built").read_text() == "yes"


def test_an_installed_package_stays_pure(tmp_path, monkeypatch):
    monkeypatch.delenv("EXPLORER_ENGINE", raising=False)
    assert prefer_compiled(tmp_path).startswith("pure Python (an installed package")


def test_the_test_suite_never_starts_a_build(tmp_path):
    root = _checkout(tmp_path, current=False)
    assert os.environ["EXPLORER_ENGINE"] == "pure"
    assert prefer_compiled(root) == "pure Python (EXPLORER_ENGINE=pure)" and not (root / "built").exists()


def test_the_build_tool_says_whether_it_is_current():
    import importlib.util
    spec = importlib.util.spec_from_file_location("compile_tool", ROOT / "tools" / "compile.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    expected = tool.STAMP.exists() and tool.STAMP.read_text() == tool.stamp()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "compile.py"), "--current"], env=env)
    assert done.returncode == (0 if expected else 1)
