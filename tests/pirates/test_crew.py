"""Crew rules: the limit, the floor, special dice, Instant Death and captain powers on crew."""
from __future__ import annotations

import pytest

from .helpers import load, play

QUIET = load(4, reroll_window=False)
SOLO = ["winner", "loser", "loser", "loser"]


def sail_to(game, progress, **fields):
    return game.scenario(phase="sail", roles=SOLO, progress=[progress, 0, 0, 0],
                         hands=[[]] * 4, **fields)


@pytest.mark.rules("P-CREW-FLOOR", "P-CREW-FLOOR-PICK")
def test_the_crew_floor_takes_the_mermaid_die():
    state = sail_to(QUIET, 2, crew=[1, 5, 5, 5], specials={"mermaid": 0, "cursed": 0})
    state = play(state, "sail die shows 2", "pirate die shows X")      # Navy Patrol: lose 2 crew
    assert state.data.crew[0] == 1
    assert state.view(None)["seats"][0]["specials"] == ["cursed"]      # never the cursed die
    assert "mermaid" in state.view(None)["board_specials"]


@pytest.mark.rules("P-CREW-MAX", "P-CREW-NORMAL-AT-MAX")
def test_at_most_ten_dice():
    full = play(sail_to(QUIET, 0, crew=[10, 5, 5, 5]), "sail die shows 1")   # Harbour Tavern
    assert full.data.crew[0] == 10
    mermaid = play(sail_to(QUIET, 4, crew=[10, 5, 5, 5]), "sail die shows 1")  # Mermaid Cove
    assert mermaid.data.crew[0] == 9 and mermaid.data.specials[0] == 0


@pytest.mark.rules("P-SPECIAL-UNIQUE")
def test_a_special_die_is_taken_from_its_holder():
    state = play(sail_to(QUIET, 4, specials={"mermaid": 2}), "sail die shows 1")
    assert state.view(None)["seats"][0]["specials"] == ["mermaid"]
    assert state.view(None)["seats"][2]["specials"] == []


@pytest.mark.rules("P-VAR-DEATH")
def test_instant_death_lets_a_player_lose_every_die():
    game = load(2, reroll_window=False, variants=("instant death",))
    state = game.scenario(phase="sail", roles=["winner", "loser"], progress=[2, 0], crew=[2, 5],
                          hands=[[], []])
    state = play(state, "sail die shows 2", "pirate die shows X")
    assert state.data.out[0] and state.is_over and state.outcome().winners == (1,)
    normal = load(2, reroll_window=False).scenario(phase="sail", roles=["winner", "loser"],
                                                   progress=[2, 0], crew=[2, 5], hands=[[], []])
    assert play(normal, "sail die shows 2", "pirate die shows X").data.crew[0] == 1


@pytest.mark.rules("P-CAPTAIN-C8", "P-CAPTAINS")
def test_a_stubborn_crew_never_drops_below_two():
    game = load(4, reroll_window=False, captains=("C8", "", "", ""))
    state = play(sail_to(game, 2, crew=[3, 5, 5, 5]), "sail die shows 2", "pirate die shows X")
    assert state.data.crew[0] == 2


@pytest.mark.rules("P-CAPTAIN-C1")
def test_a_cup_of_eleven():
    game = load(4, reroll_window=False, captains=("C1", "", "", ""))
    assert play(sail_to(game, 0, crew=[10, 5, 5, 5]), "sail die shows 1").data.crew[0] == 11
