"""Which engine the app's kernels run: the compiled one when it is built and current.

The teacher gets the compiled engine (README, "Compiled mode") without knowing it
exists. In a source checkout (tools/compile.py beside explorer/), `prefer_compiled`
asks the build whether it is current for the sources as they are: if so, the kernels
started from now on import it (PYTHONPATH, which a kernel inherits); if not, this start
stays pure, as quick to open as ever, and the build runs in the background, detached,
for the next start (its log: build/compile.log; without a C compiler it says so there
and nothing changes). An installed package has no build and stays pure, and so does
everything started with ``EXPLORER_ENGINE=pure`` (the test suite sets it: a test that
starts the app must not start a build beside the tests).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout's root (explorer/app/engine_mode.py is three levels down)."""


def prefer_compiled(root: Path = ROOT) -> str:
    """Use the compiled engine for the kernels to come if it is current, else start its
    build in the background; returns what was done, in a sentence."""
    tool = root / "tools" / "compile.py"
    compiled = root / "build" / "compiled"
    if os.environ.get("EXPLORER_ENGINE") == "pure":
        return "pure Python (EXPLORER_ENGINE=pure)"
    if not tool.is_file():
        return "pure Python (an installed package has no compiled build)"
    if str(compiled) in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        return "the compiled engine (already chosen)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    current = subprocess.run([sys.executable, str(tool), "--current"], env=env, cwd=root,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    if current:
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(compiled), os.environ.get("PYTHONPATH")) if p)
        return "the compiled engine"
    (root / "build").mkdir(exist_ok=True)
    with open(root / "build" / "compile.log", "wb") as log:
        subprocess.Popen([sys.executable, str(tool), "--background"], env=env, cwd=root, stdout=log,
                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    return "pure Python this time: the compiled engine builds in the background for the next start"
