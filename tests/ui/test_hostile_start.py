"""The program starts with every kind of damaged and hostile file in the player's folders,
and says what it set aside: saves, replays, settings, puzzles, imported cards and the log."""

from __future__ import annotations

import json
import logging
import tomllib

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games import registry
from tabletop.services.saves import SaveError, Store
from tabletop.system.paths import log_dir, shipped, user_data_dir
from tabletop.ui.app import App
from tabletop.ui.scenes import PuzzlesScene, SavesScene, TitleScene

from ..files.hostile import KINDS, SPECIAL_KINDS, deep_json, write_variant
from ..files.test_readers import a_real_save

SCENARIO = shipped("scenarios") / "ewc" / "a_hit_deals_the_difference.toml"
IMPOSSIBLE_SAVES = {  # the reproduced ones: each would have passed the old checks
    "bot": lambda d: d.update(seats=["human", "deep-blue"]),
    "one-seat": lambda d: d.update(seats=["human"]),
    "many-seats": lambda d: d.update(seats=["human"] * 100_000),
    "winner-7": lambda d: d.update(finished=True, winners=[7]),
}
IMPOSSIBLE_PUZZLES = {
    "no-hero": ('field = ["Iron Sword"]', "hero = []"),
    "copies": ('field = ["Iron Sword"]', "hand = [" + ", ".join(['"Parry"'] * 10_000) + "]"),
    "self": (
        'field = ["Iron Sword"]',
        'field = [{ card = "Iron Sword", attached_to = "Iron Sword" }]',
    ),
    "damage": ('field = ["Iron Sword"]', 'field = [{ card = "Iron Sword", damage = 1e20 }]'),
    "counter": (
        'field = ["Iron Sword"]',
        'field = [{ card = "Iron Sword", counters = { x = -3 } }]',
    ),
    "die": ("random = [5, 2]", "random = [99, 2]"),
}


def variants():
    """Every hostile kind, the text ones twice (placed differently)."""
    for kind in KINDS:
        yield kind, 7
        if kind not in SPECIAL_KINDS:
            yield kind, 9_001


def fill(home, tmp_path) -> dict[str, set[str]]:
    """The player's folders, full of hostile files; the names each folder should refuse."""
    data = user_data_dir()
    real = a_real_save(tmp_path / "real").read_bytes()
    store = Store(data)
    bad: dict[str, set[str]] = {"saves": set(), "replays": set(), "puzzles": set()}
    for folder in ("saves", "replays"):
        (data / folder).mkdir(parents=True, exist_ok=True)
        for kind, n in variants():
            name = f"{kind}-{n}.json"
            write_variant(data / folder / name, kind, real, "json", n, other=b"{}")
            bad[folder].add(name)
    for name, change in IMPOSSIBLE_SAVES.items():
        record = json.loads(real)
        change(record)
        (store.saves / f"{name}.json").write_text(json.dumps(record))
        bad["saves"].add(f"{name}.json")
    puzzles = data / "puzzles"
    puzzles.mkdir()
    text = SCENARIO.read_bytes()
    for kind, n in variants():
        fmt = "json" if n == 7 else "toml"
        original = json.dumps(tomllib.loads(text.decode())).encode() if fmt == "json" else text
        name = f"{kind}-{n}.{fmt}"
        write_variant(puzzles / name, kind, original, fmt, n, other=b'{"app": "tabletop"}')
        bad["puzzles"].add(name)
    for name, (old, new) in IMPOSSIBLE_PUZZLES.items():
        (puzzles / f"{name}.toml").write_text(text.decode().replace(old, new, 1))
        bad["puzzles"].add(f"{name}.toml")
    config = home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        '{"window": [1e20, 1e20], "ui_scale": ' + deep_json(3000).decode() + "}"
    )
    (data / "arcmage").mkdir()
    (data / "arcmage" / "cards.json").write_bytes(deep_json())
    write_variant(data / "arcmage" / "decks.json", "fifo", b"", "json")
    log_dir().mkdir(parents=True, exist_ok=True)
    write_variant(log_dir() / "tabletop.log", "link_dev_zero", b"", "json")
    return bad


@pytest.fixture
def hostile_home(tmp_path):
    return fill(user_data_dir().parent, tmp_path)


