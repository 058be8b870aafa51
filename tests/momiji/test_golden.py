"""A golden playthrough: a seeded 2-player game of greedy agents written out state by state.

Every state's teacher and player views and every legal move's text and label go to
`golden/momiji_2p_seed7.txt`; any change in rules, texts or views shows up as a diff.
Regenerate with `UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/momiji/test_golden.py`.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from explorer.core.agents import observe
from explorer.games.momiji.agent import GreedyMomijiAgent

from .helpers import load

GOLDEN = Path(__file__).parent / "golden" / "momiji_2p_seed7.txt"


def playthrough(seed: int = 7) -> str:
    game = load(2)
    rng = random.Random(seed)
    agent = GreedyMomijiAgent()
    state = game.new(seed=seed)
    lines = [f"# Momiji 2 players, seed {seed}, greedy agents"]
    step = 0
    while True:
        lines.append(f"\n## step {step}: {state.pending.prompt}")
        for viewer in (None, 0, 1):
            lines.append(f"view {viewer}: " + json.dumps(state.view(viewer), sort_keys=True))
        for move in state.legal_moves():
            lines.append(f"  {move} | {move.label}")
        if state.is_over:
            break
        move = state.sample_chance(rng) if state.is_chance else agent.choose(observe(state), rng)
        lines.append(f"play: {move}")
        state = state.play(move)
        step += 1
    return "\n".join(lines) + "\n"


@pytest.mark.rules("M-TURN-1", "M-COLLECT-1", "M-PLAY-1", "M-REFILL-1", "M-END-1", "M-SCORE-1")
def test_golden_playthrough() -> None:
    text = playthrough()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with UPDATE_GOLDEN=1 to write the golden file"
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert len(text) < 3_000_000
