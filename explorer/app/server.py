"""The classroom app's server pieces that Voila lets us swap: the page handler (see
`app_class` in `explorer.app`, which names it).
Imported by the server only, never by a kernel running the page.
"""
from __future__ import annotations

from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]


class ClassroomPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, setting the `_xsrf` cookie.

    When the tab closes, the page asks the server to shut its kernel down (a POST to
    /voila/api/shutdown/<kernel id> carrying that cookie's value); Voila's page handler
    never sets it, so the server refused (403) and a closed tab's kernel lived on until
    the idle cull."""

    async def get(self, path: str | None = None) -> None:
        self.xsrf_token      # reading it sets the cookie (sent with the page's first bytes)
        await super().get(path)
