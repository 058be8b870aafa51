"""Words a teacher reads: no text the product shows may read like its internals.

Random games of every game and player count (and Lying Pirates with Cities of Greed) are
walked step by step; every prompt, move label, event (as the teacher and as each seat
reads it), why-not answer and board text (zone labels and notes, item texts, titles) is
checked against patterns that must never reach a teacher: "(s)" plurals, a 1 with a
plural noun, a seat named twice ("P0 P0:"), Python values, snake_case option keys and
the internal ids of tiles and cards where the game has names for them.
"""
from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest
from hidden_pairs import config_id, configurations

import explorer
from explorer.core.state import CHANCE, State

NEVER: dict[str, re.Pattern[str]] = {
    "a '(s)' plural": re.compile(r"\w\(s\)"),
    "a 1 with a plural noun": re.compile(
        r"(?<![\d.,/])\b1 (dice|points|acorns|cards|coins|spaces|tiles|positions|pairs|games|turns|"
        r"rounds|crew dice|sixes|fives|fours|threes|twos|ones|steps|times|towns)\b"),
    "a seat named twice": re.compile(r"\b(P\d+):? \1\b"),
    "a Python value": re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\{'|<explorer|\w+\(\w+=|\bself\b"),
    "an option key": re.compile(r"\b[a-z]+_[a-z]+(_[a-z]+)*\b"),
    "'sixe'": re.compile(r"\bsixes?e\b|\bsixe\b"),
    "a token moving 0 spaces": re.compile(r"\bmoves (left|right) 0\b"),
}
GAME_IDS: dict[str, re.Pattern[str]] = {
    # Lying Pirates' tiles (E3, T11) and cards (S6, G4, I20) have names: texts use them
    "pirates": re.compile(r"\b(?:[ETSGI]\d{1,2})\b"),
}


def texts_of(state: State, rng: random.Random, earlier: list[Any]) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a teacher or player reads of `state`."""
    game = state.game
    yield "prompt", state.pending.prompt
    for viewer in (None, *range(game.players)):
        for event in state.visible_events(viewer):
            yield f"event as {viewer}", event["text"]
    if state.to_move is not None and state.to_move != CHANCE:
        for move in state.legal_moves():
            yield "label", move.label
    for move in rng.sample(earlier, min(3, len(earlier))):
        reason = state.why_not(move)
        if reason is not None:
            yield "why not", reason.text
    yield from _scene_texts(state.scene(None), "board")


def _scene_texts(node: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("label", "note", "text", "title", "sub", "prompt", "status") and isinstance(value, str):
                yield f"{where}.{key}", value
            elif key not in ("id", "color", "kind", "face", "layout", "events"):
                yield from _scene_texts(value, where)
    elif isinstance(node, list):
        for value in node:
            yield from _scene_texts(value, where)


CONFIGS = configurations() + [
    ("pirates", {"players": 3, "map": "build", "draft": True, "variants": ("big crew", "no exact", "instant death"),
                 "captains": ("C4", "C8", "C2")}),
    ("pirates", {"players": 4, "cities_of_greed": True, "variants": ("draw two",), "extended": True}),
]
"""Every game at every player count, and Lying Pirates with the built map, the draft,
variant cards and captains (their texts too)."""


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_no_text_reads_like_the_internals(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = explorer.load(name, **options)
    rng = random.Random(2)
    found: dict[str, set[str]] = {}
    patterns = {**NEVER, **({"an id where a name exists": GAME_IDS[name]} if name in GAME_IDS else {})}
    for seed in range(4):
        state = game.new(seed=seed)
        earlier: list[Any] = []
        for _ in range(250):
            if state.is_over:
                break
            for where, text in texts_of(state, rng, earlier):
                for problem, pattern in patterns.items():
                    if pattern.search(text):
                        found.setdefault(f"{problem} in {where.split(' ')[0]}", set()).add(text)
            if state.to_move == CHANCE:
                move = state.sample_chance(rng)
            else:
                moves = state.legal_moves()
                move = moves[rng.randrange(len(moves))]
                earlier = (earlier + list(moves[:4]))[-40:]
            state = state.play(move, check=False)
    shown = {problem: sorted(texts)[:4] for problem, texts in found.items()}
    assert not found, f"{config_id(config)}: texts a teacher must never read: {shown}"
