"""The arcmage.org card database's own API format, read through pydantic.

``cards.json`` is the API's answer ``{"items": [card, ...]}`` (a bare list is accepted too);
``decks.json`` is a list of deck objects (or one deck object), each with ``deckCards``:
``[{"quantity": n, "card": {...}}]``. Only the fields the game uses are read; the many
others (artwork links, timestamps, editors) are ignored. Files are read through
:func:`tabletop.engine.files.read_data` (regular files only, at most :data:`DATABASE_LIMIT`,
UTF-8 JSON nested at most ``MAX_DEPTH`` deep); a file that cannot be read, is not valid
JSON or not in this format raises :class:`DatabaseError` naming the file and the field,
whatever went wrong (recursion, memory, encoding, type, value, OS), and nothing is read
from it.

The data is the Arcmage community's, under CC BY-SA 4.0 (https://arcmage.org): imported
copies keep that licence and credit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine.cards import CardDataError
from ...engine.files import MB, FileProblem, Limits, describe_errors, read_data

# A card record is about 2.5 KB and 50 values: 25,000 cards (ten times the real database)
# in one file. Its longest text is a card's markup, under 600 characters.
DATABASE_LIMIT = 64 * MB
DATABASE_LIMITS = Limits(DATABASE_LIMIT, keys=200, items=50_000, values=3_000_000, text=20_000)
MAX_TEXT = 4000  # characters of a card's text (the longest real one has 360)
MAX_NAME = 200
MAX_PROBLEMS = 50  # records described in one refusal; the rest are counted


class DatabaseError(CardDataError):
    """A database file that cannot be read; one message per problem."""


class _Api(BaseModel):
    model_config = ConfigDict(extra="ignore", populate_by_name=True, frozen=True)


class Named(_Api):
    name: str = Field(min_length=1, max_length=MAX_NAME)


class ApiCard(_Api):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    type: Named
    faction: Named | None = None
    # "1".."6", "X" (the text defines it), "S" (a city), absent (a token)
    cost: str | None = Field(None, max_length=MAX_NAME)
    loyalty: int = Field(0, ge=0)
    attack: str | None = Field(None, max_length=MAX_NAME)
    defense: str | None = Field(None, max_length=MAX_NAME)
    sub_type: str | None = Field(None, alias="subType", max_length=MAX_NAME)
    rule_text: str = Field("", alias="ruleText", max_length=MAX_TEXT)
    guid: str | None = Field(None, max_length=MAX_NAME)

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
    name: str = Field(min_length=1, max_length=MAX_NAME)
    deck_cards: list[ApiDeckCard] = Field(alias="deckCards", min_length=1, max_length=500)
    guid: str | None = Field(None, max_length=MAX_NAME)


def load_json(path: Path, *, inside: Path | None, name: str | None = None) -> Any:
    """A database file's JSON, through the one file reader (DatabaseError naming the file
    otherwise). ``inside``: the folder the file must stay in (the data folder's copies), or
    None for the files the player named to import."""
    try:
        return read_data(Path(path), "json", DATABASE_LIMITS, inside=inside, name=name)
    except FileProblem as e:
        raise DatabaseError([str(e)]) from None


def read_cards(path: Path) -> list[ApiCard]:
    """The cards of a ``cards.json`` (``{"items": [...]}``, or a list of cards)."""
    return cards_in(load_json(path, inside=None), str(path))


def read_decks(path: Path) -> list[ApiDeck]:
    """The decks of a ``decks.json`` (a list of deck objects, or one deck object)."""
    return decks_in(load_json(path, inside=None), str(path))


def card_items(data: Any) -> Any:
    """The card records of a card file's data (a list, if it is one)."""
    return data.get("items") if isinstance(data, dict) else data


def deck_items(data: Any) -> Any:
    """The deck records of a deck file's data (a list, if it is one)."""
    return [data] if isinstance(data, dict) and "deckCards" in data else data


def cards_in(data: Any, label: str) -> list[ApiCard]:
    """The cards of a card file's data; ``label`` names the file in messages."""
    return _validate(
        label,
        card_items(data),
        ApiCard,
        "items",
        'an arcmage.org card list (expected {"items": [...]} or a list of cards)',
    )


def decks_in(data: Any, label: str) -> list[ApiDeck]:
    """The decks of a deck file's data; ``label`` names the file in messages."""
    return _validate(
        label,
        deck_items(data),
        ApiDeck,
        "decks",
        "an arcmage.org deck list (expected deck objects with deckCards)",
    )


def _validate(label: str, records: Any, model: type[_Api], what: str, kind: str) -> list:
    """Every record as ``model``; DatabaseError when ``records`` is not a list (not ``kind``)
    or describing the first MAX_PROBLEMS records that are not (and counting the others)."""
    if not isinstance(records, list):
        raise DatabaseError([f"{label}: not {kind}"])
    out, problems, bad = [], [], 0
    for i, record in enumerate(records):
        try:
            out.append(model.model_validate(record))
            continue
        except ValidationError as e:
            error: Exception = e
        except Exception as e:  # a validator tripped by hostile data: still the file's fault
            error = e
        bad += 1
        if bad > MAX_PROBLEMS:
            continue
        name = record.get("name") if isinstance(record, dict) else None
        where = f"{label}: {what}[{i}]" + (
            f" ({name!r})" if isinstance(name, str) and name and len(name) <= MAX_NAME else ""
        )
        if isinstance(error, ValidationError):
            try:
                problems += describe_errors(error, where, record)
                continue
            except Exception as e:  # described plainly below
                error = e
        problems.append(f"{where}: cannot be used ({_first_line(error)})")
    if bad > MAX_PROBLEMS:
        problems.append(f"{label}: and {bad - MAX_PROBLEMS} more {what} that cannot be read")
    if problems:
        raise DatabaseError(problems)
    return out


def _first_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return (lines[0] if lines else type(e).__name__)[:160]
