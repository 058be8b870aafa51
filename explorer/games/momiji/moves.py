"""The moves of Momiji, their stable texts and click targets.

A turn is a sequence of small decisions (see `state`), so each move is one step:

    "P0 collect Maple"      take every Garden card of one type (M-COLLECT-1)
    "P0 reveal"             pay 1 acorn: 4 more cards into the Garden first (M-COLLECT-2)
    "P0 play Maple-0R"      place one hand card on its type's pile, or start it (M-PLAY-1)
    "P0 stop"               the play is complete (M-PLAY-1)
    "P0 place Maple at 1"   where a new pile goes, with new_piles="any", from 1 (M-PLAY-6)
    "P0 activate zeros"     pay 3 acorns for an objective (M-OBJ-1)
    "P0 trade Oak-1"        one of the two cards discarded for an acorn (M-EXTRA-2)
    "P0 power A"            pay 1 acorn to use landscape power A (M-EXTRA-3)
    "P0 take Oak-1"         a Garden (or Koi Pond) card a power lets you take
    "P0 swap Oak-1 for Maple-2"  Lantern: a hand card into the Garden, a Garden card into hand
    "P0 give Oak-1"         (older files) the hand card a Lantern swap puts into the Garden
    "P0 discard Oak-1"      one card discarded down to the hand limit (M-LIMIT-1)
    "P0 end"                end the turn (M-TURN-3)
    "P0 pick D"             keep landscape D of the draft hand, pass the rest (M-DRAFT-1)
    "deal Maple-0R"         chance: the deck turns up that card (M-DECK-1)

Click targets (see `scene`): "hand:<seat>:<card>", "pile:<seat>:<Type>", "row:<seat>"
(a new pile), "garden:<Type>" (collect) or "garden:<card>" (take), "pond:<card>",
"deck", "objective:<key>", "power:<seat>:<letter>", "trade:<seat>", "slot:<seat>:<i>",
"stop:<seat>", "end:<seat>", "draft:<seat>:<letter>".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...core.errors import InvalidInput
from ...core.move import Move, read_head
from ...core.pending import seat_name
from .cards import TYPES, Card, name, parse_card, type_index, type_of
from .narration import counted, reveal_words

_KEY = re.compile(r"^[a-z][a-z0-9-]{0,30}$")


def _split(text: str, verb: str) -> tuple[int, str] | None:
    """(seat, rest) if `text` is 'P<seat> <verb>...' (`core.move.read_head`), else None."""
    head = read_head(text)
    if head is None or head.verb != verb:
        return None
    return head.seat, head.rest


def _no_rest(rest: str, verb: str) -> None:
    if rest:
        raise InvalidInput("move", f"'{verb}' takes nothing more, got {rest[:20]!r}")


@dataclass(frozen=True, slots=True)
class Collect(Move):
    player: int
    type: int
    RULE = "M-COLLECT-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} collect {TYPES[self.type]}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: collect every {TYPES[self.type]} card of the Garden"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"garden:{TYPES[self.type]}",)

    @classmethod
    def parse(cls, text: str) -> "Collect | None":
        s = _split(text, "collect")
        return None if s is None else cls(s[0], type_index(s[1], "move"))


@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """Pay 1 acorn to reveal 4 more cards, or what is left of the deck (M-COLLECT-4):
    `cards` says how many, for the label only (not part of the text or of equality)."""

    player: int
    cards: int = field(default=4, compare=False)
    RULE = "M-COLLECT-2"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} reveal"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: pay 1 acorn to reveal {reveal_words(self.cards)} into the Garden"

    @property
    def group(self) -> str:
        return "Collect"        # a step of a Collect (M-COLLECT-2), not a main action of its own

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @classmethod
    def parse(cls, text: str) -> "Reveal | None":
        s = _split(text, "reveal")
        if s is None:
            return None
        _no_rest(s[1], "reveal")
        return cls(s[0])


@dataclass(frozen=True, slots=True)
class Play(Move):
    player: int
    card: Card
    new: bool = False     # starts a new pile (a targets detail; not part of the text)
    RULE = "M-PLAY-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} play {name(self.card)}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Play and other.player == self.player and other.card == self.card

    def __hash__(self) -> int:
        return hash(("play", self.player, self.card))

    @property
    def label(self) -> str:
        where = "start a new pile" if self.new else "onto its pile"
        return f"{seat_name(self.player)}: play {name(self.card)} ({where})"

    @property
    def targets(self) -> tuple[str, ...]:
        pile = f"row:{self.player}" if self.new else f"pile:{self.player}:{TYPES[type_of(self.card)]}"
        return (f"hand:{self.player}:{name(self.card)}", pile)

    @classmethod
    def parse(cls, text: str) -> "Play | None":
        s = _split(text, "play")
        return None if s is None else cls(s[0], parse_card(s[1], "move"))


@dataclass(frozen=True, slots=True)
class Stop(Move):
    player: int
    RULE = "M-PLAY-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} stop"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: the play is complete"

    @property
    def group(self) -> str:
        return "Play"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"stop:{self.player}",)

    @classmethod
    def parse(cls, text: str) -> "Stop | None":
        s = _split(text, "stop")
        if s is None:
            return None
        _no_rest(s[1], "stop")
        return cls(s[0])


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Where the new pile goes in the row (M-PLAY-6): `index` counts from 0 inside, and
    places are written counting from 1 for people ("P0 place Maple at 1" is the left end)."""

    player: int
    type: int
    index: int
    RULE = "M-PLAY-6"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} place {TYPES[self.type]} at {self.index + 1}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: put the new {TYPES[self.type]} pile at place {self.index + 1} of the row"

    @property
    def group(self) -> str:
        return "Play"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"slot:{self.player}:{self.index}",)

    @classmethod
    def parse(cls, text: str) -> "Place | None":
        s = _split(text, "place")
        if s is None:
            return None
        m = re.match(r"^([A-Za-z]{1,12})\s+at\s+([0-9]{1,2})$", s[1], re.IGNORECASE)
        if m is None or int(m.group(2)) < 1:
            raise InvalidInput("move", "write a place like 'P0 place Maple at 1' (places count from 1)")
        return cls(s[0], type_index(m.group(1), "move"), int(m.group(2)) - 1)


