"""Reading a file that may be anything: the one way every file reaches Tabletop.

Saves, settings, scenarios, card and deck files and imported databases come from players,
from other machines, from mail and from older or newer versions, so every one is treated
as hostile until it has been read and validated. :func:`read_data` reads a JSON or TOML
file and :func:`validate` checks it against a pydantic model; between them, whatever is
wrong with the file (not there, not a regular file, a link out of the folder it should be
in, too large, not text, not JSON or TOML, nested too deeply, numbers too large, too many
keys, items or values, strings too long, the wrong fields, and any error those raise:
recursion, memory, encoding, type, value, OS) comes out as one :class:`FileProblem` whose
message names the file and, where there is one, the field. Nothing else escapes.

The work done on a file is bounded by its size, whatever it holds:

* Only regular files are read: a FIFO, a device or a folder is refused before it is
  opened for reading (a FIFO is opened non-blocking, so it cannot hang the program).
* Each kind of file has its :class:`Limits`: a size, checked before and while reading (so a
  link to ``/dev/zero`` or a giant file cannot exhaust memory), and the most keys in a
  table, items in a list, values in all and characters in a string, checked in one walk
  of the parsed data before any model sees it.
* A reader says which folder the file belongs to (``inside=``, required): a link is then
  followed only to a file in that same folder.
* Data nested deeper than :data:`MAX_DEPTH` is refused before any model sees it.
* A model's errors are described for the first few only (:data:`MOST_PROBLEMS`), each
  field's path worked out once; the rest are counted.

Whatever a file says reaches the screen, the log and the settings through
:func:`safe_text`: control characters, NUL and undecodable bytes of a file's name replaced,
the length capped with an ellipsis. :class:`FileProblem` passes its message through it.

Writes go through :func:`atomic_write`; the temporary file a write killed half-way leaves
behind is removed by :func:`sweep_leftovers` at the next start.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

MAX_DEPTH = 48  # the deepest real file (a save's record, a scenario) nests under 10
KB, MB = 1024, 1024 * 1024
LARGEST_NUMBER = 10**15  # no count, size or id in any game comes near it
MOST_PROBLEMS = 5  # a model's errors described in one refusal; the others are counted
SHOWN = 200  # characters of a name or title shown (a screen, a log line, a message)
MESSAGE = 2_000  # characters of a whole message about a file


@dataclass(frozen=True)
class Limits:
    """How much of everything a kind of file may hold (each far above any real file of the
    kind): its size in bytes, and in its data the most keys in one table, items in one
    list, values in all (keys, items and the values under them), characters in one string
    or key. A file over one is refused in one sentence naming the limit."""

    size: int
    keys: int = 1_000
    items: int = 10_000
    values: int = 100_000
    text: int = 10_000

    def __str__(self) -> str:
        return (
            f"at most {_megabytes(self.size)}, {self.keys:,} keys in a table, "
            f"{self.items:,} items in a list, {self.values:,} values in all and "
            f"{self.text:,} characters in a string"
        )


# What no name, title or message may show: control characters (NUL among them), the
# halves of surrogate pairs (how Python keeps the bytes of a file name that are not
# UTF-8), and the marks that reverse the direction of the text after them. Line and
# paragraph separators too, which a one-line label cannot draw.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_KEEPING_LINES = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
REPLACEMENT = "\ufffd"
# Half of a surrogate pair alone, which JSON may write as an escape ("\udcff") but no text
# holds: such data could be read but never written back.
_SURROGATE = re.compile("[\ud800-\udfff]")
NOT_TEXT = "holds a character that is not text (half of a UTF-16 surrogate pair)"


def _replace(m: re.Match) -> str:
    return " " if m.group() in "\t\n\r" else REPLACEMENT


def safe_text(words: object, limit: int = SHOWN, *, lines: bool = False) -> str:
    """``words`` (anything a file or a file name gave) made fit to show anywhere: every
    control character, NUL, undecodable byte of a file name and direction mark replaced
    (a tab or a line break by a space, unless ``lines`` keeps line breaks), and more than
    ``limit`` characters cut to ``limit`` with an ellipsis. The work is bounded by
    ``limit``, whatever the length of ``words``."""
    text = words if isinstance(words, str) else str(words)
    cut = len(text) > limit
    if cut:
        text = text[: max(0, limit - 1)]
    pattern = _UNSAFE_KEEPING_LINES if lines else _UNSAFE
    if pattern.search(text) is not None:
        text = pattern.sub(_replace, text)
    return text + "…" if cut else text


def is_text(words: str) -> bool:
    """Whether ``words`` can be written as UTF-8 (a file name with bytes that are not UTF-8
    holds surrogates, which no JSON or TOML file may)."""
    try:
        words.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Told(Exception):
    """An exception whose message a player is shown: made safe to show
    (:func:`safe_text`, line breaks kept) whatever words went into it."""

    def __init__(self, message: object = ""):
        super().__init__(safe_text(message, MESSAGE, lines=True))


class FileProblem(Told):
    """A file that cannot be used: ``str(e)`` is one sentence naming it (and the field)."""


def shown(path: Path, root: Path | None = None) -> str:
    """How a file is named in messages: relative to ``root`` when it is inside it, made safe
    to show (:func:`safe_text`: a name that is not UTF-8 shows its bad bytes as �)."""
    if root is not None:
        try:
            return safe_text(Path(path).relative_to(root).as_posix())
        except ValueError:
            pass
    return safe_text(str(path))


def _megabytes(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{max(1, n // KB)} KB"


def read_bytes(path: Path, limit: int, *, inside: Path | None, name: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (FileProblem otherwise).

    ``inside``: the folder the file belongs to; a link is then followed only to a file
    within that folder (a link elsewhere, to ``/dev/zero`` say, is refused unread). Every
    reader says it; ``None`` only for a file the player named themselves (on the command
    line, or dropped onto the window), whose link is theirs to follow."""
    path = Path(path)
    label = safe_text(name) if name else shown(path)
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode) and inside is not None:
            target = Path(os.path.realpath(path))  # a loop resolves to itself, unread
            base = Path(os.path.realpath(inside))
            if base not in target.parents:
                raise FileProblem(f"{label}: a link to {target}, outside {inside}; not read")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise FileProblem(f"{label}: not found") from None
    except OSError as e:
        raise FileProblem(f"{label}: cannot be read ({e.strerror or e})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = (
                "a folder"
                if stat.S_ISDIR(info.st_mode)
                else "a pipe"
                if stat.S_ISFIFO(info.st_mode)
                else "a device"
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "not a regular file"
            )
            raise FileProblem(f"{label}: {kind}, not a file; not read")
        if info.st_size > limit:
            raise FileProblem(
                f"{label}: too large ({_megabytes(info.st_size)}; at most {_megabytes(limit)})"
            )
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 * MB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(f"{label}: too large (more than {_megabytes(limit)})")
        return b"".join(chunks)
    except OSError as e:
        raise FileProblem(f"{label}: cannot be read ({e.strerror or e})") from None
    except MemoryError:
        raise FileProblem(f"{label}: too large to read") from None
    finally:
        os.close(fd)


