"""The decisions the Summoners search does not branch on (`heuristic.policy`): a play is
judged one step ahead from the mover's own view, a summon window takes the highest
Spirit card, and the turn's action is left to the search."""
from __future__ import annotations

import random

import pytest

from explorer.core import CHANCE
from explorer.core.agents import observe
from explorer.core.mcts import MCTSAgent, policy_for
from explorer.games.summoners import heuristic
from explorer.games.summoners.cards import ELEMENT_DECK
from explorer.games.summoners.moves import Buy, Cycle, Decline, Draw, Pass, Play, Summon

from .helpers import random_states

pytestmark = pytest.mark.rules("S-DRAW-1", "S-JACK-1", "S-QUEEN-1", "S-SUMMON-1", "S-SCULPT-2",
                               "S-FLANK-1", "S-WINDOW-1", "S-TURN-1", "S-CYCLE-1",
                               "S-DRAW-2", "S-END-2")


def at_play(game, grid, hand, spirits=("BJ", "BQ", "BK"), mana=8, **fields):
    """P0 to play one of `hand`, holding `spirits` and `mana`; P1 holds a red King and green Spirits."""
    return game.scenario(grid=grid, hands=[list(hand), ["R2"]], phase="play",
                         spirits=[list(spirits), ["RK", "GJ", "GQ"]], mana=[mana, 8], **fields)


def test_a_play_that_shows_a_site_for_the_movers_own_spirit_is_chosen(game) -> None:
    # a blue at 2,0 (or 0,2) puts the blue 9 and it on both sides of 1,0 (or 0,1): the
    # Jack's site; no other play shows one
    state = at_play(game, {(0, 0): "B9", (1, 1): "G4"}, ["B3", "Y5"])
    chosen = heuristic.policy(state)
    assert chosen in (Play(0, "B3", (2, 0)), Play(0, "B3", (0, 2)))
    assert any(spirit == "BJ" for _, spirit in state.play(chosen).data.sites)


def test_without_the_mana_to_summon_a_site_counts_for_nothing(game) -> None:
    rich = at_play(game, {(0, 0): "B9", (1, 1): "G4"}, ["B3"])
    poor = at_play(game, {(0, 0): "B9", (1, 1): "G4"}, ["B3"], mana=1)
    site = Play(0, "B3", (2, 0))
    assert heuristic._Placer(rich).value(site.cell, site.card) > heuristic._Placer(
        poor).value(site.cell, site.card)


def test_a_card_of_the_movers_own_suits_goes_down_before_another(game) -> None:
    state = at_play(game, {(0, 0): "G9"}, ["B3", "Y5"])
    assert heuristic.policy(state).card == "B3"
    yellow = at_play(game, {(0, 0): "G9"}, ["B3", "Y5"], spirits=("YJ",))
    assert heuristic.policy(yellow).card == "Y5"


def test_a_play_avoids_a_cell_where_its_card_is_flanked_at_once(game) -> None:
    # green beats yellow: the yellow 10 between the two greens would leave the layout
    state = at_play(game, {(0, 0): "G2", (2, 0): "G3"}, ["Y10"], spirits=("RJ",))
    placer = heuristic._Placer(state)
    assert placer.value((1, 0), "Y10") < placer.value((1, 1), "Y10")
    assert heuristic.policy(state) != Play(0, "Y10", (1, 0))


def test_an_ace_over_an_opponents_sculpture_displaces_it(game) -> None:
    state = at_play(game, {(0, 0): "B9", (1, 0): "G5"}, ["RA"], spirits=("YJ",),
                    sculptures=[None, (0, 0)])
    assert heuristic.policy(state) == Play(0, "RA", (0, 0), True)


