"""Draw or Roll: a tiny game with two named streams of luck, for the core's luck tests.

Two players take `turns` turns in all, alternately. On a turn the mover draws a card
from a small deck into a secret hand (stream "deck"; the others read "P0 draws a card")
or rolls the die (stream "die": faces 1, 1, 2, 3 and two blanks) for points. With an
empty deck, rolling is the only move (a forced move). The option `omen` makes every
draw first roll an omen die (stream "omen") that counts for nothing: a rule that rolls
one more die, to show that other streams keep their luck. Score: die points plus the
cards in hand. Not registered: tests use the Game object itself. Rule ids use prefix L.
"""
from __future__ import annotations

import dataclasses
import random
import re
from typing import Any, NamedTuple

from explorer.core import (
    BLANK,
    OVER,
    Deck,
    Die,
    Event,
    Game,
    InvalidInput,
    Move,
    Outcome,
    Pending,
    State,
    decision,
    luck,
    option,
    redeal,
)

DIE = Die("die", (1, 1, 2, 3, BLANK, BLANK))
OMEN = Die("omen", ("sun", "moon", "moon"))
CARDS = (1, 2, 3, 4, 5, 6, 7, 8)


@dataclasses.dataclass(frozen=True, slots=True)
class Act(Move):
    player: int
    kind: str   # "draw" or "roll"

    def __str__(self) -> str:
        return f"P{self.player} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> "Act | None":
        m = re.fullmatch(r"[Pp]([0-9]) (draw|roll)", text)
        return None if m is None else cls(int(m[1]), m[2])


@dataclasses.dataclass(frozen=True, slots=True)
class Card(Move):
    card: int

    def __str__(self) -> str:
        return f"deck gives {self.card}"

    @classmethod
    def parse(cls, text: str) -> "Card | None":
        m = re.fullmatch(r"deck gives ([0-9])", text)
        return None if m is None else cls(int(m[1]))


@dataclasses.dataclass(frozen=True, slots=True)
class Face(Move):
    die: str
    face: Any

    def __str__(self) -> str:
        return f"{self.die} shows {self.face}"

    @classmethod
    def parse(cls, text: str) -> "Face | None":
        m = re.fullmatch(r"(die|omen) shows (\S+)", text)
        if m is None:
            return None
        return cls(m[1], int(m[2]) if m[2].isdigit() else m[2])


class Data(NamedTuple):
    hands: tuple[tuple[int, ...], ...]
    deck: Deck
    points: tuple[int, ...]
    mover: int
    turn: int
    phase: str       # "act", "die", "omen" (then "deck") or "deck"


@dataclasses.dataclass(frozen=True)
class LuckOptions:
    turns: int = option(6, rule="", source="assumed", doc="turns in the game")
    omen: bool = option(False, rule="", source="assumed", doc="a draw first rolls the omen die")


class LuckState(State):
    __slots__ = ()

    def _find_pending(self) -> Pending:
        d = self.data
        if d.turn >= self.game.options.turns:
            return OVER
        if d.phase == "act":
            return decision(d.mover, "act", "L-TURN", f"P{d.mover} draws or rolls")
        return luck(d.phase, "L-LUCK", f"the {d.phase} decides")

    def _generate_moves(self) -> tuple[Move, ...]:
        d = self.data
        if d.phase == "act":
            return ((Act(d.mover, "draw"),) if d.deck.size else ()) + (Act(d.mover, "roll"),)
        return tuple(m for m, _ in self.chance_outcomes())

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        phase = self.data.phase
        if phase == "deck":
            return tuple((Card(c), p) for c, p in self.data.deck.outcomes())
        if phase in ("die", "omen"):
            die = DIE if phase == "die" else OMEN
            return tuple((Face(phase, f), p) for f, p in die.outcomes())
        return ()

    def _apply(self, move: Move) -> tuple[Data, tuple[Event, ...]]:
        d = self.data
        p = d.mover
        nxt = dict(mover=1 - p, turn=d.turn + 1, phase="act")
        if isinstance(move, Act):
            if move.kind == "roll":
                return d._replace(phase="die"), (Event("roll", "L-TURN", f"P{p} rolls", p),)
            first = "omen" if self.game.options.omen else "deck"
            return d._replace(phase=first), (Event("draw", "L-TURN", f"P{p} draws", p),)
        if isinstance(move, Face):
            if move.die == "omen":
                return d._replace(phase="deck"), (Event("omen", "L-LUCK", f"the omen is {move.face}"),)
            gain = 0 if move.face == BLANK else move.face
            points = d.points[:p] + (d.points[p] + gain,) + d.points[p + 1:]
            return d._replace(points=points, **nxt), (Event("die", "L-LUCK", f"P{p} rolls {move.face}", p),)
        hands = list(d.hands)
        hands[p] = tuple(sorted(hands[p] + (move.card,)))
        event = Event("card", "L-LUCK", f"P{p} draws the {move.card}", p, (p,), f"P{p} draws a card")
        return d._replace(hands=tuple(hands), deck=d.deck.draw(move.card), **nxt), (event,)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.data.points[p] + sum(self.data.hands[p])) for p in range(2))

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        scores = self.scores()
        top = max(scores)
        return Outcome(tuple(p for p in range(2) if scores[p] == top), scores, (), "turns up", "")

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        d = self.data
        return {"game": "luck", "viewer": viewer, "players": 2, "turn": d.turn, "phase": d.phase,
                "to_move": self.to_move, "over": self.is_over, "events": self.visible_events(viewer),
                "points": list(d.points), "deck": d.deck.size,
                "hands": [list(h) if viewer in (None, p) or self.is_over else len(h)
                          for p, h in enumerate(d.hands)]}

    def _redeal(self, viewer: int, rng: random.Random) -> Data:
        d = self.data
        other = 1 - viewer
        (hand,), unseen = redeal(rng, d.deck.unseen + d.hands[other], [len(d.hands[other])])
        hands = list(d.hands)
        hands[other] = hand
        return d._replace(hands=tuple(hands), deck=d.deck._replace(unseen=unseen))

    def _encode(self) -> Any:
        d = self.data
        return [list(map(list, d.hands)), list(d.deck.unseen), list(d.points), d.mover, d.turn, d.phase]


class LuckGame(Game):
    name = "luck"
    title = "Draw or Roll"
    min_players = 2
    max_players = 2
    default_players = 2
    Options = LuckOptions
    move_types = (Act, Card, Face)
    state_class = LuckState

    def new(self, seed: int | None = None) -> State:
        return LuckState(self, Data(((), ()), Deck.of(CARDS), (0, 0), 0, 0, "act"))

    def scenario(self, spec: Any = None, **fields: Any) -> State:
        raise InvalidInput("scenario", "Draw or Roll has no scenarios")

    def _decode(self, raw: Any) -> Data:
        hands, unseen, points, mover, turn, phase = raw
        return Data(tuple(tuple(h) for h in hands), Deck.of(unseen), tuple(points), mover, turn, phase)

    def scene(self, view: Any) -> dict[str, Any]:
        return {"game": "luck", "title": self.title, "viewer": view["viewer"], "status": "",
                "zones": [], "events": []}
