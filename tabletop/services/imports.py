"""Importing a game's own card database (its website's files) into the player's data folder.

A game that can do it has a ``library`` module in its package offering
``import_files(game, paths, progress=None)`` (stores the cards and decks, or raises
``CardDataError`` having stored nothing; returns a result with ``summary()``; calls
``progress(fraction, words)`` as it goes, the fractions rising to 1.0 once all is stored,
with the words ``"Saving"`` just before it writes, and nothing more until the 1.0)
and ``coverage(game, paths)`` (a report of how much of the cards the rules enforce). The
CLI's ``import`` and ``coverage`` verbs and files dropped onto the window come through
here, so neither names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from ..engine import CardDataError, Game

# progress(fraction from 0 to 1, what is being done): may raise ImportCancelled to stop the
# import before anything is stored.
Progress = Callable[[float, str], None]


class ImportCancelled(Exception):
    """Raised by a progress callback to stop an import (the window is closing): nothing is
    stored, unless it had already been (a callback is not asked once saving has begun)."""


def importers() -> dict[str, ModuleType]:
    """The games that can import their database: game id -> its ``library`` module."""
    from ..games import registry

    out = {}
    for gid, game in registry().items():
        if game.variant_of is not None:
            continue  # a way of playing another game: its cards are that game's
        package = type(game).__module__.rsplit(".", 1)[0]
        name = f"{package}.library"
        try:
            out[gid] = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
    return out


def _game(game_id: str | None) -> tuple[Game, ModuleType]:
    from ..games import get

    found = importers()
    if game_id is None:
        if len(found) != 1:
            raise KeyError(f"say which game the files are for ({', '.join(found)})")
        game_id = next(iter(found))
    if game_id not in found:
        raise KeyError(
            f"{game_id!r} has no card database to import (games that do: "
            f"{', '.join(found) or 'none'})"
        )
    return get(game_id), found[game_id]


def import_files(
    paths: Sequence[Path], game_id: str | None = None, progress: Progress | None = None
) -> str:
    """Import ``paths`` for ``game_id`` (or the one game that imports): what was imported,
    in words; CardDataError (one message per problem) when nothing was."""
    game, library = _game(game_id)
    return library.import_files(game, [Path(p) for p in paths], progress=progress).summary()


def coverage(paths: Sequence[Path], game_id: str | None = None) -> str:
    game, library = _game(game_id)
    return library.coverage(game, [Path(p) for p in paths])


def explain(name: str, paths: Sequence[Path] = (), game_id: str | None = None) -> str:
    """How a card's text is read, sentence by sentence (KeyError: no such card)."""
    game, library = _game(game_id)
    return library.explain(game, name, [Path(p) for p in paths])


def import_dropped(paths: Sequence[Path], progress: Progress | None = None) -> tuple[bool, str]:
    """Files dropped onto the window: (imported?, what to tell the player). ``progress``
    hears how far the import is (the window runs this in a worker thread and draws it)."""
    from ..system.logs import log

    names = ", ".join(Path(p).name for p in paths)
    try:
        words = import_files(paths, progress=progress)
    except CardDataError as e:
        for message in e.messages:
            log.warning("import of %s refused: %s", names, message)
        return False, "\n".join([f"Nothing was imported from {names}:", *e.messages])
    except (KeyError, OSError) as e:
        why = e.args[0] if isinstance(e, KeyError) else e
        log.warning("import of %s failed: %s", names, why)
        return False, f"Nothing was imported from {names}: {why}"
    log.info("%s", words)
    return True, words
