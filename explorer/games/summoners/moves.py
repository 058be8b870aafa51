"""The moves of Piri Piri Summoners: the four turn actions, card plays, summons, and draws.

Every move names its player (so its click targets can name that player's hand) and has
a stable text form, e.g. ``p0 play B9 at 1,0``, read back by its `parse`. A turn is a
short sequence: an action (`Cycle`, `Draw`, `Buy`, `Pass`), the deck's answer (`Reveal`,
a chance outcome), a `Play` after Draw or Buy, then the summon window (`Summon`,
`Decline`) [S-WINDOW-1].
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from explorer.core import InvalidInput, Move

from .cards import ELEMENT_DECK, SPIRIT_DECK, SUIT_NAMES, card_name, is_ace, is_joker

Cell = tuple[int, int]
_PLAYER = r"p(?P<player>\d+)"
_CELL = r"-?\d+,-?\d+"


def cell_id(cell: Cell) -> str:
    """The board id of a grid position (a placed card or an empty candidate cell)."""
    return f"cell:{cell[0]},{cell[1]}"


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _read_cell(text: str, what: str) -> Cell:
    try:
        x, y = text.split(",")
        return int(x), int(y)
    except ValueError:
        raise InvalidInput(what, f"expected a cell 'x,y', got {text!r}") from None


def _read_card(text: str, what: str, allowed: tuple[str, ...]) -> str:
    if text not in allowed:
        raise InvalidInput(what, f"{text!r} is not a card that can be used here")
    return text


def _match(pattern: str, verb: str, text: str) -> re.Match[str] | None:
    """The match of `text` against `pattern`; None if `text` is not a `verb` move at all;
    InvalidInput if it is a `verb` move that does not read right."""
    parts = text.split()
    if len(parts) < 2 or parts[1] != verb or not re.fullmatch(r"p\d+", parts[0]):
        return None
    match = re.fullmatch(pattern, text)
    if match is None:
        raise InvalidInput("move", f"a {verb!r} move reads like {_EXAMPLES[verb]!r}, "
                                   f"not {text!r}")
    return match


_EXAMPLES = {
    "cycle": "p0 cycle B9", "draw": "p0 draw", "buy": "p0 buy 2 B9",
    "play": "p0 play B9 at 1,0 (a Joker: p0 play X1 at 1,0 as R)", "pass": "p0 pass",
    "summon": "p0 summon BJ at 1,0 using 0,0 2,0", "no": "p0 no summon",
}


@dataclass(frozen=True, slots=True)
class Cycle(Move):
    """Put a hand card on the bottom of the deck and draw the top card [S-CYCLE-1]."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} cycle {self.card}"

    @property
    def label(self) -> str:
        return f"Cycle the {card_name(self.card)} to the bottom of the deck and draw"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}", "deck")

    @property
    def rule(self) -> str:
        return "S-CYCLE-1"

    @classmethod
    def parse(cls, text: str) -> "Cycle | None":
        m = _match(_PLAYER + r" cycle (?P<card>\S+)", "cycle", text)
        if m is None:
            return None
        return cls(int(m["player"]), _read_card(m["card"], "move.card", ELEMENT_DECK))


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw the top card of the deck, then play a hand card [S-DRAW-1]."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} draw"

    @property
    def label(self) -> str:
        return "Draw the top card, then play a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @property
    def rule(self) -> str:
        return "S-DRAW-1"

    @classmethod
    def parse(cls, text: str) -> "Draw | None":
        m = _match(_PLAYER + r" draw", "draw", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """Pay 1 mana, take the market card in `slot`, then play a hand card [S-BUY-1]."""

    player: int
    slot: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} buy {self.slot} {self.card}"

    @property
    def label(self) -> str:
        return f"Buy the {card_name(self.card)} from the market for 1 mana, then play a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"market:{self.slot}",)

    @property
    def rule(self) -> str:
        return "S-BUY-1"

    @classmethod
    def parse(cls, text: str) -> "Buy | None":
        m = _match(_PLAYER + r" buy (?P<slot>\d) (?P<card>\S+)", "buy", text)
        if m is None:
            return None
        return cls(int(m["player"]), int(m["slot"]),
                   _read_card(m["card"], "move.card", ELEMENT_DECK))


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Take no action this turn [S-PASS-1]."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} pass"

    @property
    def label(self) -> str:
        return "Pass"

    @property
    def rule(self) -> str:
        return "S-PASS-1"

    @classmethod
    def parse(cls, text: str) -> "Pass | None":
        m = _match(_PLAYER + r" pass", "pass", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a hand card onto a cell (an Ace also onto a card; a Joker with a declared suit)."""

    player: int
    card: str
    cell: Cell
    declared: str = ""

    def __str__(self) -> str:
        suit = f" as {self.declared}" if self.declared else ""
        return f"p{self.player} play {self.card} at {cell_text(self.cell)}{suit}"

    @property
    def label(self) -> str:
        suit = f" declared {SUIT_NAMES[self.declared]}" if self.declared else ""
        return f"Play the {card_name(self.card)}{suit} at {cell_text(self.cell)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}", cell_id(self.cell))

    @property
    def rule(self) -> str:
        if is_joker(self.card):
            return "S-JOKER-1"
        return "S-ACE-1" if is_ace(self.card) else "S-PLACE-3"

    @classmethod
    def parse(cls, text: str) -> "Play | None":
        m = _match(_PLAYER + rf" play (?P<card>\S+) at (?P<cell>{_CELL})(?: as (?P<suit>\S+))?",
                   "play", text)
        if m is None:
            return None
        card = _read_card(m["card"], "move.card", ELEMENT_DECK)
        suit = m["suit"] or ""
        if is_joker(card) != bool(suit):
            raise InvalidInput("move.declared", "a Joker is played with a declared suit ('as B', "
                                                "'as R', 'as G' or 'as Y'), other cards without")
        if suit and suit not in SUIT_NAMES:
            raise InvalidInput("move.declared", f"{suit!r} is not a suit (B, R, G or Y)")
        return cls(int(m["player"]), card, _read_cell(m["cell"], "move.cell"), suit)


@dataclass(frozen=True, slots=True)
class Summon(Move):
    """Summon a Spirit card on `cell`, consuming the pattern `using` [S-SUMMON-2]."""

    player: int
    card: str
    cell: Cell
    using: tuple[Cell, ...]

    def __str__(self) -> str:
        return (f"p{self.player} summon {self.card} at {cell_text(self.cell)} using "
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
        m = _match(_PLAYER + rf" summon (?P<card>\S+) at (?P<cell>{_CELL}) using "
                   rf"(?P<using>{_CELL}(?: {_CELL})*)", "summon", text)
        if m is None:
            return None
        card = _read_card(m["card"], "move.card", SPIRIT_DECK)
        using = tuple(_read_cell(c, "move.using") for c in m["using"].split())
        return cls(int(m["player"]), card, _read_cell(m["cell"], "move.cell"), using)


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Summon nothing now: the summon window moves on [S-WINDOW-1]."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} no summon"

    @property
    def label(self) -> str:
        return "Summon nothing now"

    @property
    def rule(self) -> str:
        return "S-WINDOW-1"

    @classmethod
    def parse(cls, text: str) -> "Decline | None":
        m = _match(_PLAYER + r" no summon", "no", text)
        return None if m is None else cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Chance: the card the deck gives (a draw or a market refill) [S-DECK-2]."""

    card: str

    def __str__(self) -> str:
        return f"deck gives {self.card}"

    @property
    def label(self) -> str:
        return f"The deck gives the {card_name(self.card)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @property
    def rule(self) -> str:
        return "S-DECK-2"

    @classmethod
    def parse(cls, text: str) -> "Reveal | None":
        if not text.startswith("deck gives"):
            return None
        card = text[len("deck gives"):].strip()
        return cls(_read_card(card, "move.card", ELEMENT_DECK))


MOVE_TYPES = (Cycle, Draw, Buy, Pass, Play, Summon, Decline, Reveal)
