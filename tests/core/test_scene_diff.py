"""The change list: what changed on the board, in a person's words (core.scene)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import explorer
from explorer.core.scene import describe, scene_diff
from explorer.core.state import CHANCE


def _zone(label: str, *items: dict, note: str = "", tool: bool = False) -> dict:
    return {"id": label.lower(), "label": label, "layout": "row", "items": list(items), "note": note,
            "tool": tool}


def _scene(*zones: dict) -> dict:
    return {"status": "", "zones": list(zones)}


def test_a_stack_that_shrank_lost_one_card_it_did_not_gain_and_lose() -> None:
    before = _scene(_zone("Hand", {"text": "Axe", "sub": "×3"}, {"text": "Crown", "sub": "×1"}))
    after = _scene(_zone("Hand", {"text": "Axe", "sub": "×2"}, {"text": "Crown", "sub": "×1"}))
    assert scene_diff(before, after) == ["Hand: Axe ×3 → ×2"]


def test_a_count_that_changed_reads_old_to_new_and_gains_stand_apart() -> None:
    before = _scene(_zone("P0", {"text": "", "sub": "3 crew"}, {"text": "Axe"}))
    after = _scene(_zone("P0", {"text": "", "sub": "2 crew"}, {"text": "Crown"}, {"text": "Wild"}))
    assert scene_diff(before, after) == ["P0: 3 crew → 2 crew; + Crown, Wild; − Axe"]


def test_tools_and_notes_that_repeat_the_items_are_left_out() -> None:
    before = _scene(_zone("Hand", {"face": "down", "sub": "×4"}, note="4 in hand"),
                    _zone("Bid picker", {"text": "3×4", "sub": "0.60"}, tool=True))
    after = _scene(_zone("Hand", {"face": "down", "sub": "×5"}, note="5 in hand"),
                   _zone("Bid picker", {"text": "3×4", "sub": "0.41"}, tool=True))
    assert scene_diff(before, after) == ["Hand: face down ×4 → ×5"]


CASES = [("village", 3), ("summoners", 3), ("momiji", 3), ("pirates", 4)]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[c[0] for c in CASES])
def test_no_change_list_shows_an_unchanged_zone(name: str, players: int) -> None:
    """Over random games, every line of a change list names a zone whose visible
    content changed, and no line is about a tool drawn on the board."""
    game = explorer.load(name, players=players)
    rng = random.Random(6)
    state = game.new(seed=2)
    for _ in range(150):
        if state.is_over:
            break
        moves = state.legal_moves()
        after = state.play(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(moves),
                           check=False)
        for viewer in (None, 0):
            a, b = describe(state.scene(viewer)), describe(after.scene(viewer))
            for line in scene_diff(state.scene(viewer), after.scene(viewer)):
                key = line.split(": ", 1)[0]
                assert Counter(a.get(key, [])) != Counter(b.get(key, [])), line
                assert "Bid picker" not in key and not key.startswith("Odds"), line
        state = after
