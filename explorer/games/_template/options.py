"""The rule options of Chance Nim: every [assumed] ruling, named, with its default.

`Game.Options` is a frozen dataclass of `option(...)` fields: each names the rule it
sets (an id of `seeds/nim.md`), its source tag, what it means, and the words a teacher
reads where it is picked (the classroom app). `explorer.load(game, pile=21)` sets one.
"""
from __future__ import annotations

import dataclasses

from ...core.options import option


@dataclasses.dataclass(frozen=True)
class NimOptions:
    pile: int = option(15, rule="N-SETUP-1", source="assumed", doc="counters in the pile at the start",
                       label="Counters at the start")
    shared: bool = option(False, rule="N-END-2", source="assumed",
                          doc="the player before the last taker shares the win",
                          label="Shared win")
