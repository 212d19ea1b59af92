"""Dropping arcmage.org files onto the window imports them, as ``tabletop import`` does."""

import threading
import time

import pygame
import pytest

from tabletop.games.arcmage import library
from tabletop.services import imports
from tabletop.ui import theme
from tabletop.ui.scenes import DeckScene, GameScene, ModeScene, TitleScene
from tabletop.ui.table import TableScene

from ..games.arcmage_library import (
    HOSTILE,
    deck,
    hostile,
    small_base,
    snapshot,
    synthetic,
    wire,
    write,
)
from .helpers import click, deck_choice, key


@pytest.fixture
def game(monkeypatch):
    return wire(monkeypatch)


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def drop(app, *paths, limit: float = 60.0):
    """Drop ``paths`` on the window and let it run until their import is done."""
    for path in paths:
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.pump()
    deadline = time.monotonic() + limit
    while app.importing is not None:
        assert time.monotonic() < deadline, "the import did not finish"
        time.sleep(0.005)
        app.pump()


def test_a_deck_file_dropped_on_deck_selection_joins_its_decks(app, game, tmp_path):
    scene = deck_choice(app, "ARC-mage")
    assert not any(b.label == "Dropped In" for b in scene.buttons)
    drop(app, write(tmp_path / "decks.json", [deck("Dropped In")]))
    assert app.scene is scene
    words, _, _ = app.notice
    assert words.startswith("Imported 15 cards and 1 deck (Dropped In) into ")
    assert (library.folder() / "decks.json").is_file()
    mine = [b for b in scene.buttons if b.label == "Dropped In"]
    assert len(mine) == 2  # one per seat
    click(app, mine[0].rect.center)
    assert scene.choice[0] == "imported-dropped-in"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)
    assert app.scene.match.record.decks[0].name == "Dropped In"


def test_a_bad_file_dropped_on_the_title_screen_says_why_and_imports_nothing(app, game, tmp_path):
    app.go(TitleScene(app))
    app.pump()
    short = deck("Short")
    short["deckCards"][0]["quantity"] = 2
    bad = write(tmp_path / "decks.json", [short])
    drop(app, bad)
    words, _, _ = app.notice
    assert words.startswith("Nothing was imported from decks.json:")
    assert (
        f"{bad}: deck 'Short': ARC-mage, Deck Building: every deck must contain exactly 45" in words
    )
    assert snapshot(library.folder()) == {}
    # The notice goes away by itself (or at a click on it), and the decks are as they were.
    app.step(60.0)
    assert app.notice is None
    drop(app, bad)
    click(app, app.notice_rect.center)
    assert app.notice is None and isinstance(app.scene, TitleScene)
    click(app, button(app.scene, "New game").rect.center)
    assert isinstance(app.scene, GameScene)
    click(app, button(app.scene, "ARC-mage").rect.center)
    assert isinstance(app.scene, ModeScene)
    click(app, button(app.scene, "Versus computer: Normal").rect.center)
    assert list(app.scene.decks) == ["emberfang_raiders", "thornwood_circle"]


def test_files_dropped_together_are_imported_together(app, game, tmp_path):
    """A deck whose cards are in the other file: one drop of both imports both."""
    app.go(TitleScene(app))
    app.pump()
    legal = deck("Together")
    cards = write(tmp_path / "cards.json", {"items": [dc["card"] for dc in legal["deckCards"]]})
    decks = write(tmp_path / "decks.json", [legal])
    drop(app, cards, decks)
    words, _, _ = app.notice
    assert words.startswith("Imported 15 cards and 1 deck (Together)")
    assert sorted(snapshot(library.folder())) == ["cards.json", "decks.json"]


