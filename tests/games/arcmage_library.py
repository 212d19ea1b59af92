"""Helpers for the tests of importing arcmage.org files: small synthetic files in the
database's API format, the real extract when this machine has it, and the game wired to
play with the player's imports."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop.engine import Game
from tabletop.games import get
from tabletop.games.arcmage import library

REPO = Path(__file__).resolve().parents[2]
GAME = get("arcmage")


def real_data() -> Path:
    """The real arcmage.org extract (``ARCMAGE_DATA`` or ``../shared/arcmage``), read where it
    is and never copied into the project; the test is skipped without it."""
    path = Path(os.environ.get("ARCMAGE_DATA", REPO.parent / "shared" / "arcmage"))
    if not (path / "cards.json").is_file() or not (path / "decks.json").is_file():
        pytest.skip(f"the arcmage.org extract is not at {path}")
    return path


def wire(monkeypatch) -> Game:
    """The ARC-mage game playing with the imports (as ``ArcMage.card_set`` does once it
    calls ``library.card_set``), with its card set read afresh now and after the test."""
    if type(GAME).card_set is Game.card_set:
        monkeypatch.setattr(type(GAME), "card_set", lambda self: library.card_set(self))
    monkeypatch.setattr(GAME, "_card_set", None)
    return GAME


def card(
    name: str, kind: str = "Creature", text: str = "", guid: str | None = None, **fields
) -> dict:
    """A card record as the API gives it (a 2-cost 2/2 Gaian creature unless told)."""
    record = {
        "id": 1,
        "name": name,
        "type": {"id": 1, "name": kind},
        "faction": {"id": 1, "name": "Gaian"},
        "cost": "2",
        "loyalty": 1,
        "attack": "2",
        "defense": "2",
        "ruleText": text,
        "artwork": "/api/art",
        "guid": guid or f"guid-{name.lower().replace(' ', '-')}",
    }
    if kind == "City":
        record.update(cost="S", loyalty=0, attack=None, defense="7")
    record.update(fields)
    return record


def deck(
    name: str, cities: int = 3, creatures: int = 12, extra: list | None = None, prefix: str = ""
) -> dict:
    """A legal 45-card deck object (3 copies each of 3 cities and 12 creatures) unless
    told otherwise; ``extra`` deck cards are added as they are."""
    entries = [{"quantity": 3, "card": card(f"{prefix}City {i}", "City")} for i in range(cities)]
    entries += [{"quantity": 3, "card": card(f"{prefix}Creature {i}")} for i in range(creatures)]
    return {
        "id": 1,
        "name": name,
        "guid": f"deck-{name.lower()}",
        "isAvailable": True,
        "deckCards": entries + list(extra or []),
    }


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data))
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes ({} when there is no folder)."""
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# -- large synthetic databases ------------------------------------------------------------------
def _renamed_record(record: dict, copy: int, distinct_texts: bool) -> dict:
    out = dict(record)
    out["name"] = f"{record['name']} {copy}"
    out["guid"] = f"{record.get('guid') or record['name']}-{copy}"
    if distinct_texts and out.get("ruleText"):
        # A reminder in parentheses, which the parser reads past: every text is then one of
        # its own (no two cards share a text), and the cards play the same.
        out["ruleText"] = f"{out['ruleText']} (Copy {copy}.)"
    return out


def synthetic(
    n: int, cards: list[dict], decks: list[dict], *, distinct_texts: bool = False
) -> tuple[dict, list[dict]]:
    """A database of ``n`` card records made from ``cards`` (and one deck per copy of the
    card list, cycling through ``decks``): copy ``k`` of a card is named ``<name> <k>`` with
    a guid of its own, and copy ``k`` of a deck holds copy ``k`` of its cards, so every name
    is unique and every deck legal. Returns (cards.json's data, decks.json's data)."""
    items: list[dict] = []
    out_decks: list[dict] = []
    copy = 0
    while len(items) < n:
        copy += 1
        items += [_renamed_record(c, copy, distinct_texts) for c in cards[: n - len(items)]]
        d = decks[(copy - 1) % len(decks)]
        out_decks.append(
            {
                **d,
                "name": f"{d['name']} {copy}",
                "guid": f"{d.get('guid') or d['name']}-{copy}",
                "deckCards": [
                    {**dc, "card": _renamed_record(dc["card"], copy, distinct_texts)}
                    for dc in d["deckCards"]
                ],
            }
        )
    return {"items": items}, out_decks


def small_base() -> tuple[list[dict], list[dict]]:
    """A base for :func:`synthetic` that needs no real data: 15 cards with texts the parser
    reads (and one it leaves), and a legal deck of them."""
    texts = [
        "Flying - Only creatures with flying and ranged can defend against me.",
        "Veteran - I am not marked for attacking.",
        "",
        "Whistle a tune backwards and the moon turns green.",
    ]
    d = deck("Base")
    for i, dc in enumerate(d["deckCards"]):
        if dc["card"]["type"]["name"] == "Creature":
            dc["card"]["ruleText"] = texts[i % len(texts)]
    return [dc["card"] for dc in d["deckCards"]], [d]


def real_base() -> tuple[list[dict], list[dict]]:
    """The real extract's card list and decks, as :func:`synthetic`'s base."""
    path = real_data()
    return (
        json.loads((path / "cards.json").read_text())["items"],
        json.loads((path / "decks.json").read_text()),
    )


# -- files that are not plain JSON text -----------------------------------------------------
# kind -> what the refusal says about the file
HOSTILE = {
    "deep": "nested more than 48 levels deep",  # json.loads itself would recurse too deep
    "nested": "nested more than 48 levels deep",  # parses, but deeper than any real file
    "huge": "too large",
    "binary": "damaged or not a text file (binary data)",
    "latin1": "not UTF-8 text",
    "fifo": "a pipe, not a file; not read",
    "number": "is far too large",
}


def hostile(path: Path, kind: str) -> Path:
    """A card file at ``path`` that no import may read, of ``kind`` (HOSTILE's keys)."""
    if kind == "deep":
        path.write_text('{"items": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif kind == "nested":
        nest: list = []
        for _ in range(60):
            nest = [nest]
        path.write_text(json.dumps({"items": [card("Deep", extra=nest)]}))
    elif kind == "huge":
        with path.open("wb") as f:  # a sparse file: no disk is used
            f.truncate(library.DATABASE_LIMIT + 1)
    elif kind == "binary":
        path.write_bytes(b'{"items": [\x00\x01\x02]}')
    elif kind == "latin1":
        path.write_bytes(
            json.dumps({"items": [card("Caf\u00e9")]}, ensure_ascii=False).encode("latin-1")
        )
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "number":
        path.write_text(json.dumps({"items": [card("Big", loyalty=10**20)]}))
    else:
        raise ValueError(kind)
    return path
