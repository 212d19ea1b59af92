"""The registered games: every subpackage of ``tabletop.games`` that defines ``GAME`` (and
``VARIANTS``, its other ways of playing, each a game of its own to records and saves).

Adding a game means adding a package here (and its ``cards/<id>/``); nothing else lists
the games, so the CLI, the bots, the benches and the UI pick it up by themselves.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ..engine import Game


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.id] = game
        for variant in getattr(module, "VARIANTS", ()):  # its ways of playing (formats)
            games[variant.id] = variant
    return games


def get(game_id: str) -> Game:
    games = registry()
    try:
        return games[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r} (games: {', '.join(games)})") from None
