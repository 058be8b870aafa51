"""The kernel websocket without Nagle's delay: the Jupyter server accepts it as its
connection class, and it turns TCP_NODELAY on before the connection starts."""
from __future__ import annotations

import pytest
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from explorer.widgets.nodelay import NoDelayKernelConnection

NAME = "explorer.widgets.nodelay.NoDelayKernelConnection"


def test_the_server_takes_it_by_name() -> None:
    app = ServerApp()
    app.kernel_websocket_connection_class = NAME
    assert app.kernel_websocket_connection_class is NoDelayKernelConnection


def test_nodelay_is_set_before_the_connection_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple] = []

    class Handler:
        def set_nodelay(self, value: bool) -> None:
            calls.append(("nodelay", value))

    connection = NoDelayKernelConnection.__new__(NoDelayKernelConnection)
    monkeypatch.setattr(NoDelayKernelConnection, "websocket_handler", Handler())
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append(("connect",)))
    connection.connect()
    assert calls == [("nodelay", True), ("connect",)]


def test_lab_and_the_classroom_app_use_it() -> None:
    """The package's server config (installed into the environment's etc/jupyter) names
    the class for `./dev lab`, and the app's Voila config sets it itself."""
    import json
    import sys
    from pathlib import Path

    from jupyter_core.paths import jupyter_config_path

    from explorer import app

    assert app.voila_config().Voila.kernel_websocket_connection_class is NoDelayKernelConnection
    found = [Path(d) / "jupyter_server_config.json" for d in jupyter_config_path()]
    installed = [p for p in found if p.is_file() and Path(sys.prefix) in p.parents]
    assert installed, "uv sync installs jupyter-config/ into the environment"
    assert json.loads(installed[0].read_text())["ServerApp"]["kernel_websocket_connection_class"] == NAME
    server = ServerApp()
    server.load_config_file()
    assert server.kernel_websocket_connection_class is NoDelayKernelConnection
