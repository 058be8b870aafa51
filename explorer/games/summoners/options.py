"""The rule options of Piri Piri Summoners: every [assumed] ruling, named, with its default.

Options are checked by their annotations when a game is loaded (`core.options.build`);
`__post_init__` checks the ranges and names the option in its message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from explorer.core import option

FlankScope = Literal["placed", "all"]


@dataclass(frozen=True, slots=True)
class SummonersOptions:
    first_player: int = option(0, rule="S-SETUP-4", source="assumed",
                               doc="Seat of the first player.",
                               label="First player (seat number)")
    draw_needs_deck: bool = option(True, rule="S-DRAW-2", source="assumed",
                                   doc="Draw and play is not available when the deck is empty.",
                                   label="Draw and play needs cards in the deck")
    pass_any_time: bool = option(True, rule="S-PASS-1", source="assumed",
                                 doc="A player may pass instead of acting (False: only when "
                                     "no other action is possible).",
                                 label="A player may always pass")
    max_turns: int = option(300, rule="S-END-3", source="assumed",
                            doc="The game ends and is scored after this many turns.",
                            label="Turn limit")
    flank_scope: FlankScope = option("placed", rule="S-FLANK-2", source="assumed",
                                     doc="'placed': check the placed card and its orthogonal "
                                         "neighbours for flanking; 'all': check every card.",
                                     label="Flanking is checked for",
                                     choices={"placed": "the placed card and its neighbours",
                                              "all": "every card"})
    jokers_flankable: bool = option(True, rule="S-FLANK-3", source="assumed",
                                    doc="A Joker is flanked by two opposite cards that "
                                        "share a suit.",
                                    label="Jokers can be flanked")
    consumed_spirits_count: bool = option(True, rule="S-SUMMON-3", source="assumed",
                                          doc="Consumed Spirit cards still score for their "
                                              "summoner.",
                                          label="Consumed Spirit cards still score")
    king_over_spirits: bool = option(True, rule="S-KING-2", source="assumed",
                                     doc="A King may be summoned over a Jack or a Queen.",
                                     label="A King may be summoned over a Jack or a Queen")
    others_summon: bool = option(True, rule="S-WINDOW-1", source="assumed",
                                 doc="The summon window asks every player, clockwise from "
                                     "the current one (False: only the current player).",
                                 label="Every player may summon in the window")
    ace_on_top_free: bool = option(True, rule="S-ACE-3", source="assumed",
                                   doc="An Ace played on top of a card needs no test against "
                                       "its orthogonal neighbours (False: it is refused beside "
                                       "a Spirit card of its stronger suit, as when placed "
                                       "beside it).",
                                   label="An Ace played on top needs no neighbour test")
    bottom_known: bool = option(True, rule="S-DECK-2", source="assumed",
                                doc="Cards put on the bottom of the deck stay known to all, in "
                                    "order, and are drawn after the unseen cards (False: they "
                                    "are shuffled in among the unseen cards).",
                                label="Cards put under the deck stay known")
    first_cell: tuple[int, int] = option((0, 0), rule="S-PLACE-5", source="assumed",
                                         doc="The cell where the first card of an empty "
                                             "layout goes.",
                                         label="Cell of the first card (column, row)")
    skip_unable: bool = option(True, rule="S-WINDOW-2", source="assumed",
                               doc="The summon window skips a player whom the table shows "
                                   "cannot summon (False: every player is asked).",
                               label="Skip players who cannot summon")
    passes_end: bool = option(True, rule="S-END-2", source="assumed",
                              doc="The game ends when every player passes in succession "
                                  "(False: only a win or the turn limit ends it).",
                              label="Everyone passing ends the game")

    def __post_init__(self) -> None:
        if self.max_turns < 1:
            raise ValueError("max_turns must be at least 1")
        if not 0 <= self.first_player <= 3:
            raise ValueError("first_player must be a seat number 0-3")
        if any(abs(v) > 1000 for v in self.first_cell):
            raise ValueError("first_cell must be within 1000 cells of 0,0")
