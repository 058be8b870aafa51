"""The README's Python examples run as written (documentation that cannot rot)."""
from __future__ import annotations

import re
from pathlib import Path

import explorer

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    # what the README's comments promise
    game = namespace["game"]
    assert game.new(seed=7).why_not(game.parse_move("P2 draw")).rule == "V-TURN-1"
    summoners, red8 = namespace["summoners"], namespace["red8"]
    assert red8.why_not(summoners.parse_move("p0 play R8 at -1,0")).rule == "S-PLACE-4"
    assert isinstance(namespace["tree"], explorer.Explorer)


def test_the_widgets_and_charts_need_no_import_of_their_own() -> None:
    """The README writes `explorer.widgets.Panel(tree)` after a plain `import explorer`;
    and that import loads neither ipywidgets nor altair."""
    import subprocess
    import sys
    code = ("import sys, explorer; assert 'altair' not in sys.modules; "
            "assert 'ipywidgets' not in sys.modules; explorer.widgets.Panel; explorer.charts")
    subprocess.run([sys.executable, "-c", code], check=True)
