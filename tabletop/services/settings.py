"""The player's settings, in ``settings.json`` in the user's config folder.

Read through :mod:`tabletop.engine.files` and pydantic; a missing file means the defaults
(a first start), and a file that cannot be read or is not valid gives the defaults too, with
one message naming the file and what is wrong. So do settings that read well but cannot be
applied (a window the display refuses): :func:`set_aside`. The bad file is moved aside
(``settings.json.bad``) so that nothing the player wrote is lost when the settings are next
saved. A window larger than any display is brought back to a size a display can have (the
app then fits it to the real one). Writes are atomic.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..engine.files import (
    KB,
    FileProblem,
    Limits,
    atomic_write,
    is_text,
    read_data,
    shown,
    validate,
)
from ..system.paths import config_dir

# A settings file is under 1 KB: a few numbers and the decks last chosen for each game.
SETTINGS_LIMITS = Limits(64 * KB, keys=64, items=16, values=1_000, text=512)
SMALLEST_WINDOW = (640, 360)
LARGEST_WINDOW = (16384, 16384)  # SDL's own limit for a window

ANIMATION = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.6}  # name -> speed
UI_SCALES = (0.85, 1.0, 1.15)  # larger crowds the 1280×720 table
# What an older version wrote for the computer opponent, and the level it means now.
OLD_LEVELS = {"random": "easy", "greedy": "normal"}


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal[1] = 1
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation: Literal["off", "fast", "normal", "slow"] = "normal"
    sound: bool = True
    ui_scale: float = Field(1.0, ge=0.75, le=1.3)
    bot: Literal["easy", "normal", "hard"] = "normal"  # the computer opponent's level
    # Hot-seat: pass for a player, without covering the screen, when passing is all it could
    # do. Faster, but the other player can then tell when it holds an answer.
    answer_only_when_able: bool = False
    # Ask before ending a phase with points unspent that could still buy something.
    ask_unspent: bool = True
    decks: dict[str, list[str]] = Field(default_factory=dict)  # game id -> deck id per seat

    @field_validator("bot", mode="before")
    @classmethod
    def _level(cls, v: object) -> object:
        """A settings file from before the three levels named the bot itself."""
        return OLD_LEVELS.get(v, v) if isinstance(v, str) else v

    @field_validator("decks")
    @classmethod
    def _writable(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        return writable_decks(v)

    @property
    def speed(self) -> float:
        return ANIMATION[self.animation]


def writable_decks(decks: dict[str, list[str]]) -> dict[str, list[str]]:
    """The decks remembered per game, less any name that cannot be written as text (a deck
    file whose name is not UTF-8): such a seat is remembered as no deck (the first legal
    one is offered)."""
    return {
        game: [deck if is_text(deck) else "" for deck in ids]
        for game, ids in decks.items()
        if is_text(game)
    }


def settings_path() -> Path:
    return config_dir() / "settings.json"


def fit_window(size: tuple[int, int], largest: tuple[int, int] = LARGEST_WINDOW) -> tuple[int, int]:
    """A window size brought within the smallest the table is drawn at and ``largest``."""
    return tuple(
        min(max(v, lo), max(hi, lo))
        for v, lo, hi in zip(size, SMALLEST_WINDOW, largest, strict=True)
    )  # type: ignore[return-value]


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and why they were not read."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        data = read_data(path, "json", SETTINGS_LIMITS, inside=path.parent, name=path.name)
        settings = validate(Settings, data, path.name)
    except FileProblem as e:
        return Settings(), set_aside(str(e), path)
    settings.window = fit_window(settings.window)
    return settings, None


def set_aside(why: str, path: Path | None = None) -> str:
    """Move a settings file that cannot be used aside (``settings.json.bad``) and say so;
    the defaults are used until the player's next change is saved."""
    path = path or settings_path()
    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
        kept = f"; it was kept as {aside.name}"
    except OSError:
        kept = ""
    return f"{why}: using the default settings{kept}"


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; the problem in words if they could not be written."""
    path = path or settings_path()
    settings.decks = writable_decks(settings.decks)
    try:
        atomic_write(path, settings.model_dump_json(indent=1))
    except OSError as e:
        return f"Settings could not be saved to {shown(path)}: {e.strerror or e}"
    return None
