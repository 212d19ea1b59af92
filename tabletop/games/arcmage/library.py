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

The data is the Arcmage community's, under CC BY-SA 4.0 (https://arcmage.org): the stored
copies keep that licence and credit.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...engine.cards import CardDataError, CardSet, DeckList, describe_errors, load_card_set
from ...engine.game import Game
from ...paths import user_data_dir
from .cards import ArcCard, cards_from_api, check_set, deck_problems, from_api
from .database import ApiCard, ApiDeck, DatabaseError, read_cards, read_decks

CARDS_FILE = "cards.json"
DECKS_FILE = "decks.json"
DECK_PREFIX = "imported-"
RENAMED = " (arcmage.org)"  # added to an imported card named like a starter card
NAME_FIELDS = ("card", "name", "pay_per")  # the fields of an ability that name a card
CREDIT = "From the arcmage.org database; cards by the Arcmage community, CC BY-SA 4.0."


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
        return "decks" if any(isinstance(r, dict) and "deckCards" in r for r in data) \
            else "cards"
    return ""


def read_file(path: Path) -> Library:
    """The records of one arcmage.org file, cards or decks by its shape (DatabaseError,
    naming the file and the field, when it cannot be read)."""
    shown = str(path)
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, UnicodeDecodeError):
        read_cards(path)  # raises the reader's own message: cannot be read, not JSON
        raise  # pragma: no cover - read_cards raised
    kind = _kind(data)
    if not kind:
        raise DatabaseError([f"{shown}: neither an arcmage.org card list "
                             '({"items": [...]}) nor a deck list (deck objects with deckCards)'])
    if kind == "cards":
        raw = data["items"] if isinstance(data, dict) else data
        api = read_cards(path)
        if not api:
            raise DatabaseError([f"{shown}: no cards in this file"])
        return Library(cards=[Record(r, a, f"{shown}: items[{i}]")
                              for i, (r, a) in enumerate(zip(raw, api, strict=True))])
    raw = [data] if isinstance(data, dict) else data
    api = read_decks(path)
    if not api:
        raise DatabaseError([f"{shown}: no decks in this file"])
    return Library(decks=[Record(r, a, f"{shown}: deck {a.name.strip()!r}")
                          for r, a in zip(raw, api, strict=True)])


def read_files(paths: Sequence[Path]) -> Library:
    """Every record of every file; DatabaseError with the problems of all of them."""
    out, problems = Library(), []
    for path in paths:
        try:
            lib = read_file(Path(path))
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
        if not path.exists():
            continue
        what = name.removesuffix(".json")
        try:
            got = read_file(path)
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
    return [f"{where}: {p}" for p in fallback]


def _card_records(lib: Library) -> list[tuple[ApiCard, str]]:
    """Every card record, the card lists' first, then those inside the decks."""
    out = [(r.api, r.where) for r in lib.cards]
    for r in lib.decks:
        out += [(dc.card, f"{r.where}: deckCards[{j}].card")
                for j, dc in enumerate(r.api.deck_cards)]
    return out


