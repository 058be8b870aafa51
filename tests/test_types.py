"""mypy over the whole package (issue 28, item 6): the settings are pyproject.toml's
`[tool.mypy]`, non-strict to start.

Outside the games nothing may be reported. The games still carry errors from before the
package was checked (most: a game's `State` reads attributes of its own `Game` through the
core's `Game` type); each game's count may only fall, and the ceiling below is lowered
with it, until every game is at 0 and the ceilings go."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
CEILINGS = {"momiji": 6}
"""The errors mypy reports today in each game's package: the most a change may leave."""


def test_mypy_reports_nothing_outside_the_games_and_no_more_inside() -> None:
    out, err, _ = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary",
                           "--cache-dir", str(ROOT / ".mypy_cache")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert not err, err
    outside = [line for line in errors if not line.startswith("explorer/games/")]
    assert outside == [], "mypy outside the games:\n" + "\n".join(outside)
    per_game = Counter(line.split("/")[2] for line in errors)
    over = {game: n for game, n in per_game.items() if n > CEILINGS.get(game, 0)}
    assert not over, (f"more mypy errors than before in {over} (ceilings {CEILINGS}):\n"
                      + "\n".join(line for line in errors if any(f"/{g}/" in line for g in over)))
    fallen = {game: n for game, n in per_game.items() if n < CEILINGS[game]}
    assert not fallen and set(per_game) == set(CEILINGS), (
        f"fewer mypy errors now: lower the ceilings to {dict(per_game)} (a game at 0 leaves the dict)")
