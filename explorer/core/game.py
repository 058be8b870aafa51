"""The game contract (`Game`) and the registry behind `explorer.list_games()` / `explorer.load()`.

A `Game` is a value: its name, number of players and rule options. It makes states
(`new`, `scenario`, `state_from_json`), reads move texts (`parse_move`) and turns a
view into a board scene (`scene`). Games register themselves by module path, so
`core` never imports a game.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import random
from typing import Any, ClassVar, Mapping

import msgspec

from . import options as opts
from .errors import InvalidInput
from .events import Event
from .jsonio import read_object
from .move import Move
from .rulebook import RuleBook, rulebook
from .state import FORMAT_VERSION, STATE_FORMAT, State
from .typed import convert

REGISTRY: dict[str, str] = {
    "momiji": "explorer.games.momiji:MomijiGame",
    "pirates": "explorer.games.pirates:PiratesGame",
    "summoners": "explorer.games.summoners:SummonersGame",
    "village": "explorer.games.village:VillageGame",
}
"""Game name -> "module:class". Order is the order of `explorer.list_games()`."""


def list_games() -> tuple[str, ...]:
    """The names of the games this explorer plays."""
    return tuple(REGISTRY)


def game_class(name: str) -> type["Game"]:
    if not isinstance(name, str) or name not in REGISTRY:
        raise InvalidInput("game", f"unknown game {name!r}; known: {', '.join(REGISTRY)}")
    module, cls = REGISTRY[name].split(":")
    return getattr(importlib.import_module(module), cls)


def load(name: str, players: int | None = None, **options: Any) -> "Game":
    """A game by name, with a number of players and rule options (defaults elsewhere)."""
    cls = game_class(name)
    return cls(players if players is not None else cls.default_players, **options)


class StateFile(msgspec.Struct, forbid_unknown_fields=True):
    """The saved form of a state (`State.to_json`); `data` is checked by the game."""

    format: str
    version: int
    game: str
    players: int
    data: Any
    options: dict[str, Any] = {}
    events: list[tuple[str, str, str, int | None, tuple[int, ...] | None, str | None]] = []


class Game:
    """Base class of the four games. Subclasses set the class attributes and hooks."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    Options: ClassVar[type]
    move_types: ClassVar[tuple[type[Move], ...]]
    agents: ClassVar[dict[str, type]] = {}
    """The game's own agents by name (e.g. {"greedy": VillageGreedyAgent}); "random" and
    "mcts" work for every game (`core.agents.make_agent`)."""

    def __init__(self, players: int, **options: Any) -> None:
        players = convert(players, int, "players")
        if not self.min_players <= players <= self.max_players:
            raise InvalidInput("players", f"{self.title} is for {self.min_players}"
                                          f"-{self.max_players} players, not {players}")
        self.players = players
        self.options = opts.build(self.Options, options)

    # ----------------------------------------------------------------- game hooks
    def new(self, seed: int | None = None) -> State:
        """A fresh game with the setup chance (shuffle, deal) resolved from `seed`."""
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's `new` refuses a seed that is not a whole number, a string or
        None (InvalidInput naming `seed`) before the game deals anything."""
        super().__init_subclass__(**kwargs)
        new = cls.__dict__.get("new")
        if new is not None:
            @functools.wraps(new)
            def checked(self: "Game", seed: Any = None) -> State:
                if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
                    raise InvalidInput("seed", f"expected a whole number, a string or None, got {seed!r}")
                return new(self, seed)

            # ignore: replacing the subclass's own `new` by the checked wrapper is the point
            # (mypy refuses any assignment to a method; setattr would only hide it)
            cls.new = checked  # type: ignore[method-assign]

    def scenario(self, spec: Mapping[str, Any] | None = None, **fields: Any) -> State:
        """A position from a compact description, validated like a saved file."""
        raise NotImplementedError

    def _decode(self, raw: Any) -> Any:
        """State data from its JSON-able form, validated (raise InvalidInput). Game hook."""
        raise NotImplementedError

    def scene(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The board scene (see `core.scene`) for a view. Game hook."""
        raise NotImplementedError

    state_class: ClassVar[type[State]]

    # ----------------------------------------------------------- generic contract
    def parse_move(self, text: str) -> Move:
        """The move whose text form is `text`; InvalidInput naming the problem otherwise."""
        if not isinstance(text, str):
            raise InvalidInput("move", f"expected move text, got {type(text).__name__}")
        errors = []
        for move_type in self.move_types:
            try:
                move = move_type.parse(text.strip())
            except InvalidInput as exc:
                errors.append(str(exc))
                continue
            if move is not None:
                return move
        detail = "; ".join(errors) if errors else "no move of this game reads like that"
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise InvalidInput("move", f"cannot read {shown!r}: {detail}")

    def state_from_json(self, text: str | bytes | Mapping[str, Any]) -> State:
        """A state from `State.to_json()` output; InvalidInput with the reason if malformed."""
        doc = convert(read_object(text), StateFile, "")
        if doc.format != STATE_FORMAT:
            raise InvalidInput("format", f"expected {STATE_FORMAT!r}, got {doc.format!r}")
        if doc.version != FORMAT_VERSION:
            raise InvalidInput("version", f"expected {FORMAT_VERSION}, got {doc.version!r}")
        if doc.game != self.name:
            raise InvalidInput("game", f"this is a {doc.game!r} state, not {self.name!r}")
        if doc.players != self.players:
            raise InvalidInput("players", f"the state is for {doc.players!r} players, "
                                          f"this game has {self.players}")
        if opts.build(self.Options, doc.options) != self.options:
            raise InvalidInput("options", "the state was saved with other rule options; "
                                          "load it with a game made with those options")
        events = tuple(Event(*e) for e in doc.events)
        return self.state_class(self, self._decode(doc.data), events)

    @classmethod
    def from_json(cls, text: str | bytes | Mapping[str, Any], local_files: bool = True) -> State:
        """A state from JSON, with the game (name, players, options) read from the file.

        `local_files=False` (a file that came from a browser): a rule option may not name
        a file of the computer running the kernel, so a catalogue can only be the one
        that ships with the game; a path is refused without being looked at (the answer
        is the same whether or not such a file exists)."""
        doc = convert(read_object(text), StateFile, "")
        if not local_files and doc.options.get("catalogue") not in (None, ""):
            raise InvalidInput("options.catalogue", "a file loaded from the browser may only use the "
                                                    "catalogue that ships with the game, not a file path")
        game = load(doc.game, doc.players, **doc.options)
        return game.state_from_json(read_object(text))

    def rules(self) -> RuleBook:
        """This game's rules reference (`seeds/<name>.md`)."""
        return rulebook(self.name)

    def options_jsonable(self) -> dict[str, Any]:
        return opts.to_jsonable(self.options)

    def describe_options(self) -> list[dict[str, Any]]:
        return opts.describe(self.options)

    @classmethod
    def option_choices(cls, name: str) -> tuple[tuple[str, str], ...]:
        """(name, value) of each value an option of several values may hold, for a picker
        (the classroom app): Lying Pirates' variant cards and captains, from the shipped
        catalogue. () for an option that is not such a choice. Game hook."""
        return ()

    def rng(self, seed: int | None) -> random.Random:
        return random.Random(seed)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.name == self.name
                and other.players == self.players and other.options == self.options)

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.options))

    def __repr__(self) -> str:
        changed = {f.name: getattr(self.options, f.name) for f in dataclasses.fields(self.options)
                   if getattr(self.options, f.name) != f.default}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"explorer.load({self.name!r}, players={self.players}{extra})"
