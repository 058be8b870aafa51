"""A one-line label that an exported notebook still shows."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets


class PicturedLabel(ipywidgets.Label):
    """An ipywidgets Label that also carries its text as a picture (text/html), so an
    exported notebook, with no kernel behind it, shows the line where the widget stood."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        return {**(bundle or {}), "text/plain": self.value,
                "text/html": f'<div style="font:13px system-ui,sans-serif">{html.escape(self.value)}</div>'}
