"""Positions from descriptions: `Game.scenario(...)`, checked like saved files.

A scenario is a dict (or the same as text, one ``key: value`` per line). Every field is
optional; what is left out gets a sensible default, and every card not placed anywhere
goes to the unseen part of its deck. The shapes are those of `view()`: see `FIELDS_DOC`
(it is also `help(game.scenario)`).

Input is read in two steps. Its *shape* is checked by msgspec against the typed struct
`ScenarioSpec` (`explorer.core.typed.convert`), so a wrong type is refused with the
path of the field (``mana[0]: expected `int`, got `float```). Then the *meaning* is
checked by `encoding.check`, the check of saved files (a card exists and lies in one
place only, mana is conserved, the phase can be reached), again naming the field.
Nothing half-built is ever returned.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Mapping

import msgspec

from explorer.core import Deck, InvalidInput
from explorer.core.checks import per_seat
from explorer.core.typed import convert

from .cards import ELEMENT_DECK, SPIRIT_DECK
from .data import SummonersData
from .encoding import (
    ELEMENTS,
    MANA_EACH,
    MARKET_CARDS,
    MARKET_SLOTS,
    SPIRITS,
    CellShape,
    Count,
    Ending,
    Phase,
    Seat,
    Slot,
    Winner,
    check,
    check_names,
    per_player_cards,
    read_cards,
    read_grid,
)
from .moves import read_cell

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



class DeckSpec(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str] | None = None
    top: list[str] = []
    bottom: list[str] = []


class ScenarioSpec(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of a scenario (every field optional)."""

    grid: Any = None                  # read by `read_grid`: keys may be tuples or "x,y"
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


FIELDS = tuple(ScenarioSpec.__struct_fields__)
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
def scenario_data(players: int, options: Any, spec: Mapping[str, Any]) -> SummonersData:
    """State data from a scenario dict, filling the defaults (see `FIELDS_DOC`)."""
    check_names(spec, "", FIELDS)
    s = convert(dict(spec), ScenarioSpec, "")
    n = players
    grid = read_grid(s.grid if s.grid is not None else {})
    market = read_cards(s.market or [], "market", MARKET_CARDS)
    if len(market) > MARKET_SLOTS:
        raise InvalidInput("market", f"at most {MARKET_SLOTS} slots, got {len(market)}")
    market = market + ("",) * (MARKET_SLOTS - len(market))
    hands = per_player_cards(s.hands, "hands", n, ELEMENTS)
    spirits = per_player_cards(s.spirits, "spirits", n, SPIRITS)
    gone = read_cards(s.gone or [], "gone", SPIRITS)
    placed = Counter(c for _, _, c in grid)
    placed.update(c for h in hands for c in h)
    placed.update(c for c in market if c)
    if isinstance(s.deck, list):
        known = read_cards(s.deck, "deck", ELEMENTS)
        placed.update(known)
        deck = Deck((), (), known + tuple(c for c in ELEMENT_DECK if not placed[c]))
    else:
        spec_deck = s.deck or DeckSpec()
        top = read_cards(spec_deck.top, "deck.top", ELEMENTS)
        bottom = read_cards(spec_deck.bottom, "deck.bottom", ELEMENTS)
        placed.update(top + bottom)
        unseen = (tuple(c for c in ELEMENT_DECK if not placed[c]) if spec_deck.unseen is None
                  else read_cards(spec_deck.unseen, "deck.unseen", ELEMENTS))
        deck = Deck.of(unseen, top, bottom)
    if s.spirit_box is None:
        used = Counter(c for _, _, c in grid)
        used.update(c for h in spirits for c in h)
        used.update(gone)
        spirit_box = tuple(c for c in SPIRIT_DECK if not used[c])
    else:
        spirit_box = read_cards(s.spirit_box, "spirit_box", SPIRITS)
    mana = tuple(per_seat(s.mana, "mana", n)) if s.mana is not None else (MANA_EACH,) * n
    return check(players, options, grid=grid, hands=hands,
                 known=per_player_cards(s.known, "known", n, ELEMENTS),
                 spirits=spirits,
                 summoned=per_player_cards(s.summoned, "summoned", n, SPIRITS, sort=False),
                 mana=mana,
                 box_mana=MANA_EACH * n - sum(mana) if s.box_mana is None else s.box_mana,
                 sculptures=tuple(per_seat(s.sculptures, "sculptures", n)) if s.sculptures
                 is not None else (None,) * n,
                 market=market, deck=deck, spirit_box=spirit_box, gone=gone,
                 current=options.first_player if s.current is None else s.current,
                 phase=s.phase, slot=s.slot, window=tuple(s.window), turn=s.turn,
                 passes=s.passes, winner=s.winner, ended=s.ended)
