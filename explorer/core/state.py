"""The state contract every game implements, and the generic parts they share.

A `State` is an immutable value: a `game` (name, players, options) plus `data`, a
NamedTuple of tuples and numbers owned by the game. `play` returns a new State that
shares every unchanged part of `data` with the old one; nothing is copied and the
history lives in the explorer tree, not in the state. Two states with equal game and
data compare equal and hash alike (the events of the last play are narration, not
position, so they do not take part).

A game subclasses `State` and fills in the hooks marked "game hook". The rest
(`pending` and `to_move`, `legal_moves` caching, `play` with its legality check,
`why_not`, forced moves, `determinize` with its narration, JSON, HTML) is here.
"""
from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, NamedTuple

from mypy_extensions import mypyc_attr

from .errors import IllegalMove, Reason
from .events import Event, Outcome, narrate_for
from .move import Move
from .pending import CHANCE, Pending, seat_name

if TYPE_CHECKING:
    from .game import Game

__all__ = ["CHANCE", "State", "resolve_chance"]

STATE_FORMAT = "rules-explorer/state"
FORMAT_VERSION = 1


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """An immutable game position. Subclasses implement the game hooks."""

    __slots__ = ("_game", "_data", "_events", "_legal", "_legal_set", "_pend")
    # Declared for mypy and mypyc (compiled, these are the C struct's fields).
    _game: Game
    _data: Any
    _events: tuple[Event, ...]
    _legal: tuple[Move, ...] | None
    _legal_set: frozenset[Move] | None
    _pend: Pending | None

    def __init__(self, game: Game, data: NamedTuple, events: tuple[Event, ...] = ()) -> None:
        self._game = game
        self._data = data
        self._events = events
        self._legal = None
        self._legal_set = None
        self._pend = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # `play`, `determinize` and the games build states from (game, data, events) alone
        super().__init_subclass__(**kwargs)
        if "__init__" in vars(cls):
            raise TypeError(f"{cls.__name__}: a State subclass keeps State.__init__ "
                            "(play builds successors from game, data and events alone)")

    # Immutable: the three public fields are read-only properties over private slots (no
    # `__setattr__` guard: mypyc compiles no such guard in a class that interpreted code
    # subclasses, and the slots refuse any other attribute).
    @property
    def game(self) -> Game:
        """The game: its name, number of players and rule options."""
        return self._game

    @property
    def data(self) -> Any:
        """The position: the game's NamedTuple of tuples and numbers."""
        return self._data

    @property
    def events(self) -> tuple[Event, ...]:
        """What the play that made this state did (narration, not position)."""
        return self._events

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._game, self._data, self._events))

    # ----------------------------------------------------------------- game hooks
    def _find_pending(self) -> Pending:
        """Who decides now, at which step and under which rule; at a chance node the
        named stream of luck; `pending.OVER` when the game is over. Game hook."""
        raise NotImplementedError

    def _is_legal(self, move: Move) -> bool:
        """Whether `move` is legal here, for a `Move` of this game while it goes on.

        Game hook: a game answers without building every legal move where it can
        (a test checks that it agrees with `legal_moves`). The default looks the
        move up in the set of legal moves.
        """
        legal = self._legal_set
        if legal is None:
            legal = frozenset(self.legal_moves())
            self._legal_set = legal
        return move in legal

    def _generate_moves(self) -> tuple[Move, ...]:
        """All legal moves (chance outcomes at a chance node), in a fixed order. Game hook."""
        raise NotImplementedError

    def _explain(self, move: Move) -> Reason:
        """Why `move` is illegal here (only called for illegal moves). Game hook."""
        return Reason("CORE-LEGAL", f"{move} is not a legal move in this position")

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move a player means by clicking `targets` (legal or not), or None. Game hook.

        The board asks `why_not` of it when a click makes no legal move, so the refusal
        cites the game's rule; None (the default) gives a generic answer.
        """
        return None

    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        """The data after a legal `move`, and the events it caused. Game hook."""
        raise NotImplementedError

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node: every outcome with its probability (sum 1). Game hook."""
        return ()

    def scores(self) -> tuple[float, ...]:
        """Current points per player (final scores once the game is over). Game hook."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """Winners, score lines and why the game ended; None while it goes on. Game hook."""
        raise NotImplementedError

    def tallies(self) -> dict[str, tuple[int, ...]]:
        """Public counts per player worth charting over many games besides the score
        (e.g. Lying Pirates' coins): name -> one number per seat. `simulate` records
        them at the end of each game as `players` columns. Game hook; none by default."""
        return {}

    def view(self, viewer: Any = None) -> dict[str, Any]:
        """What `viewer` may see, as a JSON-able dict (None = teacher). Game hook."""
        raise NotImplementedError

    def count_curves(self, viewer: int | None) -> Any:
        """`core.odds.CountCurves` of this position as `viewer` knows it, or None when
        the game counts nothing a bid is made on. Game hook (optional): how a chart of
        the game's counts reaches the game without importing it (`charts.bid_odds`)."""
        return None

    def coming_luck(self, viewer: int | None) -> list[Any]:
        """The coming luck as `viewer` knows it, exact: `core.odds.Chance` rows (see
        `explorer.odds`). Game hook; by default the teacher's odds of the outcomes of
        a chance node, and nothing for a player (their odds need the game's knowledge)."""
        if viewer is not None or self.to_move != CHANCE:
            return []
        from .odds import Chance
        return [Chance(self.pending.prompt, move.label, p) for move, p in self.chance_outcomes()]

    def _redeal(self, viewer: int, rng: random.Random) -> NamedTuple:
        """`data` with what `viewer` cannot see drawn again from what they know. Game hook.

        It must depend only on `view(viewer)` and `rng` (pools sorted before a shuffle,
        `chance.redeal`), so a sample reveals nothing. Games with no hidden information
        keep this default.
        """
        return self.data

    def _encode(self) -> Any:
        """`data` as JSON-able values (the game's `_decode` reads it back). Game hook."""
        raise NotImplementedError

    # ----------------------------------------------------------- generic contract
    @property
    def pending(self) -> Pending:
        """What this position waits for: who decides, at which step, under which rule,
        with a prompt; at a chance node the stream of luck (see `core.pending`)."""
        pend = self._pend
        if pend is None:
            pend = self._find_pending()
            self._pend = pend
        return pend

    @property
    def to_move(self) -> int | None:
        """Player index to decide, `CHANCE` for a chance node, None when over."""
        pend = self._pend
        if pend is None:
            pend = self._find_pending()
            self._pend = pend
        return pend.seat

    @property
    def is_over(self) -> bool:
        pend = self._pend
        if pend is None:
            pend = self._find_pending()
            self._pend = pend
        return pend.seat is None

    @property
    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in a deterministic order (chance outcomes at a chance node)."""
        moves = self._legal
        if moves is None:
            moves = () if self.is_over else self._generate_moves()
            self._legal = moves
        return moves

    def is_legal(self, move: object) -> bool:
        """Whether `move` may be played here (cheap: see the `_is_legal` hook)."""
        if not isinstance(move, Move) or self.is_over:
            return False
        return self._legal_here(move)

    def _legal_here(self, move: Move) -> bool:
        """`is_legal` for a Move while the game goes on. A move picked from the listed
        `legal_moves()` (the usual loop: list, choose, play) is found there by identity,
        a few steps with no `__eq__` and no rule read; any other move is asked of the
        game's `_is_legal` hook (or the legal set, once built)."""
        listed = self._legal
        if listed is not None:
            for candidate in listed:
                if candidate is move:
                    return True
        legal = self._legal_set
        if legal is not None:
            return move in legal
        return self._is_legal(move)

    @property
    def forced_move(self) -> Move | None:
        """The move a player must make, when it is their only legal one (e.g. "summon
        nothing now"); None at a real choice, at chance and at the end. The explorer,
        the panel and `simulate` play forced moves without asking."""
        who = self.to_move
        if who is None or who == CHANCE:
            return None
        moves = self.legal_moves()
        return moves[0] if len(moves) == 1 else None

    def check_viewer(self, viewer: object) -> None:
        """Refuse a viewer that is not None (the teacher) or a seat of this game: a
        string "0" or True is not a seat (InvalidInput naming `viewer`)."""
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                                   or not 0 <= viewer < self.game.players):
            from .errors import InvalidInput
            raise InvalidInput("viewer", f"expected None (the teacher) or a seat 0-{self.game.players - 1}, "
                                         f"got {viewer!r}")

    def determinize(self, viewer: int | None, rng: random.Random) -> "State":
        """A state consistent with what `viewer` knows, the hidden parts drawn again.

        Always ``s.view(p) == s.determinize(p, rng).view(p)``, and the sample narrates
        no more than the viewer read: its events are the viewer's versions of the true
        ones (``s.determinize(p, rng).visible_events(None) == s.visible_events(p)``).
        """
        if viewer is None:
            return self
        self.check_viewer(viewer)
        return type(self)(self.game, self._redeal(viewer, rng), narrate_for(self.events, viewer))

    def why_not(self, move: object) -> Reason | None:
        """None if `move` is legal here, else the Reason (rule id and sentence)."""
        if self.is_legal(move):
            return None
        if self.is_over:
            return Reason("CORE-OVER", "the game is over: no more moves")
        if not isinstance(move, Move):
            return Reason("CORE-MOVE", f"{move!r} is not a move of {self.game.name}")
        return self._explain(move)

    def play(self, move: Move | str, *, check: bool = True) -> "State":
        """The state after `move` (a Move or its text form). The old state is untouched.

        Raises `IllegalMove` (with `.reason`) for an illegal move. `check=False` skips
        the legality test, for agents that pick from `legal_moves()` themselves.
        """
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if check:
            # `is_legal`, inlined: this runs at every step of every checked loop
            pend = self._pend
            if pend is None:
                pend = self._find_pending()
                self._pend = pend
            if pend.seat is None or not isinstance(move, Move) or not self._legal_here(move):
                raise IllegalMove(self.why_not(move) or Reason("CORE-LEGAL", "illegal"), move)
        data, events = self._apply(move)
        return self._successor(data, events)

    def _successor(self, data: NamedTuple, events: tuple[Event, ...]) -> "State":
        """The state after a play: of this state's class and game, with `data` and
        `events`. A compiled game overrides it to build its own class by a direct call
        (a call of `type(self)` goes through Python's generic construction)."""
        return type(self)(self._game, data, events)

    def sample_chance(self, rng: random.Random) -> Move:
        """One chance outcome drawn by its probability (games may override for speed:
        a `Deck` or a `Die` samples with one random number)."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for move, p in outcomes:
            acc += p
            if r < acc:
                return move
        return outcomes[-1][0]

    def visible_events(self, viewer: int | None = None) -> list[dict[str, Any]]:
        """The last play's events as `viewer` may read them."""
        seen = (e.seen_by(viewer) for e in self.events)
        return [e for e in seen if e is not None]

    def to_json(self, indent: int | None = None) -> str:
        """A lossless JSON text: `game.state_from_json(s.to_json()) == s`."""
        doc = {
            "format": STATE_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "players": self.game.players,
            "options": self.game.options_jsonable(),
            "data": self._encode(),
            "events": [e.to_jsonable() for e in self.events],
        }
        return json.dumps(doc, indent=indent, sort_keys=False)

    def scene(self, viewer: int | None = None) -> dict[str, Any]:
        """What a board draws for `viewer`: the game's renderer over `view(viewer)`."""
        return self.game.scene(self.view(viewer))

    def _repr_html_(self) -> str:
        from .scene import scene_html
        return scene_html(self.scene(None))

    # ----------------------------------------------------------------- value protocol
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.data == other.data and self.game == other.game

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.game, self.data))

    def __repr__(self) -> str:
        who = self.to_move
        status = "over" if who is None else ("chance" if who == CHANCE else f"{seat_name(who)} to move")
        return f"<{type(self).__name__} {self.game.name} {self.game.players}p: {status}>"


def resolve_chance(state: State, rng: random.Random) -> State:
    """Sample through consecutive chance nodes until a player decides or the game ends."""
    while state.to_move == CHANCE:
        state = state.play(state.sample_chance(rng), check=False)
    return state
