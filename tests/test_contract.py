"""The contract battery every game passes (OpenSpiel-style): random games are checked
step by step for legality (and the cheap `is_legal` agreeing with it), pending decisions,
forced moves, determinism, immutability, JSON and move-text round trips, chance
probabilities and named streams, views that hide what the viewer may not see, samples
that narrate no more than their viewer saw, same luck replayed per stream, and the
saved file of one player's view."""
from __future__ import annotations

import dataclasses
import json
import random
import typing
from typing import Any

import pytest
from gameplay import random_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.core import CHANCE, CORE_RULES, Explorer, IllegalMove, Move, State
from explorer.core.game import game_class

GAMES = [(name, players) for name in explorer.list_games()
         for players in sorted({game_class(name).min_players, game_class(name).max_players})]
GAMES += [("pirates-cities", 2), ("pirates-cities", 6)]
"""Lying Pirates with its Cities of Greed expansion is checked too."""
WITH_OPTIONS = {"pirates-cities": ("pirates", {"cities_of_greed": True})}


def load_game(name: str, players: int):
    """A game of GAMES: a game's name, or a name of WITH_OPTIONS (a game with options)."""
    game, options = WITH_OPTIONS.get(name, (name, {}))
    return explorer.load(game, players=players, **options)


def check_pending(state: State) -> None:
    """`pending` names the decider, the step, a known rule and a prompt; `to_move` and
    `forced_move` follow from it."""
    pending = state.pending
    book = state.game.rules()
    assert pending.seat == state.to_move
    assert isinstance(pending.prompt, str) and pending.prompt
    if state.is_over:
        return
    assert pending.rule in book or pending.rule in CORE_RULES, pending
    assert pending.step
    moves = state.legal_moves()
    if state.to_move == CHANCE:
        assert pending.stream == pending.step and state.forced_move is None
    else:
        assert pending.stream is None
        assert state.forced_move == (moves[0] if len(moves) == 1 else None)


def check_cheap_legality(state: State, near_misses: set[Move]) -> None:
    """`is_legal` (a game's hook, without the set of all moves) agrees with `legal_moves`."""
    fresh = state.game.state_from_json(state.to_json())     # no cached move set
    legal = set(state.legal_moves())
    for move in sorted(legal | near_misses, key=str):
        assert fresh.is_legal(move) == (move in legal), move


def check_state(state: State, rng: random.Random, near_misses: set[Move] = frozenset()) -> None:
    game = state.game
    moves = state.legal_moves()
    assert state.is_over == (not moves)
    assert len(set(moves)) == len(moves), "legal moves repeat"
    for move in moves:
        assert state.why_not(move) is None
        assert game.parse_move(str(move)) == move
        assert isinstance(move.label, str) and move.label
        assert all(isinstance(t, str) for t in move.targets)
    check_pending(state)
    check_cheap_legality(state, set(near_misses))
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        assert {m for m, _ in outcomes} == set(moves)
    # JSON is lossless and hash agrees with equality
    again = game.state_from_json(state.to_json())
    assert again == state and hash(again) == hash(state)
    assert again.legal_moves() == moves, "move order must not depend on object identity"
    # views are JSON-able; a determinization looks the same to the viewer
    json.dumps(state.view(None))
    for viewer in range(game.players):
        view = state.view(viewer)
        json.dumps(view)
        json.dumps(game.scene(view))
        sample = state.determinize(viewer, rng)
        assert sample.view(viewer) == view
        assert sample.visible_events(None) == state.visible_events(viewer), "a sample narrates a secret"


