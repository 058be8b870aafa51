"""Write one benchmark's section of benchmarks/RESULTS.md without touching the others.

Several scripts record figures in the same file (run.py writes the tables above
"## Notes"; the panel-latency section is kept by hand), so each script owns only the text
between its own pair of markers, ``<!-- NAME:start -->`` and ``<!-- NAME:end -->``. A
section that is not there yet goes in before `before` (a heading), or at the end.
"""
from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def replace_section(name: str, body: str, before: str = "## Panel latency in the page",
                    path: Path = RESULTS) -> None:
    """Put `body` between the markers of section `name` in `path`, keeping all else."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body.strip()}\n{end}"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if start in old and end in old:
        head, rest = old.split(start, 1)
        tail = rest.split(end, 1)[1]
        text = head + block + tail
    elif before in old:
        head, tail = old.split(before, 1)
        text = head.rstrip() + "\n\n" + block + "\n\n" + before + tail
    else:
        text = old.rstrip() + ("\n\n" if old else "") + block + "\n"
    path.write_text(text, encoding="utf-8")
