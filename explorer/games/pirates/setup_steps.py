"""The decisions of the setup: the optional card draft [P-SETUP-DRAFT] and the map built
by the players [P-SETUP-BUILD], both frames on the stack (see `data`) so that a half-done
setup saves, resumes and explains itself like any other position.

    ("draft", size, chosen)    size 3, 2 or 1: the cards each player sets aside to pass
                               left; chosen: per player the cards set aside so far (secret)
    ("build", tiles, turn)     tiles: per player the tiles still in hand (secret); turn:
                               the seat that places a tile now

A draft pass goes to the player on the left, the next seat clockwise. The players choose
one after another from the starting captain, one card at a time; nobody sees another's
choice, so the order tells nothing. When every player has set aside `size` cards, the
cards move left together and the next pass (2, then 1) begins.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from explorer.core.pending import seat_name
from explorer.core.tuples import put
from explorer.core.words import counted

from . import moves as m
from .data import Build, Draft
from .words import cards_named

if TYPE_CHECKING:
    from .game import PiratesGame
    from .round import Work

DRAFT_SIZES = (3, 2, 1)
"""The draft passes 3 cards, then 2, then 1 [P-SETUP-DRAFT]."""


# ---------------------------------------------------------------------- setup
def deal_tiles(game: "PiratesGame", rng: random.Random) -> tuple[tuple[str, ...], int, tuple]:
    """Shuffle every tile of the catalogue face down and deal them all out, one at a
    time from seat 0 [P-SETUP-BUILD-DEAL]; the captain or the next player places the
    first ordinary tile [P-SETUP-BUILD-FIRST]. Returns the route with only the start/end
    tile placed, the seat dealt that tile (the starting captain [P-SETUP-CAPTAIN]) and
    the build frame with every other tile in its player's hand."""
    n = game.players
    tiles = [t.id for t in game.catalogue.route(True, game.options.cities_of_greed)]
    start = tiles[0]
    rng.shuffle(tiles)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, tile in enumerate(tiles):
        hands[i % n].append(tile)
    captain = next(p for p in range(n) if start in hands[p])
    hands[captain].remove(start)
    length = len(game.preset_route())
    route = (start,) + ("",) * (length - 1)
    first = captain
    if game.options.build_first == "next player":      # [P-SETUP-BUILD-FIRST]
        first = next((s for s in ((captain + i) % n for i in range(1, n + 1)) if hands[s]), captain)
    return route, captain, Build(kind="build", tiles=tuple(tuple(sorted(h)) for h in hands),
                                 turn=first)


def draft_frame(players: int) -> tuple:
    return Draft(kind="draft", size=DRAFT_SIZES[0], chosen=((),) * players)


# ---------------------------------------------------------------------- who decides
def draft_seat(w: Any, frame: Draft) -> int:
    """The next seat to set a card aside: the first, from the starting captain, with
    fewer than `size` cards chosen."""
    size, chosen = frame.size, frame.chosen
    n = len(chosen)
    for i in range(n):
        s = (w.captain + i) % n
        if len(chosen[s]) < size:
            return s
    raise ValueError("every player has chosen")


def draft_moves(hand: tuple[str, ...], p: int) -> tuple[m.DraftPass, ...]:
    return tuple(m.DraftPass(p, c) for c in dict.fromkeys(hand))


def build_moves(route: tuple[str, ...], frame: Build, names: Any) -> tuple[m.PlaceTile, ...]:
    """The places open to the player whose turn it is, for each tile in their hand;
    `names` gives each tile's name for the label."""
    tiles, turn = frame.tiles, frame.turn
    empty = [i for i, t in enumerate(route) if not t]
    return tuple(m.PlaceTile(turn, tile, slot, names[tile].name) for tile in tiles[turn] for slot in empty)


