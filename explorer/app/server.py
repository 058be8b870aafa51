"""The classroom app's server pieces that Voila lets us swap: its kernel manager, the
page handler, the template files handler and the logout handler (see `voila_config` and
`app_class` in `explorer.app`, which name them).
Imported by the server only, never by a kernel running the page.
"""
from __future__ import annotations

import html
import posixpath
import re
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.web import HTTPError
from traitlets import Integer
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from . import MAX_KERNELS

RETRY_AFTER_SECONDS = 120


class ClassroomFull(HTTPError):
    """No kernel was started: `running` kernels are already running, the cap."""

    def __init__(self, running: int) -> None:
        super().__init__(503, "classroom full: %d kernels running", running)
        self.running = running


def full_message(running: int) -> str:
    games = "1 game is" if running == 1 else f"{running} games are"
    return f"The classroom is full: {games} running. Close a tab or try again in a few minutes."


def full_page(running: int) -> str:
    """The page a browser gets instead of the app when the classroom is full (status 503)."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The classroom is full</title>
<style>body {{ font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto; padding: 0 1em;
line-height: 1.5; }}</style>
</head>
<body>
<h1>The classroom is full</h1>
<p class="rx-app-full">{html.escape(full_message(running))}</p>
</body>
</html>
"""


class CappedKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, refusing to start a kernel when `max_kernels` are
    running or starting (each page load starts one; each holds a Python process)."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="the most kernels alive at once (at least 1)")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting: set[str] = set()    # kernels being started (listed only near the end)

    # ignore: jupyter_client's sync MultiKernelManager types start_kernel as returning str;
    # its async subclass, our base, makes it a coroutine (jupyter_client ignores this too)
    async def start_kernel(  # type: ignore[override]
            self, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        if kernel_id is None or kernel_id not in self:        # a new kernel
            running = len(set(self.list_kernel_ids()) | self._starting)
            if running >= self.max_kernels:
                raise ClassroomFull(running)
            kernel_id = kernel_id or self.new_kernel_id()
            self._starting.add(kernel_id)
        try:
            return str(await super().start_kernel(kernel_id=kernel_id, **kwargs))
        finally:
            self._starting.discard(kernel_id)


class ClassroomPageHandler(TornadoVoilaHandler):
    """Voila's page handler; a full classroom gets a page saying so, not an error page.

    The kernel manager raises `ClassroomFull` before any of the page is written, so the
    whole response is this page with status 503.

    The page also sets the `_xsrf` cookie. When the tab closes, the page asks the server to
    shut its kernel down (a POST to /voila/api/shutdown/<kernel id> carrying that cookie's
    value); Voila's page handler never sets it, so the server refused (403) and a closed
    tab's kernel lived on until the idle cull."""

    async def get(self, path: str | None = None) -> None:
        _ = self.xsrf_token  # reading it sets the cookie (sent with the page's first bytes)
        await super().get(path)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if not isinstance(exc, ClassroomFull):
            super().write_error(status_code, **kwargs)
            return
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Retry-After", str(RETRY_AFTER_SECONDS))
        self.finish(full_page(exc.running))


SAFE_TEMPLATE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


class TemplateFiles(TemplateStaticFileHandler):
    """Voila's template static files (`/voila/templates/<template>/static/<file>`), with a
    404 for any other path: Voila's own handler fails with a 500 on e.g. `../..`, `x` or
    `lab/static/../../..` (it unpacks the path without checking its shape)."""

    def parse_url_path(self, url_path: str) -> str:
        parts = posixpath.normpath(url_path).split("/", 2)
        if len(parts) != 3 or parts[1] != "static" or not SAFE_TEMPLATE_NAME.fullmatch(parts[0]):
            raise HTTPError(404)
        return str(super().parse_url_path("/".join(parts)))


class ClassroomLogout(LogoutHandler):
    """Log out (forget the login cookie) and go to the login page. jupyter_server's handler
    renders a page whose template needs a static files setting that Voila does not make:
    a 500."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.redirect(url_path_join(self.base_url, "login"))
