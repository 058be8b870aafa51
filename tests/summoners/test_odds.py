"""What Draw and play would bring the mover (summoners/odds.py), checked against the
engine: at a choice of action, the teacher's draw is expanded with the engine's own
chance outcomes, every legal placement is played, and the summon sites and flanks of the
positions reached must give the same exact figures."""
from __future__ import annotations

import random
from collections import defaultdict

import polars as pl
import pytest

import explorer
from explorer.core.state import CHANCE
from explorer.games.summoners.cards import card_name
from explorer.games.summoners.odds import A_FLANK, FLANK_OUTCOMES, NO_FLANK, SCULPTURE_HOME

from .helpers import random_states


def _engine_reach(after_draw) -> tuple[set[str], int]:
    """The mover's Spirit cards with a site after some placement, and the best flank,
    found by playing every legal placement in the engine."""
    mover = after_draw.data.current
    sites: set[str] = set()
    best = NO_FLANK
    before = after_draw.cells
    for move in after_draw.legal_moves():
        reached = after_draw.play(move)
        sites |= {spirit for _, spirit in reached.data.sites if spirit in after_draw.data.spirits[mover]}
        gone = [c for c in before if c != move.cell and c not in reached.cells]
        home = [q for q, at in enumerate(after_draw.data.sculptures)
                if q != mover and at is not None and at != move.cell and reached.data.sculptures[q] is None]
        if home:
            best = SCULPTURE_HOME
        elif gone:
            best = max(best, A_FLANK)
    return sites, best


def _engine_figures(state) -> dict[str, dict[str, float]]:
    """Each question of `draw_and_play`, answered by the engine."""
    mover = state.data.current
    drawing = state.play(f"P{mover} draw")
    # a card known to all (under the deck, S-DECK-2) comes without a chance node
    draws = ([(drawing.play(outcome), p) for outcome, p in drawing.chance_outcomes()]
             if drawing.to_move == CHANCE else [(drawing, 1.0)])
    figures: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for after, p in draws:
        assert after.pending.step == "play"
        sites, best = _engine_reach(after)
        for spirit in state.data.spirits[mover]:
            question = f"after P{mover} draws and plays, a summon site for their {card_name(spirit)}"
            figures[question]["yes" if spirit in sites else "no"] += p
        figures[f"after P{mover} draws and plays, they can flank a card"][FLANK_OUTCOMES[best]] += p
    return {q: {o: p for o, p in answers.items() if p > 0} for q, answers in figures.items()}


def _our_figures(state) -> dict[str, dict[str, float]]:
    frame = explorer.odds(state).filter(pl.col("question").str.starts_with("after P"))
    figures: dict[str, dict[str, float]] = defaultdict(dict)
    for question, outcome, p in frame.iter_rows():
        figures[question][outcome] = p
    return dict(figures)


@pytest.mark.rules("S-DRAW-1", "S-FLANK-2", "S-FLANK-4", "S-FLANK-5", "S-JACK-1", "S-QUEEN-1", "S-KING-1")
@pytest.mark.parametrize("players,seed,options", [
    (2, 4, {}), (3, 7, {}), (4, 1, {}),
    (3, 5, {"flank_scope": "all", "jokers_flankable": False, "ace_on_top_free": False,
            "king_over_spirits": False})])
def test_draw_and_play_odds_are_what_the_engine_reaches(players: int, seed: int, options: dict) -> None:
    game = explorer.load("summoners", players=players, **options)
    checked = flanks = sites = 0
    for state in random_states(game, seed, steps=300)[::3]:
        if state.data.phase != "action" or not state.data.deck.size:
            continue
        ours, engine = _our_figures(state), _engine_figures(state)
        assert ours.keys() == engine.keys()
        for question, answers in engine.items():
            assert ours[question] == pytest.approx(answers), question
        flanks += FLANK_OUTCOMES[NO_FLANK] not in ours[next(q for q in ours if "flank" in q)]
        sites += sum(answers.get("yes", 0) > 0 for q, answers in ours.items() if "site" in q)
        checked += 1
    assert checked >= 10
    assert flanks and sites, "no position where a flank or a site could be made: a test that cannot fail"


def test_another_player_is_not_told_the_movers_chances() -> None:
    game = explorer.load("summoners", players=3)
    state = next(s for s in random_states(game, 2, steps=100) if s.data.phase == "action" and s.data.current == 1)
    for viewer in (0, 2):
        assert explorer.odds(state, viewer).filter(pl.col("question").str.starts_with("after P")).height == 0
    assert explorer.odds(state, 1).filter(pl.col("question").str.starts_with("after P1")).height > 0
    rng = random.Random(3)
    for _ in range(5):       # the mover's own figures are the same for every deal that fits their view
        assert explorer.odds(state.determinize(1, rng), 1).equals(explorer.odds(state, 1))
