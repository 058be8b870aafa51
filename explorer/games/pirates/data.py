"""`PiratesData`: a Lying Pirates position as immutable values.

The flow of a round is kept as a `stage` (what the round does next when nothing is in
flight) and a `stack` of frames in flight, the top one last: an effect waiting for a
target or a victim's choice, a die or a battle being rolled, a window of decisions, a
card draw. A half-resolved effect is thus part of the position: it saves, resumes and
explains itself. Frames are the NamedTuples below, each led by its `kind` (so a frame
encodes as `[kind, ...fields]` through `encoding.encode_frame`):

    "task" `Task`, "die" `DieRoll`, "battle" `BattleRoll`, "window" `Window`,
    "reroll" `Reroll`, "cup" `CupRoll`, "draw" / "free draw" `Draw`, "hand" `HandLoss`,
    "draft" `Draft`, "build" `Build` (`setup_steps`), "keep" / "designate" `Asking`,
    "towns" `Towns` (`towns`), "idraw" `InfluenceDraw`, "pick" `Pick` (`influence`).

Frames hold nothing secret except the setup's (the cards set aside in the draft, the
tiles in hand while the map is built), the cards of a "draw two" choice and the dice of
a cup being rolled, which the view shows to their owner only.

`passed` is the draft's memory [P-SETUP-DRAFT]: a player knows which cards they passed
left, so for each seat it keeps those its left neighbour surely still holds (in hand, or
set aside in a draft pass under way). It is shown to that seat only, and a sample of the
hidden cards for that seat keeps them there (`PiratesState._redeal`). See
`setup_steps.remember_passes` and `round.Work.drop_card` for how it changes.
"""
from __future__ import annotations

from typing import Any, Final, Literal, NamedTuple, Union

from explorer.core import Deck
from explorer.core.tuples import new_tuple

PHASES = ("betting", "sail", "action", "steps", "final", "over")
STAGES = ("cups", "bid", "sail", "sailing", "tile", "cards", "act", "steps", "step alone",
          "together", "round end", "final", "fighting", "over")


# A seat's flags this round (`PiratesData.used`: one letter each, saved as they are).
PLAYED_GOLD: Final = "g"          # played its gold card this round [P-ACT-1]
PLAYED_SILVER: Final = "s"        # played its silver card this round [P-ACT-1]
REROLLED: Final = "r"             # paid its re-roll this round [P-REROLL]
BOUGHT: Final = "b"               # bought a card: the next costs more [P-BUY]
ROUND_FLAGS: Final = PLAYED_GOLD + PLAYED_SILVER + REROLLED + BOUGHT

# A fighter's flags in a sub-battle of the final battle (`BattleRoll.flags`).
FINAL_REROLLED: Final = "r"       # re-rolled in this sub-battle [P-FINAL-3]
FINAL_CARD: Final = "c"           # played a final-battle card in it [P-FINAL-3]


def played_flag(tier: str) -> str:
    """The flag a card of `tier` ("gold" or "silver") leaves when played [P-ACT-1]."""
    return PLAYED_GOLD if tier == "gold" else PLAYED_SILVER


class Task(NamedTuple):
    """An effect waiting to resolve: `target` -1 until its victim is chosen."""
    kind: Literal["task"]
    actor: int
    source: str                            # "tile" | "card" | "mayor"
    effect: Any                            # a `catalogue.Effect`
    target: int


class DieRoll(NamedTuple):
    """A sail, pirate or treasure die rolled for `owner`; `face` None until rolled."""
    kind: Literal["die"]
    name: str                              # "sail" | "pirate" | "treasure"
    owner: int
    face: Any
    asked: bool                            # the re-roll window was opened for it
    effect: Any                            # the `catalogue.Roll` it resolves, None for sail
    source: str                            # "tile" | "card"


class BattleRoll(NamedTuple):
    """A battle among `seats`, one face (None: not rolled) and one flag string each."""
    kind: Literal["battle"]
    battle: str                            # "sail" | "duel" | "loser" | "final"
    seats: tuple[int, ...]
    faces: tuple[Any, ...]
    asked: bool
    loss: int
    steal: int
    flags: tuple[str, ...]


