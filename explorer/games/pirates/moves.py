"""The moves of Lying Pirates, with stable text forms read back by `parse`.

Player moves name their seat first ("P1 bid 7 fives", "P2 liar", "P0 play G3"); ``p1``
and lower-case card ids are read too. Chance outcomes name their stream ("P1 cup normal
shows 4", "sail die shows 2", "battle P3 shows sword", "deck gives G4", "hand P2 gives
S3"). Numbers are read with bounded patterns (a seat is one digit, a quantity at most
three), so odd or huge digit strings are refused as InvalidInput.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from explorer.core import BLANK, InvalidInput, Move
from explorer.core.move import SEAT as _SEAT
from explorer.core.pending import seat_name

from .dice import BATTLE_DIE, BID_FACES, CREW_DICE, FACE_WORD, FACE_WORDS, bid_text

_WORDS = {**{w: f for f, w in FACE_WORDS.items()}, **{w: f for f, w in FACE_WORD.items()},
          **{str(f): f for f in BID_FACES}, **{f"{f}s": f for f in BID_FACES}}
_CARD = r"(?P<card>[A-Za-z0-9_-]{1,20})"
CHANCE_STREAMS = ("sail die", "pirate die", "treasure die")
Face = int | str
"""A die face in a move (a number, "-" for a blank, or a word such as "coin")."""


def _face(text: str) -> int | str:
    return int(text) if text.isdigit() and len(text) == 1 else text


class PlayerMove(Move):
    __slots__ = ()
    VERB = ""
    PATTERN = ""

    if TYPE_CHECKING:
        # Every subclass is a dataclass whose first field is the seat, `player`; the default
        # `build` makes the subclasses that have no other field from the seat alone.
        def __init__(self, player: int) -> None: ...

    @classmethod
    def parse(cls, text: str):
        m = re.fullmatch(_SEAT + " " + cls.PATTERN, text, re.I)
        if m is None:
            return None
        return cls.build(m)

    @classmethod
    def build(cls, m: re.Match):
        return cls(int(m["player"]))


@dataclass(frozen=True, slots=True)
class CupDie(Move):
    """Chance: one die under a player's cup comes up `face` (stream "cup P1").

    A cup is rolled one die at a time, its normal dice first and then each special die
    in the order of `dice.SPECIAL` [P-BET-ROLL], so each chance node has the few faces
    of one die (as OpenSpiel's liars_dice rolls its dice), not the thousands of rolls of
    a whole cup."""

    player: int
    die: str
    face: Face
    RULE = "P-BET-ROLL"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} cup {self.die} shows {self.face}"

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)}'s {self.die} die shows {self.face} (under the cup)"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"cup:{self.player}",)

    @property
    def part_of(self) -> str:
        return f"cup {seat_name(self.player)}"

    @classmethod
    def parse(cls, text: str) -> "CupDie | None":
        m = re.fullmatch(_SEAT + r" cup (?P<die>[a-z ]{1,12}) shows (?P<face>[a-z0-9-]{1,5})", text, re.I)
        if m is None:
            return None
        die, face = m["die"].lower(), m["face"].lower()
        if die not in CREW_DICE:
            raise InvalidInput("move.die", f"{die!r} is not a crew die ({', '.join(CREW_DICE)})")
        if face not in {str(f) for f in CREW_DICE[die].faces}:
            raise InvalidInput("move.face", f"{face!r} is not a face of the {die} die")
        return cls(int(m["player"]), die, _face(face))


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """Chance: a die of the sail or action phase ("sail die", "pirate die", "treasure
    die", "battle P3") comes up `face`."""

    stream: str
    face: Face
    why: str = field(default="", compare=False)
    """The rule of the roll, for a battle die: the sail battle's, the duel's, the battle
    looking for a loser's or the final battle's (the text is the same for all)."""

    def __str__(self) -> str:
        return f"{self.stream} shows {self.face}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"die:{self.stream}",)

    @property
    def rule(self) -> str:
        if self.why:
            return self.why
        if self.stream.startswith("battle"):
            return "P-BATTLE-2"
        return "P-SAIL-1" if self.stream == "sail die" else "P-TILE-1"

    @classmethod
    def parse(cls, text: str) -> "Roll | None":
        m = re.fullmatch(r"(?P<stream>sail die|pirate die|treasure die|battle [pP][0-9]) shows "
                         r"(?P<face>[a-z0-9 ]{1,12})", text, re.I)
        if m is None:
            return None
        stream = m["stream"].lower()
        if stream.startswith("battle"):
            stream = "battle P" + stream[-1]
        face = m["face"].lower()
        allowed = {"sail die": ("1", "2"), "pirate die": ("x", "o"),
                   "treasure die": ("x", "coin")}.get(stream, BATTLE_DIE.faces)
        if face not in allowed:
            raise InvalidInput("move.face", f"{face!r} is not a face of the {stream}")
        if stream != "sail die" and face in ("x", "o"):
            face = face.upper()
        return cls(stream, _face(face) if stream == "sail die" else face)


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance: the deck gives a card (stream "deck")."""

    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    RULE = "P-BUY"

    def __str__(self) -> str:
        return f"deck gives {self.card}"

    @property
    def label(self) -> str:
        return f"the deck gives {self.name or self.card}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)

    @classmethod
    def parse(cls, text: str) -> "Deal | None":
        m = re.fullmatch(r"deck gives " + _CARD, text, re.I)
        return None if m is None else cls(m["card"].upper())


@dataclass(frozen=True, slots=True)
class Snatch(Move):
    """Chance: a card taken at random from a hand (stream "hand P2")."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    RULE = "P-EFFECTS"

    def __str__(self) -> str:
        return f"hand {seat_name(self.player)} gives {self.card}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}",)

    @property
    def label(self) -> str:
        return f"{seat_name(self.player)} loses {self.name or self.card} at random"

    @classmethod
    def parse(cls, text: str) -> "Snatch | None":
        m = re.fullmatch(r"hand " + _SEAT + " gives " + _CARD, text, re.I)
        return None if m is None else cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class Bid(PlayerMove):
    """A bid or a raise [P-BID-1] [P-BID-RAISE]; `exact`: a raise locked as exact [P-EXACT-1]."""

    player: int
    quantity: int
    face: int
    exact: bool = False
    PATTERN = (r"bids? (?P<q>[0-9]{1,3}) (?P<face>[a-z0-9]{1,6})(?P<exact> exact)?")

    def __str__(self) -> str:
        return f"{seat_name(self.player)} bid {bid_text(self.quantity, self.face)}" + (" exact" if self.exact else "")

    @property
    def label(self) -> str:
        what = bid_text(self.quantity, self.face)
        return f"Bid {what}, locked as exact" if self.exact else f"Bid {what}"

    @property
    def targets(self) -> tuple[str, ...]:
        """The bid cell; a locked raise first the board's own "lock" control, then the
        cell (not the Exact circle, so Exact alone is a call and a cell alone a bid)."""
        cell = f"bid:{self.quantity}:{self.face}"
        return ("lock", cell) if self.exact else (cell,)

    @property
    def ordered(self) -> bool:
        """A locked raise is reached only through "lock" clicked first: a bid cell clicked
        alone plays the plain bid at once."""
        return self.exact

    @property
    def rule(self) -> str:
        return "P-EXACT-1" if self.exact else "P-BID-RAISE"

    @classmethod
    def build(cls, m: re.Match) -> "Bid":
        face = _WORDS.get(m["face"].lower())
        if face is None:
            raise InvalidInput("move.face", f"a bid names a face 2-6 (twos ... sixes), not {m['face']!r}")
        return cls(int(m["player"]), int(m["q"]), face, bool(m["exact"]))


@dataclass(frozen=True, slots=True)
class Liar(PlayerMove):
    """Call the previous bid a lie [P-LIAR]."""

    player: int
    PATTERN = "liar"
    RULE = "P-LIAR"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} liar"

    @property
    def label(self) -> str:
        return "Call Liar on the previous bid"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("liar",)


