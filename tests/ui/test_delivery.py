"""The program as delivered: errors shown in the window and logged, no console needed,
the smoke run."""

import logging
import os
import re
import subprocess
import sys

import pygame
import pytest

from tabletop.cli import main
from tabletop.system import logs
from tabletop.ui import app as app_module
from tabletop.ui import icon, scenes
from tabletop.ui.widgets import Scene


class Boom(Scene):
    def __init__(self, app, **_):
        super().__init__(app)

    def update(self, dt):
        # In a moment, a key press: the error screen's way out.
        pygame.time.set_timer(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0),
            300,
            1,
        )
        raise RuntimeError("the table fell over")


def test_an_unexpected_error_is_logged_and_shown_in_the_window(tmp_path, monkeypatch):
    log_file = tmp_path / "tabletop.log"
    monkeypatch.setattr(logs, "log_path", lambda: log_file)
    monkeypatch.setattr(scenes, "TitleScene", Boom)
    shown = []
    real_draw = app_module.ErrorScene.draw

    def draw(self, surface):
        shown.append((self.error, self.log_file))
        real_draw(self, surface)

    monkeypatch.setattr(app_module.ErrorScene, "draw", draw)
    assert app_module.run_app() == 1
    assert shown and shown[0] == ("RuntimeError: the table fell over", log_file)
    assert "the table fell over" in log_file.read_text()


def test_a_program_without_a_console_can_still_print(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    logs.guard_streams()
    assert sys.stdout is not None and sys.stderr is not None
    print("nobody reads this")
    assert sys.stderr.write("nor this\n") == len("nor this\n")  # written, not raised
    guarded = sys.stdout
    logs.guard_streams()  # a second call keeps the stream it gave
    assert sys.stdout is guarded


def test_the_smoke_run_plays_every_game_and_succeeds(capsys):
    assert main(["--smoke"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^first frame after \d+ ms", out, re.M) and "ewc:" in out and "wota:" in out
    assert "hard, in 2 worker processes" in out or "hard, in 1 worker process" in out


def test_the_program_icon_is_a_valid_ico_holding_a_png():
    import struct

    data = icon.ico(256)
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 1)
    width, height, _, _, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6)
    assert (width, height, planes, bits) == (0, 0, 1, 32)  # 0 stands for 256
    assert offset == 22 and size == len(data) - 22
    assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"


def _without_display() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    }
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland are Linux's")
def test_with_no_display_the_program_says_so_in_one_sentence_and_exits(tmp_path):
    env = _without_display() | {"TABLETOP_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # and no SDL or ALSA noise around it
    assert "found no display" in lines[0] and "neither DISPLAY nor WAYLAND_DISPLAY" in lines[0]
    assert "found no display" in (tmp_path / "log" / "tabletop.log").read_text()


def test_a_driver_that_shows_nothing_is_refused_unless_it_was_asked_for(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11,wayland")
    assert "found no display" in app_module.display_problem()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    assert app_module.display_problem() is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    assert app_module.display_problem() is None


def test_what_native_code_prints_goes_to_the_log_not_the_terminal(capfd, caplog):
    with caplog.at_level(logging.DEBUG, logger="tabletop"), logs.native_messages("SDL audio"):
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    assert capfd.readouterr().err == ""
    assert "SDL audio: ALSA lib pcm.c:2666" in caplog.text
    os.write(2, b"after\n")  # and the terminal has its stderr back
    assert capfd.readouterr().err == "after\n"


def test_starting_the_sound_prints_nothing_whatever_the_sound_card(tmp_path):
    # With no sound card (as on CI), ALSA complains on stderr when SDL opens it: that goes
    # to the log; the one line the log keeps of it says the sound is off.
    env = _without_display() | {"TABLETOP_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    code = (
        "from tabletop.system.logs import setup_logging\n"
        "setup_logging()\n"
        "from tabletop.ui.sound import Sounds\n"
        "Sounds().play('card')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout == "" and result.stderr == "", result.stderr


# -- one running copy per data folder --------------------------------------------------------
HOLD = (
    "import sys, time\n"
    "from tabletop.system.one_copy import Lock\n"
    "print(Lock().take(), flush=True)\n"
    "time.sleep(120)\n"
)


def _holder(env: dict[str, str]) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD], env=env, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "True"
    return proc


def test_a_second_copy_says_tabletop_is_already_running_and_harms_nothing(tmp_path):
    import time

    from tabletop.system.one_copy import ALREADY_RUNNING

    from ..files.hostile import snapshot

    env = os.environ | {"TABLETOP_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text('{"sound": false}')
    first = _holder(env)
    try:
        before = snapshot(tmp_path)
        start = time.monotonic()
        second = subprocess.run(
            [sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=60
        )
        took = time.monotonic() - start
    finally:
        first.kill()
        first.wait()
    assert second.returncode == 1 and second.stderr.strip() == ALREADY_RUNNING
    assert took < 10  # its short message is up for a few seconds, then it goes
    after = snapshot(tmp_path)
    assert {k: v for k, v in after.items() if not k.startswith("log")} == before
    assert b"a second copy was started and stopped" in after["log/tabletop.log"]


def test_a_lock_left_by_a_copy_that_was_killed_never_keeps_a_player_out(tmp_path):
    from tabletop.system.one_copy import Lock

    env = os.environ | {"TABLETOP_HOME": str(tmp_path)}
    first = _holder(env)
    lock = Lock(tmp_path / "data")
    assert lock.take() is False
    first.kill()  # SIGKILL: no clean-up of its own
    first.wait()
    assert (tmp_path / "data" / "tabletop.lock").exists()
    assert lock.take() is True
    lock.release()


def test_where_no_lock_can_be_had_the_program_runs_without_one(tmp_path):
    from tabletop.system.one_copy import Lock

    (tmp_path / "tabletop.lock").mkdir()  # not a file
    assert Lock(tmp_path).take() is None
    (tmp_path / "file").write_text("a file where the data folder should be")
    assert Lock(tmp_path / "file").take() is None


def test_the_window_starts_without_importing_pkg_resources():
    """pygame 2.6 imports pkg_resources, a quarter of a second of every start where
    setuptools is installed (every Python 3.11 virtual environment): tabletop declines it
    to pygame, and nothing else of the program asks for it."""
    import importlib.util

    if importlib.util.find_spec("pkg_resources") is None:
        pytest.skip("no pkg_resources here: nothing to decline")
    code = "import sys, tabletop.ui.app; print('pkg_resources' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout.strip() == "False", result.stderr
