"""The program as delivered: errors shown in the window and logged, no console needed,
the smoke run."""

import sys

import pygame

from tabletop import logs
from tabletop.cli import main
from tabletop.ui import app as app_module
from tabletop.ui import scenes
from tabletop.ui.widgets import Scene


class Boom(Scene):
    def __init__(self, app, **_):
        super().__init__(app)

    def update(self, dt):
        # In a moment, a key press: the error screen's way out.
        pygame.time.set_timer(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0,
                                                 unicode="q", scancode=0), 300, 1)
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
    assert "first frame at" in out and "ewc:" in out and "wota:" in out
    assert "hard, in 2 worker processes" in out or "hard, in 1 worker process" in out


def test_the_program_icon_is_a_valid_ico_holding_a_png():
    import struct

    data = app_module.icon_ico(256)
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, 1)
    width, height, _, _, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6)
    assert (width, height, planes, bits) == (0, 0, 1, 32)  # 0 stands for 256
    assert offset == 22 and size == len(data) - 22
    assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
