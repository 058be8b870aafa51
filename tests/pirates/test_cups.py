"""A cup is rolled one die at a time [P-BET-ROLL]: the chance nodes of a cup give each
canonical roll exactly the probability core `Cup` gives it, the cheap legality of a cup
die agrees with the outcomes listed, a cup half rolled saves, resumes and hides its dice
from the others; and the cached move lists (bids) equal the lists built afresh."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import Cup, InvalidInput
from explorer.games.pirates.dice import CREW_DICE, SPECIAL
from explorer.games.pirates.moves import Bid, CupDie
from explorer.games.pirates.round import dice_names

from .helpers import load, random_states

held = st.lists(st.sampled_from(SPECIAL[:4]), unique=True, max_size=2).map(
    lambda names: tuple(n for n in SPECIAL if n in names))


def rolling(crew: int, specials: tuple[str, ...]):
    """A 2-player first betting with P0's cup of `crew` normal dice and `specials` to roll."""
    return load(2).scenario(crew=[crew, 1], specials={name: 0 for name in specials})


def cup_distribution(state, p: int) -> dict[tuple, float]:
    """Every cup P`p` can end with and its probability, by walking the chance tree."""
    out: dict[tuple, float] = defaultdict(float)

    def walk(s, prob):
        if s.data.cups[p] is not None:
            out[tuple(f for _, f in s.data.cups[p])] += prob
            return
        assert s.pending.step == f"cup P{p}"
        for move, q in s.chance_outcomes():
            walk(s.play(move), prob * q)

    walk(state, 1.0)
    return dict(out)


@pytest.mark.rules("P-BET-ROLL", "P-DICE-SPECIAL")
@settings(max_examples=25, deadline=None)
@given(st.integers(1, 4), held)
def test_die_by_die_gives_the_cores_cup_distribution(crew, specials):
    state = rolling(crew, specials)
    names = dice_names(crew, specials)
    core = dict(Cup(tuple(CREW_DICE[n] for n in names)).outcomes())
    walked = cup_distribution(state, 0)
    assert walked.keys() == core.keys()
    for roll, q in core.items():
        assert walked[roll] == pytest.approx(q)


@pytest.mark.rules("P-BET-ROLL")
def test_each_die_is_a_small_chance_node_in_order():
    state = rolling(2, ("mermaid", "cursed"))
    seen = []
    for face in (5, 2, 6, "-"):
        die = state.chance_outcomes()[0][0].die
        seen.append(die)
        assert {m.face for m, _ in state.chance_outcomes()} == set(CREW_DICE[die].faces)
        state = state.play(CupDie(0, die, face))
    assert seen == ["normal", "normal", "mermaid", "cursed"]
    assert state.data.cups[0] == (("normal", 2), ("normal", 5), ("mermaid", 6), ("cursed", "-"))
    assert state.pending.step == "cup P1"


@pytest.mark.rules("P-BET-ROLL")
@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), held, st.integers(0, 10**6))
def test_cup_die_legality_agrees_with_the_outcomes(crew, specials, seed):
    rng = random.Random(seed)
    state = rolling(crew, specials)
    for _ in range(rng.randrange(crew + len(specials))):
        state = state.play(state.sample_chance(rng))
    listed = {m for m, _ in state.chance_outcomes()}
    die = next(iter(listed)).die
    candidates = [CupDie(p, name, face) for p in (0, 1) for name in ("normal", "mermaid", die)
                  for face in (1, 6, "-", 7, "coin")]
    for move in candidates:
        assert state.is_legal(move) == (move in listed), move
    assert state.sample_chance(rng) in listed


