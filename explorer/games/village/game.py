"""`VillageGame`: Please Don't Burn My Village! for 2-5 players (Fireside Games)."""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from ...core.chance import Deck
from ...core.errors import InvalidInput
from ...core.game import Game
from . import scenario as scenario_format
from .agent import GreedyVillageAgent
from .cards import EMPTY, KINDS
from .data import VillageData
from .encoding import box_counts, decode
from .moves import MOVE_TYPES
from .options import VillageOptions
from .rules import ACT, STALL_ORDER
from .scene import TITLE, scene
from .state import VillageState


class VillageGame(Game):
    """Bribe the Dragon, trade on the Black Market, curse rivals' treasures."""

    name = "village"
    title = TITLE
    min_players = 2
    max_players = 5
    default_players = 3
    Options = VillageOptions
    move_types = MOVE_TYPES
    state_class = VillageState
    agents: ClassVar[dict[str, type]] = {"greedy": GreedyVillageAgent}

    def __init__(self, players: int, **options: Any) -> None:
        super().__init__(players, **options)
        if self.options.first_player >= players:
            raise InvalidInput("options.first_player",
                               f"seat {self.options.first_player} does not exist with {players} players")
        hand = 7 * players + 4 * self.options.market_start_cards
        if sum(box_counts(self)) < hand:
            raise InvalidInput("options", f"the box is too small to deal {hand} cards")

    def new(self, seed: int | None = None) -> VillageState:
        """Setup (V-SETUP-1..5): random track, shuffled deck, 7 cards each, one card per stall."""
        rng = random.Random(seed)
        track = list(range(6))
        rng.shuffle(track)
        deck = [k for k, n in enumerate(box_counts(self)) for _ in range(n)]
        rng.shuffle(deck)
        hands = []
        for _ in range(self.players):
            counts = [0] * KINDS
            for card in deck[:7]:
                counts[card] += 1
            deck = deck[7:]
            hands.append(tuple(counts))
        stalls = [[0] * KINDS for _ in range(4)]
        for _ in range(self.options.market_start_cards):
            for cost in STALL_ORDER:
                stalls[cost][deck.pop(0)] += 1
        n = self.players
        data = VillageData(phase=ACT, active=self.options.first_player, turn=0,
                           track=tuple(track), hands=tuple(hands), known=(EMPTY,) * n,
                           bribes=((0,) * 6,) * n, bribe_wilds=((0,) * 6,) * n,
                           stalls=tuple(tuple(s) for s in stalls), deck=Deck.of(deck),
                           discard=EMPTY, refill_type=-1, next_stall=3, paid=EMPTY, ended_by=0)
        return VillageState(self, data)

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> VillageState:
        return VillageState(self, scenario_format.build(self, spec, fields))

    scenario.__doc__ = scenario_format.__doc__

    def _decode(self, raw: Any) -> VillageData:
        return decode(raw, self, "data")

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return scene(view)