def test_the_program_starts_with_every_hostile_file_and_says_what_it_set_aside(
    hostile_home, caplog
):
    from tabletop.system.logs import setup_logging

    count = sum(len(v) for v in hostile_home.values()) + 4  # settings, 2 imports, the log
    assert count >= 90
    assert setup_logging() is not None  # the log moved the link aside and opened
    app = App()
    try:
        assert app.settings_message.startswith("settings.json: ")
        assert app.size == (1280, 720)  # the defaults, not 1e20 pixels
        assert app.swept == []
        with caplog.at_level(logging.WARNING, logger="tabletop"):
            title = TitleScene(app, message=app.settings_message)
        app.go(title)
        app.pump(frames=2)
        lines = title.message.splitlines()
        assert len(lines) == 2  # the settings, and one line for every save set aside
        # A save that reads well but does not replay (a byte flipped inside an action) is
        # listed, and refused by name when it is opened.
        listed = [e.path for e in app.store.listing()[0]]
        for path in listed:
            with pytest.raises(SaveError, match=f"^{path.name}: does not replay"):
                app.store.open(path, registry())
        assert (
            f"{len(hostile_home['saves']) - len(listed)} saved games could not be used" in lines[1]
        )
        logged = caplog.text
        for name in hostile_home["saves"] - {p.name for p in listed}:
            assert f"saved game set aside: {name}: " in logged
        refused = {p.name for p in app.store.refused.iterdir()}
        assert hostile_home["saves"] <= refused

        app.go(SavesScene(app, "replays"))
        app.pump(frames=2)
        for path in list(app.scene.paths):  # read well, do not replay: refused when opened
            app.scene._open(path)
            assert isinstance(app.scene, SavesScene)
        assert {p.split(": ", 1)[0] for p in app.scene.problems} == hostile_home["replays"]

        puzzles = PuzzlesScene(app)
        app.go(puzzles)
        app.pump(frames=2)
        named = {p.split(": ", 1)[0].rsplit("/", 1)[-1] for p in puzzles.problems}
        listed = [r for r in puzzles.rows if r[0].startswith("EWC") and "hit" in r[0].lower()]
        # Those that read well as files are refused when opened, each by name.
        harmless = set()
        for path in sorted((user_data_dir() / "puzzles").iterdir()):
            if path.name in named or not path.is_file():
                continue
            before = len(puzzles.problems)
            puzzles.open(path, inside=path.parent)
            if app.scene is not puzzles:  # a byte flipped in a comment: still a good puzzle
                assert path.name.startswith("flipped-"), path.name
                harmless.add(path.name)
                app.go(puzzles)
                continue
            assert puzzles.problems[before].startswith(path.name + ": "), puzzles.problems
            named.add(path.name)
        assert named == hostile_home["puzzles"] - harmless
        assert listed  # the shipped puzzle of the same name is still offered
        for problem in puzzles.problems:
            assert "\n" not in problem and "Traceback" not in problem
    finally:
        pygame.display.quit()


def test_settings_the_display_refuses_are_set_aside_and_the_default_window_opens(monkeypatch):
    from tabletop.services.settings import Settings, save_settings, settings_path

    save_settings(Settings(window=(5000, 3000), sound=False))
    real = pygame.display.set_mode

    def picky(size, *args):
        if tuple(size) != Settings().window:
            raise pygame.error("Window is too large")
        return real(size, *args)

    monkeypatch.setattr(pygame.display, "set_mode", picky)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(8000, 8000)])
    app = App()
    try:
        assert app.size == Settings().window
        assert app.settings == Settings()
        assert app.settings_message == (
            "settings.json: window (5000, 3000): Window is too "
            "large: using the default settings; it was kept as "
            "settings.json.bad"
        )
        assert settings_path().with_name("settings.json.bad").exists()
    finally:
        pygame.display.quit()


def test_a_window_larger_than_the_display_opens_at_the_display_size(monkeypatch):
    from tabletop.services.settings import Settings, save_settings

    save_settings(Settings(window=(100_000, 100_000)))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 768)])
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")  # a real display
    app = App()
    try:
        assert app.size == (1024, 704) and app.settings_message is None  # its title bar too
    finally:
        pygame.display.quit()


def test_a_folder_of_every_hostile_file_starts_within_two_seconds_and_every_screen_opens():
    """The files that once locked players out or crashed a screen (``hostile_home``), all at
    once: the start costs under two CPU seconds, the title says what could not be kept,
    the leftovers of killed writes are gone, every screen opens and draws, and a game
    started from the deck choice remembers its decks."""
    import time

    from tabletop.engine.files import is_text
    from tabletop.games import get
    from tabletop.services.settings import load_settings
    from tabletop.system.logs import setup_logging
    from tabletop.ui.scenes import DeckScene
    from tabletop.verbs.smoke import screens, visit

    from ..files.hostile_home import seed

    made = seed(user_data_dir().parent)
    setup_logging()
    start = time.process_time()
    app = App()
    try:
        app.go(TitleScene(app, message=app.start_message))
        app.step(0.0)
        assert time.process_time() - start < 2.0
        assert not any(p.exists() for p in made["leftovers"])
        assert "refused is not a folder" in app.start_message.replace("/refused", " refused")
        assert app.settings_message.startswith("settings.json: ")
        for name, make in screens(app):
            visit(app, name, make)
        choice = DeckScene(app, get("ewc"), "hotseat")
        app.go(choice)
        app.step(0.0)
        assert all(is_text(deck_id) for deck_id in choice.choice)  # not the undecodable one
        choice._start()  # the decks chosen are remembered: the settings can be written
        assert load_settings()[0].decks["ewc"] == choice.choice[:2]
    finally:
        pygame.display.quit()


@settings(max_examples=40, deadline=None)
@given(
    size=st.sampled_from([(640, 360), (1024, 600), (1280, 720), (1280, 800), (1920, 1080)]),
    lines=st.integers(0, 4),
    saves=st.booleans(),
)
def test_what_the_title_says_of_set_aside_files_never_covers_its_buttons(size, lines, saves):
    app = App(size)
    try:
        if saves:  # a Continue button too
            a_real_save(user_data_dir().parent)
        words = "A settings file or a folder that could not be used, said in a sentence. " * 3
        title = TitleScene(app, message="\n".join([words] * lines))
        app.go(title)
        app.step(0.0)
        h = app.size[1]
        message_top = h - title.footer()
        for b in title.buttons:
            assert b.rect.bottom <= message_top, (b.label, b.rect, message_top)
            assert b.rect.top >= title.s(220)  # under the title band
    finally:
        pygame.display.quit()
