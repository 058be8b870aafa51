"""Chance Nim: a tiny game for testing the simulation machinery apart from the real games.

A pile of counters; players in turn take 1 to 3; after a take that leaves counters, a
die adds one counter with probability 1/3 (a chance node). Whoever takes the last
counter wins (with the option `shared`, the player before shares the win, to test
shared wins). Skill matters (leave a multiple of 4), so a searching agent must beat
a random one. It is not registered: tests pass the Game object itself.
"""
from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from explorer.core import OVER, Event, Game, InvalidInput, Move, Outcome, Pending, State, decision, luck, option
from explorer.core.state import CHANCE


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Move):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"

    @classmethod
    def parse(cls, text: str) -> "Take | None":
        if not text.startswith("take "):
            return None
        return cls(int(text[5:]))


@dataclasses.dataclass(frozen=True, slots=True)
class Grow(Move):
    added: int

    def __str__(self) -> str:
        return f"grow {self.added}"

    @classmethod
    def parse(cls, text: str) -> "Grow | None":
        if not text.startswith("grow "):
            return None
        return cls(int(text[5:]))


class Data(NamedTuple):
    pile: int
    mover: int
    rolling: bool
    last: int


@dataclasses.dataclass(frozen=True)
class NimOptions:
    pile: int = option(15, rule="", source="assumed", doc="counters at the start")
    shared: bool = option(False, rule="", source="assumed",
                          doc="the player before the last taker shares the win")


class NimState(State):
    __slots__ = ()

    def _find_pending(self) -> Pending:
        d = self.data
        if d.pile == 0:
            return OVER
        if d.rolling:
            return luck("die", "", "the die may add a counter")
        return decision(d.mover, "take", "", f"P{d.mover} takes 1 to 3 counters")

    def _generate_moves(self) -> tuple[Move, ...]:
        if self.data.rolling:
            return (Grow(0), Grow(1))
        return tuple(Take(k) for k in range(1, min(3, self.data.pile) + 1))

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return ((Grow(0), 2 / 3), (Grow(1), 1 / 3)) if self.is_chance else ()

    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        d = self.data
        if isinstance(move, Grow):
            return d._replace(pile=d.pile + move.added, rolling=False), ()
        nxt = (d.mover + 1) % self.game.players
        pile = d.pile - move.count
        event = Event("take", "", f"player {d.mover} takes {move.count}", d.mover)
        return Data(pile, nxt, pile > 0, d.mover), (event,)

    def winners(self) -> tuple[int, ...]:
        if self.data.pile:
            return ()
        last = self.data.last
        if self.game.options.shared:
            return tuple(sorted({last, (last - 1) % self.game.players}))
        return (last,)

    def scores(self) -> tuple[float, ...]:
        winners = self.winners()
        return tuple(1.0 if p in winners else 0.0 for p in range(self.game.players))

    def tallies(self) -> dict[str, tuple[int, ...]]:
        last = self.data.last if self.is_over else -1
        return {"took_last": tuple(int(p == last) for p in range(self.game.players))}

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(self.winners(), self.scores(), (), "the last counter was taken", "")

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        who = self.to_move
        return {"game": "nim", "viewer": viewer, "players": self.game.players,
                "to_move": "chance" if who == CHANCE else who, "turn": 0,
                "over": self.is_over, "events": self.visible_events(viewer),
                "pile": self.data.pile}

    def _encode(self) -> Any:
        return list(self.data)


class NimGame(Game):
    name = "nim"
    title = "Chance Nim"
    min_players = 2
    max_players = 4
    default_players = 2
    Options = NimOptions
    move_types = (Take, Grow)
    state_class = NimState

    def new(self, seed: int | None = None) -> State:
        return NimState(self, Data(self.options.pile, 0, False, -1))

    def scenario(self, spec: Any = None, **fields: Any) -> State:
        raw = {**(spec or {}), **fields}
        return NimState(self, Data(int(raw.get("pile", self.options.pile)),
                                   int(raw.get("mover", 0)), False, -1))

    def _decode(self, raw: Any) -> tuple:
        if not isinstance(raw, list) or len(raw) != 4:
            raise InvalidInput("data", "expected [pile, mover, rolling, last]")
        return Data(*raw)

    def scene(self, view: Any) -> dict[str, Any]:
        return {"game": "nim", "title": self.title, "viewer": view["viewer"], "status": "",
                "zones": [], "events": []}
