"""Setup, the four actions, the deck as chance, the end of the game and scoring."""
from __future__ import annotations

import pytest

import explorer
from explorer import CHANCE
from explorer.games.summoners.cards import ELEMENT_DECK, SPIRIT_DECK
from explorer.games.summoners.moves import Buy, Cycle, Draw, Pass, Play, Reveal


@pytest.mark.rules("S-CARDS-1", "S-SETUP-1", "S-SETUP-2", "S-SETUP-3", "S-SETUP-4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    s = explorer.load("summoners", players=players).new(seed=3)
    d = s.data
    assert len(ELEMENT_DECK) == 42 and len(SPIRIT_DECK) == 12
    assert all(len(h) == 4 for h in d.hands) and all(len(h) == 3 for h in d.spirits)
    assert len(d.spirit_box) == 12 - 3 * players
    assert len([c for c in d.market if c]) == 5 and len(d.grid) == 1 and d.grid[0][:2] == (0, 0)
    assert len(d.deck.unseen) == 42 - 4 * players - 6
    assert d.mana == (8,) * players and d.sculptures == (None,) * players
    assert s.to_move == 0
    later = explorer.load("summoners", players=players, first_player=1).new(seed=3)
    assert later.to_move == 1


@pytest.mark.rules("S-CYCLE-1", "S-DECK-1", "S-DECK-2", "S-HIDDEN-1")
def test_cycle_puts_a_known_card_on_the_bottom_and_draws_by_chance(game):
    s = game.new(seed=1)
    card = s.data.hands[0][0]
    s = s.play(Cycle(0, card))
    assert s.to_move == CHANCE and s.data.deck.bottom == (card,)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(s.data.deck.unseen)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    drawn = outcomes[0][0].card
    s = s.play(Reveal(drawn))
    assert drawn in s.data.hands[0] and card not in s.data.hands[0]
    assert s.to_move == 1 and s.data.sculptures == (None, None)
    [mine] = [e for e in s.view(0)["events"] if e["kind"] == "draw"]
    [theirs] = [e for e in s.view(1)["events"] if e["kind"] == "draw"]
    assert drawn in mine["text"] or "draws the" in mine["text"]
    assert theirs["text"] == "P0 draws a card"


@pytest.mark.rules("S-DECK-2", "S-CYCLE-1")
def test_known_bottom_cards_are_drawn_in_order_without_chance(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []], deck=["R3", "R4"])
    s = s.play(Cycle(0, "B5"))
    assert s.data.hands[0] == ("R3",) and s.data.deck.unseen == ()
    assert s.data.deck.bottom[0] == "R4" and s.data.deck.bottom[-1] == "B5"
    assert s.to_move == 1


@pytest.mark.rules("S-DRAW-1", "S-DRAW-2")
def test_draw_then_play(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []], deck=["R3"])
    s = s.play(Draw(0))
    assert s.data.phase == "play" and s.data.hands[0] == ("B5", "R3")
    assert s.why_not(Cycle(0, "B5")).rule == "S-DRAW-1"
    s = s.play(Play(0, "R3", (1, 1)))
    assert s.data.sculptures[0] == (1, 1) and s.to_move == 1
    rest = [c for c in ELEMENT_DECK if c not in ("G2", "B5")]
    empty = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], rest])
    assert Draw(0) not in empty.legal_moves()
    assert empty.why_not(Draw(0)).rule == "S-DRAW-2"
    loose = explorer.load("summoners", players=2, draw_needs_deck=False)
    s2 = loose.scenario(grid={(0, 0): "G2"}, hands=[["B5"], rest])
    assert s2.play(Draw(0)).data.phase == "play"


@pytest.mark.rules("S-BUY-1")
def test_buy_pays_a_mana_takes_the_card_and_refills_by_chance(game):
    s = game.new(seed=2)
    card = s.data.market[3]
    s = s.play(Buy(0, 3, card))
    assert s.data.mana == (7, 8) and s.data.box_mana == 1
    assert card in s.data.hands[0] and s.to_move == CHANCE and s.data.market[3] == ""
    s = s.play(s.legal_moves()[0])
    assert s.data.market[3] and s.data.phase == "play"
    broke = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []], market=["R3"], mana=[0, 8])
    assert not any(isinstance(m, Buy) for m in broke.legal_moves())
    assert broke.why_not(Buy(0, 0, "R3")).rule == "S-BUY-1"
    known = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []], market=["R3"], deck=["R9"])
    after = known.play(Buy(0, 0, "R3"))
    assert after.data.market[0] == "R9" and after.data.phase == "play"


