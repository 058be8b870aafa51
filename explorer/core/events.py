"""Structured events: what the last play did, each citing the rule that made it happen.

An event may carry secret detail (the card a player drew). `visible_to` names who may
read `text`; everybody else reads `public_text`. `State.view` applies this, so a
narration never leaks a hidden card.
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str                       # e.g. "bribe", "token-move", "reveal", "game-end"
    rule: str                       # rule id in seeds/<game>.md
    text: str                       # full sentence (teacher, and players in visible_to)
    player: int | None = None       # whose action it was, if anyone's
    visible_to: tuple[int, ...] | None = None   # None: everybody may read `text`
    public_text: str | None = None  # what the others read (None: they read nothing)

    def seen_by(self, viewer: int | None) -> dict[str, Any] | None:
        """This event as `viewer` may see it (None = teacher), or None if hidden."""
        if viewer is None or self.visible_to is None or viewer in self.visible_to:
            text = self.text
        elif self.public_text is not None:
            text = self.public_text
        else:
            return None
        return {"kind": self.kind, "rule": self.rule, "text": text, "player": self.player}

    def to_jsonable(self) -> list[Any]:
        return [self.kind, self.rule, self.text, self.player,
                None if self.visible_to is None else list(self.visible_to), self.public_text]



def narrate_for(events: tuple[Event, ...], viewer: int) -> tuple[Event, ...]:
    """The events as `viewer` read them, as events anyone may read: a secret detail
    becomes its public text, an event the viewer could not see is gone. A determinized
    sample carries these, so it narrates no more than its viewer saw."""
    out = []
    for e in events:
        if e.visible_to is None:
            out.append(e)
        elif viewer in e.visible_to:
            out.append(e._replace(visible_to=None, public_text=None))
        elif e.public_text is not None:
            out.append(e._replace(text=e.public_text, visible_to=None, public_text=None))
    return tuple(out)


class ScoreLine(NamedTuple):
    """One line of a player's final score: points, what for, and the rule."""

    player: int
    points: float
    what: str
    rule: str


class Outcome(NamedTuple):
    """How a finished game ended: winners, the score lines behind the totals, and why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    lines: tuple[ScoreLine, ...]
    ended_by: str                  # a short sentence: why the game ended
    rule: str                      # the rule that ended it
    tiebreak: str = ""             # how a tie on points was settled, if it was

    def to_jsonable(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "lines": [list(line) for line in self.lines],
            "ended_by": self.ended_by,
            "rule": self.rule,
            "tiebreak": self.tiebreak,
        }
