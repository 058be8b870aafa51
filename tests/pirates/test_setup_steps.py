"""The setup's decisions: the card draft (3, then 2, then 1 card to the left) and the map
built by the players, each tile placed as a decision; both hidden by perspective, saved
and resumed, and whole games with them keep the contract."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_contract import check_state

from explorer import InvalidInput
from explorer.games.pirates.moves import DraftPass, PlaceTile

from .helpers import load, random_states


def draft_until(state, size):
    """Play the first legal draft choice until the draft's pass size is `size`."""
    while state.data.stack and state.data.stack[-1][0] == "draft" and state.data.stack[-1][1] != size:
        state = state.play(state.legal_moves()[0])
    return state


@pytest.mark.rules("P-SETUP-DRAFT")
def test_the_draft_passes_three_then_two_then_one_card_to_the_left():
    game = load(4, draft=True)
    state = game.new(seed=5)
    start = state.data.hands
    assert state.pending.step == "draft" and state.pending.seat == state.data.captain == 0
    assert all(len(h) == 6 for h in start)
    sizes, moves_made = [], 0
    given_away = {}
    while state.data.stack and state.data.stack[-1][0] == "draft":
        size = state.data.stack[-1][1]
        if not sizes or sizes[-1] != size:
            sizes.append(size)
            before = state.data.hands
            given_away = {}
        p = state.pending.seat
        move = state.legal_moves()[-1]
        assert move == DraftPass(p, move.card) and move.card in state.data.hands[p]
        given_away.setdefault(p, []).append(move.card)
        state = state.play(move)
        moves_made += 1
        if not state.data.stack or state.data.stack[-1][0] != "draft" or state.data.stack[-1][1] != size:
            for giver, cards in given_away.items():   # the cards moved left together
                taker = (giver + 1) % 4
                kept = Counter(before[taker]) - Counter(given_away[taker])
                assert Counter(state.data.hands[taker]) == kept + Counter(cards)
    assert sizes == [3, 2, 1] and moves_made == 4 * 6
    assert all(len(h) == 6 for h in state.data.hands)
    assert Counter(c for h in state.data.hands for c in h) == Counter(c for h in start for c in h)
    assert state.is_chance and state.pending.step == "cup P0"     # then the first cups


@pytest.mark.rules("P-SETUP-DRAFT", "P-HIDDEN-1")
def test_draft_choices_are_seen_by_their_owner_only():
    game = load(3, draft=True)
    state = game.new(seed=2)
    state = state.play(state.legal_moves()[0])            # P0 sets a card aside
    state = state.play(state.legal_moves()[0])
    secret = state.data.stack[-1][2][0]
    assert len(secret) == 2
    mine = state.view(0)["stack"][-1]
    assert mine["mine"] == list(secret) and mine["chosen"] == [2, 0, 0]
    for viewer in (1, 2):
        view = state.view(viewer)
        assert view["stack"][-1]["mine"] == [] and view["stack"][-1]["all"] is None
        own = set(state.data.hands[viewer])
        text = json.dumps(view)
        for card in set(secret) - own:
            assert f'"{card}"' not in text, card
        sample = state.determinize(viewer, random.Random(1))
        assert sample.view(viewer) == view
        assert len(sample.data.stack[-1][2][0]) == 2
    assert state.view(None)["stack"][-1]["all"][0] == list(secret)
    # the pass itself: the giver and the taker read which cards moved, nobody else
    while state.data.stack[-1][1] == 3:
        state = state.play(state.legal_moves()[0])
    told = [e for e in state.events if e.kind == "draft" and "receives" in e.text]
    assert len(told) == 3 and all(len(e.visible_to) == 2 for e in told)
    assert all(e.seen_by(next(s for s in range(3) if s not in e.visible_to)) is None for e in told)


@pytest.mark.rules("P-SETUP-DRAFT")
def test_a_half_done_draft_saves_and_resumes_and_bad_frames_are_refused():
    game = load(4, draft=True)
    state = draft_until(game.new(seed=9), 2)
    state = state.play(state.legal_moves()[0])
    again = game.state_from_json(state.to_json())
    assert again == state and again.legal_moves() == state.legal_moves()
    doc = json.loads(state.to_json())
    frame = next(f for f in doc["data"]["stack"] if f[0] == "draft")
    for bad in (["draft", 4, frame[2]], ["draft", 2, frame[2][:3]], ["draft", 2, [["G1"] * 3, [], [], []]]):
        broken = json.loads(state.to_json())
        broken["data"]["stack"] = [bad if f[0] == "draft" else f for f in broken["data"]["stack"]]
        with pytest.raises(InvalidInput) as err:
            game.state_from_json(json.dumps(broken))
        assert err.value.field.startswith("data.stack")
    refused = state.why_not(DraftPass(state.pending.seat, "G99"))
    assert refused is not None and refused.rule == "P-SETUP-DRAFT"
    assert state == again