@pytest.mark.rules("S-PASS-1", "S-END-2", "S-SCORE-1", "S-SCORE-2")
def test_a_full_round_of_passes_ends_and_ties_share(game):
    s = game.scenario(grid={(0, 0): "G2", (1, 1): "BJ"}, summoned=[["BJ"], []], mana=[6, 8])
    s = s.play(Pass(0))
    assert not s.is_over and s.to_move == 1
    s = s.play(Pass(1))
    assert s.is_over
    out = s.outcome()
    assert out.scores == (8.0, 8.0) and out.winners == (0, 1) and out.rule == "S-END-2"
    assert "share" in out.tiebreak


@pytest.mark.rules("S-END-3")
def test_turn_limit_ends_the_game():
    g = explorer.load("summoners", players=2, max_turns=3)
    s = g.scenario(grid={(0, 0): "G2"}, hands=[["B5", "B6"], ["R2"]], deck=["R3", "R4", "R5"])
    s = s.play(Cycle(0, "B5")).play(Pass(1)).play(Cycle(0, "B6"))
    assert s.is_over and s.outcome().rule == "S-END-3"


@pytest.mark.rules("S-TURN-1")
def test_out_of_turn_and_out_of_phase_moves_are_refused(game):
    s = game.new(seed=5)
    assert s.why_not(Pass(1)).rule == "S-TURN-1"
    assert s.why_not(Play(0, s.data.hands[0][0], (1, 1))).rule == "S-TURN-1"
    assert s.why_not(Reveal("B2")).rule == "S-DECK-2"


@pytest.mark.rules("S-HIDDEN-1")
def test_views_hide_hands_spirits_and_the_deck(game):
    s = game.new(seed=4)
    v = s.view(1)
    assert v["seats"][0]["hand"] is None and v["seats"][0]["spirits"] is None
    assert v["seats"][1]["hand"] == list(s.data.hands[1])
    assert v["deck_count"] == s.data.deck.size and v["deck"] == {"bottom": []}
    text = str(v)
    for card in s.data.hands[0] + s.data.spirits[0] + s.data.deck.unseen + s.data.spirit_box:
        assert f"'{card}'" not in text
    teacher = s.view(None)
    assert teacher["seats"][0]["hand"] == list(s.data.hands[0])


@pytest.mark.rules("S-PASS-1")
def test_passing_only_when_stuck_under_the_strict_option():
    strict = explorer.load("summoners", players=2, pass_any_time=False)
    s = strict.new(seed=1)
    assert Pass(0) not in s.legal_moves()
    assert s.why_not(Pass(0)).rule == "S-PASS-1"
    rest = [c for c in ELEMENT_DECK if c != "G2"]
    stuck = strict.scenario(grid={(0, 0): "G2"}, hands=[[], rest], mana=[0, 8])
    assert stuck.legal_moves() == (Pass(0),)


@pytest.mark.rules("S-DECK-2", "S-DECK-1")
def test_cards_put_under_the_deck_are_shuffled_in_under_the_option():
    loose = explorer.load("summoners", players=2, bottom_known=False)
    s = loose.new(seed=1)
    card = s.data.hands[0][0]
    s = s.play(Cycle(0, card))
    assert s.data.deck.bottom == () and card in s.data.deck.unseen
    assert s.is_chance and s.pending.stream == "deck"
    assert s.view(1)["deck"] == {"bottom": []}


@pytest.mark.rules("S-DECK-2", "S-HIDDEN-2")
def test_a_top_known_to_the_teacher_only_is_drawn_secretly(game):
    s = game.scenario(grid={(0, 0): "G2"}, hands=[["B5"], []], deck={"top": ["R3"]})
    assert s.data.deck.top == ("R3",) and s.view(1)["deck"] == {"bottom": []}
    s = s.play(Draw(0))                         # no luck: the teacher knows the top card
    assert s.data.hands[0] == ("B5", "R3") and s.data.known == ((), ())
    assert s.visible_events(1) == [{"kind": "draw", "rule": "S-DECK-2",
                                    "text": "P0 draws a card", "player": 0}]
