"""Hypothesis profiles: random examples on a developer's machine (to find new bugs),
the same examples in CI (so a landing never depends on luck; `CI` is set by .ci/run)."""
from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

os.environ["EXPLORER_ENGINE"] = "pure"
"""An app or lab started by a test keeps its engine as it is and never starts a build of
the compiled mode beside the tests (`explorer.app.engine_mode`)."""
