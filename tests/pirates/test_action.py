"""The action phase: cards, buying, the curse, the turn order, targets, duels, re-rolls."""
from __future__ import annotations

import pytest

from explorer.games.pirates.moves import Buy, PassCurse, PlayCard, Target

from .helpers import load, play

GAME = load(4)
QUIET = load(4, reroll_window=False)


def action(game=QUIET, **fields):
    fields.setdefault("hands", [[], [], [], []])
    return game.scenario(phase="action", **fields)


@pytest.mark.rules("P-ACT-1", "P-ACT-ORDER", "P-CARD-SILVER")
def test_one_gold_and_one_silver_per_round_and_turns_until_all_pass():
    state = action(hands=[["G1", "G4", "S2"], [], [], []], coins=[0, 0, 0, 0])
    assert state.pending.seat == 0 and state.pending.step == "act"
    state = play(state, "P0 play G4", "P1 pass", "P2 pass", "P3 pass")
    assert state.pending.seat == 0
    assert state.why_not(PlayCard(0, "G1")).rule == "P-ACT-1"
    state = play(state, "P0 play S2")
    assert state.data.coins[0] == 2
    state = play(state, "P1 pass", "P2 pass", "P3 pass", "P0 pass")
    assert state.data.phase != "action"


@pytest.mark.rules("P-BUY", "P-BUY-WHEN", "P-CAPTAIN-C3", "P-VAR-CHEAP")
def test_buying_a_card():
    state = action(coins=[2, 1, 0, 0])
    state = play(state, "P0 buy a card")
    assert state.pending.stream == "deck" and state.data.coins[0] == 0
    state = play(state, "deck gives G3")
    assert state.data.hands[0] == ("G3",) and state.pending.seat == 1
    assert state.why_not(Buy(1)).rule == "P-BUY"
    haggler = action(load(4, reroll_window=False, captains=("", "C3", "", "")), coins=[2, 1, 0, 0],
                     turn=1)
    assert Buy(1) in haggler.legal_moves()
    cheap = action(load(4, variants=("cheap cards",)), coins=[1, 1, 1, 1])
    assert Buy(0) in cheap.legal_moves()


@pytest.mark.rules("P-DECK-EMPTY")
def test_an_empty_deck_is_made_from_the_discard_pile():
    every = sorted(QUIET.catalogue.deck())
    state = action(coins=[2, 0, 0, 0], deck={"unseen": []}, discard=every)
    state = play(state, "P0 buy a card")
    assert state.pending.stream == "deck" and state.data.deck.size == len(every)


@pytest.mark.rules("P-LAST-CARD")
def test_the_last_card_played_draws_one_free():
    state = play(action(hands=[["S2"], [], [], []]), "P0 play S2")
    assert state.pending.stream == "deck"
    assert play(state, "deck gives G1").data.hands[0] == ("G1",)


@pytest.mark.rules("P-CURSE-PASS")
def test_passing_the_curse_costs_two_crew():
    state = action(specials={"cursed": 0})
    state = play(state, "P0 pass the curse to P2")
    assert state.data.crew[0] == 3 and state.view(None)["seats"][2]["specials"] == ["cursed"]
    poor = action(specials={"cursed": 0}, crew=[2, 5, 5, 5])
    assert state.why_not(PassCurse(0, 1)) is not None
    assert PassCurse(0, 1) not in poor.legal_moves()


@pytest.mark.rules("P-CURSE-PASS", "P-CREW-MAX")
def test_the_receiver_of_the_curse_keeps_the_ten_dice_limit():
    state = action(crew=[5, 10, 5, 5], specials={"cursed": 0})
    state = play(state, "P0 pass the curse to P1")
    assert state.data.crew[1] == 9 and state.view(None)["seats"][1]["specials"] == ["cursed"]
    assert sum(len(s["specials"]) for s in [state.view(None)["seats"][1]]) + state.data.crew[1] == 10
    texts = [e.text for e in state.events]
    assert "P1 is over the limit and returns a normal die" in texts
    assert not any("takes the cursed die" in t for t in texts)         # told once, by the sacrifice


@pytest.mark.rules("P-CURSE-PASS", "P-CURSE-PASS-WHEN", "P-SAIL-WINDOW")
def test_the_curse_is_passed_in_a_sail_card_window_too():
    state = QUIET.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                           hands=[[], [], [], []], coins=[0, 0, 0, 0], specials={"cursed": 2})
    state = play(state, "sail die shows 2", "treasure die shows coin")
    assert state.pending.step == "cards" and state.pending.seat == 2   # asked for the curse alone
    assert PassCurse(2, 0) in state.legal_moves()
    state = play(state, "P2 pass the curse to P0")
    assert state.view(None)["seats"][0]["specials"] == ["cursed"]
    assert state.data.phase == "action"          # P2 asked again, and has nothing left to do
    turn = action(specials={"cursed": 0})
    assert turn.why_not(PassCurse(1, 2)).rule in ("P-ACT-ORDER", "P-CURSE-PASS")


