"""Shared helpers for the Piri Piri Summoners tests."""
from __future__ import annotations

import pytest

import explorer


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers",
                            "rules(*ids): the rule ids of seeds/<game>.md a test exercises")


@pytest.fixture
def game():
    return explorer.load("summoners", players=2)
