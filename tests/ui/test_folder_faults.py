"""Folders not shaped as expected are messages, not crashes: a data folder that is a file,
cannot be written or sits on a full disk, and a ``refused`` that is a plain file. The title
says so in one sentence, nothing the player has is lost, and a game still plays."""

from __future__ import annotations

import errno
import os

import pygame
import pytest

from tabletop.engine import pick_decks
from tabletop.games import get
from tabletop.services import folders
from tabletop.system.paths import config_dir, user_data_dir
from tabletop.ui.app import App, play_to
from tabletop.ui.scenes import SavesScene, TitleScene
from tabletop.ui.table import Setup, TableScene

from ..files.hostile import kept_whole, snapshot
from ..files.test_readers import a_real_save


@pytest.fixture
def refuse_writes(monkeypatch):
    """Make creating any file under a folder fail as a system would (``errno``): a folder
    the player may not write (tests run as root, whom permissions do not stop), or a full
    disk."""

    def refuse(folder, code):
        real = os.open

        def opening(path, flags, *args, **kwargs):
            if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR) and str(path).startswith(str(folder)):
                raise OSError(code, os.strerror(code), str(path))
            return real(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", opening)
        if code == errno.ENOSPC:
            usage = folders.shutil.disk_usage(os.getcwd())
            monkeypatch.setattr(folders.shutil, "disk_usage", lambda p: usage._replace(free=1024))

    return refuse


def start() -> tuple[App, TitleScene]:
    app = App((1280, 720))
    title = TitleScene(app, message=app.start_message)
    app.go(title)
    app.step(0.0)
    return app, title


def a_game_plays(app: App) -> TableScene:
    game = get("ewc")
    table = TableScene(
        app, Setup(game, pick_decks(game, 2, 1), ["greedy", "random"], 1, save=True), instant=True
    )
    app.go(table)
    play_to(app, table, 3)
    assert table.state.turn >= 3
    table.autosave(now=True)  # what it tells the player when the game cannot be kept
    assert table.toast is not None and "The game could not be saved: " in table.toast[0]
    return table


@pytest.mark.parametrize(
    ("code", "words"),
    [(errno.EACCES, "Permission denied"), (errno.ENOSPC, "No space left on device")],
)
def test_a_data_folder_that_cannot_be_written_is_said_on_the_title_and_the_game_plays(
    refuse_writes, code, words
):
    a_real_save(user_data_dir().parent / "real")  # the player's folders exist
    keep = user_data_dir() / "saves"
    keep.mkdir(parents=True, exist_ok=True)
    before = snapshot(user_data_dir())
    refuse_writes(user_data_dir(), code)
    app, title = start()
    try:
        (line,) = [m for m in app.folder_problems if "data folder" in m]
        assert line.startswith("Tabletop cannot write to its data folder, ")
        assert words in line or "the disk is full" in line
        assert "games, replays and decks will not be kept" in line
        assert line in title.message
        a_game_plays(app)
    finally:
        pygame.display.quit()
    assert snapshot(user_data_dir()) == before  # nothing lost or changed


def test_a_data_folder_that_is_a_file_is_said_on_the_title_and_the_game_plays():
    data = user_data_dir()
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder should be")
    app, title = start()
    try:
        assert any(
            "its data folder" in m and "it is a file, not a folder" in m
            for m in app.folder_problems
        ), app.folder_problems
        assert "data folder" in title.message
        app.go(SavesScene(app, "saves"))
        app.step(0.0)
        a_game_plays(app)
    finally:
        pygame.display.quit()
    assert data.read_text() == "a file where the data folder should be"


def test_a_settings_folder_that_is_a_file_is_said_and_the_defaults_are_used():
    config = config_dir()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("not a folder")
    app, _ = start()
    try:
        assert any("settings folder" in m for m in app.folder_problems)
        assert app.save_settings() is not None  # said, not raised
    finally:
        pygame.display.quit()


def test_refused_as_a_plain_file_leaves_a_bad_save_where_it_is_and_says_so():
    good = a_real_save(user_data_dir().parent / "real")
    saves = user_data_dir() / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    (saves / good.name).write_bytes(good.read_bytes())
    (saves / "bad.json").write_text("{")
    (user_data_dir() / "refused").write_text("not a folder")
    before = snapshot(user_data_dir())
    app, title = start()
    try:
        assert "refused is not a folder" in app.start_message.replace("/refused", " refused")
        assert "stay where they are" in title.message or "stays where it is" in title.message
        assert [e.path.name for e in app.store.listing()[0]] == [good.name]
    finally:
        pygame.display.quit()
    assert not kept_whole(before, snapshot(user_data_dir()), "saves/bad.json", [])
