"""The turn, Collect, extras, the hand limit and the refill (M-TURN, M-COLLECT, M-EXTRA, M-LIMIT)."""
from __future__ import annotations

import pytest

from .helpers import load, play, texts


@pytest.mark.rules("M-TURN-1", "M-TURN-3", "M-COLLECT-1", "M-REFILL-1", "M-DECK-1")
def test_collect_then_end_refills_the_garden() -> None:
    state = load(2).scenario(hands=["Maple-0", ""], garden="Oak-0R Oak-1 Maple-2",
                             deck_top="Ginkgo-0 Birch-0R Birch-1")
    after = play(state, "P0 collect Oak")
    assert sorted(after.view(0)["seats"][0]["hand"]["cards"]) == ["Maple-0", "Oak-0R", "Oak-1"]
    assert "P0 collect Maple" not in texts(after)          # one main action
    assert after.why_not(after.game.parse_move("P0 collect Maple")).rule == "M-TURN-1"
    done = play(after, "P0 end")
    assert sorted(done.view()["garden"][i]["type"] for i in range(len(done.view()["garden"]))) == \
        ["Birch", "Ginkgo", "Maple"]
    assert done.data.active == 1 and done.data.turn == 1
    assert {e.rule for e in done.events} >= {"M-REFILL-1", "M-TURN-3"}


@pytest.mark.rules("M-DECK-1")
def test_an_unknown_deck_card_is_a_chance_step() -> None:
    state = load(2).scenario(garden="Oak-1", deck="Maple-0L Maple-0L Oak-2")
    waiting = play(state, "P0 collect Oak", "P0 end")
    assert waiting.is_chance and waiting.pending.stream == "deck"
    assert dict((str(m), p) for m, p in waiting.chance_outcomes()) == {"deal Maple-0L": 2 / 3, "deal Oak-2": 1 / 3}
    assert play(waiting, "deal Oak-2").is_chance


@pytest.mark.rules("M-COLLECT-2", "M-COLLECT-3")
def test_paid_reveal_then_must_collect() -> None:
    state = load(2).scenario(garden="Oak-1", deck_top="Maple-0 Maple-1 Ginkgo-0 Oak-0R")
    revealed = play(state, "P0 reveal")
    assert revealed.data.acorns[0] == 1 and revealed.pending.step == "collect"
    assert texts(revealed) == ["P0 collect Maple", "P0 collect Ginkgo", "P0 collect Oak"]
    assert revealed.why_not(revealed.game.parse_move("P0 reveal")).rule == "M-COLLECT-3"
    twice = load(2, max_reveals=2).scenario(garden="Oak-1", deck_top="Maple-0 Maple-1 Ginkgo-0 Oak-0R")
    assert "P0 reveal" in texts(play(twice, "P0 reveal"))
    got = play(revealed, "P0 collect Oak")
    assert got.view(0)["seats"][0]["hand"]["cards"] == ["Oak-0R", "Oak-1"]


@pytest.mark.rules("M-COLLECT-4", "M-COLLECT-2")
def test_reveal_with_a_short_or_empty_deck() -> None:
    short = load(2).scenario(garden="Oak-1", deck_top="Maple-0", deck="")
    after = play(short, "P0 reveal")
    assert len(after.data.garden) == 2 and after.data.deck.empty
    empty = load(2).scenario(garden="Oak-1", deck="")
    assert empty.why_not(empty.game.parse_move("P0 reveal")).rule == "M-COLLECT-4"
    broke = load(2).scenario(garden="Oak-1", acorns=[0, 0])
    assert broke.why_not(broke.game.parse_move("P0 reveal")).rule == "M-COLLECT-2"


@pytest.mark.rules("M-COLLECT-4")
def test_a_short_reveal_says_how_many_cards_are_left() -> None:
    """With 2 cards left the reveal does not promise 4: the label and the event say the
    last 2 cards, and the event cites M-COLLECT-4."""
    state = load(2).scenario(garden="Oak-1", deck_top="Maple-0 Oak-2", deck="")
    label = next(m.label for m in state.legal_moves() if str(m) == "P0 reveal")
    assert label == "P0: pay 1 acorn to reveal the last 2 cards of the deck into the Garden"
    event = play(state, "P0 reveal").events[0]
    assert (event.rule, event.text) == ("M-COLLECT-4", "P0 pays 1 acorn to reveal the last 2 cards of the deck "
                                                       "into the Garden")
    full = load(2).scenario(garden="Oak-1")
    assert "reveal 4 more cards" in next(m.label for m in full.legal_moves() if str(m) == "P0 reveal")


@pytest.mark.rules("M-TURN-2")
def test_no_main_action_possible_allows_ending_the_turn() -> None:
    stuck = load(2).scenario(hands=["Oak-2", ""], garden="", deck="", acorns=[0, 0])
    assert texts(stuck) == ["P0 end"]
    assert stuck.forced_move is not None
    busy = load(2).scenario(hands=["Oak-0", ""], garden="", deck="", acorns=[0, 0])
    assert "P0 end" not in texts(busy)
    assert busy.why_not(busy.game.parse_move("P0 end")).rule == "M-TURN-1"


