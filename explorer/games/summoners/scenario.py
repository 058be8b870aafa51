"""Positions from descriptions: `Game.scenario(...)` and saved files both come through here.

A scenario is a dict (or the same as text, one ``key: value`` per line). Every field is
optional; what is left out gets a sensible default, and every card not placed anywhere
goes to the unseen part of its deck. Fields (n = number of players)::

    grid        {(0, 0): "B9", "1,0": "G10"} or [[0, 0, "B9"], ...]  (y grows downwards)
                text: "0,0=B9 1,0=G10"
    hands       one list of element cards per player      text: "B9 R8 | G2" ("-": none)
    known       per player, the hand cards everyone saw them take (default: none)
    spirits     one list of unsummoned Spirit cards per player (default: none)
    summoned    one list of summoned Spirit cards per player (each on the grid or gone)
    mana        one number per player (default 8 each); box_mana defaults to the rest
    sculptures  one cell or None per player (a cell holding a card)   text: "0,0 | -"
    market      up to 5 cards ("" or "-" for an empty slot)
    deck        the deck in known order, top first; every element card not elsewhere
                follows it in the order of `ELEMENT_DECK` (nothing is unseen)
    unseen      the shuffled part of the deck (default: every element card not elsewhere)
    bottom      cards known at the bottom of the deck, top first
    spirit_box  Spirit cards never dealt (default: every Spirit card not elsewhere)
    gone        consumed Spirit cards, out of the game
    current, phase, slot, window, turn, passes, winner, ended   (turn state; defaults:
                first player, "action", -1, (), 0, 0, -1, "")

Everything is validated like a saved file: a wrong field raises `InvalidInput` naming it,
and nothing half-built is ever returned.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from explorer.core import InvalidInput

from .cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from .grid import all_sites, frontier_limits, frontier_of
from .data import SummonersData
from .state import ENDINGS, PHASES

FIELDS = ("grid", "hands", "known", "spirits", "summoned", "mana", "box_mana", "sculptures", "market",
          "unseen", "bottom", "spirit_box", "gone", "current", "phase", "slot", "window",
          "turn", "passes", "winner", "ended")
MARKET_SLOTS = 5
MANA_EACH = 8


# ------------------------------------------------------------------ text form
def parse_text(text: str) -> dict[str, Any]:
    """The dict form of a scenario written as ``key: value`` lines (see module doc)."""
    spec: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or not key:
            raise InvalidInput(f"line {number}", f"expected 'key: value', got {line!r}")
        spec[key] = _text_value(key, value.strip())
    return spec


def _text_value(key: str, value: str) -> Any:
    if key == "grid":
        cells = {}
        for item in value.split():
            where, eq, card = item.partition("=")
            if not eq:
                raise InvalidInput("grid", f"expected 'x,y=CARD', got {item!r}")
            cells[where] = card
        return cells
    if key in ("hands", "known", "spirits", "summoned"):
        return [[c for c in part.split() if c != "-"] for part in value.split("|")]
    if key == "sculptures":
        return [None if part.strip() in ("-", "") else part.strip() for part in value.split("|")]
    if key in ("mana", "window"):
        return [_int(v, key) for v in value.split()]
    if key in ("market", "deck", "unseen", "bottom", "spirit_box", "gone"):
        return ["" if v == "-" else v for v in value.split()]
    if key in ("box_mana", "current", "slot", "turn", "passes", "winner"):
        return _int(value, key)
    return value


def _int(text: str, field: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(field, f"expected a whole number, got {text!r}") from None


# ------------------------------------------------------------------ building
def scenario_data(players: int, first_player: int, king_over_spirits: bool,
                  spec: Mapping[str, Any]) -> SummonersData:
    """State data from a scenario dict, filling the defaults (see module doc)."""
    unknown = sorted(set(spec) - set(FIELDS) - {"deck"})
    if unknown:
        raise InvalidInput(unknown[0], f"unknown scenario field; known: "
                                       f"{', '.join(FIELDS + ('deck',))}")
    raw = dict(spec)
    market = _cards(raw.get("market", []), "market", ELEMENT_DECK + ("",))
    if len(market) > MARKET_SLOTS:
        raise InvalidInput("market", f"at most {MARKET_SLOTS} slots, got {len(market)}")
    raw["market"] = list(market) + [""] * (MARKET_SLOTS - len(market))
    raw["grid"] = [[x, y, c] for x, y, c in _grid(raw.get("grid", {}))]
    n = players
    if "deck" in raw:
        if "unseen" in raw or "bottom" in raw:
            raise InvalidInput("deck", "give either deck or unseen/bottom, not both")
        raw["bottom"] = list(_cards(raw.pop("deck"), "deck", ELEMENT_DECK))
        raw["unseen"] = []
        raw["bottom"] += _leftover_elements(raw, n)
    raw["hands"] = [list(_cards(h, f"hands[{p}]", ELEMENT_DECK)) for p, h
                    in enumerate(_per_player(raw.get("hands", [[]] * n), "hands", n))]
    raw["spirits"] = [list(_cards(h, f"spirits[{p}]", SPIRIT_DECK)) for p, h
                      in enumerate(_per_player(raw.get("spirits", [[]] * n), "spirits", n))]
    raw.setdefault("known", [[] for _ in range(n)])
    raw.setdefault("summoned", [[] for _ in range(n)])
    raw.setdefault("mana", [MANA_EACH] * n)
    raw.setdefault("sculptures", [None] * n)
    raw["bottom"] = list(_cards(raw.get("bottom", []), "bottom", ELEMENT_DECK))
    raw["gone"] = list(_cards(raw.get("gone", []), "gone", SPIRIT_DECK))
    if "unseen" not in raw:
        raw["unseen"] = _leftover_elements(raw, n)
    if "spirit_box" not in raw:
        used = Counter(c for _, _, c in raw["grid"])
        used.update(c for h in raw["spirits"] for c in h)
        used.update(raw["gone"])
        raw["spirit_box"] = [c for c in SPIRIT_DECK if not used[c]]
    mana = _per_player(raw["mana"], "mana", n)
    if "box_mana" not in raw and all(isinstance(m, int) for m in mana):
        raw["box_mana"] = MANA_EACH * n - sum(mana)
    raw.setdefault("current", first_player)
    raw.setdefault("phase", "action")
    raw.setdefault("slot", -1)
    raw.setdefault("window", [])
    raw.setdefault("turn", 0)
    raw.setdefault("passes", 0)
    raw.setdefault("winner", -1)
    raw.setdefault("ended", "")
    return decode_data(players, king_over_spirits, raw)


def _leftover_elements(raw: Mapping[str, Any], n: int) -> list[str]:
    """The element cards that a scenario puts nowhere, in deck order."""
    used = Counter(c for _, _, c in raw["grid"])
    used.update(c for h in _per_player(raw.get("hands", [[]] * n), "hands", n)
                for c in _cards(h, "hands", ELEMENT_DECK))
    used.update(c for c in raw["market"] if c)
    used.update(_cards(raw.get("bottom", []), "bottom", ELEMENT_DECK))
    return [c for c in ELEMENT_DECK if not used[c]]


def decode_data(players: int, king_over_spirits: bool, raw: Any) -> SummonersData:
    """State data from its saved form (every field present), validated whole."""
    if not isinstance(raw, Mapping):
        raise InvalidInput("data", f"expected an object, got {type(raw).__name__}")
    for name in FIELDS:
        if name not in raw:
            raise InvalidInput(name, "missing")
    extra = sorted(set(raw) - set(FIELDS))
    if extra:
        raise InvalidInput(extra[0], "unknown field")
    n = players
    grid = _grid(raw["grid"])
    hands = tuple(tuple(sorted(_cards(h, f"hands[{p}]", ELEMENT_DECK)))
                  for p, h in enumerate(_per_player(raw["hands"], "hands", n)))
    known = tuple(tuple(sorted(_cards(h, f"known[{p}]", ELEMENT_DECK)))
                  for p, h in enumerate(_per_player(raw["known"], "known", n)))
    for p, (seen, hand) in enumerate(zip(known, hands)):
        missing = sorted(set(seen) - set(hand))
        if len(set(seen)) < len(seen):
            raise InvalidInput(f"known[{p}]", "a card is named twice")
        if missing:
            raise InvalidInput(f"known[{p}]", f"{missing[0]} is not in player {p}'s hand")
    spirits = tuple(tuple(sorted(_cards(h, f"spirits[{p}]", SPIRIT_DECK)))
                    for p, h in enumerate(_per_player(raw["spirits"], "spirits", n)))
    summoned = tuple(_cards(h, f"summoned[{p}]", SPIRIT_DECK)
                     for p, h in enumerate(_per_player(raw["summoned"], "summoned", n)))
    mana = tuple(_count(m, f"mana[{p}]") for p, m in enumerate(_per_player(raw["mana"], "mana", n)))
    box_mana = _count(raw["box_mana"], "box_mana")
    if sum(mana) + box_mana != MANA_EACH * n:
        raise InvalidInput("box_mana", f"players' mana plus the box must be {MANA_EACH * n} "
                                       f"({MANA_EACH} per player), got {sum(mana) + box_mana}")
    market = _cards(raw["market"], "market", ELEMENT_DECK + ("",))
    if len(market) != MARKET_SLOTS:
        raise InvalidInput("market", f"expected {MARKET_SLOTS} slots, got {len(market)}")
    unseen = tuple(sorted(_cards(raw["unseen"], "unseen", ELEMENT_DECK)))
    bottom = _cards(raw["bottom"], "bottom", ELEMENT_DECK)
    spirit_box = tuple(sorted(_cards(raw["spirit_box"], "spirit_box", SPIRIT_DECK)))
    gone = _cards(raw["gone"], "gone", SPIRIT_DECK)
    _check_elements(grid, hands, market, unseen, bottom)
    _check_spirits(grid, spirits, summoned, spirit_box, gone)
    cells = {(x, y) for x, y, _ in grid}
    sculptures = []
    for p, s in enumerate(_per_player(raw["sculptures"], "sculptures", n)):
        if s is None:
            sculptures.append(None)
            continue
        cell = _cell(s, f"sculptures[{p}]")
        if cell not in cells:
            raise InvalidInput(f"sculptures[{p}]", f"no card at {cell[0]},{cell[1]} to stand on")
        sculptures.append(cell)
    current = _seat(raw["current"], "current", n)
    phase = raw["phase"]
    if phase not in PHASES:
        raise InvalidInput("phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    slot = raw["slot"]
    if isinstance(slot, bool) or not isinstance(slot, int) or not -1 <= slot < MARKET_SLOTS:
        raise InvalidInput("slot", f"expected -1 or a market slot 0-4, got {slot!r}")
    window = tuple(_seat(q, "window", n) for q in _list(raw["window"], "window"))
    turn = _count(raw["turn"], "turn")
    passes = _count(raw["passes"], "passes")
    winner = raw["winner"]
    if winner != -1:
        winner = _seat(winner, "winner", n)
    ended = raw["ended"]
    if ended not in ENDINGS:
        raise InvalidInput("ended", f"expected one of {ENDINGS}, got {ended!r}")
    _check_phase(phase, ended, winner, slot, window, market, unseen, hands[current])
    cells = {(x, y): c for x, y, c in grid}
    frontier = frozenset(frontier_of(cells))
    return SummonersData(grid, frontier, all_sites(cells, frontier, king_over_spirits),
                         frontier_limits(cells, frontier),
                         hands, known, spirits, summoned, mana, box_mana, tuple(sculptures),
                         market, unseen, bottom, spirit_box, gone, current, phase, slot,
                         window, turn, passes, winner, ended)


# ------------------------------------------------------------------ field readers
def _list(value: Any, field: str) -> list:
    if isinstance(value, str):
        return value.split()
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(field, f"expected a list, got {type(value).__name__}")
    return list(value)


def _per_player(value: Any, field: str, n: int) -> list:
    items = _list(value, field) if not isinstance(value, str) else [value]
    if len(items) != n:
        raise InvalidInput(field, f"expected one entry per player ({n}), got {len(items)}")
    return items


def _cards(value: Any, field: str, allowed: Iterable[str]) -> tuple[str, ...]:
    allowed = set(allowed)
    cards = _list(value, field)
    for i, card in enumerate(cards):
        if card == "-" and "" in allowed:
            cards[i] = card = ""
        if not isinstance(card, str) or card not in allowed:
            raise InvalidInput(f"{field}[{i}]", f"{card!r} is not a card that belongs here")
    return tuple(cards)


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(field, f"expected a whole number >= 0, got {value!r}")
    return value


def _seat(value: Any, field: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidInput(field, f"expected a seat 0-{n - 1}, got {value!r}")
    return value


def _cell(value: Any, field: str) -> tuple[int, int]:
    if isinstance(value, str):
        parts = value.split(",")
        try:
            value = [int(p) for p in parts]
        except ValueError:
            raise InvalidInput(field, f"expected a cell 'x,y', got {value!r}") from None
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise InvalidInput(field, f"expected a cell [x, y] of whole numbers, got {value!r}")
    return int(value[0]), int(value[1])


def _grid(value: Any) -> tuple[tuple[int, int, str], ...]:
    if isinstance(value, Mapping):
        items = [(k, v) for k, v in value.items()]
    elif isinstance(value, (list, tuple)):
        items = []
        for i, entry in enumerate(value):
            if not isinstance(entry, (list, tuple)) or len(entry) != 3:
                raise InvalidInput(f"grid[{i}]", f"expected [x, y, card], got {entry!r}")
            items.append(((entry[0], entry[1]), entry[2]))
    else:
        raise InvalidInput("grid", f"expected a mapping of cells to cards or a list, "
                                   f"got {type(value).__name__}")
    cells: dict[tuple[int, int], str] = {}
    for key, card in items:
        cell = _cell(key, "grid")
        where = f"grid[{cell[0]},{cell[1]}]"
        if not isinstance(card, str) or card not in ELEMENT_DECK + SPIRIT_DECK:
            raise InvalidInput(where, f"{card!r} is not a card")
        if cell in cells:
            raise InvalidInput(where, "two cards on one cell")
        cells[cell] = card
    return tuple((x, y, c) for (x, y), c in sorted(cells.items()))


# ------------------------------------------------------------------ whole-state checks
def _check_elements(grid, hands, market, unseen, bottom) -> None:
    """Every element card exactly once across grid, hands, market and deck."""
    places = [("grid", [c for _, _, c in grid if not is_spirit(c)])]
    places += [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    places += [("market", [c for c in market if c]), ("unseen", unseen), ("bottom", bottom)]
    _place_each_once(places, ELEMENT_DECK, "unseen", "element cards")


def _place_each_once(places: list[tuple[str, Any]], deck: Iterable[str], missing_field: str,
                     what: str) -> dict[str, str]:
    """Where each card of `deck` lies (field by card); InvalidInput naming the field when a
    card lies in two places or in none."""
    where: dict[str, str] = {}
    for field, cards in places:
        for card in cards:
            if card in where:
                raise InvalidInput(field, f"the {card} is also in {where[card]}")
            where[card] = field
    missing = [c for c in deck if c not in where]
    if missing:
        raise InvalidInput(missing_field, f"{what} missing from the game: {' '.join(missing)}")
    return where


def _check_spirits(grid, spirits, summoned, spirit_box, gone) -> None:
    """Every Spirit card exactly once across grid, spirit hands, box and gone; the summoned
    lists name only cards on the grid or gone, each once."""
    places = [("grid", [c for _, _, c in grid if is_spirit(c)])]
    places += [(f"spirits[{p}]", h) for p, h in enumerate(spirits)]
    places += [("spirit_box", spirit_box), ("gone", gone)]
    where = _place_each_once(places, SPIRIT_DECK, "spirit_box", "Spirit cards")
    claimed: set[str] = set()
    for p, cards in enumerate(summoned):
        for card in cards:
            if where.get(card) not in ("grid", "gone") or card in claimed:
                raise InvalidInput(f"summoned[{p}]", f"the {card} is not a summoned card on "
                                                     f"the grid or gone, or is claimed twice")
            claimed.add(card)
    for _, _, card in grid:
        if is_spirit(card) and card not in claimed:
            raise InvalidInput("summoned", f"the {card} on the grid was summoned by nobody")


def _check_phase(phase, ended, winner, slot, window, market, unseen, hand) -> None:
    """The turn state must be one the rules can reach, so every hook answers."""
    if (phase == "over") != bool(ended):
        raise InvalidInput("ended", "a game is over exactly when it says why it ended")
    if (ended == "spirits") != (winner != -1):
        raise InvalidInput("winner", "only a game won by summoning all three Spirit cards "
                                     "has a winner seat")
    if phase in ("draw", "cycle-draw", "refill") and not unseen:
        raise InvalidInput("phase", f"phase {phase!r} draws from the unseen deck, which is empty")
    if (phase == "refill") != (slot != -1):
        raise InvalidInput("slot", "a market slot waits for a refill exactly in phase 'refill'")
    if phase == "refill" and market[slot]:
        raise InvalidInput("slot", f"market slot {slot} is not empty")
    if (phase == "summon") != bool(window):
        raise InvalidInput("window", "players are asked to summon exactly in phase 'summon'")
    if phase == "play" and not hand:
        raise InvalidInput("phase", "the current player must play a card but holds none")
