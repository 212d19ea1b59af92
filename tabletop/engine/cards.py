"""Cards as data: loading and validating a game's card files and ready-made decks.

A game keeps its data in ``cards/<id>/``: any number of ``*.toml`` card files, each an array
of ``[[card]]`` tables, and ``decks/*.toml``, one deck per file. Each game supplies the
pydantic model of its cards; this module reads the files, validates every record, checks
every deck against the cards and the game's deck rules, and either returns the whole set or
raises :class:`CardDataError` with one message per problem, each naming the file, the card
and the field. Nothing is returned half-loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError

from .files import MB, FileProblem, read_data, validate


class CardDataError(Exception):
    """One or more card or deck files are wrong. ``messages`` has one line per problem."""

    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages


class CardModel(BaseModel):
    """Base of every game's card schema: the fields the engine itself relies on."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1)
    type: str
    text: str = ""  # the words printed on the card

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name))


class DeckList(BaseModel):
    """A deck: a name and how many copies of each card, by card name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    description: str = ""
    cards: dict[str, PositiveInt]

    def names(self) -> list[str]:
        """Every card of the deck, one entry per copy, in the file's order."""
        return [name for name, count in self.cards.items() for _ in range(count)]

    def size(self) -> int:
        return sum(self.cards.values())


@dataclass(frozen=True)
class CardSet:
    game: str
    cards: Mapping[str, Any]  # card name -> definition
    decks: Mapping[str, DeckList]  # deck id (file stem) -> deck
    # Problems with optional data that was left out (the player's imported cards that cannot
    # be read): the set itself is whole; these are for the player to read.
    notes: tuple[str, ...] = ()
    # Decks the player brought in (imported), beside the game's ready-made ones: runs that
    # pick decks by seed (self-play, benchmarks) keep to the ready-made, so every machine
    # measures the same games.
    imported: frozenset[str] = frozenset()

    def deck(self, deck_id: str) -> DeckList:
        try:
            return self.decks[deck_id]
        except KeyError:
            known = ", ".join(sorted(self.decks)) or "none"
            raise KeyError(f"no deck {deck_id!r} for {self.game} (decks: {known})") from None


def _field_path(loc: tuple, record: Any) -> str:
    """``effects[0] (attack).strength``: list indexes in brackets, and the tag pydantic adds
    for a tagged union (a step the record itself does not have) in parentheses."""
    out = ""
    here = record
    for i, part in enumerate(loc):
        after = loc[i + 1] if i + 1 < len(loc) else None
        if isinstance(part, int):
            out += f"[{part}]"
            here = here[part] if isinstance(here, list) and part < len(here) else None
        elif isinstance(part, str) and part[:1].isupper() and isinstance(here, dict) and \
                part not in here:
            continue  # the label pydantic gives a member of a union (``CardSpec``)
        elif isinstance(here, dict) and part in here.values() and (
                part not in here or (after is not None and after in here)):
            # the tag of a tagged union: a value of the record (do = "status"), even when a
            # field bears the same name (status = "cursed")
            out += f" ({part})"
        else:
            out += f".{part}" if out else str(part)
            here = here.get(part) if isinstance(here, dict) else None
    return out


def describe_errors(err: ValidationError, where: str, record: Any = None) -> Iterator[str]:
    """One readable line per pydantic error: ``where: field: problem``."""
    errors = err.errors(include_url=False)
    # A value that may be a name or a table (``"Iron Sword"`` or ``{ card = ... }``) and is
    # a wrong table: the "should be a string" of the name's branch only hides the real
    # problem, which the table's branch gives.
    errors = [e for e in errors if not (e["type"] == "string_type" and e["loc"][-1:] == ("str",)
                                        and isinstance(e.get("input"), dict))] or errors
    for e in errors:
        # Unknown keys of a tagged union name the tag's value; say it as a person would.
        if e["type"] == "union_tag_invalid":
            ctx = e.get("ctx", {})
            msg = (f"unknown {ctx.get('discriminator', 'kind').strip(chr(39))} "
                   f"{ctx.get('tag')!r} (known: {ctx.get('expected_tags')})")
        elif e["type"] == "missing":
            msg = "missing (this field is required)"
        elif e["type"] == "extra_forbidden":
            msg = "not a field of this record (misspelt?)"
        elif e["type"] == "value_error" and "error" in e.get("ctx", {}):
            msg = str(e["ctx"]["error"])
        else:
            msg = e["msg"]
            if "input" in e and e["type"] not in ("model_type",) and _short(e["input"]):
                msg += f" (got {e['input']!r})"
        path = _field_path(e["loc"], record)
        yield f"{where}: {path}: {msg}" if path else f"{where}: {msg}"


def _short(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool)) and len(repr(value)) <= 40