@pytest.mark.rules("M-EXTRA-1", "M-EXTRA-2")
def test_trade_two_cards_for_an_acorn_once_per_turn() -> None:
    state = load(2).scenario(hands=["Oak-2 Oak-1 Maple-2 Maple-1", ""], garden="Birch-0")
    first = play(state, "P0 trade Oak-2")
    assert first.pending.step == "trade" and first.data.acorns[0] == 2
    done = play(first, "P0 trade Maple-2")
    assert done.data.acorns[0] == 3 and len(done.data.discard) == 2
    assert not any(m.startswith("P0 trade") for m in texts(done))
    assert done.why_not(done.game.parse_move("P0 trade Oak-1")).rule == "M-EXTRA-1"
    after_main = play(done, "P0 collect Birch")
    assert "P0 end" in texts(after_main)
    # an extra may also come after the main action
    late = play(state, "P0 collect Birch", "P0 trade Oak-1", "P0 trade Oak-2")
    assert late.pending.step == "after" and late.data.acorns[0] == 3


@pytest.mark.rules("M-EXTRA-4")
def test_extras_in_the_middle_of_a_play_are_an_option() -> None:
    """By default no extra between the cards of a Play or after a paid reveal, and the
    refusal cites the timing rule M-EXTRA-4 (not the Play or Collect rules); with
    extras_timing="anytime" they are legal there and the turn returns to the Play."""
    spec = dict(hands=["Maple-0 Oak-0 Birch-1 Birch-2", ""], garden="Beech-0", acorns=[2, 2],
                deck_top="Maple-1 Oak-1 Birch-0 Beech-1",
                types=["Maple", "Oak", "Birch", "Beech"])
    mid = play(load(2).scenario(**spec), "P0 play Maple-0")
    assert not any(m.startswith(("P0 trade", "P0 power")) for m in texts(mid))
    for text in ("P0 trade Birch-1", "P0 power B"):
        assert mid.why_not(mid.game.parse_move(text)).rule == "M-EXTRA-4"
    revealed = play(load(2).scenario(**spec), "P0 reveal")
    assert revealed.why_not(revealed.game.parse_move("P0 trade Birch-1")).rule == "M-EXTRA-4"
    anytime = play(load(2, extras_timing="anytime").scenario(**spec), "P0 play Maple-0")
    back = play(anytime, "P0 trade Birch-1", "P0 trade Birch-2")
    assert back.pending.step == "play" and back.data.acorns[0] == 3
    assert play(back, "P0 play Oak-0", "P0 stop").pending.step == "after"


@pytest.mark.rules("M-EXTRA-5", "M-EXTRA-3")
def test_the_price_of_a_power_is_an_option() -> None:
    state = load(2, power_cost=2).scenario(hands=["Maple-0", ""], acorns=[1, 1])
    assert state.why_not(state.game.parse_move("P0 power B")).rule == "M-EXTRA-5"
    rich = load(2, power_cost=2).scenario(hands=["Maple-0", ""], acorns=[2, 1])
    label = next(m.label for m in rich.legal_moves() if str(m) == "P0 power B")
    assert label.startswith("P0: pay 2 acorns to use B Steps (stand-in): before your Play")
    assert play(rich, "P0 power B").data.acorns[0] == 0


@pytest.mark.rules("M-HIDDEN-4")
def test_discards_are_face_up() -> None:
    state = load(2).scenario(hands=["Oak-2 Oak-1", ""], garden="Birch-0")
    done = play(state, "P0 trade Oak-2", "P0 trade Oak-1")
    assert done.view(1)["discard"] == ["Oak-1", "Oak-2"]
    assert [e["text"] for e in done.view(1)["events"]] == ["P0 trades away Oak-1 and gains 1 acorn for the 2 cards"]


@pytest.mark.rules("M-LIMIT-1")
def test_the_hand_limit_forces_discards() -> None:
    state = load(2).scenario(hands=["Maple-0 Maple-0L Maple-0R Maple-1 Maple-1R Maple-2 Oak-2", ""],
                             garden="Birch-0 Birch-0R Birch-1", deck_top="Ginkgo-0 Ginkgo-1 Ginkgo-2 Ginkgo-3")
    full = play(state, "P0 collect Birch", "P0 end")
    assert full.pending.step == "limit" and len(full.data.hands[0]) == 10
    assert all(t.startswith("P0 discard") for t in texts(full))
    once = play(full, "P0 discard Oak-2")
    assert once.pending.step == "limit"
    done = play(once, "P0 discard Maple-2")
    assert len(done.data.hands[0]) == 8 and done.data.active == 1
    assert done.why_not(done.game.parse_move("P1 discard Maple-0")).rule == "M-LIMIT-1"
    assert sorted(done.data.discard) == sorted(done.game.parse_move(t).card for t in ("P0 discard Oak-2", "P0 discard Maple-2"))


@pytest.mark.rules("M-HIDDEN-1")
def test_hands_are_hidden_and_draws_narrate() -> None:
    state = load(2).new(seed=4)
    assert "cards" not in state.view(1)["seats"][0]["hand"] and state.view(1)["seats"][0]["hand"]["size"] == 6
    assert "cards" in state.view(0)["seats"][0]["hand"]
    assert "deck_top" not in state.view(0)
