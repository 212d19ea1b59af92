"""Where the app's own data lives: ``cards/`` and ``assets/``.

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
