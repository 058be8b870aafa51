"""Cities of Greed's part of a position (`CitiesData`, the `cities` field of the data;
None when the expansion is off, so the base game's positions and files are unchanged).

    towns       per route place: (town, owner of the card) or None; the start/end tile
                never has one [P-COG-TOWN-PLACE]
    town_hands  per player the town cards still in hand (only while the towns are placed)
    town_box    per player the town cards returned to the box [P-COG-TOWN-BOX]
    moved       per player the placed cards they moved [P-COG-TOWN-MOVE]
    designated  per player their designated town, "" before they choose [P-COG-DESIGNATE]
    influence   per player the influence cards in hand, sorted (secret) [P-COG-INF-DEAL]
    deck        the influence deck (core `Deck`)
    discard     the influence cards played, face up, oldest first
    returned    per player the influence cards they returned to the box face down at
                setup (secret: seen by their owner only) [P-COG-INF-RETURN]
    played      per player the influence cards played this round [P-COG-INF-ONCE]

Town cards in hand are shown to their owner only; every player starts with one card of
each town and every placement is public, so they tell nothing more than the placements.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, cast

import msgspec

from explorer.core import Deck, InvalidInput, redeal
from explorer.core.pending import seat_name
from explorer.core.typed import convert

from .data import Build, Frame, Pick, Towns
from .deck_spec import deck_from_spec

if TYPE_CHECKING:
    from .game import PiratesGame

MAYOR = 4
"""The mayor die's index among the special dice (`dice.SPECIAL`)."""


class CitiesData(NamedTuple):
    towns: tuple[tuple[str, int] | None, ...]
    town_hands: tuple[tuple[str, ...], ...]
    town_box: tuple[tuple[str, ...], ...]
    moved: tuple[int, ...]
    designated: tuple[str, ...]
    influence: tuple[tuple[str, ...], ...]
    deck: Deck
    discard: tuple[str, ...]
    returned: tuple[tuple[str, ...], ...]
    played: tuple[int, ...]


def town_names(game: "PiratesGame") -> tuple[str, ...]:
    return tuple(t.name for t in game.catalogue.require_cities().towns)


def in_town(cities: CitiesData, progress: tuple[int, ...], out: tuple[bool, ...], town: str,
            length: int) -> list[int]:
    """The seats whose ship is now on a tile of `town` (seat order)."""
    return [p for p, v in enumerate(progress) if not out[p] and
            (tile := cities.towns[v % length]) is not None and tile[0] == town]


def default_towns(game: "PiratesGame", length: int) -> tuple[tuple[str, int] | None, ...]:
    """The towns of a scenario that names none: the towns in catalogue order round the
    route from tile 1, the k-th card of a town being seat k's; a town whose cards have
    all been placed leaves its tile without a card [P-COG-TOWN-SHORT]."""
    names = town_names(game)
    seen: Counter = Counter()
    out: list[tuple[str, int] | None] = [None]
    for i in range(1, length):
        town = names[(i - 1) % len(names)]
        if seen[town] < game.players:
            out.append((town, seen[town]))
            seen[town] += 1
        else:
            out.append(None)
    return tuple(out)


def setup_cities(game: "PiratesGame", rng: random.Random, length: int) -> CitiesData:
    """A new game's cities: every player holds each town card; the influence deck is
    shuffled and 3 cards dealt to each player [P-COG-TOWNS] [P-COG-INF-DEAL]."""
    n = game.players
    cards = sorted(game.catalogue.require_cities().deck())
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[3 * p:3 * p + 3])) for p in range(n))
    return CitiesData(towns=(None,) * length, town_hands=(tuple(sorted(town_names(game))),) * n,
                      town_box=((),) * n, moved=(0,) * n, designated=("",) * n, influence=hands,
                      deck=Deck.of(cards[3 * n:]), discard=(), returned=((),) * n, played=(0,) * n)


