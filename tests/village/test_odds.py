"""The coming luck of Village, exact (village/odds.py, `explorer.odds`), checked against
the rules engine itself: every chance outcome of the refill expanded with the engine's
own probabilities (the teacher), and averaged over every hidden deal a player cannot
tell apart (a player)."""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import permutations

import polars as pl
import pytest

import explorer
from explorer.core.state import CHANCE
from explorer.games.village.rules import REFILL

GAME = explorer.load("village", players=3)


def engine_refill(state, bribe: str) -> dict[str, float]:
    """The outcomes of the refill after `bribe`, by expanding every chance node of the
    engine: "ends" or the number of cards dealt, with its probability."""
    found: dict[str, float] = defaultdict(float)

    def expand(s, p: float, dealt: int) -> None:
        if s.is_over:
            found["ends"] += p
        elif s.to_move == CHANCE and s.data.phase == REFILL:
            for move, q in s.chance_outcomes():
                expand(s.play(move), p * q, dealt + 1)
        else:
            found[str(dealt)] += p

    expand(state.play(bribe), 1.0, 0)
    return dict(found)


def from_odds(frame, treasure: str) -> dict[str, float]:
    rows = frame.filter(frame["question"].str.starts_with(f"the refill after a{'n' if treasure[0] in 'AE' else ''} "
                                                          f"{treasure} bribe deals"))
    out = {}
    for outcome, p in zip(rows["outcome"], rows["probability"]):
        out["ends" if "game ends" in outcome else outcome.split(" ")[0]] = p
    return out


SMALL = GAME.scenario(hands=["Crown*2 Wild Axe", "Sword Egg", "Scroll"], deck="Crown Axe*2 Feather Wild Sword",
                      to_move=0)


@pytest.mark.rules("V-REFILL-1", "V-REFILL-2", "V-REFILL-3", "V-REFILL-5")
@pytest.mark.parametrize("bribe", ["P0 bribe Crown*2", "P0 bribe Axe", "P0 bribe Axe Wild"])
def test_the_teachers_refill_odds_are_the_engines(bribe: str) -> None:
    move = GAME.parse_move(bribe)
    exact = from_odds(explorer.odds(SMALL), ["Axe", "Feather", "Scroll", "Sword", "Crown", "Egg"][move.treasure])
    engine = engine_refill(SMALL, bribe)
    assert exact.keys() == engine.keys()
    for key in engine:
        assert exact[key] == pytest.approx(engine[key], abs=1e-12)


@pytest.mark.rules("V-DECK-1", "V-REFILL-5")
def test_a_players_odds_average_the_deals_they_cannot_tell_apart() -> None:
    """P0 cannot tell the 6 unseen deck cards from the 3 unseen cards of P1 and P2: the
    odds P0 sees are the engine's, averaged over every way those 9 cards could lie."""
    d = SMALL.data
    pool = list(d.deck.unseen) + [k for q in (1, 2) for k, n in enumerate(d.hands[q]) for _ in range(n)]
    sizes = [sum(d.hands[1]), sum(d.hands[2])]
    weight: Counter = Counter()
    for order in permutations(pool):        # every deal, each as likely (9! orders, 1,680 distinct)
        weight[(tuple(sorted(order[:sizes[0]])), tuple(sorted(order[sizes[0]:sum(sizes)])),
                tuple(sorted(order[sum(sizes):])))] += 1
    total = sum(weight.values())
    average: dict[str, Fraction] = defaultdict(Fraction)
    for (one, two, deck), n in weight.items():
        hands = list(d.hands)
        hands[1] = tuple(one.count(k) for k in range(7))
        hands[2] = tuple(two.count(k) for k in range(7))
        dealt = type(SMALL)(GAME, d._replace(hands=tuple(hands), deck=d.deck._replace(unseen=deck)), ())
        for key, p in engine_refill(dealt, "P0 bribe Crown*2").items():
            average[key] += Fraction(n, total) * Fraction(p).limit_denominator(10**9)
    mine = from_odds(explorer.odds(SMALL, viewer=0), "Crown")
    assert mine.keys() == average.keys()
    for key, p in average.items():
        assert mine[key] == pytest.approx(float(p), abs=1e-6)


def test_every_question_sums_to_one_and_a_player_is_told_no_secret() -> None:
    """Over random games: each question's outcomes sum to 1, and two positions that look
    the same to a player give that player the same odds."""
    rng = random.Random(3)
    state = GAME.new(seed=4)
    for _ in range(120):
        if state.is_over:
            break
        for viewer in (None, 0, 1, 2):
            frame = explorer.odds(state, viewer)
            sums = frame.group_by("question").agg(pl.col("probability").sum())
            assert all(abs(t - 1) < 1e-9 for t in sums["probability"])
            if viewer is not None:
                twin = state.determinize(viewer, rng)
                assert explorer.odds(twin, viewer).equals(frame)
        moves = state.legal_moves()
        state = state.play(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(moves),
                           check=False)


def test_odds_refuse_a_bad_viewer() -> None:
    with pytest.raises(explorer.InvalidInput, match="viewer"):
        explorer.odds(SMALL, viewer=True)
    with pytest.raises(explorer.InvalidInput, match="state"):
        explorer.odds("village")
