"""Sculptures, flanking and summoning: the seed's examples."""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.summoners.moves import Cycle, Decline, Pass, Play, Summon

from .helpers import at_play


def window(game, grid, spirits, **fields):
    """A position with player 0 asked in the summon window."""
    fields.setdefault("window", [0])
    return game.scenario(grid=grid, spirits=spirits, phase="summon", **fields)


def summons(state):
    return [m for m in state.legal_moves() if isinstance(m, Summon)]


@pytest.mark.rules("S-ACE-2", "S-SCULPT-1", "S-SCULPT-2", "S-DECK-1")
def test_ace_on_a_card_carrying_an_opponents_sculpture(game):
    s = at_play(game, {(0, 0): "G5", (1, 0): "R3"}, card="BA", sculptures=[(1, 0), (0, 0)])
    after = s.play(Play(0, "BA", (0, 0), over=True))
    assert after.data.sculptures == ((0, 0), None)
    assert after.data.mana == (9, 7)
    assert after.data.deck.bottom == ("G5",)
    kinds = [(e.kind, e.rule) for e in after.events]
    assert ("displace", "S-SCULPT-2") in kinds
    broke = at_play(game, {(0, 0): "G5"}, card="BA", sculptures=[None, (0, 0)], mana=[8, 0])
    assert broke.play(Play(0, "BA", (0, 0), True)).data.mana == (8, 0)   # nothing to pay


@pytest.mark.rules("S-FLANK-1", "S-FLANK-4", "S-SCULPT-2")
def test_flanked_playing_card_goes_to_the_bottom(game):
    s = at_play(game, {(0, 0): "B5", (1, 0): "R9"}, card="B10", sculptures=[None, (1, 0)])
    after = s.play(Play(0, "B10", (2, 0)))
    assert (1, 0) not in after.cells
    assert after.data.deck.bottom == ("R9",)
    assert after.data.mana == (9, 7)
    assert (1, 0) in after.frontier
    assert any(e.rule == "S-FLANK-4" for e in after.events)


@pytest.mark.rules("S-FLANK-1", "S-FLANK-5", "S-SCULPT-2")
def test_flanked_spirit_keeps_its_place_but_loses_its_sculpture(game):
    s = at_play(game, {(0, 1): "B5", (1, 1): "RJ"}, card="B7", sculptures=[None, (1, 1)],
                summoned=[[], ["RJ"]])
    after = s.play(Play(0, "B7", (2, 1)))
    assert after.cells[(1, 1)] == "RJ"
    assert after.data.sculptures == ((2, 1), None)
    assert after.data.mana == (9, 7)
    assert any(e.rule == "S-FLANK-5" for e in after.events)


@pytest.mark.rules("S-FLANK-1", "S-JOKER-2", "S-FLANK-2")
def test_joker_flanker_is_wild_and_scope_is_the_placed_card_and_neighbours(game):
    s = at_play(game, {(0, 0): "X1", (1, 0): "Y9", (0, 3): "R2", (1, 3): "G2", (2, 3): "R4"},
                card="G6")
    after = s.play(Play(0, "G6", (2, 0)))
    assert (1, 0) not in after.cells                       # Joker + green flank yellow
    assert (1, 3) in after.cells                           # far away: not checked
    wide = game.__class__(2, flank_scope="all")
    s2 = wide.scenario(grid=dict(s.cells), hands=[["G6"], []], phase="play")
    assert (1, 3) not in s2.play(Play(0, "G6", (2, 0))).cells


@pytest.mark.rules("S-FLANK-3")
def test_joker_is_flanked_by_two_cards_sharing_a_suit(game):
    s = at_play(game, {(0, 0): "Y3", (1, 0): "X1"}, card="Y9")
    assert (1, 0) not in s.play(Play(0, "Y9", (2, 0))).cells
    s2 = at_play(game, {(0, 0): "Y3", (1, 0): "X1"}, card="G9")
    assert (1, 0) in s2.play(Play(0, "G9", (2, 0))).cells
    off = game.__class__(2, jokers_flankable=False)
    s3 = off.scenario(grid={(0, 0): "Y3", (1, 0): "X1"}, hands=[["Y9"], []], phase="play")
    assert (1, 0) in s3.play(Play(0, "Y9", (2, 0))).cells


