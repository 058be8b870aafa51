"""The games: one package per game, registered by module path in `explorer.core.game`.

Importing this package sets the attribute `explorer.games` to it, which would hide the
function `explorer.games()`; the package is therefore callable and answers the same.
"""
import sys
import types

from ..core.game import games as _games


class _GamesPackage(types.ModuleType):
    def __call__(self) -> tuple[str, ...]:
        """The names of the games this explorer plays (same as `explorer.core.games()`)."""
        return _games()


sys.modules[__name__].__class__ = _GamesPackage
