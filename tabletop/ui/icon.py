"""The program's icon, drawn (a card back with the gold T), and written in the forms each
desktop wants: the window's icon, PNGs in the sizes Linux desktops look for, a Windows
``.ico`` and a macOS ``.icns``. pygame writes the PNGs, so no imaging library is needed;
``build.spec`` writes the files beside the program it builds."""

from __future__ import annotations

import io
import struct

import pygame

# The sizes of the hicolor icon theme that desktops look in (share/icons/hicolor/NxN/apps).
LINUX_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# macOS's PNG icon types, by the pixel size each holds.
ICNS_TYPES = {32: b"ic11", 64: b"ic12", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def drawn(size: int = 64) -> pygame.Surface:
    """The icon at ``size`` pixels square (set before the window exists, so nothing here
    is converted): a card back with the gold T."""
    pygame.font.init()
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    card = pygame.Rect(round(size * 0.14), 1, round(size * 0.72), size - 2)
    pygame.draw.rect(surf, (38, 58, 104), card, border_radius=size // 10)
    pygame.draw.rect(surf, (232, 196, 92), card, max(2, size // 24), border_radius=size // 10)
    t = pygame.font.Font(None, int(size * 0.75)).render("T", True, (232, 196, 92))
    surf.blit(t, t.get_rect(center=card.center))
    return surf


def png(size: int) -> bytes:
    """The icon as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(drawn(size), buffer, "icon.png")
    return buffer.getvalue()


def ico(size: int = 256) -> bytes:
    """The icon as a Windows .ico (one PNG image inside, which Windows reads since Vista),
    for the executable's file icon."""
    data = png(size)
    side = 0 if size >= 256 else size  # 0 means 256 in an icon directory entry
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), 6 + 16)
    return header + entry + data


def icns() -> bytes:
    """The icon as a macOS .icns: one PNG per size of :data:`ICNS_TYPES`, each entry its
    four-letter type and its length (header included), big-endian."""
    entries = b"".join(
        kind + struct.pack(">I", 8 + len(data)) + data
        for size, kind in ICNS_TYPES.items()
        for data in [png(size)]
    )
    return b"icns" + struct.pack(">I", 8 + len(entries)) + entries
