"""Reading a file that may be anything: the one way every file reaches Tabletop.

Saves, settings, scenarios, card and deck files and imported databases come from players,
from other machines, from mail and from older or newer versions, so every one is treated
as hostile until it has been read and validated. :func:`read_data` reads a JSON or TOML
file and :func:`validate` checks it against a pydantic model; between them, whatever is
wrong with the file (not there, not a regular file, a link out of the folder it should be
in, too large, not text, not JSON or TOML, nested too deeply, numbers too large, the wrong
fields, and any error those raise: recursion, memory, encoding, type, value, OS) comes out
as one :class:`FileProblem` whose message names the file and, where there is one, the
field. Nothing else escapes.

* Only regular files are read: a FIFO, a device or a folder is refused before it is
  opened for reading (a FIFO is opened non-blocking, so it cannot hang the program).
* Each kind of file has a size limit, checked before and while reading, so a link to
  ``/dev/zero`` or a giant file cannot exhaust memory.
* A file inside a folder the program owns (``inside=``) may be a link only to a file in that
  same folder.
* Data nested deeper than :data:`MAX_DEPTH` is refused before any model sees it.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

MAX_DEPTH = 48  # the deepest real file (a save's record, a scenario) nests under 10
KB, MB = 1024, 1024 * 1024
LARGEST_NUMBER = 10**15  # no count, size or id in any game comes near it


class FileProblem(Exception):
    """A file that cannot be used: ``str(e)`` is one sentence naming it (and the field)."""


def shown(path: Path, root: Path | None = None) -> str:
    """How a file is named in messages: relative to ``root`` when it is inside it."""
    if root is not None:
        try:
            return Path(path).relative_to(root).as_posix()
        except ValueError:
            pass
    return str(path)


def _megabytes(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{max(1, n // KB)} KB"


def read_bytes(
    path: Path, limit: int, *, inside: Path | None = None, name: str | None = None
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (FileProblem otherwise).

    ``inside``: the folder the file belongs to; a link is then followed only to a file
    within that folder (a link elsewhere, to ``/dev/zero`` say, is refused unread)."""
    path = Path(path)
    label = name or str(path)
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


def parse(raw: bytes, fmt: Literal["json", "toml"], label: str) -> Any:
    """JSON or TOML text as Python data, checked for depth and for numbers no game uses."""
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
    where = _too_deep_or_huge(data)
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
    if fmt == "toml" and ("end of document" in str(e) or "(at end" in str(e)):
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


def _too_deep_or_huge(data: Any) -> str | None:
    """What is wrong with parsed data that no model should be asked to look at: nesting
    deeper than MAX_DEPTH, or a number beyond any game's (infinite, NaN, 10^15 and up).
    Walked with a stack, not recursion; where a value lies is spelt out only for a problem
    (each entry keeps its parent's entry and its own key)."""
    stack: list[tuple[Any, int, tuple | None]] = [(data, 0, None)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth, where = pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH and value:
                return f"nested more than {MAX_DEPTH} levels deep (at {_spelt(where)})"
            for k, v in value.items():
                push((v, depth + 1, (where, k)))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH and value:
                return f"nested more than {MAX_DEPTH} levels deep (at {_spelt(where)})"
            for i, v in enumerate(value):
                push((v, depth + 1, (where, i)))
        elif value is True or value is False or isinstance(value, str):
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
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    if not out:
        return "the top"
    return out if len(out) <= 60 else out[:57] + "..."


def _short_number(n: int) -> str:
    digits = len(str(abs(n))) if abs(n) < 10**4000 else 4000
    return f"{n}" if digits <= 20 else f"with {digits} digits"


def read_data(
    path: Path,
    fmt: Literal["json", "toml"],
    limit: int,
    *,
    inside: Path | None = None,
    name: str | None = None,
) -> Any:
    """A JSON or TOML file's data (FileProblem, naming the file, if it cannot be had)."""
    label = name or str(path)
    raw = read_bytes(path, limit, inside=inside, name=label)
    return parse(raw, fmt, label)


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


def describe_errors(err: ValidationError, where: str, record: Any = None) -> Iterator[str]:
    """One readable line per pydantic error: ``where: field: problem``."""
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
    for e in errors:
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


def _short(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool)) and len(repr(value)) <= 40


def validate(
    model: type[M], data: Any, label: str, *, first_only: bool = True, context: dict | None = None
) -> M:
    """``data`` as a ``model`` (FileProblem naming the file and the field otherwise)."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as e:
        lines = list(describe_errors(e, label, data))
        if first_only:
            more = len(lines) - 1
            raise FileProblem(lines[0] + (f" (and {more} more)" if more > 0 else "")) from None
        raise FileProblem("\n".join(lines)) from None
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
    one, whole: a temporary file in the same folder, flushed to disk, then renamed."""
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
