"""`explorer app`: the classroom app, a Voila page where a teacher picks a game and plays it.

    explorer app                      # http://127.0.0.1:8866/ on this computer only
    explorer app --classroom          # every network interface, with a generated token

The page is `page/classroom.ipynb` (one cell: `ClassroomApp()`, see `classroom.py`), run
by Voila with its code hidden. How it is locked down (`voila_config` sets it, with the
handlers and kernel manager of `server.py` that `app_class` and `voila_config` swap in):

- Voila runs the notebook in a new kernel per page load and lets the browser send that
  kernel only widget messages (comm_open/comm_msg/comm_close, kernel_info, shutdown):
  an ``execute_request`` from a browser is dropped, so no code a browser sends runs.
  One tab's kernel is its own game; kernel ids are random and never listed.
- Only the one notebook is served: no tree, no ``/api/contents``, no ``/api/kernels``
  listing, no terminals, no file downloads (an empty file allow-list), no tracebacks:
  the kernel (`kernel.py`) answers a malformed widget message with a one-line error, its
  traceback going to the server's terminal only. An odd URL gets a 404 page, never a 500
  (template files only as ``<template>/static/<file>``; no ``?template=`` or ``?theme=``
  from a URL), and ``/logout`` forgets the login cookie and goes to the login page.
- By default it listens on 127.0.0.1 and refuses a request whose Host is not local (DNS
  rebinding). ``--classroom`` (or ``--ip`` with any non-loopback address) serves the
  network and then requires a token: generated unless ``--token`` gives one, printed in
  the URL to hand out. A request without it is sent to the login page, no kernel starts.
- At most `MAX_KERNELS` games (kernels) run at once (``--max-games``): a page load beyond
  that gets a short page, "The classroom is full: N games are running. Close a tab or try
  again in a few minutes.", with status 503 and no kernel started.
- No Voila or Jupyter config file is read (not from the working directory, not from
  ~/.jupyter), and the kernel is always this Python (the one with `explorer` installed);
  kernels of closed tabs are shut down (the page sets the ``_xsrf`` cookie that the closing
  tab's shutdown request needs); a kernel no tab is connected to is shut down after
  `IDLE_KERNEL_SECONDS` (15 minutes) without a message, checked every minute. A connected
  tab keeps its game however long it idles (``cull_connected`` stays False).
"""
from __future__ import annotations

import ipaddress
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from ..core.errors import InvalidInput

PAGE = Path(__file__).resolve().parent / "page" / "classroom.ipynb"
"""The notebook Voila serves: alone in its folder, which is also the kernels' working directory."""

LOOPBACK = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"
DEFAULT_PORT = 8866
IDLE_KERNEL_SECONDS = 15 * 60
"""A kernel that no tab is connected to is shut down after this long without a message
(a tab closed without its shutdown request, a laptop gone to sleep, a page fetched by a
script). A connected tab keeps its game however long it idles: the limit on games is
what stops open tabs from piling up."""
CULL_INTERVAL_SECONDS = 60
MAX_KERNELS = 30
"""The most games (kernels, one per page load, about 80 MB each) at once: a class of 30
on a laptop with 2.5 GB to spare. `explorer app --max-games N` changes it."""

HEADERS = {
    "Content-Security-Policy": "frame-ancestors 'self'",   # no framing by another site
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",                     # the token never leaves in a Referer
}


def is_loopback(ip: str) -> bool:
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        raise InvalidInput("ip", f"expected an IP address such as {LOOPBACK} or "
                                 f"{ALL_INTERFACES}, got {ip!r}") from None


def new_token() -> str:
    """A random token for the classroom URL (96 bits, URL-safe)."""
    return secrets.token_urlsafe(12)


def voila_config(ip: str = LOOPBACK, port: int = DEFAULT_PORT, token: str | None = None,
                 open_browser: bool = False, max_kernels: int = MAX_KERNELS) -> Any:
    """The traitlets `Config` of the app's Voila server (see the module docstring)."""
    from traitlets.config import Config
    from voila.paths import STATIC_ROOT

    from ..widgets.nodelay import NoDelayKernelConnection
    from .server import CappedKernelManager, ClassroomLogout

    local = is_loopback(ip)
    if not local and not token:
        raise InvalidInput("token", "serving beyond this computer needs a token")
    check_max_kernels(max_kernels)
    c = Config()
    c.Voila.ip = ip
    c.Voila.port = port
    c.Voila.port_retries = 0
    c.Voila.open_browser = open_browser
    c.Voila.root_dir = str(PAGE.parent)
    c.Voila.token = token or ""           # "" = no token (loopback only)
    c.Voila.auto_token = False
    c.Voila.tornado_settings = {"headers": dict(HEADERS),
                                # off the network, a non-local Host header is refused
                                "allow_remote_access": not local,
                                # jupyter_server's error pages link their static files from
                                # here: without it they fail to render (an empty 404)
                                "static_path": STATIC_ROOT,
                                "static_url_prefix": "/voila/static/"}
    c.Voila.kernel_websocket_connection_class = NoDelayKernelConnection   # clicks without Nagle's delay
    c.IdentityProvider.logout_handler_class = ClassroomLogout          # /logout: to the login page
    c.VoilaConfiguration.strip_sources = True
    c.VoilaConfiguration.allow_template_override = "NO"   # no ?template= or ?theme= from a URL
    c.VoilaConfiguration.allow_theme_override = "NO"
    c.VoilaConfiguration.file_allowlist = []            # /voila/files/ serves nothing
    c.VoilaConfiguration.file_denylist = [".*"]
    c.VoilaConfiguration.preheat_kernel = False
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.kernel_spec_manager_class = native_kernels()   # the kernel is this Python
    c.VoilaConfiguration.multi_kernel_manager_class = CappedKernelManager
    c.CappedKernelManager.max_kernels = max_kernels     # then a page load gets "the classroom is full"
    c.MappingKernelManager.cull_idle_timeout = IDLE_KERNEL_SECONDS
    c.MappingKernelManager.cull_interval = CULL_INTERVAL_SECONDS
    c.MappingKernelManager.cull_connected = False       # an open tab keeps its game
    return c