class Window(NamedTuple):
    """A window of decisions asked of `seats` in turn."""
    kind: Literal["window"]
    window: str                            # "reroll" | "cards" | "final" | "together"
    seats: tuple[int, ...]


class Reroll(NamedTuple):
    """The seat's die in the frame below is rolled again."""
    kind: Literal["reroll"]
    seat: int


class CupRoll(NamedTuple):
    """The seat's cup being rolled, one die at a time: the faces so far (secret)."""
    kind: Literal["cup"]
    seat: int
    faces: tuple[Any, ...]


class Draw(NamedTuple):
    """The deck gives the seat a card ("draw"), or the seat played its last card and is
    told before its "draw" ("free draw") [P-LAST-CARD]."""
    kind: Literal["draw", "free draw"]
    seat: int


class HandLoss(NamedTuple):
    """A card leaves the seat's hand at random."""
    kind: Literal["hand"]
    seat: int


class Draft(NamedTuple):
    """The setup's card draft (`setup_steps`): per seat the cards set aside (secret)."""
    kind: Literal["draft"]
    size: int
    chosen: tuple[tuple[str, ...], ...]


class Build(NamedTuple):
    """The setup's map building (`setup_steps`): per seat the tiles in hand (secret)."""
    kind: Literal["build"]
    tiles: tuple[tuple[str, ...], ...]
    turn: int


class Asking(NamedTuple):
    """Cities of Greed's setup (`towns`): the seats still to return a card ("keep") or
    to designate their town ("designate"), in turn."""
    kind: Literal["keep", "designate"]
    seats: tuple[int, ...]


class Towns(NamedTuple):
    """Cities of Greed's setup (`towns`): `turn` places a town card now."""
    kind: Literal["towns"]
    turn: int


class InfluenceDraw(NamedTuple):
    """The influence deck gives the seat a card (`influence`)."""
    kind: Literal["idraw"]
    seat: int


class Pick(NamedTuple):
    """"Draw two, keep one" (`influence`): the cards drawn so far from `deck` (secret)."""
    kind: Literal["pick"]
    seat: int
    deck: str                              # "action" | "influence"
    drawn: tuple[str, ...]


Frame = Union[Task, DieRoll, BattleRoll, Window, Reroll, CupRoll, Draw, HandLoss, Draft, Build, Asking,
              Towns, InfluenceDraw, Pick]


class Bid(NamedTuple):
    """A bid of the ladder: `quantity` dice showing `face` (2-6), made by `seat`."""
    quantity: int
    face: int
    seat: int


class Call(NamedTuple):
    """The call that ended the betting [P-LIAR] [P-EXACT-1]: `caller` judged the bid of
    `quantity` x `face` made by `judged` ("liar"), or locked it as exact ("exact"), and
    `counted` dice showed it."""
    kind: str                              # "liar" | "exact"
    caller: int
    quantity: int
    face: int
    judged: int
    counted: int                           # the dice showing the face


# Speed: every die, bid and frame of a round is built by one of these keyword-only
# builders. A NamedTuple's own constructor runs a Python-level `__new__`; compiled, a
# builder takes its keywords for free and makes the same tuple with
# `core.tuples.new_tuple` (tests/pirates/test_fast_matches_plain.py checks each against
# its NamedTuple). The setup's and Cities of Greed's frames are rare: they are built with
# their NamedTuple's own constructor, by keyword.

def new_task(*, actor: int, source: str, effect: Any, target: int) -> Task:
    return new_tuple(Task, ("task", actor, source, effect, target))


def new_die_roll(*, name: str, owner: int, face: Any, asked: bool, effect: Any,
                 source: str) -> DieRoll:
    return new_tuple(DieRoll, ("die", name, owner, face, asked, effect, source))


def new_battle(*, battle: str, seats: tuple[int, ...], faces: tuple[Any, ...], asked: bool,
               loss: int, steal: int, flags: tuple[str, ...]) -> BattleRoll:
    return new_tuple(BattleRoll, ("battle", battle, seats, faces, asked, loss, steal, flags))


def new_window(*, window: str, seats: tuple[int, ...]) -> Window:
    return new_tuple(Window, ("window", window, seats))


