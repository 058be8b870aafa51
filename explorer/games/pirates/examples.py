"""The seed's Cities of Greed examples as scenarios (4 players; the board's seat colours:
P0 red, P1 blue, P2 green, P3 yellow), for the tests and the teaching notebook:

    game = explorer.load("pirates", players=4, cities_of_greed=True)
    state = game.scenario(**ATTACK_ON_THE_LIGHTHOUSE)
    state.play("P0 plays I1 for Abandoned Lighthouse attack")

The towns are the scenario default: tile 1 Eastport, tile 2 Abandoned Lighthouse, tile 3
Port Rosa, ... round the route in catalogue order, so tile 8 is Eastport again; the
designated towns too: red (P0) Eastport, blue (P1) Abandoned Lighthouse, green (P2) Port
Rosa, yellow (P3) Saltmarsh. Influence card I1 names Eastport, Abandoned Lighthouse and
Port Rosa.
"""
from __future__ import annotations

ATTACK_ON_THE_LIGHTHOUSE = {
    "phase": "action", "turn": 0, "progress": [1, 3, 5, 2],
    "influence": [["I1"], [], [], []], "hands": [[], [], [], ["G1"]],
}
"""Red (P0) plays I1 for Abandoned Lighthouse, attack: yellow (P3), alone on tile 2 (an
Abandoned Lighthouse tile), drops one cargo, their choice of a coin, a card or a crew
die [P-COG-ATTACK]."""

BONUS_FOR_EASTPORT = {
    "phase": "action", "turn": 2, "progress": [1, 3, 8, 4],
    "influence": [[], [], ["I1"], []],
}
"""Green (P2, on tile 8) plays I1 for Eastport, bonus: green and red (P0, on tile 1), the
two ships in Eastport, gain one coin each [P-COG-BONUS]; Eastport is red's town, but red
did not play the card."""

MAYOR_OF_EASTPORT = {
    "phase": "action", "turn": 0, "progress": [1, 3, 8, 4],
    "influence": [["I1"], [], [], []], "specials": {"mayor": 3},
}
"""Red (P0) plays I1 for Eastport, their own town, while there: green gains one coin as
usual, red gains two and takes the mayor die from yellow (P3) [P-COG-MAYOR-TAKE]."""

SEED_EXAMPLES = {"attack": ATTACK_ON_THE_LIGHTHOUSE, "bonus": BONUS_FOR_EASTPORT,
                 "mayor": MAYOR_OF_EASTPORT}
SEED_PLAYS = {"attack": "P0 plays I1 for Abandoned Lighthouse attack",
              "bonus": "P2 plays I1 for Eastport bonus", "mayor": "P0 plays I1 for Eastport bonus"}
"""The move each example is about."""