def _text(raw: bytes, label: str) -> str:
    if b"\x00" in raw[:8192]:
        raise FileProblem(f"{label}: damaged or not a text file (binary data)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FileProblem(f"{label}: not UTF-8 text (a bad byte at position {e.start})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file may hold")


def parse(raw: bytes, fmt: Literal["json", "toml"], label: str, limits: Limits) -> Any:
    """JSON or TOML text as Python data, checked against ``limits`` (keys, items, values,
    string lengths), for depth and for numbers no game uses."""
    text = _text(raw, label)
    if not text.strip():
        raise FileProblem(f"{label}: the file is empty")
    try:
        if fmt == "json":
            data = json.loads(text, parse_constant=_no_constant)
        else:
            data = tomllib.loads(text)
    except RecursionError:
        raise FileProblem(f"{label}: nested more than {MAX_DEPTH} levels deep") from None
    except MemoryError:
        raise FileProblem(f"{label}: too large to read") from None
    except ValueError as e:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        raise FileProblem(f"{label}: {_unreadable(e, text, fmt)}") from None
    where = beyond(data, limits)
    if where is not None:
        raise FileProblem(f"{label}: {where}")
    return data


def _unreadable(e: ValueError, text: str, fmt: str) -> str:
    """Why text does not read as JSON or TOML, in a player's words: cut off (the parser ran
    out of text), or where it is damaged."""
    if "integer string conversion" in str(e):
        return f"damaged (not valid {fmt.upper()}: a number with thousands of digits)"
    pos = getattr(e, "pos", None)  # JSON says where; TOML says it in its message
    end = len(text.rstrip())
    # Out of text: at the end, or inside a string that never closes.
    if pos is not None and (
        pos >= end or (str(e).startswith("Unterminated string") and '"' not in text[pos + 1 :])
    ):
        return (
            f"cut off near the end (character {end:,}): the file is incomplete; copy "
            "or download it again"
        )
    # TOML says "(at end of document)" when it ran out of text; "expected newline or end of
    # document" is a mistake on a line (a quote inside a string), said with where it is.
    if fmt == "toml" and "(at end of document)" in str(e):
        return "cut off near the end: the file is incomplete; copy or download it again"
    if isinstance(e, json.JSONDecodeError):
        return (
            f"damaged (not valid JSON at line {e.lineno:,}, column {e.colno:,}: "
            f"{e.msg[:1].lower()}{e.msg[1:]})"
        )
    return f"damaged (not valid {fmt.upper()}: {_first_line(e)})"


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return (text[0] if text else type(e).__name__)[:160]


def beyond(data: Any, limits: Limits) -> str | None:
    """What is wrong with parsed data that no model should be asked to look at, in words:
    nesting deeper than MAX_DEPTH, a number beyond any game's (infinite, NaN, 10^15 and up),
    or more than ``limits`` allow (keys in a table, items in a list, values in all,
    characters in a string or a key). None: nothing. One walk, with a stack, not recursion,
    that stops at the first problem; where a value lies is spelt out only for a problem
    (each entry keeps its parent's entry and its own key)."""
    stack: list[tuple[Any, int, tuple | None]] = [(data, 0, None)]
    pop, push = stack.pop, stack.append
    values = 0
    text = limits.text
    while stack:
        value, depth, where = pop()
        if isinstance(value, str):
            if len(value) > text:
                return f"{_spelt(where)}: a text of {len(value):,} characters (at most {text:,})"
            if not value.isascii() and _SURROGATE.search(value):
                return f"{_spelt(where)}: {NOT_TEXT}"
        elif isinstance(value, dict):
            if len(value) > limits.keys:
                return (
                    f"{_spelt(where)}: {len(value):,} keys in one table (at most {limits.keys:,})"
                )
            if depth >= MAX_DEPTH and value:
                return f"nested more than {MAX_DEPTH} levels deep (at {_spelt(where)})"
            values += len(value)
            if values > limits.values:
                return f"more than {limits.values:,} values in all"
            for k, v in value.items():
                if len(k) > text:
                    return f"{_spelt(where)}: a key of {len(k):,} characters (at most {text:,})"
                if not k.isascii() and _SURROGATE.search(k):
                    return f"{_spelt(where)}: a key {NOT_TEXT}"
                push((v, depth + 1, (where, k)))
        elif isinstance(value, list):
            if len(value) > limits.items:
                return (
                    f"{_spelt(where)}: {len(value):,} items in one list (at most {limits.items:,})"
                )
            if depth >= MAX_DEPTH and value:
                return f"nested more than {MAX_DEPTH} levels deep (at {_spelt(where)})"
            values += len(value)
            if values > limits.values:
                return f"more than {limits.values:,} values in all"
            for i, v in enumerate(value):
                push((v, depth + 1, (where, i)))
        elif value is True or value is False:
            continue
        elif isinstance(value, int) and not -LARGEST_NUMBER < value < LARGEST_NUMBER:
            return f"{_spelt(where)}: the number {_short_number(value)} is far too large"
        elif isinstance(value, float) and not -LARGEST_NUMBER < value < LARGEST_NUMBER:
            return f"{_spelt(where)}: the number {value:g} is far too large"
    return None


def _spelt(where: tuple | None) -> str:
    """``seats[0].zones.field``, from the chain of keys the walk kept."""
    keys = []
    while where is not None:
        where, key = where
        keys.append(key)
    out = ""
    for key in reversed(keys):
        word = safe_text(key, 40)
        out += f"[{key}]" if isinstance(key, int) else (f".{word}" if out else word)
    if not out:
        return "the top"
    return out if len(out) <= 60 else out[:57] + "..."


def _short_number(n: int) -> str:
    digits = len(str(abs(n))) if abs(n) < 10**4000 else 4000
    return f"{n}" if digits <= 20 else f"with {digits} digits"


def read_data(
    path: Path,
    fmt: Literal["json", "toml"],
    limits: Limits,
    *,
    inside: Path | None,
    name: str | None = None,
) -> Any:
    """A JSON or TOML file's data, within ``limits`` (FileProblem, naming the file, if it
    cannot be had). ``inside``: see :func:`read_bytes`."""
    label = safe_text(name) if name else shown(path)
    raw = read_bytes(path, limits.size, inside=inside, name=label)
    return parse(raw, fmt, label, limits)


M = TypeVar("M", bound=BaseModel)


def _field_path(loc: tuple, record: Any) -> str:
    """``effects[0] (attack).strength``: list indexes in brackets, and the tag pydantic adds
    for a tagged union (a step the record itself does not have) in parentheses."""
    out = ""
    here = record
    for i, part in enumerate(loc):
        after = loc[i + 1] if i + 1 < len(loc) else None
        if isinstance(part, int):
            out += f"[{part}]"
            here = here[part] if isinstance(here, list) and part < len(here) else None
        elif (
            isinstance(part, str)
            and part[:1].isupper()
            and isinstance(here, dict)
            and part not in here
        ):
            continue  # the label pydantic gives a member of a union (``CardSpec``)
        elif (
            isinstance(here, dict)
            and part in here.values()
            and (part not in here or (after is not None and after in here))
        ):
            # the tag of a tagged union: a value of the record (do = "status"), even when a
            # field bears the same name (status = "cursed")
            out += f" ({part})"
        else:
            out += f".{part}" if out else str(part)
            here = here.get(part) if isinstance(here, dict) else None
    return out


def describe_errors(
    err: ValidationError, where: str, record: Any = None, most: int = MOST_PROBLEMS
) -> Iterator[str]:
    """One readable line per pydantic error, ``where: field: problem``, for the first
    ``most`` of them, then one line counting the others (so a file with thousands of
    wrong fields costs the description of a few)."""
    errors = err.errors(include_url=False)
    # A value that may be a name or a table (``"Iron Sword"`` or ``{ card = ... }``) and is
    # a wrong table: the "should be a string" of the name's branch only hides the real
    # problem, which the table's branch gives.
    errors = [
        e
        for e in errors
        if not (
            e["type"] == "string_type"
            and e["loc"][-1:] == ("str",)
            and isinstance(e.get("input"), dict)
        )
    ] or errors
    for e in errors[:most]:
        # Unknown keys of a tagged union name the tag's value; say it as a person would.
        if e["type"] == "union_tag_invalid":
            ctx = e.get("ctx", {})
            msg = (
                f"unknown {ctx.get('discriminator', 'kind').strip(chr(39))} "
                f"{ctx.get('tag')!r} (known: {ctx.get('expected_tags')})"
            )
        elif e["type"] == "missing":
            msg = "missing (this field is required)"
        elif e["type"] == "extra_forbidden":
            msg = "not a field of this record (misspelt?)"
        elif e["type"] == "value_error" and "error" in e.get("ctx", {}):
            msg = str(e["ctx"]["error"])
        else:
            msg = e["msg"]
            if "input" in e and e["type"] not in ("model_type",) and _short(e["input"]):
                msg += f" (got {e['input']!r})"
        path = _field_path(e["loc"], record)
        yield f"{where}: {path}: {msg}" if path else f"{where}: {msg}"
    if len(errors) > most:
        yield f"{where}: and {len(errors) - most:,} more problems"


def _short(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool)) and len(repr(value)) <= 40


