"""A golden playthrough: a seeded 2-player game of greedy agents, with the card draft,
written out state by state.

Every state's teacher and player views and every legal move's text and label go to
`golden/pirates_2p_seed7.txt`; any change in rules, texts or views shows up as a diff.
The game is cut at 3 rounds (option `max_rounds`) to keep the file small.
Regenerate with `UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/pirates/test_golden.py`.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from gameplay import check_golden, golden_playthrough

from explorer.games.pirates.agent import GreedyPiratesAgent

from .helpers import load

GOLDEN = Path(__file__).parent / "golden" / "pirates_2p_seed7.txt"


def playthrough(seed: int = 7) -> str:
    """The text of one game: greedy agents on both seats, chance sampled from `seed`."""
    game = load(2, draft=True, max_rounds=3)
    return golden_playthrough(game, seed, f"# Lying Pirates 2 players, draft, 3 rounds, seed {seed}, "
                                          f"greedy agents", GreedyPiratesAgent(),
                              lambda state: f"round {state.data.round}, {state.data.phase}: "
                                            f"{state.pending.prompt}")


@pytest.mark.rules("P-ROUND-1", "P-SETUP-DRAFT", "P-BID-ORDER", "P-SAIL-1", "P-ACT-ORDER", "P-END-LIMIT")
def test_golden_playthrough() -> None:
    text = playthrough()
    assert "P-SETUP-DRAFT" in text and "round 3" in text
    check_golden(GOLDEN, text, 3_000_000)
