"""The JSON form of a Piri Piri Summoners position (saved files), and its validating
reader (`State._encode`, `Game._decode`).

A saved file is trusted only once checked: msgspec reads its shape against `SavedData`
(`explorer.core.typed.convert`: a wrong type is refused with the path of the field,
``mana[0]: expected `int`, got `float```), then `check` says what a shape cannot (a card
exists and lies in one place only, mana is conserved, the phase can be reached), each
refusal an `InvalidInput` naming the field. Scenarios (`scenario.py`) read their fields
with the same readers and run the same `check`, so a position a scenario accepts is one
its save loads again. Nothing half-built is ever returned.
"""
from __future__ import annotations

from typing import Annotated, Any, Iterable, Literal, Mapping

import msgspec

from explorer.core import Deck, InvalidInput
from explorer.core.checks import per_seat, seat
from explorer.core.pending import seat_name
from explorer.core.typed import convert

from .cards import ELEMENT_DECK, SPIRIT_DECK, is_spirit
from .data import SummonersData, Window, summoners_data
from .grid import Cell, all_sites, frontier_limits, frontier_of
from .moves import read_card, read_cell

MARKET_SLOTS = 5                       # the market's face-up slots
MANA_EACH = 8                          # mana per player in the game

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Coord = Annotated[int, msgspec.Meta(ge=-9999, le=9999)]
CellShape = tuple[Coord, Coord]
Phase = Literal["action", "play", "summon", "over", "draw", "cycle-draw", "refill"]
Ending = Literal["", "spirits", "passes", "turns"]
Slot = Annotated[int, msgspec.Meta(ge=-1, le=MARKET_SLOTS - 1)]
Winner = Annotated[int, msgspec.Meta(ge=-1, le=3)]


class SavedDeck(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str]
    top: list[str]
    bottom: list[str]


class SavedData(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of saved state data (`encode`): every field present."""

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


FIELDS = tuple(SavedData.__struct_fields__)
ELEMENTS = frozenset(ELEMENT_DECK)
SPIRITS = frozenset(SPIRIT_DECK)
MARKET_CARDS = ELEMENTS | {""}


def check_names(raw: Mapping[str, Any], where: str, fields: tuple[str, ...] = FIELDS) -> None:
    """Every key of `raw` is one of `fields`; InvalidInput naming the first that is not."""
    for name in raw:
        if name not in fields:
            raise InvalidInput(f"{where}{name}" if where else str(name),
                               f"unknown field; known: {', '.join(fields)}")


def encode(d: SummonersData) -> dict[str, Any]:
    """The position as JSON-able values (read back by `decode`)."""
    return {
        "grid": {f"{x},{y}": c for x, y, c in d.grid},
        "hands": [list(h) for h in d.hands],
        "known": [list(h) for h in d.known],
        "spirits": [list(h) for h in d.spirits],
        "summoned": [list(h) for h in d.summoned],
        "mana": list(d.mana),
        "box_mana": d.box_mana,
        "sculptures": [None if s is None else list(s) for s in d.sculptures],
        "market": list(d.market),
        "deck": d.deck.to_jsonable(),
        "spirit_box": list(d.spirit_box),
        "gone": list(d.gone),
        "current": d.current,
        "phase": d.phase,
        "slot": d.slot,
        "window": list(d.window.seats),
        "turn": d.turn,
        "passes": d.passes,
        "winner": d.winner,
        "ended": d.ended,
    }


def decode(raw: Any, players: int, options: Any) -> SummonersData:
    """State data from its saved form (every field present), validated whole."""
    if isinstance(raw, Mapping):
        check_names(raw, "data.")
    saved = convert(raw, SavedData, "data")
    n = players
    deck = Deck(tuple(sorted(read_cards(saved.deck.unseen, "data.deck.unseen", ELEMENTS))),
                read_cards(saved.deck.top, "data.deck.top", ELEMENTS),
                read_cards(saved.deck.bottom, "data.deck.bottom", ELEMENTS))
    return check(players, options, grid=read_grid(saved.grid),
                 hands=per_player_cards(saved.hands, "hands", n, ELEMENTS),
                 known=per_player_cards(saved.known, "known", n, ELEMENTS),
                 spirits=per_player_cards(saved.spirits, "spirits", n, SPIRITS),
                 summoned=per_player_cards(saved.summoned, "summoned", n, SPIRITS,
                                           sort=False),
                 mana=tuple(per_seat(saved.mana, "mana", n)), box_mana=saved.box_mana,
                 sculptures=tuple(per_seat(saved.sculptures, "sculptures", n)),
                 market=read_cards(saved.market, "market", MARKET_CARDS), deck=deck,
                 spirit_box=read_cards(saved.spirit_box, "spirit_box", SPIRITS),
                 gone=read_cards(saved.gone, "gone", SPIRITS), current=saved.current,
                 phase=saved.phase, slot=saved.slot, window=tuple(saved.window),
                 turn=saved.turn, passes=saved.passes, winner=saved.winner,
                 ended=saved.ended)


def check(n: int, options: Any, *, grid, hands, known, spirits, summoned, mana, box_mana,
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
    seat(current, "current", n)
    for i, q in enumerate(window):
        seat(q, f"window[{i}]", n)
    if winner != -1:
        seat(winner, "winner", n)
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
def per_player_cards(values: list[list[str]] | None, field: str, n: int,
                      allowed: frozenset[str], sort: bool = True) -> tuple[tuple[str, ...], ...]:
    if values is None:
        return ((),) * n
    out = []
    for p, cards in enumerate(per_seat(values, field, n)):
        read = read_cards(cards, f"{field}[{p}]", allowed)
        out.append(tuple(sorted(read)) if sort else read)
    return tuple(out)


def read_cards(cards: Iterable[str], field: str, allowed: frozenset[str]) -> tuple[str, ...]:
    """Card names (any case; "-" is an empty market slot), each among `allowed`."""
    out = []
    for i, card in enumerate(cards):
        if card == "-" and "" in allowed:
            card = ""
        out.append(read_card(card, f"{field}[{i}]", allowed))
    return tuple(out)


def read_grid(value: Any) -> tuple[tuple[int, int, str], ...]:
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
        card = read_card(card, where, ELEMENTS | SPIRITS)
        if cell in cells:
            raise InvalidInput(where, "two cards on one cell")
        cells[cell] = card
    return tuple((x, y, c) for (x, y), c in sorted(cells.items()))


# ------------------------------------------------------------------ whole-state checks
def _check_elements(grid, hands, market, deck: Deck) -> None:
    """Every element card exactly once across grid, hands, market and deck."""
    places: list[tuple[str, Iterable[str]]] = [
        ("grid", [c for _, _, c in grid if not is_spirit(c)])]
    places += [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    places += [("market", [c for c in market if c]), ("deck.top", deck.top),
               ("deck.unseen", deck.unseen), ("deck.bottom", deck.bottom)]
    _place_each_once(places, ELEMENT_DECK, "deck.unseen", "element cards")


def _place_each_once(places: list[tuple[str, Iterable[str]]], deck: Iterable[str],
                     missing_field: str, what: str) -> dict[str, str]:
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
    places: list[tuple[str, Iterable[str]]] = [
        ("grid", [c for _, _, c in grid if is_spirit(c)])]
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
