"""Setup, components and the catalogue (M-COMP, M-SETUP, M-CAT)."""
from __future__ import annotations

import json

import pytest

from explorer.core import InvalidInput
from explorer.core.scene import item_words, items
from explorer.games.momiji import catalogue
from explorer.games.momiji.cards import TYPES, type_of, value_of

from .helpers import all_cards, load


@pytest.mark.rules("M-ID-1", "M-COMP-1", "M-COMP-4", "M-SETUP-1", "M-SETUP-2", "M-SETUP-3", "M-SETUP-5",
                   "M-SETUP-6", "M-SETUP-8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_deals_the_box(players: int) -> None:
    game = load(players)
    state = game.new(seed=players)
    d = state.data
    assert game.title == "Momiji" and (game.min_players, game.max_players) == (2, 4)
    assert len(d.types) == players + 2
    cards = all_cards(state)
    assert sum(cards.values()) == 14 * (players + 2)
    for t in d.types:
        values = [value_of(c) for c in cards.elements() if type_of(c) == t]
        assert [values.count(v) for v in range(4)] == [5, 4, 3, 2]
    assert all(len(h) == 6 for h in d.hands)
    assert len(d.garden) == 4 and d.supply == players + 2
    assert len(d.objectives) == players + 2 and all(o == -1 for o in d.owners)
    assert d.active == 0 and state.pending.seat == 0


@pytest.mark.rules("M-SETUP-1")
def test_left_out_types_are_random() -> None:
    game = load(2)
    assert len({game.new(seed=s).data.types for s in range(30)}) > 5


@pytest.mark.rules("M-SETUP-4", "M-SETUP-7")
def test_acorns_and_landscapes() -> None:
    state = load(3).new(seed=2)
    assert state.data.acorns == (2, 2, 2)
    assert state.data.lands == (("A", "B", "C"),) * 3
    rich = load(3, start_acorns=5, landscapes="random").new(seed=2)
    assert rich.data.acorns == (5, 5, 5)
    assert all(len(set(x)) == 3 for x in rich.data.lands)
    assert len({load(3, landscapes="random").new(seed=s).data.lands for s in range(10)}) > 1


@pytest.mark.rules("M-COMP-2", "M-CAT-1", "M-CAT-2")
def test_the_stand_in_catalogue_is_data_and_labelled() -> None:
    game = load(2)
    cat = game.catalogue
    assert cat.stand_in and cat.name == "stand-in"
    assert cat.corners[0] == (0, 1, 1, 2, 2) and cat.corners[3] == (0, 0)
    view = game.new(seed=1).view(0)
    assert view["catalogue"]["stand_in"]
    assert all(o["stand_in"] for o in view["objectives"])
    scene = game.scene(view)
    powers = [i for i in items(scene) if i["id"].startswith("power:")]
    assert powers and all("stand-in" in i["title"] and "stand-in" in i["badges"] for i in powers)
    objectives = next(z for z in scene["zones"] if z["id"] == "objectives")
    assert all(i["badges"][:1] == ["stand-in"] for i in objectives["items"])
    # named, labelled stand-in once: "Most 0s in your piles [stand-in]", "A Gust [stand-in]"
    names = {o["key"]: o["name"] for o in view["objectives"]}
    assert [item_words(i) for i in objectives["items"]] == [f"{names[i['id'][10:]]} [stand-in]"
                                                           for i in objectives["items"]]
    assert item_words(powers[0]) == "A Gust [stand-in]"


@pytest.mark.rules("M-CAT-1")
def test_another_catalogue_file_and_saved_states_record_it(tmp_path) -> None:
    doc = json.loads(catalogue.DEFAULT.read_text())
    doc["name"] = "my printed game"
    doc["stand_in"] = False
    doc["powers"][3]["name"] = "Onsen"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc))
    mine = load(2, catalogue=str(path))
    state = mine.new(seed=1)
    assert mine.catalogue.powers["D"].name == "Onsen"
    saved = json.loads(state.to_json())
    assert saved["options"]["catalogue"] == str(path)
    assert saved["data"]["catalogue"]["name"] == "my printed game"
    assert mine.state_from_json(state.to_json()) == state
    with pytest.raises(InvalidInput, match="catalogue"):
        load(2).state_from_json(json.dumps({**saved, "options": {}}))
    assert not state.view(0)["objectives"][0]["stand_in"]


@pytest.mark.rules("M-CAT-1")
@pytest.mark.parametrize("change,field", [
    (lambda d: d["corners"].update({"0": ["R"]}), "catalogue.corners.0"),
    (lambda d: d["powers"].pop(), "catalogue.powers"),
    (lambda d: d["objectives"][0].update(rule="M-NOPE"), "catalogue.objectives"),
    (lambda d: d["objectives"][0].update(measure="weird"), "catalogue.objectives[0].measure"),
    (lambda d: d.update(version=2), "catalogue.version"),
    (lambda d: d["objectives"].append(dict(d["objectives"][0])), "catalogue.objectives"),
])
def test_a_bad_catalogue_is_refused_naming_the_field(change, field) -> None:
    doc = json.loads(catalogue.DEFAULT.read_text())
    change(doc)
    with pytest.raises(InvalidInput) as err:
        catalogue.parse(json.dumps(doc).encode())
    assert err.value.field == field


@pytest.mark.rules("M-CAT-1")
def test_a_missing_catalogue_file_is_refused() -> None:
    with pytest.raises(InvalidInput, match="catalogue"):
        load(2, catalogue="/no/such/file.json")


@pytest.mark.rules("M-SETUP-5", "M-OBJ-TYPE")
def test_type_objectives_only_for_types_in_play() -> None:
    game = load(2)
    for seed in range(10):
        d = game.new(seed=seed).data
        for key in d.objectives:
            if key.startswith("type-"):
                assert TYPES.index(key[5:].capitalize()) in d.types
