"""What one seat (or the teacher) may see of a Momiji position, as a JSON-able dict.

Public: the Garden, every row of piles as far as the table rule allows (M-HIDDEN-2,
M-HIDDEN-3: with count_piles=False a player sees only the top card of other players'
piles, and all of their own), torii, acorns, objectives, landscapes, the discard pile
(M-HIDDEN-4), the deck size and how many of its top cards a Koi Pond look left known to
whom, and the cards each hand holds from the Garden ("known", M-HIDDEN-5: they were
taken face up). Hidden: the rest of other hands (their sizes show) and the cards of
another player's Koi Pond look (M-HIDDEN-1). The teacher (None) sees everything, the
deck's known top too.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.agents import register_seat_view
from ...core.chance import Deck, redeal
from . import draft as DR
from .cards import CODES, NAMES, TYPES, Card, type_of, value_of, with_cards
from .covered import Covered, deal_covered
from .data import MomijiData, changed
from .legal import letters, passing
from .rules import DRAFT, ENDINGS, FLAG_NAMES, OVER, STEPS

if TYPE_CHECKING:
    from .state import MomijiState


_LANDSCAPES: dict[tuple[str, str, str], dict[str, Any]] = {}


def _landscape(cat: Any, letter: str) -> dict[str, Any]:
    """What every view says of landscape `letter` but whether it is used (made once)."""
    found = _LANDSCAPES.get((cat.name, cat.digest, letter))
    if found is None:
        power = cat.powers[letter]
        found = _LANDSCAPES[cat.name, cat.digest, letter] = {
            "letter": letter, "name": power.name, "effect": power.effect, "text": power.text,
            "rule": power.rule, "stand_in": cat.stand_in}
    return found


def build_view(state: "MomijiState", viewer: int | None) -> dict[str, Any]:
    d = state.data
    game = state.game
    opts = game.options
    cat = game.catalogue
    over = d.step == OVER
    who = state.to_move
    players = []
    for p in range(len(d.hands)):
        full = viewer is None or viewer == p or over or opts.count_piles
        piles = []
        for pile in d.rows[p]:
            top = pile[-1]
            value = value_of(top)
            entry: dict[str, Any] = {"type": TYPES[type_of(top)], "top": NAMES[top], "value": value,
                                     "closed": value == 3}
            if full:
                entry["size"] = len(pile)
                entry["cards"] = [NAMES[c] for c in pile]
            piles.append(entry)
        hand: dict[str, Any] = {"size": len(d.hands[p]), "known": [NAMES[c] for c in d.known[p]]}
        if viewer is None or viewer == p:
            hand["cards"] = [NAMES[c] for c in d.hands[p]]
        used = d.used[p]
        secret = d.step == DRAFT and viewer is not None and viewer != p     # kept face down (M-DRAFT-2)
        lands = [] if secret else [{**_landscape(cat, letter), "used": letter in used} for letter in d.lands[p]]
        players.append({"seat": p, "acorns": d.acorns[p], "torii": d.torii[p], "hand": hand,
                        "piles": piles, "landscapes": lands})
    garden: list[dict[str, Any]] = []
    for c in d.garden:              # sorted by code, so grouped by type in type order
        if not garden or garden[-1]["type"] != TYPES[type_of(c)]:
            garden.append({"type": TYPES[type_of(c)], "cards": []})
        garden[-1]["cards"].append(NAMES[c])
    objectives = []
    for key, owner in zip(d.objectives, d.owners):
        obj = cat.objective(key, d.types)
        objectives.append({"key": key, "name": obj.name if obj else key, "rule": obj.rule if obj else "",
                           "owner": None if owner < 0 else owner, "stand_in": cat.stand_in})
    pond: dict[str, Any] = {"size": len(d.pond)}
    if viewer is None or viewer == d.active:
        pond["cards"] = [NAMES[c] for c in d.pond]
    draft: dict[str, Any] | None = None
    if d.step == DRAFT:     # what each seat has in front of it is its own (M-DRAFT-2)
        letters = tuple(cat.powers)
        passing = opts.draft == "pass"
        front = {q: [dict(_landscape(cat, x)) for x in DR.in_front_of(d.lands, q, d.active, letters, passing)]
                 for q in range(len(d.hands)) if viewer is None or viewer == q}
        draft = {"round": DR.current_round(d.lands, d.active) + 1, "rounds": DR.ROUNDS,
                 "passing": passing, "kept": [len(x) for x in d.lands],
                 "hands": {str(q): h for q, h in front.items()}}
    out: dict[str, Any] = {
        "game": game.name,
        "viewer": viewer,
        "players": game.players,
        "to_move": "chance" if who == -1 else who,
        "step": STEPS[d.step],
        "active": d.active,
        "turn": d.turn,
        "over": over,
        "events": state.visible_events(viewer),
        "catalogue": {"name": cat.name, "digest": cat.digest, "stand_in": cat.stand_in},
        "types": [TYPES[t] for t in d.types],
        "garden": garden,
        "deck": d.deck.size,
        "peek": {"seat": d.peek_seat, "cards": d.peek} if d.peek else None,
        "discard": [NAMES[c] for c in d.discard],
        "torii_supply": d.supply,
        "objectives": objectives,
        "seats": players,
        "play": [TYPES[t] for t in d.play],
        "pond": pond,
        "flags": [f for i, f in enumerate(FLAG_NAMES) if d.flags & (1 << i)],
        "reveals": d.reveals,
        "count_piles": opts.count_piles,
        "ending": ENDINGS[d.ending],
        "end_option": opts.end,
    }
    if draft is not None:
        out["draft"] = draft
    if viewer is not None and d.peek and d.peek_seat == viewer:
        out["deck_known"] = [NAMES[c] for c in d.deck.top[:d.peek]]
    if viewer is None:
        out["deck_top"] = [NAMES[c] for c in d.deck.top]
    if viewer is None or over or opts.count_piles:
        out["scores"] = list(state.scores())
    if over:
        result = state.outcome()
        assert result is not None
        out["outcome"] = result.to_jsonable()
    return out


Row = tuple[tuple[Card, ...], ...]


class MomijiSeat(NamedTuple):
    """What one seat's view says that a player weighs, typed: card codes instead of
    names. `seat_view` reads it from the state for speed; `seat_from_view` reads the
    same from the view dict, and a test checks that the two agree, so the typed view
    holds nothing the seat may not see."""

    seat: int
    step: str
    hand: tuple[Card, ...]                  # the seat's own hand
    rows: tuple[Row, ...]                   # per seat its piles, or only their tops as
                                            # 1-card piles when the sizes do not show
    counted: tuple[bool, ...]               # per seat: whether its piles show in full
    acorns: tuple[int, ...]
    garden: tuple[Card, ...]
    deck: int                               # cards left in the deck
    ending: bool                            # whether the end has been triggered
    objectives: tuple[tuple[str, str], ...]  # revealed objectives: (key, rule)
    play: tuple[int, ...]                   # leaf types played so far in this Play
    landscapes: tuple[tuple[str, str], ...]  # the seat's landscapes: (letter, effect)


def seat_view(state: "MomijiState", seat: int) -> MomijiSeat:
    """`seat`'s `MomijiSeat`, straight from the state (see `seat_from_view`)."""
    d = state.data
    game = state.game
    cat = game.catalogue
    shown = game.options.count_piles or d.step == OVER
    rows = []
    counted = []
    for p, row in enumerate(d.rows):
        full = shown or p == seat or not row
        rows.append(row if full else tuple((pile[-1],) for pile in row))
        counted.append(full)
    objectives = []
    for key in d.objectives:
        obj = cat.objective(key, d.types)
        objectives.append((key, obj.rule if obj else ""))
    return MomijiSeat(seat, STEPS[d.step], d.hands[seat], tuple(rows), tuple(counted), d.acorns,
                      d.garden, d.deck.size, d.ending != 0, tuple(objectives), d.play,
                      tuple((letter, cat.powers[letter].effect) for letter in d.lands[seat]))


