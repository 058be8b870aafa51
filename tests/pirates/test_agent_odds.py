"""The greedy agent's bid is the one the full table of exact odds picks: its five
candidates (the cheapest raise of each face) always hold the best raise."""
from __future__ import annotations

import random

import pytest

from explorer.core.agents import observe
from explorer.games.pirates import moves as m
from explorer.games.pirates.agent import GreedyPiratesAgent
from explorer.games.pirates.odds import odds_from_view

from .helpers import load, random_states


def full_table_choice(view, me, legal):
    """The rule of the agent, applied to every legal raise of `odds_from_view`."""
    table = odds_from_view(view, me)
    raises = {(x.quantity, x.face) for x in legal if isinstance(x, m.Bid) and not x.exact}
    rows = [(r["at_least"], -r["quantity"], r["face"]) for r in table["raises"]
            if (r["quantity"], r["face"]) in raises]
    best = max(rows) if rows else None
    standing = table["standing"]
    if standing is not None:
        if m.Exact(me) in legal and standing["exactly"] > 0.6:
            return m.Exact(me)
        if best is None or 1 - standing["at_least"] > best[0]:
            return m.Liar(me)
    if best is None:
        return m.Liar(me) if m.Liar(me) in legal else legal[0]
    return m.Bid(me, -best[1], best[2])


@pytest.mark.rules("P-BID-RAISE", "P-LIAR", "P-EXACT-1")
@pytest.mark.parametrize("players,options", [(2, {}), (4, {}), (6, {"variants": ("no exact",)}),
                                              (3, {"open_cap": "participants"})])
def test_the_agent_bids_as_the_full_odds_table_says(players, options):
    game = load(players, **options)
    agent = GreedyPiratesAgent()
    seen = 0
    for seed in range(6):
        for state in random_states(game, seed, steps=700):
            if state.is_over or state.pending.step != "bid":
                continue
            obs = observe(state, observes=agent.observes)
            me = state.pending.seat
            assert agent.choose(obs, random.Random(0)) == full_table_choice(state.view(me), me, state.legal_moves())
            seen += 1
    assert seen > 30