def _renamed(card: ArcCard, names: Mapping[str, str]) -> ArcCard:
    """``card`` with its name, and the card names its abilities mention (a token it
    makes), as ``names`` says."""
    data = card.model_dump()

    def swap(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: names.get(x, x) if k in NAME_FIELDS and isinstance(x, str) else swap(x)
                    for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [swap(x) for x in v]
        return v

    data["name"] = names.get(card.name, card.name)
    data["abilities"] = swap(data["abilities"])
    return ArcCard.model_validate(data)


def build(lib: Library, shipped: Mapping[str, ArcCard]) -> Built:
    """The game's cards and decks for ``lib``: every card record converted (the first
    record of a name wins: the card lists' before the decks'), the tokens their texts make,
    and every deck whose cards are all known and which keeps the deck building rules.
    Whatever cannot be is left out with a problem naming its record."""
    problems: list[str] = []
    cards: dict[str, ArcCard] = {}
    origin: dict[str, str] = {}
    tokens: list[tuple[ArcCard, str]] = []
    for api, where in _card_records(lib):
        name = api.name.strip()
        if name in cards or name in origin:
            continue
        origin[name] = where
        got, trouble = cards_from_api([api])
        if trouble or name not in got:
            problems += _why_not(api, where, trouble)
            continue
        cards[name] = got.pop(name)
        tokens += [(t, where) for t in got.values()]
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
    if renamed:
        cards = {renamed.get(n, n): _renamed(c, renamed) for n, c in cards.items()}
        origin = {renamed.get(n, n): w for n, w in origin.items()}
    # What ties cards together (a token a text makes exists): a card that fails is out.
    for problem in check_set({**shipped, **cards}):
        for name in list(cards):
            if problem.startswith(f"card {name!r}:"):
                problems.append(f"{origin[name]}: {problem}")
                del cards[name]
    decks: dict[str, DeckList] = {}
    ids: dict[str, str] = {}
    used: set[str] = set()
    for r in lib.decks:
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
            problems += [f"{r.where}: card {n!r} is not a card that could be read"
                         for n in unknown]
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
    return load_card_set(game.id, game.cards_path(), game.card_model, game.deck_rules,
                         game.set_rules)


def with_imports(shipped: CardSet, where: Path | None = None) -> CardSet:
    """``shipped`` with the stored imports added; what cannot be added is in ``notes``
    (and the log)."""
    from ...logs import log

    store = read_store(where)
    lib, notes = store.library, list(store.notes)
    if not lib.cards and not lib.decks:
        for note in notes:
            log.warning(note)
        return replace(shipped, notes=(*shipped.notes, *notes))
    built = build(lib, shipped.cards)
    if built.problems:
        notes.append(f"Imported ARC-mage cards or decks left out ({len(built.problems)} "
                     f"problems): {built.problems[0]}")
    for note in notes:
        log.warning(note)
    for problem in built.problems[1:]:
        log.warning("imported ARC-mage data: %s", problem)
    return CardSet(shipped.game, {**shipped.cards, **built.cards},
                   {**shipped.decks, **built.decks}, (*shipped.notes, *notes),
                   frozenset(built.decks))


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

    def summary(self) -> str:
        n = len(self.cards)
        words = f"{n} card{'s' * (n != 1)}"
        if self.decks:
            words += f" and {len(self.decks)} deck{'s' * (len(self.decks) != 1)} " \
                f"({', '.join(self.decks)})"
        lines = [f"Imported {words} into {self.where}."]
        if self.decks:
            lines.append("The decks are in ARC-mage's deck selection.")
        for old, new in sorted(self.renamed.items()):
            lines.append(f"{old!r} is kept as {new!r}: a starter card has that name.")
        for path in self.set_aside:
            lines.append(f"The earlier {path.name}, which could not be read, was set aside "
                         f"as {path.name}.bad.")
        return "\n".join(lines)


def _same(a: Record, b: Record) -> bool:
    guid = a.api.guid
    return bool(guid and guid == b.api.guid) or a.name == b.name


def merge(old: list[Record], new: list[Record]) -> list[Record]:
    """``old`` with ``new`` in: a new record takes the place of the first old one with its
    guid or name (the others go); the rest are added at the end, in order."""
    out = list(old)
    for rec in new:
        hits = [i for i, o in enumerate(out) if _same(rec, o)]
        if hits:
            out[hits[0]] = rec
            out = [o for i, o in enumerate(out) if i not in hits[1:]]
        else:
            out.append(rec)
    return out


def import_files(game: Game, paths: Sequence[Path], where: Path | None = None) -> Imported:
    """Check ``paths`` whole and store their records with the earlier imports, or raise
    ImportRefused (one message per problem) having stored nothing."""
    from ...saves import atomic_write

    where = where or folder()
    paths = [Path(p) for p in paths]
    try:
        new = read_files(paths)
    except DatabaseError as e:
        raise ImportRefused(e.messages) from None
    store = read_store(where)
    stored = store.library
    shipped = shipped_set(game).cards
    merged = Library(merge(stored.cards, new.cards), merge(stored.decks, new.decks))
    # Every new card record must convert on its own (a deck's copy of a card too) ...
    refused = []
    for api, at in _card_records(new):
        got, trouble = cards_from_api([api])
        if trouble or api.name.strip() not in got:
            refused += _why_not(api, at, trouble)
    # ... and together with the earlier imports, every deck must be whole and legal. A
    # problem the store had before this import is the store's (its own message, at load).
    before = set(build(stored, shipped).problems)
    after = build(merged, shipped)
    refused += [p for p in after.problems if p not in before and p not in refused]
    if refused:
        raise ImportRefused(refused)
    writes = []
    if new.cards:
        writes.append((CARDS_FILE, _dump({"items": [r.raw for r in merged.cards]})))
    if new.decks:
        writes.append((DECKS_FILE, _dump([r.raw for r in merged.decks])))
    set_aside = []
    for name, text in writes:
        path = where / name
        if path in store.unreadable:  # kept for the player to look at, not overwritten
            os.replace(path, path.with_name(name + ".bad"))
            set_aside.append(path)
        atomic_write(path, text)
    game._card_set = None  # the next card_set() reads the imports afresh
    names = list(dict.fromkeys(api.name.strip() for api, _ in _card_records(new)))
    renamed = {n: after.renamed[n] for n in names if n in after.renamed}
    return Imported(names, [r.name for r in new.decks], where, renamed, set_aside)


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# -- how much is enforced -----------------------------------------------------------------------
WIDTH = 100


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def coverage(game: Game, paths: Sequence[Path]) -> str:
    """How many cards of each deck of ``paths`` (counting copies, and names) and of all
    their cards the engine enforces fully, with the text it leaves to the players."""
    lib = read_files([Path(p) for p in paths])
    cards: dict[str, ArcCard] = {}
    broken: dict[str, str] = {}
    for api, where in _card_records(lib):
        name = api.name.strip()
        if name in cards or name in broken:
            continue
        got, trouble = cards_from_api([api])
        if trouble or name not in got:
            broken[name] = "cannot be read: " + "; ".join(
                p.split(": ", 2)[-1] for p in _why_not(api, where, trouble))
        else:
            cards[name] = got[name]

    def left(name: str) -> str:
        """What of the card is not enforced ("" when it all is)."""
        return broken[name] if name in broken else cards[name].unenforced

    def listing(entries: list[tuple[str, int]]) -> list[str]:
        out = []
        for name, copies in entries:
            head = f"  - {name}" + (f" (x{copies})" if copies > 1 else "") + ": "
            out += textwrap.wrap(left(name), WIDTH, initial_indent=head,
                                 subsequent_indent=" " * 6) or [head.rstrip(": ")]
        return out

    lines = [f"{game.name}: how much of each card's text Tabletop enforces (what is not "
             "enforced is", "applied by hand, with the logged manual actions)", ""]
    in_decks: dict[str, int] = {}
    total = done = 0
    for r in lib.decks:
        counts: dict[str, int] = {}
        for dc in r.api.deck_cards:
            counts[dc.card.name.strip()] = counts.get(dc.card.name.strip(), 0) + dc.quantity
        size = sum(counts.values())
        ok = sum(c for n, c in counts.items() if not left(n))
        names_ok = sum(1 for n in counts if not left(n))
        lines.append(f"{r.name}: {ok} of {_count(size, 'card')} fully enforced "
                     f"({names_ok} of {_count(len(counts), 'name')})")
        lines += listing([(n, c) for n, c in counts.items() if left(n)])
        lines.append("")
        total += size
        done += ok
        for n, c in counts.items():
            in_decks[n] = in_decks.get(n, 0) + c
    if lib.decks:
        names_ok = sum(1 for n in in_decks if not left(n))
        lines.append(f"All {_count(len(lib.decks), 'deck')}: {done} of "
                     f"{_count(total, 'card')} fully enforced ({names_ok} of "
                     f"{_count(len(in_decks), 'name')})")
    every = list(dict.fromkeys(api.name.strip() for api, _ in _card_records(lib)))
    names_ok = sum(1 for n in every if not left(n))
    lines.append(f"All cards in the files: {names_ok} of {_count(len(every), 'card')} "
                 "fully enforced")
    rest = [(n, 1) for n in every if left(n) and n not in in_decks]
    if rest:
        lines.append("  Not fully enforced" + (", in no deck above:" if lib.decks else ":"))
        lines += listing(rest)
    return "\n".join(lines)
