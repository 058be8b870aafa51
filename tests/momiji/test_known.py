"""Cards taken from the Garden are known to everybody until they leave the hand (M-HIDDEN-5)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from gameplay import random_states

from explorer.core import InvalidInput
from explorer.core.scene import items

from .helpers import all_cards, load, play

ALL = ["ABC", "DEF"]


def seat_hand(state, viewer, seat):
    return state.view(viewer)["seats"][seat]["hand"]


@pytest.mark.rules("M-HIDDEN-5", "M-COLLECT-1")
def test_a_collect_shows_the_collected_cards_to_everybody_and_nothing_else() -> None:
    state = load(2).scenario(hands=["Birch-1 Ginkgo-2", ""], garden="Maple-0 Maple-1R Oak-0")
    assert seat_hand(state, 1, 0) == {"size": 2, "known": []}
    after = play(state, "P0 collect Maple")
    assert seat_hand(after, 1, 0) == {"size": 4, "known": ["Maple-0", "Maple-1R"]}
    assert seat_hand(after, 0, 0) == {"size": 4, "known": ["Maple-0", "Maple-1R"],
                                      "cards": ["Maple-0", "Maple-1R", "Ginkgo-2", "Birch-1"]}
    # leak: the hidden cards appear nowhere in what P1 may see, nor on P1's board
    other = json.dumps(after.view(1)) + json.dumps(after.scene(1))
    assert "Birch-1" not in other and "Ginkgo-2" not in other
    assert "Birch-1" in json.dumps(after.view(0)) and "Birch-1" in json.dumps(after.view(None))


@pytest.mark.rules("M-HIDDEN-5", "M-PLAY-1", "M-EXTRA-2", "M-LIMIT-1")
def test_known_cards_stay_known_until_they_leave_the_hand() -> None:
    state = load(2).scenario(hands=["Maple-0R Oak-1", ""], garden="Maple-0R Oak-0 Oak-0L")
    collected = play(state, "P0 collect Oak", "P0 end", "deal Birch-0", "deal Birch-1", "deal Birch-2")
    assert seat_hand(collected, 1, 0)["known"] == ["Oak-0", "Oak-0L"]   # through the refill and P1's turn
    played = play(collected, "P1 collect Maple", "P1 end", "deal Ginkgo-0",
                  "P0 play Oak-0", "P0 stop")
    assert seat_hand(played, 1, 0)["known"] == ["Oak-0L"]
    assert seat_hand(played, 0, 1)["known"] == ["Maple-0R"]
    # a trade of a hidden copy of a known card: copies are identical, one known copy goes
    twin = load(2).scenario(hands=["Maple-0R Oak-1", ""], garden="Maple-0R Oak-0")
    traded = play(twin, "P0 collect Maple", "P0 trade Maple-0R")
    assert traded.data.known[0] == () and seat_hand(traded, 1, 0) == {"size": 2, "known": []}
    assert traded.view(1)["discard"] == ["Maple-0R"]                   # the discard is face up
    # the hand limit: a discarded known card leaves the known cards
    full = load(2).scenario(hands=["Birch-0 Birch-1 Birch-2 Ginkgo-0 Ginkgo-1 Ginkgo-2 Maple-0", ""],
                            garden="Oak-0 Oak-1 Oak-2")
    limit = play(full, "P0 collect Oak", "P0 end")
    assert limit.pending.step == "limit"
    assert play(limit, "P0 discard Oak-2").data.known[0] == (limit.game.parse_move("P0 play Oak-0").card,
                                                             limit.game.parse_move("P0 play Oak-1").card)


@pytest.mark.rules("M-HIDDEN-5", "M-POWER-A", "M-POWER-E", "M-POWER-F")
def test_powers_taking_from_the_garden_make_cards_known_a_koi_pond_card_stays_hidden() -> None:
    gust = play(load(2).scenario(garden="Oak-1 Maple-2", deck_top="Birch-0 Birch-1 Birch-2 Birch-0L"),
                "P0 collect Oak", "P0 power A", "P0 take Maple-2")
    assert seat_hand(gust, 1, 0)["known"] == ["Maple-2", "Oak-1"]
    koi = play(load(2).scenario(landscapes=ALL, to_move=1, garden="Oak-1", deck_top="Maple-0 Maple-1 Maple-2"),
               "P1 power E", "P1 take Maple-1")
    assert seat_hand(koi, 0, 1) == {"size": 1, "known": []}
    lantern = load(2).scenario(landscapes=ALL, to_move=1, hands=["", "Oak-2 Ginkgo-0"], known=["", "Oak-2"],
                               garden="Maple-0")
    swapped = play(lantern, "P1 power F", "P1 swap Oak-2 for Maple-0")
    assert seat_hand(swapped, 0, 1) == {"size": 2, "known": ["Maple-0"]}


@pytest.mark.rules("M-HIDDEN-5", "M-HIDDEN-1")
def test_determinize_keeps_known_cards_in_their_hands() -> None:
    state = load(3).scenario(hands=["Birch-1 Ginkgo-2", "Maple-0L Oak-2", ""], known=["", "Oak-2", ""],
                             garden="Maple-0 Maple-1R Oak-0")
    after = play(state, "P0 collect Maple")
    rng = random.Random(4)
    for _ in range(30):
        sample = after.determinize(2, rng)
        assert sample.view(2) == after.view(2)
        assert Counter(sample.data.hands[0]) & Counter(after.data.known[0]) == Counter(after.data.known[0])
        assert after.game.parse_move("P1 play Oak-2").card in sample.data.hands[1]
        assert sample.data.known == after.data.known and all_cards(sample) == all_cards(after)
        assert len(sample.data.hands[0]) == 4 and len(sample.data.hands[1]) == 2


@pytest.mark.rules("M-HIDDEN-5", "M-HIDDEN-2")
def test_samples_of_random_games_keep_every_known_card() -> None:
    rng = random.Random(8)
    seen = 0
    for players in (2, 3, 4):
        for state in random_states(load(players), players)[::5]:
            for viewer in range(players):
                sample = state.determinize(viewer, rng)
                assert sample.view(viewer) == state.view(viewer)
                assert sample.data.known == state.data.known
                for q in range(players):
                    assert not Counter(state.data.known[q]) - Counter(sample.data.hands[q])
                    seen += len(state.data.known[q])
    assert seen > 0


@pytest.mark.rules("M-HIDDEN-5")
def test_known_cards_round_trip_and_are_validated() -> None:
    game = load(2)
    after = play(game.scenario(hands=["Birch-1", ""], garden="Maple-0 Oak-0"), "P0 collect Maple")
    doc = json.loads(after.to_json())
    assert doc["data"]["known"] == [["Maple-0"], []]
    assert game.state_from_json(after.to_json()) == after
    del doc["data"]["known"]                        # a file saved before the field: nothing known
    older = game.state_from_json(json.dumps(doc))
    assert older.data.known == ((), ()) and older.data.hands == after.data.hands
    doc["data"]["known"] = [["Oak-0"], []]          # not in that hand
    with pytest.raises(InvalidInput) as err:
        game.state_from_json(json.dumps(doc))
    assert err.value.field == "known[0]" and "M-HIDDEN-5" in str(err.value)
    with pytest.raises(InvalidInput) as err:
        game.scenario(hands=["Birch-1", ""], known=["Birch-1 Birch-1", ""])
    assert err.value.field == "known[0]"


@pytest.mark.rules("M-HIDDEN-5")
def test_the_board_shows_known_cards_face_up_and_the_rest_face_down() -> None:
    state = load(2).scenario(hands=["Birch-1 Ginkgo-2 Oak-1", ""], known=["Oak-1", ""])
    others = [i for i in items(state.scene(1)) if i["kind"] == "card" and not i["id"].startswith("hand:1:")
              and ("known" in i["badges"] or i["face"] == "down")]
    assert [(i["face"], i["text"], i["badges"]) for i in others] == [("up", "Oak-1", ["known"]), ("down", "", [])]
    assert others[1]["sub"] == "×2"
    mine = [i for i in items(state.scene(0)) if i["id"].startswith("hand:0:")]
    assert [i["badges"] for i in mine] == [[], ["known"], []]      # in the Hand zone: no "hand" badge
