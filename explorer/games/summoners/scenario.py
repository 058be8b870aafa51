"""Positions from descriptions: `Game.scenario(...)` and saved files both come through here.

A scenario is a dict (or the same as text, one ``key: value`` per line). Every field is
optional; what is left out gets a sensible default, and every card not placed anywhere
goes to the unseen part of its deck. The shapes are those of `view()`: see `FIELDS_DOC`
(it is also `help(game.scenario)`).

Input is read in two steps. Its *shape* is checked by msgspec against small typed
structs (`ScenarioSpec`, `SavedData`; `explorer.core.typed.convert`), so a wrong type
is refused with the path of the field (``mana[0]: expected `int`, got `float```). Then
the *meaning* is checked by code here (a card exists and lies in one place only, mana
is conserved, the phase can be reached), again naming the field. Nothing half-built is
ever returned.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Annotated, Any, Iterable, Literal, Mapping

import msgspec

from explorer.core import Deck, InvalidInput
from explorer.core.checks import seat
from explorer.core.pending import seat_name
from explorer.core.typed import convert

from .cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from .data import SummonersData, Window, summoners_data
from .grid import Cell, all_sites, frontier_limits, frontier_of
from .moves import read_card, read_cell

MARKET_SLOTS = 5
MANA_EACH = 8
PHASES = ("action", "play", "summon", "over", "draw", "cycle-draw", "refill")
ENDINGS = ("", "spirits", "passes", "turns")

FIELDS_DOC = """\
Fields (all optional; n = number of players; cells are (x, y) tuples, y grows
downwards; card names in any case):

    grid        the layout: {(0, 0): "B9", "1,0": "G10"} (keys (x, y) or "x,y"), or
                [[0, 0, "B9"], ...]; text "0,0=B9 1,0=G10". view()["grid"] is the
                same mapping {"x,y": card}.
    hands       one list of element cards per player      text "B9 R8 | G2" ("-": none)
    known       per player, the hand cards everyone saw them take (default: none)
    spirits     per player, the Spirit cards not yet summoned (default: none)
    summoned    per player, the Spirit cards they summoned, in order (each on the grid
                or gone)
    mana        one whole number per player (default 8 each)
    box_mana    mana out of the game (default: 8 per player less the players' mana)
    sculptures  one cell or None per player (a cell holding a card)   text "0,0 | -"
    market      up to 5 cards ("" or "-" for an empty slot)
    deck        a list: the deck in a known order, top first, that everyone saw (every
                element card not elsewhere follows it; nothing is unseen); or a mapping
                {"unseen": [...], "top": [...], "bottom": [...]} as in view()["deck"]:
                `top` is known to the teacher only, `bottom` to everyone, `unseen`
                defaults to every element card not elsewhere
    spirit_box  Spirit cards never dealt (default: every Spirit card not elsewhere)
    gone        consumed Spirit cards, out of the game
    current     whose turn it is (default: the first player)
    phase       "action" (choose cycle, draw, buy or pass; the default), "play" (play a
                hand card after a draw or a buy), "summon" (the summon window),
                "draw" / "cycle-draw" / "refill" (the deck turns up a card for a draw,
                a cycle or the market slot `slot`), or "over"
    slot        the market slot waiting for a refill in phase "refill", else -1
    window      in phase "summon": the seats still to be asked, the one deciding first
                (e.g. [1, 0]); empty in every other phase
    turn        turns completed (default 0)
    passes      consecutive passes so far (default 0)
    winner      the seat that summoned all three Spirit cards (game over), else -1
    ended       why the game ended: "" (it goes on), "spirits", "passes" or "turns"

Card names: element cards are suit + rank, suits B (blue), R (red), G (green),
Y (yellow), ranks 2-10 and A (the Aces BA, RA, GA, YA), and the Jokers X1, X2;
Spirit cards are BJ, BQ, BK, RJ, ... YK (Jack, Queen, King of each suit).
"""

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Coord = Annotated[int, msgspec.Meta(ge=-9999, le=9999)]
CellShape = tuple[Coord, Coord]
Phase = Literal["action", "play", "summon", "over", "draw", "cycle-draw", "refill"]
Ending = Literal["", "spirits", "passes", "turns"]
Slot = Annotated[int, msgspec.Meta(ge=-1, le=MARKET_SLOTS - 1)]
Winner = Annotated[int, msgspec.Meta(ge=-1, le=3)]


class DeckSpec(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str] | None = None
    top: list[str] = []
    bottom: list[str] = []


class ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of a scenario (every field optional)."""

    grid: Any = None                  # read by `_grid`: keys may be tuples or "x,y"
    hands: list[list[str]] | None = None
    known: list[list[str]] | None = None
    spirits: list[list[str]] | None = None
    summoned: list[list[str]] | None = None
    mana: list[Count] | None = None
    box_mana: Count | None = None
    sculptures: list[CellShape | None] | None = None
    market: list[str] | None = None
    deck: list[str] | DeckSpec | None = None
    spirit_box: list[str] | None = None
    gone: list[str] | None = None
    current: Seat | None = None
    phase: Phase = "action"
    slot: Slot = -1
    window: list[Seat] = []
    turn: Count = 0
    passes: Count = 0
    winner: Winner = -1
    ended: Ending = ""


class SavedDeck(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str]
    top: list[str]
    bottom: list[str]


class SavedData(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of saved state data (`encoding.encode`): every field present."""

    grid: dict[str, str]
    hands: list[list[str]]
    known: list[list[str]]
    spirits: list[list[str]]
    summoned: list[list[str]]
    mana: list[Count]
    box_mana: Count
    sculptures: list[CellShape | None]
    market: list[str]
    deck: SavedDeck
    spirit_box: list[str]
    gone: list[str]
    current: Seat
    phase: Phase
    slot: Slot
    window: list[Seat]
    turn: Count
    passes: Count
    winner: Winner
    ended: Ending


FIELDS = tuple(ScenarioSpec.__struct_fields__)
_ELEMENTS = frozenset(ELEMENT_DECK)
_SPIRITS = frozenset(SPIRIT_DECK)
_MARKET = _ELEMENTS | {""}
_INT = re.compile(r"-?[0-9]{1,7}")


# ------------------------------------------------------------------ text form
def parse_text(text: str) -> dict[str, Any]:
    """The dict form of a scenario written as ``key: value`` lines (see `FIELDS_DOC`)."""
    spec: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or not key:
            raise InvalidInput(f"line {number}", f"expected 'key: value', got {line[:80]!r}")
        spec[key] = _text_value(key, value.strip())
    return spec


def _text_value(key: str, value: str) -> Any:
    if key == "grid":
        cells = {}
        for item in value.split():
            where, eq, card = item.partition("=")
            if not eq:
                raise InvalidInput("grid", f"expected 'x,y=CARD', got {item[:40]!r}")
            cells[where] = card
        return cells
    if key in ("hands", "known", "spirits", "summoned"):
        return [[c for c in part.split() if c != "-"] for part in value.split("|")]
    if key == "sculptures":
        return [None if part.strip() in ("-", "") else read_cell(part.strip(), f"sculptures[{i}]")
                for i, part in enumerate(value.split("|"))]
    if key in ("mana", "window"):
        return [_int(v, f"{key}[{i}]") for i, v in enumerate(value.split())]
    if key in ("market", "deck", "spirit_box", "gone"):
        return ["" if v == "-" else v for v in value.split()]
    if key in ("box_mana", "current", "slot", "turn", "passes", "winner"):
        return _int(value, key)
    return value


def _int(text: str, field: str) -> int:
    if not _INT.fullmatch(text):
        raise InvalidInput(field, f"expected a whole number, got {text[:40]!r}")
    return int(text)


# ------------------------------------------------------------------ building
def _check_names(raw: Mapping[str, Any], where: str) -> None:
    for name in raw:
        if name not in FIELDS:
            raise InvalidInput(f"{where}{name}" if where else str(name),
                               f"unknown field; known: {', '.join(FIELDS)}")


def scenario_data(players: int, options: Any, spec: Mapping[str, Any]) -> SummonersData:
    """State data from a scenario dict, filling the defaults (see `FIELDS_DOC`)."""
    _check_names(spec, "")
    s = convert(dict(spec), ScenarioSpec, "")
    n = players
    grid = _grid(s.grid if s.grid is not None else {})
    market = _cards(s.market or [], "market", _MARKET)
    if len(market) > MARKET_SLOTS:
        raise InvalidInput("market", f"at most {MARKET_SLOTS} slots, got {len(market)}")
    market = market + ("",) * (MARKET_SLOTS - len(market))
    hands = _per_player_cards(s.hands, "hands", n, _ELEMENTS)
    spirits = _per_player_cards(s.spirits, "spirits", n, _SPIRITS)
    gone = _cards(s.gone or [], "gone", _SPIRITS)
    placed = Counter(c for _, _, c in grid)
    placed.update(c for h in hands for c in h)
    placed.update(c for c in market if c)
    if isinstance(s.deck, list):
        known = _cards(s.deck, "deck", _ELEMENTS)
        placed.update(known)
        deck = Deck((), (), known + tuple(c for c in ELEMENT_DECK if not placed[c]))
    else:
        spec_deck = s.deck or DeckSpec()
        top = _cards(spec_deck.top, "deck.top", _ELEMENTS)
        bottom = _cards(spec_deck.bottom, "deck.bottom", _ELEMENTS)
        placed.update(top + bottom)
        unseen = (tuple(c for c in ELEMENT_DECK if not placed[c]) if spec_deck.unseen is None
                  else _cards(spec_deck.unseen, "deck.unseen", _ELEMENTS))
        deck = Deck.of(unseen, top, bottom)
    if s.spirit_box is None:
        used = Counter(c for _, _, c in grid)
        used.update(c for h in spirits for c in h)
        used.update(gone)
        spirit_box = tuple(c for c in SPIRIT_DECK if not used[c])
    else:
        spirit_box = _cards(s.spirit_box, "spirit_box", _SPIRITS)
    mana = _per_player(s.mana, "mana", n) if s.mana is not None else (MANA_EACH,) * n
    return _build(players, options, grid=grid, hands=hands,
                  known=_per_player_cards(s.known, "known", n, _ELEMENTS),
                  spirits=spirits,
                  summoned=_per_player_cards(s.summoned, "summoned", n, _SPIRITS, sort=False),
                  mana=mana,
                  box_mana=MANA_EACH * n - sum(mana) if s.box_mana is None else s.box_mana,
                  sculptures=_per_player(s.sculptures, "sculptures", n) if s.sculptures
                  is not None else (None,) * n,
                  market=market, deck=deck, spirit_box=spirit_box, gone=gone,
                  current=options.first_player if s.current is None else s.current,
                  phase=s.phase, slot=s.slot, window=tuple(s.window), turn=s.turn,
                  passes=s.passes, winner=s.winner, ended=s.ended)


def decode_data(players: int, options: Any, raw: Any) -> SummonersData:
    """State data from its saved form (every field present), validated whole."""
    if isinstance(raw, Mapping):
        _check_names(raw, "data.")
    saved = convert(raw, SavedData, "data")
    n = players
    deck = Deck(tuple(sorted(_cards(saved.deck.unseen, "data.deck.unseen", _ELEMENTS))),
                _cards(saved.deck.top, "data.deck.top", _ELEMENTS),
                _cards(saved.deck.bottom, "data.deck.bottom", _ELEMENTS))
    return _build(players, options, grid=_grid(saved.grid),
                  hands=_per_player_cards(saved.hands, "hands", n, _ELEMENTS),
                  known=_per_player_cards(saved.known, "known", n, _ELEMENTS),
                  spirits=_per_player_cards(saved.spirits, "spirits", n, _SPIRITS),
                  summoned=_per_player_cards(saved.summoned, "summoned", n, _SPIRITS,
                                             sort=False),
                  mana=_per_player(saved.mana, "mana", n), box_mana=saved.box_mana,
                  sculptures=_per_player(saved.sculptures, "sculptures", n),
                  market=_cards(saved.market, "market", _MARKET), deck=deck,
                  spirit_box=_cards(saved.spirit_box, "spirit_box", _SPIRITS),
                  gone=_cards(saved.gone, "gone", _SPIRITS), current=saved.current,
                  phase=saved.phase, slot=saved.slot, window=tuple(saved.window),
                  turn=saved.turn, passes=saved.passes, winner=saved.winner,
                  ended=saved.ended)


def _build(n: int, options: Any, *, grid, hands, known, spirits, summoned, mana, box_mana,
           sculptures, market, deck: Deck, spirit_box, gone, current, phase, slot, window,
           turn, passes, winner, ended) -> SummonersData:
    """The semantic checks shared by scenarios and saved files, then the data."""
    for p, (seen, hand) in enumerate(zip(known, hands)):
        if len(set(seen)) < len(seen):
            raise InvalidInput(f"known[{p}]", "a card is named twice")
        missing = sorted(set(seen) - set(hand))
        if missing:
            raise InvalidInput(f"known[{p}]", f"{missing[0]} is not in {seat_name(p)}'s hand")
    if box_mana < 0 or sum(mana) + box_mana != MANA_EACH * n:
        raise InvalidInput("box_mana", f"players' mana plus the box must be {MANA_EACH * n} "
                                       f"({MANA_EACH} per player), got {sum(mana) + box_mana}")
    if len(market) != MARKET_SLOTS:
        raise InvalidInput("market", f"expected {MARKET_SLOTS} slots, got {len(market)}")
    _check_elements(grid, hands, market, deck)
    _check_spirits(grid, spirits, summoned, spirit_box, gone)
    occupied = {(x, y) for x, y, _ in grid}
    for p, cell in enumerate(sculptures):
        if cell is not None and cell not in occupied:
            raise InvalidInput(f"sculptures[{p}]", f"no card at {cell[0]},{cell[1]} to stand on")
    _seat(current, "current", n)
    for i, q in enumerate(window):
        _seat(q, f"window[{i}]", n)
    if winner != -1:
        _seat(winner, "winner", n)
    _check_phase(phase, ended, winner, slot, window, market, deck, hands[current])
    if turn > options.max_turns or (turn == options.max_turns and phase != "over"):
        raise InvalidInput("turn", f"the game ends when {options.max_turns} turns are played "
                                   f"(option max_turns), got {turn} (S-END-3)")
    cells: dict[Cell, str] = {(x, y): c for x, y, c in grid}
    frontier = frozenset(frontier_of(cells, options.first_cell))
    return summoners_data(grid=grid, sites=all_sites(cells, frontier, options.king_over_spirits),
                          limits=frontier_limits(cells, frontier), hands=hands, known=known,
                          spirits=spirits, summoned=summoned, mana=tuple(mana),
                          box_mana=box_mana, sculptures=tuple(sculptures), market=tuple(market),
                          deck=deck, spirit_box=tuple(sorted(spirit_box)), gone=gone,
                          current=current, phase=phase, slot=slot, window=Window(window),
                          turn=turn, passes=passes, winner=winner, ended=ended)


# ------------------------------------------------------------------ field readers
def _per_player(values: list, field: str, n: int) -> tuple:
    if len(values) != n:
        raise InvalidInput(field, f"expected one entry per player ({n}), got {len(values)}")
    return tuple(values)


def _per_player_cards(values: list[list[str]] | None, field: str, n: int,
                      allowed: frozenset[str], sort: bool = True) -> tuple[tuple[str, ...], ...]:
    if values is None:
        return ((),) * n
    out = []
    for p, cards in enumerate(_per_player(values, field, n)):
        read = _cards(cards, f"{field}[{p}]", allowed)
        out.append(tuple(sorted(read)) if sort else read)
    return tuple(out)


def _cards(cards: Iterable[str], field: str, allowed: frozenset[str]) -> tuple[str, ...]:
    """Card names (any case; "-" is an empty market slot), each among `allowed`."""
    out = []
    for i, card in enumerate(cards):
        if card == "-" and "" in allowed:
            card = ""
        out.append(read_card(card, f"{field}[{i}]", allowed))
    return tuple(out)


def _seat(value: int, field: str, n: int) -> None:
    """`value` is a seat of the table (the shared check, `core.checks.seat`)."""
    seat(value, field, n)


def _grid(value: Any) -> tuple[tuple[int, int, str], ...]:
    """The layout from {cell: card} (cells as (x, y) or "x,y") or [[x, y, card], ...]."""
    if isinstance(value, Mapping):
        items = []
        for key, card in value.items():
            if isinstance(key, str):
                cell = read_cell(key, f"grid[{key[:20]!r}]")
            else:
                cell = convert(key, CellShape, f"grid[{key!r}]"[:40])
            items.append((cell, card))
    elif isinstance(value, (list, tuple)):
        rows = convert(value, list[tuple[Coord, Coord, str]], "grid")
        items = [((x, y), card) for x, y, card in rows]
    else:
        raise InvalidInput("grid", f"expected a mapping of cells to cards or a list, "
                                   f"got {type(value).__name__}")
    cells: dict[Cell, str] = {}
    for cell, card in items:
        where = f"grid[{cell[0]},{cell[1]}]"
        card = convert(card, str, where)
        card = read_card(card, where, _ELEMENTS | _SPIRITS)
        if cell in cells:
            raise InvalidInput(where, "two cards on one cell")
        cells[cell] = card
    return tuple((x, y, c) for (x, y), c in sorted(cells.items()))


# ------------------------------------------------------------------ whole-state checks
def _check_elements(grid, hands, market, deck: Deck) -> None:
    """Every element card exactly once across grid, hands, market and deck."""
    places = [("grid", [c for _, _, c in grid if not is_spirit(c)])]
    places += [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    places += [("market", [c for c in market if c]), ("deck.top", deck.top),
               ("deck.unseen", deck.unseen), ("deck.bottom", deck.bottom)]
    _place_each_once(places, ELEMENT_DECK, "deck.unseen", "element cards")


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


def _check_phase(phase, ended, winner, slot, window, market, deck: Deck, hand) -> None:
    """The turn state must be one the rules can reach, so every hook answers."""
    if (phase == "over") != bool(ended):
        raise InvalidInput("ended", "a game is over exactly when it says why it ended")
    if (ended == "spirits") != (winner != -1):
        raise InvalidInput("winner", "only a game won by summoning all three Spirit cards "
                                     "has a winner seat")
    if phase in ("draw", "cycle-draw", "refill") and not deck.needs_luck:
        raise InvalidInput("phase", f"phase {phase!r} draws an unseen card by chance, but the "
                                    f"next card of the deck is known or there is none")
    if (phase == "refill") != (slot != -1):
        raise InvalidInput("slot", "a market slot waits for a refill exactly in phase 'refill'")
    if phase == "refill" and market[slot]:
        raise InvalidInput("slot", f"market slot {slot} is not empty")
    if (phase == "summon") != bool(window):
        raise InvalidInput("window", "players are asked to summon exactly in phase 'summon'")
    if phase == "play" and not hand:
        raise InvalidInput("phase", "the current player must play a card but holds none")
