"""The events of the commonest Momiji plays, each made once and shared.

An event is a value (`core.events.Event`): the same card dealt into the Garden in the
same turn of the same seat reads the same sentence, so these builders remember what
they made instead of formatting the sentence again at every step of a simulated game.
They decide nothing; `state` calls them where the rule happens.
"""
from __future__ import annotations

from functools import lru_cache

from ...core.events import Event
from ...core.pending import seat_name
from .cards import TYPES, Card, describe, name, type_of


@lru_cache(maxsize=None)
def dealt(rule: str, card: Card, seat: int) -> Event:
    """A card turned up into the Garden by a reveal (M-COLLECT-2) or a refill (M-REFILL-1)."""
    return Event("deal", rule, f"the deck turns up {name(card)} into the Garden", seat)


@lru_cache(maxsize=None)
def ended(seat: int) -> Event:
    return Event("end-turn", "M-TURN-3", f"{seat_name(seat)} ends the turn", seat)


@lru_cache(maxsize=None)
def traded(seat: int, card: Card, second: bool) -> Event:
    """One card of the 2-for-1 trade (M-EXTRA-2): the second one pays the acorn."""
    if second:
        return Event("trade", "M-EXTRA-2", f"{seat_name(seat)} trades away {name(card)} and gains 1 acorn "
                                           "for the 2 cards", seat)
    return Event("trade", "M-EXTRA-2", f"{seat_name(seat)} trades away {name(card)} (1 of 2 cards for 1 acorn)",
                 seat)


@lru_cache(maxsize=4096)
def collected(seat: int, cards: tuple[Card, ...]) -> Event:
    return Event("collect", "M-COLLECT-1", f"{seat_name(seat)} collects {describe(cards)} from the Garden", seat)


def counted(n: int, noun: str) -> str:
    """A number with its noun agreeing: "1 acorn", "2 acorns", "0 points"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def reveal_words(cards: int) -> str:
    """What a paid reveal turns up (M-COLLECT-2): "4 more cards", or, with fewer than 4
    left in the deck, "the last 2 cards of the deck" (M-COLLECT-4)."""
    if cards >= 4:
        return f"{cards} more cards"
    return "the last card of the deck" if cards == 1 else f"the last {cards} cards of the deck"


@lru_cache(maxsize=None)
def revealed(seat: int, cards: int = 4) -> Event:
    """A paid reveal of `cards` cards: 4, or what is left of the deck (M-COLLECT-4)."""
    return Event("reveal", "M-COLLECT-2" if cards >= 4 else "M-COLLECT-4",
                 f"{seat_name(seat)} pays 1 acorn to reveal {reveal_words(cards)} into the Garden", seat)


@lru_cache(maxsize=None)
def played(seat: int, card: Card, new_pile: bool) -> Event:
    """A card starting its pile (M-PLAY-2) or going onto it (M-PLAY-3)."""
    t = TYPES[type_of(card)]
    if new_pile:
        article = "an" if t[0] in "AEIOU" else "a"
        return Event("play", "M-PLAY-2", f"{seat_name(seat)} starts {article} {t} pile with {name(card)}", seat)
    return Event("play", "M-PLAY-3", f"{seat_name(seat)} plays {name(card)} onto the {t} pile", seat)


@lru_cache(maxsize=None)
def discarded(seat: int, card: Card) -> Event:
    return Event("discard", "M-LIMIT-1", f"{seat_name(seat)} discards {name(card)} (hand limit)", seat)