def new_reroll(*, seat: int) -> Reroll:
    return new_tuple(Reroll, ("reroll", seat))


def new_cup_roll(*, seat: int, faces: tuple[Any, ...]) -> CupRoll:
    return new_tuple(CupRoll, ("cup", seat, faces))


def new_draw(*, seat: int, free: bool = False) -> Draw:
    return new_tuple(Draw, ("free draw" if free else "draw", seat))


def new_hand_loss(*, seat: int) -> HandLoss:
    return new_tuple(HandLoss, ("hand", seat))


def new_bid(*, quantity: int, face: int, seat: int) -> Bid:
    return new_tuple(Bid, (quantity, face, seat))


def new_call(*, kind: str, caller: int, quantity: int, face: int, judged: int,
             counted: int) -> Call:
    return new_tuple(Call, (kind, caller, quantity, face, judged, counted))


def rolled_die(die: DieRoll, face: Any) -> DieRoll:
    """`die` showing `face`."""
    return new_die_roll(name=die.name, owner=die.owner, face=face, asked=die.asked,
                        effect=die.effect, source=die.source)


def asked_die(die: DieRoll) -> DieRoll:
    """`die` with its re-roll window opened (`asked`)."""
    return new_die_roll(name=die.name, owner=die.owner, face=die.face, asked=True,
                        effect=die.effect, source=die.source)


def rolled_battle(battle: BattleRoll, faces: tuple[Any, ...]) -> BattleRoll:
    """`battle` with the `faces` rolled so far."""
    return new_battle(battle=battle.battle, seats=battle.seats, faces=faces, asked=battle.asked,
                      loss=battle.loss, steal=battle.steal, flags=battle.flags)


def asked_battle(battle: BattleRoll) -> BattleRoll:
    """`battle` with its window opened (`asked`)."""
    return new_battle(battle=battle.battle, seats=battle.seats, faces=battle.faces, asked=True,
                      loss=battle.loss, steal=battle.steal, flags=battle.flags)


class PiratesData(NamedTuple):
    route: tuple[str, ...]                 # tile ids, start/end tile first ("" unplaced while built)
    progress: tuple[int, ...]              # tiles sailed from the start, 0..len(route)
    coins: tuple[int, ...]
    supply: int                            # coins in the supply
    crew: tuple[int, ...]                  # normal crew dice per player
    specials: tuple[int, ...]              # owner of each special die (dice.SPECIAL), -1 board
    bag: int                               # normal dice in the bag
    cups: tuple[Any, ...]                  # per player: rolled ((die, face), ...) or None
    hands: tuple[tuple[str, ...], ...]     # card ids, sorted (secret)
    deck: Deck
    discard: tuple[str, ...]               # face up, oldest first
    captain: int                           # holder of the starting-captain token
    direction: int                         # 1 clockwise (seat order), -1 the other way
    round: int                             # 1, 2, ...
    phase: str
    stage: str
    turn: int                              # the bidder / actor / last-placed player
    bids: tuple[Bid, ...]                  # oldest first
    betting: tuple[bool, ...]              # takes part in this betting
    excluded: tuple[bool, ...]             # sits out the next betting [P-EXACT-3]
    call: Call | None                      # None until the betting ends
    roles: tuple[str, ...]                 # "winner" / "loser" / "survivor" / "" (out)
    used: tuple[str, ...]                  # per player this round: g gold, s silver, r re-roll, b bought
    passes: int                            # passes in a row in the action phase
    out: tuple[bool, ...]                  # out of the game (Instant Death, final battle)
    group: tuple[int, ...]                 # players stepping together / fighting the final battle
    stack: tuple[Frame, ...]               # frames in flight, top last
    sail: int                              # the sail die of this round (0: not rolled)
    winner: int                            # -1 while the game goes on, or when shared
    ended: str                             # "" | "home" | "final" | "rounds" | "last ship"
    cities: Any = None                     # Cities of Greed (`cities.CitiesData`), None when off
    passed: tuple[tuple[str, ...], ...] = ()  # per seat: cards it passed left in the draft that the
                                           # left neighbour surely holds (secret; () no draft)


FIELDS = PiratesData._fields
