"""A deck as a scenario gives it, for the action deck and the influence deck alike.

    a list          the deck in a known order, top first; the cards not named anywhere
                    else follow it, sorted (their order known too)
    {"unseen": [...], "top": [...], "bottom": [...]}
                    cards of known place on top and at the bottom, the unseen ones between
                    (default: every card not elsewhere)
    None            every card not elsewhere, unseen
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable

import msgspec

from explorer.core import Deck


class DeckSpec(msgspec.Struct, forbid_unknown_fields=True):
    unseen: list[str] | None = None
    top: list[str] = []
    bottom: list[str] = []


def deck_from_spec(spec: list[str] | DeckSpec | None, every: Iterable[str], placed: Counter,
                   card: Callable[[Any, str], str], field: str) -> Deck:
    """The deck `spec` describes, out of the cards `every` (the catalogue's, repeats
    counted) less those `placed` elsewhere; `card(value, field)` checks one card."""
    if isinstance(spec, list):
        known = tuple(card(c, f"{field}[{i}]") for i, c in enumerate(spec))
        rest = Counter(every) - placed - Counter(known)
        return Deck((), (), known + tuple(sorted(rest.elements())))
    spec = spec or DeckSpec()
    top = tuple(card(c, f"{field}.top[{i}]") for i, c in enumerate(spec.top))
    bottom = tuple(card(c, f"{field}.bottom[{i}]") for i, c in enumerate(spec.bottom))
    if spec.unseen is None:
        unseen = tuple((Counter(every) - placed - Counter(top) - Counter(bottom)).elements())
    else:
        unseen = tuple(card(c, f"{field}.unseen[{i}]") for i, c in enumerate(spec.unseen))
    return Deck.of(unseen, top, bottom)
