"""The words a teacher reads for the things of Lying Pirates: an action card by its name,
an influence card by its three towns, a tile by its name; and the moves that name them.

Moves are values compared by their text fields (the card id), so a move carries the
card's words in fields outside the comparison: `named` fills them for a move made
without them (typed, or from a generic list), so that every label, refusal and
narration reads the name where the game has one, never the catalogue's id.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final, cast

from explorer.core import Move

from . import moves as m

if TYPE_CHECKING:
    from .game import PiratesGame


def influence_name(towns: tuple[str, ...]) -> str:
    """An influence card by its towns: "the Eastport, Saltmarsh and Coral Bay card"."""
    return f"the {', '.join(towns[:-1])} and {towns[-1]} card"


def card_name(game: "PiratesGame", card: str) -> str:
    """The name of an action card or an influence card (the id of an unknown card)."""
    spec = game.cards.get(card)
    if spec is not None:
        return spec.name
    influence = game.influence.get(card)
    return influence_name(influence.towns) if influence is not None else card


def cards_named(game: "PiratesGame", cards: Any) -> str:
    """Cards as a list a person reads: "Full Sail, Hex and Lucky Charm"."""
    names = [card_name(game, c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_CARD_FIELD: Final = {m.Deal: "card", m.Snatch: "card", m.InfluenceDeal: "card", m.Discard: "card",
                      m.DraftPass: "card", m.ReturnInfluence: "card", m.KeepCard: "card",
                      m.PlayInfluence: "card", m.Cargo: "what"}
"""The move types that name a card, and the field holding its id."""
NAMED_TYPES: Final = frozenset({m.PlayCard, m.PlaceTile, *_CARD_FIELD})
"""The move types whose words come from the catalogue alone (the same for every state)."""


def named(game: "PiratesGame", move: Move) -> Move:
    """`move` with the words of the card it names (the same move: equal, same text)."""
    if isinstance(move, m.PlayCard):
        spec = game.cards.get(move.card)
        if spec is None or move.name:
            return move
        return dataclasses.replace(move, name=spec.name, text=spec.text)
    if isinstance(move, m.PlaceTile):
        tile = game.tiles.get(move.tile)
        return move if tile is None else dataclasses.replace(move, name=tile.name)
    field = _CARD_FIELD.get(type(move))
    if field is None or getattr(move, "name"):  # noqa: B009 - `Move` has no name; these kinds do
        return move
    card = getattr(move, field)
    if card in ("coin", "crew"):
        return move
    return dataclasses.replace(cast(Any, move), name=card_name(game, card))   # a dataclass of _CARD_FIELD


def card_words(game: "PiratesGame", cards: Any) -> dict[str, dict[str, Any]]:
    """What a view shows of each action card in `cards` (ids): name, tier, effect text,
    and whether it may be used in the final battle."""
    out = {}
    for card in cards:
        spec = game.cards.get(card)
        if spec is not None:
            out[card] = {"name": spec.name, "tier": spec.tier, "text": spec.text,
                         "final_battle": spec.final_battle}
    return out


def effect_words(effect: Any) -> str:
    """An effect of the closed vocabulary (`catalogue.Effect`) in a teacher's words."""
    kind = type(effect).__name__
    n = getattr(effect, "n", 0)
    aimed = "" if getattr(effect, "target", None) is None else " (a chosen ship)"
    if kind == "Coins":
        return f"{'gain' if n >= 0 else 'lose'} {abs(n)} coin{'s' * (abs(n) != 1)}"
    if kind == "Crew":
        return f"{'gain' if n >= 0 else 'lose'} {abs(n)} crew {'die' if abs(n) == 1 else 'dice'}"
    if kind == "Steal":
        return f"steal {n} crew from another ship"
    if kind == "Special":
        return f"take the {effect.die} die{aimed}"
    if kind == "MoveBy":
        return f"move {abs(n)} tile{'s' * (abs(n) != 1)} {'forward' if n >= 0 else 'back'}{aimed}"
    if kind == "Duel":
        return f"a duel: the loser loses {effect.loss} crew"
    if kind == "Battle":
        return f"a battle looking for a loser: the lowest roll loses {effect.loss} crew"
    if kind == "DrawCards":
        return f"draw {n} card{'s' * (n != 1)}"
    if kind == "DiscardCards":
        return f"discard {n} card{'s' * (n != 1)}{' at random' if effect.random else ''}{aimed}"
    if kind == "Cargo":
        return f"lose one cargo (a coin, a card or a crew die){aimed}"
    if kind == "Wind":
        return "the change of wind"
    if kind == "Roll":
        return f"roll the {effect.die} die"
    return kind.lower()
