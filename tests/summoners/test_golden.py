"""The golden playthrough: a seeded game, state by state, compared with the stored text.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 uv run pytest tests/summoners``
and review the diff.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from .golden_game import SEED, playthrough

GOLDEN = Path(__file__).parent / "golden" / f"playthrough_seed{SEED}.txt"


@pytest.mark.rules("S-END-1", "S-SUMMON-2", "S-FLANK-4", "S-SCULPT-2", "S-DRAW-1", "S-BUY-1")
def test_golden_playthrough():
    text = playthrough()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "no golden file yet: run with UPDATE_GOLDEN=1"
    expected = GOLDEN.read_text(encoding="utf-8")
    assert len(expected) < 1_000_000
    for number, (got, want) in enumerate(zip(text.splitlines(), expected.splitlines()), 1):
        assert got == want, f"golden line {number} differs"
    assert text == expected
