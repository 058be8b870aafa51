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


def _turn_label(k: int, turns: int) -> str:
    return (f"later than turn {turns}" if k > turns else "turn 1 (this turn)" if k == 1
            else "turn 2 (the next turn)" if k == 2 else f"turn {k}")


@pytest.mark.rules("M-END-1", "M-REFILL-1", "M-COLLECT-1")
@pytest.mark.parametrize("players,hands,garden,deck", [
    (2, ["Maple-2", "Oak-3"], "Maple-0 Maple-1 Oak-1 Birch-2", "Maple-3 Oak-0 Oak-2 Birch-1 Birch-3"),
    (2, ["Maple-2", "Oak-3"], "Birch-0 Maple-1 Oak-1 Birch-2", "Maple-0 Maple-3 Oak-0 Oak-2 Birch-3"),
    (3, ["Sumac-1", "Maple-2", "Birch-0"], "Maple-0 Maple-1 Ginkgo-1 Birch-2",
     "Maple-3 Ginkgo-0 Birch-1 Birch-3 Sumac-0 Sumac-2"),
])
def test_the_turn_the_deck_runs_out_is_what_the_engine_plays(players: int, hands: list[str], garden: str,
                                                               deck: str) -> None:
    """Every turn collects the Garden's largest group (the first type on a tie) and ends;
    the refills are expanded with the engine's own chances, and the turn on which the
    refill empties the deck is counted."""
    game = explorer.load("momiji", players=players)
    state = game.scenario(hands=hands, garden=garden, deck=deck,
                          acorns=[2] * players)
    names = explorer.games.momiji.cards.TYPES
    engine: dict[int, float] = defaultdict(float)

    def expand(s, turn: int, p: float) -> None:
        if s.to_move == CHANCE:
            for move, q in s.chance_outcomes():
                expand(s.play(move), turn, p * q)
            return
        if s.data.deck.size == 0:
            engine[turn - 1] += p          # the refill of the turn that just ended
            return
        if turn > players:
            engine[players + 1] += p
            return
        seat, step = s.pending.seat, s.pending.step
        if step == "act":
            counts = [sum(type_of(c) == t for c in s.data.garden) for t in s.data.types]
            largest = s.data.types[counts.index(max(counts))]
            expand(s.play(f"P{seat} collect {names[largest]}"), turn, p)
        elif step == "after":
            expand(s.play(f"P{seat} end"), turn + 1, p)
        else:                                # a discard down to 8: no deck card moves
            expand(s.play(s.legal_moves()[0]), turn, p)

    expand(state, 1, 1.0)
    rows = explorer.odds(state).filter(pl.col("question").str.starts_with("the turn the deck runs out"))
    ours = dict(zip(rows["outcome"], rows["probability"]))
    theirs = {_turn_label(k, players): p for k, p in engine.items()}
    assert ours.keys() == theirs.keys()
    for outcome, p in theirs.items():
        assert ours[outcome] == pytest.approx(p), outcome
    assert len(ours) > 1, "a single certain outcome: choose a deck where luck decides"
