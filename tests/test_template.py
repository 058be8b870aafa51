"""The template game (explorer/games/_template, Chance Nim) stays a complete game to copy:
not registered, it keeps the contract battery's checks, every rule of seeds/nim.md is
cited by its code and every id it cites is a rule there, and its files and scenarios
are checked like a real game's."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_contract import check_state

import explorer
from explorer.core import CORE_RULES, IllegalMove, InvalidInput
from explorer.core.citations import RULE_ID, citations
from explorer.games._template import NimGame

TEMPLATE = Path(explorer.__file__).parent / "games" / "_template"


def random_line(game: NimGame, seed: int) -> list:
    rng = random.Random(seed)
    state = game.new(seed=seed)
    line = [state]
    while not state.is_over:
        state = state.play(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_moves()))
        line.append(state)
    return line


def test_the_template_is_not_registered() -> None:
    assert "nim" not in explorer.list_games()
    with pytest.raises(InvalidInput, match="unknown game"):
        explorer.load("nim")


@pytest.mark.parametrize("players,shared", [(2, False), (4, True)])
def test_random_games_keep_the_contract(players: int, shared: bool) -> None:
    game = NimGame(players, shared=shared)
    book = game.rules()
    rng = random.Random(players)
    for seed in range(8):
        line = random_line(game, seed)
        outcome = line[-1].outcome()
        assert outcome is not None and outcome.rule in book and outcome.winners
        seen = {m for s in line for m in s.legal_moves()}
        for state in line:
            check_state(state, rng, seen)
            for move in seen - set(state.legal_moves()):
                reason = state.why_not(move)
                assert reason is not None and (reason.rule in book or reason.rule in CORE_RULES), reason
                with pytest.raises(IllegalMove):
                    state.play(move)
            assert all(e.rule in book for e in state.events)


def test_every_rule_is_cited_and_every_citation_is_a_rule() -> None:
    book = NimGame(2).rules()
    where = citations("nim", package=TEMPLATE)
    assert [rule for rule, found in where.items() if not found] == []
    cited = {rule for path in TEMPLATE.glob("*.py") for rule in RULE_ID.findall(path.read_text(encoding="utf-8"))}
    assert cited - set(book.ids()) - set(CORE_RULES) == set()
    assert all(row["rule"] in book and row["label"] for row in NimGame(2).describe_options())


@pytest.mark.parametrize("data,field", [
    ({"pile": -1, "mover": 0, "rolling": False, "last": -1}, "data.pile"),
    ({"pile": 3, "mover": 2, "rolling": False, "last": -1}, "data.mover"),
    ({"pile": 0, "mover": 0, "rolling": False, "last": -1}, "data.pile"),
    ({"pile": 3, "mover": 0, "rolling": True, "last": -1}, "data.rolling"),
    ({"pile": 3, "mover": 0, "rolling": False, "last": 0}, "data.mover"),
    ({"pile": 0, "mover": 1, "rolling": True, "last": 0}, "data.rolling"),
    ({"pile": "3", "mover": 0, "rolling": False, "last": -1}, "data.pile"),
    ({"pile": 3, "mover": 0, "rolling": False, "last": -1, "turn": 1}, "data.turn"),
])
def test_a_saved_position_is_checked_field_by_field(data: dict, field: str) -> None:
    saved = json.loads(NimGame(2).new().to_json())
    with pytest.raises(InvalidInput) as err:
        NimGame(2).state_from_json({**saved, "data": data})
    assert err.value.field == field


def test_scenarios_and_move_texts_are_checked_like_files() -> None:
    game = NimGame(3)
    assert game.scenario(pile=5, mover=2).pending.seat == 2
    for fields, field in (({"pile": 0}, "pile"), ({"mover": 3}, "mover"), ({"mover": True}, "mover"),
                          ({"deck": 1}, "deck")):
        with pytest.raises(InvalidInput) as err:
            game.scenario(**fields)
        assert err.value.field == field
    with pytest.raises(InvalidInput, match="options.pile"):
        NimGame(2, pile=0)
    with pytest.raises(InvalidInput, match="take' and a whole number"):
        game.parse_move("take two")
    assert game.parse_move("TAKE 2") == game.parse_move("take 2")
