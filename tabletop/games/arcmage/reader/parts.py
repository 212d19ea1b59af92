"""Which parts of the grammar read a sentence, for ``tabletop explain``: each part function
is marked with :func:`part`; while a sentence is explained (:func:`tracing`), every part
that reads words notes them, and what a reading tried and gave up is taken back
(:func:`mark`, :func:`rollback`), so the trace of a sentence is the parts its reading is
made of, outer parts before the parts inside them. Reading without a trace costs one
lookup per part.

And the one piece of pattern every part's table of wordings is made into (:func:`one_of`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple


class Part(NamedTuple):
    """One part that read some words: its kind ("reach", "cost", "effect"...), the words,
    and what it read them as, in a word or two ("damage", "target creature")."""

    kind: str
    words: str
    read_as: str = ""


_TRACE: ContextVar[list[Part] | None] = ContextVar("arcmage_reader_parts", default=None)


def part(kind: str, read_as: Callable[[Any], str] | None = None):
    """Mark a part function (its first argument: the words it reads; None: not read) so that
    a trace notes what it read, and as what (``read_as`` of its result)."""

    def wrap(fn):
        @functools.wraps(fn)
        def read(words, *args, **kw):
            trace = _TRACE.get()
            if trace is None:
                return fn(words, *args, **kw)
            at = len(trace)
            got = fn(words, *args, **kw)
            if got is None:
                del trace[at:]
            else:
                said = read_as(got) if read_as is not None else ""
                trace.insert(at, Part(kind, " ".join(str(words).split()), said))
            return got

        return read

    return wrap


def mark() -> int:
    """Where the trace is now, to take back what an attempt noted if it fails."""
    trace = _TRACE.get()
    return len(trace) if trace is not None else 0


def rollback(at: int) -> None:
    """Take back what was noted since ``mark`` gave ``at``: an attempt that failed."""
    trace = _TRACE.get()
    if trace is not None:
        del trace[at:]


def since(at: int) -> tuple[Part, ...]:
    """What was noted since ``mark`` gave ``at``."""
    trace = _TRACE.get()
    return tuple(trace[at:]) if trace is not None else ()


@contextmanager
def tracing() -> Iterator[list[Part]]:
    """Note the parts that read, for as long as the block runs."""
    trace: list[Part] = []
    token = _TRACE.set(trace)
    try:
        yield trace
    finally:
        _TRACE.reset(token)


def one_of(wordings) -> str:
    """A regular expression for any of ``wordings`` as written, the longest tried first
    (so "attack a city" is read whole, not as "attack")."""
    return "|".join(sorted(map(re.escape, wordings), key=len, reverse=True))
