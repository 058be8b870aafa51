"""Typed input: every file, scenario and option set is read by msgspec against a type.

One well-kept library does the checking, so every game refuses bad input the same way:
`convert(raw, Type, "options")` returns a value of `Type` or raises `InvalidInput` whose
field is the path of the wrong part (``options.track_values[2]``, ``hands[1]``), with
msgspec's sentence ("Expected `int`, got `bool`"). Strict: a bool is not a number and a
string is not a list, so a typo in a saved file cannot slip through as something else.

msgspec rather than pydantic: it is small and fast (a saved tree of hundreds of states
loads in milliseconds), strict by default, converts into frozen dataclasses and tuples
that hash, and reports the path of the first wrong field.
"""
from __future__ import annotations

import re
from typing import Any, TypeVar, overload

import msgspec

from .errors import InvalidInput

T = TypeVar("T")
_NAMED = re.compile(r"^Object (?P<what>missing required|contains unknown) field `(?P<name>[^`]*)`$")

_AT = re.compile(r"^(?P<problem>.*?)(?: - at `(?P<path>[^`]*)`(?: in `(?P<outer>[^`]*)`)?)?$", re.S)


def field_path(where: str, path: str | None) -> str:
    """`where` joined to a msgspec path ("$.hands[1]" -> "hands[1]")."""
    if not path:
        return where
    rest = path[1:] if path.startswith("$") else path
    if not where:
        return rest.lstrip(".") or "input"
    return where + rest


def invalid(exc: msgspec.ValidationError, where: str) -> InvalidInput:
    """The `InvalidInput` for a msgspec error, its path joined to `where`."""
    match = _AT.match(str(exc))
    assert match is not None  # the pattern matches any text
    path = match["path"]
    if path == "key" and match["outer"]:     # a wrong mapping key: name the mapping
        path = match["outer"]
    problem = match["problem"]
    named = _NAMED.match(problem)
    if named:                                # a missing or unknown field: name it
        path = f"{path or '$'}.{named['name']}"
        problem = "missing" if named["what"] == "missing required" else "unknown field"
    problem = problem[:1].lower() + problem[1:]
    return InvalidInput(field_path(where, path), problem)


@overload
def convert(raw: Any, kind: type[T], where: str = "") -> T: ...
@overload
def convert(raw: Any, kind: Any, where: str = "") -> Any: ...
def convert(raw: Any, kind: Any, where: str = "") -> Any:
    """`raw` (decoded JSON or Python values) as `kind`, strictly; InvalidInput naming
    the field path otherwise. Errors raised by a type's own checks (`__post_init__`)
    come back the same way."""
    try:
        return msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise invalid(exc, where) from None
