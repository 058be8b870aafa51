"""The game fixture of the Piri Piri Summoners tests (the `rules` marker is in pyproject)."""
from __future__ import annotations

import pytest

import explorer


@pytest.fixture
def game():
    return explorer.load("summoners", players=2)
