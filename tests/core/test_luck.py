"""Named luck and pending decisions in the core: per-stream same luck, branches from a
player's point of view, common random numbers per stream, forced moves, player files,
and the narration of samples (on the two-stream toy game `luck_toy`)."""
from __future__ import annotations

import json
import random

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luck_toy import Card, Face, LuckGame

import explorer
from explorer.core import BLANK, CHANCE, Cup, Deck, Die, Pending
from explorer.core.game import REGISTRY
from explorer.core.simulate import compare_variants, simulate

GAME = LuckGame(2)


def tree_after(*moves: str, seed: int = 3) -> explorer.Explorer:
    tree = explorer.Explorer(GAME.new(), seed=seed, auto_chance=False)
    for text in moves:
        if tree.state.to_move == CHANCE:
            tree.resolve_chance(text)
        else:
            tree.play(text)
    return tree


def test_pending_names_the_decider_the_step_and_the_stream() -> None:
    state = GAME.new()
    assert state.pending == Pending(0, "act", "L-TURN", "P0 draws or rolls")
    assert state.to_move == 0 and state.pending.stream is None
    rolled = state.play("P0 roll")
    assert rolled.to_move == CHANCE and rolled.pending.stream == "die"
    assert rolled.play("die shows 2").pending.seat == 1


def test_same_luck_replays_each_stream_in_its_own_order() -> None:
    """A branch that rolls a die where the original drew does not shift the cards."""
    tree = tree_after("P0 draw", "deck gives 5", "P1 draw", "deck gives 2", "P0 draw", "deck gives 7")
    assert tree.recorded_luck(0) == {"deck": [Card(5), Card(2), Card(7)]}
    tree.branch(0, luck="same")
    tree.auto_chance = True
    tree.play("P0 roll")            # the die stream has no record: drawn afresh
    tree.play("P1 draw")
    tree.play("P0 draw")
    cards = [n.move for n in tree.line() if n.stream == "deck"]
    assert cards == [Card(5), Card(2)], "the deck keeps its luck although a die was rolled first"


def test_a_players_branch_never_replays_what_that_player_did_not_see() -> None:
    tree = tree_after("P0 roll", "die shows 3", "P1 draw", "deck gives 8", "P0 draw", "deck gives 4")
    assert tree.recorded_luck(0, viewer=None)["deck"] == [Card(8), Card(4)]
    assert tree.recorded_luck(0, viewer=0) == {"die": [Face("die", 3)], "deck": [Card(4)]}
    tree.branch(0, luck="same", viewer=0)
    tree.auto_chance = True
    tree.play("P0 draw")
    assert tree.state.data.hands[0] == (4,), "P0 gets the card P0 saw, not the one P1 drew in secret"


def test_compare_variants_keeps_each_streams_luck(monkeypatch: pytest.MonkeyPatch) -> None:
    """The omen rule rolls one more die per draw and counts for nothing: with common
    random numbers per stream every game ends exactly as without it."""
    monkeypatch.setitem(REGISTRY, "luck", "luck_toy:LuckGame")
    sim = compare_variants("luck", 2, {"plain": {}, "omen": {"omen": True}}, n=60, seed=4, workers=1)
    by_variant = sim.players.partition_by("variant", as_dict=True)
    assert by_variant[("plain",)]["score"].to_list() == by_variant[("omen",)]["score"].to_list()
    chance = sim.games.group_by("variant").agg(pl.col("chance_steps").sum())
    assert chance["chance_steps"].n_unique() == 2, "the omen variant did roll more dice"


def test_forced_moves_are_played_recorded_folded_and_stepped_over() -> None:
    game = LuckGame(2, turns=12)
    tree = explorer.Explorer(game.new(), seed=1)
    while not tree.state.is_over:
        tree.play(tree.state.legal_moves()[0])      # draw while the deck lasts
    forced = [n for n in tree.nodes.values() if n.forced]
    assert forced and all(str(n.move).endswith("roll") for n in forced)
    rows = tree.tree_rows()
    assert all(not tree.nodes[r["id"]].forced for r in rows)
    assert any(r["then"] for r in rows)
    sim = simulate(LuckGame(2, turns=40), "random", 5, seed=2, workers=1)
    assert sim.games["forced_steps"].sum() > 0
    assert sim.turns.filter(sim.turns["forced"]).height == sim.games["forced_steps"].sum()


