"""What the Summoners search heuristic (explorer/games/summoners/heuristic.py) values:
progress towards each player's own Spirit patterns, the mana to summon, the cards in
hand that fit a pattern, and summoned Spirits above all (S-END-1)."""
from __future__ import annotations

import explorer
from explorer.games.summoners import heuristic

GAME = explorer.load("summoners", players=2)


def position(grid: dict, spirits=(("BJ", "RQ", "GK"), ("YJ", "YQ", "YK")),
             hands=(("Y2",), ("Y3",)), mana=(8, 8), **fields):
    return GAME.scenario(grid=grid, spirits=[list(s) for s in spirits],
                         hands=[list(h) for h in hands], mana=list(mana), **fields)


def worth(state, seat: int = 0) -> float:
    return heuristic.points(state)[seat]


def test_missing_counts_the_cards_a_pattern_lacks_around_its_best_location() -> None:
    need = heuristic.missing(position({(0, 0): "B9", (2, 0): "B8", (1, 1): "R4"}))
    assert need["BJ"] == 0                # 1,0 lies between the two blues
    assert need["BQ"] == 1                # 1,0: two blues, the red below, one cell free
    assert "BK" not in need               # the red blocks 1,0; elsewhere three are missing
    assert need["RJ"] == 1                # a red at 1,2 would pair with the red at 1,1
    assert need["RQ"] == 2 and "RK" not in need


def test_a_card_on_a_blocking_neighbour_rules_out_the_king_there() -> None:
    need = heuristic.missing(position({(0, 0): "G5", (1, 1): "R4", (2, 0): "G6",
                                       (1, -1): "G7"}))
    assert need["GQ"] == 0          # 1,0: greens left, right and above, the red below
    assert need["GK"] == 2          # not 1 at 1,0 (the red is there): 0,-1 lacks two


def test_jokers_are_wild_in_the_patterns() -> None:
    need = heuristic.missing(position({(0, 0): "X1", (2, 0): "Y8"}))
    assert need["YJ"] == 0 and need["BJ"] == 1 and need["GJ"] == 1


def test_one_card_from_a_summon_is_worth_more_than_far_from_it() -> None:
    near = position({(0, 0): "B9", (1, 1): "G4"})       # the Jack needs one blue at 2,0
    far = position({(0, 0): "Y9", (1, 1): "Y4"})        # none of P0's suits on the table
    assert worth(near) > worth(far)
    site = position({(0, 0): "B9", (2, 0): "B8"})       # the Jack's site is shown
    assert worth(site) > worth(near)


def test_a_summoned_spirit_is_worth_more_than_its_site() -> None:
    site = position({(0, 0): "B9", (2, 0): "B8"})
    summoned = position({(1, 0): "BJ"}, spirits=(("RQ", "GK"), ("YJ", "YQ", "YK")),
                        summoned=[["BJ"], []], mana=(6, 8), sculptures=[(1, 0), None])
    assert worth(summoned) > worth(site)


def test_a_fitting_card_in_hand_adds_to_a_pattern_one_card_short() -> None:
    grid = {(0, 0): "B9", (1, 1): "G4"}
    assert worth(position(grid, hands=(("B2",), ("Y3",)))) > worth(position(grid))
    assert worth(position(grid, hands=(("X1",), ("Y3",)))) > worth(position(grid))


def test_a_pattern_counts_less_without_the_mana_to_summon() -> None:
    grid = {(0, 0): "B9", (1, 1): "G4"}
    rich, poor = position(grid, mana=(8, 8)), position(grid, mana=(1, 8))
    assert worth(rich) - 8 > worth(poor) - 1


def test_only_a_players_own_spirits_count_for_them() -> None:
    blue = position({(0, 0): "B9", (2, 0): "B8", (4, 0): "G2"})
    yellow = position({(0, 0): "Y9", (2, 0): "Y8", (4, 0): "G2"})
    assert worth(blue, 0) > worth(yellow, 0)
    assert worth(yellow, 1) > worth(blue, 1)


def test_value_is_remembered_per_layout_and_equals_a_fresh_reading() -> None:
    state = position({(0, 0): "B9", (2, 0): "B8"})
    first = heuristic.value(state)
    heuristic._NEED_CACHE.clear()
    assert heuristic.value(state) == first
    assert abs(sum(first) - 1.0) < 1e-9 and first[0] > first[1]


def test_mana_the_remaining_summons_need_is_worth_more_than_its_point() -> None:
    grid = {(0, 0): "Y9"}
    spare = worth(position(grid, mana=(8, 8))) - worth(position(grid, mana=(7, 8)))
    needed = worth(position(grid, mana=(6, 8))) - worth(position(grid, mana=(5, 8)))
    assert spare == 1.0 and needed > 1.0



def test_a_sculpture_one_card_from_being_flanked_costs_its_owner() -> None:
    # red is beaten by blue: a blue at 2,0 would flank the red 5 at 1,0 with the blue 9
    open_side = position({(0, 0): "B9", (1, 0): "R5"}, sculptures=[(1, 0), None])
    guarded = position({(0, 0): "B9", (1, 0): "R5", (2, 0): "G3"}, sculptures=[(1, 0), None])
    assert heuristic.exposed(open_side.cells, (1, 0))
    assert not heuristic.exposed(guarded.cells, (1, 0))
    assert not heuristic.exposed(open_side.cells, (0, 0))   # red cannot flank the blue
    assert worth(open_side) < worth(position({(0, 0): "B9", (1, 0): "R5"}))
