"""Where things live: what the program ships (its ``cards/``, ``assets/`` and the rulebook
walk-throughs the Puzzles menu offers) and the player's folders (settings, saved games
and replays, logs, imported cards).

One helper for every caller, so it works the same however the program was installed:

* from a checkout (an editable install, or ``python -m tabletop`` in the repository): the
  repository's own ``cards/``, ``assets/`` and ``tests/scenarios/``;
* from a wheel (``pip install .``, ``pipx install .``): the copies the build put in the
  package, ``tabletop/_data/`` (see ``setup.py``);
* from the PyInstaller bundle: the copies ``build.spec`` puts beside the program, in
  ``sys._MEIPASS``.

The installed forms hold each under its name in :data:`SHIPPED`; a checkout holds it at the
path given there. ``TABLETOP_DATA`` names another folder of either form (tests, modders).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# What the program ships: its name in an installed program -> its path in the repository.
SHIPPED = {"cards": "cards", "assets": "assets", "scenarios": "tests/scenarios"}
PACKED = "_data"  # the folder of the package that holds them in a wheel

_HERE = Path(__file__).resolve().parent  # tabletop/system


def data_root() -> Path:
    """The folder that holds what the program ships (see the module's docstring)."""
    override = os.environ.get("TABLETOP_DATA")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    packed = _HERE.parent / PACKED
    if packed.is_dir():
        return packed
    return _HERE.parent.parent  # the repository


def shipped(name: str) -> Path:
    """Where the shipped folder ``name`` (a key of :data:`SHIPPED`) is."""
    root = data_root()
    installed = root / name
    return installed if installed.is_dir() else root / SHIPPED[name]


def cards_dir(game_id: str) -> Path:
    return shipped("cards") / game_id


def asset(*parts: str) -> Path:
    return shipped("assets").joinpath(*parts)


APP = "tabletop"


def _user_dir(kind: str) -> Path:
    """The player's ``config``, ``data`` or ``log`` folder (platformdirs), or a folder
    under ``TABLETOP_HOME`` when that is set (tests, portable installs)."""
    home = os.environ.get("TABLETOP_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    where = {
        "config": platformdirs.user_config_dir,
        "data": platformdirs.user_data_dir,
        "log": platformdirs.user_log_dir,
    }[kind]
    return Path(where(APP, appauthor=False))


def config_dir() -> Path:
    return _user_dir("config")


def user_data_dir() -> Path:
    return _user_dir("data")


def log_dir() -> Path:
    return _user_dir("log")


def exports_dir() -> Path:
    """Where the player's exported decks go, to find them and pass them on: a ``Tabletop``
    folder in their Documents (under ``TABLETOP_HOME`` when that is set)."""
    home = os.environ.get("TABLETOP_HOME")
    if home:
        return Path(home) / "exports"
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Tabletop"


def puzzle_dirs() -> list[Path]:
    """Where the Puzzles menu looks: the scenario files that come with the app (the
    rulebook walk-throughs the tests also run) and the player's own."""
    return [shipped("scenarios"), user_data_dir() / "puzzles"]