@dataclass(frozen=True, slots=True)
class Exact(PlayerMove):
    """Lock the previous bid as exact [P-EXACT-1]."""

    player: int
    PATTERN = "exact"
    RULE = "P-EXACT-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} exact"

    @property
    def label(self) -> str:
        return "Lock the previous bid as exact"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("exact",)


@dataclass(frozen=True, slots=True)
class Reroll(PlayerMove):
    """Pay for the once-per-round re-roll of the die just rolled [P-REROLL]."""

    player: int
    die: str = field(default="", compare=False)
    cost: int = field(default=1, compare=False)
    """The die the re-roll is for ("treasure die", "battle die") and its price, for the label."""
    PATTERN = "re-?roll"
    RULE = "P-REROLL"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} re-roll"

    @property
    def label(self) -> str:
        die = self.die or "die"
        if self.cost == 0:
            return f"Re-roll your {die} for free"
        return f"Pay {self.cost} coin{'s' * (self.cost != 1)} to re-roll your {die}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("reroll",)


@dataclass(frozen=True, slots=True)
class Keep(PlayerMove):
    """Keep the roll (no re-roll; in the final battle: done with this sub-battle)."""

    player: int
    die: str = field(default="", compare=False)
    """The die kept, for the label; "final" in the final battle, where this move means
    done with the sub-battle."""
    PATTERN = "keep"
    RULE = "P-REROLL-WINDOW"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} keep"

    @property
    def label(self) -> str:
        if self.die == "final":
            return "Done with this sub-battle (no more re-roll or card)"
        return f"Keep your {self.die} as rolled" if self.die else "Keep the roll"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("keep",)


