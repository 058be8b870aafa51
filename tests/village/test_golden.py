"""A golden playthrough: a seeded 2-player game written out state by state and compared.

Every state's teacher and player views and every legal move's text and label are
written to `golden/village_2p_seed7.txt`. Any change in rules, texts or views shows up
as a diff. Regenerate with `UPDATE_GOLDEN=1 uv run pytest tests/village/test_golden.py`.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from explorer.core.agents import observe
from explorer.games.village.agent import GreedyVillageAgent

from .helpers import load

GOLDEN = Path(__file__).parent / "golden" / "village_2p_seed7.txt"


def playthrough(seed: int = 7) -> str:
    """The text of one game: greedy agents on both seats, chance sampled from `seed`."""
    game = load(2)
    rng = random.Random(seed)
    agent = GreedyVillageAgent()
    state = game.new(seed=seed)
    lines = [f"# Please Don't Burn My Village! 2 players, seed {seed}, greedy agents"]
    step = 0
    while True:
        lines.append(f"\n## step {step}: to move {state.view(None)['to_move']}")
        for viewer in (None, 0, 1):
            lines.append(f"view {viewer}: " + json.dumps(state.view(viewer), sort_keys=True))
        for move in state.legal_moves():
            lines.append(f"  {move} | {move.label}")
        if state.is_over:
            break
        move = (state.sample_chance(rng) if state.is_chance
                else agent.choose(observe(state), rng))
        lines.append(f"play: {move}")
        state = state.play(move)
        step += 1
    return "\n".join(lines) + "\n"


@pytest.mark.rules("V-TURN-1", "V-BRIBE-1", "V-REFILL-1", "V-MARKET-3", "V-CURSE-1", "V-DRAW-1",
                   "V-END-1", "V-SCORE-4")
def test_golden_playthrough() -> None:
    text = playthrough()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with UPDATE_GOLDEN=1 to write the golden file"
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert len(text) < 1_000_000
