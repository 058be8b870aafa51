"""Progress of a long run (simulated games, evaluated moves) that leaves an honest trace.

In a notebook a live bar shows while the run goes on; when it ends, the bar's output is
replaced by one line ("1,000 games in 3.1 s"), so a saved or exported notebook shows
what happened, never a bar frozen at "0% 1/200". In a terminal the bar is tqdm's, on
standard error. A caller that draws its own (the panel's what-if) passes a function
`report(done, total)` instead, and nothing is displayed here.
"""
from __future__ import annotations

import sys
import time
from typing import Any, Callable

from tqdm import tqdm

from .words import counted

Report = Callable[[int, int], None]
"""`report(done, total)`: told after each step of a run."""


def in_notebook() -> bool:
    """Whether output goes to a Jupyter kernel's front end (not a terminal IPython)."""
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    ip = get() if get is not None else None
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


class _Line:
    """The one line a finished bar leaves in a notebook."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<div style="font:12px system-ui,sans-serif;color:#555">{self.text}</div>'


class Progress:
    """A progress bar for `total` steps counted in `unit`s (a context manager).

    `show=False` draws nothing; `report` hands each step to the caller instead."""

    def __init__(self, total: int, unit: str, desc: str, initial: int = 0, show: bool = True,
                 report: Report | None = None) -> None:
        self.total, self.unit, self.desc = total, unit, desc
        self.done = initial
        self.began = time.perf_counter()
        self.report = report
        self._bar: Any = None
        self._widget: Any = None
        self._handle: Any = None
        if report is not None or not show:
            return
        if in_notebook():
            import ipywidgets as w
            from IPython.display import display
            self._bar = w.IntProgress(value=initial, min=0, max=max(total, 1), description=desc)
            self._label = w.HTML(self._count())
            self._widget = w.HBox([self._bar, self._label])
            self._handle = display(self._widget, display_id=True)
        else:
            self._tqdm = tqdm(total=total, initial=initial, unit=unit, desc=desc, file=sys.stderr)

    def _count(self) -> str:
        return f"{self.done:,} of {counted(self.total, self.unit)}"

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.report is not None:
            self.report(self.done, self.total)
        elif self._bar is not None:
            self._bar.value = self.done
            self._label.value = self._count()
        elif hasattr(self, "_tqdm"):
            self._tqdm.update(n)

    def close(self) -> None:
        """End the bar: in a notebook, one line replaces it and its widgets are freed."""
        if self._handle is not None:
            seconds = time.perf_counter() - self.began
            self._handle.update(_Line(f"{self.desc}: {counted(self.done, self.unit)} in {seconds:.1f} s"))
            self._widget.close()
            self._bar.close()
            self._label.close()
            self._handle = None
        elif hasattr(self, "_tqdm"):
            self._tqdm.close()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
