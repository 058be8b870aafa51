"""explorer.teach: the notebook helpers show rules with their ids and tags, refusals with
the Reason's rule, and never a hidden card in a player's view."""
from __future__ import annotations

import doctest

import pytest

import explorer
import explorer.teach as teach
from explorer.core.errors import InvalidInput


@pytest.fixture(scope="module")
def village() -> explorer.Game:
    return explorer.load("village", players=3)


@pytest.fixture(scope="module")
def summoners() -> explorer.Game:
    return explorer.load("summoners", players=2)


def outputs(shown: teach.Shown) -> tuple[str, str]:
    html, text = shown._repr_html_(), str(shown)
    assert repr(shown) == text
    assert not text.startswith(("{", "(", "[")), "a readable text, never a raw dict or tuple"
    assert "style=" in html and "<style" not in html and "<script" not in html, "inline styles only"
    return html, text


def test_the_doctests_pass() -> None:
    result = doctest.testmod(teach, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0


def test_rules_name_each_id_with_its_tag_and_text(village: explorer.Game) -> None:
    html, text = outputs(teach.rules(village, "V-BRIBE-2", "V-COMP-2"))
    book = village.rules()
    for rule_id in ("V-BRIBE-2", "V-COMP-2"):
        rule = book[rule_id]
        assert f'data-rule="{rule_id}"' in html
        assert f"{rule_id} [{rule.source}] {rule.text}" in text
    assert 'data-tag="seed"' in html and 'data-tag="assumed"' in html
    with pytest.raises(InvalidInput, match="V-NOPE-1"):
        teach.rules(village, "V-NOPE-1")


def test_show_draws_the_board_with_the_rules_that_decide_it(village: explorer.Game) -> None:
    state = village.scenario(hands=["Crown*2 Wild", "Axe", ""])
    html, text = outputs(teach.show(state, rules=["V-TURN-1", "V-TIE-3"]))
    assert 'class="rx-scene" data-game="village"' in html
    assert 'data-rule="V-TURN-1"' in html and 'data-tag="seed"' in html
    assert 'data-rule="V-TIE-3"' in html and 'data-tag="assumed"' in html
    assert "V-TIE-3 [assumed]" in text and "Crown ×2" in text


@pytest.mark.parametrize("viewer", [0, 2])
def test_hidden_cards_never_appear_in_a_players_view(village: explorer.Game, viewer: int) -> None:
    """P1 holds cards nobody else has seen: P0's and P2's outputs are the same whichever
    cards they are, and never name them as P1's."""
    def table(p1: str) -> explorer.State:
        return village.scenario(hands=["Axe", p1, "Sword"],
                                stalls={3: "Feather", 2: "", 1: "", 0: ""})

    def shown(state: explorer.State, who: int | None) -> list[teach.Shown]:
        return [teach.show(state, viewer=who), teach.perspectives(state, who),
                teach.moves(state, viewer=who), teach.narrate(state, "P0 draw", "reveal Crown", viewer=who)]

    one, other = table("Scroll*2 Egg Wild"), table("Feather*2 Axe Crown")
    for a, b in zip(shown(one, viewer), shown(other, viewer)):
        html, text = outputs(a)
        assert (html, text) == (b._repr_html_(), str(b)), type(a).__name__
        assert "Scroll ×2" not in text and "Egg ×1" not in text and "Wild ×1" not in text
        assert "hand:1:Scroll" not in html and "hand:1:Egg" not in html
    # the teacher sees them, so the check above is not vacuous
    html, text = outputs(teach.show(one))
    assert "Scroll ×2" in text and "hand:1:Scroll" in html
    assert str(teach.show(one)) != str(teach.show(other))


def test_a_players_narration_tells_a_secret_only_as_the_others_hear_it(village: explorer.Game) -> None:
    state = village.scenario(hands=["Axe", "", ""], deck="Crown")
    mine = teach.narrate(state, "P0 draw", "reveal Crown", viewer=0)
    theirs = teach.narrate(state, "P0 draw", "reveal Crown", viewer=1)
    assert "P0 draws a Crown" in str(mine) and "Crown ×1" in str(mine)
    assert "a Crown" not in str(theirs) and "Crown ×1" not in str(theirs)
    assert "hand:0:Crown" not in theirs._repr_html_() and "hand:0:Crown" in mine._repr_html_()
    assert "P0 draws a card" in str(theirs) and "luck: P0 draws the top card" in str(theirs)
    assert mine.state == theirs.state == state.play("P0 draw").play("reveal Crown")


def test_narrate_tells_events_with_rule_chips_and_the_changes(village: explorer.Game) -> None:
    raising = village.scenario(hands=["Crown*2 Wild", "", ""], deck_top="Axe Crown",
                               track="Axe Crown Feather Scroll Sword Egg")
    told = teach.narrate(raising, "P0 bribe Crown*2 Wild")
    html, text = outputs(told)
    assert told.state == raising.play("P0 bribe Crown*2 Wild")
    for event in told.state.events:
        assert event.text in text
        assert f'data-rule="{event.rule}"' in html
    assert "V-BRIBE-4 [seed]" in text
    assert any(line.startswith("Dragon's Favor") for line in told.changes)
    assert 'class="rx-scene"' in html
    assert 'class="rx-scene"' not in teach.narrate(raising, "P0 bribe Crown*2 Wild", board=False)._repr_html_()


def test_narrate_ends_with_the_outcome_when_the_game_ends(village: explorer.Game) -> None:
    tied = village.scenario(bribes=[{"Egg": 1, "Axe": 2}, {"Egg": 1, "Scroll": 1}, {}], deck={}, to_move=2)
    html, text = outputs(teach.narrate(tied, "P2 draw"))
    assert "Game over — winner: P1" in text and "Tie-break:" in text
    assert 'data-rule="V-SCORE-1"' in html and 'data-rule="V-DRAW-3"' in html


@pytest.mark.rules("CORE-MOVE")
def test_a_refusal_carries_the_reasons_rule(summoners: explorer.Game) -> None:
    red8 = summoners.scenario(grid={(0, 0): "B9", (2, 0): "B2"}, hands=[["R8"], []], phase="play")
    texts = ("P0 play R8 at -1,0", "P0 play R8 at 3,0", "P1 pass", "P0 fly")
    tried = teach.try_move(red8, *texts)
    html, text = outputs(tried)
    for verdict, move in zip(tried, texts):
        expected = None if move == "P0 fly" else red8.why_not(summoners.parse_move(move))
        if expected is not None:
            assert verdict.reason == expected
    assert [v.legal for v in tried] == [False, True, False, False]
    assert tried[0].reason.rule == "S-PLACE-4" and tried[-1].reason.rule == "CORE-MOVE"
    assert 'data-legal="false" data-rule="S-PLACE-4"' in html
    assert "refused by S-PLACE-4 [seed]" in text and "✓ P0 play R8 at 3,0" in text
    assert "CORE-MOVE [core]" in text


def test_moves_list_the_legal_moves_and_chance_odds(village: explorer.Game) -> None:
    start = village.new(seed=1)
    html, text = outputs(teach.moves(start, limit=3))
    first = start.legal_moves()[0]
    assert str(first) in text and first.label in text and "… and 57 more" in text
    assert f'data-rule="{first.rule}"' in html
    grouped = str(teach.moves(start, grouped=True))
    assert "Bribe:" in grouped and "Draw: P0 draw" in grouped
    drawing = start.play("P0 draw")
    html, text = outputs(teach.moves(drawing))
    for move, p in drawing.chance_outcomes():
        assert str(move) in text and f"{p:.1%}" in html
    assert "legal moves" not in text and "possible outcomes" in text


def test_options_show_rule_ids_and_tags(village: explorer.Game) -> None:
    html, text = outputs(teach.options(village, source="assumed"))
    rows = [r for r in village.describe_options() if r["source"] == "assumed"]
    assert rows and len(teach.options(village, source="assumed")) == len(rows)
    for row in rows:
        assert f'data-rule="{row["rule"]}"' in html and f"{row['rule']} [assumed]" in text
    assert "track_values = 1, 1, 2, 2, 3, 4" in text
    changed = str(teach.options(explorer.load("village", players=3, tie_counts_wilds=False)))
    assert "tie_counts_wilds = False (default True)" in changed


def test_outcome_before_and_after_the_end(village: explorer.Game) -> None:
    closing = village.scenario(hands=["Axe Wild", "Crown*3 Wild", "Sword"],
                               bribes=[{"Axe": 1}, {"Crown": 2}, {"Egg": 2}], deck_top="Scroll Sword", deck={})
    assert str(teach.outcome(closing)).startswith("The game goes on")
    final = closing.play("P0 bribe Axe")
    html, text = outputs(teach.outcome(final))
    assert "winner: P1" in text and "V-REFILL-5 [seed]" in text
    assert all(f'data-rule="{line.rule}"' in html for line in final.outcome().lines)


def test_history_and_changes_read_a_tree(village: explorer.Game) -> None:
    tree = explorer.Explorer(village.new(seed=1), seed=3)
    tree.play("P0 draw")
    tree.annotate("drew")
    html, text = outputs(teach.history(tree))
    assert text.splitlines()[0] == f"{len(tree.nodes)} positions explored"
    assert "// drew" in text and "◀ here" in text
    html, text = outputs(teach.changes(tree, 0, tree.current, title="after the draw"))
    assert text.startswith("after the draw:") and "Deck" in text
    assert str(teach.changes(tree.root.state, tree.root.state)).endswith("look the same.")
    with pytest.raises(InvalidInput):
        teach.changes(tree, 0)


def test_games_and_try_load(village: explorer.Game) -> None:
    html, text = outputs(teach.games())
    assert all(name in text for name in explorer.list_games())
    refused = teach.try_load("village", players=6)
    assert refused.game is None and refused.error.field == "players"
    assert str(refused).startswith("✗") and "not 6" in refused._repr_html_()
    assert teach.try_load("village", players=4).game == explorer.load("village", players=4)


def test_results_add_up_to_one_output(village: explorer.Game) -> None:
    state = village.scenario(hands=["Axe", "", ""])
    both = teach.rules(village, "V-HAND-1") + teach.try_move(state, "P1 draw")
    html, text = outputs(both)
    assert "V-HAND-1 [seed]" in text and "refused by V-TURN-1" in text
    assert html.index('data-rule="V-HAND-1"') < html.index('data-rule="V-TURN-1"')


def test_live_board_helpers(summoners: explorer.Game) -> None:
    from explorer.widgets import Board

    red8 = summoners.scenario(grid={(0, 0): "B9", (2, 0): "B2"}, hands=[["R8"], []], phase="play")
    board = Board(red8)
    html, text = outputs(teach.why_click(board, ["hand:0:R8"], "cell:-1,0"))
    assert "refused by S-PLACE-4" in text and 'data-rule="S-PLACE-4"' in html
    assert text.startswith("✗ red 8 + empty cell -1,0"), "the clicks in the board's words, not ids"
    assert "hand:0" not in text and "cell:" not in text
    label = teach.history_label(board)
    assert label.value == "node 0: 1 position explored"
    board.play("P0 play R8 at 3,0")
    assert label.value == f"node {board.node}: {len(board.explorer.nodes)} positions explored"
    assert board.node != 0


def test_a_frame_shows_as_a_table_with_headers_in_words(village: explorer.Game) -> None:
    sim = explorer.simulate(village, "random", n=12, seed=0)
    html, text = outputs(teach.table(sim.summary(), title="Wins by seat"))
    assert "mean score" in text and "mean_score" not in text and "shape:" not in text
    assert html.count("<tr>") == 1 + village.players and "<th" in html
    endings = sim.games["ended_by"].value_counts(sort=True)
    assert all(len(e) < 40 or e in str(teach.table(endings)) for e in endings["ended_by"])
    with pytest.raises(explorer.InvalidInput, match="frame"):
        teach.table({"a": 1})


def test_the_history_label_carries_a_picture_for_exports(summoners: explorer.Game) -> None:
    from explorer.widgets import Board

    label = teach.history_label(Board(summoners.new(seed=1)))
    bundle = label._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"].endswith("node 0: 1 position explored</div>")