@dataclass(frozen=True, slots=True)
class PlayCard(PlayerMove):
    """Play an action card from hand [P-ACT-1] [P-SAIL-GOLD]."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    text: str = field(default="", compare=False)
    """The card's name and effect, for the label (a parsed move has neither)."""
    PATTERN = "play " + _CARD
    RULE = "P-ACT-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} play {self.card}"

    @property
    def label(self) -> str:
        if not self.name:
            return str(self)
        return f"Play {self.name}: {self.text}" if self.text else f"Play {self.name}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}",)

    @classmethod
    def build(cls, m: re.Match) -> "PlayCard":
        return cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class Target(PlayerMove):
    """Choose the target of an effect [P-TARGET]."""

    player: int
    seat: int
    PATTERN = r"targets? [pP](?P<seat>[0-9])"
    RULE = "P-TARGET"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} target {seat_name(self.seat)}"

    @property
    def label(self) -> str:
        return f"Aim at {seat_name(self.seat)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"ship:{self.seat}",)

    @classmethod
    def build(cls, m: re.Match) -> "Target":
        return cls(int(m["player"]), int(m["seat"]))


@dataclass(frozen=True, slots=True)
class Buy(PlayerMove):
    """Pay 2 coins to draw a card [P-BUY]."""

    player: int
    PATTERN = "buy(?: a card)?"
    RULE = "P-BUY"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} buy a card"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("deck",)


@dataclass(frozen=True, slots=True)
class PassCurse(PlayerMove):
    """Sacrifice 2 crew dice to give the cursed die to another player [P-CURSE-PASS]."""

    player: int
    seat: int
    PATTERN = r"pass the curse to [pP](?P<seat>[0-9])"
    RULE = "P-CURSE-PASS"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} pass the curse to {seat_name(self.seat)}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("special:cursed", f"ship:{self.seat}")

    @classmethod
    def build(cls, m: re.Match) -> "PassCurse":
        return cls(int(m["player"]), int(m["seat"]))


