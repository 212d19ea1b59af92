"""One running copy of the program per data folder: two windows writing the same settings
and saves would each overwrite what the other kept.

The first copy holds a lock on ``<data folder>/tabletop.lock`` for as long as it runs: the
platform's own lock on an open file (``flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows), which the system lets go of when the process ends in any way, a crash or a kill
included — so a lock left behind can never keep a player out. A second copy finds the lock
held and says so. Where no lock can be taken at all (a data folder that cannot be written,
a lock file that is not a file), the program runs without one rather than not at all.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from .paths import user_data_dir

LOCK_NAME = "tabletop.lock"

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt


class Lock:
    """The lock of one data folder, held by this process once :meth:`take` says so."""

    def __init__(self, folder: Path | None = None):
        self.path = (folder if folder is not None else user_data_dir()) / LOCK_NAME
        self.fd: int | None = None

    def take(self) -> bool | None:
        """Take the lock: True, taken; False, another running copy holds it; None, no lock
        can be had here (the program runs without one)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(self.path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return None
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            os.close(fd)
            return False
        with contextlib.suppress(OSError):  # who holds it, for a person looking
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)  # closing lets the lock go
            self.fd = None


ALREADY_RUNNING = (
    "Tabletop is already running (its window may be behind another, or on another "
    "desktop); only one copy at a time may use the same settings and saved games."
)
