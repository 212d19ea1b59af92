"""The player's settings, in ``settings.json`` in the user's config folder.

Read through pydantic; a missing file means the defaults (a first start), and a file that
cannot be read or is not valid gives the defaults too, with one message naming the file and
what is wrong. The bad file is moved aside (``settings.json.bad``) so that nothing the
player wrote is lost when the settings are next saved. Writes are atomic.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .engine.cards import describe_errors
from .paths import config_dir
from .saves import atomic_write

ANIMATION = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.6}  # name -> speed
UI_SCALES = (0.85, 1.0, 1.15)  # larger crowds the 1280×720 table
BOTS = {"random": "Easy", "greedy": "Normal"}  # bot name -> how hard it plays


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal[1] = 1
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation: Literal["off", "fast", "normal", "slow"] = "normal"
    sound: bool = True
    ui_scale: float = Field(1.0, ge=0.75, le=1.3)
    bot: Literal["random", "greedy"] = "greedy"
    # Hot-seat: pass for a player, without covering the screen, when passing is all it could
    # do. Faster, but the other player can then tell when it holds an answer.
    answer_only_when_able: bool = False
    decks: dict[str, list[str]] = Field(default_factory=dict)  # game id -> deck id per seat

    @property
    def speed(self) -> float:
        return ANIMATION[self.animation]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and why they were not read."""
    path = path or settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), f"{path}: cannot be read ({e.strerror}); using the default settings"
    try:
        data = json.loads(raw)
        settings = Settings.model_validate(data)
    except (ValueError, UnicodeDecodeError) as e:
        if isinstance(e, ValidationError):
            why = next(describe_errors(e, path.name, data))
        else:
            why = f"{path.name}: damaged (not valid JSON)"
        aside = path.with_name(path.name + ".bad")
        try:
            os.replace(path, aside)
            kept = f"; it was kept as {aside.name}"
        except OSError:
            kept = ""
        return Settings(), f"{why}: using the default settings{kept}"
    w, h = settings.window
    settings.window = (max(640, w), max(360, h))
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; the problem in words if they could not be written."""
    path = path or settings_path()
    try:
        atomic_write(path, settings.model_dump_json(indent=1))
    except OSError as e:
        return f"Settings could not be saved to {path}: {e.strerror or e}"
    return None
