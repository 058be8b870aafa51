"""The moves of Piri Piri Summoners: the four turn actions, card plays, summons, and draws.

Every move names its player (so its click targets can name that player's hand) and has
a stable text form, e.g. ``P0 play B9 at 1,0``, read back by its `parse` (``p0`` and
lower-case card names are read too). A turn is a short sequence: an action (`Cycle`,
`Draw`, `Buy`, `Pass`), the deck's answer (`Reveal`, a chance outcome), a `Play` after
Draw or Buy, then the summon window (`Summon`, `Decline`) [S-WINDOW-1].

Numbers are read with bounded patterns (a seat is one digit, a coordinate at most four),
so odd or huge digit strings are refused as InvalidInput.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from explorer.core import InvalidInput, Move
from explorer.core.move import SEAT as _SEAT
from explorer.core.move import read_head
from explorer.core.pending import seat_name

from .cards import ELEMENT_DECK, SPIRIT_DECK, card_name
from .grid import Cell, placement_rule

_NUM = r"-?[0-9]{1,4}"
_CELL = rf"{_NUM},{_NUM}"
_CARD = r"[A-Za-z0-9]{2,3}"
_CELL_RE = re.compile(rf"(?P<x>{_NUM}),(?P<y>{_NUM})")
_ELEMENTS = frozenset(ELEMENT_DECK)
_SPIRITS = frozenset(SPIRIT_DECK)


def cell_id(cell: Cell) -> str:
    """The board id of a grid position (a placed card or an empty candidate cell)."""
    return f"cell:{cell[0]},{cell[1]}"


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def read_cell(text: str, what: str) -> Cell:
    """A cell written 'x,y' (whole numbers of at most four digits)."""
    m = _CELL_RE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise InvalidInput(what, f"expected a cell 'x,y', got {text!r}")
    return int(m["x"]), int(m["y"])


def read_card(text: str, what: str, allowed: frozenset[str]) -> str:
    """A card name, in any case ("b9" is the blue 9), among `allowed`."""
    card = text.upper() if isinstance(text, str) else text
    if card not in allowed:
        raise InvalidInput(what, f"{text!r} is not a card that can be used here")
    return card


def _match(pattern: str, verb: str, text: str) -> re.Match[str] | None:
    """The match of `text` against `pattern`; None if `text` is not a `verb` move at all;
    InvalidInput if it is a `verb` move that does not read right."""
    head = read_head(text)
    if head is None or head.verb != verb:
        return None
    match = re.fullmatch(pattern, text, re.I)
    if match is None:
        raise InvalidInput("move", f"a {verb!r} move reads like {_EXAMPLES[verb]!r}, "
                                   f"not {text[:80]!r}")
    return match


_EXAMPLES = {
    "cycle": "P0 cycle B9", "draw": "P0 draw", "buy": "P0 buy 2 B9",
    "play": "P0 play B9 at 1,0 (an Ace on top of a card: P0 play BA over 1,0)",
    "pass": "P0 pass", "summon": "P0 summon BJ at 1,0 using 0,0 2,0", "no": "P0 no summon",
}


@dataclass(frozen=True, slots=True)
class Cycle(Move):
    """Put a hand card on the bottom of the deck and draw the top card [S-CYCLE-1]."""

    player: int
    card: str
    RULE = "S-CYCLE-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} cycle {self.card}"

    @property
    def label(self) -> str:
        return f"Cycle the {card_name(self.card)} to the bottom of the deck and draw"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}", "deck")

    @classmethod
    def parse(cls, text: str) -> "Cycle | None":
        m = _match(_SEAT + rf" cycle (?P<card>{_CARD})", "cycle", text)
        if m is None:
            return None
        return cls(int(m["player"]), read_card(m["card"], "move.card", _ELEMENTS))


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw the top card of the deck, then play a hand card [S-DRAW-1]."""

    player: int
    RULE = "S-DRAW-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} draw"

    @property
    def label(self) -> str:
        return "Draw the top card, then play a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @classmethod
    def parse(cls, text: str) -> "Draw | None":
        m = _match(_SEAT + r" draw", "draw", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """Pay 1 mana, take the market card in `slot`, then play a hand card [S-BUY-1]."""

    player: int
    slot: int
    card: str
    RULE = "S-BUY-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} buy {self.slot} {self.card}"

    @property
    def label(self) -> str:
        return f"Buy the {card_name(self.card)} from the market for 1 mana, then play a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"market:{self.slot}",)

    @property
    def confirm(self) -> bool:
        return True                   # a market buy spends mana: the board asks first

    @classmethod
    def parse(cls, text: str) -> "Buy | None":
        m = _match(_SEAT + rf" buy (?P<slot>[0-9]) (?P<card>{_CARD})", "buy", text)
        if m is None:
            return None
        return cls(int(m["player"]), int(m["slot"]),
                   read_card(m["card"], "move.card", _ELEMENTS))


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Take no action this turn [S-PASS-1]."""

    player: int
    RULE = "S-PASS-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} pass"

    @property
    def label(self) -> str:
        return "Pass"

    @classmethod
    def parse(cls, text: str) -> "Pass | None":
        m = _match(_SEAT + r" pass", "pass", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a hand card onto an empty cell ("at"), or an Ace on top of a card ("over").

    A Joker names no suit: it may go on any cell touching the layout and, once placed,
    counts as whatever suit suits whoever checks [S-JOKER-1] [S-JOKER-2], so no rule
    ever reads a declared suit and the move does not carry one.
    """

    player: int
    card: str
    cell: Cell
    over: bool = False

    def __str__(self) -> str:
        return (f"{seat_name(self.player)} play {self.card} {'over' if self.over else 'at'} "
                f"{cell_text(self.cell)}")

    @property
    def label(self) -> str:
        if self.over:
            return f"Play the {card_name(self.card)} on top of the card at {cell_text(self.cell)}"
        return f"Play the {card_name(self.card)} at {cell_text(self.cell)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}", cell_id(self.cell))

    @property
    def rule(self) -> str:
        return placement_rule(self.card, self.over)

    @classmethod
    def parse(cls, text: str) -> "Play | None":
        m = _match(_SEAT + rf" play (?P<card>{_CARD}) (?P<how>at|over) (?P<cell>{_CELL})"
                   r"(?: as [A-Za-z]{1,6})?", "play", text)
        if m is None:
            return None
        card = read_card(m["card"], "move.card", _ELEMENTS)
        return cls(int(m["player"]), card, read_cell(m["cell"], "move.cell"),
                   m["how"].lower() == "over")