@dataclass(frozen=True, slots=True)
class Activate(Move):
    """Pay 3 acorns for objective `key` (M-OBJ-1); `name` (the objective's name, with
    its stand-in label) is for the label only, not part of the text or equality."""

    player: int
    key: str
    name: str = field(default="", compare=False)
    RULE = "M-OBJ-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} activate {self.key}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: pay 3 acorns to activate the objective {self.name or self.key}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"objective:{self.key}",)

    @classmethod
    def parse(cls, text: str) -> "Activate | None":
        s = _split(text, "activate")
        if s is None:
            return None
        key = s[1].lower()
        if not _KEY.match(key):
            raise InvalidInput("move", f"cannot read objective {s[1][:20]!r}: write e.g. 'P0 activate zeros'")
        return cls(s[0], key)


@dataclass(frozen=True, slots=True)
class Power(Move):
    """Pay to use landscape power `letter` (M-EXTRA-3). The power's name, text, price
    (M-EXTRA-5) and stand-in label come from the catalogue and options when the state
    makes the move; they are for its label only, not part of its text or equality."""

    player: int
    letter: str
    name: str = field(default="", compare=False)
    text: str = field(default="", compare=False)
    cost: int = field(default=1, compare=False)
    stand_in: bool = field(default=False, compare=False)
    RULE = "M-EXTRA-3"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} power {self.letter}"

    @property
    def label(self) -> str:
        price = "nothing" if self.cost == 0 else counted(self.cost, "acorn")
        if not self.name:
            return f"{seat_name(self.player)}: pay {price} to use landscape power {self.letter}"
        mark = " (stand-in)" if self.stand_in else ""
        what = self.text[0].lower() + self.text[1:] if self.text else ""
        return f"{seat_name(self.player)}: pay {price} to use {self.letter} {self.name}{mark}: {what}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"power:{self.player}:{self.letter}",)

    @classmethod
    def parse(cls, text: str) -> "Power | None":
        found = _landscape(text, "power")
        return None if found is None else cls(*found)


def _landscape(text: str, verb: str) -> tuple[int, str] | None:
    """The seat and landscape letter of a move text "P0 <verb> B", or None for another verb."""
    s = _split(text, verb)
    if s is None:
        return None
    letter = s[1].upper()
    if letter not in ("A", "B", "C", "D", "E", "F"):
        raise InvalidInput("move", f"landscape powers are A-F, got {s[1][:10]!r}")
    return s[0], letter


