"""A golden playthrough: a seeded 2-player game of greedy agents written out state by state.

Every state's teacher and player views and every legal move's text and label go to
`golden/momiji_2p_seed7.txt`; any change in rules, texts or views shows up as a diff.
Regenerate with `UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/momiji/test_golden.py`.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from gameplay import check_golden, golden_playthrough

from explorer.games.momiji.agent import GreedyMomijiAgent

from .helpers import load

GOLDEN = Path(__file__).parent / "golden" / "momiji_2p_seed7.txt"


def playthrough(seed: int = 7) -> str:
    """The text of one game: greedy agents on both seats, chance sampled from `seed`."""
    return golden_playthrough(load(2), seed, f"# Momiji 2 players, seed {seed}, greedy agents",
                              GreedyMomijiAgent(), lambda state: state.pending.prompt)


@pytest.mark.rules("M-TURN-1", "M-COLLECT-1", "M-PLAY-1", "M-REFILL-1", "M-END-1", "M-SCORE-1")
def test_golden_playthrough() -> None:
    check_golden(GOLDEN, playthrough(), 3_000_000)
