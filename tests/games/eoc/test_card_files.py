"""EoC card and deck files: every shipped deck is legal (exactly 60 cards plus 1 Vanquisher, up
to 4 of each name); an illegal deck is refused with words naming the rule."""

import shutil
from pathlib import Path

import pytest

from tabletop.engine import CardDataError, DeckList, load_card_set
from tabletop.games.eoc.cards import DECK_SIZE, MAX_COPIES, EocCard
from tabletop.system.paths import cards_dir

from .helpers import CARDS, DECKS, GAME


def deck(**changes: int) -> DeckList:
    """Cinder Storm with some counts changed (0 removes a card)."""
    cards = dict(DECKS["cinder_storm"].cards)
    for name, n in changes.items():
        name = name.replace("_", " ")
        if n:
            cards[name] = n
        else:
            cards.pop(name, None)
    return DeckList(name="test", cards=cards)


def test_every_shipped_deck_is_legal():
    assert len(DECKS) >= 4
    for deck_id, d in DECKS.items():
        assert GAME.validate_deck(d) == [], deck_id


def test_every_shipped_deck_has_60_cards_plus_1_vanquisher_and_at_most_4_of_a_name():
    for deck_id, d in DECKS.items():
        kinds = [CARDS[n].type for n in d.names()]
        assert kinds.count("vanquisher") == 1, deck_id
        assert len(kinds) - 1 == DECK_SIZE == 60, deck_id
        assert max(d.cards.values()) <= MAX_COPIES == 4, deck_id
        # Every deck can create creatures from its own essences.
        essence = {CARDS[n].essence for n in d.names() if CARDS[n].type == "essence"}
        assert any(
            set(CARDS[n].cost) <= essence | {"gray"}
            for n in d.names()
            if CARDS[n].type == "creature"
        ), deck_id


def test_a_fifth_copy_of_a_name_is_refused():
    d = deck(Ember_Shard=5, Smouldering_Coal=3)
    assert GAME.validate_deck(d) == [
        "up to 4 of each card with the same name ('Ember Shard' has 5)"
    ]


def test_a_second_vanquisher_is_refused():
    d = deck(**{"Thalassa, Warden of the Deep": 1})
    problems = GAME.validate_deck(d)
    assert problems == ["a deck has exactly 1 Vanquisher (this one has 2)"]


def test_a_deck_without_a_vanquisher_is_refused():
    d = deck(**{"Ignara, the Cinder Queen": 0})
    assert GAME.validate_deck(d) == ["a deck has exactly 1 Vanquisher (this one has 0)"]


def test_a_deck_of_59_or_61_cards_is_refused():
    assert GAME.validate_deck(deck(Ember_Shard=3)) == [
        "a deck has exactly 60 cards besides its Vanquisher (this one has 59)"
    ]
    assert GAME.validate_deck(deck(Gray_Mist=1)) == [
        "a deck has exactly 60 cards besides its Vanquisher (this one has 61)"
    ]


def test_an_illegal_deck_cannot_start_a_game():
    with pytest.raises(ValueError, match="up to 4 of each card"):
        GAME.new_game([deck(Ember_Shard=5, Smouldering_Coal=3), DECKS["dusk_pilgrims"]], 1)


def test_the_set_has_what_the_rules_need():
    cards = list(CARDS.values())
    types = {c.type for c in cards}
    assert types == {"creature", "essence", "spell", "vanquisher"}
    assert {c.kind for c in cards if c.type == "spell"} == {"effect", "instant", "item", "trap"}
    assert {c.essence for c in cards if c.type == "essence"} == {
        "fire",
        "nature",
        "aqua",
        "energy",
        "divine",
        "dark",
        "gray",
    }
    assert {c.trap for c in cards if c.kind == "trap"} == {"attacked", "counter_attacked"}
    assert all(len(c.stages) == 2 for c in cards if c.type == "vanquisher")
    assert any(c.weakness is None for c in cards if c.type == "creature")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "cards" / "eoc"
    shutil.copytree(cards_dir("eoc"), root)
    return root


def problems(root: Path) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_card_set("eoc", root, EocCard, GAME.deck_rules, GAME.set_rules)
    return info.value.messages


def test_a_shipped_deck_file_with_a_fifth_copy_is_refused_naming_the_file(data):
    path = data / "decks" / "cinder_storm.toml"
    text = path.read_text()
    assert '"Ember Shard" = 4' in text and '"Smouldering Coal" = 4' in text
    path.write_text(
        text.replace('"Ember Shard" = 4', '"Ember Shard" = 5').replace(
            '"Smouldering Coal" = 4', '"Smouldering Coal" = 3'
        )
    )
    (message,) = problems(data)
    assert "cinder_storm" in message and "up to 4 of each card with the same name" in message


def test_a_creature_without_an_essence_type_is_refused(data):
    path = data / "creatures.toml"
    text = path.read_text()
    old = (
        'name = "Cinder Newt"\ntype = "creature"\nsubtype = "Salamander"\nrarity = "common"\n'
        'element = "fire"\n'
    )
    assert old in text
    path.write_text(text.replace(old, old.replace('element = "fire"\n', ""), 1))
    (message,) = problems(data)
    assert "Cinder Newt" in message and "a creature has an Essence Type" in message
