"""`_is_legal` answers from the position alone; it must agree with `legal_moves()` exactly,
for the legal moves, for moves legal elsewhere in the game and for mutated moves."""
from __future__ import annotations

import random

import pytest
from gameplay import random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.games.village.cards import KINDS
from explorer.games.village.moves import Bribe, Buy, Curse, Draw, Reveal

from .helpers import load


def mutations(move, players: int, rng: random.Random) -> list:
    """Moves a step away from `move`: another seat, one card more or less, another
    treasure or stall, and the other kinds of move of the same seat."""
    out = []
    if isinstance(move, Reveal):
        return [Reveal(k) for k in range(KINDS)]
    p = move.player
    out += [Draw(q) for q in range(players)] + [Curse(p, t) for t in range(6)]
    if isinstance(move, Bribe):
        for k in range(KINDS):
            for delta in (-1, 1):
                cards = list(move.cards)
                cards[k] += delta
                out.append(Bribe(p, move.treasure, tuple(cards)))
        out += [Bribe(p, t, move.cards) for t in range(6)]
        out.append(Bribe((p + 1) % players, move.treasure, move.cards))
    if isinstance(move, Buy):
        for k in range(KINDS):
            for delta in (-1, 1):
                pay = list(move.payment)
                pay[k] += delta
                out.append(Buy(p, move.stall, tuple(pay)))
        out += [Buy(p, s, move.payment) for s in range(4)]
        out.append(Buy((p + 1) % players, move.stall, move.payment))
    if isinstance(move, Curse):
        out.append(Curse((p + 1) % players, move.treasure))
    rng.shuffle(out)
    return out[:12]


def agrees(state, move) -> bool:
    fresh = type(state)(state.game, state.data, state.events)   # nothing cached
    return fresh._is_legal(move) == (move in set(state.legal_moves()))


@pytest.mark.rules("V-TURN-1", "V-BRIBE-1", "V-BRIBE-2", "V-MARKET-2", "V-MARKET-3",
                   "V-MARKET-4", "V-MARKET-6", "V-CURSE-1", "V-DECK-1")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5),
       empty_open=st.booleans())
def test_is_legal_agrees_with_legal_moves(seed: int, players: int, empty_open: bool) -> None:
    game = load(players, buy_from_empty_stall=empty_open)
    rng = random.Random(seed)
    states = random_states(game, seed)
    seen = sorted({m for s in states for m in s.legal_moves()}, key=str)
    for state in states[::3]:
        if state.is_over:
            assert not state.is_legal(Draw(0))
            continue
        for move in state.legal_moves():
            assert agrees(state, move), (state.data, move)
        for move in rng.sample(seen, min(40, len(seen))):
            assert agrees(state, move), (state.data, move)
        for move in state.legal_moves()[:6]:
            for near in mutations(move, players, rng):
                assert agrees(state, near), (state.data, near)


@pytest.mark.rules("V-BRIBE-2", "V-MARKET-4")
def test_the_classic_near_misses_are_refused_without_building_moves() -> None:
    state = load(2).scenario(hands=["Crown Wild*3 Axe", ""], bribes=[{"Sword": 1}, {}],
                             stalls={3: "Egg*2", 0: "Feather"})
    game = state.game
    for text, legal in [("P0 buy stall 3 paying Wild*3", False), ("P0 buy stall 3 paying Crown Wild*2", True),
                        ("P0 buy stall 2 paying Crown Wild", False), ("P0 buy stall 0 paying Axe", False),
                        ("P0 bribe Wild*2 on Crown", False), ("P0 bribe Wild*2 on Sword", True),
                        ("P0 bribe Crown Axe", False), ("P1 draw", False), ("P0 curse Crown", False),
                        ("reveal Crown", False)]:
        fresh = type(state)(game, state.data)
        assert fresh._is_legal(game.parse_move(text)) is legal, text
        assert fresh._legal is None       # no move list was built
