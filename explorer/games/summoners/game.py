"""`SummonersGame`: Piri Piri Summoners for 2-4 players (Louis Hsu, Emio Poon; Mokuomo 2024)."""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

from explorer.core import Event, Game, InvalidInput

from . import scene as scene_module
from .agent import GreedySummonersAgent
from .apply import SPIRITS_EACH
from .cards import ELEMENT_DECK, SPIRIT_DECK, card_name
from .encoding import MANA_EACH, MARKET_SLOTS, decode
from .moves import MOVE_TYPES
from .options import SummonersOptions
from .scenario import FIELDS_DOC, parse_text, scenario_data
from .state import SummonersState

HAND_SIZE = 4


class SummonersGame(Game):
    name = "summoners"
    title = "Piri Piri Summoners"
    min_players = 2
    max_players = 4
    default_players = 2
    Options = SummonersOptions
    move_types = MOVE_TYPES
    state_class = SummonersState
    agents: ClassVar[dict[str, type]] = {"greedy": GreedySummonersAgent}

    def __init__(self, players: int, **options: Any) -> None:
        super().__init__(players, **options)
        if self.options.first_player >= self.players:
            raise InvalidInput("options.first_player",
                               f"no seat {self.options.first_player} among {players} players")

    def new(self, seed: int | None = None) -> SummonersState:
        """Shuffle both decks and deal [S-SETUP-1] [S-SETUP-2] [S-SETUP-3]."""
        rng = self.rng(seed)
        n = self.players
        elements = list(ELEMENT_DECK)
        spirits = list(SPIRIT_DECK)
        rng.shuffle(elements)
        rng.shuffle(spirits)
        hands = [elements[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
        rest = elements[n * HAND_SIZE:]
        market, first, unseen = rest[:MARKET_SLOTS], rest[MARKET_SLOTS], rest[MARKET_SLOTS + 1:]
        spirit_hands = [spirits[i * SPIRITS_EACH:(i + 1) * SPIRITS_EACH] for i in range(n)]
        data = scenario_data(n, self.options, {
            "grid": {self.options.first_cell: first}, "hands": hands, "spirits": spirit_hands,
            "market": market, "deck": {"unseen": unseen},
            "spirit_box": spirits[n * SPIRITS_EACH:], "mana": [MANA_EACH] * n})
        events = (
            Event("setup", "S-SETUP-2", f"Each player is dealt {SPIRITS_EACH} secret Spirit "
                                        f"cards; the rest stay unseen in the box"),
            Event("setup", "S-SETUP-3", f"Each player is dealt {HAND_SIZE} cards, the market "
                                        f"shows 5, and the {card_name(first)} starts the layout"),
        )
        return SummonersState(self, data, events)

    def scenario(self, spec: Mapping[str, Any] | str | None = None,
                 **fields: Any) -> SummonersState:
        """A position from a dict, keywords or text, validated like a saved file.

        A wrong field raises InvalidInput naming its path (``mana[0]``, ``grid[3,1]``);
        the shapes are those of `view()`. Examples::

            game.scenario(grid={(0, 0): "B9", (2, 0): "B2"}, hands=[["R8"], []], phase="play")
            game.scenario("grid: 0,0=B9 2,0=B2\\nhands: R8 | -\\nphase: play")

        """
        if isinstance(spec, str):
            spec = parse_text(spec)
        if spec is not None and not isinstance(spec, Mapping):
            raise InvalidInput("spec", f"expected a mapping or text, got {type(spec).__name__}")
        merged = {**(spec or {}), **fields}
        return SummonersState(self, scenario_data(self.players, self.options, merged))

    def _decode(self, raw: Any) -> tuple:
        return decode(raw, self.players, self.options)

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return scene_module.scene(view)


SummonersGame.scenario.__doc__ = (SummonersGame.scenario.__doc__ or "").rstrip() + "\n\n" + "\n".join(
    "        " + line if line else "" for line in FIELDS_DOC.splitlines())
