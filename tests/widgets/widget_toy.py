"""A tiny hidden-information game for the widget tests, independent of the real games.

Two players hold hidden hands of numbered cards; on a turn a player places a card on
an empty cell of a 2x2 grid (or passes), then draws one card from the deck (chance,
secret: the others read only "draws a card"). The game ends when the grid is full or
after 8 turns; each player scores the values they placed. Rule ids use the prefix T.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from explorer.core import (
    CHANCE,
    OVER,
    Event,
    Game,
    InvalidInput,
    Move,
    Outcome,
    Pending,
    Reason,
    ScoreLine,
    State,
    decision,
    luck,
    redeal,
)

CELLS = 4
MAX_TURNS = 8
COLORS = {1: "#c0392b", 2: "#f1c40f", 3: "#2e86c1"}


@dataclass(frozen=True, slots=True)
class Place(Move):
    player: int
    card: int
    cell: int

    def __str__(self) -> str:
        return f"place p{self.player} {self.card} c{self.cell}"

    @property
    def label(self) -> str:
        return f"P{self.player} places a {self.card} on cell {self.cell}"

    @property
    def targets(self) -> tuple[str, ...]:
        return (f"hand:{self.player}:{self.card}", f"cell:{self.cell}")

    @property
    def rule(self) -> str:
        return "T-PLACE"

    @classmethod
    def parse(cls, text: str) -> "Place | None":
        parts = text.split()
        if not parts or parts[0] != "place":
            return None
        try:
            _, p, card, cell = parts
            return cls(int(p.removeprefix("p")), int(card), int(cell.removeprefix("c")))
        except ValueError as exc:
            raise InvalidInput("move", f"expected 'place p<player> <card> c<cell>', got {text!r}") from exc


@dataclass(frozen=True, slots=True)
class Pass(Move):
    def __str__(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return "Pass"

    @property
    def rule(self) -> str:
        return "T-PASS"

    @classmethod
    def parse(cls, text: str) -> "Pass | None":
        return cls() if text == "pass" else None


@dataclass(frozen=True, slots=True)
class Draw(Move):
    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"

    @property
    def label(self) -> str:
        return f"draw a {self.card}"

    @property
    def rule(self) -> str:
        return "T-DRAW"

    @classmethod
    def parse(cls, text: str) -> "Draw | None":
        parts = text.split()
        if len(parts) != 2 or parts[0] != "draw":
            return None
        try:
            return cls(int(parts[1]))
        except ValueError as exc:
            raise InvalidInput("move", f"expected 'draw <card>', got {text!r}") from exc


class ToyData(NamedTuple):
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]            # unseen cards, sorted (a multiset)
    cells: tuple[tuple[int, int] | None, ...]   # (owner, card) or None
    mover: int
    turn: int
    drawing: bool                    # True: the mover's draw is to be resolved


class ToyState(State):
    def _find_pending(self) -> Pending:
        d = self.data
        if all(c is not None for c in d.cells) or d.turn >= MAX_TURNS:
            return OVER
        if d.drawing:
            return luck("deck", "T-DRAW", f"P{d.mover} draws a card")
        return decision(d.mover, "place", "T-PLACE", f"P{d.mover} places a card or passes")

    def _generate_moves(self) -> tuple[Move, ...]:
        d = self.data
        if d.drawing:
            return tuple(Draw(c) for c in sorted(set(d.deck)))
        free = [i for i, c in enumerate(d.cells) if c is None]
        return tuple(Place(d.mover, card, cell) for card in sorted(set(d.hands[d.mover]))
                     for cell in free) + (Pass(),)

    def _explain(self, move: Move) -> Reason:
        d = self.data
        if isinstance(move, Place):
            if move.player != d.mover:
                return Reason("T-TURN", f"it is Player {d.mover}'s turn")
            if move.card not in d.hands[d.mover]:
                return Reason("T-HAND", f"P{d.mover} holds no {move.card}")
            if not 0 <= move.cell < CELLS:
                return Reason("T-PLACE", f"there is no cell {move.cell}")
            return Reason("T-FULL", f"cell {move.cell} is taken")
        return Reason("T-TURN", f"{move} cannot be played now")

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        hands = [t for t in targets if t.startswith("hand:")]
        cells = [t for t in targets if t.startswith("cell:")]
        if len(hands) != 1 or len(cells) != 1 or len(targets) != 2:
            return None
        _, player, card = hands[0].split(":")
        return Place(int(player), int(card), int(cells[0].split(":")[1]))

    def _apply(self, move: Move) -> tuple[ToyData, tuple[Event, ...]]:
        d = self.data
        p = d.mover
        if isinstance(move, Draw):
            deck = list(d.deck)
            deck.remove(move.card)
            hands = list(d.hands)
            hands[p] = tuple(sorted(hands[p] + (move.card,)))
            event = Event("draw", "T-DRAW", f"P{p} draws a {move.card}", p,
                          visible_to=(p,), public_text=f"P{p} draws a card")
            return d._replace(hands=tuple(hands), deck=tuple(deck), drawing=False,
                              mover=1 - p, turn=d.turn + 1), (event,)
        if isinstance(move, Place):
            hand = list(d.hands[p])
            hand.remove(move.card)
            hands = list(d.hands)
            hands[p] = tuple(hand)
            cells = list(d.cells)
            cells[move.cell] = (p, move.card)
            event = Event("place", "T-PLACE", move.label, p)
            data = d._replace(hands=tuple(hands), cells=tuple(cells))
        else:
            event = Event("pass", "T-PASS", f"P{p} passes", p)
            data = d
        if data.deck:
            return data._replace(drawing=True), (event,)
        return data._replace(mover=1 - p, turn=d.turn + 1), (event,)

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        counts = Counter(self.data.deck)
        n = len(self.data.deck)
        return tuple((Draw(c), k / n) for c, k in sorted(counts.items()))

    def scores(self) -> tuple[float, ...]:
        totals = [0, 0]
        for cell in self.data.cells:
            if cell is not None:
                totals[cell[0]] += cell[1]
        return tuple(float(t) for t in totals)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        scores = self.scores()
        best = max(scores)
        lines = tuple(ScoreLine(c[0], c[1], f"card on cell {i}", "T-SCORE")
                      for i, c in enumerate(self.data.cells) if c is not None)
        return Outcome(tuple(p for p, s in enumerate(scores) if s == best), scores, lines,
                       "the grid is full" if all(self.data.cells) else "8 turns were played", "T-END")

    def view(self, viewer: int | None = None) -> dict[str, Any]:
        d = self.data
        who = self.to_move
        return {
            "game": "toy", "viewer": viewer, "players": 2,
            "to_move": "chance" if who == CHANCE else who, "turn": d.turn, "over": self.is_over,
            "events": self.visible_events(viewer),
            "hands": [list(h) if viewer is None or viewer == p else len(h) for p, h in enumerate(d.hands)],
            "deck": len(d.deck),
            "cells": [None if c is None else list(c) for c in d.cells],
        }

    def _redeal(self, viewer: int, rng: random.Random) -> ToyData:
        d = self.data
        other = 1 - viewer
        (hand,), deck = redeal(rng, d.deck + d.hands[other], [len(d.hands[other])])
        hands = list(d.hands)
        hands[other] = hand
        return d._replace(hands=tuple(hands), deck=deck)

    def _encode(self) -> Any:
        return [list(map(list, self.data.hands)), list(self.data.deck),
                [None if c is None else list(c) for c in self.data.cells],
                self.data.mover, self.data.turn, self.data.drawing]


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    pass


class ToyGame(Game):
    name = "toy"
    title = "Toy Grid"
    min_players = max_players = default_players = 2
    Options = ToyOptions
    move_types = (Place, Pass, Draw)
    state_class = ToyState

    def new(self, seed: int | None = None) -> ToyState:
        rng = random.Random(seed)
        deck = [1, 1, 2, 2, 3, 3, 1, 2, 3, 3]
        rng.shuffle(deck)
        hands = (tuple(sorted(deck[:2])), tuple(sorted(deck[2:4])))
        return ToyState(self, ToyData(hands, tuple(sorted(deck[4:])), (None,) * CELLS, 0, 0, False))

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> ToyState:
        raw = {**(spec or {}), **fields}
        data = ToyData(tuple(tuple(sorted(h)) for h in raw["hands"]), tuple(sorted(raw.get("deck", ()))),
                       tuple(None if c is None else tuple(c) for c in raw.get("cells", (None,) * CELLS)),
                       raw.get("mover", 0), raw.get("turn", 0), raw.get("drawing", False))
        return ToyState(self, data)

    def _decode(self, raw: Any) -> ToyData:
        hands, deck, cells, mover, turn, drawing = raw
        return ToyData(tuple(map(tuple, hands)), tuple(deck),
                       tuple(None if c is None else tuple(c) for c in cells), mover, turn, drawing)

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        viewer = view["viewer"]
        grid = [{"id": f"cell:{i}", "kind": "cell" if c is None else "card", "x": i % 2, "y": i // 2,
                 "text": "" if c is None else str(c[1]), "color": "" if c is None else COLORS[c[1]],
                 "badges": [] if c is None else [f"P{c[0]}"]}
                for i, c in enumerate(view["cells"])]
        hands = []
        for p, hand in enumerate(view["hands"]):
            if isinstance(hand, list):
                cards = [{"id": f"hand:{p}:{c}", "kind": "card", "text": str(c), "color": COLORS[c]}
                         for c in hand]
            else:
                cards = [{"id": "", "kind": "card", "face": "down"} for _ in range(hand)]
            hands.append({"id": f"hand:{p}", "label": f"P{p}", "layout": "row", "items": cards,
                          "highlight": view["to_move"] == p})
        status = ("game over" if view["over"] else "chance: a draw" if view["to_move"] == "chance"
                  else f"P{view['to_move']} to move")
        return {"game": "toy", "title": self.title, "viewer": viewer, "status": status,
                "zones": [{"id": "grid", "label": "Grid", "layout": "grid", "items": grid},
                          {"id": "deck", "label": "Deck", "layout": "row",
                           "items": [{"id": "", "kind": "counter", "text": str(view["deck"])}]},
                          {"id": "players", "label": "Hands", "layout": "group", "zones": hands}],
                "events": [{"text": e["text"], "rule": e["rule"]} for e in view["events"]]}


def toy_game() -> ToyGame:
    return ToyGame(2)
