"""Cities of Greed's setup decisions, frames on the stack like the draft and the map
building (`setup_steps`), so a half-done setup saves, resumes and explains itself:

    ("keep", seats)       the players still to return one of their 3 influence cards,
                          keeping 2, in turn from the starting captain [P-COG-INF-DEAL]
    ("towns", turn)       town cards are being placed; `turn` places now [P-COG-TOWN-PLACE]
    ("designate", seats)  the players still to choose their designated town, in turn
                          from the first placer [P-COG-DESIGNATE]

A new game stacks them so that the influence cards are kept first, then the map is
built (with map "build"), then the towns are placed and designated, then the card
draft (if any) and the first cups.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.pending import seat_name
from explorer.core.tuples import put

from . import moves as m
from .data import Asking, Towns

if TYPE_CHECKING:
    from .game import PiratesGame
    from .round import Work


def first_placer(game: "PiratesGame") -> int:
    """The seat that places the first town card [P-COG-TOWN-FIRST]."""
    seat = game.options.town_first_seat
    return game.players - 1 if seat < 0 else seat


def setup_frames(game: "PiratesGame", captain: int) -> tuple[tuple, ...]:
    """The expansion's setup frames, bottom first: designate, place the towns, and on
    top the influence keep."""
    n = game.players
    first = first_placer(game)
    order = tuple((first + i) % n for i in range(n))
    keep = tuple((captain + i) % n for i in range(n))
    return (Asking(kind="designate", seats=order), Towns(kind="towns", turn=first),
            Asking(kind="keep", seats=keep))


# ---------------------------------------------------------------------- moves
def empty_places(cities: Any) -> list[int]:
    return [i for i, t in enumerate(cities.towns) if i and t is None]


def town_moves(game: "PiratesGame", d: Any, p: int) -> tuple[m.Move, ...]:
    """P`p`'s placements: a card from hand under a tile without one, or a placed card
    moved to such a tile, while they have moves left [P-COG-TOWN-PLACE] [P-COG-TOWN-MOVE]."""
    c = d.cities
    empty = empty_places(c)
    out: list[m.Move] = [m.PlaceTown(p, town, slot, game.tiles[d.route[slot]].name)
                         for town in c.town_hands[p] for slot in empty]
    if c.moved[p] < game.options.town_moves:
        out += [m.MoveTown(p, i, slot) for i, t in enumerate(c.towns) if t is not None for slot in empty]
    return tuple(out)


def designate_moves(game: "PiratesGame", d: Any, p: int) -> tuple[m.Designate, ...]:
    taken = set(d.cities.designated) if game.options.distinct_towns else set()
    return tuple(m.Designate(p, t) for t in sorted(set(game.town_names) - taken))


def keep_moves(d: Any, p: int) -> tuple[m.ReturnInfluence, ...]:
    return tuple(m.ReturnInfluence(p, c) for c in dict.fromkeys(d.cities.influence[p]))


def can_place(game: "PiratesGame", c: Any, p: int) -> bool:
    return bool(c.town_hands[p]) or (c.moved[p] < game.options.town_moves and any(c.towns))


# ---------------------------------------------------------------------- plays
def return_influence(w: Work, move: m.ReturnInfluence) -> None:
    """Keep 2 of the 3 influence cards dealt; the third returns to the box face down
    [P-COG-INF-DEAL] [P-COG-INF-RETURN]."""
    p, card = move.player, move.card
    c = w.cities
    hand = list(c.influence[p])
    hand.remove(card)
    w.cities = c._replace(influence=put(c.influence, p, tuple(hand)),
                          returned=put(c.returned, p, tuple(sorted(c.returned[p] + (card,)))))
    w.say("influence", "P-COG-INF-RETURN", f"{seat_name(p)} keeps {' and '.join(w.card_name(c) for c in hand)} and returns {w.card_name(card)} "
                                           f"to the box", p, (p,),
          f"{seat_name(p)} keeps two influence cards and returns one to the box, face down")
    next_seat(w)


def place_town(w: Work, move: m.PlaceTown) -> None:
    """Slot a town card from hand under a tile [P-COG-TOWN-PLACE]."""
    p, town, slot = move.player, move.town, move.slot
    c = w.cities
    hand = list(c.town_hands[p])
    hand.remove(town)
    w.cities = c._replace(town_hands=put(c.town_hands, p, tuple(hand)),
                          towns=put(c.towns, slot, (town, p)))
    w.say("towns", "P-COG-TOWN-PLACE", f"{seat_name(p)} slots {town} under {w.tile_name(slot)}", p)
    next_placer(w, p)


def move_town(w: Work, move: m.MoveTown) -> None:
    """Move a placed town card to a tile without one [P-COG-TOWN-MOVE]."""
    p, source, slot = move.player, move.source, move.slot
    c = w.cities
    card = c.towns[source]
    towns = put(put(c.towns, source, None), slot, card)
    w.cities = c._replace(towns=towns, moved=put(c.moved, p, c.moved[p] + 1))
    w.say("towns", "P-COG-TOWN-MOVE", f"{seat_name(p)} moves {card[0]} from {w.tile_name(source)} to "
                                      f"{w.tile_name(slot)}", p)
    next_placer(w, p)


def next_placer(w: Work, p: int) -> None:
    """The next seat clockwise that can place or move a card; the placing ends when every
    tile but the start/end tile has a town card, or nobody holds one [P-COG-TOWN-SHORT];
    the cards left go back to the box [P-COG-TOWN-BOX]."""
    c = w.cities
    full = not empty_places(c)
    if not full and any(c.town_hands):
        nxt = next((s for s in ((p + i) % w.n for i in range(1, w.n + 1)) if can_place(w.game, c, s)), None)
        if nxt is not None:
            w.stack = w.stack[:-1] + (Towns(kind="towns", turn=nxt),)
            return
    left = sum(len(h) for h in c.town_hands)
    w.cities = c._replace(town_box=tuple(tuple(sorted(b + h)) for b, h in zip(c.town_box, c.town_hands)),
                          town_hands=((),) * w.n)
    w.stack = w.stack[:-1]
    why = "every tile but the start/end tile has a town card" if full else \
        "nobody holds a town card any more (P-COG-TOWN-SHORT)"
    w.say("towns", "P-COG-TOWN-BOX" if full else "P-COG-TOWN-SHORT",
          f"the towns are placed: {why}; {left} town card{'s' * (left != 1)} go back to the box")


def designate(w: Work, move: m.Designate) -> None:
    """Choose a designated town: its shield, and the spare ship on its banner
    [P-COG-DESIGNATE] [P-COG-DESIGNATE-DISTINCT]."""
    p = move.player
    c = w.cities
    w.cities = c._replace(designated=put(c.designated, p, move.town))
    w.say("designate", "P-COG-DESIGNATE", f"{seat_name(p)} designates {move.town}: they take its shield and "
                                          f"put their spare ship on its banner", p)
    next_seat(w)


def next_seat(w: Work) -> None:
    """The seat asked by the top "keep" or "designate" frame is done: the next is asked
    (an empty frame is closed)."""
    top = w.stack[-1]
    assert isinstance(top, Asking)
    w.stack = w.stack[:-1] + ((top._replace(seats=top.seats[1:]),) if len(top.seats) > 1 else ())


def frame_view(frame: Towns | Asking) -> dict[str, Any]:
    """A setup frame of the expansion in words (they hold no secret)."""
    if isinstance(frame, Towns):
        return {"kind": "towns", "turn": frame.turn}
    return {"kind": frame.kind, "seats": list(frame.seats)}
