"""The rule options of Piri Piri Summoners: every [assumed] ruling, named, with its default."""
from __future__ import annotations

from dataclasses import dataclass

from explorer.core import InvalidInput, option

FLANK_SCOPES = ("placed", "all")


@dataclass(frozen=True)
class SummonersOptions:
    first_player: int = option(0, rule="S-SETUP-4", source="assumed",
                               doc="Seat of the first player.")
    draw_needs_deck: bool = option(True, rule="S-DRAW-2", source="assumed",
                                   doc="Draw and play is not available when the deck is empty.")
    pass_any_time: bool = option(True, rule="S-PASS-1", source="assumed",
                                 doc="A player may pass instead of acting (False: only when "
                                     "no other action is possible).")
    max_turns: int = option(300, rule="S-END-3", source="assumed",
                            doc="The game ends and is scored after this many turns.")
    flank_scope: str = option("placed", rule="S-FLANK-2", source="assumed",
                              doc="'placed': check the placed card and its orthogonal "
                                  "neighbours for flanking; 'all': check every card.")
    jokers_flankable: bool = option(True, rule="S-FLANK-3", source="assumed",
                                    doc="A Joker is flanked by two opposite cards that "
                                        "share a suit.")
    consumed_spirits_count: bool = option(True, rule="S-SUMMON-3", source="assumed",
                                          doc="Consumed Spirit cards still count as summoned "
                                              "by their summoner.")
    king_over_spirits: bool = option(True, rule="S-KING-2", source="assumed",
                                     doc="A King may be summoned over a Jack or a Queen.")
    others_summon: bool = option(True, rule="S-WINDOW-1", source="assumed",
                                 doc="The summon window asks every player, clockwise from "
                                     "the current one (False: only the current player).")

    def __post_init__(self) -> None:
        if self.max_turns < 1:
            raise InvalidInput("options.max_turns", "must be at least 1")
        if self.flank_scope not in FLANK_SCOPES:
            raise InvalidInput("options.flank_scope", f"expected one of {FLANK_SCOPES}, "
                                                      f"got {self.flank_scope!r}")
        if self.first_player < 0 or self.first_player > 3:
            raise InvalidInput("options.first_player", "must be a seat number 0-3")
