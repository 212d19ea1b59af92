"""The player's own decks: built in the deck builder, kept in the data folder, one file each.

A deck file has the format of the game's ready-made ones (``cards/<game>/decks/*.toml``):
a ``name``, a ``description`` and a ``[cards]`` table of how many copies of each card. The
player's decks of a game live in ``<data folder>/decks/<game id>/``; each is known by the
stem of its file (``"my-deck"``), and in deck choice by :data:`OWN` and that stem, beside
the game's own decks.

Every file is untrusted: one that cannot be read or is not a deck is left where it is, said
in one line naming the file and the field, and never stops anything else from loading.
A deck of known cards that breaks the game's deck rules is a draft: it is kept and can be
edited, but not chosen for a game. Its problems are the game's own words, from
``Game.validate_deck`` (the code deck choice and ``tabletop validate`` use). Writes are
atomic (:func:`~tabletop.engine.files.atomic_write`): a file is always the old deck or the
new one, whole.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import DeckList, Game
from ..engine.files import (
    KB,
    FileProblem,
    Limits,
    atomic_write,
    entries_of,
    is_text,
    read_data,
    safe_text,
    validate,
)
from ..system.paths import user_data_dir

OWN = "mine:"  # the prefix of the player's decks' ids in deck choice
# A deck of a thousand different cards is under 64 KB; a name or a card's name is short, a
# description a few lines.
DECK_LIMITS = Limits(256 * KB, keys=2_000, items=100, values=5_000, text=4_000)
NAME_LIMIT = 80  # the longest deck name the builder takes
NOT_TEXT = "its file name is not UTF-8 text: rename the file, or copy the deck, to choose it"


def folder(game_id: str) -> Path:
    """Where the player's decks of a game are kept (a way of playing another game, such as
    ARC-mage's team formats, plays that game's decks)."""
    from ..games import registry

    game = registry().get(game_id)
    home = game.variant_of if game is not None and game.variant_of else game_id
    return user_data_dir() / "decks" / home


@dataclass(frozen=True)
class Entry:
    """One deck a player may look at or choose: its id in deck choice, the deck, whether it
    is the player's own (and then its file), and why it is not legal (empty: it is)."""

    id: str
    deck: DeckList
    own: bool
    path: Path | None = None
    problems: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def stem(self) -> str:
        return self.path.stem if self.path is not None else self.id


@dataclass
class Listing:
    """A game's decks (the player's first, by name, then the game's own) and the player's
    deck files that could not be used, one line each."""

    entries: list[Entry] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}


def read_deck(path: Path, *, inside: Path | None) -> DeckList:
    """A deck file, validated (FileProblem naming the file and the field if it is not one).
    ``inside``: the folder it was found in (a link out of it is not followed), or None for
    a file the player named (one dropped onto the window to import)."""
    name = safe_text(path.name)
    data = read_data(path, "toml", DECK_LIMITS, inside=inside, name=name)
    return validate(DeckList, data, name)


def own_decks(game: Game) -> tuple[list[Entry], list[str]]:
    """The player's decks of ``game``, by name, with the game's problems with each; and
    the files that could not be read, one line each."""
    entries: list[Entry] = []
    unreadable: list[str] = []
    where = folder(game.id)
    for path in entries_of(where, "*.toml"):
        try:
            deck = read_deck(path, inside=where)
        except FileProblem as e:
            unreadable.append(str(e))
            continue
        problems = tuple(game.validate_deck(deck))
        if not is_text(path.stem):  # shown and edited, never chosen: its id is not text
            problems = (NOT_TEXT, *problems)
        entries.append(Entry(OWN + path.stem, deck, True, path, problems))
    entries.sort(key=lambda e: (e.deck.name.casefold(), e.id))
    return entries, unreadable


def listing(game: Game) -> Listing:
    """Every deck of the game a player may choose from or start a new one from."""
    entries, unreadable = own_decks(game)
    for deck_id, deck in game.card_set().decks.items():
        entries.append(Entry(deck_id, deck, False))
    return Listing(entries, unreadable)


def choosable(game: Game) -> dict[str, DeckList]:
    """The decks a game may be started with (every legal one), by id, the player's first."""
    return {e.id: e.deck for e in listing(game).entries if e.legal}