@pytest.mark.rules("S-JACK-1", "S-SUMMON-1", "S-SUMMON-2", "S-SCULPT-1", "S-WINDOW-1")
def test_blue_jack_over_a_yellow_3_between_two_blue_cards(game):
    s = at_play(game, {(0, 0): "B3", (1, 0): "Y3"}, card="B6", spirits=[["BJ"], []])
    s = s.play(Play(0, "B6", (2, 0)))
    assert s.to_move == 0 and s.data.phase == "summon"
    assert [str(m) for m in summons(s)] == ["P0 summon BJ at 1,0 using 0,0 2,0"]
    after = s.play(summons(s)[0])
    assert after.cells == {(1, 0): "BJ"}
    assert after.data.deck.bottom == ("B3", "B6", "Y3")
    assert after.data.mana == (6, 8) and after.data.box_mana == 2
    assert after.data.sculptures[0] == (1, 0)
    assert after.data.summoned == (("BJ",), ())
    assert after.scores() == (8.0, 8.0)


@pytest.mark.rules("S-JACK-1", "S-JOKER-2")
def test_joker_makes_cells_valid_for_a_yellow_or_a_red_jack(game):
    s = window(game, {(0, 0): "Y5", (2, 0): "X1", (4, 0): "R5"}, [["YJ", "RJ"], []])
    assert {str(m) for m in summons(s)} == {"P0 summon YJ at 1,0 using 0,0 2,0",
                                           "P0 summon RJ at 3,0 using 2,0 4,0"}


@pytest.mark.rules("S-JACK-1")
def test_a_jack_uses_playing_cards_only(game):
    s = window(game, {(0, 0): "BQ", (2, 0): "B5"}, [["BJ"], []],
               summoned=[["BQ"], []])
    assert summons(s) == []
    s2 = window(game, {(0, 0): "B2", (1, 0): "RJ", (2, 0): "B5"}, [["BJ"], []],
                summoned=[["RJ"], []])
    assert summons(s2) == []                                # no Jack on a Spirit card


@pytest.mark.rules("S-QUEEN-1", "S-SUMMON-2", "S-SUMMON-3")
def test_blue_queen_over_a_joker_consumes_four_cards_including_a_jack(game):
    grid = {(0, 1): "B3", (1, 1): "X1", (2, 1): "B4", (1, 0): "BJ"}
    s = window(game, grid, [["BQ"], []], summoned=[[], ["BJ"]], sculptures=[None, (1, 0)])
    move = Summon(0, "BQ", (1, 1), ((0, 1), (1, 0), (2, 1)))
    assert move in summons(s)
    after = s.play(move)
    assert after.cells == {(1, 1): "BQ"}
    assert after.data.gone == ("BJ",)
    assert after.data.summoned == (("BQ",), ("BJ",))        # the Jack still counts
    assert sorted(after.data.deck.bottom) == ["B3", "B4", "X1"]
    assert after.data.mana == (7, 7)                        # 8 - 2 + 1 ; 8 - 1
    off = game.__class__(2, consumed_spirits_count=False)
    s2 = off.scenario(grid=grid, spirits=[["BQ"], []], summoned=[[], ["BJ"]], phase="summon",
                      window=[0])
    after2 = s2.play(move)
    assert after2.data.summoned == (("BQ",), ("BJ",))      # still summoned by P1 ...
    assert after2.scores() == (after2.data.mana[0] + 4.0, float(after2.data.mana[1]))


@pytest.mark.rules("S-QUEEN-1")
def test_green_queen_over_a_blue_jack(game):
    grid = {(1, 1): "BJ", (0, 1): "G2", (2, 1): "X2", (1, 2): "GA"}
    s = window(game, grid, [["GQ"], []], summoned=[[], ["BJ"]])
    assert [str(m) for m in summons(s)] == ["P0 summon GQ at 1,1 using 0,1 1,2 2,1"]


@pytest.mark.rules("S-QUEEN-2")
def test_four_qualifying_cards_give_four_choices_of_three(game):
    grid = {(0, 1): "Y2", (2, 1): "Y3", (1, 0): "Y4", (1, 2): "Y5"}
    s = window(game, grid, [["YQ"], []])
    assert len([m for m in summons(s) if m.cell == (1, 1)]) == 4


