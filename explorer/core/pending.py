"""Who decides now: the pending decision of a position.

Every position says what it waits for (`State.pending`): a player's decision at a named
step under a rule, with a prompt a teacher can read ("P2 may re-roll the battle die for
1 coin"); or luck from a named stream ("deck", "battle P3"); or nothing, when the game
is over. `State.to_move` is derived from it.

A *window* asks several seats in a fixed order, each acting or declining (Summoners'
summon window, a Lying Pirates re-roll window). The core has no window type: the seats
still to be asked are part of the game's position (Summoners' `data.Window`, Lying
Pirates' `Window` frame), and the pending decision is that of the first of them.

    >>> decision(1, "summon", "S-WINDOW-1", f"{seat_name(1)} may summon a Spirit card")
    Pending(seat=1, step='summon', rule='S-WINDOW-1', prompt='P1 may summon a Spirit card')
"""
from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

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
