"""The player's own decks in the data folder (``services.decks``): kept, read back, listed
beside the game's own, and every file treated as untrusted."""

import os
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import DeckList
from tabletop.engine.files import FileProblem
from tabletop.games import get
from tabletop.services import decks as store

EWC = get("ewc")
SHIPPED = EWC.card_set().decks


def own(name: str) -> store.Entry:
    return next(e for e in store.listing(EWC).entries if e.own and e.deck.name == name)


# Card names and deck names as a file may hold them: quotes, backslashes, newlines, accents.
WORDS = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1
)


@settings(max_examples=150, deadline=None)
@given(
    name=WORDS,
    description=st.text(st.characters(blacklist_categories=("Cs",))),
    cards=st.dictionaries(WORDS, st.integers(1, 99), max_size=8),
)
def test_a_deck_file_reads_back_as_the_deck_it_was_written_from(name, description, cards):
    deck = DeckList(name=name, description=description, cards=cards)
    again = DeckList.model_validate(tomllib.loads(store.deck_text(deck)))
    assert again == deck
    assert list(again.cards) == list(deck.cards)  # the deck's order, as the player built it


def test_a_saved_deck_is_listed_first_with_an_id_deck_choice_keeps_apart_from_the_games_own():
    deck = SHIPPED["stonewall"].model_copy(update={"name": "My Wall"})
    path = store.save("ewc", deck)
    assert path.parent == store.folder("ewc") and path.name == "my-wall.toml"
    entries = store.listing(EWC).entries
    assert entries[0].id == "mine:my-wall" and entries[0].deck == deck and entries[0].legal
    assert [e.id for e in entries[1:]] == list(SHIPPED)
    assert "mine:my-wall" in store.choosable(EWC)


def test_an_illegal_deck_is_kept_as_a_draft_with_the_games_own_words_and_cannot_be_chosen():
    cards = dict(SHIPPED["stonewall"].cards)
    hero = next(n for n in cards if EWC.card_set().cards[n].type == "hero")
    del cards[hero]
    draft = DeckList(name="No Hero", cards=cards)
    store.save("ewc", draft)
    entry = own("No Hero")
    assert not entry.legal
    assert list(entry.problems) == EWC.validate_deck(draft)  # the same code, not a copy
    assert any("exactly one Hero" in p for p in entry.problems)
    assert entry.id not in store.choosable(EWC)


def test_a_deck_file_that_is_not_a_deck_is_named_with_its_field_and_the_others_still_load():
    where = store.folder("ewc")
    where.mkdir(parents=True)
    (where / "counts.toml").write_text('name = "Bad"\n[cards]\n"Iron Sword" = -2\n')
    (where / "garbage.toml").write_bytes(b"\xff\xfe not toml [[[")
    (where / "huge.toml").write_text("x" * (store.DECK_LIMITS.size + 1))
    (where / "folder.toml").mkdir()
    store.save("ewc", SHIPPED["hexblade"].model_copy(update={"name": "Fine"}))
    listing = store.listing(EWC)
    assert [e.deck.name for e in listing.entries if e.own] == ["Fine"]
    unreadable = "\n".join(listing.unreadable)
    assert len(listing.unreadable) == 4
    assert "counts.toml" in unreadable and "cards" in unreadable
    for name in ("garbage.toml", "huge.toml", "folder.toml"):
        assert name in unreadable
    assert (where / "counts.toml").exists()  # left where it is, for the player to mend


def test_a_deck_whose_cards_no_longer_exist_is_listed_with_each_missing_name():
    store.save("ewc", DeckList(name="Old", cards={"Iron Sword": 2, "Gone": 1, "Lost": 3}))
    problems = own("Old").problems
    assert problems == (
        "card 'Gone' is not a card of this game",
        "card 'Lost' is not a card of this game",
    )


def test_renaming_keeps_the_file_so_a_remembered_choice_still_finds_the_deck():
    path = store.save("ewc", SHIPPED["stonewall"].model_copy(update={"name": "Before"}))
    store.rename(own("Before"), "After")
    renamed = own("After")
    assert renamed.path == path and renamed.id == "mine:before"
    assert renamed.deck.cards == SHIPPED["stonewall"].cards


