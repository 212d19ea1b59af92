"""Where the real arcmage.org extract is: ``ARCMAGE_DATA``, or ``../shared/arcmage`` beside
the repository. It is read, never copied into the project; tests that need it are skipped
on a machine without it."""

from pathlib import Path

import pytest

from ..arcmage_library import real_data

# The five real decks, as ``tabletop import arcmage`` names them (``real_decks`` imports them).
REAL_DECKS = (
    "imported-ablaze",
    "imported-brothers-in-arms",
    "imported-dunefolk",
    "imported-enchanted-world",
    "imported-gaian-love-for-life",
)


@pytest.fixture
def arcmage_data() -> Path:
    return real_data()


@pytest.fixture(scope="session")
def real() -> dict:
    """The real cards (those of the five decks and of ``cards.json``) as the game reads
    them through the text parser, by name."""
    from tabletop.games.arcmage.convert import cards_from_api
    from tabletop.games.arcmage.database import read_cards, read_decks

    path = real_data()
    api = [dc.card for d in read_decks(path / "decks.json") for dc in d.deck_cards]
    cards, problems = cards_from_api([*api, *read_cards(path / "cards.json")])
    assert problems == []
    return cards


@pytest.fixture(scope="module")
def real_decks(tmp_path_factory):
    """The five real decks imported as a player imports them (``tabletop import arcmage``,
    into a data folder of the module's own), as ARC-mage's deck lists in ``REAL_DECKS``'s
    order; the game reads its card set afresh before and after."""
    from tabletop.games import get
    from tabletop.games.arcmage import library

    data = real_data()  # skipped without the extract, before anything is changed
    game = get("arcmage")
    home = tmp_path_factory.mktemp("home")
    mp = pytest.MonkeyPatch()
    mp.setenv("TABLETOP_HOME", str(home))
    mp.setattr(game, "_card_set", None)
    library.import_files(game, [data / "cards.json", data / "decks.json"])
    card_set = game.card_set()
    assert sorted(card_set.imported) == list(REAL_DECKS)
    yield [card_set.decks[d] for d in REAL_DECKS]
    mp.undo()
    game._card_set = None
