"""Any words at all reach the screen safely: the one way text is drawn (``theme.font``'s
fonts, through ``safe_text``) takes NUL, control characters, the undecodable bytes of a
file's name, direction marks and a million characters, draws them bounded, and fits them by
halving, not a character at a time. No screen draws text any other way."""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.engine.files import SHOWN, safe_text
from tabletop.ui import theme
from tabletop.ui.widgets import TextField, fitted

# Every kind of character, the ones no font can draw among them: surrogates (how Python
# keeps a file name's bytes that are not UTF-8), controls, NUL, format marks, separators.
ANY_CHARACTER = st.characters(categories=["Cs", "Cc", "Cf", "Co", "Zl", "Zp", "Zs", "L", "So"])
ANY_TEXT = st.text(ANY_CHARACTER, max_size=60) | st.builds(
    lambda unit, n: unit * n,
    st.text(ANY_CHARACTER, min_size=1, max_size=4),
    st.integers(0, 300_000),
)
UNDECODABLE = os.fsdecode(b"deck-\xff\xfe.toml")


@pytest.fixture(autouse=True)
def screen():
    pygame.display.init()
    pygame.font.init()
    theme.forget()
    yield pygame.display.set_mode((640, 360))
    theme.forget()
    pygame.display.quit()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=ANY_TEXT, room=st.integers(1, 1200), size=st.integers(6, 40))
@example(words="A" * 200_000, room=300, size=14)  # a deck named so hung the Decks screen
@example(words="Deck\x00name", room=300, size=14)  # NUL stopped every visit of a screen
@example(words="\xad", room=1, size=6)  # a lone soft hyphen has no width to render
@example(words=UNDECODABLE, room=300, size=14)  # a file name that is not UTF-8
@example(words="\x93X\x0c\x9a" * 245_676, room=1, size=6)  # a million characters to wrap
def test_any_words_are_drawn_fitted_and_measured_within_a_few_milliseconds(words, room, size):
    start = time.process_time()
    img = fitted(words, room, size, theme.INK)
    assert img.get_width() <= max(room, theme.width("…", max(8, size - 4)) + 2)
    theme.text(words, size)
    f = theme.font(size)
    f.render(words, True, theme.INK)
    assert f.size(words)[0] < 100_000  # capped, never a surface a million pixels wide
    theme.wrap(words, f, room)
    field = TextField(words)
    field.rect = pygame.Rect(0, 0, room + 40, size * 2)
    field.draw(pygame.display.get_surface(), size)
    assert time.process_time() - start < 0.5, len(words)


@given(words=ANY_TEXT)
@settings(max_examples=200, deadline=None)
def test_safe_text_leaves_nothing_a_font_or_a_log_cannot_take_and_is_bounded(words):
    out = safe_text(words)
    assert len(out) <= SHOWN
    out.encode("utf-8")  # no surrogate is left
    assert not any(ch < " " or "\x7f" <= ch <= "\x9f" for ch in out)
    assert not any(ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069" for ch in out)
    if words.isprintable() and len(words) <= SHOWN:
        assert out == words  # ordinary words are shown as they are


def test_safe_text_keeps_line_breaks_only_when_asked_and_cuts_with_an_ellipsis():
    assert safe_text("a\nb\tc") == "a b c"
    assert safe_text("a\nb\x00", lines=True) == "a\nb\ufffd"
    assert safe_text("x" * 500, 10) == "x" * 9 + "…"
    assert safe_text(UNDECODABLE) == "deck-\ufffd\ufffd.toml"


def _font_makers() -> list[str]:
    """Every place in the package that makes a font or draws text other than through
    ``theme``: pygame.font.Font(...), SysFont, freetype."""
    root = Path(tabletop.__file__).parent
    # theme makes every font; the icon draws its one letter, "T", with pygame's own font
    # before any window exists (build.spec draws it without the rest of the program).
    allowed = {"ui/theme.py", "ui/icon.py"}
    found = []
    for path in root.rglob("*.py"):
        if path.relative_to(root).as_posix() in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("Font", "SysFont", "freetype"):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_every_font_comes_from_theme_so_every_word_drawn_is_made_safe():
    assert _font_makers() == []
