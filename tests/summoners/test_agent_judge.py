"""The greedy agent's worth of a play is its definition, worked out the plain way.

`_Judge.value` works out once per cell what does not depend on the card (`_Spot`,
shared by every cell with the same neighbourhood of `PLAIN` cards, or `DULL`), with
flanks read from tables asked of `grid.flanked`; here each play's worth is made from
scratch with the card put on a copy of the layout, every candidate asked
`grid.flanked` and every cell around asked `grid.spirits_at`. The games run one after
another, so the spots remembered from earlier positions are checked too.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.summoners import fast
from explorer.games.summoners import grid as g
from explorer.games.summoners.cards import SPIRIT_ORDER, is_spirit
from explorer.games.summoners.judge import (DISPLACE, DULL, FLANK_OTHER, FLANKED_SELF,
                                            OPEN_SUMMON, PLAIN, _Judge, _Spot)
from explorer.games.summoners.moves import Play
from explorer.games.summoners.view import SummonersSeat, seat_view

from .helpers import random_states


def plain_value(seen: SummonersSeat, cell, card: str) -> float:
    cells = {(x, y): c for x, y, c in seen.grid}
    me = seen.seat
    owners = {where: p for p, where in enumerate(seen.sculptures) if where is not None}
    value = DISPLACE if cell in cells and owners.get(cell, me) != me else 0.0
    cells[cell] = card
    for c in g.flank_candidates(cell):
        if c in cells and g.flanked(cells, c, True):
            if c == cell:
                value += FLANKED_SELF
            elif not is_spirit(cells[c]):
                value += FLANK_OTHER + (DISPLACE if owners.get(c, me) != me else 0.0)
    if seen.mana[me] >= 2 and seen.spirits:
        for loc in g.flank_candidates(cell):
            found = g.spirits_at(cells, loc, True)
            value += sum(OPEN_SUMMON * SPIRIT_ORDER[s[1:]] for s in seen.spirits if s in found)
    return value


def check_plays(game, seed: int) -> int:
    """Every play of every play step of one random game is worth its plain value, a
    spot told dull is dull, and the layout the state shares is left as it was;
    returns how many plays open a summon."""
    opened = 0
    for state in random_states(game, seed, steps=600):
        if state.is_over or state.is_chance or state.data.phase != "play":
            continue
        seen = seat_view(state, state.to_move)
        judge = _Judge(seen)
        for move in state.legal_moves():
            assert isinstance(move, Play)
            value = judge.value(move.cell, move.card)
            assert value == pytest.approx(plain_value(seen, move.cell, move.card), abs=1e-12), move
            opened += value >= OPEN_SUMMON
            if judge.spot(move.cell) is DULL:
                assert _Spot(judge.cells, move.cell, judge.owners, judge.me, judge.suits).dull
        assert judge.cells == {(x, y): PLAIN[c] for x, y, c in seen.grid}
        assert fast.cells_of(seen.grid) == {(x, y): c for x, y, c in seen.grid}
    return opened


@pytest.mark.rules("S-FLANK-1", "S-FLANK-2", "S-JACK-1", "S-QUEEN-1", "S-KING-1")
@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_every_play_is_worth_its_plain_value(players, seed) -> None:
    check_plays(explorer.load("summoners", players=players), seed)


def test_plays_that_open_summons_are_judged() -> None:
    assert check_plays(explorer.load("summoners", players=3), seed=3) > 50