def scenario_cities(game: "PiratesGame", spec: Any, length: int) -> CitiesData:
    """The cities of a scenario (fields `towns`, `designated`, `influence`,
    `influence_deck`, `influence_discard`, `influence_played`): the towns placed, every
    card left in the box, the designated towns chosen."""
    n = game.players
    names = town_names(game)
    if spec.towns is None:
        towns = default_towns(game, length)
    else:
        if len(spec.towns) != length:
            raise InvalidInput("towns", f"expected one town (or null) per place of the route ({length})")
        seen: Counter = Counter()
        placed: list[tuple[str, int] | None] = []
        for i, raw in enumerate(spec.towns):
            if raw is None or raw == "":
                placed.append(None)
                continue
            town = _town(raw, f"towns[{i}]", names)
            if i == 0:
                raise InvalidInput("towns[0]", "the start/end tile has no town card")
            if seen[town] >= n:
                raise InvalidInput(f"towns[{i}]", f"{town} is on more tiles than there are players ({n})")
            placed.append((town, seen[town]))
            seen[town] += 1
        towns = tuple(placed)
    box = tuple(tuple(sorted(set(names) - {t[0] for t in towns if t is not None and t[1] == p}))
                for p in range(n))
    if spec.designated is None:
        designated = tuple(names[p % len(names)] for p in range(n))
    else:
        if len(spec.designated) != n:
            raise InvalidInput("designated", f"expected one town per player ({n})")
        designated = tuple(_town(t, f"designated[{p}]", names) for p, t in enumerate(spec.designated))
    known = set(game.catalogue.require_cities().deck())

    def card(value: Any, field: str) -> str:
        c = value.upper() if isinstance(value, str) else value
        if c not in known:
            raise InvalidInput(field, f"{value!r} is not an influence card of the catalogue")
        return c

    hands_raw = spec.influence if spec.influence is not None else [[]] * n
    if len(hands_raw) != n:
        raise InvalidInput("influence", f"expected one hand per player ({n})")
    hands = tuple(tuple(sorted(card(c, f"influence[{p}][{i}]") for i, c in enumerate(h)))
                  for p, h in enumerate(hands_raw))
    discard = tuple(card(c, f"influence_discard[{i}]") for i, c in enumerate(spec.influence_discard))
    used = Counter(c for h in hands for c in h) + Counter(discard)
    deck = deck_from_spec(spec.influence_deck, game.catalogue.require_cities().deck(), used, card,
                          "influence_deck")
    played = tuple(spec.influence_played) if spec.influence_played is not None else (0,) * n
    if len(played) != n:
        raise InvalidInput("influence_played", f"expected one count per player ({n})")
    return CitiesData(towns=towns, town_hands=((),) * n, town_box=box, moved=(0,) * n,
                      designated=designated, influence=hands, deck=deck, discard=discard,
                      returned=((),) * n, played=played)


def _town(raw: Any, field: str, names: tuple[str, ...]) -> str:
    town = " ".join(w.capitalize() for w in str(raw).split())
    if town not in names:
        raise InvalidInput(field, f"{str(raw)[:40]!r} is not a town; towns: {', '.join(names)}")
    return town


# ---------------------------------------------------------------------- files
def encode_cities(c: CitiesData) -> dict[str, Any]:
    return {"towns": [None if t is None else list(t) for t in c.towns],
            "town_hands": [list(h) for h in c.town_hands], "town_box": [list(b) for b in c.town_box],
            "moved": list(c.moved), "designated": list(c.designated),
            "influence": [list(h) for h in c.influence], "deck": c.deck.to_jsonable(),
            "discard": list(c.discard), "returned": [list(r) for r in c.returned],
            "played": list(c.played)}


def decode_cities(raw: Any) -> CitiesData:
    s = convert(raw, SavedCities, "data.cities")
    return CitiesData(towns=tuple(None if t is None else (t[0], t[1]) for t in s.towns),
                      town_hands=tuple(tuple(sorted(h)) for h in s.town_hands),
                      town_box=tuple(tuple(sorted(b)) for b in s.town_box), moved=tuple(s.moved),
                      designated=tuple(s.designated),
                      influence=tuple(tuple(sorted(h)) for h in s.influence),
                      deck=Deck(tuple(sorted(s.deck.unseen or [])), tuple(s.deck.top),
                                tuple(s.deck.bottom)),
                      discard=tuple(s.discard),
                      returned=tuple(tuple(sorted(r)) for r in s.returned), played=tuple(s.played))


def check_cities(game: "PiratesGame", d: Any, at: str) -> None:
    """Conservation and meaning of the cities: each player's town cards lie once in hand,
    under a tile or in the box; every influence card lies once in a hand, the deck, the
    discard pile, a returned pile or a frame; designated towns are towns (distinct with
    the option) [P-COG-TOWNS] [P-COG-INF-DEAL] [P-COG-DESIGNATE-DISTINCT]."""
    c = d.cities
    n = game.players
    if c is None:
        if game.options.cities_of_greed:
            raise InvalidInput(f"{at}cities", "Cities of Greed is on: the position needs its cities")
        return
    if not game.options.cities_of_greed:
        raise InvalidInput(f"{at}cities", "Cities of Greed is off (option cities_of_greed)")
    names = set(town_names(game))
    for field in ("town_hands", "town_box", "moved", "designated", "influence", "returned", "played"):
        if len(getattr(c, field)) != n:
            raise InvalidInput(f"{at}cities.{field}", f"expected one entry per player ({n})")
    if len(c.towns) != len(d.route) or c.towns[0] is not None:
        raise InvalidInput(f"{at}cities.towns", "one entry per place of the route, none on the start/end tile")
    for p in range(n):
        under = [t[0] for t in c.towns if t is not None and t[1] == p]
        mine = Counter(under) + Counter(c.town_hands[p]) + Counter(c.town_box[p])
        if mine != Counter(names):
            raise InvalidInput(f"{at}cities.towns", f"{seat_name(p)}'s town cards must lie once each in hand, "
                                                    f"under a tile or in the box")
        if c.designated[p] and c.designated[p] not in names:
            raise InvalidInput(f"{at}cities.designated[{p}]", f"{c.designated[p]!r} is not a town")
        if c.moved[p] > game.options.town_moves or c.played[p] > game.options.influence_per_round:
            raise InvalidInput(f"{at}cities.moved", "more moves or plays than the options allow")
    chosen = [t for t in c.designated if t]
    if game.options.distinct_towns and len(set(chosen)) != len(chosen):
        raise InvalidInput(f"{at}cities.designated", "two players designate the same town "
                                                     "(option distinct_towns)")
    placing = any(isinstance(fr, Towns) for fr in d.stack)
    if any(c.town_hands) and not placing:
        raise InvalidInput(f"{at}cities.town_hands", "town cards are in hand only while they are placed")
    if not any(isinstance(fr, Towns) or fr.kind == "designate" for fr in d.stack) and (
            len(chosen) != n and not any(isinstance(fr, Build) for fr in d.stack)):
        raise InvalidInput(f"{at}cities.designated", "every player has a designated town once they are chosen")
    cards = Counter(c.deck.counts()) + Counter(c.discard)
    for h in c.influence + c.returned:
        cards.update(h)
    for fr in d.stack:
        if isinstance(fr, Pick) and fr.deck == "influence":
            cards.update(fr.drawn)
    if cards != Counter(game.catalogue.require_cities().deck()):
        raise InvalidInput(f"{at}cities.deck", "every influence card lies once in the deck, a hand, "
                                               "the discard pile or the box")


