"""The examples in docstrings run: every module of explorer/ with a ``>>>`` example is
collected here (a doctest that nothing runs drifts from the code). None of them needs a
Jupyter kernel or a browser; a module whose examples would is to be listed here with the
reason, and its examples run by a browser test instead."""
from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "explorer"
MODULES = sorted(".".join(part for part in path.relative_to(PACKAGE.parent).with_suffix("").parts
                          if part != "__init__")
                 for path in PACKAGE.rglob("*.py") if ">>> " in path.read_text(encoding="utf-8"))


def test_the_examples_are_found():
    assert {"explorer.core.chance", "explorer.core.pending", "explorer.games.pirates.dice"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    if not str(module.__file__).endswith(".py"):
        pytest.skip("compiled by mypyc (no docstrings to read): its examples run in the pure half")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{name}: {result.failed} of {result.attempted} failed"
