"""`PiratesGame`: Lying Pirates for 2-6 players (Nordic Pirate Games)."""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

from explorer.core import Event, Game, InvalidInput, Move, State
from explorer.core.pending import seat_name
from explorer.core.words import counted

from .agent import GreedyPiratesAgent
from .catalogue import PARAMETERS, load_catalogue
from .cities import setup_cities
from .data import PiratesData
from .encoding import decode
from .moves import MOVE_TYPES
from .options import PiratesOptions
from .round import aimed_only
from .scenario import FIELDS_DOC, scenario_data
from .scene import scene
from .setup_steps import deal_tiles, draft_frame
from .state import PiratesState
from .towns import setup_frames as cities_frames
from .view import map_entries
from .words import NAMED_TYPES, cards_named, named


class PiratesGame(Game):
    name = "pirates"
    title = "Lying Pirates"
    min_players = 2
    max_players = 6
    default_players = 4
    Options = PiratesOptions
    move_types = MOVE_TYPES
    state_class = PiratesState
    agents: ClassVar[dict[str, type]] = {"greedy": GreedyPiratesAgent}

    def __init__(self, players: int, **options: Any) -> None:
        super().__init__(players, **options)
        o = self.options
        self._map_entries: dict[tuple[str, ...], tuple[dict[str, Any], ...]] = {}
        self._named: dict[Move, Move] = {}
        self.catalogue = load_catalogue(o.catalogue)
        cities = self.catalogue.require_cities() if o.cities_of_greed else None
        self.tiles = {t.id: t for t in self.catalogue.route(True, o.cities_of_greed)}
        self.influence = {c.id: c for c in cities.influence} if cities is not None else {}
        self.town_names = tuple(t.name for t in cities.towns) if cities is not None else ()
        if cities is not None and len(cities.deck()) < 3 * players:
            raise InvalidInput("options.catalogue", f"the influence deck holds {len(cities.deck())} "
                                                    f"cards, fewer than 3 for each of {players} players")
        if o.town_first_seat >= players:
            raise InvalidInput("options.town_first_seat", f"no seat {o.town_first_seat} among {players} players")
        self.deck_cards = tuple(sorted(self.catalogue.deck()))
        """Every card copy of the action deck, by id, sorted (the deck before a shuffle)."""
        self.card_ids = frozenset(self.deck_cards)
        self.cards = {c.id: c for c in self.catalogue.cards}
        self.aimed_only = {c.id: aimed_only(c) for c in self.catalogue.cards}
        """Per card: every effect aimed at other ships (`round.card_can_act`)."""
        if o.start_seat >= players:
            raise InvalidInput("options.start_seat", f"no seat {o.start_seat} among {players} players")
        variants = {v.id.lower(): v for v in self.catalogue.variants}
        captains = {c.id.upper(): c for c in self.catalogue.captains}
        base = dict(PARAMETERS)
        for i, name in enumerate(o.variants):
            if name.lower() not in variants:
                raise InvalidInput(f"options.variants[{i}]", f"{name!r} is not a variant card of "
                                   f"the catalogue; known: {', '.join(sorted(variants))}")
            base.update(variants[name.lower()].set.items())   # pairs: keyed by `Parameter`, not str
        if len(o.captains) not in (0, players):
            raise InvalidInput("options.captains", f"one captain per seat ({players}), or none")
        params = []
        self.captain_ids: list[str] = []
        for p in range(players):
            mine = dict(base)
            cid = o.captains[p].upper() if o.captains else ""
            if cid:
                if cid not in captains:
                    raise InvalidInput(f"options.captains[{p}]", f"{cid!r} is not a captain of "
                                       f"the catalogue; known: {', '.join(sorted(captains))}")
                mine.update(captains[cid].set.items())
            self.captain_ids.append(cid)
            params.append(mine)
        self.params = tuple(params)
        hand = 7 if o.extended else 6
        if len(self.deck_cards) < hand * players:
            raise InvalidInput("options.catalogue", f"the deck holds {len(self.deck_cards)} "
                               f"cards, fewer than hands of {hand} for {players} players")
        if sum(p["start_coins"] for p in params) > o.coin_supply or \
                sum(p["start_crew"] for p in params) > o.crew_bag:
            raise InvalidInput("options", "the supply or the bag is too small for the setup")

    @classmethod
    def option_choices(cls, name: str) -> tuple[tuple[str, str], ...]:
        """The variant cards and the captains of the shipped catalogue, by name."""
        rules = {"variants": load_catalogue().variants, "captains": load_catalogue().captains}.get(name, ())
        return tuple((rule.name, rule.id) for rule in rules)

    def map_entries(self, route: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
        """The view's entries of the tiles of `route`, made once per route (`view`)."""
        entries = self._map_entries.get(route)
        if entries is None:
            entries = self._map_entries[route] = map_entries(self, route)
        return entries

    def captain_of(self, p: int) -> str:
        return self.captain_ids[p]

    def preset_route(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.catalogue.route(self.options.extended, self.options.cities_of_greed))

    def new(self, seed: int | None = None) -> PiratesState:
        """Setup [P-SETUP-1] [P-SETUP-2] [P-SETUP-MAP] [P-SETUP-CAPTAIN]: shuffle the deck,
        deal the hands and roll the first round's cups from `seed` (the first decision is
        the starting captain's opening bid). With map "build" the tiles are dealt and the
        players place them first [P-SETUP-BUILD]; with the draft the players then pass
        cards [P-SETUP-DRAFT]; with Cities of Greed the influence cards are dealt and kept
        first, and the towns placed and designated after the map [P-COG-INF-DEAL]
        [P-COG-TOWN-PLACE] [P-COG-DESIGNATE]; the first cups are rolled after these
        decisions."""
        rng = self.rng(seed)
        n = self.players
        route = list(self.preset_route())
        if self.options.map == "random":
            rest = route[1:]
            rng.shuffle(rest)
            route = route[:1] + rest
        cards = list(self.deck_cards)
        rng.shuffle(cards)
        size = 7 if self.options.extended else 6
        hands = [cards[i * size:(i + 1) * size] for i in range(n)]
        spec: dict[str, Any] = {"route": route, "hands": hands, "deck": {"unseen": cards[n * size:]}}
        frames: tuple = ()
        told: tuple[Event, ...] = ()
        if self.options.map == "build":
            slots, captain, build = deal_tiles(self, rng)
            spec["captain"] = captain
            frames = (build,)
            tile_names = {t.id: t.name for t in self.catalogue.route(True, self.options.cities_of_greed)}
            told = (Event("setup", "P-SETUP-BUILD", f"the tiles are dealt out; {seat_name(captain)} is dealt the "
                                                     f"start/end tile, places it and takes the "
                                                     f"starting-captain token", captain),) + tuple(
                Event("setup", "P-SETUP-BUILD", f"{seat_name(p)} is dealt the tiles "
                                                f"{', '.join(tile_names[t] for t in build[1][p])}", p,
                      (p,), f"{seat_name(p)} is dealt {counted(len(build[1][p]), 'tile')}") for p in range(n))
        cities = None
        if self.options.cities_of_greed:        # keep influence, build, place and designate towns
            cities = setup_cities(self, rng, len(self.preset_route()))
            designate, towns, keep = cities_frames(self, spec.get("captain", self.options.start_seat % n))
            frames = (designate, towns) + frames + (keep,)
            told += tuple(Event("setup", "P-COG-INF-DEAL", f"{seat_name(p)} is dealt the influence cards "
                                                           f"{cards_named(self, cities.influence[p])}", p, (p,),
                                f"{seat_name(p)} is dealt 3 influence cards") for p in range(n))
        if self.options.draft:
            frames = (draft_frame(n),) + frames       # the draft follows the map, top last
        state: State = PiratesState(self, scenario_data(self, spec, checked=False))
        if frames:
            data = state.data._replace(stack=frames)   # the first cup is rolled after them
            if self.options.map == "build":
                data = data._replace(route=slots)
            if cities is not None:
                data = data._replace(cities=cities)
            state = PiratesState(self, data)
        rolled: tuple = ()
        while state.is_chance:                 # the first cups are part of the setup luck
            state = state.play(state.sample_chance(rng), check=False)
            rolled += state.events
        coins = {self.params[p]["start_coins"] for p in range(n)}
        crew = {self.params[p]["start_crew"] for p in range(n)}
        events: tuple[Event, ...]
        events = (Event("setup", "P-SETUP-1", f"each player takes "
                                              f"{counted(coins.pop(), 'coin') if len(coins) == 1 else 'their coins'}, "
                                              f"{counted(crew.pop(), 'crew die', 'crew dice') if len(crew) == 1 else 'their crew dice'}"
                                              f" and a ship on the start/end tile; {seat_name(state.data.captain)} "
                                              f"holds the starting-captain token"),
                  Event("setup", "P-SETUP-2", f"each player is dealt {size} action cards"))
        if cities is not None:
            events += (Event("setup", "P-COG-TOWNS", "Cities of Greed: each player takes one town card "
                                                     "of each of the seven towns"),)
        return PiratesState(self, state.data, events + told + rolled)

    def named(self, move: Move) -> Move:
        """`move` with the words of the card or tile it names (see `words.named`), made
        once per move (moves are values)."""
        if type(move) not in NAMED_TYPES:
            return move
        done = self._named.get(move)
        if done is None:
            done = self._named[move] = named(self, move)
        return done

    def parse_move(self, text: str) -> Move:
        """The move whose text form is `text`, with the words of the card it names."""
        return self.named(super().parse_move(text))

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> PiratesState:
        """A position from a dict or keywords, validated like a saved file; the round runs
        on to the first decision or roll. Example (the seed's Liar call)::

            game.scenario(cups=[[1, 2, 2, 3, 5], [1, 2, 4, 6, 6], [2, 3, 3, 5, 1],
                                [1, 1, 4, 4, 5]], bids=["4 threes by P0", "8 twos by P1"],
                          turn=2)

        """
        if spec is not None and not isinstance(spec, Mapping):
            raise InvalidInput("spec", f"expected a mapping, got {type(spec).__name__}")
        merged = {**(spec or {}), **fields}
        data = scenario_data(self, merged)
        return PiratesState(self, data)

    def _decode(self, raw: Any) -> PiratesData:
        return decode(self, raw)

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return scene(view)


if PiratesGame.scenario.__doc__ is not None:     # None under `python -OO`, which strips docstrings
    PiratesGame.scenario.__doc__ = PiratesGame.scenario.__doc__.rstrip() + "\n\n" + "\n".join(
        "        " + line if line else "" for line in FIELDS_DOC.splitlines())