@dataclass(frozen=True, slots=True)
class Pass(PlayerMove):
    """Do nothing now (in the action phase: pass the turn) [P-ACT-ORDER]."""

    player: int
    PATTERN = "pass"
    RULE = "P-ACT-ORDER"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} pass"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("pass",)


@dataclass(frozen=True, slots=True)
class Cargo(PlayerMove):
    """Choose the cargo to lose: "coin", "crew" or a card id [P-CARGO]."""

    player: int
    what: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = r"loses? (?:a )?(?P<what>coin|crew die|crew|[A-Za-z0-9_-]{1,20})"
    RULE = "P-CARGO"

    def __str__(self) -> str:
        word = {"coin": "a coin", "crew": "a crew die"}.get(self.what, self.what)
        return f"{seat_name(self.player)} loses {word}"

    @property
    def label(self) -> str:
        word = {"coin": "a coin", "crew": "a crew die"}.get(self.what)
        return f"Lose {word}" if word else f"Lose the card {self.name or self.what}"

    @property
    def targets(self) -> tuple[str, ...]:
        if self.what in ("coin", "crew"):
            return (f"{self.what}:{self.player}",)
        return (f"hand:{self.player}:{self.what}",)

    @classmethod
    def build(cls, m: re.Match) -> "Cargo":
        what = m["what"].lower()
        what = "crew" if what.startswith("crew") else what
        return cls(int(m["player"]), what if what in ("coin", "crew") else what.upper())


@dataclass(frozen=True, slots=True)
class Discard(PlayerMove):
    """Choose a card to discard [P-EFFECTS]."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = "discards? " + _CARD
    RULE = "P-EFFECTS"

    @property
    def label(self) -> str:
        return f"Discard {self.name or self.card}"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} discards {self.card}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}",)

    @classmethod
    def build(cls, m: re.Match) -> "Discard":
        return cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class Step(PlayerMove):
    """Last steps: sacrifice a crew die to advance 1 tile (tied: agree to step together)
    [P-STEPS-1] [P-STEPS-2]."""

    player: int
    together: bool = field(default=False, compare=False)
    """A vote of the players tied for last (P-STEPS-2), for the label."""
    PATTERN = "step"
    RULE = "P-STEPS-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} step"

    @property
    def label(self) -> str:
        if self.together:
            return "Agree to step together: each player tied for last sacrifices a crew die to advance 1 tile"
        return "Sacrifice a crew die to advance 1 tile"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("step",)


@dataclass(frozen=True, slots=True)
class Stop(PlayerMove):
    """Last steps: take no (more) steps [P-STEPS-1]."""

    player: int
    together: bool = field(default=False, compare=False)
    """A vote of the players tied for last (P-STEPS-2), for the label."""
    PATTERN = "stop"
    RULE = "P-STEPS-1"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} stop"

    @property
    def label(self) -> str:
        if self.together:
            return "Refuse: nobody tied for last steps"
        return "Take no more steps"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("stop",)


@dataclass(frozen=True, slots=True)
class DraftPass(PlayerMove):
    """Set a card aside to pass to the player on the left in the draft [P-SETUP-DRAFT]."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = "passes " + _CARD + " left"
    RULE = "P-SETUP-DRAFT"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} passes {self.card} left"

    @property
    def label(self) -> str:
        return f"Pass {self.name or self.card} to the player on your left"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}",)

    @classmethod
    def build(cls, m: re.Match) -> "DraftPass":
        return cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class PlaceTile(PlayerMove):
    """Place a tile from hand on an empty place of the map [P-SETUP-BUILD]."""

    player: int
    tile: str
    slot: int
    name: str = field(default="", compare=False)
    """The tile's name, for the label (a parsed move has none)."""
    PATTERN = r"places (?P<tile>[A-Za-z0-9][A-Za-z0-9 _-]{0,19}?) as tile (?P<slot>[0-9]{1,2})"
    RULE = "P-SETUP-BUILD"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} places {self.tile} as tile {self.slot}"

    @property
    def label(self) -> str:
        return f"Place {self.name or self.tile} as tile {self.slot}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"tiles:{self.player}:{self.tile}", f"tile:{self.slot}")

    @classmethod
    def build(cls, m: re.Match) -> "PlaceTile":
        return cls(int(m["player"]), m["tile"], int(m["slot"]))


