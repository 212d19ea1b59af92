"""The arcmage.org card database's own API format, read through pydantic.

``cards.json`` is the API's answer ``{"items": [card, ...]}`` (a bare list is accepted too);
``decks.json`` is a list of deck objects (or one deck object), each with ``deckCards``:
``[{"quantity": n, "card": {...}}]``. Only the fields the game uses are read; the many
others (artwork links, timestamps, editors) are ignored. A file that is not valid JSON or
not in this format raises :class:`DatabaseError` naming the file and the field, and
nothing is read from it.

The data is the Arcmage community's, under CC BY-SA 4.0 (https://arcmage.org): imported
copies keep that licence and credit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine.cards import CardDataError, describe_errors


class DatabaseError(CardDataError):
    """A database file that cannot be read; one message per problem."""


class _Api(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True)


class Named(_Api):
    name: str = Field(min_length=1)


class ApiCard(_Api):
    name: str = Field(min_length=1)
    type: Named
    faction: Named | None = None
    cost: str | None = None  # "1".."6", "X" (the text defines it), "S" (a city), absent (a token)
    loyalty: int = Field(0, ge=0)
    attack: str | None = None
    defense: str | None = None
    sub_type: str | None = Field(None, alias="subType")
    rule_text: str = Field("", alias="ruleText")
    guid: str | None = None

    @field_validator("rule_text", mode="before")
    @classmethod
    def _no_text(cls, v: Any) -> Any:
        return "" if v is None else v

    @field_validator("cost", "attack", "defense", mode="before")
    @classmethod
    def _as_text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) else v


class ApiDeckCard(_Api):
    quantity: int = Field(ge=1, le=60)
    card: ApiCard


class ApiDeck(_Api):
    name: str = Field(min_length=1)
    deck_cards: list[ApiDeckCard] = Field(alias="deckCards", min_length=1)
    guid: str | None = None


def _load_json(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise DatabaseError([f"{path}: cannot be read ({e.strerror})"]) from None
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise DatabaseError([f"{path}: not valid JSON ({e})"]) from None


def read_cards(path: Path) -> list[ApiCard]:
    """The cards of a ``cards.json`` (``{"items": [...]}``, or a list of cards)."""
    data = _load_json(path)
    items = data.get("items") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise DatabaseError([f"{path}: not an arcmage.org card list (expected "
                             '{"items": [...]} or a list of cards)'])
    return _validate(path, items, ApiCard, "items")


def read_decks(path: Path) -> list[ApiDeck]:
    """The decks of a ``decks.json`` (a list of deck objects, or one deck object)."""
    data = _load_json(path)
    decks = [data] if isinstance(data, dict) and "deckCards" in data else data
    if not isinstance(decks, list):
        raise DatabaseError([f"{path}: not an arcmage.org deck list (expected deck objects "
                             "with deckCards)"])
    return _validate(path, decks, ApiDeck, "decks")


def _validate(path: Path, records: list, model: type[_Api], what: str) -> list:
    out, problems = [], []
    for i, record in enumerate(records):
        try:
            out.append(model.model_validate(record))
        except ValidationError as e:
            label = record.get("name") if isinstance(record, dict) else None
            where = f"{path}: {what}[{i}]" + (f" ({label!r})" if label else "")
            problems += describe_errors(e, where, record)
    if problems:
        raise DatabaseError(problems)
    return out
