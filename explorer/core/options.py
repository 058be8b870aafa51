"""Rule options: every game's options dataclass names, per field, its rule and source.

Sources: ``seed`` (the source document says it), ``public`` (a public source says it),
``assumed`` (our ruling where no source settles it) and ``stand-in`` (invented data
standing in for a part of the printed game that is not public). The explorer marks
``assumed`` and ``stand-in`` wherever it explains a rule.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Literal, Mapping

import msgspec

from .errors import InvalidInput
from .typed import convert

Source = Literal["seed", "public", "assumed", "stand-in"]
SOURCES = ("seed", "public", "assumed", "stand-in")


def option(default: Any, *, rule: str, source: Source, doc: str, label: str = "",
           choices: Mapping[str, str] | None = None, per_seat: bool = False) -> Any:
    """A dataclass field for a rule option, carrying its rule id, source and meaning.

    What a teacher reads where the option is picked (the classroom app): `label`, the
    option's name in words ("Cities of Greed expansion", not ``cities_of_greed``);
    `choices`, words for the values of a choice (``{"finish_round": "the round is
    finished"}``); `per_seat`, a tuple with one value per seat (Lying Pirates' captains).
    """
    if source not in SOURCES:
        raise ValueError(f"unknown source tag {source!r}")
    return dataclasses.field(default=default,
                             metadata={"rule": rule, "source": source, "doc": doc, "label": label,
                                       "choices": dict(choices or {}), "per_seat": per_seat})


def describe(options: Any) -> list[dict[str, Any]]:
    """One row per option: name, label, value, default, rule, source and meaning."""
    rows = []
    for f in dataclasses.fields(options):
        rows.append({
            "name": f.name,
            "label": f.metadata.get("label", ""),
            "value": getattr(options, f.name),
            "default": f.default,
            "rule": f.metadata.get("rule", ""),
            "source": f.metadata.get("source", ""),
            "doc": f.metadata.get("doc", ""),
        })
    return rows


def build(cls: type, raw: Any, where: str = "options") -> Any:
    """The options dataclass from a mapping of names to values, checked by its types.

    Unknown names are refused with the list of known ones; values are converted strictly
    by their annotations (a JSON list becomes a tuple, a name becomes an enum member),
    and the dataclass's own checks (`__post_init__`) run; every error names the field.
    """
    if not isinstance(raw, Mapping):
        raise InvalidInput(where, f"expected a mapping of option names, got {type(raw).__name__}")
    known = {f.name for f in dataclasses.fields(cls)}
    for name in raw:
        if name not in known:
            raise InvalidInput(f"{where}.{name}", f"unknown option; known: {', '.join(sorted(known))}")
    return convert(dict(raw), cls, where)


def to_jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON-able values (tuples become lists, enums their values)."""
    return {f.name: msgspec.to_builtins(getattr(options, f.name)) for f in dataclasses.fields(options)}