def test_the_window_summons_the_highest_spirit_card_a_site_shows(game) -> None:
    grid = {(0, 0): "B9", (2, 0): "B8", (1, 1): "B7"}     # 1,0: the Jack's and Queen's site
    state = game.scenario(grid=grid, spirits=[["BJ", "BQ"], []], phase="summon", window=[0])
    legal = state.legal_moves()
    assert {m.card for m in legal if isinstance(m, Summon)} == {"BJ", "BQ"}
    chosen = heuristic.policy(state)
    assert isinstance(chosen, Summon) and chosen.card == "BQ" and chosen in legal
    nothing = game.scenario(grid=grid, spirits=[["RJ"], []], phase="summon", window=[0])
    assert nothing.legal_moves() == (Decline(0),) and heuristic.policy(nothing) is None


def test_with_an_empty_deck_and_nothing_to_buy_the_action_is_a_pass(game) -> None:
    rest = [c for c in ELEMENT_DECK if c not in ("B9", "R2", "G7")]
    empty = {"unseen": [], "top": [], "bottom": []}
    stalled = game.scenario(grid={(0, 0): "B9"}, hands=[rest, ["R2", "G7"]], deck=empty)
    legal = stalled.legal_moves()
    assert {type(m) for m in legal} == {Cycle, Pass}
    assert heuristic.policy(stalled) == Pass(0)
    cycled = stalled.play(Cycle(0, "B3"))          # the card comes straight back
    assert cycled.data.hands[0] == stalled.data.hands[0] and cycled.data.deck.empty
    market = game.scenario(grid={(0, 0): "B9"}, hands=[rest, ["R2"]], market=["G7"], deck=empty)
    assert any(type(m) is Buy for m in market.legal_moves())
    assert heuristic.policy(market) is None
    deck = game.scenario(grid={(0, 0): "B9"}, hands=[rest, ["R2"]], deck=["G7"])
    assert Draw(0) in deck.legal_moves() and heuristic.policy(deck) is None


def _decisions(game, seeds):
    for seed in seeds:
        for state in random_states(game, seed, steps=150):
            if state.to_move is not None and state.to_move != CHANCE:
                yield state


def test_the_policy_gives_a_legal_move_at_plays_and_windows_and_leaves_actions(game) -> None:
    steps = set()
    for state in _decisions(game, range(3)):
        step = state.pending.step
        chosen = heuristic.policy(state)
        if step == "action":
            assert chosen is None or (chosen == Pass(state.to_move) and state.data.deck.empty)
        elif step == "play":
            assert chosen in state.legal_moves()
        elif chosen is not None:
            assert isinstance(chosen, Summon) and chosen in state.legal_moves()
        steps.add(step)
    assert steps == {"action", "play", "summon"}


def test_the_policy_reads_nothing_the_mover_cannot_see(game) -> None:
    """Redealing what the mover cannot see (the other hands and Spirit cards, the deck)
    never changes the fixed move: the search calls the policy inside sampled worlds."""
    rng = random.Random(7)
    checked = 0
    for state in _decisions(game, range(3, 6)):
        chosen = heuristic.policy(state)
        if chosen is None:
            continue
        mover = state.to_move
        for _ in range(3):
            world = state.determinize(mover, rng)
            assert world.data.hands[mover] == state.data.hands[mover]
            assert heuristic.policy(world) == chosen
        checked += 1
    assert checked > 20


def test_the_search_plays_the_fixed_play_and_searches_the_action(game) -> None:
    """MCTS finds the policy beside the game (`core.mcts.policy_for`): at a play it makes
    the judged play without a search, at the turn's action it still chooses itself."""
    assert policy_for(game) is heuristic.policy
    state = at_play(game, {(0, 0): "B9", (1, 1): "G4"}, ["B3", "Y5"])
    agent = MCTSAgent(iterations=20, worlds=4)
    assert agent.choose(observe(state, observes=agent.observes), random.Random(1)) == \
        heuristic.policy(state)
    action = game.scenario(grid={(0, 0): "B9", (1, 1): "G4"}, hands=[["B3", "Y5"], ["R2"]],
                           spirits=[["BJ"], ["RK"]])
    assert heuristic.policy(action) is None
    assert agent.choose(observe(action, observes=agent.observes),
                        random.Random(1)) in action.legal_moves()
