"""The stand-in catalogue: objectives, landscape powers A-F and the acorn-corner table.

These three parts of the printed game are not public (M-CAT-1). We ship invented
entries in `catalogue.json` beside this module, every one tagged stand-in and labelled
"stand-in" wherever the explorer shows it (M-CAT-2). A user who owns the printed game
writes their own file and passes it with the option `catalogue="path/to/file.json"`;
saved states record the catalogue (name and digest) they were played with.

The file is read by msgspec against `CatalogueFile` (errors name the field path), then
checked: each value 0-3 lists exactly as many corner entries as the box has cards of
that value (5, 4, 3, 2), objective ids are unique, each power letter A-F appears once
with one of the six effects the engine knows, and every rule id exists in
seeds/momiji.md.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, NamedTuple, Optional

import msgspec

from ...core.errors import InvalidInput
from ...core.jsonio import read_file, read_json
from ...core.rulebook import rulebook
from ...core.typed import convert
from .cards import COPIES, CORNERS, TYPES

DEFAULT = Path(__file__).resolve().parent / "catalogue.json"

Corner = Literal["", "L", "R", "LR"]
Letter = Literal["A", "B", "C", "D", "E", "F"]
Measure = Literal["value", "type", "tops", "closed", "piles", "acorns", "longest"]
Effect = Literal["gust", "steps", "bridge", "tea", "koi", "lantern"]
Key = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9]{0,15}$")]
RuleId = Annotated[str, msgspec.Meta(pattern=r"^M-[A-Z0-9]+(-[A-Z0-9]+)*$", max_length=40)]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class ObjectiveEntry(msgspec.Struct, forbid_unknown_fields=True):
    id: Key
    name: Text
    measure: Measure
    rule: RuleId
    value: Optional[Annotated[int, msgspec.Meta(ge=0, le=3)]] = None


class PowerEntry(msgspec.Struct, forbid_unknown_fields=True):
    letter: Letter
    name: Text
    effect: Effect
    rule: RuleId
    text: Text


class CatalogueFile(msgspec.Struct, forbid_unknown_fields=True):
    format: Literal["momiji-catalogue"]
    version: Literal[1]
    name: Text
    stand_in: bool
    corners: dict[Literal["0", "1", "2", "3"], list[Corner]]
    objectives: list[ObjectiveEntry]
    powers: list[PowerEntry]
    preset: tuple[Letter, Letter, Letter]
    note: str = ""


class Objective(NamedTuple):
    """One objective token in play: `key` ("zeros", "type-maple"), its name and rule."""

    key: str
    name: str
    measure: str
    arg: int          # the value for "value", the type for "type", else -1
    rule: str


class Catalogue(NamedTuple):
    name: str
    digest: str
    stand_in: bool
    corners: tuple[tuple[int, ...], ...]   # per value: corner code of each copy
    objectives: tuple[ObjectiveEntry, ...]
    powers: dict[str, PowerEntry]          # by letter
    preset: tuple[str, ...]

    def pool(self, types: tuple[int, ...]) -> tuple[Objective, ...]:
        """Every objective token that may be drawn with these types in play (M-SETUP-5)."""
        return self._tokens(types)[0]

    def objective(self, key: str, types: tuple[int, ...]) -> Objective | None:
        return self._tokens(types)[1].get(key)

    def _tokens(self, types: tuple[int, ...]) -> tuple[tuple[Objective, ...], dict[str, Objective]]:
        """The pool and the pool by key, made once per catalogue and types (every view
        names the revealed objectives)."""
        key = (self.name, self.digest, tuple(types))
        found = _POOLS.get(key)
        if found is None:
            out = []
            for e in self.objectives:
                if e.measure == "type":
                    for t in types:
                        out.append(Objective(f"{e.id}-{TYPES[t].lower()}", e.name.replace("{type}", TYPES[t]),
                                             e.measure, t, e.rule))
                else:
                    out.append(Objective(e.id, e.name, e.measure, -1 if e.value is None else e.value, e.rule))
            pool = tuple(sorted(out))
            found = _POOLS[key] = (pool, {o.key: o for o in pool})
        return found

    def label(self) -> str:
        return f"{self.name} (stand-in)" if self.stand_in else self.name


_POOLS: dict[tuple[str, str, tuple[int, ...]], tuple[tuple[Objective, ...], dict[str, Objective]]] = {}


_CORNER_KEYS: tuple[Literal["0", "1", "2", "3"], ...] = ("0", "1", "2", "3")
"""The keys of the corners in a catalogue file, by card value."""


def parse(raw: bytes, where: str = "catalogue") -> Catalogue:
    """A catalogue from the bytes of its JSON file, validated (InvalidInput names the field)."""
    doc = read_json(raw, where)
    f = convert(doc, CatalogueFile, where)
    corners = []
    for v, key in enumerate(_CORNER_KEYS):
        entries = f.corners.get(key)
        if entries is None or len(entries) != COPIES[v]:
            raise InvalidInput(f"{where}.corners.{v}", f"expected {COPIES[v]} corner entries for the "
                                                       f"{COPIES[v]} cards of value {v} (M-COMP-1)")
        corners.append(tuple(sorted(CORNERS.index(c) for c in entries)))
    ids = [o.id for o in f.objectives]
    if len(set(ids)) != len(ids):
        raise InvalidInput(f"{where}.objectives", "objective ids must be unique")
    for i, o in enumerate(f.objectives):
        if (o.measure == "value") != (o.value is not None):
            raise InvalidInput(f"{where}.objectives[{i}].value", "given exactly for the measure 'value'")
    letters = sorted(p.letter for p in f.powers)
    if letters != list("ABCDEF"):
        raise InvalidInput(f"{where}.powers", "expected the six powers A-F, each once")
    if len(set(f.preset)) != 3:
        raise InvalidInput(f"{where}.preset", "expected three different letters")
    book = rulebook("momiji")
    for i, entry in enumerate(list(f.objectives) + list(f.powers)):
        if entry.rule not in book:
            part = "objectives" if i < len(f.objectives) else "powers"
            raise InvalidInput(f"{where}.{part}", f"rule {entry.rule} is not in seeds/momiji.md")
    digest = hashlib.sha256(raw).hexdigest()[:12]
    return Catalogue(f.name, digest, f.stand_in, tuple(corners), tuple(f.objectives),
                     {p.letter: p for p in sorted(f.powers, key=lambda p: p.letter)}, tuple(f.preset))


@lru_cache(maxsize=16)
def _load(path: str, stamp: float) -> Catalogue:
    return parse(read_file(path, "options.catalogue"))


def load(path: str = "") -> Catalogue:
    """The catalogue in `path` ("" = the bundled stand-in file), cached per file version."""
    file = Path(path) if path else DEFAULT
    try:
        stamp = file.stat().st_mtime
    except OSError as exc:
        raise InvalidInput("options.catalogue", f"cannot read {str(file)[:80]!r}: {exc.strerror}") from None
    return _load(str(file), stamp)