# -- writing --------------------------------------------------------------------------------------


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _quoted(words: str) -> str:
    """A TOML basic string: quotes and backslashes escaped, and every control character
    (which TOML allows in no string, DEL among them) as its ``\\uXXXX``."""
    out = []
    for ch in words:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def deck_text(deck: DeckList) -> str:
    """A deck as the text of its file (what :func:`read_deck` reads back as it is)."""
    lines = [f"name = {_quoted(deck.name)}"]
    if deck.description:
        lines.append(f"description = {_quoted(deck.description)}")
    lines += ["", "[cards]"]
    lines += [f"{_quoted(name)} = {n}" for name, n in deck.cards.items()]
    return "\n".join(lines) + "\n"


def slug(name: str) -> str:
    """A file stem for a deck's name: lower-case letters, digits and dashes ("deck" when
    nothing of the name is left)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return words[:40].strip("-") or "deck"


def free_stem(where: Path, name: str) -> str:
    """A stem for a new deck named ``name`` that no file in ``where`` has."""
    base = slug(name)
    taken = {p.stem.casefold() for p in entries_of(where, "*.toml")}
    stem, n = base, 2
    while stem.casefold() in taken:
        stem, n = f"{base}-{n}", n + 1
    return stem


def save(game_id: str, deck: DeckList, stem: str | None = None) -> Path:
    """Keep ``deck`` as one of the player's: in its own file (``stem``), or a new file named
    after it. Returns the file."""
    where = folder(game_id)
    path = where / f"{stem or free_stem(where, deck.name)}.toml"
    atomic_write(path, deck_text(deck))
    return path


def unused_name(game: Game, name: str) -> str:
    """``name``, or "name (2)", "name (3)"... whichever no deck of the game has yet."""
    taken = {e.deck.name.casefold() for e in listing(game).entries}
    if name.casefold() not in taken:
        return name
    base = re.sub(r" \(\d+\)$", "", name)
    n = 2
    while f"{base} ({n})".casefold() in taken:
        n += 1
    return f"{base} ({n})"


def copy(game: Game, entry: Entry) -> Path:
    """A copy of any deck as a new deck of the player's, "name (2)"."""
    deck = entry.deck.model_copy(update={"name": unused_name(game, entry.deck.name)})
    return save(game.id, deck)


def rename(entry: Entry, name: str) -> Path:
    """One of the player's decks under a new name (its file stays the same: a game that
    remembers the deck still finds it)."""
    if entry.path is None:
        raise ValueError(f"{entry.deck.name!r} came with the game: copy it to rename it")
    deck = DeckList(name=name, description=entry.deck.description, cards=dict(entry.deck.cards))
    atomic_write(entry.path, deck_text(deck))
    return entry.path


def delete(entry: Entry) -> None:
    if entry.path is None:
        raise ValueError(f"{entry.deck.name!r} came with the game and cannot be deleted")
    entry.path.unlink(missing_ok=True)


def export(deck: DeckList, where: Path) -> Path:
    """A deck written to a file in the folder ``where`` (named after the deck), for someone
    else to import."""
    path = where / f"{free_stem(where, deck.name)}.toml"
    atomic_write(path, deck_text(deck))
    return path


def import_deck(game: Game, path: Path) -> tuple[Path, DeckList]:
    """A deck file brought in as one of the player's (under a name no deck has yet), if it
    is a deck of this game's cards; else FileProblem naming the file, and each card name the
    game does not know. A deck that breaks the deck rules comes in as a draft."""
    deck = read_deck(path, inside=None)
    known = game.card_set().cards
    missing = [n for n in deck.cards if n not in known]
    if missing:
        names = ", ".join(repr(safe_text(n, 60)) for n in missing[:5])
        more = f" and {len(missing) - 5:,} more" if len(missing) > 5 else ""
        raise FileProblem(
            f"{path.name}: not a deck of {game.name}'s cards: no card called {names}"
            if len(missing) == 1
            else f"{path.name}: not a deck of {game.name}'s cards: no cards called {names}{more}"
        )
    deck = deck.model_copy(update={"name": unused_name(game, deck.name)})
    return save(game.id, deck), deck
