"""The deck builder: a game's cards to browse on the left, the deck being built on the right.

The browser searches a card's name and text as the player types, and filters by what the
game says of its cards (``Game.card_facts``: type, faction or essence, cost...); every card
reads large on hover. A click or a drag onto the deck adds a copy; a click on a row of the
deck, or a drag of it back onto the cards, takes one away; a right-click offers both.
The keys: type to search, arrows to move the highlight, Enter adds the highlighted card,
Delete takes one away, Ctrl+S saves, Esc leaves (asking first if there is anything unsaved).

Beside the deck: its size, the game's own summary of it (``Game.deck_summary``), its cost
curve, and whether it is legal, each problem in the game's words from
``Game.validate_deck``, the code deck choice uses. A deck that is not legal is saved as a
draft (``services.decks``) and cannot be chosen for a game until it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from ..engine import DeckList, Game, counted
from ..engine.files import FileProblem
from ..services import decks as store
from . import theme
from .cards import CardArt
from .widgets import (
    Button,
    ButtonScene,
    Dialog,
    Menu,
    Scene,
    TextField,
    click,
    draw_wrapped,
    fitted,
)

CURVE_TOP = 7  # the cost curve's last column counts this cost and more
DRAG = 6  # how far (design units) the mouse goes with a button down before it drags
UNNAMED = "Unnamed deck"


def _value_order(value: str) -> tuple:
    """Numbers in their order, then words in theirs ("2" < "10" < "Gaian")."""
    head = value.split("+")[0]
    return (0, int(head), value) if head.isdigit() else (1, 0, value.casefold())


class DeckBuilderScene(Scene):
    """Build one deck of ``game``: ``entry`` is the player's deck to edit, or a deck to
    start from (a copy: saved as a new deck), or None for an empty one. ``leave`` makes the
    screen to go back to."""

    COLUMNS, ROWS = 6, 3  # the browser's grid (as many columns as fit, made in ``layout``)

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
        self.search = TextField("", "Type to search names and text", 60)
        self.search.focused = True
        self.saved = (name, dict(cards)) if own else None  # what the file holds
        known = game.card_set().cards
        self.cards = sorted(known.values(), key=self._order)
        self.facts = {c.name: dict(game.card_facts(c)) for c in self.cards}
        self.texts = {c.name: f"{c.name}\n{c.text}".casefold() for c in self.cards}
        headings: dict[str, set[str]] = {}
        for facts in self.facts.values():
            for heading, value in facts.items():
                headings.setdefault(heading, set()).add(value)
        self.facets = {h: sorted(v, key=_value_order) for h, v in headings.items() if len(v) > 1}
        self.costs = any(game.card_cost(c) is not None for c in self.cards)  # a cost curve
        self.chosen: dict[str, str | None] = dict.fromkeys(self.facets)
        self.scroll = 0  # the browser's first row shown
        self.deck_scroll = 0
        self.highlight = 0  # in the shown cards
        self.hover: str | None = None  # the card read large
        self.press: tuple[str, str, tuple[int, int]] | None = None  # (from, card, where)
        self.dragging = False
        self.menu: Menu | None = None
        self.dialog: Dialog | None = None
        self.message = ""
        self.message_bad = False
        self.shown: list[Any] = []
        self.problems: list[str] = []
        self.buttons: list[Button] = []
        self.facet_buttons: list[tuple[str, Button]] = []
        self.refilter()
        self.recheck()
        self.layout()

    # -- what is shown --------------------------------------------------------------------------
    def _order(self, card: Any) -> tuple:
        cost = self.game.card_cost(card)
        return (card.type, -1 if cost is None else cost, card.name.casefold())

    def refilter(self) -> None:
        """The cards the search and the filters let through, the highlight kept in them."""
        words = self.search.text.casefold().split()
        self.shown = [
            c
            for c in self.cards
            if all(w in self.texts[c.name] for w in words)
            and all(v is None or self.facts[c.name].get(h) == v for h, v in self.chosen.items())
        ]
        self.highlight = max(0, min(self.highlight, len(self.shown) - 1))
        self.scroll = max(0, min(self.scroll, self._last_scroll()))
        self.dirty = True

    def _last_scroll(self) -> int:
        rows = -(-len(self.shown) // self.COLUMNS)
        return max(0, rows - self.ROWS)

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
        self.dirty = True

    @property
    def unsaved(self) -> bool:
        now = (self.name.text.strip(), {n: c for n, c in self.counts.items() if c > 0})
        if self.saved is None:
            return bool(now[0] or now[1])
        return now != self.saved

    def kinds(self, deck: DeckList) -> str:
        """How many cards of each type the deck holds ("1 hero · 12 weapons"), the most
        first."""
        known = self.game.card_set().cards
        by_type: dict[str, int] = {}
        for name, n in deck.cards.items():
            if name in known:
                kind = self.facts[name].get("Type", "card").lower()
                by_type[kind] = by_type.get(kind, 0) + n
        ranked = sorted(by_type.items(), key=lambda kn: -kn[1])
        return " · ".join(counted(n, kind) for kind, n in ranked)

    def rows(self) -> list[tuple[str, int]]:
        """The deck's cards in the browser's order, with their counts."""
        order = {c.name: i for i, c in enumerate(self.cards)}
        return sorted(
            ((n, c) for n, c in self.counts.items() if c > 0),
            key=lambda nc: order.get(nc[0], len(order)),
        )

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
        self.browser = pygame.Rect(ox + s(16), s(66), s(796), h - s(80))
        self.panel = pygame.Rect(ox + s(828), s(66), s(436), h - s(80))
        self.name.rect = pygame.Rect(ox + s(300), s(14), s(440), s(40))
        self.search.rect = pygame.Rect(self.browser.left, s(70), self.browser.width, s(36))
        save = pygame.Rect(ox + s(1000), s(14), s(126), s(40))
        done = pygame.Rect(ox + s(1138), s(14), s(126), s(40))
        self.buttons = [
            Button(save, "Save", self.save, key="Ctrl+S"),
            Button(done, "Done", self.back, key="Esc"),
        ]
        self.facet_buttons = []
        n = max(1, len(self.facets))
        gap = s(6)
        bw = (self.browser.width - gap * (n - 1)) // n
        for i, heading in enumerate(self.facets):
            rect = pygame.Rect(self.browser.left + i * (bw + gap), s(112), bw, s(32))
            value = self.chosen[heading]
            self.facet_buttons.append(
                (
                    heading,
                    Button(
                        rect,
                        f"{heading}: {value or 'all'}",
                        lambda hd=heading: self.cycle(hd, 1),
                        selected=value is not None,
                    ),
                )
            )
        top = s(172)
        gap = s(10)
        # Three rows of cards, as wide as their height allows (six to a row at most).
        ch = (self.browser.bottom - top - 2 * gap) // 3
        cw = min(round(ch / 1.4), (self.browser.width - gap * 5) // 6)
        self.COLUMNS = max(1, (self.browser.width + gap) // (cw + gap))
        self.scroll = min(self.scroll, self._last_scroll())
        self.card_size = (cw, round(cw * 1.4))
        self.grid_top = top
        self.row_h = s(24)
        self.list_top = self.panel.top + (s(250) if self.costs else s(160))
        if self.dialog is not None:
            self.dialog.layout(self.app.size, s)
        self.dirty = True

    def cell(self, i: int) -> pygame.Rect:
        """Where the i-th card shown sits in the browser's grid (it may be scrolled out)."""
        cw, ch = self.card_size
        row, col = divmod(i, self.COLUMNS)
        return pygame.Rect(
            self.browser.left + col * (cw + self.s(10)),
            self.grid_top + (row - self.scroll) * (ch + self.s(10)),
            cw,
            ch,
        )

    def visible(self) -> range:
        first = self.scroll * self.COLUMNS
        return range(first, min(len(self.shown), first + self.ROWS * self.COLUMNS))

    def card_at(self, pos: tuple[int, int]) -> str | None:
        for i in self.visible():
            if self.cell(i).collidepoint(pos):
                return self.shown[i].name
        return None

    def list_rows(self) -> int:
        return max(1, (self.panel.bottom - self.s(8) - self.list_top) // self.row_h)

    def row_at(self, pos: tuple[int, int]) -> str | None:
        if not self.panel.collidepoint(pos) or pos[1] < self.list_top:
            return None
        i = (pos[1] - self.list_top) // self.row_h + self.deck_scroll
        rows = self.rows()
        if 0 <= i < len(rows) and i - self.deck_scroll < self.list_rows():
            return rows[i][0]
        return None

    def cycle(self, heading: str, step: int) -> None:
        """The next value of a filter (all, then each value in turn)."""
        options: list[str | None] = [None, *self.facets[heading]]
        i = options.index(self.chosen[heading])
        self.chosen[heading] = options[(i + step) % len(options)]
        self.refilter()
        self.layout()

    def show_highlight(self) -> None:
        row = self.highlight // self.COLUMNS
        if row < self.scroll:
            self.scroll = row
        elif row >= self.scroll + self.ROWS:
            self.scroll = row - self.ROWS + 1
        self.hover = self.shown[self.highlight].name if self.shown else None
        self.dirty = True

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle(event)
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
            if self.panel.collidepoint(pos):
                most = max(0, len(self.rows()) - self.list_rows())
                self.deck_scroll = max(0, min(most, self.deck_scroll - event.y))
            else:
                self.scroll = max(0, min(self._last_scroll(), self.scroll - event.y))
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _down(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if self.menu is not None:
            if event.button == 1:
                self.menu.click(pos)
            self.menu = None
            self.dirty = True
            return
        if event.button == 3:
            for heading, b in self.facet_buttons:
                if b.rect.collidepoint(pos):
                    self.cycle(heading, -1)
                    return
            name = self.card_at(pos) or self.row_at(pos)
            if name is not None:
                self._open_menu(pos, name)
            return
        if event.button != 1:
            return
        if click([*self.buttons, *(b for _, b in self.facet_buttons)], pos):
            return
        for field, other in ((self.name, self.search), (self.search, self.name)):
            if field.rect.collidepoint(pos):
                field.focused, other.focused = True, False
                self.dirty = True
                return
        name = self.card_at(pos)
        if name is not None:
            self.press = ("browser", name, pos)
            self.highlight = next(i for i, c in enumerate(self.shown) if c.name == name)
            return
        name = self.row_at(pos)
        if name is not None:
            self.press = ("deck", name, pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and not self.dragging:
            x, y = self.press[2]
            if abs(pos[0] - x) + abs(pos[1] - y) > self.s(DRAG):
                self.dragging = True
        hover = self.card_at(pos) or self.row_at(pos)
        if self.dragging and self.press is not None:
            hover = self.press[1]
        if hover is not None:
            self.hover = hover
        self.dirty = True

    def _up(self, pos: tuple[int, int]) -> None:
        press, dragging = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None:
            return
        source, name, _ = press
        if dragging:
            if source == "browser" and self.panel.collidepoint(pos):
                self.add(name)
            elif source == "deck" and self.browser.collidepoint(pos):
                self.remove(name)
            self.dirty = True
        elif source == "browser" and self.card_at(pos) == name:
            self.add(name)
        elif source == "deck" and self.row_at(pos) == name:
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
            elif self.shown:
                self.add(self.shown[self.highlight].name)
        elif self.name.focused:  # typing the name: every other key is the name's
            if self.name.key(event):
                self.recheck()
        elif key == pygame.K_DELETE:
            if self.shown:
                self.remove(self.shown[self.highlight].name)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and self.shown:
            step = {
                pygame.K_LEFT: -1,
                pygame.K_RIGHT: 1,
                pygame.K_UP: -self.COLUMNS,
                pygame.K_DOWN: self.COLUMNS,
            }[key]
            self.highlight = max(0, min(len(self.shown) - 1, self.highlight + step))
            self.show_highlight()
        elif self.search.key(event):
            self.highlight = 0
            self.scroll = 0
            self.refilter()
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
        self.search.draw(surface, s(16), "Search")
        for _, b in self.facet_buttons:
            b.draw(surface, mouse, s(14))
        self._draw_grid(surface)
        self._draw_panel(surface)
        if self.hover is not None and self.press is None:
            self._draw_zoom(surface, mouse)
        if self.dragging and self.press is not None:
            img = self.art.face(self.game.card_set().cards[self.press[1]], self.card_size)
            img = img.copy()
            img.set_alpha(200)
            surface.blit(img, img.get_rect(center=mouse))
        if self.menu is not None:
            self.menu.draw(surface, mouse)
        if self.dialog is not None:
            self.dialog.draw(surface, mouse, s)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        s = self.s
        n = len(self.shown)
        total = len(self.cards)
        said = f"{n} of {total} cards" if n != total else f"{total} cards"
        hint = "click or drag onto the deck to add · right-click for more · wheel to scroll"
        theme.draw_text(
            surface,
            f"{said} · {hint}",
            (self.browser.left, s(158)),
            s(13),
            theme.INK_DIM,
            anchor="midleft",
        )
        if not self.shown:
            theme.draw_text(
                surface,
                "No card matches: change the search or a filter.",
                (self.browser.centerx, self.grid_top + s(60)),
                s(16),
                theme.INK_DIM,
                anchor="center",
            )
        clip = surface.get_clip()
        surface.set_clip(self.browser.clip(pygame.Rect(0, self.grid_top, 10**5, 10**5)))
        for i in self.visible():
            card = self.shown[i]
            rect = self.cell(i)
            surface.blit(self.art.face(card, self.card_size), rect)
            n = self.counts.get(card.name, 0)
            if i == self.highlight:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(s(6), s(6)), s(3), s(6))
            if n:
                badge = pygame.Rect(0, 0, s(34), s(24))  # clear of the cost, over the emblem
                badge.midright = (rect.right + s(4), rect.top + round(rect.height * 0.2))
                theme.panel(surface, badge, fill=theme.GOLD, edge=theme.INK_DARK, radius=s(10))
                theme.draw_text(
                    surface,
                    f"×{n}",
                    badge.center,
                    s(14),
                    theme.INK_DARK,
                    "bold",
                    anchor="center",
                )
        surface.set_clip(clip)
        rows = -(-len(self.shown) // self.COLUMNS)
        if rows > self.ROWS:  # where the page is in the whole
            track = pygame.Rect(
                self.browser.right + s(3), self.grid_top, s(5), self.browser.bottom - self.grid_top
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=s(2))
            thumb = track.copy()
            thumb.height = max(s(20), track.height * self.ROWS // rows)
            thumb.top = track.top + (track.height - thumb.height) * self.scroll // max(
                1, self._last_scroll()
            )
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=s(2))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        s = self.s
        box = self.panel
        hot = self.dragging and self.press is not None and self.press[0] == "browser"
        theme.panel(
            surface,
            box,
            fill=(16, 20, 22),
            edge=theme.LEGAL if hot and box.collidepoint(self.app.input.pos) else theme.PANEL_EDGE,
            radius=s(8),
        )
        deck = self.deck()
        x = box.left + s(14)
        width = box.width - s(28)
        theme.draw_text(
            surface,
            f"{deck.size()} cards",
            (x, box.top + s(10)),
            s(20),
            theme.INK,
            "bold",
        )
        summary = "Empty: add cards from the left."
        if deck.cards:
            details = self.game.deck_details(deck)
            summary = f"{self.game.deck_summary(deck)}\n{self.kinds(deck)}"
            summary += f" · {details}" if details else ""
        draw_wrapped(
            surface,
            summary,
            pygame.Rect(x, box.top + s(38), width, s(54)),
            s(13),
            theme.INK_DIM,
        )
        y = box.top + s(98)
        if self.problems:
            shown = self.problems[:3]
            if len(self.problems) > 3:
                shown = [*self.problems[:2], f"and {len(self.problems) - 2} more problems"]
            for line in shown:
                img = fitted(line[0].upper() + line[1:], width, s(13), theme.DANGER)
                surface.blit(img, (x, y))
                y += s(18)
        else:
            theme.draw_text(surface, "Legal: ready to play", (x, y), s(15), theme.LEGAL, "bold")
        self._draw_curve(surface, pygame.Rect(x, box.top + s(154), width, s(84)))
        rows = self.rows()
        first = self.deck_scroll
        y = self.list_top
        mouse = self.app.input.pos
        cards = self.game.card_set().cards
        for name, n in rows[first : first + self.list_rows()]:
            row = pygame.Rect(box.left + s(6), y, box.width - s(12), self.row_h - s(2))
            if row.collidepoint(mouse) and self.press is None:
                pygame.draw.rect(surface, theme.BUTTON, row, border_radius=s(4))
            cost = self.game.card_cost(cards[name]) if name in cards else None
            theme.draw_text(
                surface, f"{n}×", (x, row.centery), s(14), theme.GOLD, "bold", anchor="midleft"
            )
            img = fitted(name, width - s(70), s(14), theme.INK)
            surface.blit(img, img.get_rect(midleft=(x + s(34), row.centery)))
            if cost is not None:
                theme.draw_text(
                    surface,
                    str(cost),
                    (box.right - s(16), row.centery),
                    s(14),
                    theme.INK_DIM,
                    anchor="midright",
                )
            y += self.row_h
        if len(rows) > self.list_rows():
            last = min(len(rows), first + self.list_rows())
            theme.draw_text(
                surface,
                f"rows {first + 1}–{last} of {len(rows)} (scroll)",
                (box.right - s(12), box.top + s(20)),
                s(12),
                theme.INK_DIM,
                anchor="midright",
            )
        if self.message:
            rect = pygame.Rect(0, 0, s(760), s(30))
            rect.midbottom = (self.browser.centerx, self.app.size[1] - s(6))
            img = fitted(self.message, rect.width - s(20), s(14), theme.INK)
            rect.width = img.get_width() + s(24)
            rect.centerx = self.browser.centerx
            theme.panel(
                surface,
                rect,
                fill=(60, 30, 28) if self.message_bad else (24, 54, 36),
                edge=theme.DANGER if self.message_bad else theme.LEGAL,
                radius=s(6),
            )
            surface.blit(img, img.get_rect(center=rect.center))

    def _draw_curve(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """How many cards of each cost the deck holds (the last column: that cost or more)."""
        s = self.s
        cards = self.game.card_set().cards
        counts = [0] * (CURVE_TOP + 1)
        for name, n in self.counts.items():
            cost = self.game.card_cost(cards[name]) if name in cards else None
            if cost is not None:
                counts[min(cost, CURVE_TOP)] += n
        if not self.costs:
            return  # a game without costs has no curve
        theme.draw_text(surface, "Cost curve", (rect.left, rect.top), s(13), theme.INK_DIM)
        top = rect.top + s(18)
        base = rect.bottom - s(16)
        most = max(counts) or 1
        bw = rect.width // len(counts)
        for cost, n in enumerate(counts):
            bar = pygame.Rect(rect.left + cost * bw + s(4), 0, bw - s(8), 0)
            bar.height = round((base - top) * n / most)
            bar.bottom = base
            if n:
                pygame.draw.rect(surface, theme.BUTTON_HOT, bar, border_radius=s(3))
                above = (bar.centerx, bar.top - s(1))
                theme.draw_text(surface, str(n), above, s(11), theme.INK, anchor="midbottom")
            label = f"{cost}+" if cost == CURVE_TOP else str(cost)
            theme.draw_text(
                surface, label, (bar.centerx, base + s(2)), s(12), theme.INK_DIM, anchor="midtop"
            )

    def _draw_zoom(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The card under the mouse (or highlighted) read large, with what the game says of
        it, on the side of the screen away from it."""
        s = self.s
        card = self.game.card_set().cards.get(self.hover)
        if card is None:
            return
        size = (s(300), s(420))
        box = pygame.Rect(0, 0, size[0] + s(20), size[1] + s(96))
        if not self.panel.collidepoint(mouse):  # reading the browser: over the deck
            box.topright = (self.panel.right, self.panel.top)
        else:
            box.topleft = (self.browser.left + s(20), self.panel.top)
        box.bottom = min(box.bottom, self.app.size[1] - s(4))
        theme.panel(surface, box, fill=(10, 12, 14), edge=theme.GOLD, radius=s(8), alpha=240)
        img = self.art.face(card, size)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.top + s(10))))
        facts = " · ".join(f"{h}: {v}" for h, v in self.game.card_facts(card))
        n = self.counts.get(card.name, 0)
        lines = [facts, f"{n} in the deck" if n else "Not in the deck"]
        note = self.game.card_note(card)
        if note:
            lines.append(note)
        draw_wrapped(
            surface,
            "\n".join(lines),
            pygame.Rect(box.left + s(12), box.top + size[1] + s(16), box.width - s(24), s(80)),
            s(13),
            theme.INK,
        )


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
            return f"{whose} · draft: {entry.problems[0]}{more}"
        return f"{whose} · {self.game.deck_summary(entry.deck)}"

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
