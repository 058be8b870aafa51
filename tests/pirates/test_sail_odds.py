"""The sail phase's exact odds (pirates/odds.py `coming_luck`): the battle's ties rolled
again, and where the ships land, checked against brute force and the engine."""
from __future__ import annotations

import random
from collections import Counter

import polars as pl
import pytest

import explorer
from explorer.core.state import CHANCE
from explorer.games.pirates.odds import _battle_wins


def simulated_battle(faces: list[tuple[int, ...]], games: int = 20000) -> list[float]:
    """The battle played `games` times: every fighter rolls, those tied for the top
    roll again until one is left."""
    rng = random.Random(1)
    wins = [0] * len(faces)
    for _ in range(games):
        fighters = list(range(len(faces)))
        while len(fighters) > 1:
            roll = [rng.choice(faces[i]) for i in fighters]
            fighters = [f for f, r in zip(fighters, roll) if r == max(roll)]
        wins[fighters[0]] += 1
    return [w / games for w in wins]


@pytest.mark.rules("P-BATTLE-2")
@pytest.mark.parametrize("faces", [[(0, 0, 1, 1, 2, 2)] * 3,
                                   [(0, 0, 1, 1, 2, 2), (0, 1, 1, 2, 2, 2)],
                                   [(0, 1, 2), (0, 0, 2), (1, 1, 1)]])
def test_the_battle_odds_roll_ties_again(faces) -> None:
    exact = _battle_wins(faces)
    assert sum(exact) == 1
    for mine, played in zip(exact, simulated_battle(faces)):
        assert float(mine) == pytest.approx(played, abs=0.015)


def _sail_node(players: int, seed: int):
    game = explorer.load("pirates", players=players)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    while not (state.to_move == CHANCE and state.pending.step == "sail die"):
        state = state.play(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
    return state


def _after_sailing(state, outcome):
    """Play the sail die's `outcome`, then decline every re-roll and card until the
    ships have moved: the tiles the engine puts them on."""
    start = [s["progress"] for s in state.view(None)["seats"]]
    state = state.play(outcome)
    for _ in range(50):
        now = [s["progress"] for s in state.view(None)["seats"]]
        if now != start or state.view(None)["stage"] != "sailing":
            return state
        moves = state.legal_moves()
        keep = [m for m in moves if any(w in str(m) for w in ("keep", "pass", "decline", "no "))]
        state = state.play(keep[0] if keep else moves[0])
    raise AssertionError("the ships never sailed")


@pytest.mark.rules("P-SAIL-1", "P-SAIL-2")
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 3), (5, 2)])
def test_the_landing_odds_are_where_the_engine_sails(players: int, seed: int) -> None:
    state = _sail_node(players, seed)
    frame = explorer.odds(state, viewer=0)
    lands = frame.filter(pl.col("question").str.starts_with("where "))
    expected: Counter = Counter()
    for move, p in state.chance_outcomes():
        after = _after_sailing(state, move)
        before = state.view(None)["seats"]
        for seat, (old, new) in enumerate(zip(before, after.view(None)["seats"])):
            if new["progress"] != old["progress"]:
                name = after.view(None)["map"][new["tile"]]["name"]
                expected[f"where P{seat}'s ship lands", name] += p
    got = {(q, o): p for q, o, p in lands.iter_rows()}
    assert got.keys() == expected.keys()
    for key, p in expected.items():
        assert got[key] == pytest.approx(p)
