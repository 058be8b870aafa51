"""Time of the full raise table of Lying Pirates' exact bid odds, 6 players x 10 dice.

    .venv/bin/python benchmarks/pirates_odds.py            # 200 repeats
    .venv/bin/python benchmarks/pirates_odds.py --repeats 1000

The viewer (seat 0) knows their own 10 faces; the other 50 dice are hidden and hold
every special (the cursed die with seat 5, who made the standing bid "2 threes", so the
standing bid needs the cursed mixture). One table = `odds_from_view`: the standing bid
and all 293 raises up to 60 dice, with their texts. "cold" clears the module's caches
(per-kind binomials, face roles) before every repeat; "warm" keeps them. Target: 10 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from explorer.games.pirates import odds
from explorer.games.pirates.dice import CREW_DICE

TARGET_MS = 10.0


def table_view() -> dict:
    rng = random.Random(6)
    names = [["normal"] * 10 for _ in range(6)]
    for seat, special in ((1, "mermaid"), (2, "pirate king"), (3, "ghost"), (4, "mayor"), (5, "cursed")):
        names[seat][0] = special
    cups = []
    for seat, dice in enumerate(names):
        faces = [CREW_DICE[n].sample(rng) for n in dice] if seat == 0 else None
        cups.append({"dice": dice, "faces": faces, "betting": True})
    return {"cups": cups, "bid": {"quantity": 2, "face": 3, "by": 5}, "players": 6, "viewer": 0,
            "phase": "betting"}


def clear() -> None:
    odds.binomial_pmf.cache_clear()
    odds.face_roles.cache_clear()


def measure(fn, repeats: int, cold: bool) -> float:
    """Median milliseconds of `fn()` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        if cold:
            clear()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    view = table_view()
    result = odds.odds_from_view(view, 0)
    print(f"6 players x 10 dice: {result['total_dice']} dice, {len(result['raises'])} raises + the standing bid")
    for name, fn in (("odds_from_view", lambda: odds.odds_from_view(view, 0)),
                     ("face_table", lambda: odds.face_table(view, 0))):
        for cold in (True, False):
            ms = measure(fn, args.repeats, cold)
            verdict = "meets" if ms <= TARGET_MS else "MISSES"
            print(f"{name:15s} {'cold' if cold else 'warm'}: {ms:7.3f} ms median of {args.repeats}"
                  f"  (target {TARGET_MS:.0f} ms: {verdict}, ratio {TARGET_MS / ms:.1f})")


if __name__ == "__main__":
    main()
