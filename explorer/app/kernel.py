"""The classroom app's kernel: ipykernel, telling a browser about an error in one line.

A browser can send the kernel any widget message (`comm_open`, `comm_msg`), malformed
ones included. ipykernel and ipywidgets answer a message that fails with the traceback:

- the comm manager logs "Exception opening comm with target: ..." with the traceback,
  and with no logging handler configured the record goes to logging's last resort, which
  writes to ``sys.stderr``: in a kernel, a stream to the browser;
- a widget's message callback that raises is shown with ``showtraceback()``: an ``error``
  message to the browser, frames and installation paths included.

So here the kernel's log goes in full to the server's terminal (its stderr) and to
the browser as the message's first line and the exception's type; IPython's tracebacks
are in its "Minimal" mode (the exception's type and message, no frames); and Python
warnings, which name their file, go to the log. The server starts kernels this way
(`native_kernels` in `explorer.app`): ``python -m explorer.app.kernel -f <connection file>``.
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

KERNEL_ARGS = ["--InteractiveShell.xmode=Minimal"]    # on the command line: above any profile


class BriefToBrowser(logging.Handler):
    """A log record for the browser: its level, the first line of its message and the
    exception's type (no traceback: the server's log has it)."""

    def emit(self, record: logging.LogRecord) -> None:
        stream = sys.stderr
        if stream is None or stream is sys.__stderr__ or record.name == "py.warnings":
            return      # not the browser's stream (the kernel is starting), or a file named
        try:
            lines = record.getMessage().strip().splitlines()
            text = f"{record.levelname}: {lines[0] if lines else ''}"
            if record.exc_info and record.exc_info[0] is not None:
                text += f" ({record.exc_info[0].__name__})"
            stream.write(text + "\n")
        except Exception:
            self.handleError(record)


def log_to_server_and_briefly_to_browser() -> None:
    """Before ipykernel starts: it then also sends what is written to file descriptor 2 to
    the browser, so the server's log gets a descriptor of its own on the same file."""
    root = logging.getLogger()
    server = logging.StreamHandler(os.fdopen(os.dup(2), "w", buffering=1))
    server.setFormatter(logging.Formatter("[kernel] %(levelname)s | %(name)s | %(message)s"))
    root.addHandler(server)
    root.addHandler(BriefToBrowser())
    logging.captureWarnings(True)


def main() -> None:
    # as ipykernel_launcher: the working directory (the page's folder) is no module source
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    log_to_server_and_briefly_to_browser()
    from ipykernel.kernelapp import IPKernelApp

    IPKernelApp.launch_instance(argv=[*sys.argv[1:], *KERNEL_ARGS])


if __name__ == "__main__":
    main()