@pytest.mark.rules("S-KING-1", "S-KING-2")
def test_king_surrounded_on_four_sides(game):
    grid = {(1, 1): "RQ", (0, 1): "R2", (2, 1): "RJ", (1, 0): "X1", (1, 2): "R9"}
    s = window(game, grid, [["RK"], []], summoned=[["RJ"], ["RQ"]])
    assert [str(m) for m in summons(s)] == ["P0 summon RK at 1,1 using 0,1 1,0 1,2 2,1"]
    three = window(game, {k: v for k, v in grid.items() if k != (1, 2)}, [["RK"], []],
                   summoned=[["RJ"], ["RQ"]])
    assert summons(three) == []
    off = game.__class__(2, king_over_spirits=False)
    s2 = off.scenario(grid=grid, spirits=[["RK"], []], summoned=[["RJ"], ["RQ"]],
                      phase="summon", window=[0])
    assert [m for m in s2.legal_moves() if isinstance(m, Summon) and m.cell == (1, 1)] == []


@pytest.mark.rules("S-SUMMON-1")
def test_summoning_needs_two_mana(game):
    s = window(game, {(0, 0): "B3", (2, 0): "B6"}, [["BJ"], []], mana=[1, 8])
    assert summons(s) == []
    reason = s.why_not(Summon(0, "BJ", (1, 0), ((0, 0), (2, 0))))
    assert reason.rule == "S-SUMMON-1"


@pytest.mark.rules("S-END-1", "S-SCORE-1")
def test_third_spirit_wins_at_once(game):
    s = window(game, {(0, 0): "B3", (2, 0): "B6", (5, 5): "GJ", (6, 6): "YQ"}, [["BJ"], []],
               summoned=[["GJ", "YQ"], []])
    after = s.play(Summon(0, "BJ", (1, 0), ((0, 0), (2, 0))))
    assert after.is_over
    out = after.outcome()
    assert out.winners == (0,) and out.rule == "S-END-1"


@pytest.mark.rules("S-WINDOW-1", "S-WINDOW-2", "S-TURN-1")
def test_window_asks_current_then_clockwise_and_skips_by_public_facts(game):
    three = game.__class__(3)
    grid = {(0, 0): "B3", (1, 0): "Y3"}
    s = three.scenario(grid=grid, hands=[["B6"], [], []], spirits=[["GJ"], ["BJ"], ["RQ"]],
                       mana=[8, 8, 1], phase="play")
    s = s.play(Play(0, "B6", (2, 0)))
    assert s.data.window.seats == (0, 1)      # player 2 has 1 mana: skipped
    assert s.pending.prompt == "P0 may summon a Spirit card or summon nothing"
    assert s.pending.rule == "S-WINDOW-1" and s.pending.step == "summon"
    assert s.legal_moves() == (Decline(0),)   # asked although holding no fitting Spirit
    s = s.play(Decline(0))
    assert s.to_move == 1
    s = s.play(Summon(1, "BJ", (1, 0), ((0, 0), (2, 0))))
    assert s.data.phase == "action" and s.data.current == 1 and s.data.turn == 1
    quiet = three.scenario(grid={(0, 0): "B3"}, hands=[["G6"], [], []],
                           spirits=[["GJ"], ["BJ"], ["RQ"]], phase="play")
    assert quiet.play(Play(0, "G6", (1, 1))).data.phase == "action"
    solo = three.__class__(3, others_summon=False)
    s3 = solo.scenario(grid=grid, hands=[["B6"], [], []], spirits=[["GJ"], ["BJ"], ["RQ"]],
                       phase="play")
    assert s3.play(Play(0, "B6", (2, 0))).data.window.seats == (0,)


@pytest.mark.rules("S-WINDOW-1", "S-HIDDEN-1", "S-JACK-1")
def test_the_board_shows_who_may_summon_what_where_to_those_who_may_know(game):
    s = window(game, {(0, 0): "B5", (2, 0): "B7"}, [["BJ", "RQ"], ["GK"]], window=[0, 1])

    def zone(viewer):
        return next(z for z in s.scene(viewer)["zones"] if z["id"] == "window")

    for viewer in (None, 0):          # the teacher and the asked player see the summon
        shown = zone(viewer)
        assert shown["note"] == "asking P0, then P1"
        assert [(i["text"], i["sub"]) for i in shown["items"]] == [("J", "at 1,0")]
        assert "Summon the blue Jack at 1,0" in shown["items"][0]["title"]
    other = zone(1)                    # player 1 learns only that player 0 is deciding
    assert [(i["text"], i["sub"]) for i in other["items"]] == [("P0", "deciding")]
    assert "BJ" not in str(s.scene(1)) and "Jack" not in str(other)
    grid = next(z for z in s.scene(1)["zones"] if z["id"] == "grid")
    marked = {(i["x"], i["y"]) for i in grid["items"] if "✦" in i.get("badges", [])}
    assert (1, 0) in marked, "the public pattern site is marked for everyone"


