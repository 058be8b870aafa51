"""Rule options of Please Don't Burn My Village!: every assumed ruling, named, with its default."""
from __future__ import annotations

from dataclasses import dataclass

from ...core.options import option


@dataclass(frozen=True, slots=True)
class VillageOptions:
    """The rules that no source settles, each a choice a teacher may change."""

    cards_per_type: int = option(
        14, rule="V-COMP-2", source="assumed",
        doc="Treasure cards of each of the six types (84 cards / 6 types).",
        label="Cards of each treasure type")
    sixth_treasure: str = option(
        "Dragon Egg", rule="V-COMP-4", source="assumed",
        doc="Display name of the sixth treasure type (short name 'Egg' in texts).",
        label="Name of the sixth treasure")
    track_values: tuple[int, ...] = option(
        (1, 1, 2, 2, 3, 4), rule="V-TRACK-2", source="assumed",
        doc="Printed values of the six Dragon's Favor spaces, left (low) to right (high).",
        label="Dragon's Favor values")
    wilds_by_players: tuple[int, ...] = option(
        (8, 12, 16, 20), rule="V-SETUP-2", source="assumed",
        doc="Wild cards used with 2, 3, 4 and 5 players.",
        label="Wilds for 2, 3, 4, 5 players")
    market_start_cards: int = option(
        1, rule="V-SETUP-4", source="assumed",
        doc="Cards dealt face up into each stall at setup (stalls 3, 2, 1, 0 in turn).",
        label="Cards in each stall at the start")
    first_player: int = option(
        0, rule="V-SETUP-5", source="assumed",
        doc="Seat that takes the first turn; play passes in seat order.",
        label="First player (seat number)")
    buy_from_empty_stall: bool = option(
        False, rule="V-MARKET-2", source="assumed",
        doc="Whether a player may visit a Black Market stall that holds no cards.",
        label="A player may visit an empty stall")
    tie_counts_wilds: bool = option(
        True, rule="V-TIE-4", source="assumed",
        doc="Whether wilds in a bribe count as cards of its type in the tie-break.",
        label="Wilds count in the tie-break")
    full_tie_shared: bool = option(
        True, rule="V-TIE-3", source="assumed",
        doc="Players still tied after all six spaces share the win (False: nobody wins).",
        label="A full tie shares the win")

    def __post_init__(self) -> None:
        if not 1 <= self.cards_per_type <= 999:
            raise ValueError("cards_per_type must be 1..999")
        if len(self.track_values) != 6 or not all(-99 <= v <= 99 for v in self.track_values):
            raise ValueError("track_values must be six whole numbers -99..99")
        if len(self.wilds_by_players) != 4 or not all(0 <= v <= 999 for v in self.wilds_by_players):
            raise ValueError("wilds_by_players must be four counts 0..999 (2, 3, 4, 5 players)")
        if not 0 <= self.market_start_cards <= 99:
            raise ValueError("market_start_cards must be 0..99")
        if self.first_player < 0:
            raise ValueError("first_player must be a seat number >= 0")
        if not self.sixth_treasure.strip():
            raise ValueError("sixth_treasure must be a name")
