"""`PiratesData`: a Lying Pirates position as immutable values.

The flow of a round is kept as a `stage` (what the round does next when nothing is in
flight) and a `stack` of frames in flight, the top one last: an effect waiting for a
target or a victim's choice, a die or a battle being rolled, a window of decisions, a
card draw. A half-resolved effect is thus part of the position: it saves, resumes and
explains itself. Frames (tuples, JSON-able through `encode_frame`):

    ("task", actor, source, effect, target)      source "tile" | "card"; target -1: none yet
    ("die", name, owner, face, asked, effect, source)   name "sail" | "pirate" | "treasure"
    ("battle", kind, seats, faces, asked, loss, steal, flags)   kind "sail" | "duel" | "loser" | "final"
    ("window", kind, seats)       kind "reroll" | "cards" | "final" | "together"
    ("reroll", seat)              the seat's die in the frame below is rolled again
    ("cup", seat, faces)          the seat's cup being rolled, one die at a time: the faces so far
    ("draw", seat)                the deck gives the seat a card
    ("free draw", seat)           the seat played their last card: told, then a "draw" [P-LAST-CARD]
    ("hand", seat)                a card leaves the seat's hand at random
    ("draft", size, chosen)       the setup's card draft (see `setup_steps`)
    ("build", tiles, turn)        the setup's map building (see `setup_steps`)
    ("keep", seats) ("towns", turn) ("designate", seats)   Cities of Greed's setup (`towns`)
    ("idraw", seat) ("pick", seat, deck, drawn)            influence draws, "draw two" (`influence`)

Frames hold nothing secret except the setup's (the cards set aside in the draft, the
tiles in hand while the map is built), the cards of a "draw two" choice and the dice of
a cup being rolled, which the view shows to their owner only.

`passed` is the draft's memory [P-SETUP-DRAFT]: a player knows which cards they passed
left, so for each seat it keeps those its left neighbour surely still holds (in hand, or
set aside in a draft pass under way). It is shown to that seat only, and a sample of the
hidden cards for that seat keeps them there (`PiratesState._redeal`). See
`setup_steps.remember_passes` and `engine.Work.drop_card` for how it changes.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from explorer.core import Deck

PHASES = ("betting", "sail", "action", "steps", "final", "over")
STAGES = ("cups", "bid", "sail", "sailing", "tile", "cards", "act", "steps", "step alone",
          "together", "round end", "final", "fighting", "over")


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
    bids: tuple[tuple[int, int, int], ...]  # (quantity, face, seat), oldest first
    betting: tuple[bool, ...]              # takes part in this betting
    excluded: tuple[bool, ...]             # sits out the next betting [P-EXACT-3]
    call: tuple                            # () or (kind, caller, quantity, face, judged for, count)
    roles: tuple[str, ...]                 # "winner" / "loser" / "survivor" / "" (out)
    used: tuple[str, ...]                  # per player this round: g gold, s silver, r re-roll, b bought
    passes: int                            # passes in a row in the action phase
    out: tuple[bool, ...]                  # out of the game (Instant Death, final battle)
    group: tuple[int, ...]                 # players stepping together / fighting the final battle
    stack: tuple[tuple, ...]               # frames in flight, top last
    sail: int                              # the sail die of this round (0: not rolled)
    winner: int                            # -1 while the game goes on, or when shared
    ended: str                             # "" | "home" | "final" | "rounds" | "last ship"
    cities: Any = None                     # Cities of Greed (`cities.CitiesData`), None when off
    passed: tuple[tuple[str, ...], ...] = ()  # per seat: cards it passed left in the draft that the
                                           # left neighbour surely holds (secret; () no draft)


FIELDS = PiratesData._fields
