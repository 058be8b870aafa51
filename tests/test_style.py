"""The code stays free of dead imports, unused and undefined names (ruff's pyflakes), with
its imports in order and free of bugbear's likely bugs (the rules in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "explorer", "tests", "benchmarks", "tools"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
