"""A deck in a few true words, as the deck choice shows it under the deck's name."""

import pytest

from tabletop.engine import DeckList, counted
from tabletop.games import get, registry


def test_a_number_agrees_with_its_noun():
    assert counted(1, "city") == "1 city"
    assert counted(4, "city") == "4 cities"
    assert counted(2, "day") == "2 days"
    assert counted(0, "Trap") == "0 Traps"
    assert counted(2, "hero") == "2 heroes"  # a deck summary of two Heroes
    assert counted(3, "box") == "3 boxes"


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_each_shipped_deck_is_summed_up_by_what_it_holds(game_id):
    game = get(game_id)
    decks = game.card_set().decks
    summaries = {name: game.deck_summary(deck) for name, deck in decks.items()}
    assert all(summaries.values())
    assert len(set(summaries.values())) == len(summaries)  # no two decks read alike


def test_ewc_names_the_hero_and_the_card_count():
    game = get("ewc")
    deck = game.card_set().decks["stonewall"]
    assert game.deck_summary(deck) == f"Brann Stoneward · {sum(deck.cards.values())} cards"


def test_arcmage_names_its_factions_most_cards_first_and_its_cities():
    game = get("arcmage")
    cards = game.card_set().cards
    deck = game.card_set().decks["emberfang_raiders"]
    assert game.deck_summary(deck) == "Red Banner, Dark Legion · 4 cities"
    city = next(n for n, c in cards.items() if c.type == "city")
    assert game.deck_summary(DeckList(name="one", cards={city: 1})).endswith("· 1 city")


def test_an_arcmage_deck_with_text_done_by_hand_says_how_much_is_enforced(monkeypatch):
    from tabletop.games.arcmage.cards import ArcCard

    game = get("arcmage")
    cards = game.card_set().cards
    odd = ArcCard(
        name="Test Oddity",
        type="creature",
        faction="red_banner",
        cost=1,
        attack=1,
        defense=1,
        text="Players can only draw one card.",
        unenforced="Players can only draw one card.",
    )
    monkeypatch.setitem(cards, odd.name, odd)
    deck = game.card_set().decks["emberfang_raiders"]
    size = sum(deck.cards.values())
    mixed = DeckList(name="mixed", cards={**deck.cards, odd.name: 3})
    assert game.deck_summary(mixed) == (
        f"Red Banner, Dark Legion · 4 cities · {size} of {size + 3} cards enforced"
    )
    assert "enforced" not in game.deck_summary(deck)  # wholly enforced: nothing to say


def test_eoc_names_the_vanquisher_and_its_essence_types_most_first():
    game = get("eoc")
    deck = game.card_set().decks["cinder_storm"]
    assert game.deck_summary(deck) == "Ignara, the Cinder Queen · Fire, Energy"


def test_coe_counts_the_party_the_arsenal_and_the_scenarios():
    game = get("coe")
    deck = game.card_set().decks["lone_archmage"]
    assert game.deck_summary(deck) == "1 champion · a 41-card arsenal, 10 scenarios"


def test_a_game_without_a_summary_of_its_own_counts_its_cards_by_type():
    from tabletop.engine.game import Game

    game = get("wota")
    deck = game.card_set().decks["hexweavers"]
    words = Game.deck_summary(game, deck)
    assert words.startswith("30 units, 12 spells") and "1 stone" in words
