"""A kernel websocket without Nagle's delay, for the Jupyter server that shows the panel.

jupyter_server leaves Nagle's algorithm on for the websocket between the kernel and the
browser. A click on the panel gets two messages back in a row: the kernel's "busy"
status, then the board's update. Nagle holds the second until the browser acknowledges
the first, and the browser delays that acknowledgement (up to 40 ms on Linux). So a
click that the kernel answers in 2 ms reached the page 20 to 40 ms later: half of the
measured latency (tests/e2e/test_latency.py, benchmarks/RESULTS.md).

Use it by naming the class in the server's configuration::

    jupyter lab --ServerApp.kernel_websocket_connection_class=explorer.widgets.nodelay.NoDelayKernelConnection
    # Voila: c.Voila.kernel_websocket_connection_class = NoDelayKernelConnection
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, sending each message at once
    (TCP_NODELAY on the browser's socket)."""

    def connect(self) -> Any:     # what the base returns (typed a coroutine, a future at run time)
        self.websocket_handler.set_nodelay(True)
        return super().connect()