@pytest.mark.rules("P-BET-ROLL", "P-HIDDEN-1")
def test_a_cup_half_rolled_saves_resumes_and_hides_its_dice():
    state = rolling(3, ("ghost",)).play("P0 cup normal shows 4").play("P0 cup normal shows 1")
    frame = state.data.stack[-1]
    assert frame == ("cup", 0, (4, 1))
    again = state.game.state_from_json(state.to_json())
    assert again.data == state.data
    assert again.play("P0 cup normal shows 1").play("P0 cup ghost shows -").data.cups[0] == (
        ("normal", 1), ("normal", 1), ("normal", 4), ("ghost", "-"))
    mine = [f for f in state.view(0)["stack"] if f["kind"] == "cup"]
    theirs = [f for f in state.view(1)["stack"] if f["kind"] == "cup"]
    assert mine == [{"kind": "cup", "seat": 0, "rolled": 2, "faces": [4, 1]}]
    assert theirs == [{"kind": "cup", "seat": 0, "rolled": 2, "faces": None}]
    assert all("4" not in e["text"] for e in state.visible_events(1))
    rng = random.Random(3)
    sampled = {state.determinize(1, rng).data.stack[-1][2] for _ in range(40)}
    assert len(sampled) > 1 and all(len(faces) == 2 for faces in sampled)
    assert {state.determinize(0, rng).data.stack[-1][2] for _ in range(5)} == {(4, 1)}


@pytest.mark.rules("P-BET-ROLL")
@pytest.mark.parametrize("frame, why", [
    (["cup", 0, [4, 1, 2, 3]], "fewer faces"),
    (["cup", 0, [7]], "no face 7"),
    (["cup", 1, [2]], "not rolled"),
])
def test_a_malformed_cup_frame_is_refused_with_the_reason(frame, why):
    state = rolling(3, ("ghost",)).play("P0 cup normal shows 4")
    raw = state.to_json()
    import json
    data = json.loads(raw)
    if frame[1] == 1:               # P1's cup is not rolled: P0's is, so P1 may not be rolling
        data["data"]["cups"][0] = [["normal", 1]] * 3 + [["ghost", 1]]
        frame = ["cup", 0, [2]]
    data["data"]["stack"] = [frame]
    with pytest.raises(InvalidInput, match=why):
        state.game.state_from_json(json.dumps(data))


@pytest.mark.rules("P-BET-ROLL")
def test_a_cup_move_reads_back_and_names_a_wrong_die_or_face():
    state = rolling(1, ())
    assert state.game.parse_move("p0 cup normal shows 6") == CupDie(0, "normal", 6)
    with pytest.raises(InvalidInput, match="move.die"):
        state.game.parse_move("P0 cup golden shows 6")
    with pytest.raises(InvalidInput, match="move.face"):
        state.game.parse_move("P0 cup ghost shows 6")


@pytest.mark.rules("P-BID-RAISE", "P-BID-OPEN", "P-BID-MAX")
def test_cached_bid_lists_are_shared_and_equal_the_rule():
    game = load(3)
    seen = 0
    for state in random_states(game, 5, steps=600):
        if state.pending.step != "bid":
            continue
        seen += 1
        moves = state.legal_moves()
        standing, cap, total = state.bid_bounds()
        bids = [x for x in moves if isinstance(x, Bid) and not x.exact]
        if standing is None:
            assert bids == [Bid(state.pending.seat, q, f) for q in range(1, cap + 1) for f in (2, 3, 4, 5, 6)]
        else:
            assert [(b.quantity, b.face) for b in bids] == [
                (q, f) for q in range(standing[0], total + 1) for f in (2, 3, 4, 5, 6) if (q, f) > standing]
        fresh = type(state)(state.game, state.data, state.events)
        assert fresh.legal_moves() is moves            # one shared tuple per bounds
    assert seen


@pytest.mark.rules("P-BET-ROLL", "P-HIDDEN-1")
def test_the_history_reads_each_cup_rolled_as_one_step():
    from explorer.core.tree import Explorer
    from explorer.widgets.history import study_rows
    state = load(3).scenario(phase="action", hands=[[], [], []])
    ex = Explorer(state, seed=4)
    for _ in range(4):                # everybody passes, nobody steps: a new round rolls
        ex.play(ex.nodes[ex.current].state.legal_moves()[-1])
    cups = ex.nodes[ex.current].state.data.cups
    assert all(cup is not None for cup in cups)
    teacher = [t for t in study_rows(ex)[-1]["then"] if "cup" in t]
    mine = [t for t in study_rows(ex, 0)[-1]["then"] if "cup" in t]
    faces = [" ".join(str(f) for _, f in cup) for cup in cups]
    assert len(teacher) == 3 and all(t.startswith(f"P{p} rolls their cup: {faces[p]} (the last die")
                                     for p, t in enumerate(teacher))
    assert mine == [teacher[0], "P1 has rolled their cup (hidden)", "P2 has rolled their cup (hidden)"]