@pytest.mark.rules("P-CREW-PAY", "P-CURSE-PASS", "P-CREW-FLOOR")
def test_a_sacrifice_is_paid_like_a_loss_or_with_normal_dice_only():
    state = action(crew=[2, 5, 5, 5], specials={"cursed": 0, "mermaid": 0})
    assert PassCurse(0, 1) in state.legal_moves()          # 1 normal die to spare + the mermaid
    state = play(state, "P0 pass the curse to P1")
    assert state.data.crew[0] == 1 and state.view(None)["seats"][0]["specials"] == []
    assert "P0 keeps their last normal die and pays with the mermaid die" in [e.text for e in state.events]
    strict = action(load(4, reroll_window=False, crew_payment="normal dice only"), crew=[2, 5, 5, 5],
                    specials={"cursed": 0, "mermaid": 0})
    assert PassCurse(0, 1) not in strict.legal_moves()
    assert strict.why_not(PassCurse(0, 1)).rule == "P-CURSE-PASS"
    never_cursed = action(crew=[2, 5, 5, 5], specials={"cursed": 0})
    assert PassCurse(0, 1) not in never_cursed.legal_moves()   # the cursed die never pays


@pytest.mark.rules("P-CARD-WIND")
def test_the_change_of_wind_turns_the_token_over():
    state = play(action(hands=[["S11", "S2"], [], [], []]), "P0 play S11")
    assert state.view(None)["direction"] == "counter-clockwise" and state.pending.seat == 3


@pytest.mark.rules("P-TARGET", "P-IMMUNE", "P-EFFECTS")
def test_aimed_cards_choose_a_target_but_not_a_ship_on_the_start_end_tile():
    state = action(hands=[["S5", "S2"], [], [], []], progress=[3, 0, 2, 5])
    state = play(state, "P0 play S5")
    assert state.pending.step == "target" and state.pending.seat == 0
    assert set(state.legal_moves()) == {Target(0, 2), Target(0, 3)}
    assert state.why_not(Target(0, 1)).rule == "P-TARGET"
    saved = QUIET.state_from_json(state.to_json())                # a half-resolved effect saves
    assert saved == state
    assert play(state, "P0 target P3").data.progress == (3, 0, 2, 4)
    alone = action(hands=[["S5", "S2"], [], [], []])
    assert PlayCard(0, "S5") not in alone.legal_moves()               # nobody to aim at: not offered


@pytest.mark.rules("P-DUEL")
def test_a_broadside_duel():
    state = action(hands=[["G3", "S2"], [], [], []], progress=[3, 0, 2, 9])
    state = play(state, "P0 play G3", "P0 target P2")
    assert state.pending.stream == "battle P0"
    state = play(state, "battle P0 shows sword", "battle P2 shows sword")
    assert state.pending.stream == "battle P0"                          # a tie: again
    state = play(state, "battle P0 shows skull", "battle P2 shows sword")
    assert state.data.crew[0] == 3 and state.data.crew[2] == 5


@pytest.mark.rules("P-EFFECTS", "P-REROLL")
def test_random_discard_chosen_discard_and_a_paid_re_roll_of_a_card_die():
    state = play(action(hands=[["S7", "S2"], ["G1", "G2"], [], []], progress=[3, 2, 0, 0]),
                 "P0 play S7", "P0 target P1")
    assert state.pending.stream == "hand P1"
    assert play(state, "hand P1 gives G2").data.hands[1] == ("G1",)
    spy = play(action(hands=[["S3", "S2"], [], [], []]), "P0 play S3", "deck gives G1", "deck gives G2")
    assert spy.pending.step == "discard"
    assert play(spy, "P0 discards S2").data.hands[0] == ("G1", "G2")
    maps = play(action(GAME, hands=[["G5", "S2"], [], [], []]), "P0 play G5", "treasure die shows coin")
    assert maps.pending.step == "reroll"
    maps = play(maps, "P0 re-roll", "treasure die shows X")
    assert maps.data.coins[0] == 3
    maps = play(maps, "treasure die shows X")                           # no second re-roll
    assert maps.data.coins[0] == 5


@pytest.mark.rules("P-REROLL", "P-REROLL-WINDOW", "P-DUEL")
def test_a_duelist_may_pay_to_re_roll_a_battle_die_of_the_action_phase_once_per_round():
    state = action(GAME, hands=[["G3", "S2"], [], [], []], progress=[3, 0, 2, 9], coins=[1, 0, 2, 0])
    state = play(state, "P0 play G3", "P0 target P2", "battle P0 shows skull", "battle P2 shows sword")
    assert state.pending.step == "reroll" and state.view(None)["stack"][-1]["seats"] == [0, 2]
    state = play(state, "P0 re-roll")
    assert state.data.coins[0] == 0 and state.pending.stream == "battle P0"
    state = play(state, "battle P0 shows double sword")
    assert state.pending.step == "reroll" and state.pending.seat == 2          # P2 may still answer
    state = play(state, "P2 keep")
    assert state.data.crew[2] == 3 and state.data.crew[0] == 5                  # P0's re-roll won the duel
    assert "r" in state.data.used[0]
    again = action(GAME, hands=[["G3", "S2"], [], [], []], progress=[3, 0, 2, 9], coins=[1, 0, 2, 0],
                   used=["r", "", "", ""])
    again = play(again, "P0 play G3", "P0 target P2", "battle P0 shows skull", "battle P2 shows sword")
    assert again.pending.seat == 2                                              # P0 re-rolled this round


