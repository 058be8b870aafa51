"""Rule options: every game's options dataclass names, per field, its rule and source.

Sources: ``seed`` (the source document says it), ``public`` (a public source says it),
``assumed`` (our ruling where no source settles it) and ``stand-in`` (invented data
standing in for a part of the printed game that is not public). The explorer marks
``assumed`` and ``stand-in`` wherever it explains a rule.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Literal

from .errors import InvalidInput

Source = Literal["seed", "public", "assumed", "stand-in"]
SOURCES = ("seed", "public", "assumed", "stand-in")


def option(default: Any, *, rule: str, source: Source, doc: str) -> Any:
    """A dataclass field for a rule option, carrying its rule id, source and meaning."""
    if source not in SOURCES:
        raise ValueError(f"unknown source tag {source!r}")
    return dataclasses.field(default=default,
                             metadata={"rule": rule, "source": source, "doc": doc})


def describe(options: Any) -> list[dict[str, Any]]:
    """One row per option: name, value, default, rule, source and meaning."""
    rows = []
    for f in dataclasses.fields(options):
        rows.append({
            "name": f.name,
            "value": getattr(options, f.name),
            "default": f.default,
            "rule": f.metadata.get("rule", ""),
            "source": f.metadata.get("source", ""),
            "doc": f.metadata.get("doc", ""),
        })
    return rows


def build(cls: type, raw: dict[str, Any], where: str = "options") -> Any:
    """Build an options dataclass from a mapping, refusing unknown names and wrong types."""
    if not isinstance(raw, dict):
        raise InvalidInput(where, f"expected a mapping of option names, got {type(raw).__name__}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name, value in raw.items():
        if name not in fields:
            raise InvalidInput(f"{where}.{name}",
                               f"unknown option; known: {', '.join(sorted(fields))}")
        default = fields[name].default
        expected = type(default)
        if expected is tuple and isinstance(value, list):
            continue
        if isinstance(default, bool) and not isinstance(value, bool):
            raise InvalidInput(f"{where}.{name}", f"expected true/false, got {value!r}")
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            continue
        if not isinstance(value, expected) or (isinstance(value, bool) and expected is not bool):
            raise InvalidInput(f"{where}.{name}",
                               f"expected {expected.__name__}, got {value!r}")
    values = {k: tuple(_freeze(v)) if isinstance(v, list) else v for k, v in raw.items()}
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(where, str(exc)) from exc


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def to_jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON-able values (tuples become lists)."""
    def thaw(v: Any) -> Any:
        return [thaw(x) for x in v] if isinstance(v, tuple) else v
    return {f.name: thaw(getattr(options, f.name)) for f in dataclasses.fields(options)}
