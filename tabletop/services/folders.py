"""The player's folders, looked at once when the program starts: the leftovers of writes
that were killed half-way are swept away, and a folder that cannot hold what Tabletop
writes (not a folder, not writable, a full disk) is said in one sentence on the title
screen, instead of every save failing silently into the log. Nothing here raises, and the
game plays on whatever the folders are: only what would be kept is not.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..engine.files import shown, sweep_leftovers
from ..system.paths import config_dir, exports_dir, user_data_dir

LOW_SPACE = 4 * 1024 * 1024  # bytes: less free room than this, and a save may not fit


def roots() -> list[Path]:
    """Every folder Tabletop writes files in (and the folders under them)."""
    return [config_dir(), user_data_dir(), exports_dir()]


def sweep() -> list[Path]:
    """Remove what writes killed half-way left in the player's folders (the files they
    were replacing are whole); the files removed."""
    return sweep_leftovers(roots())


def problems() -> list[str]:
    """One sentence for each of the player's folders that cannot keep what Tabletop writes
    there: the data folder (saved games, replays, decks, imports), the settings' folder,
    and the data folder's ``refused`` (where unusable saves are moved)."""
    out = []
    for folder, what, then in (
        (user_data_dir(), "data folder", "games, replays and decks will not be kept"),
        (config_dir(), "settings folder", "changes to the settings will not be kept"),
    ):
        why = _cannot_write(folder)
        if why:
            out.append(f"Tabletop cannot write to its {what}, {shown(folder)} ({why}): {then}.")
    refused = user_data_dir() / "refused"
    if os.path.lexists(refused) and not refused.is_dir():
        out.append(
            f"{shown(refused)} is not a folder: saved games that cannot be used stay where "
            "they are instead of being moved there."
        )
    return out


def _cannot_write(folder: Path) -> str | None:
    """Why nothing can be written in ``folder`` (made if it is missing), in a few words, or
    None: it can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return "it is a file, not a folder"
    except OSError as e:
        return e.strerror or str(e)
    if not folder.is_dir():
        return "it is not a folder"
    try:
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"tabletop")
            probe.flush()
    except OSError as e:
        return e.strerror or str(e)
    try:
        if shutil.disk_usage(folder).free < LOW_SPACE:
            return "the disk is full"
    except OSError:
        pass
    return None
