"""Last steps, the end of the game and the final battle."""
from __future__ import annotations

import pytest

from .helpers import cup, load, play, random_states

QUIET = load(4, reroll_window=False, buy_when="action turn")
"""No re-roll and no buying in the sail windows: the windows ask only for gold cards."""


def steps(progress, crew=(5, 5, 5, 5), game=QUIET):
    return game.scenario(phase="steps", progress=list(progress), crew=list(crew), hands=[[]] * 4)


@pytest.mark.rules("P-STEPS-1", "P-STEPS-3")
def test_a_single_last_placed_player_steps_as_often_as_they_like():
    state = steps([0, 3, 3, 4])
    assert state.pending.step == "step" and state.pending.seat == 0
    state = play(state, "P0 step", "P0 step")
    assert state.data.progress[0] == 2 and state.data.crew[0] == 3
    state = play(state, "P0 stop")
    assert state.data.phase == "betting" and state.data.round == 2
    chain = play(steps([1, 2, 3, 4]), "P0 step")          # now tied with P1: together
    assert chain.pending.step == "together"
    poor = steps([0, 3, 3, 4], crew=(1, 5, 5, 5))
    assert poor.data.phase == "betting"                   # cannot pay: no steps
    spent = play(steps([0, 3, 3, 4], crew=(2, 5, 5, 5)), "P0 step")
    assert spent.data.phase == "betting"                  # and it is said
    assert ("P0 cannot step: they have no crew die to spare (a sacrifice keeps the last normal die)"
            in [e.text for e in spent.events])


@pytest.mark.rules("P-CREW-PAY", "P-STEPS-1", "P-STEPS-2")
def test_a_step_is_paid_with_a_special_die_when_one_normal_die_is_left():
    state = QUIET.scenario(phase="steps", progress=[0, 3, 3, 4], crew=[1, 5, 5, 5], hands=[[]] * 4,
                           specials={"ghost": 0})
    state = play(state, "P0 step")
    assert state.data.progress[0] == 1 and state.data.crew[0] == 1
    assert "P0 keeps their last normal die and pays with the ghost die" in [e.text for e in state.events]
    strict = load(4, reroll_window=False, crew_payment="normal dice only")
    skipped = strict.scenario(phase="steps", progress=[0, 3, 3, 4], crew=[1, 5, 5, 5], hands=[[]] * 4,
                              specials={"ghost": 0})
    assert skipped.data.phase == "betting"
    tied = play(steps([0, 1, 3, 4], crew=(2, 1, 5, 5)), "P0 step")
    assert tied.data.phase == "betting"
    assert any(e.text.startswith("P0, P1 are tied for last and nobody steps: P0 cannot step")
               for e in tied.events)


@pytest.mark.rules("P-STEPS-2")
def test_tied_players_step_together_only_if_all_agree():
    state = steps([1, 1, 3, 4])
    assert state.pending.step == "together" and state.pending.seat == 0
    agreed = play(state, "P0 step", "P1 step")
    assert agreed.data.progress[:2] == (2, 2) and agreed.data.crew[:2] == (4, 4)
    assert agreed.pending.step == "together"              # still tied: asked again
    refused = play(state, "P0 step", "P1 stop")
    assert refused.data.progress[:2] == (1, 1) and refused.data.crew[:2] == (5, 5)
    assert refused.data.phase == "betting"


@pytest.mark.rules("P-CREW-PAY", "P-VAR-DEATH")
def test_a_sacrifice_never_takes_the_last_die_even_with_instant_death():
    """Instant Death lets a loss take the last normal die, so a player may hold a special
    die alone; a step paid with it would leave a player in the game with no dice."""
    game = load(4, reroll_window=False, buy_when="action turn", variants=("instant death",))
    alone = game.scenario(phase="steps", progress=[0, 3, 3, 4], crew=[0, 5, 5, 5], hands=[[]] * 4,
                          specials={"ghost": 0})
    assert alone.data.phase == "betting"                       # no step offered
    two = game.scenario(phase="steps", progress=[0, 3, 3, 4], crew=[0, 5, 5, 5], hands=[[]] * 4,
                        specials={"ghost": 0, "mermaid": 0})
    stepped = play(two, "P0 step")
    assert "P0 pays with the mermaid die" in [e.text for e in stepped.events]
    assert stepped.data.specials.count(0) == 1 and not stepped.data.out[0]


@pytest.mark.rules("P-END-1")
def test_arriving_by_last_steps_waits_for_the_next_sail_phase():
    game = load(2, reroll_window=False, buy_when="action turn")
    state = game.scenario(phase="steps", progress=[15, 15], hands=[[], []])
    state = play(state, "P0 step", "P1 step")
    assert state.data.progress == (16, 16) and not state.is_over and state.data.phase == "betting"
    state = play(state, *cup(0, 2, 2, 3, 4), *cup(1, 2, 3, 4, 5), "P0 bid 1 two", "P1 liar",
                 "sail die shows 1")
    assert state.data.phase == "final"                   # counted at the end of the sail phase


