"""Dropping arcmage.org files onto the window imports them, as ``tabletop import`` does."""

import pygame
import pytest

from tabletop.games.arcmage import library
from tabletop.ui.scenes import DeckScene, GameScene, ModeScene, TitleScene
from tabletop.ui.table import TableScene

from ..games.arcmage_library import deck, snapshot, wire, write
from .helpers import click, key


@pytest.fixture
def game(monkeypatch):
    return wire(monkeypatch)


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def drop(app, *paths):
    for path in paths:
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.pump()


def test_a_deck_file_dropped_on_deck_selection_joins_its_decks(app, game, tmp_path):
    app.go(TitleScene(app))
    click(app, button(app.scene, "New game").rect.center)
    click(app, button(app.scene, "ARC-mage").rect.center)
    click(app, button(app.scene, "Two players (hot-seat)").rect.center)
    scene = app.scene
    assert isinstance(scene, DeckScene)
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


def test_a_bad_file_dropped_on_the_title_screen_says_why_and_imports_nothing(app, game,
                                                                             tmp_path):
    app.go(TitleScene(app))
    app.pump()
    short = deck("Short")
    short["deckCards"][0]["quantity"] = 2
    bad = write(tmp_path / "decks.json", [short])
    drop(app, bad)
    words, _, _ = app.notice
    assert words.startswith("Nothing was imported from decks.json:")
    assert f"{bad}: deck 'Short': ARC-mage, Deck Building: every deck must contain exactly 45" \
        in words
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
    click(app, button(app.scene, "Versus computer").rect.center)
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
    shown = [b.label for b in scene.buttons[:DeckScene.VISIBLE]]
    assert shown == ["Emberfang Raiders", "Thornwood Circle", *(f"Deck {i}" for i in range(5))]
    assert all(b.rect.bottom < scene.buttons[-1].rect.top for b in scene.buttons[:-1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.pump()
    assert scene.buttons[DeckScene.VISIBLE - 1].label == "Deck 5"


def test_deck_selection_says_when_imported_decks_are_left_out(app, game):
    folder = library.folder()
    folder.mkdir(parents=True)
    (folder / "cards.json").write_text("{}")
    scene = DeckScene(app, game, "hotseat")
    app.go(scene)
    app.pump()
    assert list(scene.decks) == ["emberfang_raiders", "thornwood_circle"]
    assert scene.notes and str(folder / "cards.json") in scene.notes[0]
