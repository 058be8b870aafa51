"""A golden playthrough: a seeded 2-player game written out state by state and compared.

Every state's teacher and player views and every legal move's text and label are
written to `golden/village_2p_seed7.txt`. Any change in rules, texts or views shows up
as a diff. Regenerate with `UPDATE_GOLDEN=1 uv run pytest tests/village/test_golden.py`.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from gameplay import check_golden, golden_playthrough

from explorer.games.village.agent import GreedyVillageAgent

from .helpers import load

GOLDEN = Path(__file__).parent / "golden" / "village_2p_seed7.txt"


def playthrough(seed: int = 7) -> str:
    """The text of one game: greedy agents on both seats, chance sampled from `seed`."""
    return golden_playthrough(load(2), seed, f"# Please Don't Burn My Village! 2 players, seed {seed}, greedy agents",
                              GreedyVillageAgent(), lambda state: f"to move {state.view(None)['to_move']}")


@pytest.mark.rules("V-TURN-1", "V-BRIBE-1", "V-REFILL-1", "V-MARKET-3", "V-CURSE-1", "V-DRAW-1",
                   "V-END-1", "V-SCORE-4")
def test_golden_playthrough() -> None:
    check_golden(GOLDEN, playthrough(), 1_000_000)
