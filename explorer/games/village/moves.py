"""The moves of Please Don't Burn My Village!, their stable texts and click targets.

Texts (seat numbers from 0):
    "P0 bribe Crown*2 Wild"        bribe with two Crowns and a Wild (V-BRIBE-1)
    "P0 bribe Wild*2 on Crown"     add wilds alone to the existing Crown bribe (V-BRIBE-2)
    "P0 buy stall 3 paying Crown*2 Wild"   visit the Black Market (V-MARKET-3)
    "P0 buy stall 0"               take the free stall (V-MARKET-6)
    "P0 curse Crown"               curse a discarded treasure type (V-CURSE-1)
    "P0 draw"                      draw the top card (V-DRAW-1)
    "reveal Crown"                 chance: the card turned from the deck is a Crown

Moves are interned through small factory functions (`bribe`, `buy`, ...) so that move
generation reuses objects instead of building new ones on every step.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import InvalidInput
from ...core.move import Move, read_head
from ...core.pending import seat_name
from .cards import (
    A_NAME,
    EMPTY,
    NAMES,
    TREASURES,
    WILD,
    describe_cards,
    format_cards,
    parse_cards,
    treasure_index,
)


def _split_player(text: str, verb: str) -> tuple[int, str] | None:
    """(seat, rest) if `text` is 'P<seat> <verb>...' (the core's seat grammar,
    `core.move.read_head`), else None."""
    head = read_head(text)
    if head is None or head.verb != verb:
        return None
    return head.seat, head.rest


def _hand_targets(player: int, cards: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(f"hand:{player}:{NAMES[k]}" for k, n in enumerate(cards) for _ in range(n))


@dataclass(frozen=True, slots=True)
class Bribe(Move):
    """Offer cards to the Dragon: `cards` (counts) joining the player's `treasure` bribe."""

    player: int
    treasure: int
    cards: tuple[int, ...]
    RULE = "V-BRIBE-1"

    def __str__(self) -> str:
        text = f"{seat_name(self.player)} bribe {format_cards(self.cards, self.treasure)}"
        if not self.cards[self.treasure]:
            text += f" on {TREASURES[self.treasure]}"
        return text

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: bribe the Dragon with {describe_cards(self.cards)} ({TREASURES[self.treasure]} bribe)"

    @property
    def targets(self) -> tuple[str, ...]:
        return _hand_targets(self.player, self.cards) + (f"track:{TREASURES[self.treasure]}",)

    @classmethod
    def parse(cls, text: str) -> "Bribe | None":
        split = _split_player(text, "bribe")
        if split is None:
            return None
        player, rest = split
        onto = None
        if re.search(r"\son\s", f" {rest} ", re.IGNORECASE):
            rest, _, target = re.split(r"\s(on)\s", f" {rest} ", maxsplit=1, flags=re.IGNORECASE)
            onto = treasure_index(target.strip(), "move")
        cards = parse_cards(rest, "move")
        if not any(cards):
            raise InvalidInput("move", "a bribe needs at least one card, e.g. 'P0 bribe Crown*2'")
        if onto is None:
            listed = [w for w in re.split(r"[\s,+]+", rest.strip()) if w]
            names = [w.split("*")[0].lower() for w in listed]
            first = next((TREASURES.index(t) for n in names for t in TREASURES if t.lower() == n),
                         None)
            if first is None:
                raise InvalidInput("move", "a bribe of wilds only must name the bribe it joins, "
                                           "e.g. 'P0 bribe Wild*2 on Crown'")
            onto = first
        return cls(player, onto, cards)


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """Visit the Black Market: pay `payment` (counts) for all cards of the stall costing `stall`."""

    player: int
    stall: int
    payment: tuple[int, ...]

    def __str__(self) -> str:
        text = f"{seat_name(self.player)} buy stall {self.stall}"
        return text + (f" paying {format_cards(self.payment)}" if any(self.payment) else "")

    @property
    def label(self) -> str:
        if not any(self.payment):
            return f"{seat_name(self.player)}: take the cards of stall {self.stall} for free"
        return f"{seat_name(self.player)}: buy stall {self.stall}, paying {describe_cards(self.payment)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return _hand_targets(self.player, self.payment) + (f"stall:{self.stall}",)

    @property
    def rule(self) -> str:
        return "V-MARKET-6" if self.stall == 0 else "V-MARKET-3"

    @property
    def confirm(self) -> bool:
        return any(self.payment)      # the board asks before cards are paid

    @classmethod
    def parse(cls, text: str) -> "Buy | None":
        split = _split_player(text, "buy")
        if split is None:
            return None
        player, rest = split
        match = re.match(r"^stall\s+([0-9]{1,3})(?:\s+paying\s+(.*))?$", rest,
                         re.IGNORECASE | re.DOTALL)
        if match is None:
            raise InvalidInput("move", "write a visit like 'P0 buy stall 3 paying Crown*2 Wild'")
        stall = int(match.group(1))
        if not 0 <= stall <= 3:
            raise InvalidInput("move", f"there is no stall {match.group(1)}; stalls cost 3, 2, 1, 0")
        payment = parse_cards(match.group(2) or "", "move")
        return cls(player, stall, payment)


