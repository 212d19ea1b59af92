"""Every character Tabletop draws is in the fonts it bundles: the symbols and labels of its
code, every shipped card file (and the arcmage.org extract, where this machine has it). A
character a font lacks is drawn as an empty box; pygame's freetype says which it lacks."""

from __future__ import annotations

import ast
import json
import unicodedata
from pathlib import Path

import pygame.freetype

import tabletop
from tabletop.engine.files import REPLACEMENT
from tabletop.system.paths import shipped
from tabletop.ui.theme import FONTS

from ..games.arcmage_library import real_data

NOT_DRAWN = ("Cc", "Cf", "Cs", "Zl", "Zp")  # controls and marks: made safe, never drawn


def _characters(texts) -> dict[str, str]:
    """Every character of ``texts`` ((where, text) pairs) a font must draw, and a place it
    comes from."""
    out: dict[str, str] = {}
    for where, text in texts:
        for ch in text:
            if ord(ch) > 126 and unicodedata.category(ch) not in NOT_DRAWN:
                out.setdefault(ch, where)
    return out


def _code():
    root = Path(tabletop.__file__).parent
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield path.relative_to(root).as_posix(), node.value
    yield "safe_text", REPLACEMENT


def _card_files():
    for path in sorted(shipped("cards").rglob("*.toml")):
        yield path.relative_to(shipped("cards")).as_posix(), path.read_text(encoding="utf-8")


def _missing(chars: dict[str, str]) -> list[str]:
    pygame.freetype.init()
    fonts = {
        style: pygame.freetype.Font(str(shipped("assets") / "fonts" / name), 12)
        for style, name in FONTS.items()
    }
    return [
        f"{ch!r} ({unicodedata.name(ch, '?')}, from {where}) is not in the {style} font"
        for ch, where in sorted(chars.items())
        for style, font in fonts.items()
        if font.get_metrics(ch)[0] is None
    ]


def test_every_symbol_and_label_of_the_code_is_in_the_bundled_fonts():
    assert _missing(_characters(_code())) == []


def test_every_character_of_the_shipped_card_files_is_in_the_bundled_fonts():
    chars = _characters(_card_files())
    assert chars  # the card files do hold accents and symbols
    assert _missing(chars) == []


def test_every_character_of_the_real_arcmage_cards_is_in_the_bundled_fonts():
    data = real_data()  # skipped on a machine without the extract
    texts = [
        (name, json.dumps(json.loads((data / name).read_text("utf-8")), ensure_ascii=False))
        for name in ("cards.json", "decks.json")
    ]
    assert _missing(_characters(texts)) == []
