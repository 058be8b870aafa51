"""The typed seat view an agent may read (`Observation.seat`) shows no more than the
seat's view: read straight from the state, it equals what the view dict says, for every
seat (not only the one to move), in every kind of position of random games, and it is
the same on any state that looks the same to the seat (a determinization)."""
from __future__ import annotations

import random

import pytest
from gameplay import random_states
from hypothesis import given, settings
from hypothesis import strategies as st
from luck_toy import LuckGame

import explorer
from explorer.core import InvalidInput
from explorer.core.agents import Observation, make_agent, observe
from explorer.games.momiji import view as momiji_view
from explorer.games.summoners import view as summoners_view
from explorer.games.village import view as village_view

VIEWS = {"village": village_view, "summoners": summoners_view, "momiji": momiji_view}

GAMES = [("village", 2, {}), ("village", 4, {}), ("summoners", 2, {}), ("summoners", 4, {}),
         ("momiji", 3, {}), ("momiji", 4, {"count_piles": False})]


def check_seat_views(game: explorer.Game, seed: int) -> int:
    """Every seat's typed view equals the one read from its view dict, in every state of
    one random game, and holds the same on a determinization; returns how many
    determinizations changed something hidden."""
    module = VIEWS[game.name]
    changed = 0
    for i, state in enumerate(random_states(game, seed, limit=600)):
        for seat in range(game.players):
            typed = module.seat_view(state, seat)
            assert typed == module.seat_from_view(state.view(seat), seat)
            if i % 7 == 0 and not state.is_over:
                twin = state.determinize(seat, random.Random(i))
                changed += twin != state
                assert module.seat_view(twin, seat) == typed
    return changed


@pytest.mark.parametrize("name,players,options", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_typed_seat_view_is_read_from_the_view(name, players, options, seed) -> None:
    check_seat_views(explorer.load(name, players, **options), seed)


@pytest.mark.rules("V-DRAW-1", "S-HIDDEN-1", "M-HIDDEN-1", "M-HIDDEN-3")
@pytest.mark.parametrize("name,options", [("village", {}), ("summoners", {}),
                                          ("momiji", {"count_piles": False})])
def test_a_typed_seat_view_is_blind_to_what_the_seat_cannot_see(name, options) -> None:
    # hands (and, with count_piles off, the sizes of other piles) are hidden: the
    # determinizations below change them, and the typed views stay the same
    assert check_seat_views(explorer.load(name, 3, **options), seed=11) > 0


def test_an_observation_holds_only_what_its_agent_asks_for() -> None:
    state = explorer.load("village", 3).new(seed=4)
    seat_only = observe(state, observes=("seat",))
    assert seat_only.seat == village_view.seat_view(state, state.to_move)
    with pytest.raises(InvalidInput, match="did not ask for the view"):
        _ = seat_only.view
    with pytest.raises(InvalidInput, match="did not ask for samples"):
        seat_only.sample(random.Random(0))
    # an observation that holds the view reads the typed view from it
    assert observe(state, observes=("view",)).seat == seat_only.seat
    with pytest.raises(InvalidInput, match="did not ask for the typed view"):
        _ = observe(state, observes=()).seat
    assert all(getattr(seat_only, slot) is not state for slot in Observation.FIELDS)


def test_a_game_without_a_typed_view_says_so() -> None:
    state = LuckGame(2).new(seed=1)
    obs = observe(state)
    assert obs.view["viewer"] == obs.player
    with pytest.raises(InvalidInput, match=f"{state.game.name} has no typed seat view"):
        _ = obs.seat


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_greedy_reads_the_typed_view_only(name) -> None:
    agent = make_agent("greedy", name)
    assert agent.observes == ("seat",)
    game = explorer.load(name, 3)
    for state in random_states(game, 5, limit=200)[::10]:
        if state.is_over or state.is_chance:
            continue
        obs = observe(state, observes=agent.observes)
        assert agent.choose(obs, random.Random(0)) in obs.legal


def test_an_observation_names_every_field_it_holds() -> None:
    """`Observation.FIELDS` is all it holds: its `__slots__` in the pure mode, and every
    attribute an observation has set (the compiled class has no `__slots__`)."""
    assert getattr(Observation, "__slots__", Observation.FIELDS) == Observation.FIELDS
    state = explorer.load("village", 2).new(seed=1)
    obs = observe(state, observes=("view", "seat", "sample"))
    for field in Observation.FIELDS:
        getattr(obs, field)
