"""The catalogue: tiles, action cards, variant cards and captains, as a data file.

The printed tile legend and card lists are not public, so the game ships a stand-in
catalogue (`catalogue.json`, every entry tagged by a stand-in rule id) that a user with
the printed game can replace (option `catalogue`: a path). Effects are data from a closed
vocabulary (`Effect`) that the engine interprets [P-EFFECTS]; a variant card or a captain
sets named rule parameters (`PARAMETERS`). Instant Death and the Change of Wind are the
only rules written in code.

The file is read by msgspec against the structs below; an error names the entry and the
field (``cards[3] (G4).effects[0].n: expected `int`, got `str```).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, Union

import msgspec

from explorer.core import InvalidInput
from explorer.core.jsonio import read_file, read_json
from explorer.core.rulebook import rulebook
from explorer.core.typed import convert

from .dice import SPECIAL

HERE = Path(__file__).resolve().parent
DEFAULT = HERE / "catalogue.json"

Small = Annotated[int, msgspec.Meta(ge=-20, le=20)]
Count = Annotated[int, msgspec.Meta(ge=1, le=20)]
SpecialName = Literal["mermaid", "pirate king", "ghost", "cursed"]


class Target(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Whom an effect may aim at [P-TARGET]: "any" other player, a ship "within" `tiles`
    tiles, or the "nearest" other ships."""

    who: Literal["any", "within", "nearest"] = "any"
    tiles: Annotated[int, msgspec.Meta(ge=0, le=30)] = 0


class Coins(msgspec.Struct, frozen=True, tag="coins", tag_field="kind", forbid_unknown_fields=True):
    n: Small


class Crew(msgspec.Struct, frozen=True, tag="crew", tag_field="kind", forbid_unknown_fields=True):
    n: Small


class Steal(msgspec.Struct, frozen=True, tag="steal", tag_field="kind", forbid_unknown_fields=True):
    n: Count
    target: Target = Target()


class Special(msgspec.Struct, frozen=True, tag="special", tag_field="kind", forbid_unknown_fields=True):
    die: SpecialName
    target: Target | None = None          # None: the actor takes it; else the target does


class MoveBy(msgspec.Struct, frozen=True, tag="move", tag_field="kind", forbid_unknown_fields=True):
    n: Small
    target: Target | None = None


class Duel(msgspec.Struct, frozen=True, tag="duel", tag_field="kind", forbid_unknown_fields=True):
    target: Target = Target()
    loss: Count = 1
    steal: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0


class Battle(msgspec.Struct, frozen=True, tag="battle", tag_field="kind", forbid_unknown_fields=True):
    """A multiplayer battle looking for a loser [P-BATTLE-LOSER]: the actor and every
    other ship its `target` allows (all of them, not one chosen) roll battle dice; the
    lowest roll loses `loss` crew, and players tied for lowest roll again (the normal
    tie-break reversed)."""

    target: Target = Target()
    loss: Count = 1


class DrawCards(msgspec.Struct, frozen=True, tag="draw", tag_field="kind", forbid_unknown_fields=True):
    n: Count


class DiscardCards(msgspec.Struct, frozen=True, tag="discard", tag_field="kind", forbid_unknown_fields=True):
    n: Count
    target: Target | None = None
    random: bool = False


class Cargo(msgspec.Struct, frozen=True, tag="cargo", tag_field="kind", forbid_unknown_fields=True):
    target: Target | None = None


class Wind(msgspec.Struct, frozen=True, tag="wind", tag_field="kind", forbid_unknown_fields=True):
    """The Change of Wind: the token's arrow turns over [P-CARD-WIND]."""


class Roll(msgspec.Struct, frozen=True, tag="roll", tag_field="kind", forbid_unknown_fields=True):
    """Roll the pirate die (X or O) or the treasure die (X or coin); `x` happens on an X,
    `o` on the other face (O, or coin)."""

    die: Literal["pirate", "treasure"]
    x: "tuple[Effect, ...]" = ()
    o: "tuple[Effect, ...]" = ()
    times: Annotated[int, msgspec.Meta(ge=1, le=5)] = 1


