"""One seat's view of a Piri Piri Summoners position, typed, for agents.

`state.view(seat)` is the dict a board shows; `SummonersSeat` is the part of it a
player weighs, in the engine's own values (cells as (x, y) tuples, the layout as the
sorted (x, y, card) tuple), so an agent need not build the dict to read it back.
`seat_view` reads it from the state for speed; `seat_from_view` reads the same from the
view dict, and a test checks that the two agree, so the typed view holds nothing the
seat may not see [S-HIDDEN-1].
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from explorer.core import CHANCE, Deck, redeal

from ...core.agents import register_seat_view
from . import grid as g
from .data import SummonersData
from .grid import Cell
from .legal import summons
from .moves import read_cell

if TYPE_CHECKING:
    from .state import SummonersState



class SummonersSeat(NamedTuple):
    seat: int
    phase: str                               # see `encoding.Phase`
    grid: tuple[tuple[int, int, str], ...]   # the layout: (x, y, card), sorted by cell
    mana: tuple[int, ...]                    # per seat
    spirits: tuple[str, ...]                 # the seat's own Spirit cards in hand
    sculptures: tuple[Cell | None, ...]      # per seat: where its sculpture stands


def seat_view(state: "SummonersState", seat: int) -> SummonersSeat:
    """`seat`'s `SummonersSeat`, straight from the state (see `seat_from_view`)."""
    d = state.data
    return SummonersSeat(seat, d.phase, d.grid, d.mana, d.spirits[seat], d.sculptures)


def seat_from_view(view: dict[str, Any], seat: int) -> SummonersSeat:
    """The same `SummonersSeat` read from `seat`'s view dict: the reference `seat_view`
    is tested against, and what an observation holding only the
    view gives its agent."""
    seats = view["seats"]
    return SummonersSeat(
        seat, view["phase"], tuple((*read_cell(where, "grid"), card) for where, card in view["grid"].items()),
        tuple(s["mana"] for s in seats), tuple(seats[seat]["spirits"]),
        tuple(None if s["sculpture"] is None else tuple(s["sculpture"]) for s in seats))


register_seat_view("summoners", seat_view, seat_from_view)


def build_view(state: "SummonersState", viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
    """What `viewer` sees (None: the teacher). Shapes match scenario input: the grid
    is {"x,y": card}, the deck {"unseen", "top", "bottom"} (a player sees only its
    public bottom), a cell [x, y]."""
    state.check_viewer(viewer)
    d = state.data
    pending = state.pending
    to_move = pending.seat
    scores = state.scores()
    seats = []
    for p in range(state.game.players):
        sees = viewer is None or viewer == p
        seats.append({
            "seat": p,
            "mana": d.mana[p],
            "score": scores[p],
            "sculpture": None if d.sculptures[p] is None else list(d.sculptures[p]),
            "hand": list(d.hands[p]) if sees else None,
            "hand_count": len(d.hands[p]),
            "known": list(d.known[p]),
            "spirits": list(d.spirits[p]) if sees else None,
            "spirit_count": len(d.spirits[p]),
            "summoned": list(d.summoned[p]),
        })
    outcome = state.outcome()
    deck = d.deck
    return {
        "game": state.game.name,
        "viewer": viewer,
        "players": state.game.players,
        "to_move": "chance" if to_move == CHANCE else to_move,
        "step": pending.step,
        "rule": pending.rule,
        "prompt": pending.prompt,
        "turn": d.turn,
        "over": to_move is None,
        "events": state.visible_events(viewer),
        "phase": d.phase,
        "current": d.current,
        "grid": {f"{x},{y}": c for x, y, c in d.grid},
        "frontier": [list(g.code_cell(code)) for code in d.limits[0]],   # sorted
        "seats": seats,
        "market": list(d.market),
        "deck": deck.to_jsonable() if viewer is None else {"bottom": list(deck.bottom)},
        "deck_count": deck.size,
        "spirit_box": len(d.spirit_box) if viewer is not None else list(d.spirit_box),
        "gone": list(d.gone),
        "box_mana": d.box_mana,
        "window": list(d.window.seats),
        "sites": [[x, y, spirit] for (x, y), spirit in sorted(d.sites)],
        "summons": _visible_summons(state, viewer),
        "passes": d.passes,
        "max_turns": state.game.options.max_turns,
        "outcome": None if outcome is None else outcome.to_jsonable(),
    }


def _visible_summons(state: "SummonersState", viewer: int | None) -> list[dict[str, Any]] | None:
    """The summons open to the player asked in the summon window, for the teacher and
    that player only: they name the player's secret Spirit cards [S-HIDDEN-1]."""
    d: SummonersData = state.data
    if d.phase != "summon" or viewer not in (None, d.window.seats[0]):
        return None
    return [{"spirit": m.card, "cell": list(m.cell), "using": [list(c) for c in m.using],
             "label": m.label, "rule": m.rule}
            for m in summons(state, d.window.seats[0])]


def redeal_unseen(state: "SummonersState", viewer: int, rng: random.Random) -> SummonersData:
    """Redeal what `viewer` cannot see: the secret part of other hands, other Spirit
    hands, the unseen deck (a top known to the teacher included) and the Spirit box,
    keeping every count. The pools are what the viewer has not seen, sorted by
    `redeal`; cards everyone saw a player take stay in that hand [S-HIDDEN-2]."""
    d: SummonersData = state.data
    others = [p for p in range(state.game.players) if p != viewer]
    secret = {p: [c for c in d.hands[p] if c not in d.known[p]] for p in others}
    pool = d.deck.unseen + d.deck.top + tuple(c for p in others for c in secret[p])
    parts, unseen = redeal(rng, pool, [len(secret[p]) for p in others])
    spirit_parts, box = redeal(rng, d.spirit_box + tuple(c for p in others
                                                          for c in d.spirits[p]),
                               [len(d.spirits[p]) for p in others])
    hands, spirit_hands = list(d.hands), list(d.spirits)
    for p, part, spirits in zip(others, parts, spirit_parts):
        hands[p] = tuple(sorted(d.known[p] + part))
        spirit_hands[p] = spirits
    return d._replace(hands=tuple(hands), spirits=tuple(spirit_hands),
                      deck=Deck(unseen, (), d.deck.bottom), spirit_box=box)
