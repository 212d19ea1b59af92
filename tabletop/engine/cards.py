"""Cards as data: loading and validating a game's card files and ready-made decks.

A game keeps its data in ``cards/<id>/``: any number of ``*.toml`` card files, each an array
of ``[[card]]`` tables, and ``decks/*.toml``, one deck per file. Each game supplies the
pydantic model of its cards; this module reads the files, validates every record, checks
every deck against the cards and the game's deck rules, and either returns the whole set or
raises :class:`CardDataError` with one message per problem, each naming the file, the card
and the field. Nothing is returned half-loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PositiveInt

from .files import MB, FileProblem, Limits, read_data, validate


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


# A card file of a thousand cards is well under 1 MB; the largest shipped is under 20 KB.
CARD_FILE_LIMITS = Limits(2 * MB, keys=2_000, items=5_000, values=200_000, text=10_000)


def _read_toml(path: Path, shown: str, errors: list[str]) -> dict | None:
    try:
        return read_data(path, "toml", CARD_FILE_LIMITS, inside=path.parent, name=shown)
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
    where: dict[str, str] = field(default_factory=dict)  # card name -> the file defining it


def load_cards(
    directory: Path, model: type[CardModel], shown_root: Path, errors: list[str]
) -> _Loaded:
    """Every ``[[card]]`` of every ``*.toml`` directly in ``directory``, by name."""
    loaded = _Loaded({}, set(), True)
    cards = loaded.cards
    where_defined = loaded.where
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
            errors.append(
                f"{shown}: unexpected top-level key(s) {sorted(extra)}; "
                "a card file holds only [[card]] tables"
            )
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


def check_deck(
    deck: DeckList,
    cards: Mapping[str, Any],
    rules: Callable[[DeckList, Mapping[str, Any]], list[str]],
) -> list[str]:
    """Unknown card names first (the game's own rules would only trip over them)."""
    unknown = [name for name in deck.cards if name not in cards]
    if unknown:
        return [f"card {name!r} is not a card of this game" for name in unknown]
    return rules(deck, cards)


def load_card_set(
    game_id: str,
    directory: Path,
    model: type[CardModel],
    deck_rules: Callable[[DeckList, Mapping[str, Any]], list[str]],
    set_rules: Callable[[Mapping[str, Any]], list[str]] | None = None,
    shown_root: Path | None = None,
) -> CardSet:
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
    for problem in set_problems:  # each named by the files of the cards it names
        files = sorted({where for name, where in loaded.where.items() if repr(name) in problem})
        errors.append(f"{', '.join(files) or _shown(directory, root)}: {problem}")
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