JACK_SITE = {(0, 0): "B3", (2, 0): "B6"}          # a blue Jack may go on 1,0


@pytest.mark.rules("S-WINDOW-1", "S-TURN-1", "S-CYCLE-1")
def test_the_summon_window_opens_after_a_cycle(game):
    s = game.scenario(grid=JACK_SITE, hands=[["Y2"], []], spirits=[[], ["BJ"]],
                      deck=["R3"])
    s = s.play(Cycle(0, "Y2"))                 # P0 holds no Spirit card: P1 is asked
    assert s.data.phase == "summon" and s.to_move == 1 and s.data.window.seats == (1,)
    assert Summon(1, "BJ", (1, 0), ((0, 0), (2, 0))) in s.legal_moves()
    assert s.play(Decline(1)).data.phase == "action"
    chance = game.scenario(grid=JACK_SITE, hands=[["Y2"], []], spirits=[[], ["BJ"]])
    s = chance.play(Cycle(0, "Y2"))
    assert s.is_chance and s.pending.stream == "deck"
    s = s.play(s.sample_chance(random.Random(0)))
    assert s.data.phase == "summon"


@pytest.mark.rules("S-WINDOW-1", "S-END-2", "S-PASS-1")
def test_passes_open_the_window_and_a_summon_there_keeps_the_game_going(game):
    s = game.scenario(grid=JACK_SITE, spirits=[[], ["BJ"]], current=1, passes=1)
    s = s.play(Pass(1))
    assert not s.is_over and s.data.phase == "summon" and s.data.window.seats == (1,)
    s = game.scenario(grid=JACK_SITE, spirits=[["BJ"], []], current=1, passes=1)
    s = s.play(Pass(1))                      # P1 passes; P0 may still summon
    assert not s.is_over and s.to_move == 0
    s = s.play(Summon(0, "BJ", (1, 0), ((0, 0), (2, 0))))
    assert not s.is_over and s.data.passes == 0 and s.to_move == 0
    s = s.play(Pass(0)).play(Pass(1))        # no summon left: two passes end it
    assert s.is_over and s.outcome().rule == "S-END-2"


@pytest.mark.rules("S-END-2")
def test_passes_need_not_end_the_game_under_the_option(game):
    endless = game.__class__(2, passes_end=False, max_turns=5)
    s = endless.scenario(grid={(0, 0): "B3"}).play(Pass(0)).play(Pass(1))
    assert not s.is_over and s.data.passes == 2
    s = s.play(Pass(0)).play(Pass(1)).play(Pass(0))
    assert s.is_over and s.outcome().rule == "S-END-3"


@pytest.mark.rules("S-WINDOW-2")
def test_everyone_is_asked_when_the_option_says_so(game):
    ask_all = game.__class__(2, skip_unable=False)
    s = ask_all.scenario(grid={(0, 0): "B3"}, hands=[["G6"], []], phase="play")
    s = s.play(Play(0, "G6", (1, 1)))
    assert s.data.window.seats == (0, 1) and s.legal_moves() == (Decline(0),)
    assert s.forced_move == Decline(0)
    quiet = game.scenario(grid={(0, 0): "B3"}, hands=[["G6"], []], phase="play")
    assert quiet.play(Play(0, "G6", (1, 1))).data.phase == "action"


@pytest.mark.rules("S-END-1", "S-SUMMON-3")
def test_all_three_summoned_wins_even_when_one_was_consumed_and_no_longer_counts():
    strict = explorer.load("summoners", players=2, consumed_spirits_count=False)
    grid = {(0, 1): "B3", (1, 1): "BJ", (2, 1): "B4", (1, 0): "B5", (5, 5): "GJ"}
    s = strict.scenario(grid=grid, spirits=[["BQ"], []], summoned=[["BJ", "GJ"], []],
                        phase="summon", window=[0])
    after = s.play(Summon(0, "BQ", (1, 1), ((0, 1), (1, 0), (2, 1))))
    assert after.data.gone == ("BJ",)
    assert after.is_over and after.outcome().winners == (0,) and after.outcome().rule == "S-END-1"