def test_a_long_deck_list_scrolls_with_the_wheel(app, game, tmp_path):
    decks = [deck(f"Deck {i}", prefix=f"D{i} ") for i in range(6)]
    library.import_files(game, [write(tmp_path / "decks.json", decks)])
    scene = DeckScene(app, game, "hotseat")
    app.go(scene)
    app.pump()
    first_column = [b for b in scene.buttons if b.detail][: DeckScene.VISIBLE]
    shown = [b.label for b in first_column]
    assert shown == ["Emberfang Raiders", "Thornwood Circle", *(f"Deck {i}" for i in range(5))]
    assert all(b.rect.bottom < scene.buttons[-1].rect.top for b in scene.buttons[:-1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.pump()
    assert [b for b in scene.buttons if b.detail][DeckScene.VISIBLE - 1].label == "Deck 5"


def test_deck_selection_says_when_imported_decks_are_left_out(app, game):
    folder = library.folder()
    folder.mkdir(parents=True)
    (folder / "cards.json").write_text("{}")
    scene = DeckScene(app, game, "hotseat")
    app.go(scene)
    app.pump()
    assert list(scene.decks) == ["emberfang_raiders", "thornwood_circle"]
    assert scene.notes and str(folder / "cards.json") in scene.notes[0]


# -- large databases: the window keeps answering, with the import's progress -----------------
def _large(tmp_path, n: int = 1500):
    cards, decks = synthetic(n, *small_base())
    return [write(tmp_path / "cards.json", cards), write(tmp_path / "decks.json", decks)]


def _held_at(monkeypatch, words: str, until):
    """The import, once it reports ``words``, waits until ``until(job)`` (the Importing it
    runs for) says go: what the window does meanwhile is then certain to happen mid-import."""
    real = imports.import_files
    reached = threading.Event()

    def held(paths, game_id=None, progress=None):
        job = progress.__self__

        def hold(fraction, said):
            progress(fraction, said)
            if said.startswith(words) and not reached.is_set():
                reached.set()
                deadline = time.monotonic() + 30
                while not until(job) and time.monotonic() < deadline:
                    time.sleep(0.002)

        return real(paths, game_id, progress=hold)

    monkeypatch.setattr(imports, "import_files", held)
    return reached


def test_a_large_database_dropped_on_the_window_shows_its_progress_and_the_window_answers(
    app, game, tmp_path, monkeypatch
):
    app.go(TitleScene(app))
    app.pump()
    moved = threading.Event()
    reached = _held_at(monkeypatch, "Converting cards", lambda job: moved.is_set())
    for path in _large(tmp_path):
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    shown = []
    deadline = time.monotonic() + 60
    while app.importing is not None or not shown:
        assert time.monotonic() < deadline, "the import did not finish"
        app.pump()
        if app.import_shown and app.import_shown not in shown:
            shown.append(app.import_shown)
        if reached.is_set() and not moved.is_set():
            # Mid-import, the window still takes the mouse and draws the progress.
            assert app.importing is not None and app.import_shown[1].startswith("Converting")
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=(321, 123), rel=(0, 0), buttons=(0, 0, 0)
                )
            )
            app.pump()
            assert app.input.pos == (321, 123)
            moved.set()
        time.sleep(0.002)
    fractions = [f for f, _ in shown]
    assert fractions == sorted(fractions) and len(shown) >= 3
    assert any(words.startswith("Converting cards") for _, words in shown)
    words, _, _ = app.notice
    assert words.startswith("Imported 1,500 cards and 100 decks (Base 1, Base 2, ")
    assert "Base 10, and 90 more) into " in words
    assert len(game.card_set().decks) == 102


def test_closing_the_window_during_an_import_stores_nothing(app, game, tmp_path, monkeypatch):
    app.go(TitleScene(app))
    app.pump()
    reached = _held_at(monkeypatch, "Converting cards", lambda job: job.stop.is_set())
    for path in _large(tmp_path):
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.pump()
    job = app.importing
    assert job is not None and reached.wait(30)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(quit_at_end=False)  # the window closes: the import stops, and is waited for
    assert job.done and job.result == (False, "The import of cards.json, decks.json was stopped.")
    assert snapshot(library.folder()) == {}  # no file, not even a temporary one


@pytest.mark.parametrize("kind", ["deep", "fifo", "binary"])
def test_a_file_no_import_may_read_dropped_on_the_window_is_refused_in_one_sentence(
    app, game, tmp_path, kind
):
    app.go(TitleScene(app))
    app.pump()
    bad = hostile(tmp_path / "cards.json", kind)
    drop(app, bad)
    words, colour, _ = app.notice
    assert colour == theme.DANGER
    assert words.splitlines() == ["Nothing was imported from cards.json:", words.splitlines()[1]]
    assert words.splitlines()[1].startswith(f"{bad}: ") and HOSTILE[kind] in words
    assert snapshot(library.folder()) == {}


def test_the_drop_notice_covers_none_of_the_title_screens_buttons(app, game, tmp_path):
    app.go(TitleScene(app))
    app.pump()
    drop(app, write(tmp_path / "decks.json", [deck("Dropped In")]))
    assert app.notice is not None
    app.scene.dirty = True
    app.pump()
    assert app.notice_rect is not None
    assert app.notice_rect.collidelist([b.rect for b in app.scene.buttons]) < 0
    # several files refused at once: a tall notice, which the bottom has no room for
    app.notify("\n".join(f"file{i}.json: the file is empty" for i in range(6)), error=True)
    app.pump()
    assert app.notice_rect.height > 120
    assert app.notice_rect.collidelist([b.rect for b in app.scene.buttons]) < 0


def test_files_imported_already_say_that_nothing_changed(app, game, tmp_path):
    app.go(TitleScene(app))
    app.pump()
    decks = write(tmp_path / "decks.json", [deck("Twice")])
    drop(app, decks)
    first = snapshot(library.folder())
    drop(app, decks)
    words, _, _ = app.notice
    assert words.startswith(
        "Nothing changed: the 15 cards and 1 deck (Twice) of these files were imported already"
    )
    assert snapshot(library.folder()) == first


def test_an_empty_or_cut_off_file_is_named_in_a_players_words(app, game, tmp_path):
    app.go(TitleScene(app))
    app.pump()
    whole = write(
        tmp_path / "cards.json", {"items": [dc["card"] for dc in deck("Cut")["deckCards"]]}
    )
    text = whole.read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    empty = tmp_path / "empty.json"
    empty.write_text("  \n")
    drop(app, cut, empty)
    words, _, _ = app.notice
    assert f"{cut}: cut off near the end (character {len(text) // 2:,})" in words
    assert f"{empty}: the file is empty" in words  # every problem of every file
