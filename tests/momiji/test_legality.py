"""`_is_legal` answers from the position alone and agrees with `legal_moves()`, for the
legal moves, moves legal elsewhere in the game and mutated near misses."""
from __future__ import annotations

import random

import pytest
from gameplay import random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.games.momiji.moves import (
    Activate,
    Collect,
    Deal,
    Discard,
    End,
    Give,
    Place,
    Play,
    Power,
    Reveal,
    Stop,
    Take,
    Trade,
)

from .helpers import load


def mutations(move, players: int) -> list:
    if isinstance(move, Deal):
        return [Deal(move.card ^ 1), Deal(move.card ^ 4), Deal(move.card ^ 16)]
    p = move.player
    out = [End(p), Stop(p), Reveal(p), End((p + 1) % players), Power(p, "D"), Power(p, "A"),
           Activate(p, "zeros"), Collect(p, 0), Place(p, 0, 0), Place(p, 1, 3)]
    card = getattr(move, "card", None)
    if card is not None:
        for c in (card, card ^ 1, card ^ 4, card ^ 8, card ^ 16):
            out += [Play(p, c), Trade(p, c), Take(p, c), Give(p, c), Discard(p, c), Play((p + 1) % players, c)]
    return out


def agrees(state, move) -> bool:
    fresh = type(state)(state.game, state.data, state.events)
    return fresh._is_legal(move) == (move in set(state.legal_moves()))


@pytest.mark.rules("M-TURN-1", "M-PLAY-1", "M-EXTRA-1", "M-EXTRA-3", "M-EXTRA-4", "M-DECK-1")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), any_place=st.booleans(),
       landscapes=st.sampled_from(["preset", "random", "draft"]), anytime=st.booleans())
def test_is_legal_agrees_with_legal_moves(seed: int, players: int, any_place: bool, landscapes: str,
                                          anytime: bool) -> None:
    game = load(players, new_piles="any" if any_place else "right", landscapes=landscapes,
                extras_timing="anytime" if anytime else "outside")
    rng = random.Random(seed)
    states = random_states(game, seed)
    seen = sorted({m for s in states for m in s.legal_moves()}, key=str)
    for state in states[::3]:
        if state.is_over:
            continue
        for move in state.legal_moves():
            assert agrees(state, move), (state.data, move)
        for move in rng.sample(seen, min(30, len(seen))):
            assert agrees(state, move), (state.data, move)
        for move in state.legal_moves()[:5]:
            for near in mutations(move, players):
                assert agrees(state, near), (state.data, near)


@pytest.mark.rules("M-PLAY-3")
def test_near_misses_without_building_moves() -> None:
    state = load(2).scenario(hands=["Maple-2 Oak-0", ""], rows=[["Maple-0"], []], garden="Birch-0")
    for text, legal in [("P0 play Maple-2", False), ("P0 play Oak-0", True), ("P0 collect Birch", True),
                        ("P0 collect Oak", False), ("P1 end", False), ("P0 stop", False), ("deal Oak-1", False)]:
        fresh = type(state)(state.game, state.data)
        assert fresh._is_legal(state.game.parse_move(text)) is legal, text
        assert fresh._legal is None
