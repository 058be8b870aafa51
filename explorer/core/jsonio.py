"""Reading saved files: JSON text to a dict, refused with the reason when malformed."""
from __future__ import annotations

import json
from typing import Any, Mapping

from .errors import InvalidInput


def read_object(text: str | bytes | Mapping[str, Any], field: str = "json") -> dict[str, Any]:
    """A JSON object from text (or an already-parsed mapping); InvalidInput otherwise."""
    if isinstance(text, Mapping):
        return dict(text)
    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(field, f"not valid JSON: {exc}") from exc
    if not isinstance(doc, dict):
        raise InvalidInput(field, "expected a JSON object")
    return doc