Effect = Union[Coins, Crew, Steal, Special, MoveBy, Duel, Battle, DrawCards, DiscardCards, Cargo, Wind, Roll]
NEGATIVE = (Steal, Duel, Battle, MoveBy, DiscardCards, Cargo, Special)
"""Effects that harm their target (a ship on the start/end tile is immune to them from
another player's card [P-IMMUNE]); a MoveBy or Special harms only when aimed at someone."""

Water = Literal["start", "safe", "uncharted", "treacherous"]
TILE_RULES = {"start": "P-TILE-START", "safe": "P-TILE-SAFE", "uncharted": "P-TILE-UNCHARTED",
              "treacherous": "P-TILE-TREACHEROUS"}
CARD_RULES = ("P-CARD-GOLD", "P-CARD-SILVER", "P-CARD-WIND")


class Tile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    water: Water
    rule: str
    effects: tuple[Effect, ...] = ()
    text: str = ""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    tier: Literal["gold", "silver"]
    rule: str
    copies: Count = 1
    final_battle: bool = False
    effects: tuple[Effect, ...] = ()
    text: str = ""


Parameter = Literal["start_coins", "start_crew", "card_cost", "first_card_cost", "reroll_cost",
                    "win_coins", "survivor_coins", "loss_crew", "crew_floor", "cup_limit",
                    "exact", "open_cap", "instant_death", "draw_two"]
PARAMETERS: dict[str, int] = {
    "start_coins": 2, "start_crew": 5, "card_cost": 2, "first_card_cost": 2, "reroll_cost": 1,
    "win_coins": 0, "survivor_coins": 0, "loss_crew": 0, "crew_floor": 1, "cup_limit": 10,
    "exact": 1, "open_cap": 1, "instant_death": 0, "draw_two": 0,
}
"""The rule parameters a variant card or a captain may set, with their defaults:
coins and crew at the start, card and re-roll costs, rewards, the crew floor (total dice
a loss cannot go below), the cup limit; `exact` 0 forbids exact locks, `open_cap` 0
removes the opening cap; `instant_death` 1 is Instant Death [P-VAR-DEATH]; `draw_two` 1
is Cities of Greed's "draw two, keep one" for bought cards [P-COG-VAR-DRAW2]."""


class Rule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A variant card or a captain: a name and the rule parameters it sets."""

    id: str
    name: str
    rule: str
    set: dict[Parameter, Annotated[int, msgspec.Meta(ge=0, le=20)]]
    text: str = ""


class Town(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A town of Cities of Greed [P-COG-TOWNS]: its name (title case) and its rule (the
    seed's towns are tagged seed, the others stand-in)."""

    name: str
    rule: str