_TOWN = r"(?P<town>[A-Za-z]{1,20}(?: [A-Za-z]{1,20}){0,2})"


def town_name(text: str) -> str:
    """A town as the catalogue spells it (capitalised words), however it was typed."""
    return " ".join(w.capitalize() for w in text.split())


@dataclass(frozen=True, slots=True)
class PlaceTown(PlayerMove):
    """Slot a town card from hand under a tile without one [P-COG-TOWN-PLACE]."""

    player: int
    town: str
    slot: int
    tile_name: str = field(default="", compare=False)
    """The name of the tile at `slot`, for the label."""
    PATTERN = r"(?:slots )?" + _TOWN + r" under tile (?P<slot>[0-9]{1,2})"
    RULE = "P-COG-TOWN-PLACE"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} slots {self.town} under tile {self.slot}"

    @property
    def label(self) -> str:
        where = f" ({self.tile_name})" if self.tile_name else ""
        return f"Slot {self.town} under tile {self.slot}{where}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"towncard:{self.player}:{self.town}", f"tile:{self.slot}")

    @classmethod
    def build(cls, m: re.Match) -> "PlaceTown":
        return cls(int(m["player"]), town_name(m["town"]), int(m["slot"]))


@dataclass(frozen=True, slots=True)
class MoveTown(PlayerMove):
    """Move a placed town card to a tile without one [P-COG-TOWN-PLACE] [P-COG-TOWN-MOVE]."""

    player: int
    source: int
    slot: int
    PATTERN = r"moves the town of tile (?P<source>[0-9]{1,2}) to tile (?P<slot>[0-9]{1,2})"
    RULE = "P-COG-TOWN-MOVE"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} moves the town of tile {self.source} to tile {self.slot}"

    @property
    def label(self) -> str:
        return f"Move the town card of tile {self.source} to tile {self.slot}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"town:{self.source}", f"tile:{self.slot}")

    @classmethod
    def build(cls, m: re.Match) -> "MoveTown":
        return cls(int(m["player"]), int(m["source"]), int(m["slot"]))


@dataclass(frozen=True, slots=True)
class Designate(PlayerMove):
    """Choose one's designated town [P-COG-DESIGNATE]."""

    player: int
    town: str
    PATTERN = "designates " + _TOWN
    RULE = "P-COG-DESIGNATE"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} designates {self.town}"

    @property
    def label(self) -> str:
        return f"Designate {self.town} as your town"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"banner:{self.town}",)

    @classmethod
    def build(cls, m: re.Match) -> "Designate":
        return cls(int(m["player"]), town_name(m["town"]))