def validate(
    model: type[M], data: Any, label: str, *, first_only: bool = True, context: dict | None = None
) -> M:
    """``data`` as a ``model`` (FileProblem naming the file and the field otherwise: the
    first problem and how many more, or with ``first_only=False`` the first few, one a
    line, and how many more)."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as e:
        if first_only:
            first = next(describe_errors(e, label, data, most=1))
            more = e.error_count() - 1
            raise FileProblem(first + (f" (and {more:,} more)" if more > 0 else "")) from None
        raise FileProblem("\n".join(describe_errors(e, label, data))) from None
    except Exception as e:  # a validator tripped by hostile data: still the file's fault
        raise FileProblem(f"{label}: cannot be used ({_first_line(e)})") from None


def entries_of(folder: Path, pattern: str) -> Iterator[Path]:
    """The entries of ``folder`` matching ``pattern``, sorted, without raising when the
    folder is missing or unreadable. Links, pipes and folders are listed too, so that the
    reader refuses each by name and it can be set aside."""
    try:
        return iter(sorted(Path(folder).glob(pattern)))
    except OSError:
        return iter(())


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that ``path`` is always either the old file or the new
    one, whole: a temporary file in the same folder, flushed to disk, then renamed. (A write
    killed half-way leaves its temporary file, which :func:`sweep_leftovers` removes.)"""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if os.name == "posix":  # the rename itself, on disk
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


