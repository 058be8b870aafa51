"""Shared by the test suites of every game: a seeded random game, state by state."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any, Callable

from explorer.core import Game, InvalidInput, State
from explorer.core.agents import RandomAgent, observe


def play(state: State, *texts: str) -> State:
    """Play moves given as text (chance outcomes too, e.g. "reveal Crown") in order."""
    for text in texts:
        state = state.play(text)
    return state


def texts(state: State) -> list[str]:
    """The legal moves of `state` as text."""
    return [str(m) for m in state.legal_moves()]


def random_states(game: Game, seed: int, limit: int = 5000) -> list[State]:
    """The states of one random game from `seed` (chance sampled, moves uniform), at most
    `limit` of them; the same seed gives the same game."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
        else:
            legal = state.legal_moves()
            state = state.play(legal[int(rng.random() * len(legal))])
        states.append(state)
    return states


def play_out(game: Game, agents: list, seed: int) -> State:
    """The end of one seeded game of `agents` (one per seat), chance sampled from `seed`;
    each agent reads the observation it asks for."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    while not state.is_over:
        if state.is_chance:
            state = state.play(state.sample_chance(rng))
        else:
            mover = agents[state.to_move]
            state = state.play(mover.choose(observe(state, observes=mover.observes), rng))
    return state


def win_share_against_random(game: Game, agent: object, games: int) -> float:
    """`agent`'s mean share of the win over `games` seeded games against random players,
    its seat going round the table (game i: seat i mod players)."""
    wins = 0.0
    for i in range(games):
        seat = i % game.players
        agents: list = [RandomAgent() for _ in range(game.players)]
        agents[seat] = agent
        winners = play_out(game, agents, i).outcome().winners
        wins += (seat in winners) / max(1, len(winners))
    return wins / games


def golden_playthrough(game: Game, seed: int, title: str, agent: object,
                       header: Callable[[State], str]) -> str:
    """The text of one seeded game of `agent` in every seat, state by state: each
    state's `header`, its teacher and player views, every legal move's text and label,
    and the move played (chance sampled from `seed`). Golden files compare this text."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    lines = [title]
    step = 0
    while True:
        lines.append(f"\n## step {step}: {header(state)}")
        for viewer in (None, *range(game.players)):
            lines.append(f"view {viewer}: " + json.dumps(state.view(viewer), sort_keys=True))
        for move in state.legal_moves():
            lines.append(f"  {move} | {move.label}")
        if state.is_over:
            break
        move = state.sample_chance(rng) if state.is_chance else agent.choose(observe(state), rng)  # type: ignore[attr-defined]
        lines.append(f"play: {move}")
        state = state.play(move)
        step += 1
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str, max_size: int) -> None:
    """`text` equals the golden file at `path` (UPDATE_GOLDEN=1 writes it instead)."""
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), "run with UPDATE_GOLDEN=1 to write the golden file"
    assert text == path.read_text(encoding="utf-8")
    assert len(text) < max_size


def check_corrupted_field(game: Game, saved: dict, field: str, junk: object) -> None:
    """A saved state with one data field replaced by `junk` is refused naming a field,
    or, if it happens to be valid, round-trips exactly (a loader's fuzz check)."""
    doc = json.loads(json.dumps(saved))
    doc["data"][field] = junk
    try:
        state = game.state_from_json(json.dumps(doc))
    except InvalidInput as exc:
        assert exc.field
    else:
        assert game.state_from_json(state.to_json()) == state


def check_any_data_refused(game: Game, raw: object) -> None:
    """A saved state whose whole `data` is `raw` junk is refused with InvalidInput."""
    doc = {"format": "rules-explorer/state", "version": 1, "game": game.name, "players": game.players,
           "options": {}, "data": raw, "events": []}
    try:
        game.state_from_json(json.dumps(doc))
    except InvalidInput:
        return
    raise AssertionError(f"junk data was accepted: {raw!r}")


def in_own_thread(coroutine_function: Callable[[], Any]) -> Any:
    """`asyncio.run(coroutine_function())` in a thread of its own: the browser tests'
    Playwright keeps an event loop running in the main thread, where asyncio.run fails."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function())).result()