def test_a_players_file_is_the_same_whatever_they_could_not_see() -> None:
    """Two trees that differ only in P1's secret card save the same file for P0."""
    one = tree_after("P0 roll", "die shows 1", "P1 draw", "deck gives 2", "P0 draw", "deck gives 6")
    two = tree_after("P0 roll", "die shows 1", "P1 draw", "deck gives 5", "P0 draw", "deck gives 6")
    assert one.to_json(viewer=0) == two.to_json(viewer=0)
    assert one.to_json(viewer=1) != two.to_json(viewer=1)
    assert one.to_json() != two.to_json()
    doc = json.loads(one.to_json(viewer=0))
    hidden = [n for n in doc["nodes"] if n["move"] is None and n["parent"] is not None]
    assert [n["hidden"] for n in hidden] == ["P1 draws a card"]


def test_samples_narrate_no_more_than_their_viewer_saw() -> None:
    state = tree_after("P0 draw", "deck gives 5").state
    assert state.visible_events(1) == [{"kind": "card", "rule": "L-LUCK", "text": "P0 draws a card",
                                        "player": 0}]
    for viewer in (0, 1):
        sample = state.determinize(viewer, random.Random(viewer))
        assert sample.visible_events(None) == state.visible_events(viewer)


def test_deck_draws_known_cards_without_luck() -> None:
    deck = Deck.of(["b", "a", "a"], top=["z"], bottom=["y"])
    assert deck.size == 5 and not deck.needs_luck and deck.known_next == "z"
    deck = deck.draw()
    assert deck.needs_luck and dict(deck.outcomes()) == {"a": 2 / 3, "b": 1 / 3}
    deck = deck.draw("a").draw("a").draw("b")
    assert deck.known_next == "y" and deck.draw().empty
    with pytest.raises(ValueError):
        Deck.of(["a"]).draw("q")
    assert Deck.of(["b"], top=["a"]).hidden() == Deck.of(["a", "b"])


def test_dice_with_uneven_faces_and_blanks() -> None:
    pirate = Die("pirate", ("X", "X", "O", "O", "O", "O"))
    assert dict(pirate.outcomes()) == {"X": 1 / 3, "O": 2 / 3}
    cursed = Die("cursed", (2, 3, 4, 5, BLANK, BLANK))
    assert cursed.chance(BLANK) == pytest.approx(1 / 3)
    rng = random.Random(0)
    rolls = [cursed.sample(rng) for _ in range(6000)]
    assert abs(rolls.count(BLANK) / 6000 - 1 / 3) < 0.03


def test_a_cup_enumerates_multisets_and_samples_cheaply() -> None:
    normal = Die("normal", (1, 2, 3, 4, 5, 6))
    cup = Cup((normal,) * 10)
    assert cup.count_outcomes() == 3003
    outcomes = list(cup.outcomes())
    assert len(outcomes) == 3003 and sum(p for _, p in outcomes) == pytest.approx(1)
    mixed = Cup((normal, normal, Die("ghost", (1, 1, 1, BLANK, BLANK, BLANK))))
    table = dict(mixed.outcomes())
    assert len(table) == mixed.count_outcomes() == 21 * 2
    assert table[(1, 1, 1)] == pytest.approx((1 / 36) * 0.5)
    roll = mixed.sample(random.Random(2))
    assert roll in table and mixed.canonical(roll) == roll
    assert mixed.canonical((6, 1, BLANK)) == (1, 6, BLANK)


_DICE = (Die("number", (1, 2, 3, 4, 5, 6)), Die("falling", (3, 2, 1)), Die("mixed", (1, 1, 6, BLANK)),
         Die("words", ("b", "a", "c")))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_DICE), st.integers(0, 5)), min_size=1, max_size=8))
def test_a_cup_orders_identical_dice_by_their_face_order(dice_and_faces) -> None:
    """`canonical` sorts the faces of identical dice by the order the die lists them:
    numbers listed rising take a plain sort, the others a sort by that order."""
    cup = Cup(tuple(die for die, _ in dice_and_faces))
    roll = [die.faces[k % len(die.faces)] for die, k in dice_and_faces]
    expected = list(roll)
    for die in set(cup.dice):
        places = [i for i, d in enumerate(cup.dice) if d == die]
        order = list(dict.fromkeys(die.faces))
        for i, face in zip(places, sorted((roll[i] for i in places), key=order.index)):
            expected[i] = face
    assert cup.canonical(roll) == tuple(expected)