@pytest.mark.rules("P-BATTLE-LOSER", "P-EFFECTS", "P-CARD-SILVER")
def test_a_battle_looking_for_a_loser_reverses_the_tie_break():
    state = action(hands=[["S12"], [], [], []], progress=[3, 3, 4, 8])
    state = play(state, "P0 play S12")
    assert state.pending.stream == "battle P0" and state.pending.rule == "P-BATTLE-LOSER"
    assert {m.rule for m, _ in state.chance_outcomes()} == {"P-BATTLE-LOSER"}
    assert state.data.stack[-1][2] == (0, 1, 2)                  # P3 is 5 tiles away
    state = play(state, "battle P0 shows sword", "battle P1 shows skull", "battle P2 shows skull")
    assert state.data.stack[-1][2] == (1, 2)                     # tied for lowest: roll again
    state = play(state, "battle P1 shows sword", "battle P2 shows skull")
    assert state.data.crew[2] == 3 and state.data.crew[:2] == (5, 5)
    assert "P2 rolled lowest and loses the battle" in [e.text for e in state.events]
    alone = action(hands=[["S12"], [], [], []], progress=[3, 8, 8, 8])
    assert PlayCard(0, "S12") not in alone.legal_moves()       # nobody within 1 tile to battle


@pytest.mark.rules("P-DUEL", "P-FINAL-2")
def test_duel_and_final_battle_rolls_cite_their_own_rule():
    duel = play(action(hands=[["G3"], [], [], []], progress=[3, 4, 8, 8]), "P0 play G3")
    duel = play(duel, "P0 target P1") if duel.pending.step == "target" else duel
    assert duel.pending.rule == "P-DUEL" and "for the duel" in duel.pending.prompt
    final = QUIET.scenario(phase="final", progress=[16, 16, 0, 0], crew=[3, 3, 5, 5], hands=[[]] * 4)
    assert final.pending.rule == "P-FINAL-2"
    assert {m.rule for m, _ in final.chance_outcomes()} == {"P-FINAL-2"}


@pytest.mark.rules("P-IMMUNE", "P-TARGET", "P-FINAL-3")
def test_a_card_that_can_hit_nobody_is_not_offered():
    length = len(QUIET.preset_route())
    headwind = action(hands=[["S5", "S2"], [], [], []], progress=[3, length, length, length])
    assert PlayCard(0, "S5") not in headwind.legal_moves()          # every other ship is immune
    assert headwind.why_not(PlayCard(0, "S5")).rule == "P-IMMUNE"
    assert "Headwind would do nothing now" in headwind.why_not(PlayCard(0, "S5")).text
    assert PlayCard(0, "S5") in action(hands=[["S5"], [], [], []], progress=[3, 2, length, length]).legal_moves()
    final = QUIET.scenario(phase="final", progress=[length, length, 0, 0], crew=[3, 3, 5, 5],
                           hands=[["G2", "G3", "G4"], [], [], []])
    final = play(final, "battle P0 shows skull", "battle P1 shows skull")
    cards = {mv.card for mv in final.legal_moves() if isinstance(mv, PlayCard)}
    assert cards == {"G4"}                                          # boarding and broadside would fizzle
    assert final.why_not(PlayCard(0, "G2")).rule == "P-IMMUNE"


def test_a_card_move_is_labelled_with_the_cards_name_and_effect():
    state = action(hands=[["G1"], [], [], []])
    assert PlayCard(0, "G1") in state.legal_moves()
    label = next(mv.label for mv in state.legal_moves() if mv == PlayCard(0, "G1"))
    assert label == "Play Full Sail: Move 1 forward"


@pytest.mark.rules("P-LAST-CARD", "P-EXACT-1")
def test_the_free_draw_is_told_after_the_last_cards_effects():
    state = play(action(hands=[["S2"], [], [], []]), "P0 play S2")
    texts = [e.text for e in state.events]
    assert texts.index("P0 gains 2 coins") < texts.index("P0 played their last card and draws one free")
    assert next(e.rule for e in state.events if "draws one free" in e.text) == "P-LAST-CARD"
    opening = GAME.scenario(phase="betting", cups=[[2, 3, 4, 5, 6]] * 4)
    assert opening.why_not(opening.game.parse_move("P0 bid 2 twos exact")).rule == "P-EXACT-1"
