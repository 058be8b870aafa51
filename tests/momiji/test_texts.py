"""What a teacher reads of Momiji: the board in words, labels, events and refusals name
things by their names, numbers agree with their nouns, and each text cites its rule."""
from __future__ import annotations

import pytest

from explorer import teach
from explorer.core.scene import scene_diff

from .helpers import load, play


def words(state, viewer=None) -> dict[str, str]:
    return teach.zone_words(state.scene(viewer))


@pytest.mark.rules("M-SETUP-3", "M-COMP-1")
def test_a_card_reads_as_its_name_not_as_a_count() -> None:
    state = load(2).scenario(garden="Birch-0 Oak-2 Oak-2L", hands=["Maple-0", ""])
    board = words(state)
    assert board["Garden › Birch"] == "Birch-0"
    assert board["Garden › Oak"] == "Oak-2, Oak-2L ◖"


@pytest.mark.rules("M-PLAY-7", "M-SCORE-2")
def test_the_acorns_change_as_one_count_and_the_harvest_names_the_piles() -> None:
    state = load(2).scenario(hands=["Maple-1R Oak-0L", ""], rows=[["Maple-0R"], []], acorns=[2, 2],
                             types=["Maple", "Oak", "Birch", "Beech"])
    done = play(state, "P0 play Maple-1R", "P0 play Oak-0L", "P0 stop")
    lines = scene_diff(state.scene(None), done.scene(None))
    assert "Players › P0 › Acorns: 2 acorns → 4 acorns" in lines
    harvest = next(e for e in done.events if e.rule == "M-PLAY-7")
    assert harvest.text == "P0 harvests 2 acorns from facing acorns on the tops of Maple-1R and Oak-0L"
    one = load(2).scenario(acorns=[1, 0], hands=["Maple-0", "Oak-0"])
    assert words(one)["Players › P0 › Acorns"] == "1 acorn"
    assert "1 card in hand, 1 point" in words(one)["Players › P0"]


@pytest.mark.rules("M-TURN-1", "M-HIDDEN-3")
def test_the_status_line_says_what_is_done_and_the_round() -> None:
    state = load(2).scenario(garden="Oak-1", hands=["Maple-0", ""])
    scene = state.scene(None)
    assert scene["status"] == "Round 1: P0 chooses a main action (collect, play or activate) or an extra"
    later = play(state, "P0 collect Oak", "P0 end")
    later = play(later, "P1 end") if "P1 end" in [str(m) for m in later.legal_moves()] else later
    assert "step" not in later.scene(None)["status"]
    note = words(state)["Players"]
    assert "nobody may count a pile" in note and "count_piles" not in note


@pytest.mark.rules("M-OBJ-1", "M-CAT-2")
def test_objectives_are_named_where_people_read_them() -> None:
    state = load(2).scenario(objectives=["zeros", "type-maple", "tops", "acorns"], acorns=[3, 3])
    label = next(m.label for m in state.legal_moves() if str(m) == "P0 activate type-maple")
    assert label == "P0: pay 3 acorns to activate the objective Most Maple cards in your piles (stand-in)"
    done = play(state, "P0 activate type-maple")
    assert done.events[0].text == ("P0 pays 3 acorns and activates the objective Most Maple cards in your "
                                   "piles (stand-in)")
    zone = words(state)["Objectives"]
    assert "type-maple" not in zone and "Most acorns held at the end [stand-in]" in zone


@pytest.mark.rules("M-EXTRA-2", "M-LIMIT-1")
def test_a_trade_is_called_a_trade() -> None:
    state = load(2).scenario(hands=["Oak-1 Oak-2", ""], garden="Birch-0")
    label = next(m.label for m in state.legal_moves() if str(m) == "P0 trade Oak-1")
    assert label == "P0: trade Oak-1 (one of 2 cards traded for 1 acorn)"


@pytest.mark.rules("M-COLLECT-2")
def test_a_reveal_is_listed_with_collect() -> None:
    state = load(2).scenario(garden="Oak-1", hands=["Maple-0", ""])
    kinds = teach.moves(state, grouped=True).kinds
    assert "Reveal" not in kinds and "P0 reveal" in [str(m) for m in kinds["Collect"]]


@pytest.mark.rules("M-POWER-C", "M-POWER-E")
def test_power_refusals_say_why() -> None:
    state = load(2).scenario(hands=["Maple-2 Oak-2", ""], rows=[["Maple-0", "Oak-0"], []])
    bridged = play(state, "P0 power C", "P0 play Maple-2")        # the one card two higher
    second = bridged.why_not(bridged.game.parse_move("P0 play Oak-2"))
    assert second.rule == "M-POWER-C" and "already used" in second.text
    spec = dict(hands=["Maple-2 Oak-2", ""], rows=[["Maple-0", "Oak-0"], []], used=["C", ""])
    used = load(2).scenario(**spec)
    why = used.why_not(used.game.parse_move("P0 play Oak-2"))
    assert why.rule == "M-POWER-C" and "C Bridge (stand-in)" in why.text and "already used" in why.text
    empty = load(2).scenario(landscapes=["DEF", "DEF"], garden="Oak-1", deck="")
    koi = empty.why_not(empty.game.parse_move("P0 power E"))
    assert koi.rule == "M-POWER-E" and "the deck is empty" in koi.text
