"""Saved games and replays, in the player's data folder.

A save is the game record (seed, decks, actions) with a little about it (who sits where,
the turn, when) and a format version; loading replays the record, so a resumed game is
exactly the one left (same hands, deck order, phase). A finished game is kept as a replay,
the same file with ``finished`` set.

Files are JSON read through :mod:`tabletop.engine.files` and pydantic only: nothing is
ever executed or unpickled. Writes are atomic (a temporary file, fsync, rename), so a crash
or a kill in the middle of a save leaves the previous one whole (and the temporary files
such a kill leaves behind are cleared at the next start). A file that is corrupted,
truncated, hostile, not Tabletop's, from a newer Tabletop, or claiming what its own record
does not replay to (a winner the game does not have, a seat too many) is refused with a
message naming it and what is wrong, and moved aside to ``refused/``; nothing else changes.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..engine import Game, GameRecord, GameState, counted
from ..engine.files import (
    MB,
    FileProblem,
    Limits,
    Told,
    atomic_write,
    entries_of,
    read_data,
    safe_text,
    shown,
    validate,
)
from ..system.paths import APP, user_data_dir

SAVE_FORMAT = 1
# A long game's save is under 100 KB: two decks of a few dozen different cards, a few
# thousand actions of under a hundred characters each.
SAVE_LIMITS = Limits(4 * MB, keys=2_000, items=50_000, values=200_000, text=4_000)
HUMAN = "human"  # a seat played at this screen
JOINING = "remote"  # a network game's seat, played by a person joining the host
MOST_SEATS = 8  # more than any game seats
# The times a save may say it was saved at: any later or earlier is brought to the nearest
# (a day inside what Python's dates can hold, so that any time zone can show it).
EARLIEST = datetime(1, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 30, tzinfo=UTC)


class SaveError(Told):
    """A save or replay that cannot be used; the message names the file and the problem."""


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    app: Literal["tabletop"] = APP
    format: int = SAVE_FORMAT
    saved: datetime
    seats: list[str] = Field(min_length=1, max_length=MOST_SEATS)  # "human" or a bot's name
    turn: int = Field(ge=0)
    finished: bool = False
    winners: list[int] = Field(default_factory=list, max_length=MOST_SEATS)
    record: GameRecord

    @field_validator("saved")
    @classmethod
    def _local_time(cls, v: datetime) -> datetime:
        """A time written without its zone (by hand, or elsewhere) is read as local time;
        every time is kept in UTC, within :data:`EARLIEST` and :data:`LATEST` (a file may
        say any year from 1 to 9999 in any zone, which no screen could show)."""
        return in_range(v)

    @field_validator("seats")
    @classmethod
    def _known_players(cls, v: list[str]) -> list[str]:
        from ..bots import BOTS

        for seat in v:
            if seat not in (HUMAN, JOINING) and seat not in BOTS:
                raise ValueError(
                    f'{seat!r} is neither "human", "remote" nor a computer player '
                    f"({', '.join(BOTS)})"
                )
        if JOINING in v and v.count(HUMAN) != 1:
            raise ValueError('a network game has one "human" seat: the host\'s')
        return v

    @model_validator(mode="after")
    def _one_player_per_deck(self) -> SaveFile:
        if len(self.seats) != len(self.record.decks):
            raise ValueError(
                f"{len(self.seats)} seat(s) for a game of {len(self.record.decks)} decks"
            )
        if any(not 0 <= w < len(self.seats) for w in self.winners):
            raise ValueError(f"winners {self.winners} are not seats of this game")
        if self.winners and not self.finished:
            raise ValueError("winners are named but the game is not marked finished")
        return self

    def describe_seats(self) -> str:
        if JOINING in self.seats:
            return f"Network game ({counted(self.seats.count(JOINING), 'player')} joining)"
        humans = self.seats.count("human")
        if humans == len(self.seats):
            return "Hot-seat"
        if humans == 0:
            return " vs ".join(self.seats)
        bots = [s for s in self.seats if s != "human"]
        return f"You vs computer ({', '.join(bots)})"


def in_range(when: datetime) -> datetime:
    """``when`` in UTC, brought within :data:`EARLIEST` and :data:`LATEST`; a time without
    a zone is taken as local time."""
    try:
        if when.tzinfo is None:
            when = when.astimezone()
        utc = when.replace(tzinfo=None) - (when.utcoffset() or timedelta(0))
    except (OverflowError, ValueError, OSError):
        return EARLIEST if when.year < 5000 else LATEST
    return min(max(utc.replace(tzinfo=UTC), EARLIEST), LATEST)


def read_save(path: Path, inside: Path | None) -> SaveFile:
    """Read and validate one file (its structure; :func:`resume` replays it). ``inside``:
    the folder it was listed in (a link out of it is not followed)."""
    name = safe_text(path.name)
    try:
        data = read_data(path, "json", SAVE_LIMITS, inside=inside, name=name)
        if not isinstance(data, dict) or data.get("app") != APP:
            raise SaveError(f"{name}: not a Tabletop saved game") from None
        version = data.get("format")
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_FORMAT:
            raise SaveError(
                f"{name}: saved by a newer Tabletop (format {version}; this "
                f"version reads format {SAVE_FORMAT})"
            )
        return validate(SaveFile, data, name)
    except FileProblem as e:
        raise SaveError(str(e)) from None


def resume(save: SaveFile, games: dict[str, Game], name: str) -> GameState:
    """Replay a save's record to its last position, which must be what the file says it
    is (SaveError, naming the file, if it does not replay or does not agree)."""
    record = save.record
    game = games.get(record.game)
    if game is None:
        raise SaveError(f"{name}: a game of {record.game!r}, which this Tabletop does not have")
    try:
        state = record.replay(game)
    except Exception as e:  # a hostile record may trip anything; none of it may escape
        why = str(e).strip().splitlines()[0][:200] if str(e).strip() else type(e).__name__
        raise SaveError(f"{name}: does not replay ({why})") from None
    if save.turn != state.turn:
        raise SaveError(
            f"{name}: turn: the file says turn {save.turn}, but its record plays "
            f"to turn {state.turn}"
        )
    if save.finished != state.over:
        said = "finished" if save.finished else "in progress"
        raise SaveError(
            f"{name}: finished: the file says the game is {said}, but its "
            f"record plays to a game {'over' if state.over else 'in progress'}"
        )
    if save.finished and sorted(save.winners) != sorted(state.winners):
        raise SaveError(
            f"{name}: winners: the file names {_seats(save.winners)}, but the "
            f"record's winner is {_seats(state.winners)}"
        )
    return state


def _seats(seats) -> str:
    return ", ".join(f"P{s + 1}" for s in seats) or "nobody (a draw)"


@dataclass
class Entry:
    path: Path
    save: SaveFile


class Keeper:
    """One game's save, kept as it is played: written at the start of every turn (or when
    asked), and, once the game is over, kept as a replay while the save goes. ``OSError``
    where it cannot be written (the game plays on; the caller says so)."""

    def __init__(self, store: Store, path: Path | None = None):
        self.store = store
        self.path = path  # the save being kept (None: none written yet, or the game is over)
        self.turn: int | None = None  # the turn last saved; -1 once kept as a replay

    def __call__(
        self, record: GameRecord, seats: list[str], state: GameState, now: bool = False
    ) -> None:
        if state.over:
            if self.turn != -1:
                self.turn = -1
                self.store.finish(self.path, record, seats, state)
                self.path = None
            return
        if now or state.turn != self.turn:
            if self.path is None:
                self.path = self.store.new_path(record.game)
            self.store.write(self.path, record, seats, state)
            self.turn = state.turn


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
        save = SaveFile(
            saved=datetime.now().astimezone(),
            seats=seats,
            turn=state.turn,
            finished=state.over,
            winners=list(state.winners),
            record=record,
        )
        atomic_write(path, save.model_dump_json(indent=1))

    def finish(
        self, save_path: Path | None, record: GameRecord, seats: list[str], state: GameState
    ) -> Path:
        """A game is over: keep it as a replay, and its save is no longer needed."""
        path = self.new_path(record.game, "replays")
        self.write(path, record, seats, state)
        if save_path is not None:
            with contextlib.suppress(OSError):
                save_path.unlink()
        return path

    def keeper(self, path: Path | None = None) -> Keeper:
        """What keeps one game's save as it is played (``path``: the save it continues)."""
        return Keeper(self, path)

    # -- reading -------------------------------------------------------------------------
    def listing(self, kind: str = "saves") -> tuple[list[Entry], list[str]]:
        """The saves (or replays), newest first, and a message for each file refused."""
        folder = self.saves if kind == "saves" else self.replays
        entries, problems = [], []
        for path in entries_of(folder, "*.json"):
            try:
                entries.append(Entry(path, read_save(path, inside=folder)))
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
            save = read_save(path, inside=path.parent)
            return save, resume(save, games, safe_text(path.name))
        except SaveError as e:
            raise SaveError(self.refuse(path, str(e))) from None

    def refuse(self, path: Path, why: str) -> str:
        """Move a bad file aside to ``refused/`` (never delete what a player may want back);
        where that cannot be (``refused`` is not a folder, the folder cannot be written),
        the file stays where it is. The message, for the screen and the log."""
        from ..system.logs import log

        try:
            self.refused.mkdir(parents=True, exist_ok=True)
            dest = self.refused / path.name
            n = 2
            while os.path.lexists(dest):
                dest = self.refused / f"{path.stem}-{n}{path.suffix}"
                n += 1
            os.replace(path, dest)
        except OSError as e:
            cause = (
                f"{shown(self.refused)} is not a folder"
                if os.path.lexists(self.refused) and not self.refused.is_dir()
                else e.strerror or str(e)
            )
            message = f"{why}; it stays where it is (it could not be moved aside: {cause})"
        else:
            message = f"{why}; moved to {shown(dest)}"
        log.warning("save refused: %s", message)  # the log keeps what the screen showed
        return message

    def delete(self, path: Path) -> None:
        with contextlib.suppress(OSError):
            path.unlink()
