"""Nothing hidden from the viewer reaches the browser, for every game and every seat.

Two states that differ only in what a player cannot see (another player's hand, the
deck order: `state.determinize(player, rng)` resamples exactly that) must give that
player byte-identical browser payloads: every synced trait of the board, and the
answers to why-not clicks on every element.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from widget_toy import toy_game

import explorer
from explorer.core.game import Game
from explorer.core.scene import items
from explorer.core.state import CHANCE, State
from explorer.widgets import Board, Panel


def playable_games() -> list[Game]:
    games = [toy_game()]
    for name in explorer.list_games():
        try:
            games.append(explorer.load(name))
        except (ImportError, AttributeError):  # a game still being written is skipped
            continue
    return games


GAMES = playable_games()


def positions(game: Game, seed: int, plies: int = 60, every: int = 6) -> list[State]:
    """Every `every`-th position of a seeded random game, chance nodes included."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    found = []
    for ply in range(plies):
        if state.is_over:
            break
        if ply % every == 0:
            found.append(state)
        moves = state.legal_moves()
        state = state.play(state.sample_chance(rng) if state.to_move == CHANCE
                           else moves[rng.randrange(len(moves))], check=False)
    found.append(state)
    return found


def payload(state: State, viewer: int | None) -> str:
    """All a browser gets from a board on `state`: synced traits and why-not answers."""
    board = Board(state, viewer=viewer)
    sent: dict[str, Any] = {k: v for k, v in board.get_state().items()
                            if not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}
    answers = []
    for element in sorted({i["id"] for i in items(board.scene) if i.get("id")})[:12]:
        board._on_custom_msg(board, {"event": "why", "selected": [], "clicked": element}, [])
        answers.append(dict(board.message))
    sent["answers"] = answers
    return json.dumps(sent, sort_keys=True, default=str)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_player_gets_the_same_payload_whatever_they_cannot_see(game: Game) -> None:
    rng = random.Random(5)
    hidden_parts_changed = 0
    for state in positions(game, seed=3):
        for player in range(game.players):
            other = state.determinize(player, rng)
            hidden_parts_changed += other != state
            assert payload(state, player) == payload(other, player), (
                f"{game.name}: player {player} can tell two positions apart that differ only "
                f"in what they may not see")
    assert hidden_parts_changed > 0, "the comparison is vacuous: determinize changed nothing"


def test_the_teacher_payload_does_show_the_hidden_parts() -> None:
    state = toy_game().new(seed=1)
    other = state.determinize(0, random.Random(3))
    assert other != state
    assert payload(state, None) != payload(other, None)


def widget_texts(widget: Any) -> str:
    """Every synced value of a widget tree, and what the history sends a new view (its
    rows go as messages, not traits), as one text (children followed)."""
    parts = []
    for key, value in widget.get_state().items():
        parts.append(f"{key}={value}")
    if hasattr(widget, "snapshot"):
        parts.append(json.dumps(widget.snapshot()))
    for child in getattr(widget, "children", ()):
        parts.append(widget_texts(child))
    return "\n".join(parts)


def test_the_panel_shows_a_player_only_their_own_secrets() -> None:
    state = toy_game().new(seed=1)
    panel = Panel(state)
    panel.play("pass")                 # player 0 passes, then draws a secret card
    secret = next(e.text for e in panel.explorer.state.events if e.kind == "draw")
    assert secret in widget_texts(panel)            # the teacher reads the draw
    panel.perspective.value = 0
    assert secret in widget_texts(panel)            # so does the player who drew
    panel.perspective.value = 1
    texts = widget_texts(panel)
    assert secret not in texts                      # the other player does not
    assert "P0 draws a card" in texts
    assert "place p1" not in texts or panel.state.to_move == 1