STALE_AFTER = 120.0  # seconds: a temporary file older than this is a write that was killed
# The temporary files :func:`atomic_write` makes: ".<name>.<8 of mkstemp's letters>.tmp".
_LEFTOVER = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
SWEEP_DEPTH = 4  # folders below each root looked into (the data folder's go two deep)
SWEEP_ENTRIES = 20_000  # entries looked at in all: a start never waits on a huge folder


def sweep_leftovers(
    roots: Iterable[Path], older_than: float = STALE_AFTER, *, only: str = ""
) -> list[Path]:
    """Remove the temporary files that writes killed half-way left under ``roots`` (the
    player's folders; the file each was replacing is whole: see :func:`atomic_write`);
    the files removed. Only files of :func:`atomic_write`'s naming older than
    ``older_than`` seconds (a write under way in another window is left alone), only in
    real folders (no link is followed), at most :data:`SWEEP_DEPTH` folders down and
    :data:`SWEEP_ENTRIES` entries in all; in a folder shared with other programs, only the
    leftovers of the file ``only``. Nothing here raises."""
    prefix = f".{only}." if only else ""
    gone: list[Path] = []
    now = time.time()
    seen = 0
    folders = [(Path(root), 0) for root in roots]
    while folders and seen < SWEEP_ENTRIES:
        folder, depth = folders.pop()
        try:
            with os.scandir(folder) as listing:
                for entry in listing:  # read as it goes: a huge folder is not listed whole
                    seen += 1
                    if seen > SWEEP_ENTRIES:
                        break
                    if entry.is_dir(follow_symlinks=False):
                        if depth < SWEEP_DEPTH:
                            folders.append((Path(entry.path), depth + 1))
                    elif (
                        entry.name.startswith(prefix)
                        and _LEFTOVER.match(entry.name)
                        and _stale(entry, now - older_than)
                    ):
                        with contextlib.suppress(OSError):
                            os.unlink(entry.path)
                            gone.append(Path(entry.path))
        except OSError:
            continue
    return gone


def _stale(entry: os.DirEntry, before: float) -> bool:
    """A regular file (not a link) last written before ``before``."""
    try:
        return entry.is_file(follow_symlinks=False) and (
            entry.stat(follow_symlinks=False).st_mtime <= before
        )
    except OSError:
        return False
