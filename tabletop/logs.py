"""Where the app writes what happened: a log file in the user's log folder.

A windowed build (no console) has no ``sys.stdout`` or ``sys.stderr``; ``guard_streams``
gives them somewhere harmless to go, so nothing that prints can crash the program.
"""

from __future__ import annotations

import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from .paths import APP, log_dir

log = logging.getLogger(APP)


def log_path() -> Path:
    return log_dir() / f"{APP}.log"


def guard_streams() -> None:
    """Give a consoleless program's missing stdout/stderr a place to write to."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))  # noqa: SIM115 - lives as long as we do


def setup_logging() -> Path | None:
    """Log to the user's log folder (a few rotated files); returns the file, or None if the
    folder cannot be written (the app then runs without a log file)."""
    guard_streams()
    path = log_path()
    if log.handlers:
        return path
    log.setLevel(logging.INFO)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return path
