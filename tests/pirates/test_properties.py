"""Whole-game properties: `_is_legal` agrees with the legal moves; coins, dice, special
dice and cards are conserved; forced moves; random play speed."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.pirates.moves import (
    Bid,
    Buy,
    BuyInfluence,
    Cargo,
    CupDie,
    Deal,
    Designate,
    Discard,
    Exact,
    InfluenceDeal,
    Keep,
    Liar,
    MoveTown,
    Pass,
    PassCurse,
    PlaceTown,
    PlayCard,
    PlayInfluence,
    Reroll,
    ReturnInfluence,
    Roll,
    Step,
    Stop,
    Target,
)

from .helpers import load, random_states

games = st.sampled_from([2, 3, 4, 6])
variants = st.fixed_dictionaries({"reroll_window": st.booleans(), "cities_of_greed": st.booleans(),
                                  "variants": st.sampled_from([(), ("instant death",), ("no exact",),
                                                               ("open bidding", "cheap cards")])})


def mutations(move, rng):
    p = getattr(move, "player", 0)
    q = (p + 1) % 6
    out = [Pass(q), Keep(p), Reroll(q), Step(p), Stop(q), Buy(p), Liar(p), Exact(q)]
    if isinstance(move, Bid):
        out += [Bid(p, move.quantity + rng.choice((-1, 1)), move.face, move.exact),
                Bid(p, move.quantity, min(6, move.face + 1), not move.exact), Bid(q, move.quantity, move.face),
                Bid(p, move.quantity, 1)]
    if isinstance(move, CupDie):
        other = "mermaid" if move.die == "normal" else "normal"
        out += [CupDie(q, move.die, move.face), CupDie(p, other, move.face), CupDie(p, move.die, 7),
                CupDie(p, move.die, "coin")]
    if isinstance(move, Roll):
        out += [Roll("battle P5", move.face), Roll("sail die", 3), Roll("pirate die", "coin")]
    if isinstance(move, (PlayCard, Discard)):
        out += [PlayCard(p, "S11"), PlayCard(q, move.card), Discard(p, "G1"), Cargo(p, move.card)]
    if isinstance(move, (Target, PassCurse)):
        out += [Target(p, move.seat + 1), PassCurse(p, p), Target(p, p)]
    if isinstance(move, PlayInfluence):
        out += [PlayInfluence(p, move.card, move.town, "bonus" if move.mode == "attack" else "attack"),
                PlayInfluence(q, move.card, move.town, move.mode), PlayInfluence(p, "I35", move.town, move.mode),
                PlayInfluence(p, move.card, "Saltmarsh", move.mode), BuyInfluence(q)]
    if isinstance(move, (PlaceTown, MoveTown, Designate)):
        out += [PlaceTown(p, "Eastport", 0), PlaceTown(q, "Eastport", 3), MoveTown(p, 0, 3),
                MoveTown(p, 3, 3), Designate(q, "Eastport"), Designate(p, "Atlantis")]
    if isinstance(move, ReturnInfluence):
        out += [ReturnInfluence(q, move.card), ReturnInfluence(p, "I35"), InfluenceDeal("I1")]
    out += [Deal("G1"), Cargo(p, "coin"), Cargo(p, "crew")]
    return out


@pytest.mark.rules("P-BID-RAISE", "P-TARGET", "P-ACT-ORDER", "P-REROLL-WINDOW")
@settings(max_examples=6, deadline=None)
@given(games, st.integers(0, 10**6), variants)
def test_is_legal_agrees_with_legal_moves(players, seed, options):
    game = load(players, **options)
    rng = random.Random(seed)
    states = random_states(game, seed, steps=300)
    elsewhere = [m for s in states[::7] for m in s.legal_moves()[:30]]
    for state in states[::3]:
        if state.is_over:
            continue
        legal = set(state.legal_moves())
        fresh = type(state)(state.game, state.data, state.events)
        tried = rng.sample(sorted(legal, key=str), min(40, len(legal))) + rng.sample(elsewhere, min(30, len(elsewhere)))
        for move in list(tried):
            tried += mutations(move, rng)
        for move in tried:
            assert fresh._is_legal(move) == (move in legal), move
            assert (fresh.why_not(move) is None) == (move in legal), move


@pytest.mark.rules("P-SETUP-SUPPLY", "P-SPECIAL-UNIQUE")
@settings(max_examples=6, deadline=None)
@given(games, st.integers(0, 10**6), variants)
def test_coins_dice_and_cards_are_conserved(players, seed, options):
    game = load(players, **options)
    deck = Counter(game.catalogue.deck())
    for state in random_states(game, seed, steps=800):
        d = state.data
        assert d.supply + sum(d.coins) == game.options.coin_supply
        assert d.bag + sum(d.crew) == game.options.crew_bag and min(d.crew + (d.bag,)) >= 0
        assert len(d.specials) == 5 and all(-1 <= o < players for o in d.specials)
        cards = Counter(c for h in d.hands for c in h) + d.deck.counts() + Counter(d.discard)
        assert cards == deck
        for p in range(players):
            dice = d.crew[p] + sum(o == p for o in d.specials)
            if not d.out[p] and d.phase != "final" and d.stage != "over":
                assert 1 <= dice <= game.params[p]["cup_limit"] + 0 or d.crew[p] >= 1
            if not game.params[p]["instant_death"] and d.phase not in ("final", "over"):
                assert d.crew[p] >= 1                          # the floor [P-CREW-FLOOR]
        if d.phase == "betting" and not d.call:
            for p in range(players):
                if d.cups[p] is not None:
                    assert len(d.cups[p]) == d.crew[p] + sum(o == p for o in d.specials)


@pytest.mark.rules("P-ROUND-1")
def test_random_games_end_and_are_fast():
    import time
    game = load(4)
    steps = 0
    start = time.perf_counter()
    for seed in range(10):
        line = random_states(game, seed, steps=20000)
        assert line[-1].is_over and line[-1].outcome() is not None
        steps += len(line)
    assert steps / (time.perf_counter() - start) > 1000


def test_a_work_copy_freezes_back_to_the_same_data():
    """`round.Work` reads the data's fields by position and writes them back the same
    way: the round trip is the identity, field by field, for positions of every kind."""
    from explorer.games.pirates.data import FIELDS
    from explorer.games.pirates.round import Work
    for game in (load(3, draft=True), load(4, cities_of_greed=True, map="build")):
        for state in random_states(game, 11, steps=400)[::9]:
            work = Work(state.game, state.data)
            assert {f: getattr(work, f) for f in FIELDS} == state.data._asdict()   # by name
            data, events = work.freeze()
            assert type(data) is type(state.data) and data == state.data and events == ()
