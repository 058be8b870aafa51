"""The games: one package per game, registered by module path in `explorer.core.game`."""