@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Keep landscape `letter` of the draft hand and pass the rest on (M-DRAFT-1). Its
    name, text and stand-in label are for the label only, like `Power`'s; its effect
    lets an agent weigh it."""

    player: int
    letter: str
    name: str = field(default="", compare=False)
    text: str = field(default="", compare=False)
    stand_in: bool = field(default=False, compare=False)
    effect: str = field(default="", compare=False)
    RULE = "M-DRAFT-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} pick {self.letter}"

    @property
    def label(self) -> str:
        if not self.name:
            return f"{seat_name(self.player)}: keep landscape {self.letter} and pass the rest on"
        mark = "stand-in: " if self.stand_in else ""
        what = self.text[0].lower() + self.text[1:] if self.text else ""
        return f"{seat_name(self.player)}: keep {self.letter} {self.name} ({mark}{what}) and pass the rest on"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"draft:{self.player}:{self.letter}",)

    @classmethod
    def parse(cls, text: str) -> "Pick | None":
        found = _landscape(text, "pick")
        return None if found is None else cls(*found)


def _card_move(verb: str, rule: str, what: str, target: tuple[str, ...]):
    """A move of one seat naming one card: trade, take, give, discard; `target` holds the
    board targets that name it, with "{p}" for the seat and "{c}" for the card."""

    @dataclass(frozen=True, slots=True)
    class CardMove(Move):
        player: int
        card: Card

        def __str__(self) -> str:
            return f"{seat_name(self.player)} {verb} {name(self.card)}"

        @property
        def label(self) -> str:
            return f"{seat_name(self.player)}: " + what.format(c=name(self.card))

        @property
        def targets(self) -> tuple[str, ...]:
            return tuple(t.format(p=self.player, c=name(self.card)) for t in target)

        @property
        def rule(self) -> str:
            return rule

        @classmethod
        def parse(cls, text: str):
            s = _split(text, verb)
            return None if s is None else cls(s[0], parse_card(s[1], "move"))

    return CardMove


Trade = _card_move("trade", "M-EXTRA-2", "trade {c} (one of 2 cards traded for 1 acorn)", ("hand:{p}:{c}", "trade:{p}"))
Trade.__name__ = Trade.__qualname__ = "Trade"
Take = _card_move("take", "M-EXTRA-3", "take {c}", ("garden:{c}",))
Take.__name__ = Take.__qualname__ = "Take"
Give = _card_move("give", "M-POWER-F", "put {c} into the Garden", ("hand:{p}:{c}",))
Give.__name__ = Give.__qualname__ = "Give"
Discard = _card_move("discard", "M-LIMIT-1", "discard {c} (down to the hand limit of 8)", ("hand:{p}:{c}",))
Discard.__name__ = Discard.__qualname__ = "Discard"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """Lantern (M-POWER-F): put hand card `give` into the Garden and take Garden card
    `take`, one decision, so the card just given is never offered back."""

    player: int
    give: Card
    take: Card
    RULE = "M-POWER-F"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} swap {name(self.give)} for {name(self.take)}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: put {name(self.give)} into the Garden and take {name(self.take)} (Lantern)"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{name(self.give)}", f"garden:{name(self.take)}")

    @property
    def group(self) -> str:
        return "Power"

    @classmethod
    def parse(cls, text: str) -> "Swap | None":
        s = _split(text, "swap")
        if s is None:
            return None
        m = re.match(r"^(\S+)\s+for\s+(\S+)$", s[1], re.IGNORECASE)
        if m is None:
            raise InvalidInput("move", "write a Lantern swap like 'P0 swap Oak-1 for Maple-2'")
        return cls(s[0], parse_card(m.group(1), "move"), parse_card(m.group(2), "move"))


@dataclass(frozen=True, slots=True)
class End(Move):
    player: int
    RULE = "M-TURN-3"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} end"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}: end the turn"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"end:{self.player}",)

    @classmethod
    def parse(cls, text: str) -> "End | None":
        s = _split(text, "end")
        if s is None:
            return None
        _no_rest(s[1], "end")
        return cls(s[0])


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance: the next card of the deck is `card`."""

    card: Card
    RULE = "M-DECK-1"

    def __str__(self) -> str:
        return f"deal {name(self.card)}"

    @property
    def label(self) -> str:
        return f"the deck turns up {name(self.card)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)               # a click on the deck forces the card (teacher)

    @classmethod
    def parse(cls, text: str) -> "Deal | None":
        head = text.split(None, 1)
        if not head or head[0].lower() != "deal":
            return None
        return DEALS[parse_card(head[1] if len(head) > 1 else "", "move")]


DEALS = {c: Deal(c) for c in range(96)}
MOVE_TYPES = (Collect, Reveal, Play, Stop, Place, Activate, Trade, Power, Take, Give, Swap, Discard, End, Deal, Pick)
