"""Saved games and replays, in the player's data folder.

A save is the game record (seed, decks, actions) with a little about it (who sits where,
the turn, when) and a format version; loading replays the record, so a resumed game is
exactly the one left (same hands, deck order, phase). A finished game is kept as a replay,
the same file with ``finished`` set.

Files are JSON read through pydantic only: nothing is ever executed or unpickled. Writes
are atomic (a temporary file, fsync, rename), so a crash or a kill in the middle of a save
leaves the previous one whole. A file that is corrupted, truncated, not Tabletop's, or from
a newer Tabletop is refused with a message naming it and what is wrong, and moved aside to
``refused/``; nothing else changes.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .engine import ActionSyntaxError, Game, GameRecord, GameState, IllegalAction
from .engine.cards import describe_errors
from .paths import APP, user_data_dir

SAVE_FORMAT = 1


class SaveError(Exception):
    """A save or replay that cannot be used; the message names the file and the problem."""


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    app: Literal["tabletop"] = APP
    format: int = SAVE_FORMAT
    saved: datetime
    seats: list[str] = Field(min_length=1)  # "human" or a bot's name, per seat
    turn: int = Field(ge=0)
    finished: bool = False
    winners: list[int] = Field(default_factory=list)
    record: GameRecord

    def describe_seats(self) -> str:
        humans = self.seats.count("human")
        if humans == len(self.seats):
            return "Hot-seat"
        if humans == 0:
            return " vs ".join(self.seats)
        bots = [s for s in self.seats if s != "human"]
        return f"You vs computer ({', '.join(bots)})"


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


def read_save(path: Path) -> SaveFile:
    """Read and validate one file (its structure; :func:`resume` replays it)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise SaveError(f"{path.name}: cannot be read ({e.strerror})") from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise SaveError(f"{path.name}: damaged or cut short (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("app") != APP:
        raise SaveError(f"{path.name}: not a Tabletop saved game") from None
    version = data.get("format")
    if isinstance(version, int) and version > SAVE_FORMAT:
        raise SaveError(f"{path.name}: saved by a newer Tabletop (format {version}; this "
                        f"version reads format {SAVE_FORMAT})")
    try:
        return SaveFile.model_validate(data)
    except ValidationError as e:
        first = next(describe_errors(e, path.name, data))
        raise SaveError(f"{first} (damaged?)") from None


def resume(save: SaveFile, games: dict[str, Game], name: str) -> GameState:
    """Replay a save's record to its last position (SaveError if it does not replay)."""
    record = save.record
    game = games.get(record.game)
    if game is None:
        raise SaveError(f"{name}: a game of {record.game!r}, which this Tabletop does not have")
    try:
        return record.replay(game)
    except (ActionSyntaxError, IllegalAction, ValueError, KeyError) as e:
        raise SaveError(f"{name}: does not replay ({e})") from None


@dataclass
class Entry:
    path: Path
    save: SaveFile


class Store:
    """The saves and replays folders (under the player's data folder by default)."""

    def __init__(self, root: Path | None = None):
        self.root = root if root is not None else user_data_dir()
        self.saves = self.root / "saves"
        self.replays = self.root / "replays"
        self.refused = self.root / "refused"

    # -- writing -------------------------------------------------------------------------
    def new_path(self, game_id: str, kind: str = "saves") -> Path:
        folder = self.saves if kind == "saves" else self.replays
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{game_id}-{stamp}.json"
        n = 2
        while path.exists():
            path = folder / f"{game_id}-{stamp}-{n}.json"
            n += 1
        return path

    def write(self, path: Path, record: GameRecord, seats: list[str], state: GameState) -> None:
        save = SaveFile(saved=datetime.now().astimezone(), seats=seats, turn=state.turn,
                        finished=state.over, winners=list(state.winners), record=record)
        atomic_write(path, save.model_dump_json(indent=1))

    def finish(self, save_path: Path | None, record: GameRecord, seats: list[str],
               state: GameState) -> Path:
        """A game is over: keep it as a replay, and its save is no longer needed."""
        path = self.new_path(record.game, "replays")
        self.write(path, record, seats, state)
        if save_path is not None:
            with contextlib.suppress(OSError):
                save_path.unlink()
        return path

    # -- reading -------------------------------------------------------------------------
    def listing(self, kind: str = "saves") -> tuple[list[Entry], list[str]]:
        """The saves (or replays), newest first, and a message for each file refused."""
        folder = self.saves if kind == "saves" else self.replays
        entries, problems = [], []
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                entries.append(Entry(path, read_save(path)))
            except SaveError as e:
                problems.append(self.refuse(path, str(e)))
        entries.sort(key=lambda e: e.save.saved, reverse=True)
        return entries, problems

    def latest_unfinished(self) -> Entry | None:
        entries, _ = self.listing()
        return next((e for e in entries if not e.save.finished), None)

    def open(self, path: Path, games: dict[str, Game]) -> tuple[SaveFile, GameState]:
        """Read and replay a file; a file that cannot be used is moved aside and the
        SaveError says why."""
        try:
            save = read_save(path)
            return save, resume(save, games, path.name)
        except SaveError as e:
            raise SaveError(self.refuse(path, str(e))) from None

    def refuse(self, path: Path, why: str) -> str:
        """Move a bad file aside (never delete what a player may want back)."""
        self.refused.mkdir(parents=True, exist_ok=True)
        dest = self.refused / path.name
        n = 2
        while dest.exists():
            dest = self.refused / f"{path.stem}-{n}{path.suffix}"
            n += 1
        try:
            os.replace(path, dest)
        except OSError:
            return f"{why}; it could not be moved aside"
        return f"{why}; moved to {dest}"

    def delete(self, path: Path) -> None:
        with contextlib.suppress(OSError):
            path.unlink()
