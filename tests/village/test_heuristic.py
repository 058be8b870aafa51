"""What the Village search heuristic (explorer/games/village/heuristic.py) values: each
seat's estimated final points, and for the player to move the best lead gain of the
move they are about to make, checked against the engine playing that move."""
from __future__ import annotations

import random

import pytest

from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent
from explorer.games.village import heuristic
from explorer.games.village.moves import Curse

from .helpers import load

GAME = load(2)
TRACK = "Axe Feather Scroll Sword Crown Egg"   # values 1 1 2 2 3 4


def plain(state) -> tuple[float, ...]:
    """Each seat's estimate without the mover's move (TEMPO 0)."""
    end = heuristic.endgame(state)
    value = heuristic.token_values(state.data.track, state.game.options.track_values)
    return tuple(heuristic.worth(heuristic.holding(hand, mine, end), value)
                 for hand, mine in zip(state.data.hands, heuristic.bribe_cards(state)))


def lead(state, seat: int) -> float:
    mine = plain(state)
    return mine[seat] - max(p for s, p in enumerate(mine) if s != seat)


@pytest.mark.rules("V-SCORE-1", "V-END-2")
def test_without_a_move_to_make_the_estimate_is_bribes_and_hand() -> None:
    state = GAME.scenario(track=TRACK, hands=["Crown*2", "Axe"], bribes=[{"Crown": 3}, {}],
                          to_move=1)
    # P1 to move holds one Axe and the stalls are empty: a bribe of that Axe is its move
    points = heuristic.points(state)
    assert points[0] == pytest.approx(5 * 3)     # 3 bribed Crowns and 2 in hand at value 3
    assert points[1] > plain(state)[1]           # the Axe bribe is worth something to P1
    assert heuristic.value(state)[0] > 0.9


@pytest.mark.rules("V-BRIBE-4", "V-BRIBE-5")
def test_the_movers_bribe_gain_is_the_lead_the_engine_gives_after_it() -> None:
    state = GAME.scenario(track=TRACK, hands=["Axe*3", "Sword*2"], bribes=[{"Axe": 1}, {"Sword": 1}],
                          deck_top="Wild")      # the refill turns up a Wild and stops
    end = heuristic.endgame(state)
    after = state.play("P0 bribe Axe*3")
    assert after.data.track != state.data.track
    gain = heuristic.mover_gain(state, end, [heuristic.holding(h, m, end) for h, m in
                                             zip(state.data.hands, heuristic.bribe_cards(state))])
    assert gain == pytest.approx(lead(after, 0) - lead(state, 0))
    assert gain > 0
    assert heuristic.points(state)[0] == pytest.approx(plain(state)[0] + heuristic.TEMPO * gain)


@pytest.mark.rules("V-MARKET-5", "V-MARKET-6")
def test_a_full_free_stall_is_worth_its_cards_to_the_player_to_move_only() -> None:
    stalls = {0: "Crown*4"}
    mover = GAME.scenario(track=TRACK, hands=["Egg", "Egg"], bribes=[{"Crown": 1}, {"Crown": 1}],
                          stalls=stalls, to_move=0)
    waiting = GAME.scenario(track=TRACK, hands=["Egg", "Egg"], bribes=[{"Crown": 1}, {"Crown": 1}],
                            stalls=stalls, to_move=1)
    assert plain(mover) == plain(waiting)
    assert heuristic.points(mover)[0] == pytest.approx(plain(mover)[0] + heuristic.TEMPO * 4 * 3)
    assert heuristic.value(mover)[0] > 0.5 > heuristic.value(waiting)[0]


@pytest.mark.rules("V-CURSE-1", "V-CURSE-2", "V-CURSE-3")
def test_at_a_curse_step_the_mover_is_credited_with_the_best_curse() -> None:
    state = GAME.scenario(track=TRACK, hands=["Axe", "Scroll"], bribes=[{"Axe": 2}, {"Egg": 3}],
                          phase="curse", paid="Egg Axe", to_move=0)
    curses = [state.play(m) for m in state.legal_moves()]
    assert all(isinstance(m, Curse) for m in state.legal_moves())
    best = max(lead(after, 0) for after in curses) - lead(state, 0)
    end = heuristic.endgame(state)
    holdings = [heuristic.holding(h, m, end) for h, m in zip(state.data.hands, heuristic.bribe_cards(state))]
    assert heuristic.mover_gain(state, end, holdings) == pytest.approx(best)
    assert best > 0    # cursing P1's Egg from the top beats cursing P0's own Axe


@pytest.mark.rules("V-MARKET-3", "V-MARKET-4")
def test_the_cheapest_payment_holds_a_treasure_and_pays_exactly_the_cost() -> None:
    hand = (1, 0, 0, 0, 0, 2, 3)           # Axe, Egg*2, Wild*3
    worth = (0.3, 0.3, 0.6, 0.6, 0.9, 1.2, -2.0)   # wilds worth least (the end is near)
    order = sorted(range(7), key=worth.__getitem__)
    assert heuristic.cheapest_payment(hand, order, 3) == (1, 0, 0, 0, 0, 0, 2)
    assert heuristic.cheapest_payment(hand, order, 1) == (1, 0, 0, 0, 0, 0, 0)
    assert heuristic.cheapest_payment(hand, order, 0) == (0,) * 7
    assert heuristic.cheapest_payment((0, 0, 0, 0, 0, 0, 3), order, 2) is None
    assert heuristic.cheapest_payment((1, 0, 0, 0, 0, 0, 0), order, 2) is None


@pytest.mark.rules("V-SCORE-2", "V-SCORE-3", "V-END-3")
def test_at_the_end_the_estimate_is_the_score() -> None:
    state = GAME.scenario(track=TRACK, hands=["Crown Axe Wild", "Egg"], bribes=[{"Crown": 2}, {"Egg": 1}],
                          deck={})
    over = state.play("P0 draw")           # V-DRAW-3: the empty deck ends the game
    assert over.is_over
    assert heuristic.points(over) == pytest.approx(over.scores())
    assert heuristic.endgame(over) == 1.0


@pytest.mark.rules("V-DECK-1")
def test_the_unseen_deck_counts_only_by_its_size() -> None:
    """Nobody sees the deck: two positions alike but for which cards it holds (as many)
    get the same values, so the search learns nothing from the world it sampled."""
    spec = dict(track=TRACK, hands=["Crown*2 Wild", "Egg Axe"], bribes=[{"Crown": 1}, {"Egg": 1}],
                stalls={3: "Sword", 1: "Axe"})
    one = GAME.scenario(**spec, deck="Scroll*10 Wild*2")
    other = GAME.scenario(**spec, deck="Feather*6 Sword*6")
    assert one.data.deck.size == other.data.deck.size
    assert heuristic.value(one) == heuristic.value(other)
    shares = heuristic.value(one)
    assert sum(shares) == pytest.approx(1.0) and all(0 <= s <= 1 for s in shares)


@pytest.mark.rules("V-BRIBE-1", "V-MARKET-2")
def test_the_search_takes_the_stall_that_swings_the_game() -> None:
    """P0 trails; stall 3 holds five Crowns, P0's bribed type at the top. The search
    buys it (greedy would too); P1 cannot take it first."""
    state = GAME.scenario(track=TRACK, hands=["Axe Feather Scroll", "Sword*2"],
                          bribes=[{"Crown": 1}, {"Egg": 3}], stalls={3: "Crown*5"})
    move = MCTSAgent(iterations=100).choose(observe(state), random.Random(0))
    assert str(move).startswith("P0 buy stall 3")