@pytest.mark.rules("P-FINAL-1", "P-FINAL-2", "P-FINAL-4")
def test_the_final_battle():
    state = QUIET.scenario(phase="final", progress=[16, 16, 16, 3], crew=[2, 3, 1, 5],
                           specials={"mermaid": 2}, hands=[[]] * 4)
    assert state.data.crew[2] == 3 and state.data.specials[0] == -1    # traded for 2 normal dice
    assert state.pending.stream == "battle P0"
    state = play(state, "battle P0 shows skull", "battle P1 shows sword", "battle P2 shows sword")
    assert state.data.crew == (1, 3, 3, 5)                             # the lowest loses a die
    state = play(state, "battle P0 shows sword", "battle P1 shows sword", "battle P2 shows double sword")
    assert state.view(None)["stack"][-1]["seats"] == [0, 1]            # tied for lowest: again
    state = play(state, "battle P0 shows skull", "battle P1 shows skull")
    assert state.data.crew == (0, 2, 3, 5)                             # both tied on a skull lose
    assert state.data.group == (1, 2)
    state = play(state, "battle P1 shows skull", "battle P2 shows skull")
    assert state.data.crew[1:3] == (1, 2)
    state = play(state, "battle P1 shows skull", "battle P2 shows sword")
    assert state.is_over and state.outcome().winners == (2,)


@pytest.mark.rules("P-FINAL-4")
def test_when_all_would_lose_their_last_die_the_roll_is_ignored():
    state = QUIET.scenario(phase="final", progress=[16, 16, 0, 0], crew=[1, 1, 5, 5], hands=[[]] * 4)
    state = play(state, "battle P0 shows skull", "battle P1 shows skull")
    assert state.data.crew[:2] == (1, 1) and state.pending.stream == "battle P0"


@pytest.mark.rules("P-FINAL-3")
def test_one_re_roll_and_one_final_battle_card_per_sub_battle():
    game = load(4)
    state = game.scenario(phase="final", progress=[16, 16, 0, 0], crew=[3, 3, 5, 5],
                          hands=[["G4", "G1"], [], [], []])
    state = play(state, "battle P0 shows skull", "battle P1 shows sword")
    assert state.pending.step == "final" and state.pending.seat == 0
    assert {str(m) for m in state.legal_moves()} == {"P0 re-roll", "P0 play G4", "P0 keep"}
    state = play(state, "P0 play G4")
    assert state.data.crew[0] == 5
    state = play(state, "P0 re-roll", "battle P0 shows double sword")
    assert {str(m) for m in state.legal_moves()} == {"P0 keep"} or state.pending.seat == 1


@pytest.mark.rules("P-END-LIMIT")
def test_the_round_limit_ends_the_game():
    game = load(4, reroll_window=False, max_rounds=1)
    state = steps([1, 3, 5, 5], game=game)
    state = play(state, "P0 stop")
    assert state.is_over and state.outcome().winners == (2, 3)


def _boxes(state) -> list[str]:
    """The notes of the captains' areas on the teacher's board."""
    zones = {z["id"]: z for z in state.scene(None)["zones"]}
    return [z["note"] for z in zones["players"]["zones"]]


@pytest.mark.rules("P-END-LIMIT")
def test_at_game_over_the_boxes_show_the_result_and_the_last_rounds_roles():
    game = load(4, reroll_window=False, max_rounds=1)
    state = game.scenario(phase="steps", progress=[1, 3, 5, 5], crew=[5] * 4, hands=[[]] * 4,
                          roles=["winner", "loser", "survivor", "loser"])
    assert _boxes(state)[:2] == ["winner", "loser"]                   # during play: the round's roles
    state = play(state, "P0 stop")
    assert state.scene(None)["status"].endswith("Winner: P2, P3")
    assert _boxes(state) == ["lost the game, last round: winner", "lost the game, last round: loser",
                             "won the game, last round: survivor", "won the game, last round: loser"]


@pytest.mark.parametrize("options", [{}, {"cities_of_greed": True}])
def test_no_box_contradicts_the_banner_at_game_over(options):
    """Played to the end, plain and with Cities of Greed: every box starts with the
    game's result, the banner's winners and no one else."""
    for seed in range(3):
        state = random_states(load(3, **options), seed)[-1]
        assert state.is_over
        winners = state.outcome().winners
        for p, note in enumerate(_boxes(state)):
            assert note.startswith("won the game" if p in winners else "lost the game"), (p, note)
            assert not note.split(", last round:")[0].strip().endswith(("winner", "loser", "survivor"))
