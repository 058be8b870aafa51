"""Who decides now: the pending decision of a position, and windows of decisions.

Every position says what it waits for (`State.pending`): a player's decision at a named
step under a rule, with a prompt a teacher can read ("P2 may re-roll the battle die for
1 coin"); or luck from a named stream ("deck", "battle P3"); or nothing, when the game
is over. `State.to_move` is derived from it.

A *window* asks several seats in a fixed order, each acting or declining, for example
Summoners' summon window or a Lying Pirates re-roll window. A game declares a window
once (`WindowRule`: its step, rule and prompt) and keeps the seats still to be asked
(`Window`) in its state; the rule makes the pending decision of the asked seat.

    >>> rule = WindowRule("summon", "S-WINDOW-1", "{seat} may summon a Spirit card")
    >>> window = Window.around(first=1, players=3)
    >>> rule.pending(window)
    Pending(seat=1, step='summon', rule='S-WINDOW-1', prompt='P1 may summon a Spirit card')
    >>> window.declined()
    Window(seats=(2, 0))
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Final, NamedTuple

CHANCE: Final = -1
"""`State.to_move` at a chance node: a shuffle, draw or roll is to be resolved."""


def seat_name(seat: int) -> str:
    """How every game names a seat in texts: P0, P1, ... (the first few made once: the
    events of every play name seats)."""
    return _SEAT_NAMES[seat] if 0 <= seat < len(_SEAT_NAMES) else f"P{seat}"


_SEAT_NAMES: Final = tuple(f"P{seat}" for seat in range(8))


class Pending(NamedTuple):
    """What a position waits for.

    `seat`: the deciding player, `CHANCE`, or None when the game is over. `step`: the
    kind of decision ("act", "curse", "summon") or, at a chance node, the stream the
    luck comes from ("deck", "battle P3"). `rule`: the rule id that asks for it.
    `prompt`: one line for people.
    """

    seat: int | None
    step: str
    rule: str
    prompt: str

    @property
    def is_chance(self) -> bool:
        return self.seat == CHANCE

    @property
    def stream(self) -> str | None:
        """The named stream of luck at a chance node, else None."""
        return self.step if self.seat == CHANCE else None


@lru_cache(maxsize=4096)
def decision(seat: int, step: str, rule: str, prompt: str) -> Pending:
    """A player's decision (cached: the same few recur on every step of a game)."""
    return Pending(seat, step, rule, prompt)


@lru_cache(maxsize=1024)
def luck(stream: str, rule: str, prompt: str) -> Pending:
    """A chance node drawing from `stream`."""
    return Pending(CHANCE, stream, rule, prompt)


OVER = Pending(None, "over", "", "the game is over")


class Window(NamedTuple):
    """The seats still to be asked in a window, the one asked now first."""

    seats: tuple[int, ...]

    @classmethod
    def around(cls, first: int, players: int,
               eligible: Callable[[int], bool] | None = None) -> "Window":
        """Every seat in turn order from `first` (those `eligible` says may act)."""
        order = tuple((first + i) % players for i in range(players))
        if eligible is not None:
            order = tuple(seat for seat in order if eligible(seat))
        return cls(order)

    @property
    def open(self) -> bool:
        return bool(self.seats)

    @property
    def asked(self) -> int:
        """The seat that decides now."""
        return self.seats[0]

    def declined(self) -> "Window":
        """The window after the asked seat declines: the next seat is asked."""
        return _new(Window, (self.seats[1:],))


_new: Final = tuple.__new__
"""Builds a NamedTuple from its fields without the Python frame of its `__new__` (a
summon window is narrowed at every declined summon)."""


class WindowRule(NamedTuple):
    """A game's declaration of a window: its step name, rule id and prompt.

    `prompt` is formatted with `seat` (the asked seat's name, "P2").
    """

    step: str
    rule: str
    prompt: str

    def pending(self, window: Window) -> Pending:
        seat = window.asked
        return decision(seat, self.step, self.rule, self.prompt.format(seat=seat_name(seat)))
