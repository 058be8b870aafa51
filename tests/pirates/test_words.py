"""The words of Lying Pirates a teacher reads: prompts that name only the choices a
player has, labels and narration that name dice, costs, cards and tiles (rules audit 2,
item 9)."""
from __future__ import annotations

import pytest

from explorer.games.pirates.moves import Keep, PlaceTown, Reroll, ReturnInfluence, Step, Stop

from .helpers import load, play

QUIET = load(4, reroll_window=False)


@pytest.mark.rules("P-BID-ORDER", "P-BID-OPEN", "P-VAR-NOEXACT")
def test_the_bidding_prompt_names_what_can_be_done():
    state = load(4).scenario(phase="betting", cups=[[2, 3, 4, 5, 6]] * 4)
    assert state.pending.prompt == "P0 opens the bidding"
    state = play(state, "P0 bid 2 twos")
    assert state.pending.prompt == "P1 raises the bid, calls Liar or locks Exact"
    barred = load(4, variants=("no exact",)).scenario(phase="betting", cups=[[2, 3, 4, 5, 6]] * 4)
    assert play(barred, "P0 bid 2 twos").pending.prompt == "P1 raises the bid or calls Liar"


@pytest.mark.rules("P-ACT-ORDER", "P-CURSE-PASS", "P-BUY")
def test_the_action_prompt_names_only_the_choices_the_table_can_see():
    state = QUIET.scenario(phase="action", hands=[["G1"], [], [], []], coins=[0, 2, 0, 0],
                           specials={"cursed": 1})
    assert state.pending.prompt == "P0 may play a card, or pass"
    state = play(state, "P0 pass")
    assert state.pending.prompt == "P1 may buy a card or pass the curse, or pass"


@pytest.mark.rules("P-SAIL-WINDOW", "P-SAIL-GOLD")
def test_a_sail_window_prompt_names_its_choices():
    state = QUIET.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                           hands=[["S2"], [], [], []], coins=[3, 0, 0, 0])
    state = play(state, "sail die shows 2", "treasure die shows coin")
    assert state.pending.prompt == "P0 may play a gold card or buy a card while sailing, or pass"


@pytest.mark.rules("P-REROLL", "P-REROLL-WINDOW", "P-TILE-1")
def test_a_re_roll_names_the_die_and_its_price_and_the_roll_is_told_as_it_falls():
    game = load(4)
    state = game.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                          hands=[[], [], [], []], coins=[3, 0, 0, 0])
    state = play(state, "sail die shows 2", "P0 keep", "treasure die shows X")
    assert "P0 rolls the treasure die: X" in [e.text for e in state.events]   # before the decision
    labels = {type(mv): mv.label for mv in state.legal_moves()}
    assert labels[Reroll] == "Pay 1 coin to re-roll your treasure die"
    assert labels[Keep] == "Keep your treasure die as rolled"
    state = play(state, "P0 re-roll")
    assert "P0 pays 1 coin to re-roll their treasure die" in [e.text for e in state.events]
    free = load(4, captains=("C4", "", "", "")).scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                                                        hands=[[], [], [], []], coins=[3, 0, 0, 0])
    free = play(free, "sail die shows 2")
    assert next(mv.label for mv in free.legal_moves() if isinstance(mv, Reroll)) == \
        "Re-roll your sail die for free"


@pytest.mark.rules("P-FINAL-3", "P-STEPS-2")
def test_final_battle_and_shared_steps_say_what_their_moves_mean():
    final = load(4).scenario(phase="final", progress=[16, 16, 0, 0], crew=[3, 3, 5, 5], hands=[[]] * 4,
                             coins=[1, 0, 0, 0])
    final = play(final, "battle P0 shows skull", "battle P1 shows sword")
    assert {mv.label for mv in final.legal_moves()} == {"Pay 1 coin to re-roll your battle die",
                                                        "Done with this sub-battle (no more re-roll or card)"}
    tied = QUIET.scenario(phase="steps", progress=[1, 1, 3, 4], crew=[5] * 4, hands=[[]] * 4)
    labels = {type(mv): mv.label for mv in tied.legal_moves()}
    assert labels[Step].startswith("Agree to step together")
    assert labels[Stop] == "Refuse: nobody tied for last steps"


@pytest.mark.rules("P-BID-COUNT")
def test_a_count_of_one_reads_in_the_singular():
    state = QUIET.scenario(phase="betting", cups=[[2, 3, 4, 6, 6], [2, 3, 4, 6, 6], [2, 3, 4, 6, 6],
                                                  [2, 3, 4, 6, 5]])
    state = play(state, "P0 bid 3 fives", "P1 liar")
    assert any(e.text.startswith("there is 1 five for P0's bid of 3 fives") for e in state.events)


@pytest.mark.rules("P-COG-TOWN-PLACE", "P-COG-INF-DEAL")
def test_town_and_influence_moves_name_tiles_and_towns():
    game = load(3, cities_of_greed=True)
    state = game.new(seed=2)
    keep = next(mv for mv in state.legal_moves() if isinstance(mv, ReturnInfluence))
    towns = game.influence[keep.card].towns
    assert keep.label == f"Return the {towns[0]}, {towns[1]} and {towns[2]} card to the box (keep the other two)"
    while not any(isinstance(mv, PlaceTown) for mv in state.legal_moves()):
        state = state.play(state.legal_moves()[0])
    place = next(mv for mv in state.legal_moves() if isinstance(mv, PlaceTown))
    assert str(place) == f"P{place.player} slots {place.town} under tile {place.slot}"
    tile = game.tiles[state.data.route[place.slot]].name
    assert place.label == f"Slot {place.town} under tile {place.slot} ({tile})"
    assert game.parse_move(str(place)) == place
    assert game.parse_move(f"P{place.player} {place.town} under tile {place.slot}") == place



@pytest.mark.rules("P-COG-TOWN-PLACE", "P-COG-INF-DEAL")
def test_the_cities_setup_is_headed_as_setup_not_as_a_betting_round():
    state = load(3, cities_of_greed=True).new(seed=2)
    seen = set()
    while state.data.stack and state.data.stack[0][0] in ("keep", "towns", "designate"):
        scene = state.scene(None)
        seen.add(state.pending.step)
        assert scene["status"].startswith("Setup: ") and "betting" not in scene["status"]
        state = state.play(state.legal_moves()[0])
    assert {"keep", "towns"} <= seen
