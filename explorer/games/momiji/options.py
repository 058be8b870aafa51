"""Rule options of Momiji: every assumed ruling, named, with its default (seeds/momiji.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ...core.options import option


@dataclass(frozen=True, slots=True)
class MomijiOptions:
    """The rules that no source settles, the variant, and the catalogue file."""

    catalogue: str = option(
        "", rule="M-CAT-1", source="stand-in",
        doc="Path of the catalogue file (objectives, landscape powers, acorn corners); "
            "'' = the bundled stand-in catalogue.",
        label="Catalogue file")
    landscapes: Literal["preset", "random", "draft"] = option(
        "preset", rule="M-SETUP-7", source="public",
        doc="'preset': every player gets the first-game landscapes A, B, C (M-SETUP-7); 'draft': the "
            "players draft them, keep one and pass the rest, three rounds (M-SETUP-9, M-DRAFT-1); "
            "'random': each player draws 3 of their own 6 at random (M-SETUP-10, assumed).",
        label="Landscape cards",
        choices={"preset": "first-game set A, B, C",
                 "random": "3 of their 6 at random",
                 "draft": "drafted"})
    draft: Literal["pass", "choose"] = option(
        "pass", rule="M-DRAFT-1", source="assumed",
        doc="With landscapes='draft': 'pass': keep one landscape, pass the rest to the next seat, three "
            "rounds; 'choose': no passing, each player keeps 3 of their own six.",
        label="Landscape draft",
        choices={"pass": "keep one, pass the rest", "choose": "keep 3 of one's own 6"})
    start_acorns: int = option(
        2, rule="M-SETUP-4", source="assumed", doc="Acorns each player starts with.",
        label="Acorns at the start")
    first_player: int = option(
        0, rule="M-SETUP-8", source="assumed", doc="Seat that takes the first turn; play passes in seat order.",
        label="First player (seat number)")
    max_reveals: int = option(
        1, rule="M-COLLECT-3", source="assumed",
        doc="How many times a Collect may pay 1 acorn to reveal 4 more cards.",
        label="Paid reveals per Collect")
    new_piles: Literal["right", "any"] = option(
        "right", rule="M-PLAY-6", source="assumed",
        doc="'right': a new pile joins the right end of the row; 'any': the player chooses its place.",
        label="A new pile goes",
        choices={"right": "at the right end of the row", "any": "anywhere in the row"})
    three_without_torii: bool = option(
        True, rule="M-PLAY-5", source="assumed",
        doc="A 3 may still be played when the torii supply is empty (the pile closes without a torii).",
        label="A 3 may be played with no torii left")
    count_piles: bool = option(
        False, rule="M-HIDDEN-3", source="assumed",
        doc="False: the table rule 'nobody may count a pile': a player sees only the top card of "
            "other players' piles; True: pile sizes are shown to everyone.",
        label="Pile sizes shown to everyone")
    extras_timing: Literal["outside", "anytime"] = option(
        "outside", rule="M-EXTRA-4", source="assumed",
        doc="'outside': extras only before or after the main action; 'anytime': also between a paid "
            "reveal and its Collect and between the cards of a Play.",
        label="Extras may be taken",
        choices={"outside": "before or after the main action", "anytime": "any time, also within it"})
    power_cost: int = option(
        1, rule="M-EXTRA-5", source="assumed", doc="Acorns a landscape power costs.",
        label="Acorns a landscape power costs")
    garden_size: int = option(
        4, rule="M-REFILL-1", source="assumed", doc="Cards the Garden is refilled to at the end of each turn.",
        label="Garden size")
    acorn_supply: Optional[int] = option(
        None, rule="M-COMP-3", source="assumed",
        doc="Acorn tokens in the supply (None: unlimited); a gain takes only what is left.",
        label="Acorns in the supply (blank: unlimited)")
    objective_needs_one: bool = option(
        True, rule="M-OBJ-3", source="assumed",
        doc="A player meets an objective only with a count of at least 1 (nobody scores a 0-0 tie).",
        label="An objective needs a count of at least 1")
    end: Literal["finish_round", "immediate"] = option(
        "finish_round", rule="M-END-2", source="assumed",
        doc="After the end is triggered: 'finish_round' so every player has had as many turns; "
            "'immediate': the game ends when the triggering turn is over.",
        label="Once the end is triggered",
        choices={"finish_round": "finish the round", "immediate": "end after that turn"})
    full_tie_shared: bool = option(
        True, rule="M-SCORE-3", source="assumed",
        doc="Players tied on the most points share the win (False: nobody wins).",
        label="A full tie shares the win")

    def __post_init__(self) -> None:
        if not 0 <= self.start_acorns <= 99:
            raise ValueError("start_acorns must be 0..99")
        if not 0 <= self.first_player <= 3:
            raise ValueError("first_player must be a seat 0..3")
        if not 0 <= self.max_reveals <= 9:
            raise ValueError("max_reveals must be 0..9")
        if not 0 <= self.power_cost <= 9:
            raise ValueError("power_cost must be 0..9")
        if not 1 <= self.garden_size <= 12:
            raise ValueError("garden_size must be 1..12")
        if self.acorn_supply is not None and not 0 <= self.acorn_supply <= 999:
            raise ValueError("acorn_supply must be None or 0..999")
        if len(self.catalogue) > 500:
            raise ValueError("catalogue must be a file path")
