"""The betting phase: the seed's worked examples and every betting rule."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import IllegalMove
from explorer.core.agents import observe
from explorer.games.pirates.dice import BID_FACES, judged_count
from explorer.games.pirates.legal import bid_moves
from explorer.games.pirates.moves import Bid, Exact, Liar
from explorer.games.pirates.odds import legal_raises

from .helpers import SEED_CUPS, SIX_TWOS, load, play

GAME = load(4)


def cups_of(faces):
    return {p: tuple(("normal", f) for f in cup) for p, cup in enumerate(faces)}


@pytest.mark.rules("P-BID-COUNT", "P-BID-1")
def test_the_seeds_roll_counts_nine_twos_nine_threes_six_fours_seven_fives_nine_sixes():
    cups = cups_of(SEED_CUPS)
    assert sum(f == 1 for cup in SEED_CUPS for f in cup) == 5
    assert [judged_count(f, cups, bidder=0) for f in (2, 3, 4, 5, 6)] == [9, 9, 6, 7, 9]
    state = GAME.scenario(cups=SEED_CUPS, bids=["8 twos by P0"], turn=1)
    after = play(state, "P1 liar")
    assert after.view(None)["call"]["count"] == 9


@pytest.mark.rules("P-BID-RAISE", "P-BID-ORDER")
def test_raises_over_four_threes():
    state = GAME.scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1)
    assert state.pending.seat == 1 and state.pending.step == "bid"
    for text in ("5 threes", "5 twos", "7 twos", "8 twos", "4 fours", "4 fives", "4 sixes"):
        assert state.why_not(GAME.parse_move(f"P1 bid {text}")) is None, text
    for text in ("4 twos", "4 threes", "3 sixes"):
        reason = state.why_not(GAME.parse_move(f"P1 bid {text}"))
        assert reason is not None and reason.rule == "P-BID-RAISE"
    assert state.why_not(Bid(2, 5, 3)).rule == "P-BID-ORDER"
    assert play(state, "P1 bid 5 twos").pending.seat == 2


@pytest.mark.rules("P-BID-ORDER")
def test_bids_follow_the_token_direction():
    state = GAME.scenario(cups=SEED_CUPS, captain=2, direction="counter-clockwise")
    assert state.pending.seat == 2
    assert play(state, "P2 bid 2 fours").pending.seat == 1


@pytest.mark.rules("P-LIAR")
def test_eight_twos_called_liar():
    """The seed: blue bids 8 twos, green calls Liar. With 9 twos the caller loses; with a
    roll of 6 twos the caller wins. Everyone else survives."""
    held = play(GAME.scenario(cups=SEED_CUPS, bids=["8 twos by P1"], turn=2), "P2 liar")
    assert held.data.roles == ("survivor", "winner", "loser", "survivor")
    lie = play(GAME.scenario(cups=SIX_TWOS, bids=["8 twos by P1"], turn=2), "P2 liar")
    assert lie.view(None)["call"]["count"] == 6
    assert lie.data.roles == ("survivor", "loser", "winner", "survivor")


@pytest.mark.rules("P-EXACT-1", "P-EXACT-2")
def test_nine_twos_locked_exact():
    state = GAME.scenario(cups=SEED_CUPS, bids=["9 twos by P1"], turn=2)
    crew = state.data.crew[2]
    after = play(state, "P2 exact")
    assert after.data.roles == ("loser", "loser", "winner", "loser")
    assert after.data.crew[2] == crew + 1                  # a crew die from the bag
    own = play(GAME.scenario(cups=SEED_CUPS, bids=["8 twos by P1"], turn=2), "P2 bid 9 twos exact")
    assert own.data.roles == ("loser", "loser", "winner", "loser")


@pytest.mark.rules("P-EXACT-3", "P-BET-EXCLUDED")
def test_a_wrong_exact_loses_and_sits_out_the_next_betting():
    state = GAME.scenario(cups=SEED_CUPS, bids=["8 twos by P1"], turn=2)
    after = play(state, "P2 exact")                        # 9 twos: wrong low
    assert after.data.roles == ("survivor", "winner", "loser", "survivor")
    assert after.data.excluded == (False, False, True, False)
    high = play(GAME.scenario(cups=SEED_CUPS, bids=["8 twos by P1"], turn=2), "P2 bid 10 twos exact")
    assert high.data.roles == ("survivor", "winner", "loser", "survivor")
    # the next round: P2 rolls no cup and counts as a loser whatever happens
    nxt = GAME.scenario(cups=[SEED_CUPS[0], SEED_CUPS[1], None, SEED_CUPS[3]],
                        betting=[True, True, False, True], bids=["3 twos by P0"], turn=1)
    assert nxt.view(None)["cups"][2]["betting"] is False
    done = play(nxt, "P1 liar")
    assert done.data.roles[2] == "loser"
    fresh = GAME.scenario(excluded=[False, False, True, False], phase="steps", crew=[1, 1, 1, 1])
    assert fresh.data.betting == (True, True, False, True) and fresh.data.cups[2] is None


@pytest.mark.rules("P-CURSED")
def test_the_cursed_players_thirteen_twos_count_eight_for_their_own_bid():
    cups = [[1, 2, 2, 1, 2], [1, 1, 2, 3, 4], [1, 2, 2, 1, 5, 2], [3, 4, 5, 6, 3]]
    specials = {"cursed": 2}
    state = GAME.scenario(cups=cups, specials=specials, crew=[5, 5, 5, 5],
                          bids=["9 twos by P2"], turn=3)
    cupmap = {p: tuple(zip(state.view(None)["cups"][p]["dice"], state.view(None)["cups"][p]["faces"]))
              for p in range(4)}
    assert judged_count(2, cupmap, bidder=0) == 13
    assert judged_count(2, cupmap, bidder=2) == 8
    assert play(state, "P3 liar").data.roles[2] == "loser"         # 9 > 8 for P2's own bid
    eight = GAME.scenario(cups=cups, specials=specials, bids=["8 twos by P2"], turn=3)
    assert play(eight, "P3 liar").data.roles[2] == "winner"
    others = GAME.scenario(cups=cups, specials=specials, bids=["13 twos by P1"], turn=2)
    assert play(others, "P2 liar").data.roles[1] == "winner"       # others count all 13


@pytest.mark.rules("P-DICE-SPECIAL", "P-BET-ROLL")
def test_special_dice_roll_under_the_cup_with_their_faces():
    state = GAME.scenario(specials={"mermaid": 0, "ghost": 0, "pirate king": 1, "cursed": 3})
    cup = state.view(None)["cups"][0]
    assert cup["dice"] == ["normal"] * 5 + ["mermaid", "ghost"]
    assert state.pending.stream == "cup P0"
    state = play(state, *(f"P0 cup normal shows {f}" for f in (6, 1, 2, 2, 5)))
    mermaid = state.chance_outcomes()
    assert {(m.die, m.face): q for m, q in mermaid} == pytest.approx(
        {("mermaid", 1): 1 / 3, ("mermaid", 6): 1 / 3, ("mermaid", "-"): 1 / 3})
    state = state.play("P0 cup mermaid shows -")
    assert {(m.die, m.face): q for m, q in state.chance_outcomes()} == pytest.approx(
        {("ghost", 1): 0.5, ("ghost", "-"): 0.5})
    state = state.play("P0 cup ghost shows 1")
    assert state.data.cups[0] == tuple(zip(cup["dice"], (1, 2, 2, 5, 6, "-", 1)))
    assert state.pending.stream == "cup P1"


@pytest.mark.rules("P-BET-ROLL")
def test_ten_dice_cups_stay_cheap():
    state = GAME.scenario(crew=[10, 5, 5, 5])
    for k in range(10):              # one chance node of six faces per die, not 3,003 rolls
        assert len(state.chance_outcomes()) == 6 and state.pending.stream == "cup P0"
        state = state.play(state.chance_outcomes()[k % 6][0])
    assert len(state.data.cups[0]) == 10 and state.pending.stream == "cup P1"


@pytest.mark.rules("P-BID-OPEN", "P-VAR-OPEN")
def test_the_opening_quantity_is_at_most_the_number_of_players():
    state = GAME.scenario(cups=SEED_CUPS)
    assert max(m.quantity for m in state.legal_moves()) == 4
    assert state.why_not(Bid(0, 5, 2)).rule == "P-BID-OPEN"
    assert state.why_not(Liar(0)).rule == "P-LIAR"
    three = GAME.scenario(cups=[SEED_CUPS[0], SEED_CUPS[1], None, SEED_CUPS[3]],
                          betting=[True, True, False, True])
    assert max(m.quantity for m in three.legal_moves()) == 4
    parts = load(4, open_cap="participants").scenario(
        cups=[SEED_CUPS[0], SEED_CUPS[1], None, SEED_CUPS[3]], betting=[True, True, False, True])
    assert max(m.quantity for m in parts.legal_moves()) == 3
    open_ = load(4, variants=("open bidding",)).scenario(cups=SEED_CUPS)
    assert max(m.quantity for m in open_.legal_moves()) == 20


@pytest.mark.rules("P-BID-MAX")
def test_bids_stop_at_the_dice_in_play():
    state = GAME.scenario(cups=SEED_CUPS, bids=["19 sixes by P0"], turn=1)
    assert state.why_not(Bid(1, 21, 2)).rule == "P-BID-MAX"
    assert {str(m) for m in state.legal_moves()} == {"P1 liar", "P1 exact", "P1 bid 20 twos",
                                                     "P1 bid 20 threes", "P1 bid 20 fours",
                                                     "P1 bid 20 fives", "P1 bid 20 sixes",
                                                     "P1 bid 20 twos exact", "P1 bid 20 threes exact",
                                                     "P1 bid 20 fours exact", "P1 bid 20 fives exact",
                                                     "P1 bid 20 sixes exact"}


@pytest.mark.rules("P-BID-OPEN", "P-BID-RAISE", "P-BID-MAX", "P-EXACT-1")
@settings(max_examples=200, deadline=None)
@given(asks=st.lists(st.tuples(st.integers(0, 5),
                               st.none() | st.tuples(st.integers(1, 70), st.sampled_from(BID_FACES)),
                               st.integers(1, 70), st.integers(1, 70), st.booleans()),
                     min_size=1, max_size=8))
def test_the_listed_bids_are_every_legal_raise_whatever_was_listed_before(asks):
    """`bid_moves` slices one ladder per seat that grows as games put more dice in play:
    each listing is still Liar (and Exact), then every legal raise up to the dice in
    play, then the same raises locked exact, whatever totals were asked before."""
    for p, standing, cap, total, exact in asks:
        cap = min(cap, total)
        listed = bid_moves(p, standing, cap, total, exact)
        pairs = legal_raises(standing, players=0, total_dice=total, open_cap=cap)
        head = [] if standing is None else [Liar(p), Exact(p)] if exact else [Liar(p)]
        locked = [Bid(p, q, f, True) for q, f in pairs] if exact and standing is not None else []
        assert list(listed) == head + [Bid(p, q, f) for q, f in pairs] + locked


@pytest.mark.rules("P-VAR-NOEXACT")
def test_no_exact_variant():
    state = load(4, variants=("no exact",)).scenario(cups=SEED_CUPS, bids=["4 threes by P0"], turn=1)
    assert Exact(1) not in state.legal_moves()
    assert state.why_not(Exact(1)).rule == "P-VAR-NOEXACT"
    with pytest.raises(IllegalMove):
        state.play("P1 bid 5 threes exact")


@pytest.mark.rules("P-BET-LONE")
def test_a_lone_participant_wins():
    game = load(2)
    state = game.scenario(excluded=[False, True], phase="steps", crew=[1, 1])
    assert state.data.roles == ("winner", "loser") and state.pending.stream == "sail die"


@pytest.mark.rules("P-HIDDEN-1")
def test_no_cup_face_reaches_another_player_before_the_reveal():
    state = GAME.new(seed=4)
    for viewer in range(4):
        view = state.view(viewer)
        for p, cup in enumerate(view["cups"]):
            assert (cup["faces"] is not None) == (p == viewer)
        texts = str(GAME.scene(view)) + str(state.visible_events(viewer))
        for p in range(4):
            if p != viewer:
                assert f"P{p} rolls their cup:" not in texts
        sample = state.determinize(viewer, random.Random(1))
        assert sample.data.cups[viewer] == state.data.cups[viewer]
        obs = observe(state, viewer)
        assert obs.view == view
    # the teacher sees all; after the call everyone does
    called = play(state, state.legal_moves()[0], *[])
    while called.view(1)["call"] is None:
        called = play(called, next(m for m in called.legal_moves() if isinstance(m, Liar))
                      if any(isinstance(m, Liar) for m in called.legal_moves()) else called.legal_moves()[0])
    assert all(c["faces"] is not None for c in called.view(1)["cups"] if c["betting"])


@pytest.mark.rules("P-HIDDEN-1")
def test_determinized_cups_differ_but_keep_the_dice():
    state = GAME.new(seed=5)
    seen = set()
    for i in range(20):
        sample = state.determinize(0, random.Random(i))
        assert sample.view(0) == state.view(0)
        seen.add(sample.data.cups[1])
        assert [n for n, _ in sample.data.cups[1]] == [n for n, _ in state.data.cups[1]]
    assert len(seen) > 1
