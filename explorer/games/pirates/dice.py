"""The dice of Lying Pirates and the one rule that counts a bid: the single source that
the engine (judging Liar and Exact) and the exact odds both use.

A crew die is a core `Die` with its printed faces; a blank (`BLANK`) is a face that
counts for nothing. Bid faces run 2-6; a 1 is wild and counts for every face
[P-BID-COUNT]. The cursed die shows 2, 3, 4, 5 or a blank: when the bid being judged
was made by the cursed die's owner and its face is the cursed die's number, the owner's
own dice (naturals, 1s and the cursed die) are left out of the count [P-CURSED]. The
seed's example: 13 twos on the table, 5 of them the cursed player's, so that player's
bid of twos may go up to 8.

    >>> cups = {0: (("normal", 2), ("normal", 1), ("cursed", 2)), 1: (("normal", 2),)}
    >>> judged_count(2, cups, bidder=1)
    4
    >>> judged_count(2, cups, bidder=0)
    1
"""
from __future__ import annotations

from typing import Final, Hashable, Iterable, Mapping, Sequence

from ...core.chance import BLANK, Die

WILD: Final = 1
BID_FACES: Final = (2, 3, 4, 5, 6)
"""The faces a bid may name [P-BID-1]."""
FACE_WORDS: Final = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
FACE_WORD: Final = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def bid_text(quantity: int, face: int) -> str:
    """A bid in words, "3 fives" or "1 six" (every bid event and move text says it)."""
    words = FACE_WORD if quantity == 1 else FACE_WORDS
    return f"{quantity} {words.get(face, f'{face}s')}"


NORMAL = Die("normal", (1, 2, 3, 4, 5, 6))
MERMAID = Die("mermaid", (1, 1, 6, 6, BLANK, BLANK))
PIRATE_KING = Die("pirate king", (1, 1, 1, 6, 6, 6))
GHOST = Die("ghost", (1, 1, 1, BLANK, BLANK, BLANK))
CURSED = Die("cursed", (2, 3, 4, 5, BLANK, BLANK))
MAYOR = Die("mayor", (1, 1, "coin", "bomb", BLANK, BLANK))
"""Cities of Greed's mayor die; its last two faces are assumed (rules/pirates.md)."""

CREW_DICE: Final[dict[str, Die]] = {d.name: d for d in (NORMAL, MERMAID, PIRATE_KING, GHOST, CURSED, MAYOR)}
"""Every crew die by name: the normal die and the special dice (each special exists once)."""
SPECIAL: Final = tuple(name for name in CREW_DICE if name != "normal")

PIRATE_DIE = Die("pirate", ("X", "X", "O", "O", "O", "O"))
TREASURE_DIE = Die("treasure", ("X", "X", "X", "coin", "coin", "coin"))
SAIL_DIE = Die("sail", (1, 2))
BATTLE_DIE = Die("battle", ("skull", "skull", "sword", "sword", "double sword", "double sword"))
"""The battle die: double sword beats sword beats skull [P-BATTLE-1]. Its face split is
assumed (two of each) until the printed die is known."""
BATTLE_RANK: Final = {"skull": 0, "sword": 1, "double sword": 2}

Face = Hashable
Cup = Sequence[tuple[str, Face]]
"""A rolled cup: (die name, face) per die."""


def counts_for(face: int, shown: Face) -> bool:
    """Whether a die showing `shown` counts toward a bid on `face` (naturals and 1s; a
    blank or a word counts for none). A number is compared as a machine int compiled."""
    if isinstance(shown, int):
        number: int = shown
        return number == face or number == WILD
    return False


def contribution(face: int, cup: Iterable[tuple[str, Face]], bidder_owns: bool) -> int:
    """How many of one player's dice count toward a bid on `face`.

    `bidder_owns`: the bid being judged is this player's own. Then, if their cursed die
    shows `face`, none of their dice count [P-CURSED].
    """
    count = 0
    cursed = False
    for name, shown in cup:              # one pass, plain loops (compiled to C)
        if counts_for(face, shown):
            count += 1
        if name == "cursed" and shown == face:
            cursed = True
    return 0 if bidder_owns and cursed else count


def judged_count(face: int, cups: Mapping[int, Cup], bidder: int | None) -> int:
    """The count that decides a Liar or an Exact on `bidder`'s bid on `face`: every
    participant's dice that count, with the cursed rule applied to the bidder (None: a
    bid of nobody, judged without it)."""
    return sum(contribution(face, cup, seat == bidder) for seat, cup in cups.items())


def blank_free(faces: Iterable[Face]) -> tuple[Face, ...]:
    """The faces that are not blank (for narration)."""
    return tuple(f for f in faces if f != BLANK)
