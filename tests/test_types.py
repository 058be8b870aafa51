"""mypy over the whole package (issue 28, item 6): the settings are pyproject.toml's
`[tool.mypy]`, non-strict, with `warn_unused_ignores`: nothing may be reported, and an
ignore comment that no longer hides anything is reported too."""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_nothing() -> None:
    out, err, _ = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary",
                           "--cache-dir", str(ROOT / ".mypy_cache")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert not err, err
    assert errors == [], "mypy:\n" + "\n".join(errors)
