"""Damaged and hostile variants of a real file, for the readers' property tests and for the
corpus a player's data folder is filled with in the start-up test.

A variant is written in place of a file; some are not files at all (a link to ``/dev/zero``,
a pipe, a folder). ``damage`` picks one with hypothesis; ``CORPUS`` names the ones the issue
reproduced, each applied to every kind of file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

DEEP = 100_000  # levels: far past any recursion limit
OUTSIDE = "outside-the-data-folder.txt"  # a file of the player's beside the folder


def deep_json(levels: int = DEEP) -> bytes:
    return b"[" * levels + b"]" * levels


def _marked(original: bytes, path_in: Callable[[object], list], value: str) -> bytes:
    """``original`` (JSON) with the value at one place replaced by the raw text ``value``."""
    data = json.loads(original)
    holder, key = data, None
    for step in path_in(data):
        holder, key = (holder, step) if key is None else (holder[key], step)
    if key is None:
        return value.encode()
    holder[key] = "@@MARK@@"
    return json.dumps(data).replace('"@@MARK@@"', value, 1).encode()


def json_places(data, prefix=()) -> list[tuple]:
    """Every place (a path of keys and indexes) of a JSON document, the top first."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += json_places(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            out += json_places(v, (*prefix, i))
    return out


TOML_VALUE = re.compile(rb"^(\s*[A-Za-z_][\w.\"-]*\s*=\s*)(.+)$", re.M)


def _toml_replace(original: bytes, nth: int, value: bytes) -> bytes:
    matches = list(TOML_VALUE.finditer(original))
    if not matches:
        return original + b"\nx = " + value + b"\n"
    m = matches[nth % len(matches)]
    return original[: m.start(2)] + value + original[m.end(2) :]


# -- what can be put in a file's place -----------------------------------------------------
NUMBERS = (
    "1e400",
    "-1e400",
    "1e20",
    "100000000000000000000000000000",
    "-7",
    "NaN",
    "Infinity",
    "1" + "0" * 5000,
)
WRONG = ("[]", "{}", '"x"', "3.5", "null", "true", "[[[[1]]]]", '{"a": {"b": []}}')
TOML_NUMBERS = (
    b"1e400",
    b"-1e400",
    b"1e20",
    b"100000000000000000000000000000",
    b"-7",
    b"nan",
    b"inf",
    b"1" + b"0" * 5000,
)
TOML_WRONG = (
    b"[]",
    b"{}",
    b'"x"',
    b"3.5",
    b"true",
    b"[[[[1]]]]",
    b"{ a = { b = [] } }",
    b"1979-05-27T07:32:00",
)


def write_variant(
    path: Path, kind: str, original: bytes, fmt: str, n: int = 0, other: bytes = b""
) -> None:
    """Put variant ``kind`` of ``original`` at ``path`` (``n`` chooses where and what)."""
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "link_dev_zero":
        os.symlink("/dev/zero", path)
        return
    if kind == "link_outside":
        outside = path.parent.parent / OUTSIDE
        outside.write_bytes(original)
        os.symlink(outside, path)
        return
    if kind == "link_dangling":
        os.symlink(path.parent / "no-such-file", path)
        return
    if kind == "link_loop":
        os.symlink(path.name, path)
        return
    if kind == "fifo":
        os.mkfifo(path)
        return
    if kind == "folder":
        path.mkdir()
        return
    if kind == "oversized":  # sparse: takes no room on the disk
        with open(path, "wb") as f:
            f.truncate(300 * 1024 * 1024)
        return
    path.write_bytes(content(kind, original, fmt, n, other))


def content(kind: str, original: bytes, fmt: str, n: int = 0, other: bytes = b"") -> bytes:
    if kind == "empty":
        return b""
    if kind == "cut":
        return original[: n % max(1, len(original))]
    if kind == "flipped":
        i = n % max(1, len(original))
        return original[:i] + bytes([original[i] ^ (1 + n % 255)]) + original[i + 1 :]
    if kind == "binary":
        return bytes(range(256)) * 8
    if kind == "utf16":
        return original.decode("utf-8").encode("utf-16")
    if kind == "other_kind":
        return other or b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    if kind == "deep":
        if fmt == "json":
            return deep_json()
        return b"x = " + deep_json()
    if kind == "deep_inside":  # from just past the limit to past any recursion limit
        levels = (60, 300, 900, 2_000, DEEP)[n % 5]
        if fmt == "json":
            places = json_places(json.loads(original))
            return _marked(original, lambda d: places[n % len(places)], deep_json(levels).decode())
        return _toml_replace(original, n, deep_json(levels))
    if kind == "dotted":  # TOML's dotted keys nest without brackets
        key = b"a" + b".a" * 3_000
        return original + b"\n" + key + b" = 1\n" if fmt == "toml" else deep_json(5_000)
    if kind == "number":
        if fmt == "json":
            places = json_places(json.loads(original))
            return _marked(original, lambda d: places[n % len(places)], NUMBERS[n % len(NUMBERS)])
        return _toml_replace(original, n, TOML_NUMBERS[n % len(TOML_NUMBERS)])
    if kind == "wrong_type":
        if fmt == "json":
            places = json_places(json.loads(original))
            return _marked(original, lambda d: places[n % len(places)], WRONG[n % len(WRONG)])
        return _toml_replace(original, n, TOML_WRONG[n % len(TOML_WRONG)])
    raise ValueError(kind)


TEXT_KINDS = (
    "empty",
    "cut",
    "flipped",
    "binary",
    "utf16",
    "other_kind",
    "deep",
    "deep_inside",
    "dotted",
    "number",
    "wrong_type",
)
SPECIAL_KINDS = (
    "link_dev_zero",
    "link_outside",
    "link_dangling",
    "link_loop",
    "fifo",
    "folder",
    "oversized",
)
KINDS = TEXT_KINDS + SPECIAL_KINDS


def damage() -> st.SearchStrategy[tuple[str, int]]:
    """A variant and the number that places it."""
    return st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6))


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, or what a link, pipe or folder is."""
    out: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if p.is_symlink():
            out[rel] = "link -> " + os.readlink(p)
        elif p.is_fifo():
            out[rel] = "fifo"
        elif p.is_dir():
            out[rel] = "folder"
        elif p.stat().st_size > 10 * 1024 * 1024:
            out[rel] = f"large file of {p.stat().st_size} bytes"
        else:
            out[rel] = p.read_bytes()
    return out


def kept_whole(before: dict, after: dict, bad: str, aside: list[str]) -> list[str]:
    """What was lost or changed between two snapshots, except that the ``bad`` entry may
    have moved to one of the ``aside`` names (whole)."""
    problems = []
    for name, what in before.items():
        if name == bad:
            if after.get(name) == what:
                continue
            if not any(after.get(a) == what for a in aside):
                problems.append(f"{bad} was neither kept nor moved aside whole")
            continue
        if after.get(name) != what:
            problems.append(f"{name} changed or was lost")
    return problems