@pytest.mark.rules("P-SETUP-BUILD", "P-SETUP-BUILD-DEAL", "P-SETUP-CAPTAIN", "P-SETUP-MAP")
def test_building_the_map_deals_every_tile_and_the_start_tile_holder_is_captain():
    game = load(4, map="build")
    state = game.new(seed=4)
    route, frame = state.data.route, state.data.stack[-1]
    assert frame[0] == "build" and len(route) == 16
    tiles = game.catalogue.route(True)
    start = tiles[0].id
    assert route[0] == start and not any(route[1:])
    held = [t for h in frame[1] for t in h]
    assert sorted(held + [start]) == sorted(t.id for t in tiles)      # every tile dealt
    sizes = [len(h) + (p == state.data.captain) for p, h in enumerate(frame[1])]
    assert sizes == [6, 6, 6, 6]                                       # 24 tiles, one at a time
    assert state.data.captain == frame[2] == state.pending.seat and state.pending.step == "build"
    moves = state.legal_moves()
    assert set(moves) == {PlaceTile(frame[2], t, s) for t in frame[1][frame[2]] for s in range(1, 16)}
    occupied = PlaceTile(frame[2], frame[1][frame[2]][0], 0)
    assert state.why_not(occupied).rule == "P-SETUP-BUILD"
    order = []
    while state.data.stack and state.data.stack[-1][0] == "build":
        order.append(state.pending.seat)
        move = state.legal_moves()[len(state.legal_moves()) // 2]
        state = state.play(move)
        assert state.data.route[move.slot] == move.tile
    assert len(order) == 15 and order[:4] == [(frame[2] + i) % 4 for i in range(4)]
    assert all(state.data.route) and len(set(state.data.route)) == 16
    assert "go back to the box" in state.events[-1].text or any(
        "go back to the box" in e.text for e in state.events)
    assert state.is_chance                                              # then the first cups


@pytest.mark.rules("P-SETUP-BUILD-FIRST", "P-SETUP-BUILD")
def test_the_first_ordinary_tile_is_placed_by_the_captain_or_the_next_player():
    mine = load(4, map="build").new(seed=4)
    theirs = load(4, map="build", build_first="next player").new(seed=4)
    captain = mine.data.captain
    assert theirs.data.captain == captain and theirs.data.route == mine.data.route
    assert mine.pending.seat == captain and theirs.pending.seat == (captain + 1) % 4
    names = {t.id: t.name for t in load(4).catalogue.route(True)}
    dealt = next(e for e in mine.events if e.text.startswith(f"P{captain} is dealt the tiles"))
    assert all(names[t] in dealt.text for t in mine.data.stack[-1][1][captain])
    move = mine.legal_moves()[0]
    assert move.label == f"Place {names[move.tile]} as tile {move.slot}"


@pytest.mark.rules("P-SETUP-BUILD", "P-HIDDEN-1")
def test_tiles_in_hand_are_hidden_and_a_half_built_map_saves():
    game = load(3, map="build", extended=True)
    state = game.new(seed=1)
    for _ in range(5):
        state = state.play(state.legal_moves()[0])
    frame = state.data.stack[-1]
    for viewer in range(3):
        view = state.view(viewer)
        assert view["stack"][-1]["mine"] == list(frame[1][viewer])
        text = json.dumps({k: v for k, v in view.items() if k != "events"})
        for p in range(3):
            if p != viewer:
                for tile in frame[1][p]:
                    assert f'"{tile}"' not in text
        assert state.determinize(viewer, random.Random(3)).view(viewer) == view
        assert [e for e in state.visible_events(viewer)] == state.determinize(viewer, random.Random(3)).visible_events(None)
    assert sum(1 for t in view["map"] if t["water"] == "unplaced") == 24 - 1 - 5
    again = game.state_from_json(state.to_json())
    assert again == state
    doc = json.loads(state.to_json())
    doc["data"]["route"][0] = ""
    with pytest.raises(InvalidInput):
        game.state_from_json(json.dumps(doc))
    assert game.parse_move(str(state.legal_moves()[3])) == state.legal_moves()[3]


@pytest.mark.rules("P-SETUP-DRAFT", "P-SETUP-BUILD")
@settings(max_examples=4, deadline=None)
@given(st.sampled_from([2, 3, 6]), st.integers(0, 10**6))
def test_games_with_the_draft_and_a_built_map_keep_the_contract(players, seed):
    game = load(players, map="build", draft=True)
    line = random_states(game, seed, steps=5000)
    assert line[-1].is_over
    rng = random.Random(seed)
    deck = Counter(game.catalogue.deck())
    setup = [s for s in line if s.data.stack and s.data.stack[0][0] in ("draft", "build")]
    assert setup
    for state in setup[::7] + line[::max(1, len(line) // 10)]:
        d = state.data
        aside = Counter(c for fr in d.stack if fr[0] == "draft" for h in fr[2] for c in h)
        assert Counter(c for h in d.hands for c in h) + d.deck.counts() + Counter(d.discard) + aside == deck
        check_state(state, rng)
