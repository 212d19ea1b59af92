"""EWC card and deck files: the shipped ones validate; broken ones are refused whole, with
one message per problem naming the file, the card and the field."""

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from tabletop.engine import CardDataError, DeckList, load_card_set
from tabletop.games import get
from tabletop.games.ewc.cards import DECK_SIZE, TIMING_WORDS, EwcCard
from tabletop.system.paths import cards_dir

GAME = get("ewc")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of cards/ewc to break."""
    root = tmp_path / "cards" / "ewc"
    shutil.copytree(cards_dir("ewc"), root)
    return root


def load(root: Path):
    return load_card_set("ewc", root, EwcCard, GAME.deck_rules, GAME.set_rules)


def problems(root: Path) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load(root)
    return info.value.messages


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_every_shipped_card_and_deck_validates():
    cards = GAME.card_set()
    assert len(cards.decks) >= 4
    for deck in cards.decks.values():
        assert GAME.validate_deck(deck) == []


def test_the_set_has_what_the_rules_need():
    cards = GAME.card_set().cards.values()
    heroes = [c for c in cards if c.type == "hero"]
    assert len(heroes) >= 4
    starters = [c for c in cards if c.starter]
    assert len(starters) == 2 * len(heroes) and all(c.cost == 0 for c in starters)
    others = [c for c in cards if c.type not in ("hero", "ally") and not c.starter]
    assert len(others) >= 24
    types = {c.type for c in others}
    assert {"action", "reaction", "weapon", "armor"} <= types
    assert any(c.attack and c.attack.piercing for c in cards)
    assert any(c.icon for c in cards)
    assert any(e.do == "create_ally" for c in cards for e in c.effects)
    assert any(c.type == "ally" for c in cards)


def test_every_reaction_timing_is_on_a_shipped_card_in_a_shipped_deck():
    cards = GAME.card_set()
    in_decks = {cards.cards[n].timing for d in cards.decks.values() for n in d.cards}
    assert set(TIMING_WORDS) <= in_decks


@pytest.mark.parametrize(
    "card, problem",
    [
        (
            {"timing": "before_attack", "effects": [{"do": "prevent", "amount": 1}]},
            "a Reaction before your Attack roll is the attacker's: it cannot prevent",
        ),
        (
            {
                "timing": "after_attack",
                "effects": [{"do": "draw"}],
                "icon": [{"do": "prevent", "amount": 1}],
            },
            "a Reaction after your Attack roll is the attacker's: it cannot prevent",
        ),
        (
            {"timing": "before_attack", "effects": [{"do": "reroll", "roll": "attack"}]},
            "a die can only be rerolled after it is rolled",
        ),
        (
            {"timing": "after_attack", "effects": [{"do": "reroll", "roll": "defense"}]},
            "the Defense die can only be rerolled after the Defense roll",
        ),
    ],
)
def test_a_reaction_of_the_attacker_does_only_what_its_moment_allows(card, problem):
    with pytest.raises(ValidationError, match=problem):
        EwcCard.model_validate({"name": "Test", "type": "reaction", "cost": 1, **card})
    ok = {"timing": "after_attack", "effects": [{"do": "reroll", "roll": "attack"}]}
    assert (
        EwcCard.model_validate({"name": "Test", "type": "reaction", **ok}).timing == "after_attack"
    )


def test_a_missing_field_names_the_file_the_card_and_the_field(data):
    edit(data / "cards.toml", '{ do = "attack", strength = 3 }', '{ do = "attack" }')
    assert problems(data) == [
        "cards/ewc/cards.toml: card 'Iron Sword': effects[0] (attack).strength: missing (this "
        "field is required)"
    ]


def test_a_wrong_type_names_the_field_and_the_value(data):
    edit(
        data / "cards.toml",
        'cost = 3\ntext = "Attack, Strength 4."',
        'cost = "three"\ntext = "Attack, Strength 4."',
    )
    (message,) = problems(data)
    assert message.startswith(
        "cards/ewc/cards.toml: card 'Longspear': cost: Input should be a valid integer"
    )
    assert "'three'" in message


SCOUT = 'text = "Draw 1 card."\neffects = [{ do = "draw", count = 1 }]'


def test_an_unknown_effect_is_named_with_the_known_ones(data):
    edit(data / "cards.toml", SCOUT, SCOUT.replace('"draw"', '"explode"'))
    (message,) = problems(data)
    assert message.startswith(
        "cards/ewc/cards.toml: card 'Scout Ahead': effects[0]: unknown do 'explode' (known: "
    )
    assert "'draw'" in message


def test_a_misspelt_field_is_refused(data):
    edit(
        data / "cards.toml",
        'name = "Chainmail"\ntype = "armor"\ncost = 2',
        'name = "Chainmail"\ntype = "armor"\ncots = 2',
    )
    assert problems(data) == [
        "cards/ewc/cards.toml: card 'Chainmail': cots: not a field of this record (misspelt?)"
    ]


def test_a_card_that_breaks_its_types_rules_is_refused(data):
    edit(
        data / "cards.toml",
        'timing = "after_defense"\ntext = "After your Defense roll: if the attack is dodged',
        'text = "After your Defense roll: if the attack is dodged',
    )
    (message,) = problems(data)
    assert message == (
        "cards/ewc/cards.toml: card 'Riposte': a Reaction needs a timing: "
        "attacked, before_attack, after_attack, before_defense, after_defense"
    )


def test_an_illegal_deck_names_the_deck_file_and_the_rule(data):
    edit(data / "decks" / "stonewall.toml", '"Chainmail" = 3', '"Chainmail" = 2')
    assert problems(data) == [
        f"cards/ewc/decks/stonewall.toml: deck 'Stonewall': a deck has {DECK_SIZE} cards besides "
        "its Hero and Ally tokens (this one has 29)"
    ]


def test_a_deck_naming_an_unknown_card_is_refused(data):
    edit(data / "decks" / "stonewall.toml", '"Chainmail" = 3', '"Chain Mail" = 3')
    assert problems(data) == [
        "cards/ewc/decks/stonewall.toml: deck 'Stonewall': card "
        "'Chain Mail' is not a card of this game"
    ]


def test_a_file_that_is_not_toml_is_refused(data):
    (data / "cards.toml").write_text("[[card]\nname = ")
    (message,) = problems(data)
    assert message.startswith("cards/ewc/cards.toml: damaged (not valid TOML: ")


def test_every_problem_is_reported_at_once(data):
    edit(data / "cards.toml", SCOUT, SCOUT.replace('"draw"', '"explode"'))
    edit(data / "cards.toml", '{ do = "attack", strength = 3 }', '{ do = "attack" }')
    edit(data / "decks" / "hexblade.toml", '"Sabotage" = 3', '"Sabotage" = 4')
    messages = problems(data)
    assert len(messages) == 4
    assert (
        "hexblade.toml: deck 'Hexblade': at most 3 copies of a card ('Sabotage' has 4)"
        in messages[-1]
    )


def test_a_deck_using_a_broken_card_does_not_repeat_the_cards_error(data):
    edit(data / "cards.toml", '{ do = "attack", strength = 3 }', '{ do = "attack" }')
    assert len(problems(data)) == 1  # not also "Iron Sword is not a card" for three decks


def test_a_duplicate_card_name_is_refused(data):
    (data / "more.toml").write_text(
        '[[card]]\nname = "Parry"\ntype = "armor"\ncost = 1\n'
        'effects = [{ do = "prevent", amount = 1 }]\n'
    )
    assert problems(data) == [
        "cards/ewc/more.toml: card 'Parry': name already used in cards/ewc/cards.toml"
    ]


def test_a_hero_naming_a_missing_starting_card_is_refused(data):
    edit(data / "heroes.toml", '"Ember Brand", "Squire', '"Ember Blade", "Squire')
    assert problems(data) == [
        "cards/ewc/heroes.toml: hero 'Kael, the Ember Knight': starting card 'Ember Blade' "
        "does not exist"
    ]


def test_nothing_is_half_loaded(data, monkeypatch):
    edit(data / "cards.toml", '{ do = "attack", strength = 3 }', '{ do = "attack" }')
    with pytest.raises(CardDataError):
        load(data)
    assert GAME.card_set().cards["Iron Sword"].attack.strength == 3  # the game's set is intact


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"Kael, the Ember Knight": 0}, "exactly one Hero"),
        ({"Ember Brand": 1, "Iron Sword": 2}, "is a starting card"),
        ({"Grey Wolf": 2}, "one token per Ally"),
        ({"Call the Wolf": 1, "Iron Sword": 2}, "put its Ally token in the deck"),
        ({"Iron Sword": 4, "Longspear": 1}, "at most 3 copies"),
    ],
)
def test_deck_rules(change, problem):
    cards = dict(GAME.card_set().deck("ember_vanguard").cards)
    cards.update(change)
    deck = DeckList(name="test", cards={k: v for k, v in cards.items() if v})
    assert any(problem in p for p in GAME.validate_deck(deck)), GAME.validate_deck(deck)
