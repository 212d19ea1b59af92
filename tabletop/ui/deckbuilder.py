"""The deck builder: a game's cards to browse on the left, the deck being built on the right.

The browser (:mod:`.card_browser`) searches a card's name and text as the player types,
and filters by what the game says of its cards; a card reads large while the mouse is on
it (in the browser or the deck), beside it, never over the search or the card pointed at,
and gone when the mouse leaves (the arrow keys show the highlighted card the same way,
until the mouse moves). A click
or a drag onto the deck adds a copy; a click on a row of the deck, or a drag of it back
onto the cards, takes one away; a right-click offers both. The keys: type to search,
arrows to move the highlight, Enter adds the highlighted card, Delete takes one away,
Ctrl+S saves, Esc leaves (asking first if there is anything unsaved).

Beside the deck (:mod:`.deck_panel`): its size, the game's own summary of it, its cost
curve, and whether it is legal, each problem in the game's words from
``Game.validate_deck``, the code deck choice uses (the first few a line each, every one in
full a click away: :mod:`.problem_list`). A deck that is not legal is saved as a
draft (``services.decks``) and cannot be chosen for a game until it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from ..engine import DeckList, Game
from ..services import decks as store
from . import theme
from .card_browser import CardBrowser
from .cards import CardArt
from .deck_panel import DeckPanel
from .widgets import (
    Button,
    Dialog,
    Menu,
    Scene,
    TextField,
    click,
    dotted,
    fitted,
)


class Preview(NamedTuple):
    """A card read large: where it was pointed at ("browser", "deck", or "keys": the
    arrow keys' highlight), its box, the card's size in it, the lines under the card."""

    card: Any
    source: str
    box: pygame.Rect
    size: tuple[int, int]
    lines: list[str]


DRAG = 6  # how far (design units) the mouse goes with a button down before it drags
UNNAMED = "Unnamed deck"


class DeckBuilderScene(Scene):
    """Build one deck of ``game``: ``entry`` is the player's deck to edit, or a deck to
    start from (a copy: saved as a new deck), or None for an empty one. ``leave`` makes the
    screen to go back to."""

    def __init__(self, app, game: Game, entry: store.Entry | None, leave: Callable[[], Scene]):
        super().__init__(app)
        self.game = game
        self.leave = leave
        self.art = CardArt(game.table())
        own = entry is not None and entry.own
        self.path = entry.path if own and entry is not None else None
        if entry is None:
            name, description, cards = "", "", {}
        else:
            deck = entry.deck
            name = deck.name if own else store.unused_name(game, deck.name)
            description, cards = deck.description, dict(deck.cards)
        self.description = description
        self.counts: dict[str, int] = cards
        self.name = TextField(name, "Name this deck", store.NAME_LIMIT)
        self.saved = (name, dict(cards)) if own else None  # what the file holds
        self.browser = CardBrowser(game, self.art)
        self.browser.changed = self._changed
        self.search = self.browser.search
        self.panel = DeckPanel(game, self.counts, self.browser.cards)
        self.keyed: str | None = None  # the card read large for the arrow keys' highlight
        self.away = False  # the mouse has left the window
        self.press: tuple[str, str, tuple[int, int]] | None = None  # (from, card, where)
        self.dragging = False
        self.menu: Menu | None = None
        self.dialog: Dialog | None = None
        self.message = ""
        self.message_bad = False
        self.problems: list[str] = []
        self.buttons: list[Button] = []
        self.recheck()
        self.layout()

    def _changed(self) -> None:
        self.dirty = True

    def deck(self) -> DeckList:
        """The deck as it stands (named "Unnamed deck" while it has no name)."""
        return DeckList(
            name=self.name.text.strip() or UNNAMED,
            description=self.description,
            cards={n: c for n, c in self.counts.items() if c > 0},
        )

    def recheck(self) -> None:
        """The deck's problems, in the game's words, worked out again after a change."""
        self.problems = self.game.validate_deck(self.deck())
        self.panel.problem_list.show(self.problems)
        self.dirty = True

    @property
    def unsaved(self) -> bool:
        now = (self.name.text.strip(), {n: c for n, c in self.counts.items() if c > 0})
        if self.saved is None:
            return bool(now[0] or now[1])
        return now != self.saved

    # -- changes ----------------------------------------------------------------------------
    def add(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1
        self.message = ""
        self.recheck()

    def remove(self, name: str, every: bool = False) -> None:
        if self.counts.get(name, 0) <= 0:
            return
        self.counts[name] = 0 if every else self.counts[name] - 1
        if not self.counts[name]:
            del self.counts[name]
        self.message = ""
        self.recheck()

    def save(self) -> bool:
        """Keep the deck in the player's data folder (as a draft when not legal)."""
        name = self.name.text.strip()
        if not name:
            self.name.focused, self.search.focused = True, False
            self._say("Name the deck first: type its name in the box at the top.", bad=True)
            return False
        deck = self.deck()
        clash = next(
            (
                e
                for e in store.listing(self.game).entries
                if e.deck.name.casefold() == name.casefold() and e.path != self.path
            ),
            None,
        )
        if clash is not None:
            self._say(f"Another deck is called “{name}”: give this one another name.", bad=True)
            return False
        try:
            self.path = store.save(self.game.id, deck, self.path.stem if self.path else None)
        except OSError as e:
            self._say(f"Could not save “{name}”: {e.strerror or e}", bad=True)
            return False
        self.saved = (name, dict(deck.cards))
        if self.problems:
            self._say(f"Saved “{name}” as a draft: {self.problems[0]}.", bad=True)
        else:
            self._say(f"Saved “{name}”: it is legal, and in deck choice.")
        return True

    def _say(self, words: str, bad: bool = False) -> None:
        self.message, self.message_bad = words, bad
        self.dirty = True

    def back(self) -> None:
        if not self.unsaved:
            self.app.go(self.leave())
            return
        name = self.name.text.strip() or UNNAMED
        self.dialog = Dialog(
            "Unsaved changes",
            f"“{name}” has changes that are not saved.",
            [
                ("Save", self._save_and_leave),
                ("Discard", lambda: self.app.go(self.leave())),
                ("Cancel", self._close_dialog),
            ],
        )
        self.layout()

    def _save_and_leave(self) -> None:
        self._close_dialog()
        if self.save():
            self.app.go(self.leave())

    def _close_dialog(self) -> None:
        self.dialog = None
        self.dirty = True

    # -- layout -----------------------------------------------------------------------------
    def s(self, v: float) -> int:
        return max(1, round(v * min(self.app.size[0] / 1280, self.app.size[1] / 720)))

    def resize(self, size) -> None:
        self.layout()

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        k = min(w / 1280, h / 720)
        ox = (w - round(1280 * k)) // 2  # the design centred in a wider window
        self.ox = ox
        self.browser.layout(pygame.Rect(ox + s(16), s(66), s(796), h - s(80)), s)
        panel = pygame.Rect(ox + s(828), s(66), s(436), h - s(80))
        self.panel.layout(panel, s, self.app.settings.ui_scale)
        self.name.rect = pygame.Rect(ox + s(300), s(14), s(440), s(40))
        save = pygame.Rect(ox + s(1000), s(14), s(126), s(40))
        done = pygame.Rect(ox + s(1138), s(14), s(126), s(40))
        self.buttons = [
            Button(save, "Save", self.save, key="Ctrl+S"),
            Button(done, "Done", self.back, key="Esc"),
        ]
        if self.dialog is not None:
            self.dialog.layout(self.app.size, s)
        self.dirty = True

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle(event)
            self.dirty = True
            return
        if self.panel.problem_list.handle(event, self.app.input.pos):
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            pos = self.app.input.pos
            if self.panel.rect.collidepoint(pos):
                self.panel.scroll_by(-event.y)
            else:
                self.browser.scroll_by(-event.y)
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.WINDOWLEAVE:
            self.away = True
            self.dirty = True

    def _down(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if self.menu is not None:
            if event.button == 1:
                self.menu.click(pos)
            self.menu = None
            self.dirty = True
            return
        if event.button == 3:
            heading = self.browser.facet_at(pos)
            if heading is not None:
                self.browser.cycle(heading, -1)
                return
            name = self.browser.card_at(pos) or self.panel.row_at(pos)
            if name is not None:
                self._open_menu(pos, name)
            return
        if event.button != 1:
            return
        opener = self.panel.problem_list.button
        facets = [b for _, b in self.browser.facet_buttons]
        if click([*self.buttons, *facets, *([opener] if opener else [])], pos):
            return
        for field, other in ((self.name, self.search), (self.search, self.name)):
            if field.rect.collidepoint(pos):
                field.focused, other.focused = True, False
                self.dirty = True
                return
        name = self.browser.card_at(pos)
        if name is not None:
            self.press = ("browser", name, pos)
            self.browser.pick(name)
            return
        name = self.panel.row_at(pos)
        if name is not None:
            self.press = ("deck", name, pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and not self.dragging:
            x, y = self.press[2]
            if abs(pos[0] - x) + abs(pos[1] - y) > self.s(DRAG):
                self.dragging = True
        self.keyed, self.away = None, False  # the mouse reads again
        self.dirty = True

    def _up(self, pos: tuple[int, int]) -> None:
        press, dragging = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None:
            return
        source, name, _ = press
        if dragging:
            if source == "browser" and self.panel.rect.collidepoint(pos):
                self.add(name)
            elif source == "deck" and self.browser.rect.collidepoint(pos):
                self.remove(name)
            self.dirty = True
        elif source == "browser" and self.browser.card_at(pos) == name:
            self.add(name)
        elif source == "deck" and self.panel.row_at(pos) == name:
            self.remove(name)

    def _open_menu(self, pos: tuple[int, int], name: str) -> None:
        n = self.counts.get(name, 0)
        items: list[tuple[str, Callable[[], Any] | None]] = [
            ("Add a copy", lambda: self.add(name)),
            ("Take a copy away", (lambda: self.remove(name)) if n else None),
        ]
        if n > 1:
            items.append((f"Take all {n} away", lambda: self.remove(name, every=True)))
        bounds = pygame.Rect((0, 0), self.app.size)
        self.menu = Menu(pos, items, bounds, self.s(15), title=f"{name} ({n} in the deck)")
        self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        browser = self.browser
        if self.menu is not None and key == pygame.K_ESCAPE:
            self.menu = None
        elif ctrl and key == pygame.K_s:
            self.save()
        elif key == pygame.K_ESCAPE:
            if self.name.focused:
                self.name.focused, self.search.focused = False, True
            else:
                self.back()
        elif key == pygame.K_TAB:
            self.name.focused, self.search.focused = self.search.focused, self.name.focused
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.name.focused:
                self.name.focused, self.search.focused = False, True
            elif browser.shown:
                self.add(browser.shown[browser.highlight].name)
        elif self.name.focused:  # typing the name: every other key is the name's
            if self.name.key(event):
                self.recheck()
        elif key == pygame.K_DELETE:
            if browser.shown:
                self.remove(browser.shown[browser.highlight].name)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and browser.shown:
            step = {
                pygame.K_LEFT: -1,
                pygame.K_RIGHT: 1,
                pygame.K_UP: -browser.columns,
                pygame.K_DOWN: browser.columns,
            }[key]
            self.keyed = browser.move_highlight(step)
        elif self.search.key(event):
            self.keyed = None
            browser.highlight = 0
            browser.scroll = 0
            browser.refilter()
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.fill(theme.BG)
        mouse = self.app.input.pos
        theme.draw_text(
            surface,
            self.game.name,
            (self.ox + s(20), s(34)),
            s(26),
            theme.GOLD,
            "title",
            anchor="midleft",
        )
        self.name.draw(surface, s(18), "Deck")
        for b in self.buttons:
            b.draw(surface, mouse, s(16))
        self.browser.draw(surface, mouse, self.counts)
        pressed = self.press is not None
        hot = self.dragging and pressed and self.press[0] == "browser"
        self.panel.draw(
            surface, mouse, self.deck(), hot and self.panel.rect.collidepoint(mouse), pressed
        )
        if self.message:
            self._draw_message(surface)
        self.panel.problem_list.draw_list(surface)
        self._draw_preview(surface)
        if self.dragging and self.press is not None:
            card = self.game.card_set().cards[self.press[1]]
            img = self.art.face(card, self.browser.card_size).copy()
            img.set_alpha(200)
            surface.blit(img, img.get_rect(center=mouse))
        if self.menu is not None:
            self.menu.draw(surface, mouse)
        if self.dialog is not None:
            self.dialog.draw(surface, mouse, s)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """What the last save said, along the bottom of the browser."""
        s = self.s
        browser = self.browser.rect
        rect = pygame.Rect(0, 0, s(760), s(30))
        rect.midbottom = (browser.centerx, self.app.size[1] - s(6))
        img = fitted(self.message, rect.width - s(20), s(14), theme.INK)
        rect.width = img.get_width() + s(24)
        rect.centerx = browser.centerx
        theme.panel(
            surface,
            rect,
            fill=(60, 30, 28) if self.message_bad else (24, 54, 36),
            edge=theme.DANGER if self.message_bad else theme.LEGAL,
            radius=s(6),
        )
        surface.blit(img, img.get_rect(center=rect.center))

    # -- a card read large ------------------------------------------------------------------
    def preview(self) -> Preview | None:
        """The card read large now: the card under the mouse, or the one the arrow keys
        moved to, while no button is held and no menu or dialog is up."""
        if self.press is not None or self.menu is not None or self.dialog is not None:
            return None
        if self.panel.problem_list.open:
            return None
        mouse = self.app.input.pos
        if self.keyed is not None:
            name, source = self.keyed, "keys"
        elif self.away:
            return None
        elif (name := self.browser.card_at(mouse)) is not None:
            source = "browser"
        elif (name := self.panel.row_at(mouse)) is not None:
            source = "deck"
        else:
            return None
        card = self.game.card_set().cards.get(name)
        return None if card is None else self._place(card, source)

    def _place(self, card: Any, source: str) -> Preview:
        """A card from the browser (or the keys' highlight) is read over the deck, one from
        the deck over the browser's cards, under its search and filters: never over the
        search field, nor the card the mouse is on (the keys' highlight, with the mouse on
        the deck: over the browser's other side). As large as the room there allows."""
        s = self.s
        pad = s(10)
        mouse_on_deck = self.panel.rect.collidepoint(self.app.input.pos)
        over_cards = source == "deck" or (source == "keys" and mouse_on_deck)
        area = self.browser.rect if over_cards else self.panel.rect
        top = self.browser.grid_top if over_cards else area.top
        bottom = min(area.bottom, self.app.size[1] - s(4))
        room = pygame.Rect(area.left, top, area.width, bottom - top)
        n = self.counts.get(card.name, 0)
        facts = dotted(*(f"{h}: {v}" for h, v in self.game.card_facts(card)))
        said = [facts, f"{n} in the deck" if n else "Not in the deck", self.game.card_note(card)]
        width = min(s(320), room.width)
        f = theme.font(s(13))
        lines = theme.wrap("\n".join(w for w in said if w), f, width - 2 * pad)
        text = len(lines) * f.get_linesize()
        card_h = max(s(40), min(s(420), room.height - text - 3 * pad))
        card_w = min(round(card_h * 300 / 420), width - 2 * pad)
        card_h = round(card_w * 420 / 300)
        box = pygame.Rect(0, 0, width, card_h + text + 3 * pad)
        box.topright = room.topright
        if source == "keys" and over_cards:
            cell = self.browser.cell(self.browser.highlight)
            if cell.centerx > room.centerx:  # the highlight on the right: read on the left
                box.topleft = room.topleft
        return Preview(card, source, box, (card_w, card_h), lines)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The card read large (:meth:`preview`), with what the game says of it."""
        shown = self.preview()
        if shown is None:
            return
        s = self.s
        box = shown.box
        theme.panel(surface, box, fill=(10, 12, 14), edge=theme.GOLD, radius=s(8), alpha=240)
        img = self.art.face(shown.card, shown.size)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.top + s(10))))
        f = theme.font(s(13))
        y = box.top + shown.size[1] + s(20)
        for line in shown.lines:
            surface.blit(f.render(line, True, theme.INK), (box.left + s(10), y))
            y += f.get_linesize()