def check_max_kernels(max_kernels: int) -> None:
    if isinstance(max_kernels, bool) or not isinstance(max_kernels, int) or max_kernels < 1:
        raise InvalidInput("max_games", f"expected at least 1 game at once, got {max_kernels!r}")


def native_kernels() -> type:
    """A kernel-spec manager that knows one kernel, "python3" = this Python (with
    `explorer` installed), whatever kernels are installed elsewhere, started as
    `explorer.app.kernel` (ipykernel, telling the browser about an error in one line)."""
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from traitlets import default

    class NativeKernelSpecManager(KernelSpecManager):
        @default("kernel_dirs")
        def _no_kernel_dirs(self) -> list[str]:
            return []

        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            spec = super().get_kernel_spec(kernel_name)
            spec.argv = [sys.executable, "-m", "explorer.app.kernel", "-f", "{connection_file}"]
            return spec

    return NativeKernelSpecManager


def app_class() -> Any:
    """Voila, reading no config file, opening the browser at the URL with the token, its
    page handler swapped for one that answers "the classroom is full" and its template
    files handler for one that answers a malformed path with a 404 (`server.py`)."""
    from traitlets import default
    from voila.app import Voila
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler

    from .server import ClassroomPageHandler, TemplateFiles

    swaps = {TornadoVoilaHandler: ClassroomPageHandler, TemplateStaticFileHandler: TemplateFiles}

    class ClassroomVoila(Voila):
        name = "explorer-app"
        url_with_token = ""

        @default("config_file_paths")
        def _no_config_files(self) -> list[str]:
            return []

        def launch_browser(self) -> None:
            if self.url_with_token:
                threading.Thread(target=webbrowser.open, args=(self.url_with_token,),
                                 daemon=True).start()

        def init_handlers(self) -> list[tuple[Any, ...]]:
            handlers = [(route[0], swaps.get(route[1], route[1]), *route[2:])
                        for route in super().init_handlers()]
            missing = set(swaps.values()) - {route[1] for route in handlers}
            if missing:     # a Voila that routes otherwise: refuse to serve without them
                raise RuntimeError(f"Voila's handlers changed, cannot install {missing}")
            return handlers

    return ClassroomVoila


def lan_address() -> str:
    """This computer's address on the network (the interface of its default route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))   # UDP: nothing is sent
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()


def check_port_free(ip: str, port: int) -> None:
    with socket.socket() as s:
        try:
            s.bind((ip, port))
        except OSError as exc:
            raise InvalidInput("port", f"cannot listen on {ip}:{port} ({exc.strerror}); "
                                       f"pick another with --port") from None


def serve(ip: str = LOOPBACK, port: int = DEFAULT_PORT, token: str | None = None,
          open_browser: bool = True, max_kernels: int = MAX_KERNELS) -> int:
    """Start the classroom app; returns when the server stops (Ctrl-C)."""
    local = is_loopback(ip)
    check_max_kernels(max_kernels)
    if not local and not token:
        token = new_token()
    if isinstance(port, bool) or not 0 < port < 65536:
        raise InvalidInput("port", f"expected a port 1-65535, got {port!r}")
    if not PAGE.is_file():
        raise InvalidInput("app", f"{PAGE} is missing from the installed package")
    check_port_free(ip, port)
    host = (lan_address() if ip == ALL_INTERFACES else ip) if not local else ip
    url = f"http://{host}:{port}/" + (f"?token={token}" if token else "")
    if local:
        print(f"Rules Explorer classroom app on this computer only: {url}")
    else:
        print(f"Rules Explorer classroom app for the network (listening on {ip}:{port}).\n"
              f"Students open: {url}\n"
              "Without the token a browser gets a login page. Stop with Ctrl-C.")
    print(f"At most {max_kernels} games at once (one per open tab; --max-games changes it).",
          flush=True)
    cls = app_class()
    app = cls.instance(config=voila_config(ip, port, token, open_browser, max_kernels))
    app.url_with_token = url
    app.initialize([str(PAGE)])
    app.start()
    return 0
