"""How a Summoners position stands for each player, for the search agent (`core.mcts`).

Read from the state the search sampled (the searcher's own view with the hidden cards
guessed). Each player's points as if the game were scored now (mana and summoned
Spirits, S-SCORE-1), plus the race to the instant win (S-END-1): each Spirit summoned
brings a player closer to winning at once, so it is worth more than its points, and
the more so the closer the third one is. Mana beyond the 2 a summon costs (S-SUMMON-1)
counts as points only. A summon site shown on the table for one of a player's own
Spirits (S-SUMMON-1) is worth part of that summon. The estimates become win shares with `shares_from_points`.
"""
from __future__ import annotations

from ...core.mcts import shares_from_points
from ...core.state import State
from .cards import SPIRIT_POINTS

RACE = (0.0, 3.0, 9.0)
"""Extra worth of having summoned 0, 1 or 2 of one's three Spirits (the third wins)."""

READY = 0.5
"""Extra worth of holding the 2 mana a summon costs (S-SUMMON-1) while Spirits remain."""

SITE = 0.5
"""The share of a summon's gain (its points and race step, less the 2 mana it costs)
that a site for one of the player's own Spirits is worth, when the player holds that
mana: less than the summon itself, so a search summons rather than keeps the site."""

SUMMON_COST = 2
"""Mana a summon costs (S-SUMMON-1)."""

SCALE = 4.0
"""Points per factor e in the win-share softmax."""


def points(state: State) -> tuple[float, ...]:
    """Each seat's estimated worth (see the module docstring)."""
    d = state.data
    scores = state.scores()
    out = []
    for p, score in enumerate(scores):
        summoned = min(len(d.summoned[p]), len(RACE) - 1)
        spirits = d.spirits[p]
        worth = score + RACE[summoned]
        if d.mana[p] >= SUMMON_COST and spirits:
            worth += READY
            step = RACE[summoned + 1] - RACE[summoned] if summoned + 1 < len(RACE) else 20.0
            open_sites = {spirit for _, spirit in d.sites if spirit in spirits}
            worth += sum(SITE * (SPIRIT_POINTS[s[1:]] + step - SUMMON_COST) for s in open_sites)
        out.append(worth)
    return tuple(out)


def value(state: State) -> tuple[float, ...]:
    """Each seat's expected win share: a softmax of `points` (sums to 1)."""
    return shares_from_points(points(state), SCALE)

