"""Where things live: the app's own ``cards/`` and ``assets/``, and the player's folders
(settings, saved games and replays, logs).

One helper for every caller, so it works the same from the source tree (an editable
install or a checkout) and from the PyInstaller bundle (which unpacks the data beside the
program, in ``sys._MEIPASS``). ``TABLETOP_DATA`` overrides both, for tests and modders.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_root() -> Path:
    override = os.environ.get("TABLETOP_DATA")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def cards_dir(game_id: str) -> Path:
    return data_root() / "cards" / game_id


def asset(*parts: str) -> Path:
    return data_root().joinpath("assets", *parts)


APP = "tabletop"


def _user_dir(kind: str) -> Path:
    """The player's ``config``, ``data`` or ``log`` folder (platformdirs), or a folder
    under ``TABLETOP_HOME`` when that is set (tests, portable installs)."""
    home = os.environ.get("TABLETOP_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    where = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
             "log": platformdirs.user_log_dir}[kind]
    return Path(where(APP, appauthor=False))


def config_dir() -> Path:
    return _user_dir("config")


def user_data_dir() -> Path:
    return _user_dir("data")


def log_dir() -> Path:
    return _user_dir("log")


def puzzle_dirs() -> list[Path]:
    """Where the Puzzles menu looks: the scenario files that come with the app (the
    rulebook walk-throughs the tests also run) and the player's own."""
    return [data_root() / "tests" / "scenarios", user_data_dir() / "puzzles"]
