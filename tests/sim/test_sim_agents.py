"""Agents by name, and proof that agents decide from their seat's view only."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.core import CHANCE, InvalidInput, State
from explorer.core.agents import MCTSAgent, Observation, RandomAgent, make_agent, observe
from explorer.core.simulate import simulate


def has_greedy(game: str) -> bool:
    return "greedy" in explorer.load(game).agents


def decision_positions(game_name: str, count: int, seed: int) -> list[State]:
    """Positions where a player decides, from random games (every third one)."""
    game = explorer.load(game_name)
    rng = random.Random(seed)
    found: list[State] = []
    state = game.new(seed)
    step = 0
    while len(found) < count:
        if state.is_over:
            state = game.new(rng.getrandbits(32))
        elif state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng), check=False)
        else:
            step += 1
            if step % 3 == 0:
                found.append(state)
            moves = state.legal_moves()
            state = state.play(moves[int(rng.random() * len(moves))], check=False)
    return found


def test_make_agent_resolves_names() -> None:
    assert isinstance(make_agent("random", "village"), RandomAgent)
    mcts = make_agent("mcts", "village")
    assert isinstance(mcts, MCTSAgent) and mcts.iterations == MCTSAgent().iterations
    assert make_agent("mcts:40", explorer.load("summoners")).iterations == 40
    greedy = make_agent("greedy", "summoners")
    assert greedy.name == "greedy" and type(greedy) is explorer.load("summoners").agents["greedy"]


@pytest.mark.parametrize("name, problem", [
    ("minimax", "unknown agent 'minimax'"),
    ("mcts:0", "iterations must be a whole number >= 1"),
    ("mcts:many", "iterations must be a whole number >= 1"),
    ("random:3", "unknown agent 'random:3'"),
])
def test_make_agent_refuses_bad_names(name: str, problem: str) -> None:
    with pytest.raises(InvalidInput, match=problem):
        make_agent(name, "village")


def test_greedy_of_an_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidInput, match="unknown game 'chess'"):
        make_agent("greedy", "chess")


class Spy:
    """Wraps an agent; checks every observation is the seat's view, never the true state."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seen = 0
        self.hidden_somewhere = False

    def choose(self, obs: Observation, rng: random.Random):
        assert type(obs) is Observation and not isinstance(obs, State)
        view = obs.view
        assert view["viewer"] == obs.player
        assert view == obs.sample(random.Random(self.seen)).view(obs.player)
        self.seen += 1
        return self.agent.choose(obs, rng)


@pytest.mark.parametrize("game", ["village", "summoners"])
def test_agents_get_only_their_seats_view(game: str) -> None:
    players = explorer.load(game).players
    spies = [Spy(make_agent("greedy" if has_greedy(game) and p == 0 else "random", game))
             for p in range(players)]
    simulate(explorer.load(game), spies, 3, seed=1, workers=1)
    assert all(spy.seen > 0 for spy in spies)


@pytest.mark.parametrize("game", ["village", "summoners"])
def test_an_observation_never_holds_the_true_state(game: str) -> None:
    """An observation is a function of the seat's view alone: built from the true state
    or from any state that looks the same to the seat, it holds exactly the same."""
    hidden = 0
    for i, state in enumerate(decision_positions(game, 12, seed=5)):
        seat = state.to_move
        twin = state.determinize(seat, random.Random(i))
        hidden += twin != state
        obs, other = observe(state), observe(twin)
        assert all(getattr(obs, slot) is not state for slot in Observation.FIELDS)
        assert (obs.player, obs.legal, obs.view) == (other.player, other.legal, other.view)
        assert obs.sample(random.Random(1)) == other.sample(random.Random(1))
        assert obs.sample(random.Random(1)).visible_events(None) == state.visible_events(seat)
    assert hidden, "the game does hide something in these positions"


@pytest.mark.parametrize("game", ["village", "summoners"])
def test_greedy_chooses_the_same_on_any_state_with_the_same_view(game: str) -> None:
    if not has_greedy(game):
        pytest.skip(f"{game} has no greedy agent yet")
    greedy = make_agent("greedy", game)
    differed = 0
    for i, state in enumerate(decision_positions(game, 40, seed=2)):
        seat = state.to_move
        other = state.determinize(seat, random.Random(i))
        assert other.view(seat) == state.view(seat)
        differed += other != state
        mine = greedy.choose(observe(state), random.Random(i))
        theirs = greedy.choose(observe(other), random.Random(i))
        assert mine == theirs, f"greedy peeked at hidden cards in {state.to_json()}"
    assert differed > 0  # the determinizations really did change hidden cards


class Blind:
    """An observation with no way to the true state: the seat, legal moves, view, sampler."""

    def __init__(self, obs: Observation) -> None:
        self.player, self.legal, self.view = obs.player, obs.legal, obs.view
        self.sample = obs.sample


@pytest.mark.parametrize("game", ["village", "summoners"])
def test_mcts_needs_nothing_but_the_observation(game: str) -> None:
    # With an observation that holds no state at all, MCTS must choose exactly as with
    # the real one: it reads the view, the legal moves and determinized samples, no more.
    mcts = MCTSAgent(iterations=15, rollout_limit=8)
    for i, state in enumerate(decision_positions(game, 6, seed=3)):
        obs = observe(state)
        assert mcts.choose(Blind(obs), random.Random(i)) == mcts.choose(obs, random.Random(i))
