"""The player's arcmage.org cards and decks: imported into the data folder, played beside
the starter set, and a report of how much of their text Tabletop enforces.

``import_files`` reads arcmage.org API files (``cards.json``: ``{"items": [...]}``;
``decks.json``: deck objects with ``deckCards``), checks everything before it keeps
anything — every file reads, every card converts, every deck's cards are known and the deck
is legal — and stores the *original* records, merged with earlier imports (a card replaces
the stored one with its guid or its name, a deck likewise; re-importing a file changes
nothing), in ``<data folder>/arcmage/cards.json`` and ``decks.json``, each written
atomically. Any problem raises :class:`ImportRefused` with one message per problem, each
naming the file and the card, deck or field, and nothing is stored.

``card_set(game)`` is the shipped set with the stored imports added, converted afresh at
load time (so an improvement of the text parser reaches earlier imports). Imported decks
get the id ``imported-<slug of the name>``; an imported card with the name of a starter
card is kept apart as ``<name> (arcmage.org)`` (docs/rulings/arcmage.md). A stored file
that cannot be read, or a stored card or deck that no longer converts, is left out with a
message (``CardSet.notes``, and the log); the starter set always loads.

``coverage(game, paths)`` reads the files without storing anything and reports, per deck
and in total, how many cards the engine enforces fully.

Every file is read through :func:`tabletop.engine.files.read_data` (the stored copies only
from inside the data folder), and everything is done in time proportionate to the records:
merges look records up by guid and name, each distinct card record is converted once per
import or load, and only the cards a renaming touches are rebuilt. ``import_files`` can
report its progress (a fraction and words) to a callback, which the window shows.

The data is the Arcmage community's, under CC BY-SA 4.0 (https://arcmage.org): the stored
copies keep that licence and credit.
"""

from __future__ import annotations

import difflib
import gc
import json
import os
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...engine.cards import CardDataError, CardSet, DeckList, load_card_set
from ...engine.files import MB, describe_errors, safe_text
from ...engine.game import Game
from ...system.paths import user_data_dir
from .cards import ArcCard, check_set, deck_problems
from .convert import cards_from_api, from_api
from .database import (
    DATABASE_LIMIT,
    ApiCard,
    ApiDeck,
    DatabaseError,
    card_items,
    cards_in,
    deck_items,
    decks_in,
    load_json,
)
from .reader import missing

CARDS_FILE = "cards.json"
DECKS_FILE = "decks.json"
DECK_PREFIX = "imported-"
RENAMED = " (arcmage.org)"  # added to an imported card named like a starter card
NAME_FIELDS = ("card", "name", "pay_per")  # the fields of an ability that name a card
CREDIT = "From the arcmage.org database; cards by the Arcmage community, CC BY-SA 4.0."
# The stored copies hold every import merged (a card or deck once, however often imported),
# and are read back as any database file is.
STORE_LIMIT = DATABASE_LIMIT
SUMMARY_DECKS = 10  # decks named in an import's summary; the rest are counted
MAX_REFUSALS = 100  # problems listed when an import is refused; the rest are counted

# What ``import_files`` reports: how far it is (0 to 1, each higher than the last, ending at
# 1) and what it is doing ("Converting cards 4,000/10,000").
ProgressCallback = Callable[[float, str], None]


