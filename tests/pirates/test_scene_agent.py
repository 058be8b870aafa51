"""The board scene (route, cups hidden by perspective, bid picker), clicks, and the greedy agent."""
from __future__ import annotations

import json
import random

from gameplay import win_share_against_random

from explorer.core import narrow
from explorer.core.agents import make_agent, observe
from explorer.core.scene import items, scene_html, zone_index
from explorer.games.pirates.agent import GreedyPiratesAgent
from explorer.games.pirates.moves import Bid, Exact, Liar
from explorer.games.pirates.scene import PICKER_ROWS

from .helpers import SEED_CUPS, load, play

GAME = load(4)


def test_the_board_shows_the_route_cups_bids_and_captains():
    state = GAME.scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1, progress=[2, 0, 5, 0])
    scene = state.scene(1)
    zones = zone_index(scene)
    assert len(zones["route"]["items"]) == 16 and zones["route"]["layout"] == "row"     # in sailing order
    assert [i["id"] for i in zones["route"]["items"]] == [f"tile:{k}" for k in range(16)]
    tile2 = next(i for i in zones["route"]["items"] if i["id"] == "tile:2")
    assert tile2["badges"] == ["P0"] and tile2["color"]
    cups = {z["id"]: z for z in zones["cups"]["zones"]}
    assert all(i["face"] == "down" for i in cups["cup:0"]["items"])
    assert [i["text"] for i in cups["cup:1"]["items"]] == ["1", "2", "3", "5", "6"]
    token, *bids = zones["bids"]["items"]
    assert [i["text"] for i in bids] == ["4 threes by P0"]
    assert "↻" in token["text"] and token["name"] == "Starting captain"
    json.dumps(scene)
    assert "P0&#x27;s" in scene_html(scene) or "P0" in scene_html(scene)
    # the teacher sees every cup; after the call so does everyone
    teacher = zone_index(state.scene(None))
    assert all(i.get("face") != "down" for z in teacher["cups"]["zones"] for i in z["items"])
    called = play(state, "P1 liar")
    shown = {z["id"]: z for z in called.scene(2)["zones"]}
    assert all(i.get("face") != "down" for z in shown["cups"]["zones"] for i in z["items"])


def test_the_bid_picker_lights_the_legal_bids_and_a_click_plays_one():
    state = GAME.scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1)
    ids = {i["id"] for i in items(state.scene(1))}
    shown = range(4, 4 + PICKER_ROWS)              # from the standing bid's quantity up
    targets = {t for m in state.legal_moves() for t in m.targets
               if not isinstance(m, Bid) or m.quantity in shown}
    assert targets <= ids | {""}
    assert "bid:10:5" not in ids and Bid(1, 10, 5) in state.legal_moves()   # a jump: the move list
    assert {"bid:7:5", "liar", "exact", "lock"} <= ids
    # one click, one move: a cell alone is its bid, the Exact circle alone the call
    assert narrow(state.legal_moves(), ["bid:7:5"]) == [Bid(1, 7, 5)]
    assert narrow(state.legal_moves(), ["exact"]) == [Exact(1)]
    assert narrow(state.legal_moves(), ["lock", "bid:7:5"]) == [Bid(1, 7, 5, True)]
    assert state.move_for_targets(("bid:7:5",)) == Bid(1, 7, 5)
    assert state.move_for_targets(("lock", "bid:7:5")) == Bid(1, 7, 5, True)
    assert state.move_for_targets(("bid:7:5", "exact")) == Bid(1, 7, 5, True)
    assert state.move_for_targets(("liar",)) == Liar(1)
    assert state.move_for_targets(("exact",)) == Exact(1)
    refused = state.move_for_targets(("bid:4:2",))
    assert state.why_not(refused).rule == "P-BID-RAISE"


def test_greedy_plays_from_its_view_and_beats_random():
    assert isinstance(make_agent("greedy", "pirates"), GreedyPiratesAgent)
    assert GreedyPiratesAgent.observes == ("seat",)     # its typed view (test_seat_view.py)
    assert win_share_against_random(GAME, GreedyPiratesAgent(), 60) >= 0.8


def test_greedy_calls_liar_on_an_impossible_bid():
    state = GAME.scenario(cups=SEED_CUPS, bids=["19 sixes by P0"], turn=1)
    move = GreedyPiratesAgent().choose(observe(state, observes=("view",)), random.Random(0))
    assert move == Liar(1)
