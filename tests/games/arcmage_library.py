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


def card(name: str, kind: str = "Creature", text: str = "", guid: str | None = None,
         **fields) -> dict:
    """A card record as the API gives it (a 2-cost 2/2 Gaian creature unless told)."""
    record = {"id": 1, "name": name, "type": {"id": 1, "name": kind},
              "faction": {"id": 1, "name": "Gaian"}, "cost": "2", "loyalty": 1,
              "attack": "2", "defense": "2", "ruleText": text, "artwork": "/api/art",
              "guid": guid or f"guid-{name.lower().replace(' ', '-')}"}
    if kind == "City":
        record.update(cost="S", loyalty=0, attack=None, defense="7")
    record.update(fields)
    return record


def deck(name: str, cities: int = 3, creatures: int = 12, extra: list | None = None,
         prefix: str = "") -> dict:
    """A legal 45-card deck object (3 copies each of 3 cities and 12 creatures) unless
    told otherwise; ``extra`` deck cards are added as they are."""
    entries = [{"quantity": 3, "card": card(f"{prefix}City {i}", "City")}
               for i in range(cities)]
    entries += [{"quantity": 3, "card": card(f"{prefix}Creature {i}")} for i in range(creatures)]
    return {"id": 1, "name": name, "guid": f"deck-{name.lower()}", "isAvailable": True,
            "deckCards": entries + list(extra or [])}


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data))
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes ({} when there is no folder)."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}
