"""Reading saved files: JSON text to values, refused with the reason when malformed.

Every loader (saved states and trees, catalogues, command-line option values) reads
JSON here, so one limit guards them all: a document nested deeper than `MAX_DEPTH`
(no saved file of ours comes near it) is refused as `InvalidInput` instead of running
Python's parser, or a later walk over the value, out of stack.
"""
from __future__ import annotations

import json
import os
import stat
from typing import Any, Mapping

from .errors import InvalidInput

MAX_DEPTH = 64
"""The deepest nesting of lists and objects a file may have."""


def _too_deep(text: str | bytes) -> bool:
    """Whether the brackets of `text` (outside strings) nest deeper than MAX_DEPTH."""
    raw = text.decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else text
    depth = 0
    quoted = escaped = False
    for ch in raw:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def read_json(text: str | bytes, field: str = "json") -> Any:
    """Any JSON value from text; InvalidInput (naming `field`) when it is not JSON or
    nests deeper than MAX_DEPTH."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidInput(field, f"expected JSON text, got {type(text).__name__}")
    if _too_deep(text):
        raise InvalidInput(field, f"nested deeper than {MAX_DEPTH} levels: not a file of this program")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidInput(field, f"not valid JSON: {exc}") from exc


def read_object(text: str | bytes | Mapping[str, Any], field: str = "json") -> dict[str, Any]:
    """A JSON object from text (or an already-parsed mapping); InvalidInput otherwise."""
    if isinstance(text, Mapping):
        return dict(text)
    doc = read_json(text, field)
    if not isinstance(doc, dict):
        raise InvalidInput(field, "expected a JSON object")
    return doc


MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file a loader reads (a saved tree of a long game is well under 1 MiB)."""


def read_file(path: str | os.PathLike[str], field: str = "file") -> bytes:
    """The bytes of a user's file, refused with the reason (InvalidInput naming `field`)
    when it is not a regular file (a directory, a device such as /dev/zero, a FIFO that
    would block) or is larger than MAX_FILE_BYTES. The file is checked before it is
    opened, and opened without blocking, so nothing waits or reads without end."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except OSError as exc:
        raise InvalidInput(field, f"cannot read {name!r}: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInput(field, f"{name!r} is not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise InvalidInput(field, f"{name!r} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InvalidInput(field, f"cannot read {name!r}: {exc.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise InvalidInput(field, f"{name!r} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    return data


def read_text_file(path: str | os.PathLike[str], field: str = "file") -> str:
    """A user's file as UTF-8 text (`read_file`), refused with the reason when it is not UTF-8."""
    data = read_file(path, field)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(field, f"{os.fspath(path)!r} is not UTF-8 text (byte {exc.start})") from None