@pytest.mark.parametrize("name,players", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_the_contract(name: str, players: int, seed: int) -> None:
    game = load_game(name, players)
    line = random_states(game, seed)
    assert line[-1].is_over, "a random game must end"
    assert line[-1].outcome() is not None
    assert len(line[-1].scores()) == players
    rng = random.Random(seed)
    step = max(1, len(line) // 25)
    seen = {m for s in line for m in s.legal_moves()}
    for state in line[::step] + [line[-1]]:
        near = set(rng.sample(sorted(seen, key=str), min(40, len(seen))))
        check_state(state, rng, near)


@pytest.mark.parametrize("name,players", GAMES)
def test_same_seed_same_game(name: str, players: int) -> None:
    game = load_game(name, players)
    assert game.new(seed=3) == game.new(seed=3)
    assert [s.to_json() for s in random_states(game, 11)] == [s.to_json() for s in random_states(game, 11)]


@pytest.mark.parametrize("name,players", GAMES)
def test_states_are_immutable_values(name: str, players: int) -> None:
    game = load_game(name, players)
    state = game.new(seed=5)
    before = state.to_json()
    with pytest.raises(AttributeError):
        state.data = None  # type: ignore[misc]
    for move in state.legal_moves()[:20]:
        state.play(move)
    assert state.to_json() == before


@pytest.mark.parametrize("name,players", GAMES)
def test_illegal_moves_are_refused_with_a_known_rule(name: str, players: int) -> None:
    """A move legal somewhere in a game but not here is refused, citing a real rule."""
    game = load_game(name, players)
    book = game.rules()
    line = random_states(game, 21, limit=200)
    seen = {m for s in line for m in s.legal_moves()}
    for state in line[::10]:
        for move in sorted(seen - set(state.legal_moves()), key=str)[:30]:
            reason = state.why_not(move)
            assert reason is not None
            assert reason.rule in book or reason.rule in CORE_RULES, reason
            with pytest.raises(IllegalMove) as err:
                state.play(move)
            assert err.value.reason == reason


@pytest.mark.parametrize("name", explorer.list_games())
def test_bad_player_counts_and_options_are_refused(name: str) -> None:
    cls = game_class(name)
    with pytest.raises(explorer.InvalidInput, match="players"):
        explorer.load(name, players=cls.max_players + 1)
    with pytest.raises(explorer.InvalidInput, match="no_such_option"):
        explorer.load(name, players=cls.min_players, no_such_option=1)


@pytest.mark.parametrize("name", explorer.list_games())
def test_every_option_names_its_rule_and_source(name: str) -> None:
    game = explorer.load(name)
    book = game.rules()
    for row in game.describe_options():
        assert row["rule"] in book, row
        assert row["source"] in ("seed", "public", "assumed", "stand-in"), row
        assert row["doc"], row


@pytest.mark.parametrize("name", explorer.list_games())
def test_every_option_has_a_name_a_teacher_reads(name: str) -> None:
    """The classroom app shows each option by its label, and a choice's values by words:
    no option key (snake_case), and words for each value of a choice the game names."""
    options = game_class(name).Options
    hints = typing.get_type_hints(options)
    for f in dataclasses.fields(options):
        label = f.metadata["label"]
        assert label and label[0].isupper() and "_" not in label, (f.name, label)
        words = f.metadata["choices"]
        if typing.get_origin(hints[f.name]) is typing.Literal:
            assert set(words) <= set(typing.get_args(hints[f.name])), (f.name, words)
        else:
            assert not words, f"{f.name}: words for values, but the option is not a choice"
        for value in typing.get_args(hints[f.name]) if typing.get_origin(hints[f.name]) is typing.Literal else ():
            assert "_" not in words.get(value, value), f"{f.name}: {value!r} needs words"


@pytest.mark.parametrize("name,players", GAMES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_determinize_depends_only_on_the_view(name: str, players: int, seed: int) -> None:
    """Two positions that look the same to a player give that player's bots the same
    samples: a sample can reveal nothing the view does not."""
    game = load_game(name, players)
    for state in random_states(game, seed)[::10]:
        if state.is_over:
            continue
        for viewer in range(players):
            twin = state.determinize(viewer, random.Random(1))
            assert twin.view(viewer) == state.view(viewer)
            assert (state.determinize(viewer, random.Random(2))
                    == twin.determinize(viewer, random.Random(2)))


@pytest.mark.parametrize("name,players", GAMES)
def test_same_luck_replays_the_line_and_a_players_file_hides_the_rest(name: str, players: int) -> None:
    """A branch from the start with the same luck and the same decisions gives the same
    line, state for state; each player's saved file loads back to their own views."""
    game = load_game(name, players)
    tree = Explorer(game.new(seed=8), seed=8)
    for _ in range(30):
        if tree.state.is_over:
            break
        moves = tree.state.legal_moves()
        tree.play(moves[len(moves) // 2])
    line = tree.line()
    decisions = [n.move for n in line[1:] if not n.chance and not n.forced]
    again = Explorer.with_luck_of(tree, 0, seed=12345)     # a fresh tree, other sampler
    for move in decisions:
        again.play(move)
    assert [n.state for n in again.line()] == [n.state for n in line]
    for viewer in range(players):
        mine = Explorer.from_json(tree.to_json(viewer=viewer))
        assert mine.viewer == viewer
        for node in tree.line():
            assert mine.nodes[node.id].state.view(viewer) == node.state.view(viewer)


@pytest.mark.parametrize("name,players", GAMES)
def test_forced_moves_are_played_for_the_player(name: str, players: int) -> None:
    """The explorer never stops at a position whose only move is forced."""
    game = load_game(name, players)
    tree = Explorer(game.new(seed=2), seed=2)
    for _ in range(80):
        if tree.state.is_over:
            break
        assert tree.state.forced_move is None
        tree.play(tree.state.legal_moves()[-1])


def option_combinations(name: str) -> list[dict[str, Any]]:
    """The rule options and variants a game lists (its options dataclass), sampled so CI
    stays fast: each option off its default alone (every other value of a yes/no or a
    choice option), each Lying Pirates variant card alone, and the combinations whose
    positions hold frames of their own (Cities of Greed with "draw two", the draft with
    a built map)."""
    cls = game_class(name)
    hints = typing.get_type_hints(cls.Options)
    combos: list[dict[str, Any]] = [{}]
    for f in dataclasses.fields(cls.Options):
        kind = hints[f.name]
        if kind is bool:
            combos.append({f.name: not f.default})
        elif typing.get_origin(kind) is typing.Literal:
            combos += [{f.name: v} for v in typing.get_args(kind) if v != f.default]
    if name == "pirates":
        variants = [v.id for v in explorer.load("pirates").catalogue.variants]
        combos += [{"variants": [v]} for v in variants]
        combos += [{"cities_of_greed": True, "variants": ["draw two"]},
                   {"cities_of_greed": True, "variants": variants},
                   {"draft": True, "map": "build", "variants": ["draw two", "instant death"]}]
    return combos


ROUND_TRIPS = [(name, players, combo) for name in explorer.list_games()
               for i, combo in enumerate(option_combinations(name))
               for players in [(game_class(name).min_players, game_class(name).max_players)[i % 2]]]
"""(game, players, options): every option combination, at the fewest and the most players
in turn."""


@pytest.mark.parametrize("name,players,options", ROUND_TRIPS,
                         ids=[f"{n}-{p}-{json.dumps(o, sort_keys=True)}" for n, p, o in ROUND_TRIPS])
def test_every_reachable_state_saves_and_loads(name: str, players: int, options: dict[str, Any]) -> None:
    """Issue 26 item 8: every state a game reaches, under every rule option and variant it
    lists, loads again from its save (`to_json` -> `Game.from_json`, equal), and every
    player's file of the whole line (`Explorer.to_json(viewer=p)`) loads too."""
    game = explorer.load(name, players=players, **options)
    rng = random.Random(f"{name}{players}{options}")
    tree = Explorer(game.new(seed=rng.randrange(1000)), seed=rng.randrange(1000))
    for _ in range(250):
        if tree.state.is_over:
            break
        moves = tree.state.legal_moves()
        tree.play(moves[int(rng.random() * len(moves))])
    for node in tree.line():            # chance and forced positions too
        assert explorer.Game.from_json(node.state.to_json()) == node.state
    for viewer in range(players):
        mine = Explorer.from_json(tree.to_json(viewer=viewer))
        assert mine.state.view(viewer) == tree.state.view(viewer)