# ---------------------------------------------------------------------- plays
def draft_pass(w: Work, move: m.DraftPass) -> None:
    """Set a card aside to pass left [P-SETUP-DRAFT]; when everybody has set aside the
    cards of this pass, they all move left together."""
    p, card = move.player, move.card
    top = w.stack[-1]
    assert isinstance(top, Draft)
    size, chosen = top.size, top.chosen
    hand = list(w.hands[p])
    hand.remove(card)
    w.hands = put(w.hands, p, tuple(hand))
    chosen = put(chosen, p, tuple(sorted(chosen[p] + (card,))))
    w.say("draft", "P-SETUP-DRAFT", f"{seat_name(p)} sets {w.card_name(card)} aside to pass left", p, (p,),
          f"{seat_name(p)} sets a card aside to pass left")
    if any(len(c) < size for c in chosen):
        w.stack = w.stack[:-1] + (Draft(kind="draft", size=size, chosen=chosen),)
        return
    n = w.n
    hands = list(w.hands)
    for giver in range(n):
        taker = (giver + 1) % n
        hands[taker] = tuple(sorted(hands[taker] + chosen[giver]))
        w.say("draft", "P-SETUP-DRAFT", f"{seat_name(taker)} receives {cards_named(w.game, chosen[giver])} from "
                                        f"{seat_name(giver)}", taker, (giver, taker))
    w.hands = tuple(hands)
    w.passed = remember_passes(w.passed, chosen)
    w.say("draft", "P-SETUP-DRAFT", f"every player passes {size} card{'s' * (size > 1)} to the left")
    later = DRAFT_SIZES[DRAFT_SIZES.index(size) + 1:]
    w.stack = w.stack[:-1] + ((Draft(kind="draft", size=later[0], chosen=((),) * n),) if later else ())
    if not later:
        w.say("draft", "P-SETUP-DRAFT", "the draft is over: the cards in hand are the starting hands")


def remember_passes(passed: tuple, chosen: tuple[tuple[str, ...], ...]) -> tuple:
    """The draft's memory after the cards `chosen` moved left [P-SETUP-DRAFT]: each giver
    knows their left neighbour now holds what they passed. What the giver knew the
    neighbour held before, the neighbour may just have passed on, unseen, except with two
    players, where it came back to the giver's own hand: so with two players the giver
    still knows the rest, with more only this pass's cards."""
    n = len(chosen)
    before = passed or ((),) * n
    if n == 2:
        kept = [tuple((Counter(before[g]) - Counter(chosen[(g + 1) % n])).elements()) for g in range(n)]
    else:
        kept = [()] * n
    return tuple(tuple(sorted(kept[g] + chosen[g])) for g in range(n))


def place_tile(w: Work, move: m.PlaceTile) -> None:
    """Place a tile from hand on an empty place of the map [P-SETUP-BUILD]; the next
    player clockwise with tiles left places next, until the map is full."""
    p, tile, slot = move.player, move.tile, move.slot
    top = w.stack[-1]
    assert isinstance(top, Build)
    tiles = top.tiles
    mine = list(tiles[p])
    mine.remove(tile)
    tiles = put(tiles, p, tuple(mine))
    w.route = put(w.route, slot, tile)
    w.say("build", "P-SETUP-BUILD", f"{seat_name(p)} places {w.game.tiles[tile].name} as tile {slot}", p)
    if all(w.route):
        left = sum(len(t) for t in tiles)
        w.stack = w.stack[:-1]
        w.say("build", "P-SETUP-BUILD", f"the map is full; {counted(left, 'tile')} "
                                        f"{'goes' if left == 1 else 'go'} back to the box")
        return
    n = w.n
    nxt = next((s for s in ((p + i) % n for i in range(1, n + 1)) if tiles[s]), None)
    if nxt is None:
        raise ValueError("tiles ran out before the map was full")
    w.stack = w.stack[:-1] + (Build(kind="build", tiles=tiles, turn=nxt),)


# ---------------------------------------------------------------------- views
def frame_view(frame: Draft | Build, viewer: int | None) -> dict[str, Any]:
    """A setup frame as `viewer` sees it: counts for everyone, cards and tiles for
    their owner (and the teacher) only [P-HIDDEN-1]."""
    if isinstance(frame, Draft):
        chosen = frame.chosen
        return {"kind": "draft", "size": frame.size, "chosen": [len(c) for c in chosen],
                "mine": None if viewer is None else list(chosen[viewer]),
                "all": [list(c) for c in chosen] if viewer is None else None}
    tiles, turn = frame.tiles, frame.turn
    return {"kind": "build", "turn": turn, "tiles": [len(t) for t in tiles],
            "mine": None if viewer is None else list(tiles[viewer]),
            "all": [list(t) for t in tiles] if viewer is None else None}


def redeal_tiles(frame: Build, viewer: int, rng: random.Random) -> Build:
    """The build frame with the other players' tiles in hand dealt again among them,
    keeping every count; the pool is sorted first, so the result depends only on what
    the viewer sees."""
    tiles = frame.tiles
    others = [p for p in range(len(tiles)) if p != viewer]
    pool = sorted(t for p in others for t in tiles[p])
    rng.shuffle(pool)
    out = list(tiles)
    at = 0
    for p in others:
        out[p] = tuple(sorted(pool[at:at + len(tiles[p])]))
        at += len(tiles[p])
    return frame._replace(tiles=tuple(out))
