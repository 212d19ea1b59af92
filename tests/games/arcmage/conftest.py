"""Where the real arcmage.org extract is: ``ARCMAGE_DATA``, or ``../shared/arcmage`` beside
the repository. It is read, never copied into the project; tests that need it are skipped
on a machine without it."""

from pathlib import Path

import pytest

from ..arcmage_library import real_data


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
