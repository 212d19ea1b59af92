"""Where the app writes what happened: a log file in the user's log folder.

A windowed build (no console) has no ``sys.stdout`` or ``sys.stderr``; ``guard_streams``
gives them somewhere harmless to go, so nothing that prints can crash the program.
``native_messages`` keeps what the C libraries underneath print (ALSA when there is no
sound card, SDL probing for a display) off the player's terminal.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from logging.handlers import RotatingFileHandler
from pathlib import Path

from ..engine.files import safe_text
from .paths import APP, log_dir

LINE_LIMIT = 4_000  # characters of one log message (a refusal lists a few problems)


class _Safe(logging.Filter):
    """Every message of the log made safe to write (:func:`safe_text`, line breaks kept):
    what a file or a file's name put into it (NUL, control characters, the undecodable
    bytes of a file's name) cannot break the log's encoding or its reader."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            words = record.getMessage()
        except Exception as e:  # a message whose arguments do not fit it: still logged
            words = f"{record.msg!r} (could not be formatted: {type(e).__name__})"
        record.msg, record.args = safe_text(words, LINE_LIMIT, lines=True), None
        return True


log = logging.getLogger(APP)
log.addFilter(_Safe())


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
        aside = _clear_way(path)
        handler = RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8", errors="backslashreplace"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    if aside is not None:
        log.warning(
            "%s was not a file (a link, a pipe or a folder): moved to %s", path.name, aside.name
        )
    return path


def _clear_way(path: Path) -> Path | None:
    """The log is written only to a regular file of its own: a link (which could point at
    any file of the player's, or at a device), a pipe (whose opening would wait forever for
    a reader) or a folder in its place is moved aside first; where it went, if it was."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISREG(info.st_mode):
        return None
    aside = path.with_name(path.name + ".not-a-file")
    n = 2
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.name}.not-a-file-{n}")
        n += 1
    os.replace(path, aside)
    return aside


@contextlib.contextmanager
def native_messages(what: str) -> Iterator[None]:
    """While inside, what native code writes to the process's standard error (file
    descriptor 2, which Python's ``sys.stderr`` does not see) goes to the log at debug
    level, each line prefixed by ``what``, not to the terminal (the caller logs what it
    means in one line: "no sound: ..."). Where descriptor 2 cannot
    be redirected, nothing changes."""
    with contextlib.ExitStack() as stack:
        try:
            sys.stderr.flush()
            saved = os.dup(2)
            stack.callback(os.close, saved)
            caught = stack.enter_context(tempfile.TemporaryFile())
            os.dup2(caught.fileno(), 2)
        except (OSError, ValueError, AttributeError):
            yield
            return
        try:
            yield
        finally:
            os.dup2(saved, 2)
            caught.seek(0)
            text = caught.read(64 * 1024).decode("utf-8", "replace")
            for line in text.splitlines():
                if line.strip():
                    log.debug("%s: %s", what, line.strip())