def test_a_copy_takes_a_name_no_deck_has_and_a_new_file():
    shipped = next(e for e in store.listing(EWC).entries if e.id == "stonewall")
    first = store.copy(EWC, shipped)
    second = store.copy(EWC, shipped)
    assert first != second
    names = sorted(e.deck.name for e in store.listing(EWC).entries if e.own)
    assert names == ["Stonewall (2)", "Stonewall (3)"]


def test_the_decks_that_come_with_the_game_cannot_be_renamed_or_deleted():
    shipped = next(e for e in store.listing(EWC).entries if e.id == "stonewall")
    with pytest.raises(ValueError, match="came with the game"):
        store.rename(shipped, "Mine now")
    with pytest.raises(ValueError, match="came with the game"):
        store.delete(shipped)


def test_a_deleted_deck_is_gone_and_nothing_else_is():
    store.save("ewc", SHIPPED["stonewall"].model_copy(update={"name": "Keep"}))
    store.save("ewc", SHIPPED["hexblade"].model_copy(update={"name": "Drop"}))
    store.delete(own("Drop"))
    assert [e.deck.name for e in store.listing(EWC).entries if e.own] == ["Keep"]


def test_an_exported_deck_imports_back_under_a_name_no_deck_has(tmp_path):
    deck = SHIPPED["windrunner"]
    path = store.export(deck, tmp_path)
    assert store.read_deck(path, inside=None) == deck
    _, imported = store.import_deck(EWC, path)
    assert imported.name == "Windrunner (2)" and imported.cards == deck.cards
    assert own("Windrunner (2)").legal


def test_importing_a_deck_of_unknown_cards_names_each_and_stores_nothing(tmp_path):
    path = tmp_path / "theirs.toml"
    path.write_text('name = "Theirs"\n[cards]\n"Iron Sword" = 3\n"Moon Blade" = 2\n"Sun Axe" = 1\n')
    with pytest.raises(FileProblem) as refused:
        store.import_deck(EWC, path)
    assert "'Moon Blade'" in str(refused.value) and "'Sun Axe'" in str(refused.value)
    assert "theirs.toml" in str(refused.value)
    assert not any(e.own for e in store.listing(EWC).entries)


def test_a_write_that_fails_leaves_the_old_deck_whole(monkeypatch):
    path = store.save("ewc", SHIPPED["stonewall"].model_copy(update={"name": "Whole"}))
    before = path.read_bytes()

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        store.rename(own("Whole"), "Half")
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left over


def test_every_game_tells_the_deck_builder_what_to_filter_its_cards_by():
    from tabletop.games import registry

    headings = {
        gid: {h for c in game.card_set().cards.values() for h, _ in game.card_facts(c)}
        for gid, game in registry().items()
    }
    assert all("Type" in h for h in headings.values())
    assert {"Faction", "Cost", "Loyalty"} <= headings["arcmage"]
    assert {"Essence", "Cost"} <= headings["eoc"]
    assert "Affiliation" in headings["coe"] and "Cost" in headings["ewc"]
    eoc = get("eoc")
    essence = next(c for c in eoc.card_set().cards.values() if c.type == "essence")
    assert eoc.card_cost(essence) is None  # what an Essence provides is not a cost


def test_an_arcmage_card_played_by_hand_says_so_in_the_builder():
    arcmage = get("arcmage")
    card = next(iter(arcmage.card_set().cards.values()))
    assert arcmage.card_note(card) == ""
    by_hand = card.model_copy(update={"unenforced": "its second sentence is not read yet"})
    assert arcmage.card_note(by_hand) == "Played by hand: its second sentence is not read yet"
    assert ("Rules", "Played by hand") in arcmage.card_facts(by_hand)


def test_an_arcmage_deck_says_the_most_loyalty_its_cards_ask_of_each_faction():
    arcmage = get("arcmage")
    deck = DeckList(name="Two", cards={"Cinder Runt": 3, "Old Scarhide": 1})
    cards = arcmage.card_set().cards
    most = max(cards[n].loyalty for n in deck.cards)
    assert arcmage.deck_details(deck) == f"Loyalty: Red Banner {most}"
    assert EWC.deck_details(SHIPPED["stonewall"]) == ""


def test_a_team_format_plays_arcmages_own_decks():
    arcmage, giant = get("arcmage"), get("arcmage_giant")
    store.save(
        "arcmage", arcmage.card_set().decks["emberfang_raiders"].model_copy(update={"name": "Mine"})
    )
    assert store.folder("arcmage_giant") == store.folder("arcmage")
    assert "mine:mine" in store.choosable(giant)