def seat_from_view(view: dict[str, Any], seat: int) -> MomijiSeat:
    """The same `MomijiSeat` read from `seat`'s view dict: the reference `seat_view` is
    tested against, and what an observation holding only the
    view gives its agent."""
    rows = []
    counted = []
    for entry in view["seats"]:
        piles = entry["piles"]
        full = all("cards" in pile for pile in piles)
        rows.append(tuple(tuple(CODES[c] for c in pile["cards"]) if full else (CODES[pile["top"]],)
                          for pile in piles))
        counted.append(full)
    mine = view["seats"][seat]
    return MomijiSeat(
        seat, view["step"], tuple(CODES[c] for c in mine["hand"]["cards"]), tuple(rows),
        tuple(counted), tuple(entry["acorns"] for entry in view["seats"]),
        tuple(CODES[c] for group in view["garden"] for c in group["cards"]), view["deck"],
        bool(view["ending"]), tuple((o["key"], o["rule"]) for o in view["objectives"]),
        tuple(TYPES.index(t) for t in view["play"]),
        tuple((land["letter"], land["effect"]) for land in mine["landscapes"]))


register_seat_view("momiji", seat_view, seat_from_view)


def redeal_unseen(state: "MomijiState", viewer: int, rng: random.Random) -> MomijiData:
    """Redraw what `viewer` cannot see: the unknown part of other hands (the cards they
    took from the Garden stay, M-HIDDEN-5), the unseen deck, the cards of a Koi Pond
    look by another player, and the deck cards another player knows on top (how many
    they know is public). Under "nobody may count a pile" (M-HIDDEN-3) the cards
    under the top of other players' piles are dealt again too (`covered`). The
    Garden, discards, every top card and the viewer's own piles are public and stay."""
    d = state.data
    deck = d.deck
    known = deck.top[:d.peek] if d.peek_seat == viewer else ()
    pool = list(deck.unseen) + list(deck.top[len(known):])
    sizes = []
    others = [q for q in range(len(d.hands)) if q != viewer]
    for q in others:
        hidden = list(d.hands[q])
        for c in d.known[q]:
            hidden.remove(c)
        pool += hidden
        sizes.append(len(hidden))
    hide_pond = viewer != d.active and d.pond
    if hide_pond:
        pool += d.pond
        sizes.append(len(d.pond))
    rows = d.rows
    if not state.game.options.count_piles and d.step != OVER:
        rows, pool = _redeal_covered(state, viewer, rng, pool)
    other_peek = d.peek if d.peek and d.peek_seat != viewer else 0
    sizes.append(other_peek)
    parts, rest = redeal(rng, pool, sizes)
    hands = list(d.hands)
    for q, part in zip(others, parts):
        hands[q] = with_cards(d.known[q], *part)
    pond = parts[len(others)] if hide_pond else d.pond
    top = parts[-1] if other_peek else known
    lands = d.lands
    if d.step == DRAFT:         # the others' picks so far, from what the viewer saw (M-DRAFT-2)
        lands = DR.sample_picks(rng, d.lands, viewer, d.active, state.game.options.first_player,
                                letters(state), passing(state))
    return changed(d, hands=tuple(hands), pond=tuple(pond), rows=rows, lands=lands,
                   deck=Deck(rest, tuple(top), deck.bottom))


def _redeal_covered(state: "MomijiState", viewer: int, rng: random.Random,
                    pool: list[Card]) -> tuple[tuple[tuple[tuple[Card, ...], ...], ...], list[Card]]:
    """Other seats' piles with the cards under each top dealt again from `pool` plus
    those covered cards (M-HIDDEN-3), and what is left of the pool."""
    d = state.data
    cat = state.game.catalogue
    piles = []
    for q, row in enumerate(d.rows):
        if q == viewer:
            continue
        bridged = any(cat.powers[letter].effect == "bridge" for letter in d.used[q])
        for i, pile in enumerate(row):
            piles.append(Covered(q, i, pile[-1], bridged))
            pool += pile[:-1]
    total = sum(len(d.rows[pile.seat][pile.pile]) - 1 for pile in piles)
    under, rest = deal_covered(rng, pool, piles, total)
    rows = tuple(row if q == viewer else tuple(under[q, i] + (pile[-1],) for i, pile in enumerate(row))
                 for q, row in enumerate(d.rows))
    return rows, rest