CARD_FILE_LIMIT = 16 * MB  # a card file of a thousand cards is well under 1 MB


def _read_toml(path: Path, shown: str, errors: list[str]) -> dict | None:
    try:
        return read_data(path, "toml", CARD_FILE_LIMIT, name=shown)
    except FileProblem as e:
        errors.append(str(e))
    return None


def _validated(model: type[BaseModel], record: Any, where: str, errors: list[str]) -> Any:
    """``record`` as a ``model``, or None with every problem (each naming ``where`` and the
    field) added to ``errors``."""
    try:
        return validate(model, record, where, first_only=False)
    except FileProblem as e:
        errors.extend(str(e).splitlines())
        return None


@dataclass
class _Loaded:
    cards: dict[str, Any]
    broken: set[str]  # names of card records that failed validation
    complete: bool  # every card file could be read


def load_cards(directory: Path, model: type[CardModel], shown_root: Path,
               errors: list[str]) -> _Loaded:
    """Every ``[[card]]`` of every ``*.toml`` directly in ``directory``, by name."""
    loaded = _Loaded({}, set(), True)
    cards = loaded.cards
    where_defined: dict[str, str] = {}
    paths = sorted(directory.glob("*.toml"))
    if not paths:
        errors.append(f"{_shown(directory, shown_root)}: no card files (*.toml) found")
    for path in paths:
        shown = _shown(path, shown_root)
        data = _read_toml(path, shown, errors)
        if data is None:
            loaded.complete = False
            continue
        extra = set(data) - {"card"}
        if extra:
            errors.append(f"{shown}: unexpected top-level key(s) {sorted(extra)}; "
                          "a card file holds only [[card]] tables")
        records = data.get("card", [])
        if not isinstance(records, list) or not records:
            errors.append(f"{shown}: no [[card]] tables in this file")
            continue
        for i, record in enumerate(records):
            named = isinstance(record, dict) and isinstance(record.get("name"), str)
            label = f"card {record['name']!r}" if named else f"card #{i + 1}"
            card = _validated(model, record, f"{shown}: {label}", errors)
            if card is None:
                if named:
                    loaded.broken.add(record["name"])
                else:
                    loaded.complete = False
                continue
            if card.name in cards:
                errors.append(f"{shown}: {label}: name already used in {where_defined[card.name]}")
                continue
            cards[card.name] = card
            where_defined[card.name] = shown
    return loaded


def load_deck(path: Path, shown_root: Path, errors: list[str]) -> DeckList | None:
    shown = _shown(path, shown_root)
    data = _read_toml(path, shown, errors)
    if data is None:
        return None
    return _validated(DeckList, data, f"{shown}: deck", errors)


def check_deck(deck: DeckList, cards: Mapping[str, Any],
               rules: Callable[[DeckList, Mapping[str, Any]], list[str]]) -> list[str]:
    """Unknown card names first (the game's own rules would only trip over them)."""
    unknown = [name for name in deck.cards if name not in cards]
    if unknown:
        return [f"card {name!r} is not a card of this game" for name in unknown]
    return rules(deck, cards)


def load_card_set(game_id: str, directory: Path, model: type[CardModel],
                  deck_rules: Callable[[DeckList, Mapping[str, Any]], list[str]],
                  set_rules: Callable[[Mapping[str, Any]], list[str]] | None = None,
                  shown_root: Path | None = None) -> CardSet:
    """Load and validate ``directory`` (``cards/<id>``) whole, or raise CardDataError.

    ``set_rules`` checks what ties cards together (returns problems, each naming its
    card); ``deck_rules`` checks one deck against the cards."""
    root = shown_root if shown_root is not None else directory.parent.parent
    errors: list[str] = []
    if not directory.is_dir():
        raise CardDataError([f"{_shown(directory, root)}: card folder not found"])
    loaded = load_cards(directory, model, root, errors)
    cards = loaded.cards
    set_problems = set_rules(cards) if set_rules is not None and cards and not errors else []
    errors.extend(f"{_shown(directory, root)}: {p}" for p in set_problems)
    set_sound = not set_problems
    decks: dict[str, DeckList] = {}
    for path in sorted((directory / "decks").glob("*.toml")):
        deck = load_deck(path, root, errors)
        if deck is None:
            continue
        decks[path.stem] = deck
        # A deck naming a card that is already reported broken would only repeat that error,
        # and decks built on an inconsistent set tell nothing new.
        if not loaded.complete or loaded.broken & set(deck.cards) or not set_sound:
            continue
        for problem in check_deck(deck, cards, deck_rules):
            errors.append(f"{_shown(path, root)}: deck {deck.name!r}: {problem}")
    if errors:
        raise CardDataError(errors)
    return CardSet(game_id, cards, decks)


def _shown(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
