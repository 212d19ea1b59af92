"""Worker processes the program starts, and Ctrl-C."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Processes started inside this block ignore Ctrl-C from their first instruction.

    Ctrl-C in a terminal interrupts every process of the program at once; a worker that
    took it would print its own traceback (while still starting, or while waiting for work).
    The parent stops its workers itself. A signal ignored when a process starts stays
    ignored in it, and Python leaves it so; the parent takes Ctrl-C again once they are
    started. (Only the main thread may change how signals are handled: elsewhere nothing
    changes.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