@dataclass(frozen=True, slots=True)
class ReturnInfluence(PlayerMove):
    """Setup: return one of the 3 influence cards dealt, keeping 2 [P-COG-INF-DEAL]."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = "returns " + _CARD
    RULE = "P-COG-INF-DEAL"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} returns {self.card}"

    @property
    def label(self) -> str:
        return f"Return {self.name or self.card} to the box (keep the other two)"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"influence:{self.player}:{self.card}",)

    @classmethod
    def build(cls, m: re.Match) -> "ReturnInfluence":
        return cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class KeepCard(PlayerMove):
    """"Draw two, keep one": keep one of the two cards drawn [P-COG-VAR-DRAW2]."""

    player: int
    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = "keeps " + _CARD
    RULE = "P-COG-VAR-DRAW2"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} keeps {self.card}"

    @property
    def label(self) -> str:
        return f"Keep {self.name or self.card}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"drawn:{self.player}:{self.card}",)

    @classmethod
    def build(cls, m: re.Match) -> "KeepCard":
        return cls(int(m["player"]), m["card"].upper())


@dataclass(frozen=True, slots=True)
class PlayInfluence(PlayerMove):
    """Play an influence card for one of its towns, to attack or for the bonus
    [P-COG-INF-PLAY] [P-COG-ATTACK] [P-COG-BONUS]."""

    player: int
    card: str
    town: str
    mode: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    PATTERN = r"plays (?P<card>I[0-9]{1,3}) for " + _TOWN + r" (?P<mode>attack|bonus)"
    RULE = "P-COG-INF-PLAY"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} plays {self.card} for {self.town} {self.mode}"

    @property
    def label(self) -> str:
        return f"Play {self.name or self.card} for {self.town}: {self.mode}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"influence:{self.player}:{self.card}", f"banner:{self.town}", self.mode)

    @classmethod
    def build(cls, m: re.Match) -> "PlayInfluence":
        return cls(int(m["player"]), m["card"].upper(), town_name(m["town"]), m["mode"].lower())


@dataclass(frozen=True, slots=True)
class BuyInfluence(PlayerMove):
    """Pay 1 coin for an influence card [P-COG-INF-BUY]."""

    player: int
    PATTERN = "buys? an influence card"
    RULE = "P-COG-INF-BUY"

    def __str__(self) -> str:
        return f"{seat_name(self.player)} buy an influence card"

    @property
    def label(self) -> str:
        return "Buy an influence card (1 coin)"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("influence deck",)


@dataclass(frozen=True, slots=True)
class InfluenceDeal(Move):
    """Chance: the influence deck gives a card (stream "influence deck")."""

    card: str
    name: str = field(default="", compare=False)
    """What a teacher reads for the card (a parsed move has none; `words.named` fills it)."""
    RULE = "P-COG-INF-BUY"

    def __str__(self) -> str:
        return f"influence deck gives {self.card}"

    @property
    def label(self) -> str:
        return f"the influence deck gives {self.name or self.card}"

    @property
    def targets(self) -> tuple[str, ...]:
        return ("influence deck",)

    @classmethod
    def parse(cls, text: str) -> "InfluenceDeal | None":
        m = re.fullmatch(r"influence deck gives (?P<card>I[0-9]{1,3})", text, re.I)
        return None if m is None else cls(m["card"].upper())


SEATS = range(6)
PASS = tuple(Pass(p) for p in SEATS)
BUY = tuple(Buy(p) for p in SEATS)
PASS_CURSE = tuple(tuple(PassCurse(p, s) for s in SEATS) for p in SEATS)
STEP_OR_STOP = tuple((Step(p), Stop(p)) for p in SEATS)
TOGETHER = tuple((Step(p, together=True), Stop(p, together=True)) for p in SEATS)
REROLL_OR_KEEP = tuple((Reroll(p), Keep(p)) for p in SEATS)
TARGET = tuple(tuple(Target(p, s) for s in SEATS) for p in SEATS)
LIAR = tuple(Liar(p) for p in SEATS)
EXACT = tuple(Exact(p) for p in SEATS)
"""Moves made once per seat and shared by every position and agent (moves are values):
a listed move an agent returns is found by identity, and a turn log writes it out once."""

MOVE_TYPES = (Bid, Liar, Exact, CupDie, Roll, Deal, Snatch, Reroll, Keep, PlayCard, Target,
              Buy, PassCurse, Pass, Cargo, Discard, Step, Stop, DraftPass, PlaceTile,
              PlaceTown, MoveTown, Designate, ReturnInfluence, KeepCard, PlayInfluence,
              BuyInfluence, InfluenceDeal)
BLANK_FACE = BLANK
