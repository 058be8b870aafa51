"""Cities of Greed in play: the seed's three examples, influence cards bought and played,
"draw two, keep one", and the mayor die (crew rules, the reveal, bids and odds)."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from explorer.core import InvalidInput
from explorer.games.pirates import odds
from explorer.games.pirates.dice import CREW_DICE, MAYOR
from explorer.games.pirates.examples import SEED_EXAMPLES, SEED_PLAYS
from explorer.games.pirates.moves import BuyInfluence, KeepCard, PlayInfluence

from .helpers import load, play

GAME = load(4, cities_of_greed=True, reroll_window=False)
DRAW_TWO = load(4, cities_of_greed=True, reroll_window=False, variants=("draw two",))
MAYOR_DIE = 4


def action(game=GAME, **fields):
    fields.setdefault("hands", [[], [], [], []])
    return game.scenario(phase="action", **fields)


def scene_text(state, viewer):
    return str(state.game.scene(state.view(viewer)))


@pytest.mark.rules("P-COG-ATTACK", "P-COG-INF-PLAY", "P-CARGO")
def test_seed_an_attack_on_the_lighthouse_makes_yellow_drop_one_cargo():
    state = GAME.scenario(**SEED_EXAMPLES["attack"])
    assert state.data.cities.towns[2][0] == "Abandoned Lighthouse"
    after = state.play(SEED_PLAYS["attack"])
    assert after.pending.seat == 3 and after.pending.step == "cargo"      # yellow chooses
    assert after.data.cities.discard == ("I1",) and after.data.cities.influence[0] == ()
    assert any(e.rule == "P-COG-ATTACK" and "P3" in e.text for e in after.events)
    for cargo, check in (("P3 loses a coin", lambda d: d.coins[3] == 1),
                         ("P3 loses a crew die", lambda d: d.crew[3] == 4),
                         ("P3 loses G1", lambda d: d.hands[3] == ())):
        done = after.play(cargo)
        assert check(done.data) and done.pending.seat == 1                # then the next turn
        assert done.data.coins[:3] == (2, 2, 2) and done.data.crew[:3] == (5, 5, 5)


@pytest.mark.rules("P-COG-BONUS")
def test_seed_a_bonus_for_eastport_gives_green_and_red_one_coin_each():
    state = GAME.scenario(**SEED_EXAMPLES["bonus"])
    after = state.play(SEED_PLAYS["bonus"])
    assert after.data.coins == (3, 2, 3, 2)
    assert after.data.specials[MAYOR_DIE] == -1                 # not green's own town
    assert {e.rule for e in after.events} >= {"P-COG-BONUS"}


@pytest.mark.rules("P-COG-MAYOR-TAKE", "P-SPECIAL-UNIQUE", "P-COG-DESIGNATE")
def test_seed_red_plays_eastport_their_own_town_while_there():
    state = GAME.scenario(**SEED_EXAMPLES["mayor"])
    assert state.data.cities.designated[0] == "Eastport" and state.data.specials[MAYOR_DIE] == 3
    after = state.play(SEED_PLAYS["mayor"])
    assert after.data.coins == (4, 2, 3, 2)                     # red 2, green 1
    assert after.data.specials[MAYOR_DIE] == 0                  # taken from yellow
    assert any(e.rule == "P-COG-MAYOR-TAKE" for e in after.events)
    away = GAME.scenario(**{**SEED_EXAMPLES["mayor"], "progress": [3, 3, 8, 4]})
    assert away.play(SEED_PLAYS["mayor"]).data.coins == (2, 2, 3, 2)   # red not in Eastport


@pytest.mark.rules("P-COG-INF-ONCE", "P-COG-INF-PLAY")
def test_one_influence_card_per_round_for_one_of_its_towns():
    state = action(influence=[["I1", "I2"], [], [], []])
    moves = [mv for mv in state.legal_moves() if isinstance(mv, PlayInfluence)]
    assert len(moves) == 2 * 3 * 2                               # card x town x attack|bonus
    assert state.why_not(PlayInfluence(0, "I1", "Saltmarsh", "attack")).rule == "P-COG-INF-PLAY"
    assert state.why_not(PlayInfluence(0, "I9", "Eastport", "attack")).rule == "P-COG-INF-PLAY"
    state = play(state, "P0 plays I1 for Port Rosa bonus", "P1 pass", "P2 pass", "P3 pass")
    assert state.pending.seat == 0
    assert state.why_not(PlayInfluence(0, "I2", "Eastport", "bonus")).rule == "P-COG-INF-ONCE"
    twice = action(load(4, cities_of_greed=True, influence_per_round=2), influence=[["I1", "I2"], [], [], []])
    twice = play(twice, "P0 plays I1 for Port Rosa bonus", "P1 pass", "P2 pass", "P3 pass")
    assert PlayInfluence(0, "I2", "Eastport", "bonus") in twice.legal_moves()


@pytest.mark.rules("P-COG-INF-ONCE", "P-ROUND-1")
def test_the_count_of_influence_cards_played_resets_each_round():
    state = action(influence=[["I1", "I2"], [], [], []], influence_played=[1, 0, 0, 0])
    state = play(state, "P0 pass", "P1 pass", "P2 pass", "P3 pass")
    while state.data.phase != "betting":
        state = state.play(state.legal_moves()[-1] if not state.is_chance else state.chance_outcomes()[0][0])
    assert state.data.cities.played == (0, 0, 0, 0)


@pytest.mark.rules("P-COG-INF-BUY", "P-COG-INF-BUY-WHEN")
def test_buying_an_influence_card_costs_one_coin_and_ends_the_turn():
    state = action(coins=[1, 0, 2, 2])
    state = state.play(BuyInfluence(0))
    assert state.pending.stream == "influence deck" and state.data.coins[0] == 0
    state = play(state, "influence deck gives I7")
    assert state.data.cities.influence[0] == ("I7",) and state.pending.seat == 1
    assert state.why_not(BuyInfluence(1)).rule == "P-COG-INF-BUY"
    assert BuyInfluence(0) not in play(action(coins=[0, 0, 0, 0]), "P0 pass").legal_moves()
    sail = GAME.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"], hands=[["G1"], [], [], []])
    sail = sail.play("sail die shows 1")
    assert sail.pending.step == "cards"                         # a gold card may be played, nothing bought
    assert sail.why_not(BuyInfluence(0)).rule == "P-COG-INF-PLAY"


@pytest.mark.rules("P-COG-INF-EMPTY")
def test_an_empty_influence_deck_is_made_from_the_played_cards():
    every = sorted(GAME.catalogue.cities.deck())
    state = action(coins=[2, 0, 0, 0], influence_deck=[], influence_discard=every)
    state = state.play(BuyInfluence(0))
    assert state.pending.stream == "influence deck" and state.data.cities.deck.size == len(every)
    assert state.data.cities.discard == ()
    off = action(load(4, cities_of_greed=True, influence_reshuffle=False), coins=[2, 0, 0, 0],
                 influence_deck=[], influence_discard=every)
    assert BuyInfluence(0) not in off.legal_moves()


@pytest.mark.rules("P-COG-VAR-DRAW2", "P-COG-DRAW2-REST", "P-VARIANTS")
def test_draw_two_keep_one_for_action_and_influence_cards():
    state = action(DRAW_TWO, coins=[4, 0, 0, 0])
    state = play(state, "P0 buy a card", "deck gives G3", "deck gives S2")
    assert state.pending.seat == 0 and state.pending.step == "pick"
    assert set(state.legal_moves()) == {KeepCard(0, "G3"), KeepCard(0, "S2")}
    assert "S2" not in str(state.view(1)) and "G3" not in scene_text(state, 1)
    assert state.view(0)["stack"][-1]["drawn"] == ["G3", "S2"]
    kept = state.play("P0 keeps S2")
    assert kept.data.hands[0] == ("S2",) and kept.data.discard == ("G3",)
    assert kept.pending.seat == 1
    assert kept.why_not(KeepCard(1, "G3")) is not None
    state = play(action(DRAW_TWO, coins=[4, 0, 0, 0]), "P0 buy an influence card",
                 "influence deck gives I4", "influence deck gives I30")
    assert state.pending.step == "pick" and state.view(2)["stack"][-1]["drawn"] is None
    kept = state.play("P0 keeps I30")
    assert kept.data.cities.influence[0] == ("I30",) and kept.data.cities.discard == ("I4",)
    plain = play(action(coins=[4, 0, 0, 0]), "P0 buy a card", "deck gives G3")
    assert plain.data.hands[0] == ("G3",)


@pytest.mark.rules("P-COG-MAYOR", "P-COG-MAYOR-COIN", "P-BID-COUNT")
def test_the_mayor_die_counts_its_ones_and_pays_a_coin_at_the_reveal():
    assert MAYOR.faces == (1, 1, "coin", "bomb", "-", "-")
    state = GAME.scenario(specials={"mayor": 1}, crew=[1, 1, 1, 1],
                          cups=[[2], [3, 1], [4], [5]], bids=["2 twos by P0"], turn=1)
    assert state.bid_bounds()[2] == 5                            # the mayor die is in play
    judged = state.play("P1 liar")                              # P0 (2) + P1's wild mayor 1 = 2 twos
    assert judged.data.roles[0] == "winner"
    coin = GAME.scenario(specials={"mayor": 1}, crew=[1, 1, 1, 1],
                         cups=[[2], [3, "coin"], [4], [5]], bids=["2 twos by P0"], turn=1)
    after = coin.play("P1 liar")
    assert after.data.roles[1] == "winner"                      # a coin counts nothing
    assert any(e.rule == "P-COG-MAYOR-COIN" for e in after.events)
    assert after.data.coins[1] >= 3                              # +1 mayor, +1 winner


@pytest.mark.rules("P-COG-MAYOR-BOMB", "P-TARGET")
def test_a_bomb_at_the_reveal_makes_another_player_lose_one_cargo():
    state = GAME.scenario(specials={"mayor": 2}, crew=[1, 1, 1, 1], cups=[[2], [3], [4, "bomb"], [5]],
                          bids=["1 two by P0"], turn=1, progress=[0, 0, 0, 0])
    after = state.play("P1 liar")
    assert after.pending.seat == 2 and after.pending.step == "target"   # even on the start tile
    assert {mv.seat for mv in after.legal_moves()} == {0, 1, 3}
    aimed = after.play("P2 target P3")
    assert aimed.pending.seat == 3 and aimed.pending.step == "cargo"
    assert aimed.play("P3 loses a coin").data.coins[3] == 1


@pytest.mark.rules("P-COG-MAYOR", "P-CREW-FLOOR", "P-CREW-FLOOR-PICK", "P-CREW-MAX", "P-FINAL-1")
def test_the_mayor_die_follows_every_crew_rule():
    floor = action(specials={"mayor": 3}, crew=[5, 5, 5, 1], progress=[1, 3, 5, 2],
                   influence=[["I1"], [], [], []])
    hit = play(floor, "P0 plays I1 for Abandoned Lighthouse attack", "P3 loses a crew die")
    assert hit.data.crew[3] == 1 and hit.data.specials[MAYOR_DIE] == -1      # the floor takes the mayor
    full = GAME.scenario(**{**SEED_EXAMPLES["mayor"], "crew": [10, 5, 5, 5]})
    took = full.play(SEED_PLAYS["mayor"])
    assert took.data.specials[MAYOR_DIE] == 0 and took.data.crew[0] == 9      # back to 10 dice
    final = GAME.scenario(phase="final", progress=[16, 16, 3, 3], specials={"mayor": 0}, crew=[3, 3, 5, 5])
    assert final.data.specials[MAYOR_DIE] == -1 and final.data.crew[0] == 5    # traded for 2 dice


@pytest.mark.rules("P-COG-MAYOR", "P-COG-MAYOR-FACES")
def test_the_exact_odds_cover_the_mayor_die():
    """Against brute force: a hidden cup of a normal die and the mayor die, my cup known."""
    known = {0: (("normal", 2), ("normal", 5))}
    unknown = {1: ("normal", "mayor")}
    for face in (2, 5, 6):
        dist = odds.count_distribution(face, known, unknown, 0)
        want = [Fraction(0)] * 5
        for a, b in itertools.product(CREW_DICE["normal"].faces, MAYOR.faces):
            mine = sum(1 for f in (2, 5) if f == face or f == 1)
            want[mine + (a in (face, 1)) + (b in (face, 1))] += Fraction(1, 36)
        assert [Fraction(x).limit_denominator(1000) for x in dist] == want[:len(dist)]
        assert sum(want[len(dist):]) == 0


def test_a_scenario_names_the_influence_deck_like_the_action_deck():
    game = load(4, cities_of_greed=True, variants=("draw two",))
    hands = [["I1"], [], [], []]
    known = game.scenario(phase="action", influence=hands, influence_deck=["I2", "I3"])
    deck = known.data.cities.deck
    assert deck.known_next == "I2" and not deck.needs_luck       # a list: a known order, the rest after it
    assert sorted(deck.bottom) == sorted(f"I{k}" for k in range(2, 36))
    on_top = game.scenario(phase="action", influence=hands, influence_deck={"top": ["I3", "I2"]})
    deck = on_top.data.cities.deck
    assert deck.top == ("I3", "I2") and len(deck.unseen) == 32   # the rest unseen
    picked = on_top.play("P0 buy an influence card")
    assert sorted(str(mv) for mv in picked.legal_moves()) == ["P0 keeps I2", "P0 keeps I3"]
    with pytest.raises(InvalidInput, match=r"influence_deck\.top\[0\]"):
        game.scenario(phase="action", influence=hands, influence_deck={"top": ["X9"]})
