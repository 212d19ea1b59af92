"""Reading the arcmage.org database's own API format, and its cards as ARC-mage cards."""

import json

import pytest

from tabletop.games.arcmage.cards import ArcCard
from tabletop.games.arcmage.convert import from_api
from tabletop.games.arcmage.database import DatabaseError, read_cards, read_decks
from tabletop.games.arcmage.reader import read_keywords

from ..arcmage_library import HOSTILE, hostile


def test_the_real_card_list_reads_whole(arcmage_data):
    cards = read_cards(arcmage_data / "cards.json")
    assert len(cards) == 95
    assert all(from_api(c).name for c in cards)


def test_the_five_real_decks_read_with_their_counts(arcmage_data):
    decks = {d.name: d for d in read_decks(arcmage_data / "decks.json")}
    assert sorted(decks) == [
        "Ablaze",
        "Brothers in Arms",
        "Dunefolk",
        "Enchanted World",
        "Gaian love for life",
    ]
    for name, deck in decks.items():
        cards = [from_api(dc.card) for dc in deck.deck_cards for _ in range(dc.quantity)]
        main = [c for c in cards if not c.token]
        assert len(main) == 45, name  # tokens are outside the 45
        assert sum(c.type == "city" for c in main) >= 3, name
    dunefolk = [from_api(dc.card) for dc in decks["Dunefolk"].deck_cards]
    assert sum(c.token for c in dunefolk) > 0


def test_a_city_a_creature_and_an_x_cost_become_game_cards(arcmage_data):
    decks = {d.name: d for d in read_decks(arcmage_data / "decks.json")}
    by_name = {dc.card.name: from_api(dc.card) for d in decks.values() for dc in d.deck_cards}
    armory = by_name["Armory"]
    assert (armory.type, armory.faction, armory.cost, armory.defense, armory.loyalty) == (
        "city",
        "empire",
        None,
        7,
        3,
    )
    eagle = by_name["Mounted Eagle"]
    assert (eagle.cost, eagle.loyalty, eagle.attack, eagle.defense) == (4, 3, 2, 3)
    assert eagle.subtypes == ("Soldier", "Bird") and eagle.keywords == {"flying": 0}
    grassroots = by_name["Grassroots"]
    assert grassroots.cost_x and grassroots.cost == 0


@pytest.mark.parametrize(
    "text, keywords, rest",
    [
        (
            "Flying - Only creatures with flying and ranged can defend against me. Veteran - I am "
            "not marked for attacking.",
            {"flying": 0, "veteran": 0},
            "",
        ),
        (
            "Peaceful. M Sacrifice two resource cards: prevent a Tree from dying.",
            {"peaceful": 0},
            "M Sacrifice two resource cards: prevent a Tree from dying.",
        ),
        (
            "Bodyguard 3 - I may divert up to 3 damage from target creature you control.",
            {"bodyguard": 3},
            "",
        ),
        (
            "First Strike - In combat, I deal damage first. The opposing creature only strikes "
            "back if it survives. Sudden - I can be played directly into your army.",
            {"first_strike": 0, "sudden": 0},
            "",
        ),
        ("All elves in play gain ranged.", {}, "All elves in play gain ranged."),
    ],
)
def test_keywords_are_read_with_their_reminders_and_the_rest_is_left(text, keywords, rest):
    assert read_keywords(text) == (keywords, rest)


def test_a_file_in_another_format_is_one_clear_message(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"items": [{"name": "Nobody", "type": {}}]}))
    with pytest.raises(DatabaseError) as e:
        read_cards(path)
    assert str(e.value) == (
        f"{path}: items[0] ('Nobody'): type.name: missing (this field is required)"
    )
    path.write_text("{not json")
    with pytest.raises(DatabaseError, match="not valid JSON"):
        read_cards(path)
    path.write_text(json.dumps({"something": "else"}))
    with pytest.raises(DatabaseError, match=r"not an arcmage\.org card list"):
        read_cards(path)


def test_a_card_without_stats_is_refused():
    with pytest.raises(ValueError, match="a creature needs attack and defense"):
        ArcCard(name="Ghost", type="creature", cost=2)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_database_file_that_is_not_plain_json_text_is_one_message_naming_it(tmp_path, kind):
    """Deep nesting, a file over the limit, binary data, another encoding, a pipe (which
    is not waited on), a number no card has: DatabaseError, never RecursionError and the
    like."""
    path = hostile(tmp_path / "cards.json", kind)
    for read in (read_cards, read_decks):
        with pytest.raises(DatabaseError) as e:
            read(path)
        (message,) = e.value.messages
        assert message.startswith(f"{path}: ") and HOSTILE[kind] in message


def test_a_file_that_is_not_there_or_a_folder_is_one_message_naming_it(tmp_path):
    for path, says in (
        (tmp_path / "gone.json", "not found"),
        (tmp_path, "a folder, not a file; not read"),
    ):
        with pytest.raises(DatabaseError) as e:
            read_cards(path)
        assert e.value.messages == [f"{path}: {says}"]


def test_the_mark_cost_reads_as_the_card_prints_it_never_m_comma():
    """The database writes the mark symbol "M," on most cards and "m," on some
    ("m, Mark two Soldiers you control..."); the card shows one symbol."""
    from tabletop.games.arcmage.database import ApiCard

    from ..arcmage_library import card

    lower = from_api(
        ApiCard.model_validate(
            card("Siege Engine", text='m, Deal 1 damage to target creature. It says "I\'m, too."')
        )
    )
    assert lower.text.startswith("M, Deal 1 damage")
    assert "I'm, too" in lower.text  # a word's own m is left alone
    quoted = from_api(
        ApiCard.model_validate(
            card("Blindfold", text='Target creature gains: "m, mark target creature."')
        )
    )
    assert '"M, mark target creature."' in quoted.text
