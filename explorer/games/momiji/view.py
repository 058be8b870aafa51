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

from typing import TYPE_CHECKING, Any

from .cards import NAMES, TYPES
from .rules import ENDINGS, FLAG_NAMES, OVER, STEPS

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
            value = (top >> 2) & 3
            entry: dict[str, Any] = {"type": TYPES[top >> 4], "top": NAMES[top], "value": value,
                                     "closed": value == 3}
            if full:
                entry["size"] = len(pile)
                entry["cards"] = [NAMES[c] for c in pile]
            piles.append(entry)
        hand: dict[str, Any] = {"size": len(d.hands[p]), "known": [NAMES[c] for c in d.known[p]]}
        if viewer is None or viewer == p:
            hand["cards"] = [NAMES[c] for c in d.hands[p]]
        used = d.used[p]
        lands = [{**_landscape(cat, letter), "used": letter in used} for letter in d.lands[p]]
        players.append({"seat": p, "acorns": d.acorns[p], "torii": d.torii[p], "hand": hand,
                        "piles": piles, "landscapes": lands})
    garden: list[dict[str, Any]] = []
    for c in d.garden:              # sorted by code, so grouped by type in type order
        if not garden or garden[-1]["type"] != TYPES[c >> 4]:
            garden.append({"type": TYPES[c >> 4], "cards": []})
        garden[-1]["cards"].append(NAMES[c])
    objectives = []
    for key, owner in zip(d.objectives, d.owners):
        obj = cat.objective(key, d.types)
        objectives.append({"key": key, "name": obj.name if obj else key, "rule": obj.rule if obj else "",
                           "owner": None if owner < 0 else owner, "stand_in": cat.stand_in})
    pond: dict[str, Any] = {"size": len(d.pond)}
    if viewer is None or viewer == d.active:
        pond["cards"] = [NAMES[c] for c in d.pond]
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
