"""Saved states are trusted only once checked (issue 26 "Trust", item 7): a corrupted
save is either refused with InvalidInput naming a field, or it is a position the game can
play on. Positions of seeded random games are saved, one part of their data is corrupted
at a time (an int moved by one, out of range or negative, a type swapped, a boolean
flipped, a list item dropped or doubled, a stack frame altered), and every file that
loads is played on for up to 200 random steps, each position viewed by every seat and the
teacher, drawn as a scene and saved again: nothing but InvalidInput may ever be raised,
and an accepted state must never crash.

The corruptions are a seeded loop, the same in every run. `SAVED_FUZZ=N` multiplies the
number of corruptions per game (a heavier manual run, e.g. ``SAVED_FUZZ=20``)."""
from __future__ import annotations

import copy
import json
import os
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pytest
from gameplay import random_states

import explorer
from explorer.core import InvalidInput, State

SCALE = int(os.environ.get("SAVED_FUZZ", "1"))
"""How many times the default number of corruptions to try (a manual, heavier run)."""

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("village", 2, {}), ("village", 3, {}), ("village", 4, {}), ("village", 5, {}),
    ("summoners", 2, {}), ("summoners", 3, {}), ("summoners", 4, {}),
    ("momiji", 2, {}), ("momiji", 3, {}), ("momiji", 4, {}),
    ("pirates", 2, {}), ("pirates", 3, {"variants": ["instant death"]}),
    ("pirates", 4, {"variants": ["draw two"]}), ("pirates", 5, {"draft": True, "map": "build"}),
    ("pirates", 6, {}),
    ("pirates", 2, {"cities_of_greed": True, "variants": ["draw two"]}),
    ("pirates", 4, {"cities_of_greed": True}),
]
"""(game, players, options): every player count of every game, and Lying Pirates with
the variants and options whose positions hold other frames (draft, map building, Cities
of Greed, draw two, Instant Death)."""

PER_CONFIG = 60 * SCALE
"""Corruptions tried per configuration (a few hundred per game)."""

STEPS = 200
"""Random steps played from every accepted corrupted state."""

Path = tuple[Any, ...]


def paths(value: Any, at: Path = ()) -> Iterator[Path]:
    """Every part of a JSON value (lists, objects and leaves), by its path of keys."""
    yield at
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, at + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, at + (key,))


def get(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: Path, value: Any) -> None:
    get(doc, path[:-1])[path[-1]] = value


def strings(value: Any) -> list[str]:
    """Every string of a JSON value: swapped in, a corruption reads like real data."""
    return sorted({get(value, p) for p in paths(value) if isinstance(get(value, p), str)})


def corruptions(value: Any, players: int, rng: random.Random, pool: list[str]) -> list[Any]:
    """The corrupt replacements for one part of the data, by its type."""
    if isinstance(value, bool):
        return [not value, int(value), None]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, -value - 1, players, players - 1, 0, 99, 10**6,
                str(value), float(value), True, None, [value]]
    if isinstance(value, float):
        return [int(value), -value, str(value)]
    if isinstance(value, str):
        return [rng.choice(pool) if pool else "", "", value + "x", value.upper(), 0, None, [value]]
    if isinstance(value, list):
        out: list[Any] = [[], None, {}, "x", 0]
        if value:
            i = rng.randrange(len(value))
            out += [value[:i] + value[i + 1:], value[:i + 1] + value[i:], value[::-1],
                    value + [copy.deepcopy(value[i])], value[:-1], value[1:]]
            if len(value) > 1:
                j = rng.randrange(len(value))
                swapped = list(value)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                out.append(swapped)
        return out
    if isinstance(value, dict):
        out = [{}, None, []]
        if value:
            key = rng.choice(sorted(value))
            out.append({k: v for k, v in value.items() if k != key})
        return out
    return [0, "", [], False]


def corrupt(data: Any, players: int, rng: random.Random) -> tuple[str, Any]:
    """`data` with one part replaced by a corruption, and a label naming what changed.
    Half the time the part is inside the stack of frames in flight (Lying Pirates) or the
    deepest parts, where the holes were."""
    doc = copy.deepcopy(data)
    every = [p for p in paths(doc) if p]
    stacked = [p for p in every if p[0] == "stack" and len(p) > 1]
    path = rng.choice(stacked if stacked and rng.random() < 0.3 else every)
    old = get(doc, path)
    new = rng.choice(corruptions(old, players, rng, strings(data)))
    put(doc, path, new)
    return f"{'.'.join(map(str, path))}: {json.dumps(old)[:40]} -> {json.dumps(new)[:40]}", doc


def check_playable(state: State, rng: random.Random, steps: int = STEPS) -> None:
    """Play on from `state` for up to `steps` random steps; every position is viewed by
    every seat and the teacher, drawn as a scene and saved and loaded again."""
    game = state.game
    for _ in range(steps + 1):
        for viewer in (None, *range(game.players)):
            view = state.view(viewer)
            json.dumps(view)
            json.dumps(game.scene(view))
        assert explorer.Game.from_json(state.to_json()) == state
        if state.is_over:
            return
        moves = state.legal_moves()
        assert moves, "a game that goes on has a move"
        move = state.sample_chance(rng) if state.is_chance else moves[int(rng.random() * len(moves))]
        state = state.play(move)
    state.scores()