def redeal_cities(c: CitiesData, stack: list[Frame], viewer: int, rng: random.Random) -> CitiesData:
    """The cities with what `viewer` cannot see dealt again, keeping every count: the
    other players' influence hands, their returned cards, their "draw two" choices and
    the unseen influence deck (frames of `stack` are updated in place)."""
    n = len(c.influence)
    others = [p for p in range(n) if p != viewer]
    picks = [i for i, fr in enumerate(stack)
             if isinstance(fr, Pick) and fr.deck == "influence" and fr.seat != viewer]
    drawn = [cast(Pick, stack[i]).drawn for i in picks]
    pool = sorted(c.deck.unseen + c.deck.top + tuple(x for p in others for x in c.influence[p] + c.returned[p])
                  + tuple(x for cards in drawn for x in cards))
    sizes = [len(c.influence[p]) for p in others] + [len(c.returned[p]) for p in others] + [
        len(cards) for cards in drawn]
    parts, unseen = redeal(rng, pool, sizes)
    hands, returned = list(c.influence), list(c.returned)
    for k, p in enumerate(others):
        hands[p] = parts[k]
        returned[p] = parts[len(others) + k]
    for k, i in enumerate(picks):
        stack[i] = cast(Pick, stack[i])._replace(drawn=parts[2 * len(others) + k])
    return c._replace(influence=tuple(hands), returned=tuple(returned),
                      deck=Deck(unseen, (), c.deck.bottom))


def cities_view(state: Any, viewer: int | None) -> dict[str, Any]:
    """The cities as `viewer` sees them: every tile's town and who controls which town
    for all; hands of town and influence cards for their owner (and the teacher) only,
    counted for the others [P-COG-INF-DEAL] [P-HIDDEN-1]; `cards`: the towns of every
    influence card the viewer sees."""
    c = state.data.cities
    n = state.game.players
    sees = [viewer is None or viewer == p for p in range(n)]
    controls: dict[str, list[int]] = {}
    for p, town in enumerate(c.designated):
        if town:
            controls.setdefault(town, []).append(p)
    return {
        "towns": list(town_names(state.game)),
        "tiles": [None if t is None else {"town": t[0], "card_of": t[1]} for t in c.towns],
        "designated": list(c.designated), "controls": controls,
        "town_hands": [list(h) if sees[p] else None for p, h in enumerate(c.town_hands)],
        "town_hand_counts": [len(h) for h in c.town_hands],
        "town_box_counts": [len(b) for b in c.town_box], "moved": list(c.moved),
        "influence": [list(h) if sees[p] else None for p, h in enumerate(c.influence)],
        "influence_counts": [len(h) for h in c.influence],
        "returned": [list(r) if sees[p] else None for p, r in enumerate(c.returned)],
        "returned_counts": [len(r) for r in c.returned],
        "deck_count": c.deck.size, "discard": list(c.discard), "played": list(c.played),
        "cards": {card: list(state.game.influence[card].towns) for card in sorted(set(c.discard).union(
            *(h for p, h in enumerate(c.influence + c.returned) if sees[p % n]),
            *(fr.drawn for fr in state.data.stack if isinstance(fr, Pick) and fr.deck == "influence"
              and sees[fr.seat])))},
    }


class _DeckShape(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str] | None = None
    top: list[str] = []
    bottom: list[str] = []


Seat = Annotated[int, msgspec.Meta(ge=0, le=5)]
Small = Annotated[int, msgspec.Meta(ge=0, le=20)]


class SavedCities(msgspec.Struct, forbid_unknown_fields=True):
    towns: list[tuple[str, Seat] | None]
    town_hands: list[list[str]]
    town_box: list[list[str]]
    moved: list[Small]
    designated: list[str]
    influence: list[list[str]]
    deck: _DeckShape
    discard: list[str]
    returned: list[list[str]]
    played: list[Small]
