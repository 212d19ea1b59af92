"""Every screen outside the table (title, settings, the game and mode choices, decks and
the deck builder, deck choice for every seat count, puzzles, saved games, replays) at every
text size of Settings and in windows from 1024×600 to 1920×1080: each button's words fit
it whole, no two buttons overlap, none leaves the window; and the words do grow with the
text size."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tabletop.services.settings import UI_SCALES
from tabletop.ui.app import App
from tabletop.verbs.smoke import screens

SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))


def _problems(app) -> list[str]:
    scene = app.scene
    buttons = [b for b in getattr(scene, "buttons", []) if b.rect.width and b.rect.height]
    back = getattr(scene, "back_button", None)
    buttons += [back] if back is not None else []
    window = pygame.Rect(0, 0, *app.size)
    out = []
    for b in buttons:
        if not window.contains(b.rect):
            out.append(f"{b.label!r} {tuple(b.rect)} leaves the window")
        if b.cut:
            out.append(f"{b.label!r} {tuple(b.rect)}: its words do not fit it")
    for a, b in itertools.combinations(buttons, 2):
        if a.rect.colliderect(b.rect):
            out.append(f"{a.label!r} {tuple(a.rect)} overlaps {b.label!r} {tuple(b.rect)}")
    return out


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_fits_its_buttons_at_every_text_size(size):
    found = []
    for scale in UI_SCALES:
        app = App(size)
        app.settings = app.settings.model_copy(update={"ui_scale": scale})
        for name, make in screens(app):
            app.go(make())
            scene = app.scene
            pages = range(0, len(getattr(scene, "rows", ())) or 1, getattr(scene, "VISIBLE", 1))
            for start in pages:  # a list, page by page
                if hasattr(scene, "rows"):
                    scene.scroll = start
                    scene.layout_buttons()
                scene.dirty = True
                app.step(0.0)
                found += [f"{name} from {start}, {scale:.0%}: {p}" for p in _problems(app)]
        pygame.display.quit()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


def _ink_width(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many columns of ``rect`` hold the words' ink (light pixels)."""
    return sum(
        any(sum(surface.get_at((x, y))[:3]) > 600 for y in range(rect.top, rect.bottom))
        for x in range(rect.left, rect.right)
    )


def test_a_menus_words_grow_with_the_text_size():
    inked = []
    for scale in (min(UI_SCALES), max(UI_SCALES)):
        app = App((1280, 720))
        app.settings = app.settings.model_copy(update={"ui_scale": scale})
        app.go(dict(screens(app))["title"]())
        app.input.pos = (0, 0)  # no button lit by the mouse
        app.scene.dirty = True
        app.step(0.0)
        new_game = next(b for b in app.scene.buttons if b.label == "New game")
        inked.append(_ink_width(app.screen, new_game.rect))
        pygame.display.quit()
    assert inked[1] > inked[0] * 1.2, inked