@dataclass
class Tally:
    """What one configuration's corruptions did."""

    tried: int = 0
    accepted: int = 0
    crashes: list[str] = field(default_factory=list)


def fuzz(name: str, players: int, options: dict[str, Any], count: int, seed: int = 0,
         on_crash: Callable[[str, BaseException], None] | None = None) -> Tally:
    """Corrupt `count` saves of positions of seeded random games of one configuration;
    load each and play on from every accepted one (see the module's docstring)."""
    game = explorer.load(name, players=players, **options)
    rng = random.Random(f"{name}-{players}-{sorted(options.items())}-{seed}")
    positions: list[State] = []
    for s in range(3):
        line = random_states(game, seed * 10 + s, limit=600)
        positions += line[::max(1, len(line) // 12)]
    tally = Tally()
    for _ in range(count):
        source = rng.choice(positions)
        doc = json.loads(source.to_json())
        label, doc["data"] = corrupt(doc["data"], players, rng)
        tally.tried += 1
        try:
            state = explorer.Game.from_json(json.dumps(doc))
        except InvalidInput as exc:
            assert exc.field, label
            continue
        except Exception as exc:     # a loader must refuse with InvalidInput only
            tally.crashes.append(f"load {label}: {type(exc).__name__}: {exc}"[:300])
            if on_crash:
                on_crash(label, exc)
            continue
        tally.accepted += 1
        try:
            check_playable(state, random.Random(rng.random()))
        except Exception as exc:
            tally.crashes.append(f"play {label}: {type(exc).__name__}: {exc}"[:300])
            if on_crash:
                on_crash(label, exc)
    return tally


@pytest.mark.parametrize("name,players,options", CONFIGS,
                         ids=[f"{n}-{p}-{'-'.join(sorted(map(str, o.values()))) or 'base'}"
                              for n, p, o in CONFIGS])
def test_corrupted_saves_are_refused_or_playable(name: str, players: int, options: dict[str, Any]) -> None:
    tally = fuzz(name, players, options, PER_CONFIG)
    assert tally.tried == PER_CONFIG
    assert not tally.crashes, "\n".join(tally.crashes[:10])


def _first(game: explorer.Game, seed: int, found: Callable[[Any], bool]) -> dict[str, Any]:
    """The saved form of the first position of a seeded random game whose data matches."""
    for s in range(seed, seed + 20):
        for state in random_states(game, s, limit=1500):
            if found(state.data):
                return json.loads(state.to_json())
    raise AssertionError("no such position")


def _refused(doc: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        explorer.Game.from_json(json.dumps(doc))
    assert field in err.value.field, err.value


@pytest.mark.rules("M-SETUP-8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_momiji_active_seat_is_a_seat(players: int) -> None:
    doc = json.loads(explorer.load("momiji", players=players).new(seed=1).to_json())
    doc["data"]["active"] = players
    _refused(doc, "active")


@pytest.mark.rules("P-LIAR", "P-BID-1")
def test_pirates_call_judges_a_face_of_the_last_bid() -> None:
    doc = _first(explorer.load("pirates", players=4), 1, lambda d: bool(d.call))
    doc["data"]["call"][3] = 16
    _refused(doc, "data.call")


@pytest.mark.rules("P-VAR-DEATH")
def test_pirates_out_mid_betting_is_refused() -> None:
    doc = _first(explorer.load("pirates", players=3), 1, lambda d: d.stage == "bid")
    doc["data"]["out"][doc["data"]["turn"]] = True
    _refused(doc, "data.out")


@pytest.mark.rules("P-REROLL")
def test_pirates_reroll_frames_name_the_fighters() -> None:
    game = explorer.load("pirates", players=4)
    doc = _first(game, 1, lambda d: bool(d.stack) and d.stack[-1][0] == "window"
                 and d.stack[-1][1] == "reroll" and any(f[0] == "battle" for f in d.stack))
    battle = next(f for f in doc["data"]["stack"] if f[0] == "battle")
    stranger = next(p for p in range(4) if p not in battle[2])
    doc["data"]["stack"][-1][2] = [stranger]
    _refused(doc, "data.stack")


@pytest.mark.rules("V-TURN-1", "M-TURN-3")
@pytest.mark.parametrize("name", ["village", "momiji"])
def test_a_turn_counter_far_along_saves_its_successor(name: str) -> None:
    """A save's turn counter may be large, and the position after the next turn loads
    too (a bound of 10**6 accepted a save whose successor it refused)."""
    state = explorer.load(name, players=2).new(seed=3)
    doc = json.loads(state.to_json())
    doc["data"]["turn"] = 10**6
    state = explorer.Game.from_json(json.dumps(doc))
    check_playable(state, random.Random(1), steps=60)
