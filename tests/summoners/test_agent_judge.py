"""The greedy agent's worth of a play is its definition, worked out the plain way.

`_Judge.value` works out once per cell what does not depend on the card (`_Spot`, or
`DULL`), with flanks read from tables asked of `grid.flanked`, and keeps it from one
decision to the next until a cell near it changes; here each play's worth is made from
scratch with the card put on a copy of the layout, every candidate asked
`grid.flanked` and every cell around asked `grid.spirits_at`. The positions and games
run one after another through the same judges, so the spots they kept from earlier
positions (and other games) are checked too, and so is the choice `best_play` makes:
the play of the highest worth plus its noise, drawn in order.
"""
from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.agents import observe
from explorer.games.summoners import GreedySummonersAgent, fast
from explorer.games.summoners import grid as g
from explorer.games.summoners.cards import SPIRIT_ORDER, is_spirit
from explorer.games.summoners.judge import (
    _JUDGES,
    DISPLACE,
    DULL,
    FLANK_OTHER,
    FLANKED_SELF,
    NEAR,
    OPEN_SUMMON,
    PLAIN,
    ROOM,
    _Board,
    _Judge,
    _new_rows,
    _Spot,
    best_play,
    judge_for,
)
from explorer.games.summoners.moves import Play
from explorer.games.summoners.view import SummonersSeat, seat_view

from .helpers import random_states


def plain_value(seen: SummonersSeat, cell, card: str) -> float:
    cells = {(x, y): c for x, y, c in seen.grid}
    me = seen.seat
    owners = {where: p for p, where in enumerate(seen.sculptures) if where is not None}
    value = DISPLACE if cell in cells and owners.get(cell, me) != me else 0.0
    cells[cell] = card
    for c in g.flank_candidates(cell):
        if c in cells and g.flanked(cells, c, True):
            if c == cell:
                value += FLANKED_SELF
            elif not is_spirit(cells[c]):
                value += FLANK_OTHER + (DISPLACE if owners.get(c, me) != me else 0.0)
    if seen.mana[me] >= 2 and seen.spirits:
        for loc in g.flank_candidates(cell):
            found = g.spirits_at(cells, loc, True)
            value += sum(OPEN_SUMMON * SPIRIT_ORDER[s[1:]] for s in seen.spirits if s in found)
    return value


