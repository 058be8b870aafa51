"""The events of a play, each citing its rule. Built once per distinct case and reused
(events are immutable), because a refill or a draw happens on most steps of a game."""
from __future__ import annotations

from functools import lru_cache

from ...core.events import Event
from ...core.pending import seat_name
from ...core.words import counted
from .cards import A_NAME, TREASURES, describe_cards


@lru_cache(maxsize=4096)
def bribe_events(p: int, treasure: int, cards: tuple[int, ...], new: bool,
                 moved: int) -> tuple[Event, Event]:
    """The bribe (V-BRIBE-1) and its token move (V-BRIBE-4, or V-BRIBE-6 when capped)."""
    name = TREASURES[treasure]
    spent = sum(cards)
    bribe = Event("bribe", "V-BRIBE-1", f"{seat_name(p)} {'makes a new' if new else 'adds to their'} "
                                        f"{name} bribe with {describe_cards(cards)}", p)
    if moved == spent:
        move = Event("token-move", "V-BRIBE-4", f"the {name} token moves right {counted(moved, 'space')}", p)
    elif moved == 0:
        move = Event("token-move", "V-BRIBE-6", f"the {name} token is already on the top space: "
                                                f"the {counted(spent, 'space')} of this bribe are lost", p)
    else:
        move = Event("token-move", "V-BRIBE-6", f"the {name} token moves right {moved} of "
                                                f"{counted(spent, 'space')} and stops on the top space; "
                                                "the rest is lost", p)
    return bribe, move


@lru_cache(maxsize=1024)
def deal_event(card: int, stall: int, stops: bool, active: int) -> Event:
    """A refill card placed in a stall (V-REFILL-1), the one that stops it (V-REFILL-3), or
    one in stall 0 after which the refill goes round to stall 3 again (V-REFILL-2)."""
    if stops:
        return Event("deal", "V-REFILL-3",
                     f"{A_NAME[card]} is dealt into stall {stall}: the refill stops", active)
    if stall == 0:
        return Event("deal", "V-REFILL-2",
                     f"{A_NAME[card]} is dealt into stall 0: the refill goes round to stall 3", active)
    return Event("deal", "V-REFILL-1", f"{A_NAME[card]} is dealt into stall {stall}", active)


@lru_cache(maxsize=256)
def draw_event(p: int, card: int) -> Event:
    """A drawn card: its name for the drawer only (V-DRAW-1)."""
    return Event("draw", "V-DRAW-1", f"{seat_name(p)} draws {A_NAME[card]}", p, (p,),
                 f"{seat_name(p)} draws a card")


@lru_cache(maxsize=65536)
def buy_event(p: int, stall: int, paid: tuple[int, ...], got: tuple[int, ...]) -> Event:
    """A Black Market visit: free (V-MARKET-6) or paid (V-MARKET-5)."""
    if stall == 0:
        return Event("buy", "V-MARKET-6", f"{seat_name(p)} takes stall 0 for free: {describe_cards(got)}", p)
    return Event("buy", "V-MARKET-5", f"{seat_name(p)} discards {describe_cards(paid)} and takes stall "
                                      f"{stall}: {describe_cards(got)}", p)


@lru_cache(maxsize=1024)
def curse_event(p: int, treasure: int, moved: int, spaces: int) -> Event:
    """A curse (V-CURSE-2); a token stopped by the bottom space cites V-CURSE-3."""
    who = seat_name(p)
    if moved == spaces:
        return Event("curse", "V-CURSE-2",
                     f"{who} curses {TREASURES[treasure]}: its token moves left {counted(moved, 'space')}", p)
    if moved == 0:
        return Event("curse", "V-CURSE-3",
                     f"{who} curses {TREASURES[treasure]}: its token is already on the bottom space", p)
    return Event("curse", "V-CURSE-3", f"{who} curses {TREASURES[treasure]}: its token moves left "
                                       f"{moved} of {counted(spaces, 'space')} and stops on the bottom space", p)