@dataclass(frozen=True, slots=True)
class Summon(Move):
    """Summon a Spirit card on `cell`, consuming the pattern `using` [S-SUMMON-2].

    `using` is kept sorted whatever order it is given in: a pattern is a set of cells."""

    player: int
    card: str
    cell: Cell
    using: tuple[Cell, ...]

    def __post_init__(self) -> None:
        using = tuple(sorted(self.using))
        if using != self.using:
            object.__setattr__(self, "using", using)

    def __str__(self) -> str:
        return (f"{seat_name(self.player)} summon {self.card} at {cell_text(self.cell)} using "
                + " ".join(cell_text(c) for c in self.using))

    @property
    def label(self) -> str:
        return (f"Summon the {card_name(self.card)} at {cell_text(self.cell)} for 2 mana, "
                f"consuming " + ", ".join(cell_text(c) for c in self.using))

    @property
    def targets(self) -> tuple[str, ...]:
        return ((f"spirit:{self.player}:{self.card}", cell_id(self.cell))
                + tuple(cell_id(c) for c in self.using))

    @property
    def rule(self) -> str:
        return {"J": "S-JACK-1", "Q": "S-QUEEN-1", "K": "S-KING-1"}[self.card[1:]]

    @classmethod
    def parse(cls, text: str) -> "Summon | None":
        m = _match(_SEAT + rf" summon (?P<card>{_CARD}) at (?P<cell>{_CELL}) using "
                   rf"(?P<using>{_CELL}(?: {_CELL}){{0,3}})", "summon", text)
        if m is None:
            return None
        card = read_card(m["card"], "move.card", _SPIRITS)
        using = tuple(read_cell(c, "move.using") for c in m["using"].split())
        return cls(int(m["player"]), card, read_cell(m["cell"], "move.cell"), using)


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Summon nothing now: the summon window moves on [S-WINDOW-1]."""

    player: int
    RULE = "S-WINDOW-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} no summon"

    @property
    def label(self) -> str:
        return "Summon nothing now"

    @classmethod
    def parse(cls, text: str) -> "Decline | None":
        m = _match(_SEAT + r" no summon", "no", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Chance: the card the deck gives (a draw or a market refill) [S-DECK-2]."""

    card: str
    RULE = "S-DECK-2"

    def __str__(self) -> str:
        return f"deck gives {self.card}"

    @property
    def label(self) -> str:
        return f"The deck gives the {card_name(self.card)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @classmethod
    def parse(cls, text: str) -> "Reveal | None":
        if not text.lower().startswith("deck gives"):
            return None
        card = text[len("deck gives"):].strip()
        return cls(read_card(card, "move.card", _ELEMENTS))


MOVE_TYPES = (Cycle, Draw, Buy, Pass, Play, Summon, Decline, Reveal)