@dataclass(frozen=True, slots=True)
class Curse(Move):
    """After paying at the Black Market: curse one discarded treasure type."""

    player: int
    treasure: int
    RULE = "V-CURSE-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} curse {TREASURES[self.treasure]}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: curse the {TREASURES[self.treasure]} token"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"track:{TREASURES[self.treasure]}",)

    @classmethod
    def parse(cls, text: str) -> "Curse | None":
        split = _split_player(text, "curse")
        if split is None:
            return None
        player, rest = split
        return cls(player, treasure_index(rest, "move"))


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw the top card of the deck (or end the game if the deck is empty)."""

    player: int
    RULE = "V-DRAW-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} draw"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: draw a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @classmethod
    def parse(cls, text: str) -> "Draw | None":
        split = _split_player(text, "draw")
        if split is None:
            return None
        player, rest = split
        if rest:
            raise InvalidInput("move", f"a draw takes no arguments, got {rest!r}")
        return cls(player)


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Chance: the card turned from the unseen part of the deck is of type `card`."""

    card: int
    RULE = "V-DECK-1"

    def __str__(self) -> str:
        return f"reveal {NAMES[self.card]}"

    @property
    def label(self) -> str:
        return f"the deck turns up {A_NAME[self.card]}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)               # a click on the deck forces the card (teacher)

    @classmethod
    def parse(cls, text: str) -> "Reveal | None":
        head = text.split(None, 1)
        if not head or head[0].lower() != "reveal":
            return None
        names = parse_cards(head[1] if len(head) > 1 else "", "move")
        if sum(names) != 1:
            raise InvalidInput("move", "a reveal names exactly one card, e.g. 'reveal Crown'")
        return REVEALS[names.index(1)]


MOVE_TYPES = (Bribe, Buy, Curse, Draw, Reveal)
REVEALS = tuple(Reveal(k) for k in range(len(NAMES)))

_bribes: dict[tuple, Bribe] = {}
_buys: dict[tuple, Buy] = {}
_curses: dict[tuple, Curse] = {}
_draws: dict[int, Draw] = {}


def bribe_move(player: int, treasure: int, cards: tuple[int, ...]) -> Bribe:
    key = (player, treasure, cards)
    move = _bribes.get(key)
    if move is None:
        move = _bribes[key] = Bribe(player, treasure, cards)
    return move


def simple_bribe(player: int, treasure: int, count: int, wilds: int) -> Bribe:
    """The bribe of `count` cards of `treasure` plus `wilds` wilds."""
    key = (player, treasure, count, wilds)
    move = _bribes.get(key)
    if move is None:
        cards = [0] * len(NAMES)
        cards[treasure] = count
        cards[WILD] = wilds
        move = _bribes[key] = bribe_move(player, treasure, tuple(cards))
    return move


def buy_move(player: int, stall: int, payment: tuple[int, ...] = EMPTY) -> Buy:
    key = (player, stall, payment)
    move = _buys.get(key)
    if move is None:
        move = _buys[key] = Buy(player, stall, payment)
    return move


def curse_move(player: int, treasure: int) -> Curse:
    key = (player, treasure)
    move = _curses.get(key)
    if move is None:
        move = _curses[key] = Curse(player, treasure)
    return move


def draw_move(player: int) -> Draw:
    move = _draws.get(player)
    if move is None:
        move = _draws[player] = Draw(player)
    return move
