"""The table's layout, checked: nothing it draws overlaps what it must not, leaves its
container or the window, and the log stays readable.

While the table draws, it notes the rectangle of each text, button, badge, plate, banner
and panel it puts down (``TableScene.drawn``); :func:`problems` reads those notes and the
cards' places. The suite runs it over every game, seat count, text size and window size at
several positions (``tests/ui/test_layout_fits.py``), and ``tabletop screenshot
--check-layout`` on the picture it takes.
"""

from __future__ import annotations

import itertools

import pygame

from . import theme

# What is solid: two of these never overlap (a badge may overlap another of its own card,
# or of a card laid over its card in a crowded row).
SOLID = frozenset(
    {
        "plate",
        "pile count",
        "badge",
        "bar title",
        "phase",
        "thinking",
        "button",
        "hand count",
        "banner",
        "message",
        "dice",
    }
)
# What no card goes under or over: the places of words and controls.
CLEAR = frozenset(
    {"plate", "hand count", "bar title", "phase", "button", "message", "log", "zoom card"}
)
ON_CARDS = frozenset({"badge", "pile count"})  # drawn on cards
LOG_LINES = 8  # lines the log shows at least, whatever the message box above it holds


def problems(table) -> list[str]:
    """What is wrong with the table's layout as it is drawn now (empty: nothing)."""
    kept, table.drawn = table.drawn, []
    table._board = None  # the felt and the piles' names too, drawn once per window size
    table.draw(pygame.Surface(table.app.size))
    drawn, table.drawn = list(table.drawn), kept
    lay = table.layout
    window = pygame.Rect(0, 0, *table.app.size)
    out: list[str] = []
    for d in drawn:
        if not window.contains(d.rect):
            out.append(f"{d.kind} {tuple(d.rect)} leaves the window")
        if d.within is not None and not d.within.contains(d.rect):
            out.append(f"{d.kind} {tuple(d.rect)} spills out of {tuple(d.within)}")
        if d.kind == "log":
            shown = d.rect.height // theme.font(lay.px(12)).get_linesize()
            if shown < LOG_LINES:
                out.append(f"the log shows {shown} lines (at least {LOG_LINES})")
        if d.kind == "badge" and d.rect.width < d.rect.height // 2:
            out.append(f"badge {tuple(d.rect)} is a sliver: its words are gone")
    for a, b in itertools.combinations([d for d in drawn if d.kind in SOLID], 2):
        if not a.rect.colliderect(b.rect):
            continue
        if {a.kind, b.kind} & {"banner"} and {a.kind, b.kind} & ON_CARDS:
            continue  # an outcome shown over the board, and so over its cards for a while
        if a.kind == b.kind == "badge" and (
            a.card == b.card
            or table.sprites[a.card].rect().colliderect(table.sprites[b.card].rect())
        ):
            continue  # one card's column, or cards a crowded row lays over each other
        out.append(f"{a.kind} {tuple(a.rect)} overlaps {b.kind} {tuple(b.rect)}")
    clear = [d for d in drawn if d.kind in CLEAR]
    for sprite in table.sprites.values():
        rect = sprite.rect()
        if not window.contains(rect):
            out.append(f"card {sprite.cid} {tuple(rect)} leaves the window")
        if rect.colliderect(lay.bar):
            out.append(f"card {sprite.cid} {tuple(rect)} goes under the phase bar")
        for d in clear:
            if rect.colliderect(d.rect):
                out.append(f"card {sprite.cid} {tuple(rect)} covers {d.kind} {tuple(d.rect)}")
    # A card stays in its own seat's places: it never lies over another seat's area.
    areas = [p for p in lay.placed if p.key[0] is not None]
    for sprite in table.sprites.values():
        inst = table.view.cards.get(sprite.cid)
        if inst is None or inst.zone[0] is None:
            continue
        rect = sprite.rect()
        for p in areas:
            over = rect.clip(p.rect)  # more than a sliver where two seats' areas meet
            if p.key[0] != inst.zone[0] and min(over.size) > lay.px(6):
                out.append(
                    f"card {sprite.cid} of seat {inst.zone[0] + 1} {tuple(rect)} lies over "
                    f"{p.key[1]} of seat {p.key[0] + 1} {tuple(p.rect)}"
                )
    # In a row with room for them all, cards lie side by side, none over another.
    for p in lay.placed:
        ids = [c for c in table.view.zones.get(p.key, ()) if c in table.sprites]
        hosts = [c for c in ids if table.view.cards[c].attached_to not in ids]
        turned = [table.view.cards[c].turned for c in hosts]
        if p.area.style != "row" or lay.crowded(p, turned):
            continue
        for a, b in itertools.combinations(hosts, 2):
            ra, rb = table.sprites[a].rect(), table.sprites[b].rect()
            if ra.colliderect(rb.inflate(-2, -2)):
                out.append(f"cards {a} and {b} overlap in {p.key[1]}, which has room for both")
    hand = table.state.zones[(table.near, "hand")]
    others = [s.rect() for s in table.sprites.values() if s.cid not in hand]
    for cid in hand:  # a hand enlarged by the text size rises no higher than its room
        if cid in table.sprites and table.sprites[cid].rect().collidelist(others) >= 0:
            out.append(f"hand card {cid} {tuple(table.sprites[cid].rect())} covers a card")
    return out
