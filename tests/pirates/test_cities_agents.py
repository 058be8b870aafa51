"""Cities of Greed on the board and for the agents: every expansion move is a click
(or a few) on the board, the board shows the towns and who controls them, and the
greedy and search agents decide the expansion's steps from their own view."""
from __future__ import annotations

import random

import pytest
from gameplay import win_share_against_random

from explorer.core import CHANCE
from explorer.core.agents import observe
from explorer.core.scene import items
from explorer.games.pirates import heuristic
from explorer.games.pirates.agent import GreedyPiratesAgent
from explorer.games.pirates.examples import SEED_EXAMPLES, SEED_PLAYS
from explorer.games.pirates.moves import Designate, PlaceTown, PlayInfluence, ReturnInfluence

from .helpers import load, random_states

GAME = load(4, cities_of_greed=True)
GREEDY = GreedyPiratesAgent()


def board_ids(state, viewer):
    return {i["id"] for i in items(state.scene(viewer))}


def greedy(state):
    return GREEDY.choose(observe(state, observes=GREEDY.observes), random.Random(0))


@pytest.mark.rules("P-COG-TOWN-PLACE", "P-COG-DESIGNATE", "P-COG-INF-PLAY", "P-COG-VAR-DRAW2")
def test_every_expansion_move_is_clicked_on_the_board():
    game = load(3, cities_of_greed=True, variants=("draw two",))
    steps = set()
    for seed in range(3):
        for state in random_states(game, seed, steps=900)[::2]:
            if state.to_move in (None, CHANCE) or state.pending.step == "bid":
                continue
            shown = board_ids(state, state.to_move)
            for move in state.legal_moves():
                assert set(move.targets) <= shown, move
                assert state.move_for_targets(move.targets) == move, move
            steps.add(state.pending.step)
    assert {"keep", "towns", "designate", "act"} <= steps


@pytest.mark.rules("P-COG-DESIGNATE", "P-COG-TOWN-PLACE")
def test_the_board_shows_each_tiles_town_and_who_controls_which_town():
    state = GAME.scenario(**SEED_EXAMPLES["mayor"])
    zones = {z["id"]: z for z in state.scene(2)["zones"]}
    tile1 = next(i for i in zones["route"]["items"] if i["id"] == "tile:1")
    assert "Eastport" in tile1["sub"] and "Eastport" in tile1["title"]
    banner = next(i for i in zones["banners"]["items"] if i["id"] == "banner:Eastport")
    assert banner["badges"] == ["P0"] and "1" in banner["sub"]
    areas = {z["id"]: z for z in zones["players"]["zones"]}
    assert "town Eastport" in areas["player:0"]["note"]
    mine = [i["id"] for i in areas["player:0"]["items"] if i["id"].startswith("influence:")]
    assert mine == []                                        # P0's card is hidden from P2
    assert ["influence:0:I1"] == [i["id"] for i in items(state.scene(0)) if i["id"].startswith("influence:")]
    assert state.move_for_targets(("influence:0:I1", "banner:Eastport", "bonus")) == \
        state.game.parse_move(SEED_PLAYS["mayor"])
    refused = state.move_for_targets(("influence:0:I1", "banner:Saltmarsh", "attack"))
    assert state.why_not(refused).rule == "P-COG-INF-PLAY"


@pytest.mark.rules("P-COG-MAYOR-TAKE", "P-COG-ATTACK")
def test_greedy_takes_the_mayor_bonus_and_attacks_when_rivals_are_hit():
    assert greedy(GAME.scenario(**SEED_EXAMPLES["mayor"])) == PlayInfluence(0, "I1", "Eastport", "bonus")
    rivals = GAME.scenario(phase="action", turn=0, progress=[3, 2, 5, 9], influence=[["I1"], [], [], []])
    assert greedy(rivals) == PlayInfluence(0, "I1", "Abandoned Lighthouse", "attack")
    alone = GAME.scenario(phase="action", turn=0, progress=[4, 4, 5, 6], influence=[["I1"], [], [], []])
    assert not isinstance(greedy(alone), PlayInfluence)      # nothing worth a coin: keep the card


@pytest.mark.rules("P-COG-INF-DEAL", "P-COG-TOWN-FIRST")
def test_greedy_setup_keeps_related_cards_places_its_town_and_designates():
    state = GAME.new(seed=4)
    move = greedy(state)
    assert isinstance(move, ReturnInfluence)
    cards = state.view(0)["cities"]["cards"]
    kept = [c for c in state.data.cities.influence[0] if c != move.card]
    assert len(kept) == 2
    shared = len(set(cards[kept[0]]) & set(cards[kept[1]]))
    assert all(shared >= len(set(cards[move.card]) & set(cards[k])) for k in kept)
    while state.pending.step == "keep":
        state = state.play(greedy(state))
    move = greedy(state)
    assert isinstance(move, PlaceTown) and move.slot == 1
    while state.pending.step == "towns":
        state = state.play(greedy(state))
    move = greedy(state)
    assert isinstance(move, Designate) and move in state.legal_moves()
    assert heuristic.policy(state) == move                   # the search makes the same choice


def test_greedy_beats_random_with_the_expansion():
    assert win_share_against_random(GAME, GREEDY, 40) >= 0.8


def test_the_search_values_influence_cards_in_hand():
    few = GAME.scenario(phase="action", influence=[[], [], [], []])
    more = GAME.scenario(phase="action", influence=[["I1", "I2"], [], [], []])
    assert heuristic.points(more)[0] > heuristic.points(few)[0]
    assert heuristic.points(more)[1:] == heuristic.points(few)[1:]