class Influence(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An influence card naming three towns [P-COG-INF-CARDS]."""

    id: str
    towns: tuple[str, str, str]
    rule: str
    copies: Count = 1


class Cities(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Cities of Greed part of a catalogue: the towns, the influence deck and the
    expansion's map tiles, each swapped in for the base tile it `replaces` (the same
    position in the list) [P-COG-TILES] [P-COG-TILES-SWAP]."""

    towns: tuple[Town, ...]
    influence: tuple[Influence, ...]
    tiles: tuple[Tile, ...] = ()
    replaces: tuple[str, ...] = ()

    def deck(self) -> tuple[str, ...]:
        """Every influence card copy, by id."""
        return tuple(c.id for c in self.influence for _ in range(c.copies))


class Catalogue(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    tiles: tuple[Tile, ...]
    cards: tuple[Card, ...]
    extended: tuple[Tile, ...] = ()
    extended_after: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    variants: tuple[Rule, ...] = ()
    captains: tuple[Rule, ...] = ()
    cities: Cities | None = None
    note: str = ""

    def route(self, extended: bool, cities: bool = False) -> tuple[Tile, ...]:
        """The preset route, start/end tile first (the extended tiles inserted after
        tile `extended_after`); with Cities of Greed its tiles swapped in for the tiles
        they replace [P-COG-TILES-SWAP]."""
        tiles = self.tiles
        if extended:
            at = self.extended_after + 1
            tiles = tiles[:at] + self.extended + tiles[at:]
        if cities and self.cities is not None:
            swap = dict(zip(self.cities.replaces, self.cities.tiles))
            tiles = tuple(swap.get(t.id, t) for t in tiles)
        return tiles

    def require_cities(self) -> Cities:
        """The Cities of Greed section; InvalidInput when the catalogue has none (a game
        with the option on refuses such a catalogue as it starts, so its rules always
        find the section)."""
        if self.cities is None:
            raise InvalidInput("options.catalogue", "this catalogue has no Cities of Greed section "
                                                    "(towns, influence cards)")
        return self.cities

    def every_tile(self) -> tuple[Tile, ...]:
        """Every tile of the catalogue: base, extended and the expansion's."""
        return self.route(True) + (self.cities.tiles if self.cities is not None else ())

    def deck(self) -> tuple[str, ...]:
        """Every card copy of the action deck, by id."""
        return tuple(c.id for c in self.cards for _ in range(c.copies))


_ID = r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,19}$"
_IDENT = re.compile(_ID)


def _rule_ids() -> dict[str, str]:
    return {r.id: r.source for r in rulebook("pirates")}


def validate(raw: object, where: str = "catalogue") -> Catalogue:
    """A catalogue from decoded JSON, checked entry by entry; InvalidInput naming the entry
    and the field otherwise."""
    if not isinstance(raw, dict):
        raise InvalidInput(where, f"expected a mapping, got {type(raw).__name__}")
    fields = {}
    for key, value in raw.items():
        if key in ("tiles", "extended", "cards", "variants", "captains") and isinstance(value, list):
            kind = {"tiles": Tile, "extended": Tile, "cards": Card, "variants": Rule,
                    "captains": Rule}[key]
            entries = []
            for i, entry in enumerate(value):
                label = entry.get("id") if isinstance(entry, dict) else None
                name = f"{where}.{key}[{i}]" + (f" ({str(label)[:20]})" if isinstance(label, str) else "")
                entries.append(convert(entry, kind, name))
            fields[key] = tuple(entries)
        else:
            fields[key] = value
    built = {k: (msgspec.to_builtins(v) if isinstance(v, tuple) else v) for k, v in fields.items()}
    cat = convert(built, Catalogue, where)
    _check(cat, where)
    return cat


def _check(cat: Catalogue, where: str) -> None:
    rules = _rule_ids()
    seen: set[str] = set()
    groups: tuple[tuple[str, tuple[Tile | Card | Rule, ...]], ...] = (
        ("tiles", cat.tiles), ("extended", cat.extended), ("cards", cat.cards),
        ("variants", cat.variants), ("captains", cat.captains))
    for key, entries in groups:
        for i, entry in enumerate(entries):
            name = f"{where}.{key}[{i}] ({entry.id[:20]})"
            if not _IDENT.match(entry.id):
                raise InvalidInput(f"{name}.id", "an id is 1-20 letters, digits, spaces, _ or -")
            if entry.id.upper() in seen:
                raise InvalidInput(f"{name}.id", "this id is used twice")
            seen.add(entry.id.upper())
            if entry.rule not in rules:
                raise InvalidInput(f"{name}.rule", f"{entry.rule!r} is not a rule of seeds/pirates.md")
            if rules[entry.rule] not in ("stand-in", "public") and not (
                    key == "variants" and rules[entry.rule] == "seed"):
                raise InvalidInput(f"{name}.rule", f"{entry.rule} is not tagged stand-in or public")
    if len(cat.tiles) < 2:
        raise InvalidInput(f"{where}.tiles", "a route needs the start/end tile and at least one more")
    for i, tile in enumerate(cat.route(True)):
        if (tile.water == "start") != (i == 0):
            raise InvalidInput(f"{where}.tiles[{i}] ({tile.id}).water",
                               "the route starts with the one start/end tile")
    if cat.extended and cat.extended_after >= len(cat.tiles):
        raise InvalidInput(f"{where}.extended_after", "beyond the last tile")
    if not cat.cards:
        raise InvalidInput(f"{where}.cards", "the action deck needs cards")
    for i, card in enumerate(cat.cards):
        if card.id != card.id.upper() or " " in card.id:
            raise InvalidInput(f"{where}.cards[{i}] ({card.id}).id", "card ids are upper case, no spaces")
    if cat.cities is not None:
        _check_cities(cat, cat.cities, f"{where}.cities", rules, seen)


def _check_cities(cat: Catalogue, cities: Cities, where: str, rules: dict[str, str],
                  seen: set[str]) -> None:
    """The towns, influence cards and swapped tiles of Cities of Greed [P-COG-TOWNS]
    [P-COG-INF-CARDS] [P-COG-TILES-SWAP]."""
    names = [t.name for t in cities.towns]
    if not 2 <= len(names) <= 10 or len(set(names)) != len(names):
        raise InvalidInput(f"{where}.towns", "2-10 towns, each named once")
    for i, town in enumerate(cities.towns):
        if not re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}", town.name):
            raise InvalidInput(f"{where}.towns[{i}].name", "a town is 1-3 capitalised words of letters")
        if rules.get(town.rule) not in ("seed", "stand-in"):
            raise InvalidInput(f"{where}.towns[{i}].rule", f"{town.rule!r} is not a seed or stand-in rule")
    for i, card in enumerate(cities.influence):
        name = f"{where}.influence[{i}] ({card.id[:20]})"
        if not re.fullmatch(r"I[0-9]{1,3}", card.id) or card.id in seen:
            raise InvalidInput(f"{name}.id", "an influence id is I and a number, used once")
        seen.add(card.id)
        if len(set(card.towns)) != 3 or any(t not in names for t in card.towns):
            raise InvalidInput(f"{name}.towns", "three different towns of the catalogue")
        if rules.get(card.rule) != "stand-in":
            raise InvalidInput(f"{name}.rule", f"{card.rule!r} is not a stand-in rule")
    if not cities.influence:
        raise InvalidInput(f"{where}.influence", "the influence deck needs cards")
    base = {t.id: t for t in cat.route(True)}
    if len(cities.replaces) != len(cities.tiles) or len(set(cities.replaces)) != len(cities.replaces):
        raise InvalidInput(f"{where}.replaces", "one base tile replaced per expansion tile, each once")
    for i, (tile, old) in enumerate(zip(cities.tiles, cities.replaces)):
        name = f"{where}.tiles[{i}] ({tile.id[:20]})"
        if not re.fullmatch(_ID, tile.id) or tile.id.upper() in seen:
            raise InvalidInput(f"{name}.id", "an id is 1-20 letters, digits, spaces, _ or -, used once")
        seen.add(tile.id.upper())
        if rules.get(tile.rule) != "stand-in":
            raise InvalidInput(f"{name}.rule", f"{tile.rule!r} is not a stand-in rule")
        if tile.water == "start":
            raise InvalidInput(f"{name}.water", "the start/end tile is not replaced")
        if old not in base or base[old].water == "start":
            raise InvalidInput(f"{where}.replaces[{i}]", f"{old!r} is not a tile of the route after the start")


def load_catalogue(path: str = "") -> Catalogue:
    """The catalogue in `path` ("" = the shipped stand-in), validated [P-CAT-1]."""
    return _load(str(path))


@lru_cache(maxsize=8)
def _load(path: str) -> Catalogue:
    file = Path(path) if path else DEFAULT
    raw = read_json(read_file(file, "options.catalogue"), "options.catalogue")
    return validate(raw, "catalogue")


SPECIALS = tuple(s for s in SPECIAL if s != "mayor")
