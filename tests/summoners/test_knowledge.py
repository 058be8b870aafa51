"""What each player knows: cards seen taken stay public in a hand [S-HIDDEN-2], and
`determinize` depends on the viewer's knowledge only."""
from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st

import explorer
from explorer import InvalidInput
from explorer.games.summoners.moves import Buy, Cycle, Draw, Play, Reveal

games = st.sampled_from([2, 3, 4]).map(lambda n: explorer.load("summoners", players=n))
seeds = st.integers(0, 10**6)


def seen_in_scene(state, viewer, seat):
    """The cards drawn face up with a "seen" badge in `seat`'s area of `viewer`'s board."""
    [players] = [z for z in state.scene(viewer)["zones"] if z["id"] == "players"]
    [area] = [z for z in players["zones"] if z["id"] == f"player:{seat}"]
    return [item["title"] for item in area["items"] if "seen" in item.get("badges", [])]


@pytest.mark.rules("S-HIDDEN-2", "S-BUY-1")
def test_a_bought_card_is_shown_to_everyone_until_it_is_played(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["Y3"], ["R5"]], market=["B9", "R4"])
    s = s.play(Buy(0, 0, "B9"))
    s = s.play(Reveal(s.data.deck.unseen[0]))                 # the market slot refills
    assert s.data.known == (("B9",), ())
    assert s.view(1)["seats"][0]["known"] == ["B9"]
    assert s.view(1)["seats"][0]["hand"] is None
    assert seen_in_scene(s, 1, 0) == ["blue 9, seen taken"]
    assert seen_in_scene(s, None, 0) == ["blue 9"]
    s = s.play(Play(0, "B9", (1, 0)))
    assert s.data.known == ((), ()) and seen_in_scene(s, 1, 0) == []


@pytest.mark.rules("S-HIDDEN-2", "S-DECK-2", "S-CYCLE-1")
def test_known_bottom_draws_are_public_and_cycling_forgets_them(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], ["Y2"]], deck=["R3", "R4"])
    s = s.play(Cycle(0, "B5"))
    assert s.data.known == (("R3",), ())
    s = s.play(Draw(1))
    assert s.data.known == (("R3",), ("R4",))
    s = s.play(Play(1, "Y2", (1, 1)))
    s = s.play(Cycle(0, "R3"))               # R3 goes under, the next known card comes up
    assert s.data.known[0] == s.data.hands[0] and len(s.data.hands[0]) == 1
    assert "R3" not in s.data.known[0] and s.data.deck.bottom[-1] == "R3"


@pytest.mark.rules("S-HIDDEN-2")
def test_a_secret_draw_is_not_known(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []])
    s = s.play(Draw(0))
    s = s.play(Reveal(s.data.deck.unseen[0]))
    assert s.data.known == ((), ())


@pytest.mark.rules("S-HIDDEN-2")
def test_determinize_keeps_the_cards_seen_taken(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["Y3"], ["B9", "R5", "G7"]],
                      known=[[], ["B9"]])
    for k in range(20):
        other = s.determinize(0, random.Random(k))
        assert "B9" in other.data.hands[1] and other.data.known == s.data.known
        assert len(other.data.hands[1]) == 3 and other.view(0) == s.view(0)


@pytest.mark.rules("S-HIDDEN-2")
def test_known_cards_must_be_in_the_hand(game):
    with pytest.raises(InvalidInput) as err:
        game.scenario(hands=[["Y3"], []], known=[["B9"], []])
    assert err.value.field == "known[0]"
    with pytest.raises(InvalidInput) as err:
        game.scenario(hands=[["Y3"], []], known=[["Y3", "Y3"], []])
    assert err.value.field == "known[0]"
    s = game.scenario(hands=[["Y3"], []], known=[["Y3"], []])
    assert game.state_from_json(s.to_json()) == s
