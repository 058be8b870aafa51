"""The events of the commonest moves, as plain functions (the `fast` module remembers
them; a test checks the remembered ones against these). Seats are written "P0"."""
from __future__ import annotations

from explorer.core import Event
from explorer.core.pending import seat_name

from .cards import card_name


def cycled(p: int, card: str) -> Event:
    return Event("cycle", "S-CYCLE-1", f"{seat_name(p)} puts the {card_name(card)} on the bottom "
                                       f"of the deck", p)


def drawn(p: int, card: str) -> Event:
    """A secret draw: only the drawer reads which card."""
    return Event("draw", "S-DECK-2", f"{seat_name(p)} draws the {card_name(card)}", p,
                 (p,), f"{seat_name(p)} draws a card")


def drawn_known(p: int, card: str) -> Event:
    """A draw everyone can follow: the card came from the public bottom of the deck."""
    return Event("draw", "S-DECK-2", f"{seat_name(p)} draws the known {card_name(card)}", p)


def passed(p: int) -> Event:
    return Event("pass", "S-PASS-1", f"{seat_name(p)} passes", p)
