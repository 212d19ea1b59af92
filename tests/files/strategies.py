"""Hypothesis strategies for hostile *content*: a real file of a kind with something put in
one of its places that no real file holds — a table of hundreds of thousands of keys, a
list as long, a string of a million characters or of control characters, NUL, undecodable
bytes and direction marks, a date at either end of what a date can be in any time zone, a
number beyond any game's, nesting thousands deep, and (TOML) tens of thousands of tables.

The payloads are written straight as text (a 300,000-key table is joined, not built by
hypothesis), so an example costs little to make; what is measured is the reader's work.
``hostile.py`` holds the other half: files that are damaged (cut, flipped, binary) or are
not files at all.
"""

from __future__ import annotations

import json
import re
import signal
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from .hostile import TOML_VALUE, json_places

# CPU seconds one file may cost a reader, whatever it holds (the program must start within
# two seconds with any of them in the data folder; CPU time, so a loaded machine does not
# count against it).
BUDGET = 1.5

CHARS = {
    "plain": "Deck name ",
    "control": "a\x00b\x01\x07\x1b[31m\x7f\x9b\n\r\t",
    "undecodable": "\udcff\udcfe name",  # bytes of a file name that are not UTF-8, in Python
    "direction": "\u202eevil\u202c\u2066x\u2069",
    "wide": "龍🂡\u200dé\u0301",
    "separators": "a\u2028b\u2029c",
}
DATES = (
    "9999-12-31T23:59:59-12:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59",
    "0001-01-01T00:00:00",
    "9999-12-31T23:59:59+14:00",
    "0001-01-01T00:00:00-12:00",
    "1970-01-01T00:00:00Z",
    "2038-01-19T03:14:08Z",
    "2020-02-30T00:00:00",
    "not a date",
)
NUMBERS = ("1e308", "-1e308", "1e400", "9" * 400, "-9223372036854775809", "0.0000001", "-0")


@dataclass(frozen=True)
class Payload:
    kind: str  # keys, items, text, date, number, deep, tables
    size: int = 0
    chars: str = "plain"
    value: str = ""

    def __str__(self) -> str:
        return f"{self.kind}({self.size or self.value!r}, {self.chars})"


def payloads() -> st.SearchStrategy[Payload]:
    sizes = st.sampled_from((3, 2_500, 60_000, 300_000))
    return st.one_of(
        st.builds(Payload, st.just("keys"), sizes, st.sampled_from(sorted(CHARS))),
        st.builds(Payload, st.just("items"), sizes),
        st.builds(
            Payload,
            st.just("text"),
            st.sampled_from((1, 90, 5_000, 250_000, 1_000_000)),
            st.sampled_from(sorted(CHARS)),
        ),
        st.builds(Payload, st.just("date"), value=st.sampled_from(DATES)),
        st.builds(Payload, st.just("number"), value=st.sampled_from(NUMBERS)),
        st.builds(Payload, st.just("deep"), st.sampled_from((60, 3_000, 50_000))),
        st.builds(Payload, st.just("tables"), st.sampled_from((10, 5_000, 100_000))),
    )


