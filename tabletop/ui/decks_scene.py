"""A game's decks, to build and keep: the player's own (edit, rename, copy, export, delete)
and those that come with the game or were imported (copy, export); a new deck from empty;
a deck file dropped on the window imported. Editing opens the deck builder
(:mod:`.deckbuilder`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ..engine import Game
from ..engine.files import FileProblem
from ..services import decks as store
from . import theme
from .deckbuilder import DeckBuilderScene
from .widgets import Button, ButtonScene, Dialog, Scene, TextField, dotted, draw_wrapped


def open_import(app, game: Game, path, done: Callable[[], None]) -> None:
    """A deck file dropped on a deck screen: brought in as one of the player's, or the reason
    it is not (each unknown card named)."""
    try:
        _, deck = store.import_deck(game, Path(path))
    except (FileProblem, OSError) as e:
        app.notify(f"Nothing was imported: {e}", error=True)
        return
    problems = game.validate_deck(deck)
    tail = f" as a draft: {problems[0]}" if problems else ""
    app.notify(f"Imported the deck “{deck.name}”{tail}.", error=bool(problems))
    done()


class DecksScene(ButtonScene):
    """A game's decks: the player's own (edit, rename, copy, export, delete) and those that
    come with the game or were imported (copy, export); a new deck from empty; a deck file
    dropped on the window is imported. ``back`` makes the screen Esc returns to."""

    takes_files = True
    VISIBLE = 7

    def __init__(self, app, game: Game, back: Callable[[], Scene]):
        self.app = app
        self.game = game
        self.back = back
        self.scroll = 0
        self.dialog: Dialog | None = None
        self.listing = store.listing(game)
        super().__init__(app)  # lays the buttons out

    def refresh(self) -> None:
        self.listing = store.listing(self.game)
        self.scroll = max(0, min(self.scroll, len(self.listing.entries) - self.VISIBLE))
        self.layout_buttons()

    def cards_changed(self) -> None:
        self.refresh()

    def detail(self, entry: store.Entry) -> str:
        whose = "Yours" if entry.own else "Comes with the game"
        if entry.problems:
            more = f" (and {len(entry.problems) - 1} more)" if len(entry.problems) > 1 else ""
            return dotted(whose, f"draft: {entry.problems[0]}{more}")
        return dotted(whose, self.game.deck_summary(entry.deck))

    def layout_buttons(self) -> None:
        s = self.s
        w, _ = self.app.size
        self.buttons = []
        new = pygame.Rect(0, 0, s(240), s(44))
        new.topleft = (w // 2 - s(530), s(92))
        self.buttons.append(Button(new, "New deck", self.new, key="N"))
        bh, gap, side, sgap = s(54), s(8), s(96), s(6)
        main_w = s(1060) - 4 * (side + sgap)
        left = w // 2 - s(530)
        shown = self.listing.entries[self.scroll : self.scroll + self.VISIBLE]
        for i, entry in enumerate(shown):
            top = s(150) + i * (bh + gap)
            self.buttons.append(
                Button(
                    pygame.Rect(left, top, main_w, bh),
                    entry.deck.name,
                    lambda e=entry: self.edit(e),
                    detail=self.detail(entry),
                )
            )
            # the same columns on every row: a deck that came with the game has no Rename
            # or Delete
            actions: list[tuple[str, Callable[[], None]] | None] = [
                ("Rename", lambda e=entry: self.ask_rename(e)) if entry.own else None,
                ("Copy", lambda e=entry: self.copy(e)),
                ("Export", lambda e=entry: self.export(e)),
                ("Delete", lambda e=entry: self.ask_delete(e)) if entry.own else None,
            ]
            x = left + main_w + sgap
            for action in actions:
                if action is not None:
                    self.buttons.append(Button(pygame.Rect(x, top, side, bh), *action))
                x += side + sgap
        if self.dialog is not None:
            self.dialog.layout(self.app.size, s)
        self.dirty = True

    # -- what the buttons do ----------------------------------------------------------------
    def here(self) -> Scene:
        scene = DecksScene(self.app, self.game, self.back)
        scene.scroll = self.scroll
        scene.refresh()
        return scene

    def new(self) -> None:
        self.app.go(DeckBuilderScene(self.app, self.game, None, self.here))

    def edit(self, entry: store.Entry) -> None:
        """The player's deck to edit; one that came with the game, a copy of it to edit."""
        self.app.go(DeckBuilderScene(self.app, self.game, entry, self.here))

    def copy(self, entry: store.Entry) -> None:
        try:
            path = store.copy(self.game, entry)
        except OSError as e:
            self.app.notify(f"Could not copy “{entry.deck.name}”: {e.strerror or e}", error=True)
            return
        self.refresh()
        copied = next((e for e in self.listing.entries if e.path == path), None)
        if copied is not None:
            self.app.notify(f"Copied as “{copied.deck.name}”.")

    def export(self, entry: store.Entry) -> None:
        from ..system.paths import exports_dir

        try:
            path = store.export(entry.deck, exports_dir())
        except OSError as e:
            self.app.notify(f"Could not export “{entry.deck.name}”: {e.strerror or e}", error=True)
            return
        self.app.notify(f"Exported “{entry.deck.name}” to {path}")

    def ask_rename(self, entry: store.Entry) -> None:
        field = TextField(entry.deck.name, "The deck's new name", store.NAME_LIMIT)
        self.dialog = Dialog(
            "Rename the deck",
            f"A new name for “{entry.deck.name}”:",
            [("Rename", lambda: self.rename(entry, field.text)), ("Cancel", self.close)],
            field,
        )
        self.layout_buttons()

    def rename(self, entry: store.Entry, name: str) -> None:
        name = name.strip()
        if not name:
            return
        if any(
            e.deck.name.casefold() == name.casefold() and e.path != entry.path
            for e in self.listing.entries
        ):
            self.app.notify(f"Another deck is called “{name}”.", error=True)
            return
        try:
            store.rename(entry, name)
        except OSError as e:
            self.app.notify(f"Could not rename “{entry.deck.name}”: {e.strerror or e}", error=True)
        self.close()
        self.refresh()

    def ask_delete(self, entry: store.Entry) -> None:
        self.dialog = Dialog(
            "Delete the deck?",
            f"“{entry.deck.name}” will be gone for good.",
            [("Delete", lambda: self.delete(entry)), ("Cancel", self.close)],
        )
        self.layout_buttons()

    def delete(self, entry: store.Entry) -> None:
        try:
            store.delete(entry)
        except OSError as e:
            self.app.notify(f"Could not delete “{entry.deck.name}”: {e.strerror or e}", error=True)
        else:
            self.app.notify(f"Deleted “{entry.deck.name}”.")
        self.close()
        self.refresh()

    def close(self) -> None:
        self.dialog = None
        self.layout_buttons()

    # -- input and drawing ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle(event)
            self.dirty = True
            return
        if event.type == pygame.DROPFILE:
            open_import(self.app, self.game, event.file, self.refresh)
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.listing.entries) - self.VISIBLE)
            self.scroll = max(0, min(most, self.scroll - event.y))
            self.layout_buttons()
        else:  # the buttons, the Back button, the keys
            super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.go(self.back())
        elif event.key == pygame.K_n:
            self.new()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        w, h = self.app.size
        surface.fill(theme.BG)
        theme.draw_text(
            surface,
            f"{self.game.name}: decks",
            (w // 2, s(48)),
            s(34),
            theme.GOLD,
            "title",
            anchor="center",
        )
        theme.draw_text(
            surface,
            "Click a deck to edit it (one that came with the game: a copy of it). "
            "Drop a deck file on this window to import it.",
            (self.buttons[0].rect.right + s(20), self.buttons[0].rect.centery),
            s(14),
            theme.INK_DIM,
            anchor="midleft",
        )
        mouse = self.app.input.pos
        for b in self.buttons:
            b.draw(surface, mouse, s(16))
        n = len(self.listing.entries)
        if n > self.VISIBLE:
            last = min(n, self.scroll + self.VISIBLE)
            theme.draw_text(
                surface,
                f"{self.scroll + 1}–{last} of {n} decks (scroll for more)",
                (w // 2, s(150) + self.VISIBLE * s(62) + s(4)),
                s(13),
                theme.INK_DIM,
                anchor="midtop",
            )
        if self.listing.unreadable:
            words = (
                f"{len(self.listing.unreadable)} deck file(s) in {store.folder(self.game.id)} "
                f"could not be read: {self.listing.unreadable[0]}"
            )
            draw_wrapped(
                surface,
                words,
                pygame.Rect(s(60), h - s(96), w - s(120), s(40)),
                s(13),
                theme.DANGER,
                center=True,
            )
        self.draw_back_button(surface)
        if self.dialog is not None:
            self.dialog.draw(surface, mouse, s)
