"""What a paid reveal brings (momiji/odds.py), checked against the engine: every chance
outcome of the reveal expanded with the engine's own probabilities."""
from __future__ import annotations

from collections import defaultdict

import polars as pl
import pytest

import explorer
from explorer.core.state import CHANCE
from explorer.games.momiji.cards import type_of

GAME = explorer.load("momiji", players=2)


@pytest.mark.rules("M-COLLECT-2", "M-COLLECT-4")
@pytest.mark.parametrize("deck", ["Maple-0 Maple-1 Oak-0 Oak-2 Birch-1", "Maple-0 Oak-1 Oak-2"])
def test_a_paid_reveal_brings_what_the_engine_deals(deck: str) -> None:
    state = GAME.scenario(hands=["Maple-2", "Oak-3"], garden="Birch-0", deck=deck, acorns=[2, 2])
    reveal = next(m for m in state.legal_moves() if str(m).endswith("reveal"))
    engine: dict[tuple[int, int], float] = defaultdict(float)

    def expand(s, p: float) -> None:
        if s.to_move == CHANCE:
            for move, q in s.chance_outcomes():
                expand(s.play(move), p * q)
            return
        garden = [type_of(c) for c in s.data.garden]
        for t in s.data.types:
            engine[t, garden.count(t) - (1 if t == 3 else 0)] += p   # the Birch-0 was there

    expand(state.play(reveal), 1.0)
    frame = explorer.odds(state)
    for t in state.data.types:
        kind = explorer.games.momiji.cards.TYPES[t]
        rows = frame.filter(pl.col("question").str.starts_with(f"{kind} cards among"))
        mine = {int(o.split(" ")[0]): p for o, p in zip(rows["outcome"], rows["probability"])}
        theirs = {k: p for (tt, k), p in engine.items() if tt == t}
        assert mine.keys() == theirs.keys()
        for k in mine:
            assert mine[k] == pytest.approx(theirs[k])