def _text(p: Payload) -> str:
    unit = CHARS[p.chars]
    return (unit * (p.size // len(unit) + 1))[: p.size]


def as_json(p: Payload) -> str:
    """The payload as a JSON value."""
    if p.kind in ("keys", "tables"):
        name = CHARS[p.chars].strip() or "k"
        return "{" + ",".join(f"{json.dumps(f'{name}{i}')}:{i}" for i in range(p.size)) + "}"
    if p.kind == "items":
        return "[" + ",".join("1" for _ in range(p.size)) + "]"
    if p.kind == "text":
        return json.dumps(_text(p))  # \udcff is written as its escape, as JSON allows
    if p.kind == "date":
        return json.dumps(p.value)
    if p.kind == "number":
        return p.value
    if p.kind == "deep":
        return "[" * p.size + "]" * p.size
    raise ValueError(p.kind)


def _toml_string(words: str) -> str:
    out = []
    for ch in words:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f" or "\ud800" <= ch <= "\udfff":
            out.append(f"\\u{ord(ch):04x}")  # a surrogate's escape: TOML refuses it
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def as_toml(p: Payload) -> str:
    """The payload as a TOML value (``tables`` are added to the document instead)."""
    if p.kind == "keys":
        name = re.sub(r"\W", "", CHARS[p.chars]) or "k"
        return "{ " + ", ".join(f"{name}{i} = {i}" for i in range(p.size)) + " }"
    if p.kind == "items":
        return "[" + ", ".join("1" for _ in range(p.size)) + "]"
    if p.kind == "text":
        return _toml_string(_text(p))
    if p.kind == "date":
        return p.value if p.value[:1].isdigit() else _toml_string(p.value)
    if p.kind == "number":
        return {"1e400": "inf", "-0": "-0.0"}.get(p.value, p.value)
    if p.kind == "deep":
        return "[" * p.size + "]" * p.size
    raise ValueError(p.kind)


def put_json(original: bytes, p: Payload, where: int) -> bytes:
    """``original`` (a JSON document) with the payload at its ``where``-th place, or, for
    ``keys``/``tables``, as an unknown key beside the values of that place's table (so the
    reader meets a table of that many keys where it expects a few)."""
    data = json.loads(original)
    places = [pl for pl in json_places(data) if pl]  # the top stays a document
    if p.kind in ("keys", "tables"):
        tables = [pl for pl in json_places(data) if isinstance(_at(data, pl), dict)]
        holder = _at(data, tables[where % len(tables)])
        holder["@@MARK@@"] = 0
        text = json.dumps(data)
        return text.replace('"@@MARK@@": 0', as_json(p)[1:-1] or '"k": 0', 1).encode()
    place = places[where % len(places)]
    _at(data, place[:-1])[place[-1]] = "@@MARK@@"
    return json.dumps(data).replace('"@@MARK@@"', as_json(p), 1).encode()


def _at(data, place):
    for step in place:
        data = data[step]
    return data


def put_toml(original: bytes, p: Payload, where: int) -> bytes:
    """``original`` (a TOML document) with the payload as the value of its ``where``-th
    ``key = value`` line, or ``tables`` appended as that many tables, or (``keys``, an odd
    ``where``) as that many keys appended to the last table (a deck's ``[cards]``)."""
    if p.kind == "tables":
        return original + b"\n" + "".join(f"[t{i}]\nx = {i}\n" for i in range(p.size)).encode()
    if p.kind == "keys" and where % 2:
        return original + b"\n" + "".join(f'"k{i}" = 1\n' for i in range(p.size)).encode()
    matches = list(TOML_VALUE.finditer(original))
    m = matches[where % len(matches)]
    value = as_toml(p).encode("utf-8", "surrogatepass")
    return original[: m.start(2)] + value + original[m.end(2) :]


def put(original: bytes, fmt: str, p: Payload, where: int) -> bytes:
    return put_json(original, p, where) if fmt == "json" else put_toml(original, p, where)


class OverBudget(Exception):
    pass


@contextmanager
def within_budget(what: str, budget: float = BUDGET):
    """Fail if the block costs more than ``budget`` CPU seconds; stop it (at the next
    Python instruction) once it has cost three times as much, so a hang fails too."""

    def stop(*_):
        raise OverBudget(f"{what}: stopped after {3 * budget:.1f} CPU seconds")

    start = time.process_time()
    old = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, 3 * budget)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    spent = time.process_time() - start
    assert spent <= budget, f"{what}: {spent:.2f} CPU seconds (at most {budget})"


def one_sentence(message: str, name: str) -> None:
    """A refusal: names the file, one line, no traceback, nothing a screen cannot draw."""
    assert name in message, message
    assert "\n" not in message and "Traceback" not in message, message
    shown_safely(message)


def shown_safely(words: str) -> None:
    """Words fit for any screen and the log: no control character but a line break, no
    surrogate, bounded."""
    assert len(words) <= 4_000, len(words)
    bad = re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e]", words)
    assert bad is None, repr(words[max(0, bad.start() - 20) : bad.start() + 20])


Reader = Callable[[Path], object]
