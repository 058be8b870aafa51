"""Moves: frozen, hashable values with a label, a stable text form and click targets.

Every game defines its moves as small frozen dataclasses deriving from `Move`.
`str(move)` is the stable text form that `Game.parse_move` reads back; `label` is the
human sentence shown in move lists; `targets` are the board elements a click selects,
in order (for example a hand card, then a grid cell). The board narrows the legal
moves by the targets clicked so far (see `narrow`), one mechanism for every game.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import ClassVar, Iterable, NamedTuple, Sequence

from .errors import InvalidInput

SEAT = r"[pP](?P<player>[0-9])"
"""The seat at the head of a move text, in every game: "P0" or "p0", one digit (no game
seats ten), captured as the group `player`."""
_HEAD = re.compile(r"[pP]([0-9]+)\s+([A-Za-z]+)(?:\s+(.*))?", re.DOTALL)


class Head(NamedTuple):
    """The head of a player's move text: "P1 bribe Axe Axe" is Head(1, "bribe", "Axe Axe")."""

    seat: int
    verb: str          # lower case
    rest: str          # the words after the verb, stripped ("" when none)


def read_head(text: str) -> Head | None:
    """The seat, verb and rest of a move text "P<seat> <verb> ...", or None when `text`
    does not begin so (another form: `Game.parse_move` asks the next move type). A seat
    of more than one digit is refused by name, not silently read.

    >>> read_head("p2 Bribe Axe  Axe ")
    Head(seat=2, verb='bribe', rest='Axe  Axe')
    >>> read_head("deal Maple-0") is None
    True
    >>> read_head("P12 bribe Axe")
    Traceback (most recent call last):
    explorer.core.errors.InvalidInput: move: a seat is P and one digit (P0, P1, ...), not 'P12'
    """
    match = _HEAD.fullmatch(text.strip())
    if match is None:
        return None
    if len(match.group(1)) > 1:
        raise InvalidInput("move", f"a seat is P and one digit (P0, P1, ...), not 'P{match.group(1)[:6]}'")
    return Head(int(match.group(1)), match.group(2).lower(), (match.group(3) or "").strip())


class Move:
    """Base class of all moves (subclasses are `@dataclass(frozen=True, slots=True)`)."""

    __slots__ = ()
    RULE: ClassVar[str] = ""
    """The rule id that allows every move of this kind; a kind whose rule depends on the
    move (a locked raise, an Ace over a card) overrides `rule` instead."""

    @property
    def label(self) -> str:
        """A sentence for people, e.g. 'Bribe with 2 Crown + 1 Wild'."""
        return str(self)

    @property
    def targets(self) -> tuple[str, ...]:
        """Ids of the board elements that a click selects to make this move."""
        return ()

    @property
    def rule(self) -> str:
        """The rule id that allows this move (shown beside it in move lists)."""
        return self.RULE

    @property
    def group(self) -> str:
        """The heading a grouped move list shows this move under (`teach.moves(grouped=
        True)`): by default the kind of move, its class name; a step of a larger action
        (Momiji's paid reveal, part of a Collect) names that action."""
        return type(self).__name__

    @property
    def part_of(self) -> str | None:
        """The chance stream of a roll made in several steps that this move is one step
        of (the dice of one cup, one chance node each), or None. The history reads the
        steps of such a roll, once it is whole, as one: what its last step says."""
        return None

    @property
    def confirm(self) -> bool:
        """Whether the board asks before playing it, once its clicks are complete (a
        payment, a purchase): a player checks what they give before they give it."""
        return False

    @property
    def ordered(self) -> bool:
        """Whether its first target must be clicked first: a mode that the player turns
        on before the rest (Lying Pirates' "raise and lock as exact", then a bid cell).
        Clicking the rest first never reaches it, so those clicks stay a move of their own
        (a bid cell alone plays the plain bid) instead of leaving a choice."""
        return False

    @classmethod
    def parse(cls, text: str) -> "Move | None":
        """The move of this type whose text form is `text`; None for text of another
        form (`Game.parse_move` then asks the game's next move type); `InvalidInput`,
        naming the field, for text of this form with a bad value ("P0 curse Banana")."""
        return None


def narrow(moves: Iterable[Move], selected: Sequence[str]) -> list[Move]:
    """The moves whose targets contain every selected element (as a multiset).

    Clicking two Crown cards selects ``("hand:Crown", "hand:Crown")``: moves that use at
    least two Crowns stay. The order of clicks does not matter, so a player may pick
    the cards of a payment in any order; only an `ordered` move (a mode turned on
    first) stays only while its first target was the first one clicked. The board
    (board.js `narrow`) follows the same rule.
    """
    wanted = Counter(selected)
    kept = []
    for move in moves:
        have = Counter(move.targets)
        if all(have[t] >= n for t, n in wanted.items()) and (
                not selected or not move.ordered or move.targets[0] == selected[0]):
            kept.append(move)
    return kept


def exact(moves: Iterable[Move], selected: Sequence[str]) -> list[Move]:
    """The moves whose targets are exactly the selected elements (as a multiset)."""
    wanted = Counter(selected)
    return [m for m in moves if Counter(m.targets) == wanted]
