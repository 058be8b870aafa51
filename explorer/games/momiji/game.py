"""`MomijiGame`: Momiji for 2-4 players (Dario Massarenti, Francesco Testini; Deer Games)."""
from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from ...core.chance import Deck
from ...core.errors import InvalidInput
from ...core.game import Game
from . import catalogue as catalogues
from . import scenario as scenario_format
from .agent import GreedyMomijiAgent
from .data import MomijiData
from .encoding import box, decode
from .moves import MOVE_TYPES
from .options import MomijiOptions
from .rules import ACT, DRAFT
from .scene import TITLE, scene
from .state import MomijiState


class MomijiGame(Game):
    """Collect autumn leaves from the Garden, build piles, harvest acorns, claim objectives."""

    name = "momiji"
    title = TITLE
    min_players = 2
    max_players = 4
    default_players = 3
    Options = MomijiOptions
    move_types = MOVE_TYPES
    state_class = MomijiState
    agents: ClassVar[dict[str, type]] = {"greedy": GreedyMomijiAgent}

    def __init__(self, players: int, **options: Any) -> None:
        super().__init__(players, **options)
        if self.options.first_player >= players:
            raise InvalidInput("options.first_player",
                               f"seat {self.options.first_player} does not exist with {players} players")
        self.catalogue = catalogues.load(self.options.catalogue)
        self.effects = {letter: p.effect for letter, p in self.catalogue.powers.items()}
        if len(self.catalogue.pool(tuple(range(players + 2)))) < players + 2:
            raise InvalidInput("options.catalogue", f"the catalogue has fewer than {players + 2} objectives")

    def objective_name(self, key: str, types: tuple[int, ...]) -> str:
        """What people read for objective `key`: its name, labelled stand-in when the
        catalogue is (M-CAT-2); the key itself only for a key the catalogue lacks."""
        obj = self.catalogue.objective(key, types)
        if obj is None:
            return key
        return f"{obj.name} (stand-in)" if self.catalogue.stand_in else obj.name

    def new(self, seed: int | None = None) -> MomijiState:
        """Setup (M-SETUP-1..8): players + 2 random types, 6 cards each, 4 in the Garden,
        players + 2 objectives and torii, landscapes (preset, random, or a draft that the
        players then make, M-DRAFT-1)."""
        rng = random.Random(seed)
        n = self.players
        types = tuple(sorted(rng.sample(range(6), n + 2)))
        cards = sorted(box(self, types).elements())
        rng.shuffle(cards)
        hands = tuple(tuple(sorted(cards[6 * p:6 * p + 6])) for p in range(n))
        garden = tuple(sorted(cards[6 * n:6 * n + 4]))
        deck = Deck.of(cards[6 * n + 4:])
        pool = list(self.catalogue.pool(types))
        objectives = tuple(o.key for o in rng.sample(pool, n + 2))
        step = ACT
        if self.options.landscapes == "random":     # each from their own set of six (M-SETUP-10)
            lands = tuple(tuple(sorted(rng.sample("ABCDEF", 3))) for _ in range(n))
        elif self.options.landscapes == "draft":    # picked one by one first (M-DRAFT-1)
            lands, step = ((),) * n, DRAFT
        else:
            lands = (tuple(self.catalogue.preset),) * n
        data = MomijiData(step=step, active=self.options.first_player, turn=0, types=types,
                          hands=hands, known=((),) * n, rows=((),) * n, torii=(0,) * n,
                          supply=n + 2, garden=garden, deck=deck, discard=(),
                          acorns=(self.options.start_acorns,) * n, objectives=objectives,
                          owners=(-1,) * len(objectives), lands=lands, used=((),) * n, flags=0,
                          reveals=0, play=(), deal=0, deal_to=1, pond=(), peek=0, peek_seat=-1,
                          ending=0)
        return MomijiState(self, data)

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> MomijiState:
        return MomijiState(self, scenario_format.build(self, spec, fields))

    scenario.__doc__ = scenario_format.__doc__

    def _decode(self, raw: Any) -> MomijiData:
        return decode(raw, self, "data")

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return scene(view)
