"""Colours, fonts and text: the one place the table's look is decided.

Every font comes from :func:`font`, and draws and measures any words at all: whatever it is
given passes through :func:`~tabletop.engine.files.safe_text` first (a NUL, a control
character or the undecodable bytes of a file's name replaced, more than
:data:`DRAWN_LIMIT` characters cut), so no text from a file, a file name or a player can
stop a screen from drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache

import pygame

from ..engine.files import safe_text
from ..system.paths import asset

DRAWN_LIMIT = 1_000  # characters one line of text may draw (a wide screen shows ~300)
WRAPPED_LIMIT = 10_000  # characters a wrapped text may hold (a card's text is under 1,000)

BG = (24, 32, 30)
FELT = (30, 58, 48)
FELT_EDGE = (22, 44, 37)
PANEL = (20, 24, 28)
PANEL_EDGE = (58, 66, 72)
INK = (236, 232, 220)
INK_DIM = (150, 156, 160)
INK_DARK = (28, 26, 24)
GOLD = (232, 196, 92)
HIGHLIGHT = (255, 214, 90)
LEGAL = (110, 220, 140)
DANGER = (228, 92, 80)
BLOCK = (120, 190, 250)  # a defender's tether to the attacker it blocks
BUTTON = (52, 92, 130)
BUTTON_HOT = (72, 122, 170)
BUTTON_OFF = (54, 58, 62)
PAPER = (242, 236, 222)
NEAR_SIDE = (92, 168, 250)  # the seat at the bottom of the screen, where sides share space
FAR_SIDE = (236, 96, 84)

FONTS = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "title": "DejaVuSans-Bold.ttf",
    "plain": "DejaVuSans.ttf",
}


class SafeFont(pygame.font.Font):
    """A font that draws and measures any words (see the module's docstring)."""

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        try:
            return super().render(safe_text(text, DRAWN_LIMIT), *args, **kwargs)
        except pygame.error:  # words of no width at all (a lone soft hyphen): nothing to see
            return pygame.Surface((1, self.get_linesize()), pygame.SRCALPHA)

    def size(self, text) -> tuple[int, int]:
        return super().size(safe_text(text, DRAWN_LIMIT))


# The player's text size (Settings' "Text and card size") for the screens that follow it
# through this module (menus and lists: see ``widgets.ButtonScene``); the table and the
# deck builder lay out their own, so 1.0 while they draw.
_scale = 1.0


@contextmanager
def text_scale(k: float) -> Iterator[None]:
    """Every font asked for inside the block ``k`` times larger."""
    global _scale
    old, _scale = _scale, k
    try:
        yield
    finally:
        _scale = old


def _scaled(size: int) -> int:
    return max(6, round(int(size) * _scale))


def font(size: int, style: str = "regular") -> SafeFont:
    return _font(_scaled(size), style)


@cache
def _font(size: int, style: str) -> SafeFont:
    path = asset("fonts", FONTS[style])
    try:
        return SafeFont(str(path), size)
    except (FileNotFoundError, OSError):
        return SafeFont(None, int(size * 1.3))  # pygame's own font as a last resort


def text(
    words: str, size: int, color: tuple[int, int, int] = INK, style: str = "regular"
) -> pygame.Surface:
    """Rendered text, cached (the same labels are drawn every frame)."""
    return _text(words, _scaled(size), color, style)


@cache
def _text(words: str, size: int, color: tuple[int, int, int], style: str) -> pygame.Surface:
    return _font(size, style).render(words, True, color).convert_alpha()


def width(words: str, size: int, style: str = "regular") -> int:
    """How wide ``words`` are in a font, measured once (layouts ask every frame)."""
    return _width(words, _scaled(size), style)


@cache
def _width(words: str, size: int, style: str) -> int:
    return _font(size, style).size(words)[0]


_also_forget: list[Callable[[], None]] = []  # other drawing modules' caches (see remember)


def remember(clear: Callable[[], None]) -> None:
    """Have :func:`forget` also call ``clear``: for a drawing module's own cache of
    surfaces, which die with pygame's display as the fonts do."""
    _also_forget.append(clear)


def forget() -> None:
    """Drop every cached font and rendered text: they die with pygame's font module."""
    _font.cache_clear()
    _text.cache_clear()
    _width.cache_clear()
    _layer.cache_clear()
    _wrapped.clear()
    for clear in _also_forget:
        clear()


_wrapped: dict[tuple[str, int, int], list[str]] = {}  # the same words wrap every frame


def wrap(words: str, f: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``words`` that fit ``width`` pixels in font ``f`` (remembered: a prompt or
    a card's text is wrapped again every frame it is drawn)."""
    key = (words, id(f), width)
    lines = _wrapped.get(key)
    if lines is None:
        if len(_wrapped) > 2048:
            _wrapped.clear()
        lines = _wrapped[key] = _wrap(words, f, width)
    return list(lines)


def _wrap(words: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    words = safe_text(words, WRAPPED_LIMIT, lines=True)  # more than any screen can hold
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_size(words: str, room: float, size: int, minimum: int = 7, style: str = "regular") -> int:
    """The largest font size from ``size`` down to ``minimum`` that writes ``words`` on one
    line no wider than ``room`` (``minimum`` when none does)."""
    while size > minimum and width(words, size, style) > room:
        size -= 1
    return size


def clipped(words: str, f: pygame.font.Font, room: float, keep_end: bool = False) -> str:
    """``words``, or as much of them as fits ``room`` pixels in ``f`` with an ellipsis where
    the rest was cut (the end kept instead of the start with ``keep_end``: the end of what
    is being typed). Found by halving, so a name of any length costs a few measures."""
    words = safe_text(words, DRAWN_LIMIT)
    if f.size(words)[0] <= room:
        return words

    def part(n: int) -> str:
        return "…" + words[len(words) - n :].lstrip() if keep_end else words[:n].rstrip() + "…"

    lo, hi = 0, len(words)  # part(lo) fits (or lo is 0); part(hi + 1) would not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(part(mid))[0] <= room:
            lo = mid
        else:
            hi = mid - 1
    return part(lo)


def fit_text(
    words: str, width: int, height: int, size: int, minimum: int = 7, style: str = "regular"
) -> tuple[pygame.font.Font, list[str]]:
    """The largest font (from ``size`` down to ``minimum``) whose wrapped lines fit."""
    for s in range(size, minimum - 1, -1):
        f = font(s, style)
        lines = wrap(words, f, width)
        if len(lines) * f.get_linesize() <= height:
            return f, lines
    f = font(minimum, style)
    lines = wrap(words, f, width)
    keep = max(1, height // f.get_linesize())
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = lines[-1].rstrip(".") + "…"
    return f, lines


def draw_text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    color: tuple[int, int, int] = INK,
    style: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    img = text(words, size, color, style)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=256)
def _layer(
    size: tuple[int, int], fill: tuple[int, int, int], alpha: int, radius: int
) -> pygame.Surface:
    """A see-through panel's surface, made once per size and look (the same shades and
    plates are drawn every frame)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
    return layer


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill=PANEL,
    edge=PANEL_EDGE,
    radius: int = 8,
    alpha: int = 255,
) -> None:
    if alpha < 255:
        surface.blit(_layer(tuple(rect.size), tuple(fill), alpha, radius), rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)
