"""What one seat (or the teacher) may see of a Momiji position, as a JSON-able dict.

Public: the Garden, every row of piles as far as the table rule allows (M-HIDDEN-2,
M-HIDDEN-3: with count_piles=False a player sees only the top card of other players'
piles, and all of their own), torii, acorns, objectives, landscapes, the discard pile
(M-HIDDEN-4), the deck size and how many of its top cards a Koi Pond look left known to
whom. Hidden: other hands (their sizes show) and the cards of another player's Koi
Pond look (M-HIDDEN-1). The teacher (None) sees everything, the deck's known top too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import TYPES, name, type_of, value_of
from .rules import ENDINGS, FLAG_NAMES, OVER, STEPS

if TYPE_CHECKING:
    from .state import MomijiState


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
            entry: dict[str, Any] = {"type": TYPES[type_of(pile[0])], "top": name(pile[-1]),
                                     "value": value_of(pile[-1]), "closed": value_of(pile[-1]) == 3}
            if full:
                entry["size"] = len(pile)
                entry["cards"] = [name(c) for c in pile]
            piles.append(entry)
        hand: dict[str, Any] = {"size": len(d.hands[p])}
        if viewer is None or viewer == p:
            hand["cards"] = [name(c) for c in d.hands[p]]
        lands = [{"letter": letter, "name": cat.powers[letter].name, "effect": cat.powers[letter].effect,
                  "text": cat.powers[letter].text, "rule": cat.powers[letter].rule,
                  "used": letter in d.used[p], "stand_in": cat.stand_in} for letter in d.lands[p]]
        players.append({"seat": p, "acorns": d.acorns[p], "torii": d.torii[p], "hand": hand,
                        "piles": piles, "landscapes": lands})
    garden = []
    for t in d.types:
        cards = [name(c) for c in d.garden if type_of(c) == t]
        if cards:
            garden.append({"type": TYPES[t], "cards": cards})
    objectives = []
    for key, owner in zip(d.objectives, d.owners):
        obj = cat.objective(key, d.types)
        objectives.append({"key": key, "name": obj.name if obj else key, "rule": obj.rule if obj else "",
                           "owner": None if owner < 0 else owner, "stand_in": cat.stand_in})
    pond: dict[str, Any] = {"size": len(d.pond)}
    if viewer is None or viewer == d.active:
        pond["cards"] = [name(c) for c in d.pond]
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
        "discard": [name(c) for c in d.discard],
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
    if viewer is not None and d.peek and d.peek_seat == viewer:
        out["deck_known"] = [name(c) for c in d.deck.top[:d.peek]]
    if viewer is None:
        out["deck_top"] = [name(c) for c in d.deck.top]
    if viewer is None or over or opts.count_piles:
        out["scores"] = list(state.scores())
    if over:
        result = state.outcome()
        assert result is not None
        out["outcome"] = result.to_jsonable()
    return out