@contextmanager
def _bulk() -> Iterator[None]:
    """A large database read and converted: millions of objects made and kept, which the
    cycle collector would look through again and again as they pile up (a third of a
    100,000-card import). It waits until the end; nothing here makes cycles to collect."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Progress:
    """A progress callback fed in steps: fractions only rise, and a loop reports about
    once a percent (so a callback that redraws or prints is not called 100,000 times)."""

    STEP = 0.01

    def __init__(self, callback: ProgressCallback | None = None):
        self.callback = callback
        self.last = -1.0

    def __call__(self, fraction: float, words: str) -> None:
        if self.callback is None:
            return
        fraction = min(1.0, max(0.0, fraction))
        if fraction > self.last:
            self.last = fraction
            self.callback(fraction, words)

    def each(
        self, items: Sequence, start: float, end: float, words: str, unit: str = ""
    ) -> Iterable:
        """``items``, reporting "``words`` i/n ``unit``" from ``start`` to ``end`` as they
        are gone through."""
        n = len(items)
        if self.callback is None or n == 0:
            yield from items
            return
        every = max(1, int(n * self.STEP / max(end - start, self.STEP)))
        tail = f" {unit}" if unit else ""
        for i, item in enumerate(items):
            if i % every == 0:
                self(start + (end - start) * i / n, f"{words} {i:,}/{n:,}{tail}")
            yield item
        self(end, f"{words} {n:,}/{n:,}{tail}")


class ImportRefused(CardDataError):
    """Files that cannot be imported, one message per problem; nothing was stored."""


def folder() -> Path:
    """Where the imported records are kept: ``<data folder>/arcmage``."""
    return user_data_dir() / "arcmage"


# -- reading files ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """One record as read: the original JSON, its validated form, and where it came from
    (``cards.json: items[3]``, ``decks.json: deck 'Ablaze'``) for messages."""

    raw: dict
    api: ApiCard | ApiDeck
    where: str

    @property
    def name(self) -> str:
        return self.api.name.strip()


@dataclass
class Library:
    cards: list[Record] = field(default_factory=list)  # cards.json items
    decks: list[Record] = field(default_factory=list)  # deck objects


def _kind(data: Any) -> str:
    """``cards`` or ``decks``, by the shape of the JSON; ``""`` when it is neither."""
    if isinstance(data, dict):
        return "decks" if "deckCards" in data else "cards" if "items" in data else ""
    if isinstance(data, list):
        return "decks" if any(isinstance(r, dict) and "deckCards" in r for r in data) else "cards"
    return ""


def read_file(path: Path, *, inside: Path | None) -> Library:
    """The records of one arcmage.org file, cards or decks by its shape, read once through
    the one file reader (DatabaseError, naming the file and the field, when it cannot be
    read). ``inside``: the folder the file must stay in."""
    shown = safe_text(str(path))
    data = load_json(path, inside=inside, name=shown)
    kind = _kind(data)
    if not kind:
        raise DatabaseError(
            [
                f"{shown}: neither an arcmage.org card list "
                '({"items": [...]}) nor a deck list (deck objects with deckCards)'
            ]
        )
    if kind == "cards":
        raw = card_items(data)
        api = cards_in(data, shown)
        if not api:
            raise DatabaseError([f"{shown}: no cards in this file"])
        return Library(
            cards=[
                Record(r, a, f"{shown}: items[{i}]")
                for i, (r, a) in enumerate(zip(raw, api, strict=True))
            ]
        )
    raw = deck_items(data)
    api = decks_in(data, shown)
    if not api:
        raise DatabaseError([f"{shown}: no decks in this file"])
    return Library(
        decks=[
            Record(r, a, f"{shown}: deck {a.name.strip()!r}") for r, a in zip(raw, api, strict=True)
        ]
    )


def read_files(
    paths: Sequence[Path], progress: Progress | None = None, span: tuple[float, float] = (0.0, 1.0)
) -> Library:
    """Every record of every file; DatabaseError with the problems of all of them.
    ``progress`` hears of each file, over ``span`` shared by their sizes."""
    out, problems = Library(), []
    paths = [Path(p) for p in paths]
    progress = progress or Progress()
    sizes = []
    for path in paths:
        try:
            sizes.append(max(1, path.stat().st_size))
        except (OSError, ValueError):
            sizes.append(1)
    total, done = sum(sizes), 0
    start, end = span
    for path, size in zip(paths, sizes, strict=True):
        progress(start + (end - start) * done / total, f"Reading {path.name}")
        done += size
        try:
            lib = read_file(path, inside=None)  # a file the player named
        except DatabaseError as e:
            problems += e.messages
            continue
        out.cards += lib.cards
        out.decks += lib.decks
    if problems:
        raise DatabaseError(problems)
    return out


@dataclass
class Store:
    library: Library
    notes: list[str]  # one message per stored file that cannot be read
    unreadable: list[Path]


def read_store(where: Path | None = None) -> Store:
    """The stored imports; a stored file that cannot be read is left out with a message
    (the rest still loads)."""
    where = where or folder()
    out = Store(Library(), [], [])
    for name in (CARDS_FILE, DECKS_FILE):
        path = where / name
        if not os.path.lexists(path):
            continue
        what = name.removesuffix(".json")
        try:
            got = read_file(path, inside=where)
        except DatabaseError as e:
            more = f" (and {len(e.messages) - 1} more problems)" if len(e.messages) > 1 else ""
            problem = e.messages[0] + more
        else:
            if (name == CARDS_FILE) == bool(got.cards):
                out.library.cards += got.cards
                out.library.decks += got.decks
                continue
            problem = f"{path}: holds {'decks' if got.decks else 'cards'}, not {what}"
        out.notes.append(f"Imported ARC-mage {what} left out: {problem}")
        out.unreadable.append(path)
    return out


# -- from records to cards and decks ------------------------------------------------------------
@dataclass
class Built:
    cards: dict[str, ArcCard]  # by name, tokens the texts make included
    decks: dict[str, DeckList]  # by id (imported-<slug>)
    problems: list[str]  # each naming the record it is about
    renamed: dict[str, str]  # a card's own name -> the name it has beside the starter set
    deck_ids: dict[str, str] = field(default_factory=dict)  # deck record's where -> id


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "deck"


def _why_not(api: ApiCard, where: str, fallback: list[str]) -> list[str]:
    """The conversion problem of a card, readably (pydantic's own text is long)."""
    try:
        from_api(api)
    except ValidationError as e:
        return list(describe_errors(e, f"{where}: {api.name.strip()!r}"))
    except ValueError as e:
        return [f"{where}: {e}"]
    except Exception as e:  # a text that trips the converter: still the record's fault
        return [f"{where}: {api.name.strip()!r}: cannot be converted ({_first_line(e)})"]
    return [f"{where}: {p}" for p in fallback]


def _first_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return (lines[0] if lines else type(e).__name__)[:160]


Converted = tuple[Mapping[str, ArcCard], list[str]]


class Converter:
    """Card records to the game's cards, each distinct record converted once: a card is in
    the card list and again in every deck that holds it, and an import checks the earlier
    imports and the merged whole — the same records, one conversion. What it returns is
    shared: not to be changed."""

    def __init__(self):
        self.done: dict[ApiCard, Converted] = {}

    def __call__(self, api: ApiCard) -> Converted:
        """(the card and the tokens its text makes, by name; the problems)."""
        got = self.done.get(api)
        if got is None:
            try:
                got = cards_from_api([api])
            except Exception as e:  # anything a hostile text trips: the record's problem
                got = ({}, [f"{api.name.strip()!r}: cannot be converted ({_first_line(e)})"])
            self.done[api] = got
        return got


def _card_records(lib: Library) -> list[tuple[ApiCard, str]]:
    """Every card record, the card lists' first, then those inside the decks."""
    out = [(r.api, r.where) for r in lib.cards]
    for r in lib.decks:
        out += [
            (dc.card, f"{r.where}: deckCards[{j}].card") for j, dc in enumerate(r.api.deck_cards)
        ]
    return out


def _mentions(card: ArcCard, names: Mapping[str, str]) -> bool:
    """Whether ``card`` is named in ``names`` or one of its abilities (or their effects)
    names a card there, in one of NAME_FIELDS."""
    if card.name in names:
        return True
    for a in card.abilities:
        for part in (a, *a.effects):
            for f in NAME_FIELDS:
                value = getattr(part, f, None)
                if isinstance(value, str) and value in names:
                    return True
    return False


def _renamed(card: ArcCard, names: Mapping[str, str]) -> ArcCard:
    """``card`` with its name, and the card names its abilities mention (a token it
    makes), as ``names`` says."""
    data = card.model_dump()

    def swap(v: Any) -> Any:
        if isinstance(v, dict):
            return {
                k: names.get(x, x) if k in NAME_FIELDS and isinstance(x, str) else swap(x)
                for k, x in v.items()
            }
        if isinstance(v, (list, tuple)):
            return [swap(x) for x in v]
        return v

    data["name"] = names.get(card.name, card.name)
    data["abilities"] = swap(data["abilities"])
    return ArcCard.model_validate(data)


def _owner(problem: str, prefixes: Mapping[str, str]) -> str | None:
    """The card a ``card 'Name': ...`` problem is about, by its prefix (the name itself may
    hold a colon)."""
    i = problem.find(":")
    while i != -1:
        name = prefixes.get(problem[: i + 1])
        if name is not None:
            return name
        i = problem.find(":", i + 1)
    return None


def build(
    lib: Library,
    shipped: Mapping[str, ArcCard],
    convert: Converter | None = None,
    progress: Progress | None = None,
    span: tuple[float, float] = (0.0, 1.0),
    words: str = "Converting cards",
) -> Built:
    """The game's cards and decks for ``lib``: every card record converted (the first
    record of a name wins: the card lists' before the decks'), the tokens their texts make,
    and every deck whose cards are all known and which keeps the deck building rules.
    Whatever cannot be is left out with a problem naming its record. ``convert`` may hold
    conversions already made; ``progress`` hears of the cards over the first four fifths
    of ``span`` and of the decks over the rest."""
    convert = convert or Converter()
    progress = progress or Progress()
    start, end = span
    middle = start + (end - start) * 0.8
    problems: list[str] = []
    cards: dict[str, ArcCard] = {}
    origin: dict[str, str] = {}
    tokens: list[tuple[ArcCard, str]] = []
    for api, where in progress.each(_card_records(lib), start, middle, words):
        name = api.name.strip()
        if name in origin:
            continue
        origin[name] = where
        got, trouble = convert(api)
        if trouble or name not in got:
            problems += _why_not(api, where, trouble)
            continue
        cards[name] = got[name]
        tokens += [(t, where) for n, t in got.items() if n != name]
    for token, where in tokens:
        if token.name not in cards:
            cards[token.name] = token
            origin[token.name] = where
    # A starter card keeps its name; the imported one of the same name is kept apart.
    renamed = {}
    for name in cards:
        if name in shipped:
            new = name + RENAMED
            while new in shipped or new in cards:
                new += "'"
            renamed[name] = new
    if renamed:  # only the cards a renaming touches are rebuilt
        cards = {
            renamed.get(n, n): _renamed(c, renamed) if _mentions(c, renamed) else c
            for n, c in cards.items()
        }
        origin = {renamed.get(n, n): w for n, w in origin.items()}
    # What ties cards together (a token a text makes exists): a card that fails is out.
    set_problems = check_set({**shipped, **cards})
    prefixes = {f"card {name!r}:": name for name in cards} if set_problems else {}
    for problem in set_problems:
        name = _owner(problem, prefixes)
        if name is not None and name in cards:
            problems.append(f"{origin[name]}: {problem}")
            del cards[name]
    decks: dict[str, DeckList] = {}
    ids: dict[str, str] = {}
    used: set[str] = set()
    for r in progress.each(lib.decks, middle, end, "Checking decks"):
        base = DECK_PREFIX + slug(r.name)
        deck_id, n = base, 1
        while deck_id in used:
            n += 1
            deck_id = f"{base}-{n}"
        used.add(deck_id)
        counts: dict[str, int] = {}
        for dc in r.api.deck_cards:
            name = dc.card.name.strip()
            name = renamed.get(name, name)
            counts[name] = counts.get(name, 0) + dc.quantity
        unknown = [n for n in counts if n not in cards]
        if unknown:
            problems += [f"{r.where}: card {n!r} is not a card that could be read" for n in unknown]
            continue
        deck = DeckList(name=r.name, description=CREDIT, cards=counts)
        wrong = deck_problems(deck, cards)
        if wrong:
            problems += [f"{r.where}: {p}" for p in wrong]
            continue
        decks[deck_id] = deck
        ids[r.where] = deck_id
    return Built(cards, decks, problems, renamed, ids)


# -- the card set the game plays with -----------------------------------------------------------
def shipped_set(game: Game) -> CardSet:
    """The game's own cards and decks, without the imports (read afresh)."""
    return load_card_set(
        game.id, game.cards_path(), game.card_model, game.deck_rules, game.set_rules
    )


def with_imports(
    shipped: CardSet, where: Path | None = None, convert: Converter | None = None
) -> CardSet:
    """``shipped`` with the stored imports added; what cannot be added is in ``notes``
    (and the log)."""
    from ...system.logs import log

    with _bulk():
        return _with_imports(shipped, where, convert, log)


def _with_imports(shipped: CardSet, where: Path | None, convert: Converter | None, log) -> CardSet:
    store = read_store(where)
    lib, notes = store.library, list(store.notes)
    if not lib.cards and not lib.decks:
        for note in notes:
            log.warning(note)
        return replace(shipped, notes=(*shipped.notes, *notes))
    built = build(lib, shipped.cards, convert)
    if built.problems:
        notes.append(
            f"Imported ARC-mage cards or decks left out ({len(built.problems)} "
            f"problems): {built.problems[0]}"
        )
    for note in notes:
        log.warning(note)
    for problem in built.problems[1:]:
        log.warning("imported ARC-mage data: %s", problem)
    return CardSet(
        shipped.game,
        {**shipped.cards, **built.cards},
        {**shipped.decks, **built.decks},
        (*shipped.notes, *notes),
        frozenset(built.decks),
    )


def card_set(game: Game) -> CardSet:
    """What ``ArcMage.card_set`` returns: the shipped set (validated, or CardDataError)
    with the player's imports, loaded once and kept until ``game._card_set`` is reset."""
    if game._card_set is None:
        shipped = Game.card_set(game)  # loads and validates the shipped files
        game._card_set = with_imports(shipped)
    return game._card_set


# -- importing ----------------------------------------------------------------------------------
@dataclass
class Imported:
    cards: list[str]  # the names of the card records the files held (new or updated)
    decks: list[str]  # the decks' names
    where: Path
    renamed: dict[str, str]
    set_aside: list[Path]  # stored files that could not be read, moved to *.bad
    unchanged: bool = False  # every record was imported already, as it is: nothing written

    def summary(self) -> str:
        n = len(self.cards)
        words = f"{n:,} card{'s' * (n != 1)}"
        if self.decks:
            named = self.decks[:SUMMARY_DECKS]
            if len(self.decks) > SUMMARY_DECKS:
                named.append(f"and {len(self.decks) - SUMMARY_DECKS:,} more")
            words += (
                f" and {len(self.decks):,} deck{'s' * (len(self.decks) != 1)} ({', '.join(named)})"
            )
        if self.unchanged:
            return (
                f"Nothing changed: the {words} of these files were imported already, "
                f"as they are, into {self.where}."
            )
        lines = [f"Imported {words} into {self.where}."]
        if self.decks:
            lines.append("The decks are in ARC-mage's deck selection.")
        for old, new in sorted(self.renamed.items()):
            lines.append(f"{old!r} is kept as {new!r}: a starter card has that name.")
        for path in self.set_aside:
            lines.append(
                f"The earlier {path.name}, which could not be read, was set aside "
                f"as {path.name}.bad."
            )
        return "\n".join(lines)


def merge(old: list[Record], new: list[Record]) -> list[Record]:
    """``old`` with ``new`` in: a new record takes the place of the first old one with its
    guid or name (the others go); the rest are added at the end, in order. (Records are
    looked up by guid and by name, not compared with every other.)"""
    out: list[Record | None] = list(old)
    by_guid: dict[str, set[int]] = {}
    by_name: dict[str, set[int]] = {}

    def index(i: int, rec: Record) -> None:
        if rec.api.guid:
            by_guid.setdefault(rec.api.guid, set()).add(i)
        by_name.setdefault(rec.name, set()).add(i)

    def forget(i: int, rec: Record) -> None:
        if rec.api.guid:
            by_guid[rec.api.guid].discard(i)
        by_name[rec.name].discard(i)

    for i, rec in enumerate(old):
        index(i, rec)
    for rec in new:
        hits = by_name.get(rec.name, set())
        if rec.api.guid:
            hits = hits | by_guid.get(rec.api.guid, set())
        if hits:
            first = min(hits)
            for i in list(hits):
                gone = out[i]
                assert gone is not None
                forget(i, gone)
                out[i] = None
            out[first] = rec
            index(first, rec)
        else:
            out.append(rec)
            index(len(out) - 1, rec)
    return [r for r in out if r is not None]


# How an import's time is shared out, for its progress: reading the files, reading the
# earlier imports, converting the cards (new, then stored), checking them together, saving.
READ, STORED, CONVERT, CHECK, SAVE = 0.25, 0.3, 0.75, 0.9, 0.92


def import_files(
    game: Game,
    paths: Sequence[Path],
    where: Path | None = None,
    progress: ProgressCallback | None = None,
) -> Imported:
    """Check ``paths`` whole and store their records with the earlier imports, or raise
    ImportRefused (one message per problem) having stored nothing. ``progress`` is called
    with rising fractions (the last 1.0, once all is stored) and what is being done."""
    with _bulk():
        return _import_files(game, paths, where, Progress(progress))


def _import_files(
    game: Game, paths: Sequence[Path], where: Path | None, report: Progress
) -> Imported:
    from ...engine.files import atomic_write

    where = where or folder()
    paths = [Path(p) for p in paths]
    try:
        new = read_files(paths, report, (0.0, READ))
    except DatabaseError as e:
        raise ImportRefused(_at_most(e.messages)) from None
    report(READ, "Reading the earlier imports")
    store = read_store(where)
    stored = store.library
    shipped = shipped_set(game).cards
    merged = Library(merge(stored.cards, new.cards), merge(stored.decks, new.decks))
    records = _card_records(new)
    if (
        not store.unreadable
        and [r.raw for r in merged.cards] == [r.raw for r in stored.cards]
        and [r.raw for r in merged.decks] == [r.raw for r in stored.decks]
    ):
        report(1.0, "Nothing new")  # every record is there already, as it is
        names = list(dict.fromkeys(api.name.strip() for api, _ in records))
        return Imported(names, [r.name for r in new.decks], where, {}, [], unchanged=True)
    convert = Converter()
    known = len(_card_records(stored))
    share = STORED + (CONVERT - STORED) * len(records) / max(1, len(records) + known)
    # Every new card record must convert on its own (a deck's copy of a card too) ...
    refused = []
    for api, at in report.each(records, STORED, share, "Converting cards"):
        got, trouble = convert(api)
        if trouble or api.name.strip() not in got:
            refused += _why_not(api, at, trouble)
    # ... and together with the earlier imports, every deck must be whole and legal. A
    # problem the store had before this import is the store's (its own message, at load).
    before: set[str] = set()
    if stored.cards or stored.decks:
        before = set(
            build(
                stored, shipped, convert, report, (share, CONVERT), "Converting the earlier imports"
            ).problems
        )
    after = build(merged, shipped, convert, report, (CONVERT, CHECK), "Checking cards")
    seen = set(refused)
    refused += [p for p in after.problems if p not in before and p not in seen]
    if refused:
        raise ImportRefused(_at_most(list(dict.fromkeys(refused))))
    report(SAVE, "Saving")
    writes = []
    if new.cards:
        writes.append((CARDS_FILE, _dump([r.raw for r in merged.cards], "items")))
    if new.decks:
        writes.append((DECKS_FILE, _dump([r.raw for r in merged.decks])))
    for name, text in writes:
        if len(text) > STORE_LIMIT // 4 and len(text.encode()) > STORE_LIMIT:
            raise ImportRefused(
                [
                    f"{where / name}: with these files it would be larger than "
                    f"{STORE_LIMIT // MB} MB, more than Tabletop reads back; "
                    "nothing was imported"
                ]
            )
    set_aside = []
    for name, text in writes:
        path = where / name
        if path in store.unreadable:  # kept for the player to look at, not overwritten
            os.replace(path, path.with_name(name + ".bad"))
            set_aside.append(path)
        atomic_write(path, text)
    game._card_set = None  # the next card_set() reads the imports afresh
    names = list(dict.fromkeys(api.name.strip() for api, _ in records))
    renamed = {n: after.renamed[n] for n in names if n in after.renamed}
    report(1.0, "Imported")
    return Imported(names, [r.name for r in new.decks], where, renamed, set_aside)


def _at_most(problems: list[str]) -> list[str]:
    """The first MAX_REFUSALS problems, and how many more there are."""
    if len(problems) <= MAX_REFUSALS:
        return problems
    return [*problems[:MAX_REFUSALS], f"... and {len(problems) - MAX_REFUSALS:,} more problems"]


def _dump(records: list[dict], key: str | None = None) -> str:
    """The stored file's text: one record a line (readable, and written by the C encoder,
    which ``indent`` would turn off), in ``{key: [...]}`` or a bare list."""
    encode = json.JSONEncoder(ensure_ascii=False).encode
    lines = ",\n".join(encode(r) for r in records)
    text = f"[\n{lines}\n]"
    return (f"{{{json.dumps(key)}: {text}}}" if key else text) + "\n"


# -- how much is enforced -----------------------------------------------------------------------
WIDTH = 100


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def explain(game: Game, name: str, paths: Sequence[Path] = ()) -> str:
    """How the card called ``name`` is read, sentence by sentence: from the files given,
    else from the game's own cards and the imported ones (KeyError, with the names nearest
    to it, when there is no such card)."""
    from .explain import explain_card

    with _bulk():
        cards: dict[str, ArcCard] = {}
        if paths:
            lib = read_files([Path(p) for p in paths])
            convert = Converter()
            for api, _ in _card_records(lib):
                got, _trouble = convert(api)
                for n, c in got.items():
                    cards.setdefault(n, c)
        else:
            cards = dict(game.card_set().cards)
    found = cards.get(name) or next(
        (c for n, c in cards.items() if n.casefold() == name.strip().casefold()), None
    )
    if found is None:
        near = difflib.get_close_matches(name, list(cards), n=3, cutoff=0.6)
        also = f" (did you mean {', '.join(map(repr, near))}?)" if near else ""
        raise KeyError(f"no card called {name!r}{also}")
    return explain_card(found)


def coverage(game: Game, paths: Sequence[Path]) -> str:
    """How many cards of each deck of ``paths`` (counting copies, and names) and of all
    their cards the engine enforces fully, with the text it leaves to the players."""
    with _bulk():
        return _coverage(game, paths)


def _coverage(game: Game, paths: Sequence[Path]) -> str:
    lib = read_files([Path(p) for p in paths])
    convert = Converter()
    cards: dict[str, ArcCard] = {}
    broken: dict[str, str] = {}
    for api, where in _card_records(lib):
        name = api.name.strip()
        if name in cards or name in broken:
            continue
        got, trouble = convert(api)
        if trouble or name not in got:
            broken[name] = "cannot be read: " + "; ".join(
                p.split(": ", 2)[-1] for p in _why_not(api, where, trouble)
            )
        else:
            cards[name] = got[name]

    def left(name: str) -> str:
        """What of the card is not enforced ("" when it all is)."""
        return broken[name] if name in broken else cards[name].unenforced

    def listing(entries: list[tuple[str, int]]) -> list[str]:
        out = []
        for name, copies in entries:
            head = f"  - {name}" + (f" (x{copies})" if copies > 1 else "") + ": "
            out += textwrap.wrap(
                left(name), WIDTH, initial_indent=head, subsequent_indent=" " * 6
            ) or [head.rstrip(": ")]
            if name not in broken:  # what the reader or the rules lack for the rest
                out += textwrap.wrap(
                    "missing: " + "; ".join(missing(left(name))),
                    WIDTH,
                    initial_indent=" " * 6,
                    subsequent_indent=" " * 8,
                )
        return out

    lines = [
        f"{game.name}: how much of each card's text Tabletop enforces (what is not enforced is",
        "applied by hand, with the logged manual actions)",
        "",
    ]
    in_decks: dict[str, int] = {}
    total = done = 0
    for r in lib.decks:
        counts: dict[str, int] = {}
        for dc in r.api.deck_cards:
            counts[dc.card.name.strip()] = counts.get(dc.card.name.strip(), 0) + dc.quantity
        size = sum(counts.values())
        ok = sum(c for n, c in counts.items() if not left(n))
        names_ok = sum(1 for n in counts if not left(n))
        lines.append(
            f"{r.name}: {ok} of {_count(size, 'card')} fully enforced "
            f"({names_ok} of {_count(len(counts), 'name')})"
        )
        lines += listing([(n, c) for n, c in counts.items() if left(n)])
        lines.append("")
        total += size
        done += ok
        for n, c in counts.items():
            in_decks[n] = in_decks.get(n, 0) + c
    if lib.decks:
        names_ok = sum(1 for n in in_decks if not left(n))
        lines.append(
            f"All {_count(len(lib.decks), 'deck')}: {done} of "
            f"{_count(total, 'card')} fully enforced ({names_ok} of "
            f"{_count(len(in_decks), 'name')})"
        )
    every = list(dict.fromkeys(api.name.strip() for api, _ in _card_records(lib)))
    names_ok = sum(1 for n in every if not left(n))
    lines.append(
        f"All cards in the files: {names_ok} of {_count(len(every), 'card')} fully enforced"
    )
    rest = [(n, 1) for n in every if left(n) and n not in in_decks]
    if rest:
        lines.append("  Not fully enforced" + (", in no deck above:" if lib.decks else ":"))
        lines += listing(rest)
    return "\n".join(lines)