def laid_out(judge: _Judge) -> dict:
    """The layout a judge's board holds, as {(x, y): plain card}."""
    board = judge.board
    return {(board.x0 + at // board.height, board.y0 + at % board.height): card
            for at, card in enumerate(board.cards) if card is not None}


def check_judge(seen: SummonersSeat, plays) -> int:
    """Every play of one decision is worth its plain value by the seat's judge, a spot
    told dull is dull when read afresh, the judge's board is the layout and the layout
    the state shares is left as it was; returns how many plays open a summon."""
    opened = 0
    judge = judge_for(seen)
    board = judge.board
    for move in plays:
        assert isinstance(move, Play)
        value = judge.value(move.cell, move.card)
        assert value == pytest.approx(plain_value(seen, move.cell, move.card), abs=1e-12), move
        opened += value >= OPEN_SUMMON
        if judge.spot(move.cell) is DULL:
            board = judge.board
            assert _Spot(board.cards, board.index(*move.cell), board.height, board.rivals,
                         judge.members).dull
    assert laid_out(judge) == {(x, y): PLAIN[c] for x, y, c in seen.grid}
    assert fast.cells_of(seen.grid) == {(x, y): c for x, y, c in seen.grid}
    return opened


def check_plays(game, seed: int) -> int:
    """`check_judge` at every play step of one random game; returns how many plays
    open a summon."""
    opened = 0
    for state in random_states(game, seed, steps=600):
        if state.is_over or state.is_chance or state.data.phase != "play":
            continue
        opened += check_judge(seat_view(state, state.to_move), state.legal_moves())
    return opened


def plain_choice(seen: SummonersSeat, plays, rng: random.Random) -> Play:
    """The play of the highest plain value plus a noise of up to 0.1 drawn per play in
    order, the first of equal ones: what `best_play` promises."""
    best, best_value = plays[0], float("-inf")
    for move in plays:
        value = rng.random() * 0.1 + plain_value(seen, move.cell, move.card)
        if value > best_value:
            best, best_value = move, value
    return best


def check_choice(seen: SummonersSeat, plays, rng: random.Random) -> Play:
    """`best_play` makes the plain choice and draws as much luck (the same state after)."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    chosen = best_play(seen, plays, rng)
    assert chosen is plain_choice(seen, plays, twin)
    assert rng.getstate() == twin.getstate()
    return chosen


@pytest.mark.rules("S-FLANK-1", "S-FLANK-2", "S-JACK-1", "S-QUEEN-1", "S-KING-1")
@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_every_play_is_worth_its_plain_value(players, seed) -> None:
    check_plays(explorer.load("summoners", players=players), seed)


def test_plays_that_open_summons_are_judged() -> None:
    assert check_plays(explorer.load("summoners", players=3), seed=3) > 50


@pytest.mark.rules("S-FLANK-1", "S-SCULPT-2", "S-SUMMON-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_choose_the_plain_best(players) -> None:
    """Greedy games (the tables `best_play` meets in a simulation), every play decision
    checked: the plain choice, and every play worth its plain value."""
    game = explorer.load("summoners", players=players)
    agent = GreedySummonersAgent()
    decisions = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while not state.is_over:
            if state.is_chance:
                state = state.play(state.sample_chance(rng))
                continue
            obs = observe(state, observes=agent.observes)
            if obs.seat.phase == "play":
                check_judge(obs.seat, obs.legal)
                move = check_choice(obs.seat, obs.legal, rng)
                decisions += 1
            else:
                move = agent.choose(obs, rng)
            state = state.play(move)
    assert decisions > 40


@settings(max_examples=4, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_random_games_choose_the_plain_best(players, seed) -> None:
    """At every play step of a random game (whatever position a seat meets next), the
    plain choice."""
    game = explorer.load("summoners", players=players)
    rng = random.Random(seed)
    for state in random_states(game, seed, steps=400):
        if not (state.is_over or state.is_chance) and state.data.phase == "play":
            check_choice(seat_view(state, state.to_move), state.legal_moves(), rng)


def test_a_layout_grown_past_the_board_is_read_again() -> None:
    """A row of cards grown beyond the board's room, then a play past its edge: the
    judge lays its board out again, keeps the spots it had, and judges the same."""
    def seen(grid, sculptures=(None, None)) -> SummonersSeat:
        return SummonersSeat(0, "play", tuple(sorted(grid)), (3, 3), ("BJ",), sculptures)

    start = seen([(0, 0, "B5"), (1, 0, "R4")])
    check_judge(start, [Play(0, "Y3", (0, 1)), Play(0, "Y3", (-1, 0))])
    width = judge_for(start).board.width
    row = [(x, 0, "B5" if x % 2 else "R4") for x in range(ROOM)]
    grown = seen(row, sculptures=((ROOM - 1, 0), (0, 0)))
    far = [Play(0, card, (ROOM, y)) for card in ("Y3", "BA", "X1") for y in (-1, 0, 1)]
    check_judge(grown, [Play(0, "Y3", (2, 1))] + far)
    assert judge_for(grown).board.width > width
    check_choice(grown, far, random.Random(5))



def test_each_thread_has_its_own_judges() -> None:
    """A judge changes as it reads a position, so games played in threads at once (an
    executor of threads) must not share one: the same seat and hand in another thread
    gets another judge, and the same thread its own again. (The judges made by the
    tests before are dropped first: the table is emptied when it is full.)"""
    _JUDGES.clear()
    seen = SummonersSeat(0, "play", ((0, 0, "B5"),), (3, 3), ("BJ",), (None, None))
    mine = judge_for(seen)
    theirs: list[_Judge] = []
    thread = threading.Thread(target=lambda: theirs.append(judge_for(seen)))
    thread.start()
    thread.join()
    assert theirs[0] is not mine
    assert judge_for(seen) is mine


LAYOUT = st.dictionaries(st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
                         st.sampled_from(["B5", "GA", "RK", "X1", "Y9"]), max_size=20)


@settings(max_examples=200, deadline=None)
@given(before=LAYOUT, after=LAYOUT, shared=st.booleans())
def test_a_judge_finds_the_cells_that_changed(before, after, shared) -> None:
    """`_new_rows` (the judge's walk of two sorted layouts) names the cells whose card
    differs, with the card now there (None: emptied), like a comparison of the two as
    sets; rows kept from one layout to the next may be the very same objects."""
    old = tuple(sorted((x, y, c) for (x, y), c in before.items()))
    rows = {row[:2]: row for row in old}
    new = tuple(sorted(rows[cell] if shared and rows.get(cell, (0, 0, ""))[2] == c else (*cell, c)
                       for cell, c in after.items()))
    expected = {(x, y): after.get((x, y)) for x, y, c in set(old) ^ set(new)}
    found = _new_rows(old, new)
    assert {(x, y): c for x, y, c in found} == expected
    assert len(found) == len(expected)


@pytest.mark.parametrize("cell", [(0, 0), (-5, 2), (7, 7), (-8, -7), (20, 0)])
def test_a_board_forgets_the_spots_that_read_a_cell(cell) -> None:
    """`_Board.forget` empties the spots of the thirteen cells of `NEAR` around a cell
    (those that are on the board), and no other."""
    board = _Board(((0, 0, "B5"), (1, 0, "GA")), frozenset(), None, None)
    board.spots = [DULL] * len(board.spots)
    board.forget(*cell)
    x, y = cell
    near = {board.index(x + dx, y + dy) for dx, dy in NEAR if board.on(x + dx, y + dy)}
    assert {i for i, spot in enumerate(board.spots) if spot is None} == near
