"""`_is_legal` answers from the move alone; it must agree with `legal_moves()` exactly,
for legal moves, for moves legal elsewhere in the same game and for mutated moves."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.summoners.cards import ELEMENT_DECK, SPIRIT_DECK
from explorer.games.summoners.moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon

from .helpers import random_states

games = st.sampled_from([2, 3, 4]).map(lambda n: explorer.load("summoners", players=n))
variants = st.fixed_dictionaries({"ace_on_top_free": st.booleans(), "pass_any_time": st.booleans(),
                                  "draw_needs_deck": st.booleans(),
                                  "king_over_spirits": st.booleans()})


def mutations(move, rng: random.Random) -> list:
    """Moves one step away from `move`: another seat, card, cell, slot or pattern."""
    near = []
    card = rng.choice(ELEMENT_DECK)
    if isinstance(move, Play):
        x, y = move.cell
        near += [Play(move.player, move.card, (x + rng.choice((-1, 1)), y), move.over),
                 Play(move.player, move.card, move.cell, not move.over),
                 Play(move.player, card, move.cell, move.over),
                 Play(1 - move.player, move.card, move.cell, move.over)]
    elif isinstance(move, Summon):
        x, y = move.cell
        near += [Summon(move.player, rng.choice(SPIRIT_DECK), move.cell, move.using),
                 Summon(move.player, move.card, (x, y + 1), move.using),
                 Summon(move.player, move.card, move.cell, move.using[:-1]),
                 Summon(move.player, move.card, move.cell, tuple(reversed(move.using))),
                 Summon(move.player, move.card, move.cell, move.using + ((x + 5, y),)),
                 Summon((move.player + 1) % 4, move.card, move.cell, move.using)]
    elif isinstance(move, Buy):
        near += [Buy(move.player, (move.slot + 1) % 6, move.card), Buy(move.player, move.slot, card)]
    elif isinstance(move, Cycle):
        near += [Cycle(move.player, card), Cycle((move.player + 1) % 4, move.card)]
    elif isinstance(move, Reveal):
        near += [Reveal(card)]
    elif isinstance(move, (Draw, Pass, Decline)):
        near += [type(move)((move.player + 1) % 4), Draw(move.player), Pass(move.player),
                 Decline(move.player)]
    return near


@pytest.mark.rules("S-TURN-1", "S-DRAW-1", "S-BUY-1", "S-PLACE-4", "S-ACE-2", "S-JOKER-1",
                   "S-JACK-1", "S-QUEEN-2", "S-WINDOW-1")
@settings(max_examples=10, deadline=None)
@given(games, st.integers(0, 10**6), variants)
def test_is_legal_agrees_with_legal_moves(game, seed, options):
    game = type(game)(game.players, **options)
    rng = random.Random(seed)
    states = random_states(game, seed, steps=600)
    elsewhere = [m for s in states[::3] for m in s.legal_moves()[:40]]
    for state in states:
        if state.is_over:
            continue
        legal = set(state.legal_moves())
        fresh = type(state)(state.game, state.data, state.events)     # no cached move set
        tried = list(legal) + rng.sample(elsewhere, min(30, len(elsewhere)))
        for move in list(tried):
            tried += mutations(move, rng)
        for move in tried:
            assert fresh._is_legal(move) == (move in legal), move
            assert (fresh.why_not(move) is None) == (move in legal), move


@pytest.mark.rules("S-SUMMON-2", "S-QUEEN-1")
def test_a_summon_pattern_is_read_in_any_order(game):
    grid = {(-1, 0): "B3", (1, 0): "B4", (0, 1): "B5"}
    s = game.scenario(grid=grid, spirits=[["BQ"], []], phase="summon", window=[0])
    for text in ("p0 summon BQ at 0,0 using 1,0 0,1 -1,0", "P0 summon bq at 0,0 using -1,0 0,1 1,0",
                 "p0 summon BQ at 0,0 using 0,1 -1,0 1,0"):
        move = game.parse_move(text)
        assert str(move) == "P0 summon BQ at 0,0 using -1,0 0,1 1,0"
        assert s.why_not(move) is None
    assert Summon(0, "BQ", (0, 0), ((1, 0), (0, 1), (-1, 0))) in s.legal_moves()
