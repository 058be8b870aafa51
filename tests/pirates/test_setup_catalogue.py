"""Setup, the catalogue data file (validated, replaceable, recorded), variants and captains."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer import InvalidInput
from explorer.games.pirates.catalogue import DEFAULT, validate
from explorer.games.pirates.dice import BATTLE_DIE

from .helpers import load, play

RAW = json.loads(DEFAULT.read_text())


@pytest.mark.rules("P-SETUP-1", "P-SETUP-2", "P-SETUP-CAPTAIN", "P-SETUP-SUPPLY", "P-SETUP-MAP")
def test_setup():
    game = load(4)
    state = game.new(seed=3)
    d = state.data
    assert d.coins == (2,) * 4 and d.crew == (5,) * 4 and d.progress == (0,) * 4
    assert [len(h) for h in d.hands] == [6] * 4 and d.deck.size == len(game.catalogue.deck()) - 24
    assert d.supply == 60 - 8 and d.bag == 60 - 20 and d.captain == 0 and d.direction == 1
    assert d.route == game.preset_route() and d.route[0] == "T0"
    assert state.pending.step == "bid" and state.pending.seat == 0      # the cups are rolled
    ext = load(3, extended=True).new(seed=1)
    assert len(ext.data.route) == 24 and len(ext.data.hands[0]) == 7
    shuffled = load(4, map="random").new(seed=1).data.route
    assert shuffled[0] == "T0" and sorted(shuffled) == sorted(d.route) and shuffled != d.route
    assert load(4, start_seat=2).new(seed=1).data.captain == 2


@pytest.mark.rules("P-BATTLE-FACES")
def test_the_battle_die_has_two_of_each_symbol():
    assert Counter(BATTLE_DIE.faces) == {"skull": 2, "sword": 2, "double sword": 2}


@pytest.mark.rules("P-TILE-START", "P-TILE-SAFE", "P-TILE-UNCHARTED", "P-TILE-TREACHEROUS",
                   "P-CARD-GOLD", "P-CARD-SILVER", "P-CAT-1")
def test_every_tile_and_card_is_tagged_and_resolves():
    game = load(4, reroll_window=False)
    cat = game.catalogue
    rng = random.Random(0)
    assert cat.name == "stand-in" and len(cat.tiles) == 16
    assert Counter(t.water for t in cat.tiles) == {"start": 1, "safe": 5, "uncharted": 5, "treacherous": 5}
    for i in range(16):
        state = game.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"],
                              progress=[(i - 1) % 16, 8, 8, 8], hands=[[]] * 4)
        state = play(state, "sail die shows 1")
        while not state.is_over and state.data.phase == "sail":
            state = state.play(rng.choice(state.legal_moves()))
    for card in cat.cards:
        assert card.rule in ("P-CARD-GOLD", "P-CARD-SILVER", "P-CARD-WIND")
        state = game.scenario(phase="action", hands=[[card.id, "S2"], ["G1"], [], []],
                              progress=[3, 2, 4, 9])
        state = state.play(f"P0 play {card.id}")
        for _ in range(50):
            if state.data.stage == "act" and not state.data.stack:
                break
            state = state.play(rng.choice(state.legal_moves()))
        assert state.data.stage == "act"


@pytest.mark.rules("P-CAT-1")
def test_another_catalogue_file_is_used_and_recorded(tmp_path):
    raw = json.loads(json.dumps(RAW))
    raw["name"] = "my copy"
    raw["tiles"][1]["effects"] = [{"kind": "coins", "n": 5}]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw))
    game = load(4, catalogue=str(path), reroll_window=False)
    state = game.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"], hands=[[]] * 4)
    assert play(state, "sail die shows 1").data.coins[0] == 8
    saved = json.loads(state.to_json())
    assert saved["options"]["catalogue"] == str(path)
    assert explorer.core.Game.from_json(state.to_json()) == state
    assert state.view(None)["catalogue"] == "my copy"
    with pytest.raises(InvalidInput) as err:
        load(4, catalogue=str(tmp_path / "missing.json"))
    assert err.value.field == "options.catalogue"


@pytest.mark.rules("P-CARGO", "P-EFFECTS")
def test_cargo_is_the_victims_choice(tmp_path):
    raw = json.loads(json.dumps(RAW))
    raw["cards"][0]["effects"] = [{"kind": "cargo", "target": {"who": "any"}}]
    path = tmp_path / "cargo.json"
    path.write_text(json.dumps(raw))
    game = load(3, catalogue=str(path))
    state = game.scenario(phase="action", hands=[["G1", "S2"], ["G2", "S3"], []], progress=[3, 2, 4])
    state = play(state, "P0 play G1", "P0 target P1")
    assert state.pending.step == "cargo" and state.pending.seat == 1
    assert {str(m) for m in state.legal_moves()} == {"P1 loses a coin", "P1 loses a crew die",
                                                     "P1 loses G2", "P1 loses S3"}
    assert play(state, "P1 loses S3").data.hands[1] == ("G2",)
    assert play(state, "P1 loses a crew die").data.crew[1] == 4


@pytest.mark.parametrize("change,field", [
    (lambda c: c["tiles"][3].update(water="lava"), "catalogue.tiles[3] (T3).water"),
    (lambda c: c["cards"][2]["effects"][0].update(n="two"), "catalogue.cards[2] (G3).effects[0]"),
    (lambda c: c["cards"][1].update(rule="P-NOPE"), "catalogue.cards[1] (G2).rule"),
    (lambda c: c["cards"][1].update(rule="P-LIAR"), "catalogue.cards[1] (G2).rule"),
    (lambda c: c["tiles"][2]["effects"][0].update(die="kraken"), "catalogue.tiles[2] (T2).effects[0].die"),
    (lambda c: c["cards"][4].update(id="G1"), "catalogue.cards[4] (G1).id"),
    (lambda c: c["captains"][0]["set"].update(cup_size=3), "catalogue.captains[0] (C1).set"),
    (lambda c: c["tiles"][0].update(water="safe"), "catalogue.tiles[0] (T0).water"),
    (lambda c: c["cards"][0].update(colour="red"), "catalogue.cards[0] (G1).colour"),
])
def test_catalogue_errors_name_the_entry_and_the_field(change, field):
    raw = json.loads(json.dumps(RAW))
    change(raw)
    with pytest.raises(InvalidInput) as err:
        validate(raw)
    assert err.value.field.startswith(field), err.value.field


json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-30, 30), st.text(max_size=6)),
                           lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                           max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["tiles", "cards", "variants", "captains"]), st.integers(0, 5),
       st.sampled_from(["id", "name", "rule", "effects", "water", "tier", "copies", "set", "x"]), json_values)
def test_fuzzed_catalogues_are_refused_cleanly(group, index, key, value):
    raw = json.loads(json.dumps(RAW))
    raw[group][index % len(raw[group])][key] = value
    try:
        validate(raw)
    except InvalidInput as exc:
        assert exc.field.startswith("catalogue")


@pytest.mark.rules("P-VARIANTS", "P-VAR-RICH", "P-VAR-BIGCREW")
def test_variant_cards_change_the_setup():
    rich = load(4, variants=("Rich Start", "big crew")).new(seed=1).data
    assert rich.coins == (4,) * 4 and rich.crew == (6,) * 4
    with pytest.raises(InvalidInput) as err:
        load(4, variants=("storm",))
    assert err.value.field == "options.variants[0]"


@pytest.mark.rules("P-CAPTAIN-C2", "P-CAPTAIN-C5", "P-CAPTAIN-C6", "P-CAPTAIN-C7", "P-CAPTAINS")
def test_captain_powers_on_setup_and_betting_outcomes():
    game = load(4, reroll_window=False, captains=("C5", "C6", "C7", "C2"))
    assert game.new(seed=1).data.coins == (2, 2, 2, 3)
    state = game.scenario(phase="sail", roles=["winner", "survivor", "loser", "loser"], hands=[[]] * 4)
    assert state.data.coins[:2] == (4, 3) and state.data.crew[2] == 6
    with pytest.raises(InvalidInput) as err:
        load(4, captains=("C1", "C2"))
    assert err.value.field == "options.captains"


@pytest.mark.rules("P-CAPTAIN-C4")
def test_a_free_re_roll():
    game = load(4, captains=("C4", "", "", ""))
    state = game.scenario(phase="sail", roles=["winner", "loser", "loser", "loser"], coins=[0, 2, 2, 2],
                          supply=54, hands=[[]] * 4)
    state = play(state, "sail die shows 1", "P0 re-roll")
    assert state.data.coins[0] == 1                          # the winner's coin, no cost
