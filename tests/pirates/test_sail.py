"""The sail phase: rewards, moving, battles and their ties, tiles, gold cards, re-rolls."""
from __future__ import annotations

import pytest

from explorer.games.pirates.moves import Buy, PlayCard, Roll

from .helpers import load, play

GAME = load(4)
QUIET = load(4, reroll_window=False, buy_when="action turn")
"""No re-roll and no buying in the sail windows: the windows ask only for gold cards."""
ROLES = ["winner", "survivor", "loser", "survivor"]


@pytest.mark.rules("P-SAIL-1", "P-SAIL-2", "P-BATTLE-2", "P-BATTLE-1", "P-ROUND-1")
def test_a_sail_phase_with_a_battle_and_a_tie_re_roll():
    state = load(4, buy_when="action turn").scenario(phase="sail", roles=ROLES, captain=2,
                                                   hands=[[], [], [], []])
    assert state.data.captain == 0                                     # the winner took the token
    assert state.data.coins[0] == 3 and state.pending.stream == "sail die"
    state = play(state, "sail die shows 2", "P0 keep")
    assert state.data.progress == (2, 2, 0, 2)                         # the loser stays
    assert state.pending.stream == "battle P0"
    state = play(state, "battle P0 shows sword", "battle P1 shows skull", "battle P3 shows sword")
    assert state.pending.step == "reroll"                              # P0 may pay to re-roll
    state = play(state, "P0 keep", "P1 keep", "P3 keep")
    assert state.pending.stream == "battle P0"                         # P0 and P3 tied: again
    assert state.view(None)["stack"][-1]["seats"] == [0, 3]
    state = play(state, "battle P0 shows skull", "battle P3 shows double sword", "P0 keep", "P3 keep")
    assert state.pending.stream == "treasure die"                      # P3 resolves tile 2 alone
    state = play(state, "treasure die shows X", "P3 keep")
    assert state.data.coins[3] == 5 and state.data.coins[0] == 3
    assert state.data.phase == "action"


@pytest.mark.rules("P-BATTLE-SINGLE")
def test_a_single_mover_resolves_without_battle():
    roles = ["winner", "loser", "loser", "loser"]
    state = play(QUIET.scenario(phase="sail", roles=roles, hands=[[]] * 4), "sail die shows 1")
    assert state.data.crew[0] == 6                                     # Harbour Tavern: crew +1
    quiet = play(load(4, single_mover_resolves=False).scenario(phase="sail", roles=roles,
                                                                hands=[[]] * 4), "sail die shows 1")
    assert quiet.data.crew[0] == 5


@pytest.mark.rules("P-SAIL-STOP", "P-END-1")
def test_a_ship_stops_on_the_start_end_tile_and_wins_alone():
    state = QUIET.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                          progress=[15, 0, 0, 0], hands=[[]] * 4)
    state = play(state, "sail die shows 2")
    assert state.is_over and state.outcome().winners == (0,) and state.data.progress[0] == 16


@pytest.mark.rules("P-TILE-1", "P-TILE-TREACHEROUS")
def test_the_pirate_die_decides_an_uncharted_or_treacherous_tile():
    state = QUIET.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                          progress=[2, 0, 0, 0], hands=[[]] * 4)
    state = play(state, "sail die shows 2")                            # Navy Patrol
    assert dict(state.chance_outcomes()) == {Roll("pirate die", "X"): 1 / 3,
                                             Roll("pirate die", "O"): 2 / 3}
    assert play(state, "pirate die shows X").data.crew[0] == 3
    assert play(state, "pirate die shows O").data.crew[0] == 5


@pytest.mark.rules("P-REROLL", "P-REROLL-WINDOW")
def test_the_winner_may_pay_to_re_roll_the_sail_die_once_per_round():
    state = GAME.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"], hands=[[]] * 4)
    state = play(state, "sail die shows 1")
    assert state.pending.step == "reroll" and state.pending.seat == 0
    state = play(state, "P0 re-roll")
    assert state.data.coins[0] == 2 and state.pending.stream == "sail die"
    state = play(state, "sail die shows 2")
    assert state.data.progress[0] == 2 and "r" in state.data.used[0]
    # no window when re-rolls are off, or already used
    off = load(4, reroll_window=False).scenario(phase="sail", roles=["winner", "loser", "loser",
                                                                     "loser"], hands=[[]] * 4)
    assert play(off, "sail die shows 1").pending.step != "reroll"
    used = GAME.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"], used=["r", "", "", ""],
                         hands=[[]] * 4)
    assert play(used, "sail die shows 1").pending.step != "reroll"


@pytest.mark.rules("P-SAIL-GOLD", "P-SAIL-WINDOW", "P-CARD-GOLD")
def test_one_gold_card_per_player_while_sailing():
    state = QUIET.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                          hands=[["G1", "S2"], ["G4"], [], []], used=["", "", "", ""])
    state = play(state, "sail die shows 2", "treasure die shows coin")
    assert state.pending.step == "cards" and state.pending.seat == 0
    assert set(state.legal_moves()) == {PlayCard(0, "G1"), QUIET.parse_move("P0 pass")}
    assert state.why_not(PlayCard(0, "S2")).rule == "P-SAIL-GOLD"
    state = play(state, "P0 play G1")                                  # Full Sail: move 1
    assert state.data.progress[0] == 3 and "g" in state.data.used[0]
    state = play(state, "P1 play G4")
    assert state.data.crew[1] == 7 and state.pending.stream == "deck"   # their last card
    state = play(state, "deck gives S2")
    assert state.data.phase == "action" and state.pending.seat == 0
    assert PlayCard(0, "S2") in state.legal_moves() and PlayCard(0, "G1") not in state.legal_moves()


@pytest.mark.rules("P-BUY-WHEN", "P-BUY", "P-SAIL-WINDOW")
def test_buying_in_the_sail_windows_when_the_option_allows_it():
    game = load(4, reroll_window=False, buy_when="sail and action", sail_cards="before battle and after tile")
    state = game.scenario(phase="sail", roles=["winner", "survivor", "loser", "loser"],
                          hands=[["G1"], [], [], []], coins=[2, 4, 1, 0])
    state = play(state, "sail die shows 2")
    assert state.pending.step == "cards" and state.data.stack[-1][2] == (0, 1)   # before the battle
    assert set(state.legal_moves()) == {PlayCard(0, "G1"), Buy(0), game.parse_move("P0 pass")}
    state = play(state, "P0 pass", "P1 buy a card", "deck gives G4")
    assert state.data.coins[1] == 2 and state.data.hands[1] == ("G4",)
    assert state.pending.seat == 1 and state.pending.step == "cards"             # asked again
    state = play(state, "P1 play G4", "deck gives S2")                           # their last card: one free
    assert "g" in state.data.used[1] and "b" in state.data.used[1]
    assert state.pending.stream == "battle P0"                                   # then the battle
    state = play(state, "battle P0 shows sword", "battle P1 shows skull", "treasure die shows coin")
    assert state.pending.step == "cards" and state.data.stack[-1][2] == (0, 1)   # after the tile
    state = play(state, "P0 pass")
    assert set(state.legal_moves()) == {Buy(1), game.parse_move("P1 pass")}     # no second gold card
    quiet = load(4, reroll_window=False, buy_when="action turn").scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                                                  hands=[["G1"], [], [], []], coins=[4, 0, 0, 0])
    quiet = play(quiet, "sail die shows 2", "treasure die shows coin")
    assert quiet.why_not(Buy(0)).rule == "P-BUY-WHEN"
